/**
 * An import under way: a bar and how far it has got, in words, and Cancel. The words change as it goes, so
 * they are not in a live region; the start is announced once, by the bar's label in a status.
 */
import { useSyncExternalStore } from "react";
import type { ImportText } from "../content/types";
import { defined } from "../engine";
import type { ImportProgress } from "../formats/import";
import type { ImportRun } from "./import-client";

/** The share of the work done: reading is most of it, making steps and handing them over the rest. */
function done(progress: ImportProgress): number | undefined {
  const { phase, bytes, total, steps, received } = progress;
  if (phase === "reading") return total === null || total === 0 ? undefined : (0.7 * bytes) / total;
  if (phase === "building") return 0.7;
  return 0.8 + (steps === null || steps === 0 ? 0 : (0.2 * received) / steps);
}

export function ImportProgressView(props: { run: ImportRun; name: string; text: ImportText }) {
  const { run, name, text } = props;
  const progress = useSyncExternalStore(run.progress.subscribe, run.progress.get, run.progress.get);
  const value = done(progress);
  return (
    <div className="page-progress">
      <p role="status">{text.loading(name)}</p>
      {/* No value while the size is unknown: an indeterminate bar. */}
      <progress aria-label={text.loading(name)} max={1} {...defined({ value })} />{" "}
      <span className="page-hint">{text.progress(progress)}</span>{" "}
      <button type="button" className="page-button" onClick={() => run.cancel()}>
        {text.cancel}
      </button>
    </div>
  );
}
