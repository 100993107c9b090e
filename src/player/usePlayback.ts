import { useEffect } from "react";
import { usePlayer, usePlayerStore } from "./store/context";
import type { PlayerState } from "./store/createPlayerStore";

const selectTiming = (s: PlayerState) => (s.status === "playing" ? `${s.index}:${s.dwellSeconds}` : null);

/** While playing, advance one step per dwell time; the timer belongs to this player alone. */
export function usePlayback(): void {
  const store = usePlayerStore();
  const timing = usePlayer(selectTiming);
  useEffect(() => {
    if (timing === null) return;
    const timer = setTimeout(() => store.getState().tick(), store.getState().dwellSeconds * 1000);
    return () => clearTimeout(timer);
  }, [timing, store]);
}
