/**
 * The chapter page's import panel (loaded on demand, with the importer): paste or choose a transcript, pick or
 * detect its format, load it. Problems are listed as text, with where they are; nothing pasted is run or
 * rendered as HTML, and a failed load leaves the figure as it was.
 */
import { type FormEvent, useId, useState } from "react";
import type { ImportText } from "../content/types";
import type { Trace } from "../engine";
import { FORMATS, type FormatId } from "../formats";
import { type ImportNote, type ImportProblem, type ImportSummary, importTranscript } from "../formats/import";
import { FailureNote, type LoadFailure } from "./FailureNote";

/** A transcript the page can show. */
export interface Loaded {
  readonly trace: Trace;
  readonly problems: readonly ImportProblem[];
  readonly notes: readonly ImportNote[];
  readonly summary: ImportSummary;
  readonly name: string;
}

/** Import `source` — the one path for paste, file and link — or say why not. */
export function load(source: string, format: FormatId | undefined, name: string): { loaded: Loaded } | LoadFailure {
  const result = importTranscript(source, format, name);
  if (!result.ok) return { format: result.format, errors: result.errors, more: result.more };
  const { trace, problems, notes, summary } = result;
  return { loaded: { trace, problems, notes, summary, name } };
}

export default function TranscriptPanel(props: {
  text: ImportText;
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
    const result = load(source, format === "" ? undefined : format, name);
    if ("loaded" in result) {
      setFailure(null);
      onLoaded(result.loaded);
    } else setFailure(result);
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
