import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { FigureText } from "../../content/types";
import { CatalogContext, useCatalog } from "../catalog";
import { WINDOW_AT } from "../limits";
import type { NotesByStep } from "../notes";
import { PlayerStoreContext, usePlayerStore } from "../store/context";
import { createPlayerStore, type PlayerStore } from "../store/createPlayerStore";
import { useLatest } from "../useLatest";
import { FigureView } from "./FigureView";

/** How long the reader's own stepping keeps the rehearsal waiting: it never takes idle time between their steps. */
export const REHEARSAL_QUIET_MS = 500;

/**
 * The figure's rehearsal, so that the reader's first visit to a step is as quick as a later one.
 *
 * A step's first visit runs cold: functions V8 compiles on their first call, React's update paths, framer-motion's
 * first animation, text the browser has not shaped yet. It cost about twice a later visit, and those first visits
 * made the step latency's tail (BENCHMARKS.md). So, once the page is idle, an invisible, inert copy of the figure
 * with a store of its own steps through every step, and then unmounts.
 *
 * All of its work is done inside idle periods: each step is rendered (flushSync) and laid out (one layout read of
 * the hidden copy) in the idle callback itself, as many steps as the idle period has room for, so the rehearsal is
 * over within a few idle periods of the page's load and never spills into a task of its own. It never touches the
 * figure's store (no step change, no event, no announcement); it waits while the figure plays (a playing figure warms
 * itself, and playback must have no long task) and while the reader is stepping (their next key must not wait
 * behind it); a trace long enough for the row window is not rehearsed. The copy keeps the trace and the words the
 * figure had when it began (words may be written for one trace alone: a language switched to meanwhile is the
 * figure's business, not the copy's).
 */
export function Rehearsal(props: { notes: NotesByStep }) {
  const figure = usePlayerStore();
  const words = useLatest(useCatalog());
  const [copy, setCopy] = useState<{ readonly store: PlayerStore; readonly text: FigureText } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { trace } = figure.getState();
    const text = words.current;
    const total = trace.steps.length;
    if (typeof requestIdleCallback !== "function" || total > WINDOW_AT) return;
    const store = createPlayerStore({ trace });
    let readerStepped = Number.NEGATIVE_INFINITY;
    const unsubscribe = figure.subscribe((state, previous) => {
      if (state.index !== previous.index) readerStepped = performance.now();
    });
    // Renders an update of the copy now, and lays it out: the copy is hidden, so reading its box builds its boxes
    // and shapes its text, and paints nothing.
    const show = (update: () => void) => {
      flushSync(update);
      root.current?.getBoundingClientRect();
    };
    // 0: mount the copy at step 1; 1 … total - 1: show that step; total: unmount, and stop.
    let next = 0;
    let idle = 0;
    const rehearse = (deadline: IdleDeadline) => {
      if (next === total) {
        // Unmounting is done in an idle period too, never in the frame of a reader's step.
        flushSync(() => setCopy(null));
        unsubscribe();
        return;
      }
      const quiet = performance.now() - readerStepped >= REHEARSAL_QUIET_MS;
      if (quiet && figure.getState().status === "paused") {
        if (next === 0) {
          // The copy mounts in an idle period of its own: a frame passes before its first step change, so its
          // arrows travel as the figure's do (see StepRow's `painted`).
          show(() => setCopy({ store, text }));
          next = 1;
        } else {
          let cost = 0;
          do {
            const start = performance.now();
            const step = next;
            show(() => store.getState().goTo(step));
            next += 1;
            cost = performance.now() - start;
          } while (next < total && deadline.timeRemaining() > cost * 1.5);
        }
      }
      idle = requestIdleCallback(rehearse);
    };
    idle = requestIdleCallback(rehearse);
    return () => {
      cancelIdleCallback(idle);
      unsubscribe();
    };
  }, [figure, words]);
  if (copy === null) return null;
  return (
    <div className="alf-rehearsal" aria-hidden="true" inert ref={root}>
      <PlayerStoreContext.Provider value={copy.store}>
        <CatalogContext.Provider value={copy.text}>
          <FigureView variant="inline" controls="full" announce={false} notes={props.notes} toolbar={null} />
        </CatalogContext.Provider>
      </PlayerStoreContext.Provider>
    </div>
  );
}
