import { createContext } from "react";
/** Warnings and notes a shell attaches to steps: the player's `notes` prop. */

/**
 * A warning (or, with `info`, a note) the shell attaches to one step, e.g. a pairing problem found in an imported
 * transcript. Plain text, never HTML; the figure shows it at that step (a warning marks the step's row too), in the
 * shell's words.
 */
export interface StepNote {
  /** The step it belongs to (1-based). Notes for steps the trace does not have are ignored. */
  readonly step: number;
  readonly text: string;
  /**
   * A note that tells what the record says (the tokens a run used, who made an error), not a warning: shown with
   * ℹ among the step's notes, apart from its warnings, and it does not mark the step's row.
   */
  readonly info?: boolean;
  /**
   * What the note is about, where the shell knows (an import note's kind: `compacted`, `usage`; the live viewer's:
   * `retried`, `inferred`): the run's overview marks compactions and retries in rows of their own, and leaves notes
   * said at every step unmarked. Never shown.
   */
  readonly kind?: string;
}

/** A note as the figure shows it: its text, and whether it informs rather than warns. */
export interface ShownNote {
  readonly text: string;
  readonly info: boolean;
  readonly kind?: string;
}

/** Notes grouped by step number, in the order given. */
export type NotesByStep = ReadonlyMap<number, readonly ShownNote[]>;

const NO_NOTES: NotesByStep = new Map();

/** Group a shell's notes by step (one empty map for none). */
export function groupNotes(notes: readonly StepNote[] | undefined): NotesByStep {
  if (notes === undefined || notes.length === 0) return NO_NOTES;
  const byStep = new Map<number, ShownNote[]>();
  for (const note of notes) {
    const shown: ShownNote = { text: note.text, info: note.info === true, ...(note.kind ? { kind: note.kind } : {}) };
    const group = byStep.get(note.step);
    if (group === undefined) byStep.set(note.step, [shown]);
    else group.push(shown);
  }
  return byStep;
}

/** Whether a step has a warning (a note that is not only information): its row is marked. */
export function warnedAt(notes: NotesByStep, step: number): boolean {
  return notes.get(step)?.some((note) => !note.info) ?? false;
}

/**
 * What a run's overview needs from its figure, given by the figure's view to wherever the overview is drawn (above
 * the stage, or in the figure's drawer): the notes at the steps, and a find to start with (the page's address's).
 */
export const OverviewContext = createContext<{ readonly notes: NotesByStep; readonly find?: string | undefined }>({
  notes: NO_NOTES,
});
