/**
 * The chapter page's import panel (loaded on demand, with the importer): paste or choose a transcript, pick or
 * detect its format, load it. Problems are listed as text, with where they are; nothing pasted is run or
 * rendered as HTML, and a failed load leaves the figure as it was.
 */
import { type FormEvent, useId, useState } from "react";
import type { Lang } from "../content/languages";
import type { ImportText, Story } from "../content/types";
import type { Trace } from "../engine";
import { type FigureSource, resolveSource } from "../figure/source";
import { FORMATS, type FormatId } from "../formats";
import { type ImportNote, type ImportProblem, type ImportSummary, importTranscript } from "../formats/import";
import { FailureNote, type LoadFailure } from "./FailureNote";
import type { TranscriptProblem } from "./page-state";

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
 * (src/figure/source.ts): loaded, or why not.
 */
export async function loadTranscript(
  source: Extract<FigureSource, { kind: "transcript" | "transcriptUrl" }>,
  lang: Lang,
  story: RunStory,
): Promise<{ loaded: Loaded } | TranscriptProblem> {
  const resolved = await resolveSource(source, lang, {
    transcripts: async () => ({ read: importTranscript, story }),
    allows: (url) => url.origin === window.location.origin,
  });
  if (resolved.status === "shown" && resolved.imported !== undefined)
    return { loaded: { trace: resolved.trace, ...resolved.imported } };
  if (resolved.status === "problems" && resolved.failure !== undefined) return resolved.failure;
  return resolved.status === "problems" && resolved.unread === "figureOtherOrigin" ? "otherOrigin" : "fetchFailed";
}

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
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const ids = { heading: useId(), paste: useId(), file: useId(), format: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = { kind: "transcript" as const, text: source, name, ...(format === "" ? {} : { format }) };
    void loadTranscript(given, props.lang, props.story).then((result) => {
      if (typeof result === "object" && "loaded" in result) {
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
          }}
        />
        <label htmlFor={ids.file}>{text.file}</label>
        <input
          id={ids.file}
          type="file"
          accept=".json,.jsonl,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file === undefined) return;
            void file.text().then((content) => {
              setSource(content);
              setName(file.name);
            });
          }}
        />
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
          <button type="submit">{text.load}</button>
          <button type="button" onClick={onClose}>
            {text.close}
          </button>
        </div>
      </form>
      {failure === null ? null : <FailureNote failure={failure} text={text} />}
    </section>
  );
}
