/**
 * What a figure with checkpoints tells the course around it, the same in every shell: `progress` when the
 * reader's progress changes, `completed` once (the last step reached, every checkpoint answered or skipped), and
 * the same moments as xAPI statements (./xapi.ts). The embed page keeps "completed" in session storage, so a
 * reload or a resumed session does not send it again; the web component and the React component send it once
 * per mount.
 */
import type { Catalog, Checkpoint, Story } from "../content/types";
import {
  answeredStatement,
  completedStatement,
  defaultActivity,
  experiencedStatement,
  type Statement,
  type StatementContext,
} from "../course/xapi";
import type { Trace } from "../engine";
import { defined } from "../engine";
import type { Progress } from "../player";
import type { CourseCallbacks } from "./callbacks";

/** The `progress` event's fields. */
export interface ProgressFields {
  readonly step: number;
  readonly total: number;
  readonly visited: number;
  readonly answered: number;
  readonly correct: number;
}

/** The `completed` event's fields. */
export interface CompletedFields {
  readonly score: number;
  readonly answered: number;
  readonly correct: number;
  readonly checkpoints: number;
}

export interface CourseSink {
  readonly progress?: (fields: ProgressFields) => void;
  readonly completed?: (fields: CompletedFields) => void;
  readonly statement?: (statement: Statement) => void;
}

/** Whether "completed" was already sent for this figure (in this tab), and how to say it now is. */
export interface CompletionMemory {
  readonly sent: () => boolean;
  readonly mark: () => void;
}

/**
 * A memory in session storage under `key`; where storage is refused (a sandboxed frame, a privacy setting) it
 * remembers for this page only, and the figure works on.
 */
export function sessionMemory(key: string): CompletionMemory {
  let here = false;
  const storage = (): Storage | null => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    sent: () => {
      try {
        return here || storage()?.getItem(key) === "1";
      } catch {
        return here;
      }
    },
    mark: () => {
      here = true;
      try {
        storage()?.setItem(key, "1");
      } catch {
        // remembered for this page only
      }
    },
  };
}

/** A memory for this mount only. */
export const mountMemory = (): CompletionMemory => {
  let sent = false;
  return { sent: () => sent, mark: () => (sent = true) };
};

export const progressFields = (p: Progress): ProgressFields => ({
  step: p.step,
  total: p.total,
  visited: p.visited,
  answered: p.answered,
  correct: p.correct,
});

export const completedFields = (p: Progress): CompletedFields => ({
  score: p.score,
  answered: p.answered,
  correct: p.correct,
  checkpoints: p.checkpoints,
});

/**
 * The player's callbacks that report to `sink`: progress when it changes (and a step's `experienced` statement
 * the first time it is seen), `completed` once per `memory`, an `answered` statement per checkpoint answered.
 */
export function courseReporter(options: {
  /** Read when a statement is made (never while rendering: it may read the page's URL). */
  readonly statements: () => StatementContext;
  readonly stepTitle: (step: number) => string;
  readonly checkpoints: readonly Checkpoint[];
  readonly memory: CompletionMemory;
  readonly sink: CourseSink;
}): CourseCallbacks {
  const { sink, memory } = options;
  let seen = 0;
  return {
    onProgress: (progress) => {
      sink.progress?.(progressFields(progress));
      if (progress.visited > seen) {
        seen = progress.visited;
        sink.statement?.(experiencedStatement(options.statements(), progress.step, options.stepTitle(progress.step)));
      }
    },
    onCompleted: (progress) => {
      if (memory.sent()) return;
      memory.mark();
      sink.completed?.(completedFields(progress));
      sink.statement?.(completedStatement(options.statements(), progress));
    },
    onAnswer: ({ checkpoint, option }) => {
      const asked = options.checkpoints[checkpoint];
      if (asked !== undefined) sink.statement?.(answeredStatement(options.statements(), checkpoint, asked, option));
    },
  };
}

/**
 * The reporter of a figure as a shell shows it: its statements under the course's activity (or one under the
 * page's directory), its steps named by their titles, its checkpoints when they are asked.
 */
export function figureReporter(options: {
  readonly id: string;
  readonly trace: Trace;
  readonly story: Story;
  readonly text: Catalog;
  /** Whether the checkpoints are asked. */
  readonly asked: boolean;
  /** The course's activity IRI and learner, read when a statement is made. */
  readonly course: () => { readonly activity?: string | undefined; readonly actor?: unknown };
  /** The page's URL, read when a statement is made (never while rendering). */
  readonly page: () => string;
  readonly memory: CompletionMemory;
  readonly sink: CourseSink;
}): CourseCallbacks {
  const { id, trace, story, text } = options;
  return courseReporter({
    statements: () => {
      const { activity, actor } = options.course();
      return {
        activity: activity ?? defaultActivity(options.page(), id),
        title: story.title,
        lang: text.lang,
        ...defined({ actor }),
      };
    },
    stepTitle: (n) => {
      const step = trace.steps[n - 1];
      return step === undefined ? "" : `${n}. ${text.stepTitle(step)}`;
    },
    checkpoints: options.asked ? (story.checkpoints ?? []) : [],
    memory: options.memory,
    sink: options.sink,
  });
}

export { alongside, type CourseCallbacks } from "./callbacks";
