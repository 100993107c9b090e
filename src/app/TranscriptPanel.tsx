/**
 * The chapter page's import panel (loaded on demand, with the importer): paste or choose a transcript, pick or
 * detect its format, load it. Problems are listed as text, with where they are; nothing pasted is run or
 * rendered as HTML, and a failed load leaves the figure as it was.
 */
import { type FormEvent, useId, useState } from "react";
import type { ImportText } from "../content/types";
import type { Trace } from "../engine";
import { importTranscript, type PairingProblem, type TranscriptFormat } from "../trace-format/import";

/** A transcript the page can show. */
export interface Loaded {
  readonly trace: Trace;
  readonly problems: readonly PairingProblem[];
  readonly name: string;
  readonly format: TranscriptFormat;
  /** The format's name as readers know it. */
  readonly formatName: string;
}

const FORMAT_NAMES: Readonly<Record<TranscriptFormat, string>> = {
  chat: "OpenAI Chat Completions",
  responses: "OpenAI Responses",
  anthropic: "Anthropic Messages",
};

/** The format's name as readers know it. */
export const formatName = (format: TranscriptFormat): string => FORMAT_NAMES[format];

/** Import `source`; on failure, the lines to show (each message with its place). */
export function load(
  source: string,
  format: TranscriptFormat | undefined,
  name: string,
  text: ImportText,
): { loaded: Loaded } | { heading: string; lines: string[] } {
  const result = importTranscript(source, format, name);
  if (result.ok) {
    const { trace, problems } = result;
    return { loaded: { trace, problems, name, format: result.format, formatName: formatName(result.format) } };
  }
  return {
    heading: text.failed(result.format === null ? null : formatName(result.format)),
    lines: result.errors.map((e) =>
      e.line !== undefined && e.column !== undefined
        ? `${e.message} (${text.at(e.line, e.column)})`
        : `${e.message}${e.path ? ` (${e.path})` : ""}`,
    ),
  };
}

export default function TranscriptPanel(props: {
  text: ImportText;
  onLoaded: (loaded: Loaded) => void;
  onClose: () => void;
}) {
  const { text, onLoaded, onClose } = props;
  const [source, setSource] = useState("");
  const [name, setName] = useState("transcript.json");
  const [format, setFormat] = useState<TranscriptFormat | "">("");
  const [failure, setFailure] = useState<{ heading: string; lines: string[] } | null>(null);
  const ids = { heading: useId(), paste: useId(), file: useId(), format: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = load(source, format === "" ? undefined : format, name, text);
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
          accept=".json,application/json"
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
        <select
          id={ids.format}
          value={format}
          onChange={(event) => setFormat(event.target.value as TranscriptFormat | "")}
        >
          <option value="">{text.detect}</option>
          {(Object.keys(FORMAT_NAMES) as TranscriptFormat[]).map((f) => (
            <option key={f} value={f}>
              {FORMAT_NAMES[f]}
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
      {failure === null ? null : (
        <div role="alert" className="page-note">
          <p>{failure.heading}</p>
          <ul>
            {failure.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of problems, in order
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
