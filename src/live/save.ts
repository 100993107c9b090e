/**
 * Each run recorded live, read by the import as it changes (at most every SAVE_EVERY_MS), and with
 * `agent-loop-figure live --save DIR` saved as it goes: as one file in the figure's trace format
 * (docs/trace-format.md), which `view` and `import` read, with what the proxy saw go wrong at its model calls under
 * `live` (the viewer says it at its steps). A run the import cannot read is never dropped: it is saved raw (the
 * request as sent and the answer as it came, ../formats/live-facts.ts), and the moment a run becomes one that cannot
 * be drawn (or can be again) is told, with the import's reason, whether it is saved or not.
 *
 * Each save replaces the file whole, by a rename: a process killed mid-write leaves the last whole version. The
 * folder and the files are readable by their owner only, and no key-shaped string reaches them (./runs.ts takes
 * them out of every document).
 */
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importTranscript } from "../formats/import";
import type { LiveFacts, RawLiveRun } from "../formats/live-facts";
import type { ReadError } from "../formats/types";
import { packTrace } from "../trace-format/compact";

/** How long, at most, a changing run waits to be read again (ms): an answer streaming is read a few times a second. */
const SAVE_EVERY_MS = 250;

/** A run recorded as it happens: its number among its source's runs, and a number bumped at each change. */
export interface RecordedRun {
  readonly id: number;
  readonly revision: number;
}

/**
 * Runs recorded as they happen, by the proxy (./runs.ts) or the OTLP receiver (./otlp-runs.ts): what the viewer
 * lists and serves, and what `--save` keeps.
 */
export interface RecordedRuns<R extends RecordedRun = RecordedRun> {
  /** What records them: the recording proxy, or the OTLP receiver (the agent's own telemetry). */
  readonly via: "proxy" | "telemetry";
  readonly runs: readonly R[];
  /** Be told of each change of a run; until the returned function is called. */
  subscribe(listener: (run: R) => void): () => void;
  /** The run's name, as the terminal and the viewer say it (`openai · run 1`). */
  name(run: R): string;
  /** What its file's name says of it after the session's start (`run1-openai`). */
  stem(run: R): string;
  /** False for a run that has joined another (its traces turned out to be that run's): no longer listed or saved. */
  listed(run: R): boolean;
  /** Its document, for the import. */
  document(run: R): string;
  /** What the viewer is told of it besides its document. */
  facts(run: R): LiveFacts;
  /** Its raw form, kept when the import cannot read it. */
  raw(run: R, notDrawn: RawLiveRun["not_drawn"]): string;
}

/** The file a run is saved in: the session's start and the run's number, so sessions never overwrite each other. */
export function savedName<R extends RecordedRun>(started: Date, runs: RecordedRuns<R>, run: R, raw = false): string {
  const stamp = started.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `live-${stamp}-${runs.stem(run)}${raw ? ".raw" : ""}.json`;
}

/** A run as it is saved: a trace the figure draws, or raw with the import's reasons. */
export type SavedRun =
  | { readonly kind: "run"; readonly text: string }
  | { readonly kind: "raw"; readonly text: string; readonly reasons: readonly ReadError[] };

/** The text a run is saved as: its trace with the proxy's facts, or, when the import cannot read it, its raw form. */
export function savedText<R extends RecordedRun>(runs: RecordedRuns<R>, run: R, name: string): SavedRun {
  const imported = importTranscript(runs.document(run), undefined, name, { sent: true });
  if (!imported.ok) {
    const reasons = imported.errors.map((error) => ({
      message: error.message,
      ...(error.path === undefined ? {} : { path: error.path }),
      ...(error.line === undefined ? {} : { line: error.line, column: error.column ?? 1 }),
    }));
    return { kind: "raw", text: runs.raw(run, reasons), reasons };
  }
  return { kind: "run", text: `${JSON.stringify({ ...packTrace(imported.trace), live: runs.facts(run) })}\n` };
}

/** Write `text` to `path` whole or not at all, readable by its owner only. */
export function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, path);
}

/** The import's reasons in one line: each with where it is. */
export const reasonsLine = (reasons: readonly ReadError[]): string =>
  reasons
    .map(
      (reason) =>
        `${reason.path ? `${reason.path}: ` : ""}${reason.message}${reason.line === undefined ? "" : ` (line ${reason.line}, column ${reason.column})`}`,
    )
    .join("; ");

/** What the follower says as it goes: a run that cannot be drawn (or can be again), and a save that failed. */
export interface Told<R extends RecordedRun = RecordedRun> {
  /** The run cannot be drawn, for `reasons`; `file`: where it is saved raw (null without --save). */
  notDrawn(run: R, reasons: readonly ReadError[], file: string | null): void;
  /** A run that could not be drawn can be now; `file`: where it is saved. */
  drawn(run: R, file: string | null): void;
  error(message: string): void;
}

/**
 * Read each run of `runs` as it changes, tell when one cannot be drawn, and with `dir` save it; `flush` does what is
 * waiting at once (on exit).
 */
export function followRuns<R extends RecordedRun>(
  runs: RecordedRuns<R>,
  dir: string | null,
  told: Told<R>,
): { flush(): void; stop(): void } {
  if (dir !== null) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const started = new Date();
  const waiting = new Map<R, ReturnType<typeof setTimeout>>();
  const failed = new Set<number>();
  /** The reasons each run was last told it cannot be drawn for (absent: it can be). */
  const refused = new Map<number, string>();
  const save = (run: R) => {
    waiting.delete(run);
    const name = savedName(started, runs, run);
    const rawName = savedName(started, runs, run, true);
    try {
      if (!runs.listed(run)) {
        // Joined another run, whose file holds its traces now.
        if (dir !== null) for (const gone of [name, rawName]) rmSync(join(dir, gone), { force: true });
        refused.delete(run.id);
        return;
      }
      const saved = savedText(runs, run, name);
      const file = dir === null ? null : join(dir, saved.kind === "raw" ? rawName : name);
      if (file !== null) writeAtomically(file, saved.text);
      if (saved.kind === "raw") {
        const line = reasonsLine(saved.reasons);
        if (refused.get(run.id) !== line) told.notDrawn(run, saved.reasons, file);
        refused.set(run.id, line);
      } else if (refused.delete(run.id)) {
        // Drawn now: the raw file it had is replaced by the run's own.
        if (dir !== null) rmSync(join(dir, rawName), { force: true });
        told.drawn(run, file);
      }
    } catch (error) {
      if (!failed.has(run.id)) told.error(`cannot save ${name} in ${dir}: ${(error as Error).message}`);
      failed.add(run.id);
    }
  };
  const unsubscribe = runs.subscribe((run) => {
    if (waiting.has(run)) return;
    waiting.set(
      run,
      setTimeout(() => save(run), SAVE_EVERY_MS),
    );
  });
  const flush = () => {
    for (const [run, timer] of waiting) {
      clearTimeout(timer);
      save(run);
    }
  };
  return {
    flush,
    stop() {
      flush();
      unsubscribe();
    },
  };
}
