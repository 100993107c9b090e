/**
 * Keeps the diagram's labels inside it. A label is centred over its arrow (or its lane), so a long one over an arrow
 * at the diagram's edge would be cut off, as on a phone, where four lanes share 300 px. Each watched label is shifted
 * sideways (a CSS variable its transform reads) just enough to stay inside the diagram. Without React and without
 * layout reads: the label's width and the diagram's come from ResizeObserver, the label's centre from the lane
 * layout (as the sideways reveal computes it); shifts are written in the next animation frame.
 */
import type { Lane, Step } from "../../engine";
import { browserEnv, type DomEnv } from "./env";
import { type Geometry, markSpan } from "./sideways-reveal";

/** The room kept between a label and the diagram's edge. */
export const LABEL_MARGIN = 2;

/**
 * How far to move a label of `width` whose centre is at `centre` (px across the diagram) so it lies within
 * [gutter, diagram]: 0 when it fits where it is; a label wider than that room starts at the gutter.
 */
export function labelShift(centre: number, width: number, geometry: Pick<Geometry, "diagram" | "gutter">): number {
  const [low, high] = [geometry.gutter + LABEL_MARGIN, geometry.diagram - LABEL_MARGIN];
  const [start, end] = [centre - width / 2, centre + width / 2];
  if (width >= high - low || start < low) return low - start;
  if (end > high) return high - end;
  return 0;
}

/** What a watched label belongs to: its step and the lanes drawn. */
interface Placed {
  readonly step: Step;
  readonly lanes: readonly Lane[];
  width: number;
  shift: number;
}

/** A label fit's controller. */
export interface LabelFit {
  /** The diagram and its lane list (whose widths place every label), until the returned function is called. */
  attach(elements: { readonly diagram: Element; readonly lanes: Element }): () => void;
  /** Watch a label of `step` (arrow label or lane mark) until the returned function is called. */
  watch(label: HTMLElement, step: Step, lanes: readonly Lane[]): () => void;
}

/**
 * Made before the diagram is in the DOM (rows watch their labels as they mount, before the diagram is attached).
 * @example const fit = createLabelFit(); fit.attach({ diagram, lanes }); const stop = fit.watch(label, step, lanes);
 */
export function createLabelFit(env: DomEnv = browserEnv()): LabelFit {
  const placed = new Map<HTMLElement, Placed>();
  const sizes = { diagram: 0, lanes: 0 };
  let attached: { readonly diagram: Element; readonly lanes: Element } | null = null;
  let frame = 0;
  let room = 0;
  const fit = () => {
    if (sizes.diagram === 0) return;
    // The widest a label may be: the lanes' width, less the margins (its CSS max-width reads it; longer ones end in
    // an ellipsis rather than cross the diagram's edge).
    const wide = Math.max(0, Math.floor(sizes.lanes - 2 * LABEL_MARGIN));
    const diagram = attached?.diagram as HTMLElement | undefined;
    if (wide !== room && diagram?.style !== undefined) {
      room = wide;
      diagram.style.setProperty("--alf-label-room", `${wide}px`);
    }
    const geometry = { viewport: sizes.diagram, diagram: sizes.diagram, gutter: sizes.diagram - sizes.lanes };
    for (const [label, place] of placed) {
      if (place.width === 0) continue;
      const [a, b] = markSpan(place.step, place.lanes, geometry);
      const shift = Math.round(labelShift((a + b) / 2, place.width, geometry));
      if (shift === place.shift) continue;
      place.shift = shift;
      if (shift === 0) label.style.removeProperty("--alf-shift");
      else label.style.setProperty("--alf-shift", `${shift}px`);
    }
  };
  const schedule = () => {
    env.cancelAnimationFrame(frame);
    frame = env.requestAnimationFrame(fit);
  };
  const observer =
    env.ResizeObserver === undefined
      ? null
      : new env.ResizeObserver((entries) => {
          for (const entry of entries) {
            // A label's own width: its border box, which a transform does not change.
            const width = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
            if (entry.target === attached?.diagram) sizes.diagram = width;
            else if (entry.target === attached?.lanes) sizes.lanes = width;
            else {
              const place = placed.get(entry.target as HTMLElement);
              if (place !== undefined) place.width = width;
            }
          }
          schedule();
        });
  return {
    attach(elements) {
      attached = elements;
      room = 0;
      observer?.observe(elements.diagram);
      observer?.observe(elements.lanes);
      return () => {
        observer?.unobserve(elements.diagram);
        observer?.unobserve(elements.lanes);
        env.cancelAnimationFrame(frame);
        attached = null;
      };
    },
    watch(label, step, lanes) {
      placed.set(label, { step, lanes, width: 0, shift: 0 });
      observer?.observe(label);
      return () => {
        placed.delete(label);
        observer?.unobserve(label);
      };
    },
  };
}
