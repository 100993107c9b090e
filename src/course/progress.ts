/**
 * A reader's progress through a figure with checkpoints, as pure data: which steps they have seen, which
 * questions they answered (and how), which they skipped by stepping past, and whether they are done — at the last
 * step with every question answered or skipped. What every shell reports (the embed's progress and completed
 * events, the web component's, the React component's callbacks, xAPI statements, a SCORM runtime).
 */
import { type Checkpoint, stepMatches } from "../content/types";
import type { Trace } from "../engine";
import { checkpointKey, optionOrder } from "./reader";

/** A checkpoint placed at its step. */
export interface PlacedCheckpoint {
  /** Its place in the story's list (what answers are keyed by). */
  readonly key: number;
  /** The 0-based index of the step it is asked at. */
  readonly stepIndex: number;
  readonly checkpoint: Checkpoint;
  /** The index of its right option. */
  readonly right: number;
  /**
   * Its options' indexes in the order the reader is shown them (./reader.ts): answers and grading go by the index,
   * never by the place shown.
   */
  readonly order: readonly number[];
}

/**
 * The checkpoints a trace can ask, at the first step each names: those that name no step of this run, or have no
 * single right option, are left out. Each shows its options in the order shuffled for `reader` (in the file's
 * order when no reader is given: a report, a test).
 */
export function placeCheckpoints(
  trace: Trace,
  checkpoints: readonly Checkpoint[] | undefined,
  reader?: string,
): PlacedCheckpoint[] {
  const placed: PlacedCheckpoint[] = [];
  for (const [key, checkpoint] of (checkpoints ?? []).entries()) {
    const stepIndex = trace.steps.findIndex((step) => stepMatches(step, checkpoint.at));
    const rights = checkpoint.options.flatMap((option, i) => (option.correct === true ? [i] : []));
    const right = rights[0];
    if (stepIndex >= 0 && rights.length === 1 && right !== undefined) {
      const count = checkpoint.options.length;
      const order =
        reader === undefined
          ? Array.from({ length: count }, (_, i) => i)
          : optionOrder(reader, checkpointKey(trace.scenarioId, key), count);
      placed.push({ key, stepIndex, checkpoint, right, order });
    }
  }
  return placed;
}

/** Where a reader is, as the shells report it. */
export interface Progress {
  /** The step shown (1-based), of `total`. */
  readonly step: number;
  readonly total: number;
  /** How many different steps the reader has seen. */
  readonly visited: number;
  /** Checkpoints answered, and answered right. */
  readonly answered: number;
  readonly correct: number;
  /** Checkpoints stepped past unanswered. */
  readonly skipped: number;
  /** How many checkpoints there are. */
  readonly checkpoints: number;
  /** At the last step, with every checkpoint answered or skipped. */
  readonly complete: boolean;
  /** 0–100: the share of checkpoints answered right (100 when there are none). */
  readonly score: number;
}

/** What a reader has done: the steps seen (0-based indexes) and each answered checkpoint's chosen option. */
export interface ReaderRecord {
  readonly visited: ReadonlySet<number>;
  readonly answers: ReadonlyMap<number, number>;
}

/**
 * The progress of a reader at step `index` of `total`.
 * @example progressOf(2, 8, { visited: new Set([0, 1, 2]), answers: new Map() }, []).visited // 3
 */
export function progressOf(
  index: number,
  total: number,
  record: ReaderRecord,
  placed: readonly PlacedCheckpoint[],
): Progress {
  let answered = 0;
  let correct = 0;
  let skipped = 0;
  const furthest = Math.max(-1, ...record.visited);
  for (const point of placed) {
    const chosen = record.answers.get(point.key);
    if (chosen !== undefined) {
      answered += 1;
      if (chosen === point.right) correct += 1;
    } else if (furthest > point.stepIndex) skipped += 1;
  }
  const complete = record.visited.has(total - 1) && answered + skipped === placed.length;
  return {
    step: index + 1,
    total,
    visited: record.visited.size,
    answered,
    correct,
    skipped,
    checkpoints: placed.length,
    complete,
    score: placed.length === 0 ? 100 : Math.round((100 * correct) / placed.length),
  };
}
