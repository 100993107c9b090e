/** Warnings a shell attaches to steps: the player's `notes` prop. */

/**
 * A warning the shell attaches to one step, e.g. a pairing problem found in an imported transcript. Plain text,
 * never HTML; the figure shows it at that step (and marks the step's row), in the shell's words.
 */
export interface StepNote {
  /** The step it belongs to (1-based). Notes for steps the trace does not have are ignored. */
  readonly step: number;
  readonly text: string;
}

/** Notes grouped by step number, in the order given. */
export type NotesByStep = ReadonlyMap<number, readonly string[]>;

const NO_NOTES: NotesByStep = new Map();

/** Group a shell's notes by step (one empty map for none). */
export function groupNotes(notes: readonly StepNote[] | undefined): NotesByStep {
  if (notes === undefined || notes.length === 0) return NO_NOTES;
  const byStep = new Map<number, string[]>();
  for (const note of notes) {
    const group = byStep.get(note.step);
    if (group === undefined) byStep.set(note.step, [note.text]);
    else group.push(note.text);
  }
  return byStep;
}
