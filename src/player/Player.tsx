import {
  lazy,
  memo,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import type { Checkpoint, FigureText } from "../content";
import { type Lang, languageOf } from "../content/languages";
import { type PlacedCheckpoint, type Progress, placeCheckpoints, progressOf } from "../course/progress";
import type { Trace } from "../engine";
import { defined } from "../engine";
import { CatalogContext, useCatalog } from "./catalog";
import { CheckpointsContext, NONE as NO_CHECKPOINTS } from "./checkpoints";
import { FigureView, LanguageToggle } from "./components/FigureView";
import { InnerLoopToggle } from "./components/InnerLoopToggle";
import { PrintFrames } from "./components/LazyPanels";
import { prefersReducedMotion } from "./motion";
import { groupNotes, type StepNote } from "./notes";
import { type ScenarioLinks, ScenarioLinksContext } from "./scenario-links";
import { PlayerProvider, usePlayer, usePlayerStore } from "./store/context";
import type { PlayerState } from "./store/createPlayerStore";
import { readingSeconds, stepCountOf } from "./store/createPlayerStore";
import { useLatest } from "./useLatest";
import { usePlayback } from "./usePlayback";
import { useReader } from "./useReader";

/** Presenter mode's dialog loads when a reader first opens it: most readers never do. */
const EnlargeDialog = lazy(() =>
  import("./components/EnlargeDialog").then((module) => ({ default: module.EnlargeDialog })),
);
/** The rehearsal runs only on a page that asks for it (the chapter page), so it loads then. */
const Rehearsal = lazy(() => import("./components/Rehearsal").then((module) => ({ default: module.Rehearsal })));

/** Colour scheme of the figure: fixed, or following the reader's system (`auto`). */
export type Theme = "light" | "dark" | "auto";

/** `full`: every control; `minimal`: the step buttons and counter only (for small embeds). */
export type ControlsMode = "full" | "minimal";

/** What a shell can do to a player from outside. Step numbers are 1-based, as everywhere in the public API. */
export interface PlayerHandle {
  /** Show step `step` (1…total). Returns false, and does nothing, for a step that is not an integer in range. */
  goTo(step: number): boolean;
  next(): void;
  prev(): void;
  play(): void;
  pause(): void;
  /** The step shown now (1-based). */
  readonly step: number;
  /** How many steps the trace has. */
  readonly total: number;
}

export interface PlayerProps {
  /** The steps to show: an engine trace. A new trace replaces the old one in the same store; the step is clamped. */
  readonly trace: Trace;
  /** Every word the figure shows, in one language (`catalogs.zh`, `catalogs.en` from the content module). */
  readonly text: FigureText;
  /** Controlled: the step to show (1-based). Pair it with `onStepChange`. */
  readonly step?: number;
  /** Uncontrolled: the step to open at (1-based; clamped). */
  readonly defaultStep?: number;
  /** Called with the 1-based step the reader (or playback) moves to. */
  readonly onStepChange?: (step: number) => void;
  /** When given (and controls are full), the figure shows a 中文 / English switch. */
  readonly onLangChange?: (lang: Lang) => void;
  /** Seconds per step while playing (1–8; clamped). */
  readonly dwell?: number;
  /** Start playing once mounted, unless the reader prefers reduced motion. Default false. */
  readonly autoplay?: boolean;
  readonly theme?: Theme;
  readonly controls?: ControlsMode;
  readonly onPlay?: () => void;
  readonly onPause?: () => void;
  /** Playback reached the last step by itself (after `onPause`, as with a media element's `ended`). */
  readonly onEnded?: () => void;
  /**
   * A find to start the run's overview with (its Find box, over tool names, call ids, arguments, results and
   * messages): a page passes the find in its address. The overview marks what it finds; Enter goes to each.
   */
  readonly find?: string;
  /** Warnings to show at their steps (plain text). Keep the array's identity while it is unchanged. */
  readonly notes?: readonly StepNote[];
  /**
   * Rehearse every step in an invisible copy once the page is idle, so that a reader's first press of each step
   * costs less: a speed aid for a page built around one figure (the chapter page, embed.html). Default false:
   * a course page with several figures, or a host's own app, should not pay for one copy per figure.
   */
  readonly warmUp?: boolean;
  /**
   * Questions to predict what happens next (a story's `checkpoints`), each asked at its step: off when not
   * given. Keep the array's identity while it is unchanged.
   */
  readonly checkpoints?: readonly Checkpoint[];
  /**
   * Open in presenter mode: the figure alone, filling the screen in one 16:9 frame, type scaled to it (what the
   * Present button opens; Escape or Close leaves it). Opens when mounted with it, or when it turns true; only
   * with full controls. Default false.
   */
  readonly present?: boolean;
  /**
   * How this page opens another built-in scenario, if it can: the story's links onward ("Two calls, results out of
   * order →") are shown under the figure only then. Default: none shown.
   */
  readonly scenarioLinks?: ScenarioLinks;
  /**
   * Who is reading, as the course knows them (a learner id; never shown or reported): each reader sees a
   * checkpoint's options in an order shuffled for them, the same on every visit. Default: a seed kept in the
   * browser's local storage, or one per figure where storage is refused.
   */
  readonly reader?: string;
  /** A reader's earlier record to take up (a resumed session): steps seen (1-based) and answers by checkpoint. */
  readonly record?: {
    readonly visited?: readonly number[];
    readonly answers?: readonly (readonly [checkpoint: number, option: number])[];
  };
  /** The reader's progress, whenever it changes (and once when mounted). */
  readonly onProgress?: (progress: Progress) => void;
  /** Once per mount: the reader is at the last step with every checkpoint answered or skipped. */
  readonly onCompleted?: (progress: Progress) => void;
  /** A checkpoint was answered: which (its place in `checkpoints`), the option chosen, and whether it is right. */
  readonly onAnswer?: (answer: {
    readonly checkpoint: number;
    readonly option: number;
    readonly right: boolean;
  }) => void;
  readonly ref?: Ref<PlayerHandle>;
}

/**
 * Whether the page is being printed. The print frames (every step, with its panels) mount only then: on screen
 * they would be hundreds of hidden nodes to style and lay out on every step.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const query = typeof window.matchMedia === "function" ? window.matchMedia("print") : null;
    // Synchronously, so the frames are in the document before the browser takes its print snapshot.
    const start = () => flushSync(() => setPrinting(true));
    const stop = () => setPrinting(query?.matches ?? false);
    const onChange = () => (query?.matches ? start() : stop());
    window.addEventListener("beforeprint", start);
    window.addEventListener("afterprint", stop);
    query?.addEventListener("change", onChange);
    // Already printing when the figure mounts (a print asked for before the script had run): frames at once.
    if (query?.matches) setPrinting(true);
    return () => {
      window.removeEventListener("beforeprint", start);
      window.removeEventListener("afterprint", stop);
      query?.removeEventListener("change", onChange);
    };
  }, []);
  return printing;
}

/** Props → store, events ← store, and the imperative handle. Renders nothing. */
function StoreUpdater(props: PlayerProps & { readonly placed: readonly PlacedCheckpoint[] }) {
  const store = usePlayerStore();
  const { trace, step, dwell, autoplay } = props;
  const controlled = step !== undefined;
  const latest = useLatest(props);

  useLayoutEffect(() => store.getState().setTrace(trace), [store, trace]);
  const { placed } = props;
  useLayoutEffect(
    () => store.getState().setCheckpoints(new Map(placed.map((point) => [point.stepIndex, point.key]))),
    [store, placed],
  );
  useLayoutEffect(() => {
    if (dwell !== undefined) store.getState().setDwell(dwell);
  }, [store, dwell]);
  useLayoutEffect(() => {
    if (step !== undefined) store.getState().syncIndex(step - 1);
  }, [store, step]);
  useLayoutEffect(() => {
    store.getState().setController(controlled ? (index) => latest.current.onStepChange?.(index + 1) : null);
    return () => store.getState().setController(null);
  }, [store, controlled, latest]);

  // Progress: told when it changes (and once now); completion once per mount.
  const placedRef = useLatest(props.placed);
  const record = useRef(props.record);
  useLayoutEffect(() => {
    const earlier = record.current;
    if (earlier === undefined) return;
    store.getState().restore({
      visited: (earlier.visited ?? []).map((step) => step - 1),
      answers: earlier.answers ?? [],
    });
  }, [store]);
  useEffect(() => {
    let told = "";
    let completed = false;
    const tell = () => {
      const state = store.getState();
      const progress = progressOf(state.index, stepCountOf(state), state, placedRef.current);
      const key = JSON.stringify(progress);
      if (key === told) return;
      told = key;
      latest.current.onProgress?.(progress);
      if (progress.complete && !completed) {
        completed = true;
        latest.current.onCompleted?.(progress);
      }
    };
    tell();
    return store.subscribe((state, previous) => {
      if (state.answers !== previous.answers && state.justAnswered !== null) {
        const point = placedRef.current.find((p) => p.key === state.justAnswered);
        const option = state.answers.get(state.justAnswered);
        if (point !== undefined && option !== undefined)
          latest.current.onAnswer?.({ checkpoint: point.key, option, right: option === point.right });
      }
      if (state.index !== previous.index || state.answers !== previous.answers || state.visited !== previous.visited)
        tell();
    });
  }, [store, latest, placedRef]);

  useEffect(
    () =>
      store.subscribe((state, previous) => {
        const handlers = latest.current;
        if (state.index !== previous.index && handlers.step === undefined) handlers.onStepChange?.(state.index + 1);
        if (state.status === previous.status) return;
        if (state.status === "playing") handlers.onPlay?.();
        else {
          handlers.onPause?.();
          if (state.stopReason === "end") handlers.onEnded?.();
        }
      }),
    [store, latest],
  );

  // Autoplay once, on mount only: a later prop change is not a request to start again.
  const autoplayOnMount = useRef(autoplay);
  useEffect(() => {
    if (autoplayOnMount.current === true && !prefersReducedMotion()) store.getState().play();
  }, [store]);

  useImperativeHandle(
    props.ref,
    () => ({
      goTo(n: number) {
        if (!Number.isInteger(n) || n < 1 || n > stepCountOf(store.getState())) return false;
        store.getState().goTo(n - 1);
        return true;
      },
      next: () => store.getState().next(),
      prev: () => store.getState().prev(),
      play: () => store.getState().play(),
      pause: () => store.getState().pause(),
      get step() {
        return store.getState().index + 1;
      },
      get total() {
        return stepCountOf(store.getState());
      },
    }),
    [store],
  );
  // How long a step's words take to read: what the default dwell stretches to.
  usePlayback((index) => {
    const shown = trace.steps[index];
    return shown === undefined
      ? 0
      : readingSeconds(`${props.text.stepTitle(shown)} ${props.text.stepCaption(shown, trace)}`);
  });
  return null;
}

/**
 * Everything the player draws. Memoised on the few props it uses: a controlled player re-renders on every step
 * (its owner's state changed), and that must not re-render the whole figure — the store's subscribers do.
 */
const PlayerBody = memo(function PlayerBody(
  props: Pick<PlayerProps, "onLangChange" | "controls" | "notes" | "warmUp" | "present" | "find">,
) {
  const { onLangChange } = props;
  const text = useCatalog();
  const notes = useMemo(() => groupNotes(props.notes), [props.notes]);
  const full = (props.controls ?? "full") === "full";
  // Presenter mode: opened by the button (full screen, on the reader's gesture) or asked for by the host (`present`:
  // after mounting, so a pre-rendered figure hydrates as rendered; no full screen without a gesture).
  const [enlarged, setEnlarged] = useState(false);
  // Presenter mode's dialog is mounted once a reader first opens it (its code loads then), and stays mounted.
  const [presented, setPresented] = useState(false);
  if (enlarged && !presented) setPresented(true);
  const [fullscreen, setFullscreen] = useState(false);
  const enlargeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Only where presenter mode is offered: not on a phone, whose figure hides its button (player.css).
    const offered = (enlargeButton.current?.getClientRects().length ?? 0) > 0;
    if (full && props.present === true && offered) setEnlarged(true);
  }, [full, props.present]);
  const printing = usePrinting();
  // The rehearsal's code loads after the first frame is hydrated (a pre-rendered page never waits for it).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const languageToggle = onLangChange === undefined || !full ? null : <LanguageToggle onChange={onLangChange} />;
  return (
    <>
      <FigureView
        variant="inline"
        controls={full ? "full" : "minimal"}
        announce={!enlarged}
        notes={notes}
        find={props.find}
        toolbar={
          full ? (
            <>
              <InnerLoopToggle />
              {languageToggle}
              <button
                ref={enlargeButton}
                type="button"
                className="alf-button alf-button-small alf-present-button"
                onClick={() => {
                  setFullscreen(true);
                  setEnlarged(true);
                }}
              >
                <span aria-hidden="true">⤢ </span>
                <span className="alf-button-words">{text.ui.enlarge}</span>
                {/* On a screen too short for the stage (a projector at 150 % zoom), presenter mode is offered aloud. */}
                <span className="alf-present-hint"> {text.ui.presentShort}</span>
              </button>
            </>
          ) : null
        }
      />
      {full && presented ? (
        <Suspense fallback={null}>
          <EnlargeDialog
            open={enlarged}
            label={text.ui.dialogLabel}
            onClose={() => {
              setEnlarged(false);
              setFullscreen(false);
            }}
            fullscreen={fullscreen}
            returnFocusTo={enlargeButton}
          >
            <FigureView
              variant="enlarged"
              controls="full"
              announce={enlarged}
              notes={notes}
              toolbar={
                <>
                  <InnerLoopToggle />
                  {languageToggle}
                  <button type="button" className="alf-button alf-button-small" onClick={() => setEnlarged(false)}>
                    <span aria-hidden="true">✕ </span>
                    {text.ui.close}
                  </button>
                </>
              }
            />
          </EnlargeDialog>
        </Suspense>
      ) : null}
      {printing ? <PrintFrames /> : null}
      {props.warmUp === true && mounted ? (
        <Suspense fallback={null}>
          <Rehearsal notes={notes} />
        </Suspense>
      ) : null}
    </>
  );
});

const selectTrace = (state: PlayerState) => state.trace;

/**
 * The words given with the trace the store shows. A new trace and its words arrive together as props, and the
 * store takes the trace in a layout effect (StoreUpdater), after one render: until then the figure speaks with the
 * words given with the trace it still shows, since words can be written for one trace alone (a built-in's, on
 * the chapter page).
 */
function TextOfTrace(props: { readonly trace: Trace; readonly text: FigureText; readonly children: ReactNode }) {
  const shown = usePlayer(selectTrace);
  const given = useRef(new WeakMap<Trace, FigureText>());
  given.current.set(props.trace, props.text);
  return (
    <CatalogContext.Provider value={given.current.get(shown) ?? props.text}>{props.children}</CatalogContext.Provider>
  );
}

/**
 * The figure's player: renders a trace with a store of its own (one per instance), controlled (`step` +
 * `onStepChange`) or uncontrolled (`defaultStep`), with an imperative handle for shells. All its CSS is scoped
 * under its root element, `.alf-root`.
 * @example <Player trace={runScenario(scenarioById("f22", "en"))} text={catalogs.en} defaultStep={3} />
 */
export function Player(props: PlayerProps) {
  const { text } = props;
  const initialStep = props.step ?? props.defaultStep;
  const reader = useReader(props.reader);
  // Without checkpoints, the one empty list: the reader's seed, read after hydration, then changes nothing (a new
  // context value would make React redraw the parts still waiting for their code instead of keeping their HTML).
  const placed = useMemo(
    () =>
      props.checkpoints === undefined || props.checkpoints.length === 0
        ? NO_CHECKPOINTS
        : placeCheckpoints(props.trace, props.checkpoints, reader),
    [props.trace, props.checkpoints, reader],
  );
  return (
    <PlayerProvider
      trace={props.trace}
      {...(initialStep === undefined ? {} : { initialIndex: initialStep - 1 })}
      {...defined({ dwellSeconds: props.dwell })}
    >
      <StoreUpdater {...props} placed={placed} />
      <div className="alf-root" data-theme={props.theme ?? "auto"} lang={languageOf(text.lang).htmlLang}>
        <TextOfTrace trace={props.trace} text={text}>
          <CheckpointsContext.Provider value={placed}>
            <ScenarioLinksContext.Provider value={props.scenarioLinks ?? null}>
              <PlayerBody
                {...defined({ onLangChange: props.onLangChange })}
                {...defined({ controls: props.controls })}
                {...defined({ notes: props.notes })}
                {...defined({ warmUp: props.warmUp })}
                {...defined({ present: props.present })}
                {...defined({ find: props.find })}
              />
            </ScenarioLinksContext.Provider>
          </CheckpointsContext.Provider>
        </TextOfTrace>
      </div>
    </PlayerProvider>
  );
}
