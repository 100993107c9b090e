/**
 * One store per player: the trace it shows, the current step and whether it is playing. The store owns the
 * trace (a new trace replaces it and clamps the step), and keeps nothing that can be derived from it.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Trace } from "../../engine";
import type { RequestFormatId } from "../../formats";
import type { KeyEventLike } from "../keyboard/keyToIntent";

/** Whether the player advances by itself. `ended` is derived (paused on the last step), not stored. */
export type PlayStatus = "playing" | "paused";

/** What a reader sees as the player's state (`data-state`). */
export type PlayerDataState = "playing" | "paused" | "ended";

/** Why playback last stopped: the reader (or a host) paused it, or it reached the last step by itself. */
export type StopReason = "reader" | "end" | "checkpoint";

/** Dwell time bounds, in seconds per step. */
export const DWELL = { min: 1, max: 8, step: 0.5, initial: 3 } as const;

/** The longest a step stays on screen while playing at the default dwell, however long its words. */
export const READING_MAX_SECONDS = 12;

/**
 * About how long a reader takes to read a step's words: a second, then 20 characters a second (a CJK character
 * counts as two), at most READING_MAX_SECONDS. While the reader has not chosen a dwell, a step stays at least this
 * long (the default dwell follows the caption's length).
 * @example readingSeconds("x".repeat(100)) // 6
 */
export function readingSeconds(words: string): number {
  const wide = words.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/g)?.length ?? 0;
  return Math.min(READING_MAX_SECONDS, 1 + (words.length + wide) / 20);
}

/**
 * Where step changes go in a controlled player: the owner decides, and tells the store with `syncIndex`.
 * Receives a 0-based index.
 */
export type IndexController = (index: number) => void;

export interface PlayerState {
  readonly trace: Trace;
  /** 0-based index of the current step. */
  readonly index: number;
  readonly status: PlayStatus;
  readonly stopReason: StopReason;
  /** Seconds each step stays on screen while playing. */
  readonly dwellSeconds: number;
  /** Whether the reader (or the shell) chose the dwell: if not, a step with long words stays longer. */
  readonly dwellChosen: boolean;
  /**
   * While playing, how long the current step stays (seconds): the playback timer's own length, which is longer than
   * the dwell when the step's words take longer to read; null when not playing. Set by the timer (../usePlayback.ts).
   */
  readonly dwellNow: number | null;
  /** The call_id the reader points at or has focused: every place it appears is highlighted. */
  readonly thread: string | null;
  /** The call_id the reader pinned (pressed), highlighted while nothing else is pointed at. */
  readonly pinnedThread: string | null;
  /** Whether model steps show the inner loop (token-by-token generation). Off by default. */
  readonly innerLoop: boolean;
  /** The format the context panel shows: the trace's own (neutral), or a provider's request. */
  readonly format: RequestFormatId;
  /** The steps the reader has seen (0-based indexes), for progress. */
  readonly visited: ReadonlySet<number>;
  /** The option the reader chose for each answered checkpoint, by the checkpoint's key. */
  readonly answers: ReadonlyMap<number, number>;
  /** The checkpoint answered last, while its step is still shown (its verdict is what is announced). */
  readonly justAnswered: number | null;
  /** The checkpoints asked, by the index of their step (the checkpoint's key): playback waits at one unanswered. */
  readonly checkpointsAt: ReadonlyMap<number, number>;
  /**
   * The run overview's keys (next problem, round, call of the same tool; Find), while an overview is shown: the
   * figure hands it the keys it does not use itself, and it says whether it took the key.
   */
  readonly jump: ((event: KeyEventLike) => boolean) | null;
  /** Say which steps ask a checkpoint (the player's placed checkpoints). */
  setCheckpoints(at: ReadonlyMap<number, number>): void;
  /** Answer a checkpoint, once: a later choice does not change it. */
  answer(key: number, option: number): void;
  /** Take up a reader's earlier record (a resumed session): steps seen and answers given. */
  restore(record: {
    readonly visited?: Iterable<number>;
    readonly answers?: Iterable<readonly [number, number]>;
  }): void;
  next(): void;
  prev(): void;
  first(): void;
  last(): void;
  /** Go to a 0-based index; out-of-range values are clamped. */
  goTo(index: number): void;
  /** Start playing; from the last step, start again at the first. */
  play(): void;
  pause(): void;
  toggle(): void;
  /** Advance one step while playing; stop by itself on the last step, and at a checkpoint not yet answered. */
  tick(): void;
  setDwell(seconds: number): void;
  /** Point at a call_id's thread, or stop pointing (`null`) — only if it is still the one pointed at. */
  pointThread(callId: string | null, from?: string): void;
  /** Pin a call_id's thread, or unpin it when it is the pinned one. */
  togglePin(callId: string): void;
  toggleInnerLoop(): void;
  setFormat(format: RequestFormatId): void;
  /** Show another trace (another scenario or language): the step is kept where it exists, else clamped. */
  setTrace(trace: Trace): void;
  /** Set the step without asking a controller: for the owner of a controlled player. */
  syncIndex(index: number): void;
  /** Hand step changes to an owner (controlled player), or take them back (`null`). */
  setController(controller: IndexController | null): void;
}

export type PlayerStore = StoreApi<PlayerState>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const lastIndexOf = (trace: Trace) => Math.max(0, trace.steps.length - 1);
const clampIndex = (index: number, trace: Trace) =>
  clamp(Number.isFinite(index) ? Math.round(index) : 0, 0, lastIndexOf(trace));

/** The number of steps of the player's trace. */
export const stepCountOf = (state: Pick<PlayerState, "trace">): number => state.trace.steps.length;

/**
 * Create a player's store. Manual navigation pauses playback: the reader has taken over.
 * @example const store = createPlayerStore({ trace: runScenario(scenarioById("f22", DEFAULT_LANG)) }); store.getState().next();
 */
export function createPlayerStore(options: {
  trace: Trace;
  initialIndex?: number;
  dwellSeconds?: number;
}): PlayerStore {
  // Per store, never per module: two figures on one page never share a controller.
  let controller: IndexController | null = null;
  const store = createStore<PlayerState>()((set, get) => {
    /** Move to an index: directly, or by asking the owner of a controlled player. */
    const request = (index: number, status: PlayStatus, stopReason: StopReason) => {
      const target = clampIndex(index, get().trace);
      if (controller === null) {
        set({ index: target, status, stopReason });
        return;
      }
      set({ status, stopReason });
      if (target !== get().index) controller(target);
    };
    const moveTo = (index: number) => request(index, "paused", "reader");
    return {
      trace: options.trace,
      index: clampIndex(options.initialIndex ?? 0, options.trace),
      status: "paused",
      stopReason: "reader",
      dwellSeconds: clamp(options.dwellSeconds ?? DWELL.initial, DWELL.min, DWELL.max),
      dwellChosen: options.dwellSeconds !== undefined,
      dwellNow: null,
      thread: null,
      pinnedThread: null,
      innerLoop: false,
      format: "neutral",
      visited: new Set([clampIndex(options.initialIndex ?? 0, options.trace)]),
      answers: new Map(),
      justAnswered: null,
      checkpointsAt: new Map(),
      jump: null,
      setCheckpoints: (at) => set({ checkpointsAt: at }),
      answer: (key, option) => {
        if (get().answers.has(key)) return;
        set({ answers: new Map([...get().answers, [key, option]]), justAnswered: key });
      },
      restore: (record) => {
        const visited = new Set(
          [...get().visited, ...(record.visited ?? [])].filter((i) => i >= 0 && i < stepCountOf(get())),
        );
        set({ visited, answers: new Map([...get().answers, ...(record.answers ?? [])]) });
      },
      setFormat: (format) => set({ format }),
      pointThread: (callId, from) => {
        if (callId !== null) set({ thread: callId });
        else if (from === undefined || get().thread === from) set({ thread: null });
      },
      togglePin: (callId) => set({ pinnedThread: get().pinnedThread === callId ? null : callId }),
      toggleInnerLoop: () => set({ innerLoop: !get().innerLoop }),
      next: () => moveTo(get().index + 1),
      prev: () => moveTo(get().index - 1),
      first: () => moveTo(0),
      last: () => moveTo(lastIndexOf(get().trace)),
      goTo: (index) => moveTo(index),
      play: () => {
        const { index, trace } = get();
        request(index >= lastIndexOf(trace) ? 0 : index, "playing", "reader");
      },
      pause: () => set({ status: "paused", stopReason: "reader" }),
      toggle: () => (get().status === "playing" ? get().pause() : get().play()),
      tick: () => {
        const { status, index, trace } = get();
        if (status !== "playing") return;
        const nextIndex = Math.min(index + 1, lastIndexOf(trace));
        const atEnd = nextIndex >= lastIndexOf(trace);
        // A question the reader has not answered yet: playback stops there, for the reader to predict first.
        const asks = get().checkpointsAt.get(nextIndex);
        const waits = asks !== undefined && !get().answers.has(asks);
        request(nextIndex, atEnd || waits ? "paused" : "playing", atEnd ? "end" : waits ? "checkpoint" : "reader");
      },
      setDwell: (seconds) => {
        if (Number.isFinite(seconds)) set({ dwellSeconds: clamp(seconds, DWELL.min, DWELL.max), dwellChosen: true });
      },
      setTrace: (trace) => {
        if (trace === get().trace) return;
        const index = clampIndex(get().index, trace);
        // A shorter trace can end playback where it stands.
        const status = get().status === "playing" && index >= lastIndexOf(trace) ? "paused" : get().status;
        set({ trace, index, status, thread: null, pinnedThread: null });
      },
      syncIndex: (index) => {
        const target = clampIndex(index, get().trace);
        if (target !== get().index) set({ index: target });
      },
      setController: (next) => {
        controller = next;
      },
    };
  });
  // Every step shown is a step seen; a new step ends the last answer's moment.
  store.subscribe((state, previous) => {
    if (state.index === previous.index) return;
    const visited = state.visited.has(state.index) ? state.visited : new Set([...state.visited, state.index]);
    store.setState({ visited, justAnswered: null });
  });
  return store;
}

/** The state a reader sees: playing, paused, or ended (paused on the last step). */
export function dataStateOf(state: Pick<PlayerState, "index" | "trace" | "status">): PlayerDataState {
  if (state.status === "playing") return "playing";
  return state.index >= stepCountOf(state) - 1 ? "ended" : "paused";
}
