import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import { runScenario, type Trace } from "../../src/engine";
import { Player } from "../../src/player";
import { REHEARSAL_QUIET_MS } from "../../src/player/components/Rehearsal";
import { WINDOW_AT } from "../../src/player/limits";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

const EN = storyCatalog(catalogs.en, SCENARIOS.f22.stories.en);
const f22 = runScenario(scenarioById("f22", "en"));
const figure = () => screen.getByRole("region", { name: /F22/ });
const counter = (root: Element) => root.querySelector(".alf-counter > [aria-hidden]")?.textContent;
const rehearsal = () => document.querySelector(".alf-rehearsal");

/** Idle callbacks held until the test runs them, one idle period at a time, each with `room` ms to spare. */
let idle: ((deadline: IdleDeadline) => void)[] = [];
const nextIdlePeriod = (room = 0) =>
  act(() => {
    const due = idle;
    idle = [];
    for (const callback of due) callback({ didTimeout: false, timeRemaining: () => room });
  });

/** The rehearsal's code has loaded (it is a chunk of its own, loaded once the first frame is up). */
const loaded = () =>
  act(async () => {
    await import("../../src/player/components/Rehearsal");
    await new Promise((done) => setTimeout(done, 0));
  });

beforeEach(() => {
  idle = [];
  vi.stubGlobal("requestIdleCallback", (callback: (deadline: IdleDeadline) => void) => idle.push(callback));
  vi.stubGlobal("cancelIdleCallback", (id: number) => {
    idle[id - 1] = () => {};
  });
});
afterEach(() => {
  cleanup(); // while the stubs are still there: unmounting cancels the idle callback
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the rehearsal", () => {
  it("steps an inert, hidden copy through every step once, then leaves; the figure itself does not move", async () => {
    const onStepChange = vi.fn();
    render(<Player trace={f22} text={EN} onStepChange={onStepChange} warmUp />);
    await loaded(); // its code, which loads after the first frame
    expect(rehearsal()).toBeNull(); // nothing before the page is idle
    const seen: (string | undefined)[] = [];
    for (let period = 0; period < f22.steps.length + 1; period += 1) {
      nextIdlePeriod();
      const copy = rehearsal();
      if (copy === null) break;
      expect(copy).toHaveAttribute("aria-hidden", "true");
      expect(copy).toHaveAttribute("inert");
      seen.push(counter(copy));
    }
    expect(seen).toEqual(f22.steps.map((step) => `${step.number} / ${f22.steps.length}`));
    nextIdlePeriod();
    expect(rehearsal()).toBeNull();
    expect(idle).toEqual([]); // and it asks for no more idle time
    expect(counter(figure())).toBe(`1 / ${f22.steps.length}`);
    expect(onStepChange).not.toHaveBeenCalled();
    // One figure for readers and assistive technology, one live region.
    expect(screen.getAllByRole("region", { name: /F22/ })).toHaveLength(1);
    expect(document.querySelectorAll("[aria-live]")).toHaveLength(1);
  });

  it("takes as many steps as an idle period has room for, and is over within a few", async () => {
    // A stopped clock: every step costs nothing, whatever the machine running the test, so only the idle
    // period's room decides how many steps it takes.
    vi.spyOn(performance, "now").mockReturnValue(1_000);
    render(<Player trace={f22} text={EN} warmUp />);
    await loaded();
    nextIdlePeriod(50); // mounts the copy at step 1, and nothing else: a frame passes before its first step change
    expect(counter(rehearsal() as Element)).toBe(`1 / ${f22.steps.length}`);
    nextIdlePeriod(0); // no room left: one step, never more
    expect(counter(rehearsal() as Element)).toBe(`2 / ${f22.steps.length}`);
    nextIdlePeriod(50); // a generous idle period: every other step, each rendered and laid out
    expect(counter(rehearsal() as Element)).toBe(`${f22.steps.length} / ${f22.steps.length}`);
    nextIdlePeriod(50);
    expect(rehearsal()).toBeNull();
    expect(idle).toEqual([]);
  });

  it("waits while the reader steps, and goes on once they have paused", async () => {
    let now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    render(<Player trace={f22} text={EN} warmUp />);
    await loaded();
    nextIdlePeriod(); // the copy mounts
    act(() => within(figure()).getByRole("button", { name: /Next/ }).click());
    for (let period = 0; period < 3; period += 1) nextIdlePeriod(50);
    expect(counter(rehearsal() as Element)).toBe(`1 / ${f22.steps.length}`); // no step while the reader is at it
    expect(idle).toHaveLength(1);
    now += REHEARSAL_QUIET_MS;
    nextIdlePeriod(50);
    expect(counter(rehearsal() as Element)).toBe(`${f22.steps.length} / ${f22.steps.length}`);
    // The reader's figure is where they put it.
    expect(counter(figure())).toBe(`2 / ${f22.steps.length}`);
  });

  it("waits while the figure plays", async () => {
    render(<Player trace={f22} text={EN} autoplay dwell={8} warmUp />);
    await loaded();
    expect(within(figure()).getByRole("button", { name: /Pause/ })).toBeInTheDocument();
    for (let period = 0; period < 3; period += 1) nextIdlePeriod();
    expect(rehearsal()).toBeNull();
    expect(idle).toHaveLength(1); // still waiting for its turn
    act(() => within(figure()).getByRole("button", { name: /Pause/ }).click());
    nextIdlePeriod();
    expect(rehearsal()).not.toBeNull();
  });

  it("leaves a trace long enough for the row window alone", () => {
    const long: Trace = {
      ...f22,
      steps: Array.from({ length: Math.ceil((WINDOW_AT + 1) / f22.steps.length) }, () => f22.steps)
        .flat()
        .map((step, i) => ({ ...step, number: i + 1 })),
    };
    render(<Player trace={long} text={EN} warmUp />);
    expect(idle).toEqual([]);
    expect(rehearsal()).toBeNull();
  });

  it("does not warm up unless asked: a host's figure (web component, React) has no copy", () => {
    render(<Player trace={f22} text={EN} />);
    expect(idle).toEqual([]);
    expect(rehearsal()).toBeNull();
  });
});
