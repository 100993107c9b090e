/**
 * The chapter page's export bar: the current trace as JSON (the neutral trace, or the whole run as a transcript in
 * a provider's format, which the import reads back) and a link to the current step of a built-in scenario.
 */
import { type RefObject, useEffect, useId, useState } from "react";
import type { ExportText, RunText } from "../content/types";
import type { Trace } from "../engine";
import { FORMATS, type FormatId, formatName } from "../formats";
import type { CheckProblem } from "../formats/check";
import type { Addition, Loss } from "../formats/loss";
import type { PlayerHandle } from "../player";
import { DEFAULT_SCENARIO_ID, type ScenarioId } from "../scenarios/ids";
import { CappedList } from "./CappedList";

/** Offer `text` as a file download named `name`. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A link to step `step` of scenario `scenario` on this page. */
export function permalink(location: Pick<Location, "href">, scenario: ScenarioId, step: number): string {
  const url = new URL(location.href);
  url.search = "";
  const lang = new URL(location.href).searchParams.get("lang");
  if (lang !== null) url.searchParams.set("lang", lang);
  if (scenario !== DEFAULT_SCENARIO_ID) url.searchParams.set("scenario", scenario);
  url.hash = `step-${step}`;
  return url.href;
}

/** A heading and its list, or nothing when the list is empty. */
function Listed(props: { heading: string; items: readonly string[]; showMore: RunText["showMore"] }) {
  if (props.items.length === 0) return null;
  return (
    <>
      <p>{props.heading}</p>
      <CappedList
        items={props.items}
        keyOf={(item, index) => `${index}:${item}`}
        render={(item) => item}
        showMore={props.showMore}
      />
    </>
  );
}

/** Above this many messages, a download is written without indentation. */
const LONG_RUN_MESSAGES = 5000;

/** What writing the run in a format drops, adds, and would still be refused for as a request. */
interface Report {
  readonly format: FormatId;
  readonly losses: readonly Loss[];
  readonly additions: readonly Addition[];
  readonly refusals: readonly CheckProblem[];
}

export function ExportBar(props: {
  text: ExportText;
  /** The words of the report (a problem the provider would refuse is phrased as the import's check has it), once
   * loaded; `onNeedRuns` asks for them. */
  runs: RunText | undefined;
  onNeedRuns: () => void;
  trace: Trace;
  /** The figure, whose handle says the step shown (for the link). */
  figure: RefObject<PlayerHandle | null>;
  /** The built-in scenario shown, or null for a loaded transcript (which has no link). */
  scenario: ScenarioId | null;
  name: string;
}) {
  const { text, runs, onNeedRuns, trace, figure, scenario, name } = props;
  const [format, setFormat] = useState<FormatId>("neutral");
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const ids = { format: useId(), link: useId() };
  // What the chosen format cannot carry, what its writer adds and what its provider would still refuse, shown
  // before the download (the writers and the checker load on first use).
  const [report, setReport] = useState<Report | null>(null);
  useEffect(() => {
    if (format === "neutral") return;
    onNeedRuns();
    let current = true;
    void Promise.all([import("../formats/loss"), import("../formats/check")]).then(
      ([{ lossesIn, additionsIn }, { checkReplay, isCheckProvider }]) => {
        if (current)
          setReport({
            format,
            losses: lossesIn(format, trace),
            additions: additionsIn(format, trace),
            refusals: isCheckProvider(format) ? checkReplay(trace, format) : [],
          });
      },
    );
    return () => {
      current = false;
    };
  }, [format, trace, onNeedRuns]);
  const shown = format === "neutral" || report?.format !== format ? null : report;

  const onDownload = () => {
    void import("../formats/wire").then(({ wireTranscript }) => {
      // The neutral trace is written in its compact form (version 2): steps refer to the messages.
      const written = wireTranscript(format, trace);
      // A Claude Code session log is JSON Lines, as Claude Code writes it.
      if (format === "claude-code" && Array.isArray(written))
        download(`${name}.claude-code.jsonl`, `${written.map((line) => JSON.stringify(line)).join("\n")}\n`);
      else {
        // Indented for reading, unless the run is so long that the indentation would be most of the file.
        const indent = trace.messages.length > LONG_RUN_MESSAGES ? undefined : 2;
        const file = format === "neutral" ? `${name}.trace.json` : `${name}.${format}.json`;
        download(file, `${JSON.stringify(written, null, indent)}\n`);
      }
    });
  };
  const onCopy = () => {
    if (scenario === null) return;
    const href = permalink(window.location, scenario, figure.current?.step ?? 1);
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
      <select id={ids.format} value={format} onChange={(event) => setFormat(event.target.value as FormatId)}>
        {FORMATS.map(({ id, name: shown }) => (
          <option key={id} value={id}>
            {id === "neutral" ? text.neutral : text.transcript(shown)}
          </option>
        ))}
      </select>{" "}
      <button type="button" className="page-button" onClick={onDownload}>
        {text.download}
      </button>{" "}
      {scenario === null ? (
        <span className="page-hint">{text.noLink}</span>
      ) : (
        <button type="button" className="page-button" onClick={onCopy}>
          {text.copyLink}
        </button>
      )}
      {shown === null || runs === undefined ? null : (
        <div className="page-note" role="note">
          {shown.losses.length === 0 ? <p>{runs.exportReport.noLoss(formatName(format))}</p> : null}
          <Listed
            heading={runs.exportReport.lossHeading(formatName(format))}
            items={shown.losses.map(runs.exportReport.loss)}
            showMore={runs.showMore}
          />
          <Listed
            heading={runs.exportReport.additionHeading(formatName(format))}
            items={shown.additions.map(runs.exportReport.addition)}
            showMore={runs.showMore}
          />
          <Listed
            heading={runs.exportReport.refusedHeading(formatName(format), shown.refusals.length)}
            items={shown.refusals.map(runs.importing.checkProblem)}
            showMore={runs.showMore}
          />
        </div>
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
