// @vitest-environment node
/**
 * The player's DOM behaviour without React and without a browser: the row window of a long diagram and the
 * sideways reveal of a narrow one, driven through fake elements, a fake ResizeObserver and a manual frame clock.
 */
import { describe, expect, it } from "vitest";
import type { Lane, Step } from "../../src/engine";
import { runScenario } from "../../src/engine";
import { createContextFold, isAbove, type ObserverFactory } from "../../src/player/dom/context-fold";
import type { DomEnv } from "../../src/player/dom/env";
import { createLabelFit, labelShift } from "../../src/player/dom/label-fit";
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

/** F22's lanes and steps, by number, for the modules that place marks. */
const f22 = runScenario(scenarioById("f22", "en"));
const lanes: readonly Lane[] = f22.lanes;
const step = (n: number): Step => {
  const found = f22.steps[n - 1];
  if (found === undefined) throw new Error(`no step ${n}`);
  return found;
};

describe("the sideways reveal", () => {
  it("places a mark from the lane layout alone", () => {
    const geometry = { viewport: 300, diagram: 840, gutter: 40 };
    // Step 1 goes from the user's lane (the first of four, 200 px each after the gutter) to the host's.
    const [from, to] = markSpan(step(1), lanes, geometry);
    expect(from).toBe(40 + 100);
    expect(to).toBe(40 + (lanes.indexOf("host") + 0.5) * 200);
  });

  it("scrolls to the current step's mark in the next frame, once the diagram is wider than its box", () => {
    const { resize, frame, live, scroller, diagram, laneList, reveal } = revealing();
    const toolStep = f22.steps.find((s) => s.kind === "execution");
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

describe("the label fit", () => {
  /** A label's element: only the style it writes, as a map. */
  const fakeLabel = () => {
    const set = new Map<string, string>();
    return {
      set,
      style: {
        setProperty: (name: string, value: string) => void set.set(name, value),
        removeProperty: (name: string) => void set.delete(name),
      },
    };
  };

  it("moves a label only as far as it must to stay inside the diagram", () => {
    const room = { diagram: 300, gutter: 20 };
    expect(labelShift(150, 60, room)).toBe(0);
    // Centred at 280, 60 wide: it would end at 310; moved left to end 2 px inside.
    expect(labelShift(280, 60, room)).toBe(298 - 310);
    // Centred at 30: it would start at 0, before the gutter; moved right.
    expect(labelShift(30, 60, room)).toBe(22 - 0);
    // Wider than the room: starts at the gutter.
    expect(labelShift(150, 400, room)).toBe(22 - (150 - 200));
  });

  it("keeps F22's result label inside a phone's diagram, from sizes alone, and lets it go when unmounted", () => {
    const fake = fakeEnv();
    const fit = createLabelFit(fake.env);
    const [diagram, laneList] = [{}, {}];
    const result = fakeLabel();
    const task = fakeLabel();
    // Rows watch their labels before the diagram is attached (they mount first).
    const stop = fit.watch(result as unknown as HTMLElement, step(5), lanes);
    fit.watch(task as unknown as HTMLElement, step(1), lanes);
    const detach = fit.attach({ diagram: diagram as Element, lanes: laneList as Element });
    // 300 px across, a 20 px gutter: four lanes of 70 px; host and tool centres at 195 and 265 (the arrow's middle 230).
    fake.resize([diagram, 300, 400], [laneList, 280, 90], [result, 170, 18], [task, 40, 18]);
    fake.frame();
    expect(result.set.get("--alf-shift")).toBe(`${298 - (230 + 85)}px`);
    expect(task.set.has("--alf-shift")).toBe(false);
    // Wider screen: it fits where it is, and the shift is taken back.
    fake.resize([diagram, 800, 400], [laneList, 780, 90]);
    fake.frame();
    expect(result.set.has("--alf-shift")).toBe(false);
    stop();
    fake.resize([diagram, 300, 400], [laneList, 280, 90]);
    fake.frame();
    expect(result.set.has("--alf-shift")).toBe(false);
    detach();
  });
});

describe("the context fold", () => {
  /** An IntersectionObserver stand-in: the test reports entries as the browser would. */
  function fakeObserver() {
    const state = {
      observed: new Set<Element>(),
      callback: null as IntersectionObserverCallback | null,
      options: null as IntersectionObserverInit | null,
      disconnected: false,
    };
    const factory: ObserverFactory = (callback, options) => {
      state.callback = callback;
      state.options = options;
      return {
        observe: (element) => state.observed.add(element),
        unobserve: (element) => state.observed.delete(element),
        disconnect: () => {
          state.disconnected = true;
          state.observed.clear();
        },
      };
    };
    const report = (target: Element, top: number, ratio: number) =>
      state.callback?.(
        [
          {
            target,
            intersectionRatio: ratio,
            boundingClientRect: { top } as DOMRectReadOnly,
            rootBounds: { top: 100 } as DOMRectReadOnly,
          } as IntersectionObserverEntry,
        ],
        {} as IntersectionObserver,
      );
    return { state, factory, report };
  }
  const element = () => ({}) as Element;

  it("counts a message as above only when its top is cut or scrolled away over the box", () => {
    const rootBounds = { top: 100 } as DOMRectReadOnly;
    expect(isAbove({ intersectionRatio: 1, boundingClientRect: { top: 120 } as DOMRectReadOnly, rootBounds })).toBe(
      false,
    );
    expect(isAbove({ intersectionRatio: 0.4, boundingClientRect: { top: 80 } as DOMRectReadOnly, rootBounds })).toBe(
      true,
    );
    expect(isAbove({ intersectionRatio: 0, boundingClientRect: { top: 10 } as DOMRectReadOnly, rootBounds })).toBe(
      true,
    );
    // Cut at the bottom (below the box) is not "earlier".
    expect(isAbove({ intersectionRatio: 0.5, boundingClientRect: { top: 300 } as DOMRectReadOnly, rootBounds })).toBe(
      false,
    );
    expect(
      isAbove({ intersectionRatio: 0, boundingClientRect: { top: 10 } as DOMRectReadOnly, rootBounds: null }),
    ).toBe(false);
  });

  it("watches messages mounted before and after the box, and reports each change of the count once", () => {
    const { state, factory, report } = fakeObserver();
    const counts: number[] = [];
    const fold = createContextFold((n) => counts.push(n), factory);
    const [a, b, c] = [element(), element(), element()];
    const stopA = fold.watch(a);
    const detach = fold.attach(element(), 26);
    expect(state.options?.rootMargin).toBe("-26px 0px 0px 0px");
    expect(state.observed.has(a)).toBe(true);
    fold.watch(b);
    fold.watch(c);
    expect(state.observed.size).toBe(3);
    report(a, 10, 0);
    report(b, 90, 0.8);
    report(c, 150, 1);
    expect(counts).toEqual([1, 2]);
    report(b, 90, 0.8); // no change, no report
    expect(counts).toEqual([1, 2]);
    // Scrolled up: b is whole again.
    report(b, 110, 1);
    expect(counts).toEqual([1, 2, 1]);
    // A message that unmounts no longer counts.
    stopA();
    expect(state.observed.has(a)).toBe(false);
    expect(counts).toEqual([1, 2, 1, 0]);
    detach();
    expect(state.disconnected).toBe(true);
  });

  it("counts nothing where there is no IntersectionObserver", () => {
    const counts: number[] = [];
    const fold = createContextFold((n) => counts.push(n), undefined);
    fold.attach(element(), 0)();
    fold.watch(element())();
    expect(counts).toEqual([]);
  });
});
