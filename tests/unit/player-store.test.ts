// @vitest-environment node
import { describe, expect, it } from "vitest";
import { runScenario, type Trace } from "../../src/engine";
import { createPlayerStore, DWELL, dataStateOf } from "../../src/player/store/createPlayerStore";
import { scenarioById } from "../../src/scenarios";

const f22 = runScenario(scenarioById("f22", "zh"));
const store = (initialIndex = 0) => createPlayerStore({ trace: f22, initialIndex });
/** The first `n` steps of F22, as a shorter trace. */
const shortTrace = (n: number): Trace => ({ ...f22, steps: f22.steps.slice(0, n) });

describe("createPlayerStore", () => {
  it("playing, stops at a checkpoint not yet answered (for the reader to predict), and goes on once answered", () => {
    const s = store();
    // F22's first question is asked at step 3 (index 2), as its story places it.
    s.getState().setCheckpoints(new Map([[2, 0]]));
    s.getState().play();
    s.getState().tick();
    expect([s.getState().index, s.getState().status]).toEqual([1, "playing"]);
    s.getState().tick();
    expect([s.getState().index, s.getState().status, s.getState().stopReason]).toEqual([2, "paused", "checkpoint"]);
    // Answered, Play goes on from there; a question already answered does not stop it again.
    s.getState().answer(0, 1);
    s.getState().play();
    s.getState().tick();
    expect([s.getState().index, s.getState().status]).toEqual([3, "playing"]);
    s.getState().goTo(1);
    s.getState().play();
    s.getState().tick();
    expect([s.getState().index, s.getState().status]).toEqual([2, "playing"]);
  });

  it("playing on from an unanswered checkpoint skips it: the reader chose to", () => {
    const s = store();
    s.getState().setCheckpoints(new Map([[2, 0]]));
    s.getState().goTo(2);
    s.getState().play();
    s.getState().tick();
    expect([s.getState().index, s.getState().status]).toEqual([3, "playing"]);
  });

  it("starts paused on the first step by default: nothing moves until the reader acts", () => {
    const s = store().getState();
    expect([s.index, s.status, dataStateOf(s)]).toEqual([0, "paused", "paused"]);
  });

  it("clamps the initial step", () => {
    expect(store(99).getState().index).toBe(7);
    expect(store(-3).getState().index).toBe(0);
  });

  describe("given the first step", () => {
    it("does not go back", () => {
      const s = store();
      s.getState().prev();
      expect(s.getState().index).toBe(0);
    });
  });

  describe("given the last step", () => {
    it("does not advance (no wrap-around) and reads as ended", () => {
      const s = store(7);
      s.getState().next();
      expect(s.getState().index).toBe(7);
      expect(dataStateOf(s.getState())).toBe("ended");
    });
    it("starts again from step 1 on play", () => {
      const s = store(7);
      s.getState().play();
      expect([s.getState().index, s.getState().status]).toEqual([0, "playing"]);
    });
  });

  it("plays one step per tick and stops by itself at the last step", () => {
    const s = store(5);
    s.getState().play();
    s.getState().tick();
    expect([s.getState().index, s.getState().status]).toEqual([6, "playing"]);
    s.getState().tick();
    expect([s.getState().index, s.getState().status]).toEqual([7, "paused"]);
    s.getState().tick();
    expect(s.getState().index).toBe(7);
  });

  it("ignores ticks while paused", () => {
    const s = store(2);
    s.getState().tick();
    expect(s.getState().index).toBe(2);
  });

  it("pauses when the reader steps by hand", () => {
    const s = store(2);
    s.getState().play();
    s.getState().next();
    expect([s.getState().index, s.getState().status]).toEqual([3, "paused"]);
  });

  it("toggles between playing and paused", () => {
    const s = store();
    s.getState().toggle();
    expect(s.getState().status).toBe("playing");
    s.getState().toggle();
    expect(s.getState().status).toBe("paused");
  });

  it("jumps to the first and last steps, and clamps goTo", () => {
    const s = store(3);
    s.getState().last();
    expect(s.getState().index).toBe(7);
    s.getState().first();
    expect(s.getState().index).toBe(0);
    s.getState().goTo(42);
    expect(s.getState().index).toBe(7);
    s.getState().goTo(Number.NaN);
    expect(s.getState().index).toBe(0);
  });

  it("keeps the dwell time within its bounds", () => {
    const s = store();
    s.getState().setDwell(0.1);
    expect(s.getState().dwellSeconds).toBe(DWELL.min);
    s.getState().setDwell(100);
    expect(s.getState().dwellSeconds).toBe(DWELL.max);
    s.getState().setDwell(Number.NaN);
    expect(s.getState().dwellSeconds).toBe(DWELL.max);
  });

  it("gives each player its own state", () => {
    const [a, b] = [store(), store()];
    a.getState().next();
    expect([a.getState().index, b.getState().index]).toEqual([1, 0]);
  });

  describe("given a new trace", () => {
    it("keeps the step where the new trace has it", () => {
      const s = store(4);
      s.getState().setTrace(runScenario(scenarioById("f22", "en")));
      expect(s.getState().index).toBe(4);
      expect(s.getState().trace.steps[0]?.kind).toBe("task");
    });
    it("clamps the step into a shorter trace and never leaves it empty-handed", () => {
      const s = store(7);
      s.getState().setTrace(shortTrace(3));
      expect(s.getState().index).toBe(2);
      expect(dataStateOf(s.getState())).toBe("ended");
    });
    it("stops playing when a shorter trace puts it on its last step", () => {
      const s = store(5);
      s.getState().play();
      s.getState().setTrace(shortTrace(4));
      expect([s.getState().index, s.getState().status]).toEqual([3, "paused"]);
    });
  });

  describe("given a controller (a controlled player)", () => {
    it("asks the controller instead of moving, and moves only when the owner syncs", () => {
      const s = store(2);
      const asked: number[] = [];
      s.getState().setController((index) => asked.push(index));
      s.getState().next();
      s.getState().goTo(99);
      expect(asked).toEqual([3, 7]);
      expect(s.getState().index).toBe(2);
      s.getState().syncIndex(3);
      expect(s.getState().index).toBe(3);
    });
    it("does not ask for the step it is already on", () => {
      const s = store(0);
      const asked: number[] = [];
      s.getState().setController((index) => asked.push(index));
      s.getState().prev();
      expect(asked).toEqual([]);
    });
  });

  it("says why playback stopped: the reader, or the end of the trace", () => {
    const s = store(6);
    s.getState().play();
    s.getState().pause();
    expect(s.getState().stopReason).toBe("reader");
    s.getState().play();
    s.getState().tick();
    expect([s.getState().status, s.getState().stopReason]).toEqual(["paused", "end"]);
  });
});

describe("a figure's call_id thread and inner loop", () => {
  it("lights the id pointed at, else the pinned one; leaving clears only the id that was left", () => {
    const s = store();
    expect([s.getState().thread, s.getState().pinnedThread, s.getState().innerLoop]).toEqual([null, null, false]);
    s.getState().togglePin("call_1");
    s.getState().pointThread("call_2");
    expect([s.getState().thread, s.getState().pinnedThread]).toEqual(["call_2", "call_1"]);
    s.getState().pointThread(null, "call_9"); // a late leave from another chip changes nothing
    expect(s.getState().thread).toBe("call_2");
    s.getState().pointThread(null, "call_2");
    expect(s.getState().thread).toBeNull();
    s.getState().togglePin("call_1");
    expect(s.getState().pinnedThread).toBeNull();
  });

  it("forgets the thread with a new trace (its ids mean nothing there), and toggles the inner loop", () => {
    const s = store();
    s.getState().togglePin("call_1");
    s.getState().pointThread("call_1");
    s.getState().setTrace(shortTrace(4));
    expect([s.getState().thread, s.getState().pinnedThread]).toEqual([null, null]);
    s.getState().toggleInnerLoop();
    expect(s.getState().innerLoop).toBe(true);
    s.getState().toggleInnerLoop();
    expect(s.getState().innerLoop).toBe(false);
  });
});
