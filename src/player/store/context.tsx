import { createContext, type ReactNode, useContext, useState } from "react";
import { useStore } from "zustand";
import type { Trace } from "../../engine";
import { defined } from "../../engine";
import { createPlayerStore, type PlayerState, type PlayerStore } from "./createPlayerStore";

export const PlayerStoreContext = createContext<PlayerStore | null>(null);

/**
 * Gives its subtree a store of its own, created once from the first props: two players never share state.
 * Later props reach the store through the player's updater, never by making a new store.
 */
export function PlayerProvider(props: {
  trace: Trace;
  initialIndex?: number;
  dwellSeconds?: number;
  children: ReactNode;
}) {
  const { trace, initialIndex, dwellSeconds } = props;
  const [store] = useState(() =>
    createPlayerStore({
      trace,
      ...defined({ initialIndex }),
      ...defined({ dwellSeconds }),
    }),
  );
  return <PlayerStoreContext.Provider value={store}>{props.children}</PlayerStoreContext.Provider>;
}

/** This player's store; throws a clear error outside a PlayerProvider. */
export function usePlayerStore(): PlayerStore {
  const store = useContext(PlayerStoreContext);
  if (store === null) throw new Error("usePlayer must be used inside <PlayerProvider> (one per figure).");
  return store;
}

/** Read from this player's store with a selector (module-level selectors; useShallow for objects). */
export function usePlayer<T>(selector: (state: PlayerState) => T): T {
  return useStore(usePlayerStore(), selector);
}
