// @vitest-environment node
/**
 * The player's DOM behaviour without React and without a browser: the row window of a long diagram and the
 * sideways reveal of a narrow one, driven through fake elements, a fake ResizeObserver and a manual frame clock.
 */
import { describe, expect, it } from "vitest";
import type { Lane, Step } from "../../src/engine";
import { runScenario } from "../../src/engine";
import type { DomEnv } from "../../src/player/dom/env";
import { createRowWindow, followedTop, mountedRange } from "../../src/player/dom/row-window";
import { createSidewaysReveal, markSpan, REVEAL_MARGIN, revealedScroll } from "../../src/player/dom/sideways-reveal";
import { scenarioById } from "../../src/scenarios";

/** A scrollable element: it records listeners and takes scroll positions, as a browser's would. */
class FakeBox extends EventTarget {
  scrollTop = 0;
  scrollLeft = 0;
  listeners = 0;
  override addEventListener(...args: Parameters<EventTarget["addEventListener"]>) {
    this.listeners += 1;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget["removeEventListener"]>) {
    this.listeners -= 1;
    super.removeEventListener(...args);
  }
}

/** A browser of our own: ResizeObservers we fire by hand, and frames we run by hand. */
function fakeEnv() {
  const observers: { callback: ResizeObserverCallback; targets: Set<unknown>; live: boolean }[] = [];
  let frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  class Observer {
    readonly entry: (typeof observers)[number];
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback, targets: new Set(), live: true };
      observers.push(this.entry);
    }
    observe(target: unknown) {
      this.entry.targets.add(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.live = false;
    }
  }
  const env: DomEnv = {
    ResizeObserver: Observer as unknown as typeof ResizeObserver,
    requestAnimationFrame: (callback) => {
      frames.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (handle) => void frames.delete(handle),
  };
  return {
    env,
    /** Report sizes: each [target, width, height]. */
    resize(...sizes: [unknown, number, number][]) {
      for (const observer of observers.filter((o) => o.live)) {
        const entries = sizes
          .filter(([target]) => observer.targets.has(target))
          .map(([target, width, height]) => ({ target, contentRect: { width, height } }));
        if (entries.length > 0) observer.callback(entries as unknown as ResizeObserverEntry[], {} as ResizeObserver);
      }
    },
    frame() {
      const due = frames;
      frames = new Map();
      for (const callback of due.values()) callback(0);
    },
    live: () => observers.filter((o) => o.live).length,
  };
}

describe("the row window", () => {
  it("follows the current step into a box of rows, and mounts the rows in view with a margin", () => {
    expect(followedTop(0, 5, 12)).toBe(0);
    expect(followedTop(0, 12, 12)).toBe(1);
    expect(followedTop(40, 3, 12)).toBe(3);
    expect(mountedRange(0, 4004, 12, 8)).toEqual({ start: 0, end: 20 });
    expect(mountedRange(4000, 4004, 12, 8)).toEqual({ start: 3992, end: 4004 });
  });

  it("scrolls the box when the step moves the window, reports the reader's scroll, and stops on destroy", () => {
    const { env, resize, frame, live } = fakeEnv();
    const box = new FakeBox();
    const tops: number[] = [];
    const rows = createRowWindow(box as unknown as FakeBox & Element, 12, (top) => tops.push(top), env);
    rows.update(5); // no row height yet: nothing to scroll by, until the box is measured
    expect(box.scrollTop).toBe(0);
    resize([box, 600, 12 * 30]); // rows of 30 px: the row asked for is scrolled to
    expect(box.scrollTop).toBe(150);
    rows.update(5);
    expect(box.scrollTop).toBe(150);
    rows.update(5); // already there
    expect(box.scrollTop).toBe(150);
    box.scrollTop = 300; // the reader scrolls
    box.dispatchEvent(new Event("scroll"));
    expect(tops).toEqual([]); // reported in the next frame, not at once
    frame();
    expect(tops).toEqual([10]);
    rows.update(10); // the window the reader scrolled to: the box is left alone
    expect(box.scrollTop).toBe(300);
    rows.destroy();
    expect(box.listeners).toBe(0);
    expect(live()).toBe(0);
  });
});

/** A sideways reveal over fake elements: the scroll box, the diagram and the lane list. */
function revealing() {
  const fake = fakeEnv();
  const scroller = new FakeBox();
  const diagram = {};
  const laneList = {};
  const reveal = createSidewaysReveal(
    { scroller: scroller as unknown as FakeBox & Element, diagram: diagram as Element, lanes: laneList as Element },
    fake.env,
  );
  return { ...fake, scroller, diagram, laneList, reveal };
}

describe("the sideways reveal", () => {
  const trace = runScenario(scenarioById("f22", "en"));
  const lanes: readonly Lane[] = trace.lanes;
  const step = (n: number): Step => {
    const found = trace.steps[n - 1];
    if (found === undefined) throw new Error(`no step ${n}`);
    return found;
  };

  it("places a mark from the lane layout alone", () => {
    const geometry = { viewport: 300, diagram: 840, gutter: 40 };
    // Step 1 goes from the user's lane (the first of four, 200 px each after the gutter) to the host's.
    const [from, to] = markSpan(step(1), lanes, geometry);
    expect(from).toBe(40 + 100);
    expect(to).toBe(40 + (lanes.indexOf("host") + 0.5) * 200);
  });

  it("scrolls to the current step's mark in the next frame, once the diagram is wider than its box", () => {
    const { resize, frame, live, scroller, diagram, laneList, reveal } = revealing();
    const toolStep = trace.steps.find((s) => s.kind === "execution");
    if (toolStep === undefined) throw new Error("F22 has an execution");
    reveal.update(toolStep, lanes);
    frame();
    expect(scroller.scrollLeft).toBe(0); // no sizes yet
    resize([scroller, 300, 400], [diagram, 840, 400], [laneList, 800, 40]);
    // The execution's mark joins the host's lane and the tool's, at the right: with its margins it is wider than
    // the box, so the box is centred on it.
    const [start, end] = markSpan(toolStep, lanes, { viewport: 300, diagram: 840, gutter: 40 });
    expect(end - start + 2 * REVEAL_MARGIN).toBeGreaterThan(300);
    const centred = (start + end - 300) / 2;
    expect(scroller.scrollLeft).toBe(centred);
    scroller.dispatchEvent(new Event("scroll")); // the browser reports the scroll it did
    reveal.update(step(1), lanes); // back to the user's lane: scrolled left in the next frame
    expect(scroller.scrollLeft).toBe(centred);
    frame();
    expect(scroller.scrollLeft).toBeLessThan(centred);
    const wide = { viewport: 300, diagram: 840, gutter: 40 };
    expect(scroller.scrollLeft).toBe(revealedScroll(markSpan(step(1), lanes, wide), centred, wide));
    reveal.destroy();
    expect(scroller.listeners).toBe(0);
    expect(live()).toBe(0);
  });

  it("leaves a diagram that fits alone", () => {
    const { resize, frame, scroller, diagram, laneList, reveal } = revealing();
    resize([scroller, 900, 400], [diagram, 840, 400], [laneList, 800, 40]);
    reveal.update(step(5), lanes);
    frame();
    expect(scroller.scrollLeft).toBe(0);
    reveal.destroy();
  });
});
