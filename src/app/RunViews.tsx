/**
 * What the chapter page shows of a recorded run beside the figure: a link's import under way, why a transcript was
 * not loaded, the bar of a loaded one (what was read, the "would it replay?" check, its pairing problems), and the
 * export bar's report on a format (what writing the run in it drops, adds, and would still be refused for). A
 * chunk of its own, loaded with the words for recorded runs when a run is first asked for: the page's first
 * download holds neither.
 */
import { useEffect, useState } from "react";
import type { RunText } from "../content/types";
import type { Trace } from "../engine";
import { formatName, type WritableFormatId, writtenName } from "../formats";
import type { CheckProblem } from "../formats/check";
import { CHECK_PROVIDERS, type CheckProvider, isCheckProvider } from "../formats/check-providers";
import type { Addition, Loss } from "../formats/loss";
import { informs } from "../formats/note-kinds";
import type { StepNote } from "../player";
import { CappedList } from "./CappedList";
import { FailureNote } from "./FailureNote";
import { ImportProgressView } from "./ImportProgressView";
import type { ImportRun } from "./import-client";
import type { TranscriptProblem } from "./page-state";
import type { Loaded } from "./TranscriptPanel";

/** How a run is told, in the words for recorded runs (the page asks for it once they and this chunk have loaded). */
export { runStoryIn } from "./run-story";

/** A link's transcript being read, with its progress and its Cancel. */
export function UrlImport(props: { runs: RunText; run: ImportRun; name: string }) {
  return <ImportProgressView run={props.run} name={props.name} text={props.runs.importing} />;
}

/** Why a transcript was not loaded (what stays shown is the figure the page had). */
export function TranscriptNotice(props: { runs: RunText; problem: TranscriptProblem }) {
  const { importing } = props.runs;
  return typeof props.problem === "object" ? (
    <FailureNote failure={props.problem} text={importing} />
  ) : (
    <p className="page-note" role="note">
      {importing[props.problem]}
    </p>
  );
}

/** A loaded transcript checked for one provider: what it would refuse, and for which of its models that holds. */
export interface ReplayCheck {
  readonly for: Loaded;
  readonly provider: CheckProvider;
  readonly problems: readonly CheckProblem[];
  readonly models: readonly string[];
}

/** What is said of one step, after a link to it. */
function AtStep(props: { importing: RunText["importing"]; step: number; text: string }) {
  return (
    <>
      <a href={`#step-${props.step}`}>{props.importing.goToStep(props.step)}</a>
      {props.importing.stepSeparator}
      {props.text}
    </>
  );
}

/** The bar above a loaded transcript's figure. */
export function ImportedRun(props: {
  runs: RunText;
  imported: Loaded;
  /** The provider the reader checks the run for: the check runs here (the checker loads then). */
  checkFor: CheckProvider | null;
  /** The check's result, as it is run: its problems are noted at their steps too. */
  onCheck: (check: ReplayCheck | null) => void;
  onCheckFor: (provider: CheckProvider | null) => void;
  onLeave: () => void;
}) {
  const { runs, imported, checkFor, onCheck } = props;
  // "Would it replay?": the loaded transcript checked for the provider the reader chose.
  const [checked, setChecked] = useState<ReplayCheck | null>(null);
  useEffect(() => {
    if (checkFor === null) return;
    let current = true;
    void import("../formats/check").then(({ checkReplay, verdictModels }) => {
      if (current)
        setChecked({
          for: imported,
          provider: checkFor,
          problems: checkReplay(imported.trace, checkFor, imported.summary.format),
          models: verdictModels(checkFor),
        });
    });
    return () => {
      current = false;
    };
  }, [imported, checkFor]);
  const check = checked !== null && checked.for === imported && checked.provider === checkFor ? checked : null;
  useEffect(() => onCheck(check), [check, onCheck]);
  const { importing, showMore } = runs;
  return (
    <div className="page-imported" role="status">
      <span>{importing.viewing(imported.name)}</span>{" "}
      <span className="page-hint">{importing.summary(imported.summary, formatName(imported.summary.format))}</span>{" "}
      <button type="button" className="page-button" onClick={props.onLeave}>
        {importing.back}
      </button>
      <p>
        <label>
          {importing.checkLabel}{" "}
          <select
            value={props.checkFor ?? ""}
            onChange={(event) => props.onCheckFor(isCheckProvider(event.target.value) ? event.target.value : null)}
          >
            <option value="">{importing.checkNone}</option>
            {CHECK_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {formatName(provider)}
              </option>
            ))}
          </select>
        </label>
      </p>
      {check === null ? null : (
        <div role="status" className="page-check">
          <p>
            {check.problems.length === 0
              ? importing.checkPassed(formatName(check.provider), check.models)
              : importing.checkFailed(check.problems.length, formatName(check.provider))}
          </p>
          {check.problems.length === 0 ? null : (
            <CappedList
              key={check.provider}
              items={check.problems}
              keyOf={(problem) => `${problem.rule}-${problem.path}`}
              showMore={showMore}
              render={(problem) => (
                <AtStep importing={importing} step={problem.step} text={importing.checkProblem(problem)} />
              )}
            />
          )}
        </div>
      )}
      {imported.problems.length === 0 ? null : (
        <>
          <h3>{importing.problemsHeading}</h3>
          <CappedList
            items={imported.problems}
            keyOf={(problem) => `${problem.kind}-${problem.callId}-${problem.step}`}
            showMore={showMore}
            render={(problem) => <AtStep importing={importing} step={problem.step} text={importing.problem(problem)} />}
          />
        </>
      )}
    </div>
  );
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

/** What writing the run in a format drops, adds, and would still be refused for as a request. */
interface Report {
  readonly format: WritableFormatId;
  readonly trace: Trace;
  readonly losses: readonly Loss[];
  readonly additions: readonly Addition[];
  readonly refusals: readonly CheckProblem[];
}

/** The export bar's report on writing `trace` in `format` (the writers and the checker load on first use). */
export function ExportReport(props: { runs: RunText; format: WritableFormatId; trace: Trace }) {
  const { runs, format, trace } = props;
  const [report, setReport] = useState<Report | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all([import("../formats/loss"), import("../formats/check")]).then(
      ([{ lossesIn, additionsIn }, { checkReplay, isCheckProvider }]) => {
        if (current)
          setReport({
            format,
            trace,
            losses: lossesIn(format, trace),
            additions: additionsIn(format, trace),
            refusals: isCheckProvider(format) ? checkReplay(trace, format) : [],
          });
      },
    );
    return () => {
      current = false;
    };
  }, [format, trace]);
  if (report === null || report.format !== format || report.trace !== trace) return null;
  const name = writtenName(format);
  return (
    <div className="page-note" role="note">
      {report.losses.length === 0 ? <p>{runs.exportReport.noLoss(name)}</p> : null}
      <Listed
        heading={runs.exportReport.lossHeading(name)}
        items={report.losses.map(runs.exportReport.loss)}
        showMore={runs.showMore}
      />
      <Listed
        heading={runs.exportReport.additionHeading(name)}
        items={report.additions.map(runs.exportReport.addition)}
        showMore={runs.showMore}
      />
      <Listed
        heading={runs.exportReport.refusedHeading(name, report.refusals.length)}
        items={report.refusals.map(runs.importing.checkProblem)}
        showMore={runs.showMore}
      />
    </div>
  );
}

/** The notes a recorded run shows at its steps: what the import found, and what the replay check found. */
export function runNotes(runs: RunText, imported: Loaded, check: ReplayCheck | null): readonly StepNote[] {
  const { importing } = runs;
  return [
    ...imported.problems.map((problem) => ({ step: problem.step, text: importing.problem(problem) })),
    ...imported.notes.map((note) => ({
      step: note.step,
      text: importing.note(note),
      info: informs(note),
      kind: note.kind,
    })),
    ...(check?.problems ?? []).map((problem) => ({ step: problem.step, text: importing.checkProblem(problem) })),
  ];
}
