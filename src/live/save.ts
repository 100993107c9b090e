/**
 * `agent-loop-figure live --save DIR`: each run recorded live, saved as it goes as one file in the figure's trace
 * format (docs/trace-format.md), which `view` and `import` read, with what the proxy saw go wrong at its model calls
 * under `live` (the viewer says it at its steps). Each save replaces the file whole, by a rename: a process killed
 * mid-write leaves the last whole version. The folder and the files are readable by their owner only, and no
 * key-shaped string reaches them (./runs.ts takes them out of every document).
 */
import { chmodSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importTranscript } from "../formats/import";
import { packTrace } from "../trace-format/compact";
import type { LiveRun, LiveRuns } from "./runs";

/** How long, at most, a changing run waits to be saved again (ms): an answer streaming is saved a few times a second. */
const SAVE_EVERY_MS = 250;

/** The file a run is saved in: the session's start and the run's number, so sessions never overwrite each other. */
export function savedName(started: Date, run: LiveRun): string {
  const stamp = started.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `live-${stamp}-run${run.id + 1}-${run.provider}.json`;
}

/** The text a run is saved as, or null while its document is not a run the import reads. */
export function savedText(runs: LiveRuns, run: LiveRun, name: string): string | null {
  const imported = importTranscript(runs.document(run), undefined, name, { sent: true });
  if (!imported.ok) return null;
  return `${JSON.stringify({ ...packTrace(imported.trace), live: runs.facts(run) })}\n`;
}

/** Write `text` to `path` whole or not at all, readable by its owner only. */
export function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, path);
}

/** Save each run of `runs` into `dir` as it changes; `flush` saves what is waiting at once (on exit). */
export function saveRuns(
  dir: string,
  runs: LiveRuns,
  onError: (message: string) => void,
): { flush(): void; stop(): void } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const started = new Date();
  const waiting = new Map<LiveRun, ReturnType<typeof setTimeout>>();
  const failed = new Set<number>();
  const save = (run: LiveRun) => {
    waiting.delete(run);
    const name = savedName(started, run);
    try {
      const text = savedText(runs, run, name);
      if (text !== null) writeAtomically(join(dir, name), text);
    } catch (error) {
      if (!failed.has(run.id)) onError(`cannot save ${name} in ${dir}: ${(error as Error).message}`);
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
