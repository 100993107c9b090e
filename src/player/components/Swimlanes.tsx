import { m } from "framer-motion";
import { useEffect, useRef } from "react";
import type { Catalog } from "../../content";
import { LANES, type Lane, type Step } from "../../engine";
import { CallIdChip } from "./Chip";

const laneIndex = (lane: Lane) => LANES.indexOf(lane);
const columnCentre = (lane: Lane) => `${((laneIndex(lane) + 0.5) / LANES.length) * 100}%`;

/** One step's row: its arrow between two lanes (or a mark on one lane), with a short label. */
function StepRow(props: { step: Step; text: Catalog; status: "past" | "current" | "future"; travel: boolean }) {
  const { step, text, status, travel } = props;
  const { edge } = step;
  const label = (
    <span className="alf-arrow-label">
      {/* The arrow's direction is drawn; say it in words too. */}
      <span className="alf-sr-only">
        {edge === null ? text.lanes[step.lane] : text.ui.edge(text.lanes[edge.from], text.lanes[edge.to])}
        {": "}
      </span>
      {text.arrowLabel(step)}
      {step.callId !== null ? (
        <>
          {" "}
          <CallIdChip callId={step.callId} />
        </>
      ) : null}
    </span>
  );
  let mark: React.ReactNode;
  if (edge === null || edge.from === edge.to) {
    mark = (
      <span className="alf-self" data-lane={step.lane} style={{ left: columnCentre(step.lane) }}>
        {label}
      </span>
    );
  } else {
    const [from, to] = [laneIndex(edge.from), laneIndex(edge.to)];
    const left = ((Math.min(from, to) + 0.5) / LANES.length) * 100;
    const width = (Math.abs(from - to) / LANES.length) * 100;
    const direction = to > from ? "right" : "left";
    mark = (
      <div
        className="alf-arrow"
        data-lane={edge.from}
        data-direction={direction}
        style={{ left: `${left}%`, width: `${width}%` }}
      >
        {status === "current" ? (
          <m.span
            className="alf-arrow-line"
            style={{ originX: direction === "right" ? 0 : 1 }}
            initial={travel ? { scaleX: 0 } : false}
            animate={{ scaleX: 1 }}
            transition={{ duration: 0.28, ease: "easeOut" }}
          />
        ) : (
          <span className="alf-arrow-line" />
        )}
        {label}
      </div>
    );
  }
  return (
    <li
      className="alf-row"
      data-step={step.number}
      data-status={status}
      aria-hidden={status === "future" ? true : undefined}
    >
      <span className="alf-row-number">{step.number}</span>
      <div className="alf-track">{mark}</div>
    </li>
  );
}

/** Scroll `scroller` sideways as little as needed to show step `index`'s mark with room for lane labels. */
function revealStep(scroller: HTMLElement, index: number): void {
  const mark = scroller.querySelector(`[data-step="${index + 1}"] .alf-track > *`);
  if (!mark || scroller.scrollWidth <= scroller.clientWidth) return;
  const box = mark.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  const start = box.left - view.left + scroller.scrollLeft - 56;
  const end = box.right - view.left + scroller.scrollLeft + 56;
  if (end - start > scroller.clientWidth) scroller.scrollLeft = (start + end - scroller.clientWidth) / 2;
  else if (start < scroller.scrollLeft) scroller.scrollLeft = Math.max(0, start);
  else if (end > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = end - scroller.clientWidth;
}

/**
 * The sequence diagram: lanes as columns, steps as rows. Every row is laid out from the start (future rows
 * invisible) so the figure never jumps; the current row is emphasised and its arrow travels.
 */
export function Swimlanes(props: { steps: readonly Step[]; index: number; text: Catalog }) {
  const { steps, index, text } = props;
  const current = steps[index];
  const file = current?.files[0];
  const diagram = useRef<HTMLDivElement>(null);
  // The figure is static until the reader acts: the arrow shown on first render does not travel.
  const hasRendered = useRef(false);
  useEffect(() => {
    hasRendered.current = true;
  }, []);
  // On a narrow screen the diagram scrolls sideways: keep the current step's mark in view, also when the
  // diagram first gets a size (the enlarged view mounts before its dialog opens) or is resized.
  useEffect(() => {
    const scroller = diagram.current?.parentElement;
    if (!scroller) return;
    const reveal = () => revealStep(scroller, index);
    reveal();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(reveal);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [index]);
  return (
    <div className="alf-diagram" ref={diagram}>
      <ul className="alf-lanes" aria-label={text.ui.lanesLabel}>
        {LANES.map((lane) => {
          const acting = current?.lane === lane;
          return (
            <li key={lane} className="alf-lane" data-lane={lane} aria-current={acting ? "true" : undefined}>
              <span className="alf-lane-swatch" aria-hidden="true" />
              <span className="alf-lane-name">{text.lanes[lane]}</span>
              {acting ? <span className="alf-lane-acting">{text.ui.actingLane}</span> : null}
              {lane === "tool" && file !== undefined ? (
                <span className="alf-file" data-state={file.state}>
                  <code>{file.path}</code> <span className="alf-file-state">{text.fileStates[file.state]}</span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="alf-body">
        <div className="alf-lifelines" aria-hidden="true">
          {LANES.map((lane) => (
            <span key={lane} className="alf-lifeline" data-lane={lane} style={{ left: columnCentre(lane) }} />
          ))}
        </div>
        <ol className="alf-rows">
          {steps.map((step, i) => (
            <StepRow
              key={step.number}
              step={step}
              text={text}
              status={i < index ? "past" : i === index ? "current" : "future"}
              travel={hasRendered.current}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}
