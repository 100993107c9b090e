import { animate } from "framer-motion/dom/mini";
import {
  Fragment,
  lazy,
  memo,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  FILE_STATES,
  type FileStatus,
  type FileTimeline,
  fileTimeline,
  type Lane,
  type Step,
  stepCallTags,
} from "../../engine";
import { useCatalog } from "../catalog";
import { createLabelFit, type LabelFit } from "../dom/label-fit";
import { createRowWindow, followedTop, mountedRange, type RowWindow } from "../dom/row-window";
import { createSidewaysReveal, type SidewaysReveal } from "../dom/sideways-reveal";
import { BOX_AT, BOX_ROWS, WINDOW_AT } from "../limits";
import { prefersReducedMotion } from "../motion";
import { type NotesByStep, warnedAt } from "../notes";
import { CallIdChip } from "./Chip";

// The inner loop is drawn only when the reader asks for it: its code loads then.
const InnerLoop = lazy(() => import("./InnerLoop").then((module) => ({ default: module.InnerLoop })));

const NO_VERDICTS: readonly boolean[] = [];
/** A lane's position among the trace's lanes (the trace says which lanes it uses, in drawing order). */
const laneIndex = (lanes: readonly Lane[], lane: Lane) => Math.max(0, lanes.indexOf(lane));
/**
 * Placement is by classes on a grid of two half-columns per lane (lane i's centre is grid line 2i + 2), never by
 * inline styles: the pre-rendered page runs under `style-src 'self'`, which refuses style attributes in markup.
 */
const columns = (start: number, end: number) => `alf-cs-${start} alf-ce-${end}`;
const centreLine = (lanes: readonly Lane[], lane: Lane) => 2 * laneIndex(lanes, lane) + 2;

/**
 * One step's row: its arrow between two lanes (or a mark on one lane), with a short label. Memoised: a step
 * change re-renders only the rows whose status changes (two, for next or previous).
 */
const StepRow = memo(function StepRow(props: {
  step: Step;
  lanes: readonly Lane[];
  status: "past" | "current" | "future";
  /** Whether the figure's first frame has painted: a row that becomes current after that has its arrow travel. */
  painted: RefObject<boolean>;
  /** The number of steps, when only some rows are mounted: each row then says where it is among them. */
  total?: number | undefined;
  /** Whether the shell gave this step warnings: the row number gets a mark (a symbol, named for readers). */
  warned: boolean;
  /** Keeps the row's label inside the diagram (../dom/label-fit.ts). */
  fit: LabelFit;
  /** The current row with the inner loop switched on: where its box opens, over the rows below or above. */
  inner?: "below" | "above" | undefined;
  /** The run's steps and this row's place among them: what tells its calls apart is read from them. */
  steps: readonly Step[];
  at: number;
  /** The index of the run's first model call (-1 for none): rows from there on belong to a round. */
  firstRound: number;
}) {
  const { step, lanes, status, painted, fit, inner } = props;
  // What tells each of its calls apart from its turn's other calls of the same tool (`Oslo`, `Lisbon`), by id.
  const tags = useMemo(() => stepCallTags(props.steps, props.at), [props.steps, props.at]);
  const text = useCatalog();
  const { edge } = step;
  const line = useRef<HTMLSpanElement>(null);
  // A ref with a cleanup (React 19): the label is watched while it is mounted.
  const fitted = useCallback(
    (label: HTMLElement | null) => (label === null ? undefined : fit.watch(label, step, lanes)),
    [fit, step, lanes],
  );
  // A row that becomes current has its arrow travel: framer-motion's WAAPI animate(), a transform only (composited,
  // no layout), started in the commit of the step change. Never on the first frame (pre-rendered, hydrated or a
  // deep link), never under reduced motion. A row that stops being current drops its animation: its arrow is whole.
  // What it carries travels along it meanwhile: a dot from one lane to the other (its place in the stylesheet).
  const packet = useRef<HTMLSpanElement>(null);
  const leftward = edge !== null && edge.from !== edge.to && centreLine(lanes, edge.to) < centreLine(lanes, edge.from);
  useLayoutEffect(() => {
    const arrow = line.current;
    if (status !== "current" || !painted.current || arrow === null || typeof arrow.animate !== "function") return;
    if (prefersReducedMotion()) return;
    const travel = animate(arrow, { transform: ["scaleX(0)", "scaleX(1)"] }, { duration: 0.28, ease: "easeOut" });
    const dot = packet.current;
    const carried =
      dot === null
        ? null
        : animate(
            dot,
            { transform: ["translateX(0%)", `translateX(${leftward ? "-" : ""}100%)`], opacity: [1, 1, 1, 0] },
            { duration: 0.6, ease: "easeInOut" },
          );
    return () => {
      travel.cancel();
      carried?.cancel();
    };
  }, [status, painted, leftward]);
  const self = edge === null || edge.from === edge.to;
  // The model's reply without a tool call is marked as what it is: a claim, which the host goes on to check (a model
  // call the log says was stopped or failed made no reply, and claims nothing).
  const claim = step.kind === "answer" && step.stopped === undefined;
  const label = (
    <span className="alf-arrow-label" ref={self ? undefined : fitted}>
      {/* The arrow's direction is drawn; say it in words too. */}
      <span className="alf-sr-only">
        {edge === null ? text.lanes[step.lane] : text.ui.edge(text.lanes[edge.from], text.lanes[edge.to])}
        {": "}
      </span>
      {claim ? <span className="alf-claim">{text.ui.claimTag}</span> : null}
      {claim ? " " : null}
      {text.arrowLabel(step)}
      {step.callIds.map((id) => (
        <Fragment key={id}>
          {" "}
          <CallIdChip callId={id} />
          {tags.has(id) ? <span className="alf-call-tag">{tags.get(id)}</span> : null}
        </Fragment>
      ))}
    </span>
  );
  // The verdicts drawn on the host's lane at the finish: the host's own checks, or those the run's log records.
  const held: readonly boolean[] =
    step.kind !== "finish"
      ? NO_VERDICTS
      : (step.checks?.map((check) => check.held) ??
        step.recorded?.flatMap((check) => (check.passed === null ? [] : [check.passed])) ??
        NO_VERDICTS);
  const verdicts =
    held.length === 0 ? null : (
      <span
        className={`alf-row-checks ${columns(centreLine(lanes, step.lane) - 1, centreLine(lanes, step.lane) + 1)}`}
        data-held={held.every(Boolean) ? "" : undefined}
      >
        <span aria-hidden="true">{held.map((passed) => (passed ? "✓" : "✗")).join("")}</span>
        <span className="alf-sr-only">
          {step.kind === "finish" && step.recorded !== undefined
            ? text.ui.rowRecorded(held.filter(Boolean).length, held.length, step.recorded[0]?.by ?? "scorer")
            : text.ui.rowChecks(held.filter(Boolean).length, held.length)}
        </span>
      </span>
    );
  let mark: React.ReactNode;
  if (self) {
    mark = (
      <span
        className={`alf-self ${columns(centreLine(lanes, step.lane) - 1, centreLine(lanes, step.lane) + 1)}`}
        data-lane={step.lane}
        ref={fitted}
      >
        {label}
        {verdicts}
      </span>
    );
  } else {
    const [from, to] = [centreLine(lanes, edge.from), centreLine(lanes, edge.to)];
    const direction = to > from ? "right" : "left";
    // The lanes an arrow passes over on its way (the task, from the user past the model to the host): their lifelines
    // break where it crosses, so the arrow plainly does not stop there.
    const passed = lanes.filter((lane) => {
      const at = centreLine(lanes, lane);
      return at > Math.min(from, to) && at < Math.max(from, to);
    });
    mark = (
      <>
        {passed.map((lane) => (
          <span
            key={lane}
            className={`alf-pass ${columns(centreLine(lanes, lane) - 1, centreLine(lanes, lane) + 1)}`}
            aria-hidden="true"
          />
        ))}
        <div
          className={`alf-arrow ${columns(Math.min(from, to), Math.max(from, to))}`}
          data-lane={edge.from}
          data-direction={direction}
          data-claim={claim ? "" : undefined}
        >
          {/* The transform origin is in the stylesheet. */}
          <span className="alf-arrow-line" ref={line} />
          <span className="alf-packet" ref={packet} aria-hidden="true" />
          {label}
        </div>
      </>
    );
  }
  // Its part of its round's bracket in the left gutter: a round runs from a model call to the step before the next.
  const next = props.steps[props.at + 1];
  const opens = step.kind === "model_call";
  const closes = next === undefined || next.kind === "model_call";
  const round =
    props.firstRound < 0 || props.at < props.firstRound
      ? undefined
      : opens && closes
        ? "solo"
        : opens
          ? "start"
          : closes
            ? "end"
            : "mid";
  return (
    <li
      className="alf-row"
      data-step={step.number}
      data-status={status}
      data-round={round}
      data-round-start={step.kind === "model_call" ? "" : undefined}
      aria-hidden={status === "future" ? true : undefined}
      aria-posinset={props.total === undefined ? undefined : step.number}
      aria-setsize={props.total}
    >
      <span className="alf-row-number">
        {step.number}
        {props.warned ? (
          <span className="alf-row-warning" title={text.ui.warningsLabel}>
            <span aria-hidden="true">⚠</span>
            <span className="alf-sr-only">{text.ui.warningsLabel}</span>
          </span>
        ) : null}
      </span>
      <div className="alf-track">
        {/* Each model call begins a round of the outer loop: a rule over the row, and its number. */}
        {step.kind === "model_call" ? <span className="alf-round">{text.ui.round(step.modelCall)}</span> : null}
        {mark}
        {/* The host's check at the finish, on its own lane: a mark per check (✓ held, ✗ not), said in words too. */}
        {/* A recorded run's, the checks its log records (an evaluation's scorers), those with a verdict. Beside a
            mark on the host's own lane (a run that ends with no message to the user), inside it. */}
        {self ? null : verdicts}
        {inner === undefined ? null : (
          // The inner loop opens out of the model's lifeline at this row, toward the wider side of the diagram.
          <div className={`alf-inner-callout ${innerColumns(lanes)}`} data-place={inner}>
            <Suspense fallback={null}>
              <InnerLoop step={step} />
            </Suspense>
          </div>
        )}
      </div>
    </li>
  );
});

/** The columns the inner loop's box spans: from the model's lifeline to the diagram's far edge. */
function innerColumns(lanes: readonly Lane[]) {
  const model = centreLine(lanes, "model");
  const last = 2 * lanes.length + 1;
  return model <= last - model ? columns(model, last) : columns(1, model);
}

/** At most this many file badges: a run over many files shows the ones its current steps touch. */
const MAX_BADGES = 3;

/**
 * The files to badge on the tool lane at step `index`, with their states then: every file of a small input;
 * of a large one, the files most recently touched (or, before any, the first ones).
 */
function shownFiles(timeline: FileTimeline, paths: readonly string[], index: number): readonly FileStatus[] {
  const all = timeline.at(index);
  if (all.length <= MAX_BADGES) return all;
  const recent = timeline.recent(index, MAX_BADGES);
  const picked = recent.length > 0 ? recent : paths.slice(0, MAX_BADGES);
  return all.filter((file) => picked.includes(file.path));
}

/** Rows mounted beyond the box's edges, so a scroll of a few rows shows no gap. */
const OVERSCAN = 8;

/**
 * Which rows to show: all of a short trace; a longer one's in a box of BOX_ROWS rows kept on the current step
 * (../dom/row-window.ts does the DOM side), and for a long one only the rows in the box (plus a margin) mounted.
 */
function useRowWindow(body: RefObject<HTMLDivElement | null>, total: number, index: number) {
  const boxed = total > BOX_AT;
  const windowed = total > WINDOW_AT;
  // The first row in view: the current step's box from the start (a figure opened at a later step).
  const [top, setTop] = useState(() => (boxed ? followedTop(0, index, BOX_ROWS) : 0));
  // Follow the current step: bring it into the box when a step moves it out (derived state, set while rendering).
  const [followed, setFollowed] = useState(index);
  let first = top;
  if (boxed && followed !== index) {
    first = followedTop(top, index, BOX_ROWS);
    setFollowed(index);
    if (first !== top) setTop(first);
  }
  const controller = useRef<RowWindow | null>(null);
  useEffect(() => {
    const box = body.current;
    if (!boxed || box === null) return;
    const rowWindow = createRowWindow(box, BOX_ROWS, setTop);
    controller.current = rowWindow;
    return () => {
      rowWindow.destroy();
      controller.current = null;
    };
  }, [body, boxed]);
  // Scroll the box to the row in view, when the step (not the reader) moved it.
  useEffect(() => controller.current?.update(top), [top]);
  if (!windowed) return { boxed, windowed, top: boxed ? first : 0, setTop, start: 0, end: total };
  return { boxed, windowed, top: first, setTop, ...mountedRange(first, total, BOX_ROWS, OVERSCAN) };
}

/**
 * The sequence diagram: lanes as columns, steps as rows. Every row is laid out from the start (future rows
 * invisible) so the figure never jumps; the current row is emphasised and its arrow travels.
 */
export function Swimlanes(props: {
  steps: readonly Step[];
  lanes: readonly Lane[];
  /** The input files' paths (the trace's `files`). */
  files: readonly string[];
  index: number;
  /** The shell's warnings by step number: their rows are marked. */
  notes: NotesByStep;
  /** Whether the reader switched the inner loop on: it opens at the current row. */
  innerLoop: boolean;
}) {
  const { steps, index } = props;
  const text = useCatalog();
  const current = steps[index];
  const timeline = useMemo(() => fileTimeline({ files: props.files, steps }), [props.files, steps]);
  // Where the first round begins (a run's first model call comes within its first few steps).
  const firstRound = useMemo(() => steps.findIndex((step) => step.kind === "model_call"), [steps]);
  const files = useMemo(() => shownFiles(timeline, props.files, index), [timeline, props.files, index]);
  const { lanes } = props;
  const diagram = useRef<HTMLDivElement>(null);
  // The figure is static until the reader acts: no arrow travels before the first frame has painted (a deep
  // link applied right after hydration included).
  const hasPainted = useRef(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      hasPainted.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const body = useRef<HTMLDivElement>(null);
  const rows = useRowWindow(body, steps.length, index);
  // Labels kept inside the diagram: made before the rows mount (they watch their labels as they do).
  const [fit] = useState(createLabelFit);
  useEffect(() => {
    const inner = diagram.current;
    const laneList = inner?.firstElementChild;
    if (!inner || !laneList) return;
    return fit.attach({ diagram: inner, lanes: laneList });
  }, [fit]);

  // On a narrow screen the diagram scrolls sideways: the current step's mark is kept in view
  // (../dom/sideways-reveal.ts), told of each step after it has rendered.
  const reveal = useRef<SidewaysReveal | null>(null);
  useEffect(() => {
    const inner = diagram.current;
    const scroller = inner?.parentElement;
    const laneList = inner?.firstElementChild;
    if (!inner || !scroller || !laneList) return;
    const created = createSidewaysReveal({ scroller, diagram: inner, lanes: laneList });
    reveal.current = created;
    return () => {
      created.destroy();
      reveal.current = null;
    };
  }, []);
  useEffect(() => reveal.current?.update(current, lanes), [current, lanes]);
  // The inner loop's box opens toward the side of the rows in view with more room.
  const inView = rows.boxed ? Math.min(BOX_ROWS, steps.length) : steps.length;
  const inner = props.innerLoop ? (index - rows.top < inView / 2 ? "below" : "above") : undefined;
  return (
    <div className="alf-diagram" data-lanes={lanes.length} ref={diagram}>
      <ul className="alf-lanes" aria-label={text.ui.lanesLabel}>
        {lanes.map((lane) => {
          const acting = current?.lane === lane;
          return (
            <li key={lane} className="alf-lane" data-lane={lane} aria-current={acting ? "true" : undefined}>
              <span className="alf-lane-swatch" aria-hidden="true" />
              <span className="alf-lane-name">{text.lanes[lane]}</span>
              {/* Always laid out, shown only on the acting lane: the headers never change height. */}
              <span className="alf-lane-acting" aria-hidden={acting ? undefined : true}>
                {text.ui.actingLane}
              </span>
              {lane === "tool"
                ? files.map((file) => (
                    <span key={file.path} className="alf-file" data-state={file.state}>
                      {/* Whole on pointing where a phone's lane cuts it short. */}
                      <code title={file.path}>{file.path}</code>{" "}
                      <span className="alf-swap">
                        <span className="alf-file-state">
                          <span className="alf-file-word">{text.fileStates[file.state]}</span>
                        </span>
                        {/* Every state's words reserve the badge's width: it never changes size. */}
                        {FILE_STATES.map((state) => (
                          <span key={state} className="alf-swap-reserve alf-file-state" aria-hidden="true">
                            <span className="alf-file-word" aria-hidden="true">
                              {text.fileStates[state]}
                            </span>
                          </span>
                        ))}
                      </span>
                    </span>
                  ))
                : null}
            </li>
          );
        })}
      </ul>
      {rows.boxed ? (
        // The steps above the box, counted, and a way back to them a box at a time: laid out in no room of its own
        // (over the box's top corner), so nothing moves when it shows.
        <div className="alf-rows-above">
          <button
            type="button"
            className="alf-rows-fold"
            hidden={rows.top === 0}
            aria-label={text.ui.rowsAboveLabel(1, rows.top)}
            onClick={(event) => {
              const next = Math.max(0, rows.top - BOX_ROWS);
              rows.setTop(next);
              // Its last press hides it: the diagram, not the page, keeps the focus.
              if (next === 0) event.currentTarget.closest<HTMLElement>(".alf-scroll")?.focus();
            }}
          >
            {text.ui.rowsAbove(1, rows.top)}
          </button>
        </div>
      ) : null}
      <div
        className="alf-body"
        ref={body}
        data-boxed={rows.boxed ? "" : undefined}
        data-windowed={rows.windowed ? "" : undefined}
      >
        <div className="alf-window">
          <div className="alf-lifelines" aria-hidden="true">
            {lanes.map((lane) => (
              <span key={lane} className={`alf-lifeline alf-cs-${centreLine(lanes, lane)}`} data-lane={lane} />
            ))}
          </div>
          <ol
            className="alf-rows"
            // Windowed, the list keeps every row's room (in rows, a CSS length: no measuring) and mounts only the
            // rows in view; `calc` in a style set from script, never in the server's HTML.
            style={
              rows.windowed
                ? {
                    height: `calc(${steps.length} * var(--alf-row-h))`,
                    paddingTop: `calc(${rows.start} * var(--alf-row-h))`,
                  }
                : undefined
            }
          >
            {steps.slice(rows.start, rows.end).map((step, offset) => {
              const i = rows.start + offset;
              return (
                <StepRow
                  key={step.number}
                  step={step}
                  lanes={lanes}
                  status={i < index ? "past" : i === index ? "current" : "future"}
                  painted={hasPainted}
                  total={rows.windowed ? steps.length : undefined}
                  warned={warnedAt(props.notes, step.number)}
                  fit={fit}
                  inner={i === index ? inner : undefined}
                  steps={steps}
                  at={i}
                  firstRound={firstRound}
                />
              );
            })}
          </ol>
        </div>
      </div>
    </div>
  );
}
