/**
 * The chapter page's import panel (loaded on demand, with the importer): paste or choose a transcript, pick or
 * detect its format, load it. Problems are listed as text, with where they are; nothing pasted is run or
 * rendered as HTML, and a failed load leaves the figure as it was.
 */
import { type FormEvent, useId, useState } from "react";
import type { Lang } from "../content/languages";
import type { ImportText, Story } from "../content/types";
import type { Trace } from "../engine";
import { defined } from "../engine";
import { type FigureSource, resolveSource } from "../figure/source";
import { FORMATS, type FormatId } from "../formats";
import type { ImportNote, ImportProblem, ImportSummary } from "../formats/import";
import { FailureNote, type LoadFailure } from "./FailureNote";
import { ImportProgressView } from "./ImportProgressView";
import { type ImportRun, startImport } from "./import-client";
import { loadRunWords } from "./languages";
import type { PageAction, TranscriptProblem } from "./page-state";
import { runStoryIn } from "./run-story";

/** A transcript the page can show. */
export interface Loaded {
  readonly trace: Trace;
  readonly problems: readonly ImportProblem[];
  readonly notes: readonly ImportNote[];
  readonly summary: ImportSummary;
  readonly name: string;
}

/** How a recorded run is told on this page, in `lang` (the page phrases it again as its language changes). */
export type RunStory = (name: string, summary: ImportSummary, lang: Lang) => Story;

/**
 * A transcript — pasted, a file, or a link's (`?transcript=`, same origin only) — through the one resolver
 * (src/figure/source.ts): loaded, why not, or cancelled. A file or a link is read and imported off the main thread
 * (./import-client.ts); `onRun` gets that import as it starts, for its progress and its Cancel.
 */
export async function loadTranscript(
  source: Extract<FigureSource, { kind: "transcript" | "transcriptUrl" | "transcriptFile" | "live" }>,
  lang: Lang,
  story: RunStory,
  onRun: (run: ImportRun) => void = () => {},
): Promise<{ loaded: Loaded } | TranscriptProblem | "cancelled"> {
  let cancelled = false;
  const resolved = await resolveSource(source, lang, {
    transcripts: async () => ({
      // The importer loads only for pasted text; a file or a link is imported in the worker.
      read: (text, format, name, options) =>
        import("../formats/import").then((module) => module.importTranscript(text, format, name, options)),
      story,
      async readFrom(from, format, name, options) {
        const run = startImport({
          from: "blob" in from ? { blob: from.blob } : { url: from.url.href },
          name,
          ...defined({ format }),
          ...(options?.sent === true ? { sent: true } : {}),
        });
        onRun(run);
        const outcome = await run.outcome;
        if (outcome === "cancelled") cancelled = true;
        return typeof outcome === "string" ? null : outcome;
      },
    }),
    allows: (url) => url.origin === window.location.origin,
  });
  if (cancelled) return "cancelled";
  if (resolved.status === "shown" && resolved.imported !== undefined)
    return { loaded: { trace: resolved.trace, ...resolved.imported } };
  if (resolved.status === "problems" && resolved.failure !== undefined) return resolved.failure;
  return resolved.status === "problems" && resolved.unread === "figureOtherOrigin" ? "otherOrigin" : "fetchFailed";
}

/**
 * The transcript a link names (`?transcript=`, on this page's origin), loaded, or why not: the page's action.
 * `onRun` gets its import as it starts, for its progress and its Cancel.
 */
export async function loadLinked(
  url: URL,
  lang: Lang,
  onRun: (run: { readonly run: ImportRun; readonly name: string }) => void,
): Promise<PageAction> {
  const name = url.pathname.split("/").pop() || "transcript.json";
  const words = await loadRunWords(lang);
  const result = await loadTranscript({ kind: "transcriptUrl", url: url.href }, lang, runStoryIn(words), (run) =>
    onRun({ run, name }),
  );
  return typeof result === "object" && "loaded" in result
    ? { type: "loaded", loaded: result.loaded, fromUrl: true }
    : { type: "transcriptFailed", problem: result };
}

/** A chosen file up to this size is shown in the paste box too; a larger one is only named there. */
const SHOWN_FILE_BYTES = 1_000_000;

export default function TranscriptPanel(props: {
  text: ImportText;
  lang: Lang;
  story: RunStory;
  onLoaded: (loaded: Loaded) => void;
  onClose: () => void;
}) {
  const { text, onLoaded, onClose } = props;
  const [source, setSource] = useState("");
  const [name, setName] = useState("transcript.json");
  const [format, setFormat] = useState<FormatId | "">("");
  // The chosen file, read (off the main thread) when Load is pressed; typing in the box puts the text first.
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<LoadFailure | "cancelled" | null>(null);
  const [running, setRunning] = useState<ImportRun | null>(null);
  const ids = { heading: useId(), paste: useId(), file: useId(), format: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running !== null) return;
    const chosen = format === "" ? {} : { format };
    const given =
      file === null
        ? { kind: "transcript" as const, text: source, name, ...chosen }
        : { kind: "transcriptFile" as const, file, name: file.name, ...chosen };
    void loadTranscript(given, props.lang, props.story, setRunning).then((result) => {
      setRunning(null);
      if (result === "cancelled") setFailure("cancelled");
      else if (typeof result === "object" && "loaded" in result) {
        setFailure(null);
        onLoaded(result.loaded);
      } else if (typeof result === "object") setFailure(result);
    });
  };
  return (
    <section className="page-import" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{text.heading}</h3>
      <form onSubmit={submit}>
        <label htmlFor={ids.paste}>{text.paste}</label>
        <textarea
          id={ids.paste}
          value={source}
          spellCheck={false}
          rows={8}
          onChange={(event) => {
            setSource(event.target.value);
            setName("transcript.json");
            setFile(null);
          }}
        />
        <label htmlFor={ids.file}>{text.file}</label>
        <input
          id={ids.file}
          type="file"
          accept=".json,.jsonl,.ndjson,.traj,.eval,application/json"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen === undefined) return;
            setFile(chosen);
            setName(chosen.name);
            setSource("");
            // An Inspect AI .eval log is a zip: it is read as its JSON log when loaded, not shown as text.
            if (chosen.size <= SHOWN_FILE_BYTES && !/\.eval$/i.test(chosen.name)) void chosen.text().then(setSource);
          }}
        />
        {file !== null && file.size > SHOWN_FILE_BYTES ? (
          <p className="page-hint">{text.fileChosen(file.name, file.size)}</p>
        ) : null}
        <label htmlFor={ids.format}>{text.format}</label>
        <select id={ids.format} value={format} onChange={(event) => setFormat(event.target.value as FormatId | "")}>
          <option value="">{text.detect}</option>
          {FORMATS.map(({ id, name: shown }) => (
            <option key={id} value={id}>
              {id === "neutral" ? text.traceFormat : shown}
            </option>
          ))}
        </select>
        <div className="page-import-actions">
          <button type="submit" disabled={running !== null}>
            {text.load}
          </button>
          <button type="button" onClick={onClose}>
            {text.close}
          </button>
        </div>
      </form>
      {running === null ? null : <ImportProgressView run={running} name={name} text={text} />}
      {failure === null ? null : failure === "cancelled" ? (
        <p className="page-note" role="note">
          {text.cancelled}
        </p>
      ) : (
        <FailureNote failure={failure} text={text} />
      )}
    </section>
  );
}
