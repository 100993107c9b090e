import { useEffect } from "react";
import { usePlayer, usePlayerStore } from "./store/context";
import type { PlayerState } from "./store/createPlayerStore";
import { useLatest } from "./useLatest";

const selectTiming = (s: PlayerState) =>
  s.status === "playing" ? `${s.index}:${s.dwellSeconds}:${s.dwellChosen ? "chosen" : ""}` : null;

/**
 * While playing, advance one step per dwell time; the timer belongs to this player alone. While the reader has not
 * chosen a dwell, a step stays as long as its words take to read (`reading`, in seconds, by 0-based index), if
 * that is longer.
 */
export function usePlayback(reading: (index: number) => number): void {
  const store = usePlayerStore();
  const timing = usePlayer(selectTiming);
  const readingRef = useLatest(reading);
  useEffect(() => {
    if (timing === null) {
      // Not playing: no timer runs, so no step's stay is shown.
      if (store.getState().dwellNow !== null) store.setState({ dwellNow: null });
      return;
    }
    const { dwellSeconds, dwellChosen, index } = store.getState();
    const seconds = dwellChosen ? dwellSeconds : Math.max(dwellSeconds, readingRef.current(index));
    store.setState({ dwellNow: seconds });
    const timer = setTimeout(() => store.getState().tick(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [timing, store, readingRef]);
}
