/**
 * One store per player: the current step and whether it is playing. Never the steps themselves — those are
 * the engine's trace, passed to components as data.
 */
import { createStore, type StoreApi } from "zustand/vanilla";

/** Whether the player advances by itself. `ended` is derived (paused on the last step), not stored. */
export type PlayStatus = "playing" | "paused";

/** What a reader sees as the player's state (`data-state`). */
export type PlayerDataState = "playing" | "paused" | "ended";

/** Dwell time bounds, in seconds per step. */
export const DWELL = { min: 1, max: 8, step: 0.5, initial: 3 } as const;

export interface PlayerState {
  /** 0-based index of the current step. */
  readonly index: number;
  readonly stepCount: number;
  readonly status: PlayStatus;
  /** Seconds each step stays on screen while playing. */
  readonly dwellSeconds: number;
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
  /** Advance one step while playing; stop by itself on the last step. */
  tick(): void;
  setDwell(seconds: number): void;
}

export type PlayerStore = StoreApi<PlayerState>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Create a player's store. Manual navigation pauses playback: the reader has taken over.
 * @example const store = createPlayerStore({ stepCount: 8 }); store.getState().next();
 */
export function createPlayerStore(options: {
  stepCount: number;
  initialIndex?: number;
  dwellSeconds?: number;
}): PlayerStore {
  const stepCount = Math.max(1, Math.floor(options.stepCount));
  const lastIndex = stepCount - 1;
  return createStore<PlayerState>()((set, get) => {
    const moveTo = (index: number) => set({ index: clamp(Math.round(index), 0, lastIndex), status: "paused" });
    return {
      index: clamp(Math.round(options.initialIndex ?? 0), 0, lastIndex),
      stepCount,
      status: "paused",
      dwellSeconds: clamp(options.dwellSeconds ?? DWELL.initial, DWELL.min, DWELL.max),
      next: () => moveTo(get().index + 1),
      prev: () => moveTo(get().index - 1),
      first: () => moveTo(0),
      last: () => moveTo(lastIndex),
      goTo: (index) => moveTo(Number.isFinite(index) ? index : 0),
      play: () => set((s) => ({ status: "playing", index: s.index >= lastIndex ? 0 : s.index })),
      pause: () => set({ status: "paused" }),
      toggle: () => (get().status === "playing" ? get().pause() : get().play()),
      tick: () =>
        set((s) => {
          if (s.status !== "playing") return s;
          const index = Math.min(s.index + 1, lastIndex);
          return { index, status: index >= lastIndex ? "paused" : "playing" };
        }),
      setDwell: (seconds) => {
        if (Number.isFinite(seconds)) set({ dwellSeconds: clamp(seconds, DWELL.min, DWELL.max) });
      },
    };
  });
}

/** The state a reader sees: playing, paused, or ended (paused on the last step). */
export function dataStateOf(state: Pick<PlayerState, "index" | "stepCount" | "status">): PlayerDataState {
  if (state.status === "playing") return "playing";
  return state.index >= state.stepCount - 1 ? "ended" : "paused";
}
