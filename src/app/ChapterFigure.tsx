/**
 * The figure on the chapter page, with the page's URL as its step's home: `?step` / `#step-N` open it there, a
 * `#step-N` link followed on the page moves it, and the URL follows the reader's steps once they settle.
 */
import { type Ref, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Lang } from "../content/languages";
import type { Checkpoint, FigureText, PageText } from "../content/types";
import type { Trace } from "../engine";
import { defined } from "../engine";
import { Player, type PlayerHandle, type ScenarioLinks, type StepNote } from "../player";
import { replaceUrl } from "./page-url";
import { type StepProblem, stepFromUrl } from "./url";

/**
 * Run `task` once the reader has stopped stepping for a moment. history.replaceState costs several milliseconds
 * of main thread per call: done on every step it delays the next step's frame; done once after a burst, never.
 */
function useSettled(delayMs: number): { schedule: (task: () => void) => void; cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      schedule: (task: () => void) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(task, delayMs);
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delayMs],
  );
}

/**
 * The figure on the chapter page, controlled: the step is this component's state (and only this component
 * re-renders on a step, never the page around it). It first renders step 1, as pre-rendered; right after
 * hydration, before the first paint, it applies the step the URL asks for (`?step`, `#step-N`).
 */
export function ChapterFigure(props: {
  ref: Ref<PlayerHandle>;
  /** Whether this is the figure the page opened with, whose step the URL names (a later one starts at step 1). */
  readUrlStep: boolean;
  trace: Trace;
  text: FigureText;
  onLangChange: (lang: Lang) => void;
  /** The page's words for a link to a step that does not exist. */
  stepLinkProblem: PageText["stepLinkProblem"];
  /** Warnings shown inside the figure at their steps (a loaded transcript's pairing problems). */
  notes?: readonly StepNote[] | undefined;
  /** The story's checkpoints, when the reader asked for them. */
  checkpoints?: readonly Checkpoint[] | undefined;
  /** How the page opens the built-ins the story links onward to. */
  scenarioLinks?: ScenarioLinks | undefined;
}) {
  const { trace, text, onLangChange } = props;
  const [step, setStep] = useState(1);
  // ?present=1: the figure opens in presenter mode (read with the link's step, once).
  const [present, setPresent] = useState(false);
  const [linkProblem, setLinkProblem] = useState<{ problem: StepProblem; shown: number } | null>(null);
  // ?find=…: what the run's overview finds at first (read after hydration: the pre-rendered page has none).
  const [find, setFind] = useState<string | undefined>(undefined);
  useEffect(() => setFind(new URLSearchParams(window.location.search).get("find") ?? undefined), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; the URL is read once
  useLayoutEffect(() => {
    if (!props.readUrlStep) return;
    if (new URLSearchParams(window.location.search).get("present") === "1") setPresent(true);
    const request = stepFromUrl(window.location, trace.steps.length);
    setStep(request.index + 1);
    if (request.invalid !== null) setLinkProblem({ problem: request.invalid, shown: request.index + 1 });
  }, []);

  // The player's handle, for this page and for the page's owner (`props.ref`).
  const handle = useRef<PlayerHandle | null>(null);
  const outer = props.ref;
  const playerRef = useCallback(
    (next: PlayerHandle | null) => {
      handle.current = next;
      if (typeof outer === "function") outer(next);
      else if (outer !== null && outer !== undefined) outer.current = next;
    },
    [outer],
  );

  const whenSettled = useSettled(400);
  // A `#step-N` link followed on this page (a course author's "see step 6") moves the figure there. The link
  // wins over a URL write still pending from stepping (which would put the old step back), and a link to the step
  // the URL already names, which fires no hashchange while that write is pending, is followed from its click.
  useEffect(() => {
    const follow = (hash: string) => {
      if (!hash.startsWith("#step-")) return; // other anchors on the page are not the figure's business
      const next = stepFromUrl({ hash, search: "" }, trace.steps.length);
      if (next.invalid !== null) return;
      whenSettled.cancel();
      // Following a link is the reader taking over, as a step of their own is: a playing figure stops there.
      handle.current?.pause();
      setStep(next.index + 1);
      // A step's URL write that ran between the link and its event (a busy page) named another step: the link wins.
      if (window.location.hash !== hash)
        replaceUrl((url) => {
          url.hash = hash;
        });
    };
    // The hash the link set, from the event: by the time it is handled, a pending URL write may have replaced it.
    const onHashChange = (event: HashChangeEvent) => follow(new URL(event.newURL).hash);
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href);
      const here = new URL(window.location.href);
      // Only a link to this page's current hash: any other hash fires a hashchange of its own.
      if (
        url.origin === here.origin &&
        url.pathname === here.pathname &&
        url.search === here.search &&
        url.hash === here.hash
      )
        follow(url.hash);
    };
    window.addEventListener("hashchange", onHashChange);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("hashchange", onHashChange);
      document.removeEventListener("click", onClick);
    };
  }, [trace.steps.length, whenSettled]);

  const onStepChange = useCallback(
    (n: number) => {
      setStep(n);
      setLinkProblem(null);
      whenSettled.schedule(() =>
        replaceUrl((url) => {
          url.hash = `step-${n}`;
          url.searchParams.delete("step");
        }),
      );
    },
    [whenSettled],
  );

  return (
    <>
      <Player
        ref={playerRef}
        warmUp
        trace={trace}
        text={text}
        step={step}
        onStepChange={onStepChange}
        onLangChange={onLangChange}
        {...defined({ notes: props.notes })}
        {...defined({ checkpoints: props.checkpoints })}
        {...defined({ scenarioLinks: props.scenarioLinks })}
        {...defined({ find })}
        present={present}
      />
      {linkProblem === null ? null : (
        <p className="page-note" role="note">
          {props.stepLinkProblem(linkProblem.problem, trace.steps.length, linkProblem.shown)}
        </p>
      )}
    </>
  );
}
