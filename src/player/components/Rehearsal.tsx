import { useEffect, useState } from "react";
import type { Catalog } from "../../content";
import { WINDOW_AT } from "../limits";
import type { NotesByStep } from "../notes";
import { PlayerStoreContext, usePlayerStore } from "../store/context";
import { createPlayerStore, type PlayerStore } from "../store/createPlayerStore";
import { FigureView } from "./FigureView";

/**
 * The figure's rehearsal, so that the reader's first visit to a step is as quick as a later one.
 *
 * A step's first visit runs cold: functions V8 compiles on their first call, React's update paths, framer-motion's
 * first animation, text the browser has not shaped yet. It cost about twice a later visit, and those first visits
 * made the step latency's tail (BENCHMARKS.md). So, once the page is idle, an invisible, inert copy of the figure
 * with a store of its own steps through every step, one step per idle period, and then unmounts. It never touches
 * the figure's store (no step change, no event, no announcement); it waits while the figure plays (a playing figure
 * warms itself, and playback must have no long task); a trace long enough for the row window is not rehearsed.
 */
export function Rehearsal(props: { text: Catalog; notes: NotesByStep }) {
  const figure = usePlayerStore();
  const [copy, setCopy] = useState<PlayerStore | null>(null);
  useEffect(() => {
    const { trace } = figure.getState();
    const total = trace.steps.length;
    if (typeof requestIdleCallback !== "function" || total > WINDOW_AT) return;
    const store = createPlayerStore({ trace });
    // 0: mount the copy at step 1; 1 … total - 1: show that step; total: unmount, and stop.
    let next = 0;
    let idle = 0;
    const rehearse = () => {
      if (figure.getState().status === "paused") {
        if (next === 0) setCopy(store);
        else if (next < total) store.getState().goTo(next);
        else return setCopy(null);
        next += 1;
      }
      idle = requestIdleCallback(rehearse);
    };
    idle = requestIdleCallback(rehearse);
    return () => cancelIdleCallback(idle);
  }, [figure]);
  if (copy === null) return null;
  return (
    <div className="alf-rehearsal" aria-hidden="true" inert>
      <PlayerStoreContext.Provider value={copy}>
        <FigureView
          text={props.text}
          variant="inline"
          controls="full"
          announce={false}
          notes={props.notes}
          toolbar={null}
        />
      </PlayerStoreContext.Provider>
    </div>
  );
}
