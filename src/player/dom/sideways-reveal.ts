/**
 * On a narrow screen the diagram scrolls sideways: this keeps the current step's mark in view, also when the
 * diagram first gets a size (the enlarged view mounts before its dialog opens) or is resized. Without React:
 * sizes come from ResizeObserver and the scroll position from scroll events, so a step change never forces a
 * layout; the scroll is written in the next animation frame, after the step itself has painted.
 */
import type { Lane, Step } from "../../engine";
import { browserEnv, type DomEnv, type ScrollBox } from "./env";

/** Widths the sideways scrolling needs, as ResizeObserver reports them (never read from layout). */
export interface Geometry {
  readonly viewport: number;
  readonly diagram: number;
  readonly gutter: number;
}

/** Room kept beside a mark when it is scrolled into view, for the labels around it. */
export const REVEAL_MARGIN = 56;

const laneIndex = (lanes: readonly Lane[], lane: Lane) => Math.max(0, lanes.indexOf(lane));

/**
 * Where `step`'s mark lies across the diagram, in px, computed from the lane layout (lanes share the width after
 * the gutter equally), so that revealing it needs no layout read.
 */
export function markSpan(step: Step, lanes: readonly Lane[], geometry: Geometry): [number, number] {
  const width = geometry.diagram - geometry.gutter;
  const centre = (lane: Lane) => geometry.gutter + ((laneIndex(lanes, lane) + 0.5) / lanes.length) * width;
  const { edge } = step;
  if (edge === null || edge.from === edge.to) {
    const half = width / lanes.length / 2;
    return [centre(step.lane) - half, centre(step.lane) + half];
  }
  const [a, b] = [centre(edge.from), centre(edge.to)];
  return [Math.min(a, b), Math.max(a, b)];
}

/** The scroll position that shows `span` (with margins), moving as little as possible from `current`. */
export function revealedScroll(span: [number, number], current: number, geometry: Geometry): number {
  const [start, end] = [span[0] - REVEAL_MARGIN, span[1] + REVEAL_MARGIN];
  const { viewport } = geometry;
  if (end - start > viewport) return Math.max(0, (start + end - viewport) / 2);
  if (start < current) return Math.max(0, start);
  if (end > current + viewport) return end - viewport;
  return current;
}

/** The elements it watches: the scroll box, the diagram inside it, and the lane list (after the row gutter). */
export interface RevealElements {
  readonly scroller: ScrollBox & Element;
  readonly diagram: Element;
  readonly lanes: Element;
}

/** A sideways reveal's controller. */
export interface SidewaysReveal {
  /** The current step (and the lanes drawn): revealed in the next frame. */
  update(step: Step | undefined, lanes: readonly Lane[]): void;
  destroy(): void;
}

/** @example const reveal = createSidewaysReveal({ scroller, diagram, lanes }); reveal.update(step, trace.lanes); */
export function createSidewaysReveal(elements: RevealElements, env: DomEnv = browserEnv()): SidewaysReveal {
  const { scroller, diagram, lanes } = elements;
  let geometry: Geometry | null = null;
  let scrollLeft = scroller.scrollLeft;
  let shown: { step: Step | undefined; lanes: readonly Lane[] } = { step: undefined, lanes: [] };
  let frame = 0;
  const reveal = () => {
    const { step } = shown;
    if (geometry === null || step === undefined || geometry.diagram <= geometry.viewport) return;
    const target = revealedScroll(markSpan(step, shown.lanes, geometry), scrollLeft, geometry);
    if (Math.abs(target - scrollLeft) >= 1) scroller.scrollLeft = target;
  };
  const sizes = { viewport: 0, diagram: 0, lanes: 0 };
  const observer =
    env.ResizeObserver === undefined
      ? null
      : new env.ResizeObserver((entries) => {
          for (const entry of entries) {
            const width = entry.contentRect.width;
            if (entry.target === scroller) sizes.viewport = width;
            else if (entry.target === diagram) sizes.diagram = width;
            else sizes.lanes = width;
          }
          // The lane list starts after the row-number gutter and spans the rest.
          geometry = { viewport: sizes.viewport, diagram: sizes.diagram, gutter: sizes.diagram - sizes.lanes };
          reveal();
        });
  for (const element of [scroller, diagram, lanes]) observer?.observe(element);
  const onScroll = () => {
    scrollLeft = scroller.scrollLeft;
  };
  scroller.addEventListener("scroll", onScroll, { passive: true });
  return {
    update(step, drawn) {
      shown = { step, lanes: drawn };
      env.cancelAnimationFrame(frame);
      frame = env.requestAnimationFrame(reveal);
    },
    destroy() {
      observer?.disconnect();
      env.cancelAnimationFrame(frame);
      scroller.removeEventListener("scroll", onScroll);
    },
  };
}
