/** The checkpoints a figure asks, placed at their steps: given to the figure's views by its player. */
import { createContext, useContext } from "react";
import type { PlacedCheckpoint } from "../course/progress";

/** No checkpoints: one value, so that a figure without them never changes its context (the reader's seed arriving). */
export const NONE: readonly PlacedCheckpoint[] = Object.freeze([]);

export const CheckpointsContext = createContext<readonly PlacedCheckpoint[]>(NONE);

/** The checkpoints of the figure this view is in (none for the print frames and the rehearsal's copy). */
export const useCheckpoints = (): readonly PlacedCheckpoint[] => useContext(CheckpointsContext);
