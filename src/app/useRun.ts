/**
 * What the chapter page needs for recorded runs, loaded only once a run is in play (the panel opened, a run by
 * link, a loaded one, why one was not loaded, an export's report): the words for recorded runs and their views,
 * the step phrases that tell a run, the replay check's result ("would it replay?") and the notes at a run's steps.
 */
import { type Dispatch, useEffect, useMemo, useState } from "react";
import type { Lang } from "../content/languages";
import type { RunText, StepPhrasing } from "../content/types";
import type { StepNote } from "../player";
import { loadRunWords, loadStepPhrases } from "./languages";
import type { PageAction, PageState } from "./page-state";
import type { ReplayCheck } from "./RunViews";
import type { Loaded, RunStory } from "./TranscriptPanel";

/** What the page shows of a recorded run (./RunViews.tsx): a chunk loaded with the words for recorded runs. */
export type RunViews = typeof import("./RunViews");

export interface RunState {
  /** The words for recorded runs, and their views, once both have loaded. */
  readonly words: { readonly runs: RunText; readonly views: RunViews } | null;
  /** The loaded run, once the step phrases that tell it have loaded, with them. */
  readonly run: { readonly loaded: Loaded; readonly steps: StepPhrasing } | null;
  /** A recorded run's story, in the page's words of the moment. */
  readonly story: RunStory | null;
  /** The replay check's result, from the run's view (its problems are noted at their steps). */
  readonly onCheck: (check: ReplayCheck | null) => void;
  readonly notes: readonly StepNote[] | undefined;
}

/**
 * The run state of the page. `asked`: something asked for the words for recorded runs (they load, and from then
 * on with every language the page switches to).
 */
export function useRun(state: PageState, dispatch: Dispatch<PageAction>, asked: boolean): RunState {
  const { language, imported, panelOpen, transcriptProblem } = state;
  const { runs, steps } = language;
  const lang: Lang = language.labels.lang;
  const [views, setViews] = useState<RunViews | null>(null);
  const needed = asked || panelOpen || imported !== null || transcriptProblem !== null;
  useEffect(() => {
    if (!needed || (runs !== undefined && views !== null)) return;
    let live = true;
    // Both before either shows, so that a loaded run's bar comes with its figure (a lazy component's first render
    // would hold it back a moment).
    void Promise.all([loadRunWords(lang), import("./RunViews")]).then(([words, module]) => {
      if (!live) return;
      setViews(() => module);
      dispatch({ type: "runs", lang, runs: words });
    });
    return () => {
      live = false;
    };
  }, [needed, runs, views, lang, dispatch]);
  // A run is told by the step phrases (the built-ins' words come written with them).
  useEffect(() => {
    if (!needed || steps !== undefined) return;
    let live = true;
    void loadStepPhrases(lang).then((phrases) => live && dispatch({ type: "steps", lang, steps: phrases }));
    return () => {
      live = false;
    };
  }, [needed, steps, lang, dispatch]);
  const story = useMemo(() => (runs === undefined || views === null ? null : views.runStoryIn(runs)), [runs, views]);
  // "Would it replay?": run by the run's view (./RunViews.tsx), which reports it here for the notes.
  const [checked, setChecked] = useState<ReplayCheck | null>(null);
  const check = checked !== null && checked.for === imported ? checked : null;
  const run = imported === null || steps === undefined ? null : { loaded: imported, steps };
  const notes = useMemo(
    () =>
      imported === null || runs === undefined || views === null ? undefined : views.runNotes(runs, imported, check),
    [imported, runs, views, check],
  );
  return {
    words: runs === undefined || views === null ? null : { runs, views },
    run,
    story,
    onCheck: setChecked,
    notes,
  };
}
