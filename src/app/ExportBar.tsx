/**
 * The chapter page's export bar: the current trace as JSON (the neutral trace, or the whole run as a transcript in
 * a provider's format, which the import reads back) and a link to the current step of a built-in scenario.
 */
import { type RefObject, useEffect, useId, useState } from "react";
import type { ExportText, RunText } from "../content/types";
import type { Trace } from "../engine";
import type { FigureSource } from "../figure/source";
import { WRITABLE_FORMATS, type WritableFormatId, writtenName } from "../formats";
import type { PlayerHandle } from "../player";
import { isDefaultSource } from "../scenarios/ids";

/** A built-in's source. */
export type BuiltinSource = Extract<FigureSource, { kind: "builtin" }>;

/** Offer `text` as a file download named `name`. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A link to step `step` of built-in `source` on this page (the default needs no `?scenario`). */
export function permalink(location: Pick<Location, "href">, source: BuiltinSource, step: number): string {
  const url = new URL(location.href);
  url.search = "";
  const lang = new URL(location.href).searchParams.get("lang");
  if (lang !== null) url.searchParams.set("lang", lang);
  if (!isDefaultSource(source)) url.searchParams.set("scenario", source.id);
  url.hash = `step-${step}`;
  return url.href;
}

/** The views for recorded runs (./RunViews.tsx), the report on a format among them. */
type RunViews = typeof import("./RunViews");

/** Above this many messages, a download is written without indentation. */
const LONG_RUN_MESSAGES = 5000;

export function ExportBar(props: {
  text: ExportText;
  /** What writing the run in a format would drop, add and still be refused for (the views for recorded runs, with
   * their words), once loaded; `onNeedRuns` asks for them. */
  report: { readonly runs: RunText; readonly views: RunViews } | null;
  onNeedRuns: () => void;
  trace: Trace;
  /** The figure, whose handle says the step shown (for the link). */
  figure: RefObject<PlayerHandle | null>;
  /** The built-in shown, or null for a loaded transcript or a figure file (which have no link). */
  builtin: BuiltinSource | null;
  name: string;
}) {
  const { text, report, onNeedRuns, trace, figure, builtin, name } = props;
  const [format, setFormat] = useState<WritableFormatId>("neutral");
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const ids = { format: useId(), link: useId() };
  // What the chosen format cannot carry, what its writer adds and what its provider would still refuse, shown
  // before the download (with the views for recorded runs, which load the writers and the checker).
  useEffect(() => {
    if (format !== "neutral") onNeedRuns();
  }, [format, onNeedRuns]);

  const onDownload = () => {
    void import("../formats/wire").then(({ wireFile }) => {
      // Indented for reading, unless the run is so long that the indentation would be most of the file (the neutral
      // trace is written in its compact form, version 2: steps refer to the messages).
      const { file, text } = wireFile(format, trace, name, trace.messages.length > LONG_RUN_MESSAGES ? undefined : 2);
      download(file, text);
    });
  };
  const onCopy = () => {
    if (builtin === null) return;
    const href = permalink(window.location, builtin, figure.current?.step ?? 1);
    setLink(href);
    setCopied(false);
    navigator.clipboard?.writeText(href).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="page-export" aria-label={text.label}>
      <label htmlFor={ids.format}>{text.format}</label>{" "}
      <select id={ids.format} value={format} onChange={(event) => setFormat(event.target.value as WritableFormatId)}>
        {WRITABLE_FORMATS.map(({ id }) => (
          <option key={id} value={id}>
            {id === "neutral" ? text.neutral : text.transcript(writtenName(id))}
          </option>
        ))}
      </select>{" "}
      <button type="button" className="page-button" onClick={onDownload}>
        {text.download}
      </button>{" "}
      {builtin === null ? (
        <span className="page-hint">{text.noLink}</span>
      ) : (
        <button type="button" className="page-button" onClick={onCopy}>
          {text.copyLink}
        </button>
      )}
      {format === "neutral" || report === null ? null : (
        <report.views.ExportReport runs={report.runs} format={format} trace={trace} />
      )}
      {link === null ? null : (
        <p>
          <label htmlFor={ids.link}>{text.linkLabel}</label>{" "}
          <input id={ids.link} readOnly value={link} size={40} onFocus={(event) => event.target.select()} />{" "}
          <span role="status">{copied ? text.copied : ""}</span>
        </p>
      )}
    </section>
  );
}
