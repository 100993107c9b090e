/**
 * The figure as a SCORM 1.2 SCO: find the LMS's API object (ADL's algorithm: up the `window.parent` chain, at most
 * 7 levels, then the opener's), start the session (and learn the learner's id), resume where the learner left off,
 * and report as the learner goes — `lesson_location` per step (committed a moment later), `suspend_data` per
 * answer, the score and `lesson_status` once at completion — then the session's time and finish when the page
 * goes. Framework-free and DOM-light: the API is passed in, so tests run it against a real SCORM runtime
 * (scorm-again's Scorm12API).
 */

/** The SCORM 1.2 run-time API, as an LMS exposes it (`window.API`): the calls a SCO makes. */
export interface Scorm12Api {
  LMSInitialize(parameter: ""): string;
  LMSFinish(parameter: ""): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(parameter: ""): string;
  LMSGetLastError(): string;
}

/** ADL's search allows seven levels of frames above the SCO. */
const MAX_LEVELS = 7;

const apiOf = (win: Window): Scorm12Api | null => {
  try {
    const api = (win as unknown as { API?: unknown }).API;
    return typeof api === "object" && api !== null && typeof (api as Scorm12Api).LMSInitialize === "function"
      ? (api as Scorm12Api)
      : null;
  } catch {
    return null; // a frame of another origin
  }
};

function searchUp(start: Window): Scorm12Api | null {
  let win = start;
  for (let level = 0; level <= MAX_LEVELS; level += 1) {
    const api = apiOf(win);
    if (api !== null) return api;
    let parent: Window | null = null;
    try {
      parent = win.parent;
    } catch {
      return null;
    }
    if (parent === null || parent === win) return null;
    win = parent;
  }
  return null;
}

/**
 * The LMS's SCORM 1.2 API for a SCO in `win`, or null when there is none (the page is then a plain figure).
 * @example findApi(window)?.LMSInitialize("")
 */
export function findApi(win: Window): Scorm12Api | null {
  const found = searchUp(win);
  if (found !== null) return found;
  let opener: Window | null = null;
  try {
    opener = win.opener as Window | null;
  } catch {
    return null;
  }
  return opener === null || opener === undefined ? null : searchUp(opener);
}

/** What the learner did before, kept in `cmi.suspend_data`: the answers, and the furthest step reached. */
export interface SavedRecord {
  /** Checkpoint → chosen option. */
  readonly answers: readonly (readonly [number, number])[];
  /** The furthest step reached (1-based). */
  readonly furthest: number;
}

/** `cmi.suspend_data` holds at most this many characters in SCORM 1.2. */
export const SUSPEND_DATA_LIMIT = 4096;

/** A record as `cmi.suspend_data` text: compact JSON, within the limit (answers beyond it are not kept). */
export function encodeRecord(record: SavedRecord): string {
  const answers = [...record.answers];
  for (;;) {
    const text = JSON.stringify({ v: 1, f: record.furthest, a: answers });
    if (text.length <= SUSPEND_DATA_LIMIT || answers.length === 0) return text;
    answers.pop();
  }
}

/** `cmi.suspend_data` back to a record, or null when it is not one of ours. */
export function decodeRecord(text: string): SavedRecord | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== "object" || data === null) return null;
    const { v, f, a } = data as { v?: unknown; f?: unknown; a?: unknown };
    if (v !== 1 || !Number.isInteger(f) || !Array.isArray(a)) return null;
    const answers = a.filter(
      (pair): pair is [number, number] =>
        Array.isArray(pair) && pair.length === 2 && pair.every((n) => Number.isInteger(n) && n >= 0),
    );
    return { furthest: Math.max(1, f as number), answers };
  } catch {
    return null;
  }
}

/** Where a launch opens: the step to resume at and the record to take up (none on a first launch). */
export interface Resume {
  readonly step: number | null;
  readonly record: SavedRecord | null;
  /** The LMS says this is a resumed attempt (`cmi.core.entry` "resume", or a status already set). */
  readonly resumed: boolean;
  /** The learner's id (`cmi.core.student_id`), "" when the LMS gives none: who the options are shuffled for. */
  readonly learner: string;
}

/** The learner's result, as the figure computes it. */
export interface Outcome {
  /** 0–100. */
  readonly score: number;
  readonly checkpoints: number;
}

const FINAL = new Set(["passed", "failed", "completed"]);

/** How long after a step change its location is committed: one commit for a run of steps, off the frame. */
export const STEP_COMMIT_DELAY_MS = 1000;

/**
 * A duration as SCORM 1.2's CMITimespan, `HHHH:MM:SS.SS` (hours of two to four digits, at most 9999).
 * @example sessionTime(3_723_450) // "0001:02:03.45"
 */
export function sessionTime(ms: number): string {
  const centis = Math.min(Math.max(0, Math.round(ms / 10)), 9999 * 360_000 + 359_999);
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor((centis % 360_000) / 6000);
  const seconds = Math.floor((centis % 6000) / 100);
  return `${pad(hours, 4)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(centis % 100, 2)}`;
}

/** When the session does things later and what time it is: the page's own, or a test's. */
export interface SessionClock {
  readonly now: () => number;
  readonly later: (run: () => void, ms: number) => () => void;
}

const PAGE_CLOCK: SessionClock = {
  now: () => Date.now(),
  later: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * One launch of the SCO: `start` once, then `step`, `save` and `complete` as the learner goes, `finish` when the
 * page goes. Every call is made at most as SCORM 1.2 allows (initialize and finish once, nothing after finish).
 */
export class ScormSession {
  readonly #api: Scorm12Api;
  /** The mastery score to use when the LMS gives none (the manifest's, for an LMS that does not pass it on). */
  readonly #mastery: number | null;
  readonly #clock: SessionClock;
  #running = false;
  #final = false;
  #location = "";
  #startedAt = 0;
  /** Cancels the pending commit of a step change, if one is pending. */
  #pending: (() => void) | null = null;

  constructor(api: Scorm12Api, options: { readonly mastery: number | null; readonly clock?: SessionClock }) {
    this.#api = api;
    this.#mastery = options.mastery;
    this.#clock = options.clock ?? PAGE_CLOCK;
  }

  /** Initialize; read where the learner was; mark a first attempt incomplete. */
  start(): Resume {
    if (this.#api.LMSInitialize("") !== "true") return { step: null, record: null, resumed: false, learner: "" };
    this.#running = true;
    this.#startedAt = this.#clock.now();
    const get = (element: string) => this.#api.LMSGetValue(element) ?? "";
    const status = get("cmi.core.lesson_status");
    const entry = get("cmi.core.entry");
    this.#final = FINAL.has(status);
    const resumed = entry === "resume" || (status !== "" && status !== "not attempted");
    if (!resumed) {
      this.#api.LMSSetValue("cmi.core.lesson_status", "incomplete");
      this.#api.LMSCommit("");
    }
    const location = Number(get("cmi.core.lesson_location"));
    this.#location = get("cmi.core.lesson_location");
    const record = decodeRecord(get("cmi.suspend_data"));
    return {
      step: resumed && Number.isInteger(location) && location >= 1 ? location : null,
      record,
      resumed,
      learner: get("cmi.core.student_id"),
    };
  }

  /**
   * The learner is at `step`: `cmi.core.lesson_location`, committed a moment later (one commit for a run of steps,
   * so a browser that crashes resumes at the last step, not at the last answer).
   */
  step(step: number): void {
    const location = String(step);
    if (!this.#running || location === this.#location) return;
    this.#location = location;
    this.#api.LMSSetValue("cmi.core.lesson_location", location);
    if (this.#pending !== null) return;
    this.#pending = this.#clock.later(() => {
      this.#pending = null;
      if (this.#running) this.#api.LMSCommit("");
    }, STEP_COMMIT_DELAY_MS);
  }

  /** Commit now, and drop the pending step commit (this commit carries it). */
  #commit(): void {
    this.#pending?.();
    this.#pending = null;
    this.#api.LMSCommit("");
  }

  /** The learner's answers so far: `cmi.suspend_data`, committed. */
  save(record: SavedRecord): void {
    if (!this.#running) return;
    this.#api.LMSSetValue("cmi.suspend_data", encodeRecord(record));
    this.#commit();
  }

  /**
   * The learner has completed the figure: the score (0–100) and `passed` / `failed` against the mastery score, or
   * `completed` when there are no checkpoints; committed. Once: a status already final is never set again.
   */
  complete(outcome: Outcome): void {
    if (!this.#running || this.#final) return;
    this.#final = true;
    this.#api.LMSSetValue("cmi.core.score.min", "0");
    this.#api.LMSSetValue("cmi.core.score.max", "100");
    this.#api.LMSSetValue("cmi.core.score.raw", String(Math.round(outcome.score)));
    const given = Number.parseFloat(this.#api.LMSGetValue("cmi.student_data.mastery_score") ?? "");
    const mastery = Number.isFinite(given) ? given : this.#mastery;
    const status =
      outcome.checkpoints === 0 || mastery === null ? "completed" : outcome.score >= mastery ? "passed" : "failed";
    this.#api.LMSSetValue("cmi.core.lesson_status", status);
    this.#commit();
  }

  /**
   * The page goes: the time spent (`cmi.core.session_time`, which the LMS adds to the learner's total), commit and
   * finish, once. The learner may come back: `cmi.core.exit` "suspend" until final.
   */
  finish(): void {
    if (!this.#running) return;
    this.#api.LMSSetValue("cmi.core.session_time", sessionTime(this.#clock.now() - this.#startedAt));
    this.#api.LMSSetValue("cmi.core.exit", this.#final ? "" : "suspend");
    this.#commit();
    this.#running = false;
    this.#api.LMSFinish("");
  }
}
