import {
  type ComponentType,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { type Lang, languageOf } from "../content/languages";
import { type ChapterProse, type Checkpoint, type FigureText, type PageText, storyCatalog } from "../content/types";
import type { Trace } from "../engine";
import { defined } from "../engine";
import type { Resolution } from "../figure/source";
import { Player, type PlayerHandle, type StepNote } from "../player";
import { DEFAULT_SCENARIO_ID, isScenarioId, SCENARIO_IDS, type ScenarioId } from "../scenarios/ids";
import type { BuiltinFigure } from "../scenarios/types";
import type { ImportRun } from "./import-client";
import { loadPageLanguage, loadRunWords, loadStepPhrases, type PageLanguage } from "./languages";
import { initialPageState, pageReducer, syncUrl } from "./page-state";
import type { ReplayCheck } from "./RunViews";
import { runStoryIn } from "./run-story";
import type { Loaded } from "./TranscriptPanel";
import { type StepProblem, stepFromUrl } from "./url";

/** The other built-ins' module (./builtins.ts), loaded when one is asked for. */
export type Builtins = typeof import("./builtins");

const ChapterCode = lazy(() => import("./ChapterCode"));
/**
 * The export bar, in a chunk of its own that the page asks for as it hydrates: the figure above it hydrates
 * without waiting for it, and its pre-rendered HTML stays as it is until it has loaded (a boundary that suspends
 * while hydrating keeps the server's HTML).
 */
const LazyExportBar = lazy(() => import("./ExportBar").then((module) => ({ default: module.ExportBar })));
const TranscriptPanel = lazy(() => import("./TranscriptPanel"));
const FigureFileSource = lazy(() => import("./FigureFileSource"));
// Why a figure file cannot be shown, where it would be (only ever for a figure file, which loads its reader too).
const FigureProblems = lazy(() =>
  import("../player/FigureProblems").then((module) => ({ default: module.FigureProblems })),
);
/** What the page shows of a recorded run (./RunViews.tsx): a chunk loaded with the words for recorded runs. */
type RunViews = typeof import("./RunViews");

/** A URL the page's link names, resolved against this page, if it is on this page's origin. */
function sameOriginUrl(link: string): URL | null {
  try {
    const url = new URL(link, window.location.href);
    return url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/** Replace the URL without adding a history entry per step. */
function replaceUrl(mutate: (url: URL) => void): void {
  const url = new URL(window.location.href);
  mutate(url);
  window.history.replaceState(window.history.state, "", url);
}

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
function ChapterFigure(props: {
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
}) {
  const { trace, text, onLangChange } = props;
  const [step, setStep] = useState(1);
  const [linkProblem, setLinkProblem] = useState<{ problem: StepProblem; shown: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; the URL is read once
  useLayoutEffect(() => {
    if (!props.readUrlStep) return;
    const request = stepFromUrl(window.location, trace.steps.length);
    setStep(request.index + 1);
    if (request.invalid !== null) setLinkProblem({ problem: request.invalid, shown: request.index + 1 });
  }, []);

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
        ref={props.ref}
        warmUp
        trace={trace}
        text={text}
        step={step}
        onStepChange={onStepChange}
        onLangChange={onLangChange}
        {...defined({ notes: props.notes })}
        {...defined({ checkpoints: props.checkpoints })}
      />
      {linkProblem === null ? null : (
        <p className="page-note" role="note">
          {props.stepLinkProblem(linkProblem.problem, trace.steps.length, linkProblem.shown)}
        </p>
      )}
    </>
  );
}

/** What a part of the prose without its words renders inside: nothing (see ProsePart). */
const KEEP: { __html: string } = { __html: "" };

/**
 * A part of the page's prose (in a wrapper that CSS lays out as if it were not there). Without its words (the
 * language the page was pre-rendered in, not loaded again), the wrapper's content is the pre-rendered HTML, which
 * hydration leaves as it is: React does not hydrate the inside of an element given its inner HTML, and in
 * production never writes it at hydration (the empty string is never set). With words, a new wrapper (another key)
 * replaces it, rendered from them.
 */
function ProsePart(props: { prose: ChapterProse | undefined; render: (prose: ChapterProse) => ReactNode }) {
  return props.prose === undefined ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: no HTML is ever set: the pre-rendered prose is kept
    <div key="pre-rendered" className="page-prose" dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <div key="rendered" className="page-prose">
      {props.render(props.prose)}
    </div>
  );
}

/**
 * The page's prose, in four parts around the figure. The language the page was pre-rendered in hydrates without
 * its prose (there is nothing in it to hydrate), which stays as pre-rendered; a language switched to brings its
 * prose, and each part is rendered afresh in it.
 */
function useChapterProse(
  prose: ChapterProse | undefined,
  lang: Lang,
  CodeSection: ComponentType<{ prose: ChapterProse; lang: Lang }>,
) {
  return useMemo(() => {
    const part = (render: (words: ChapterProse) => ReactNode) => <ProsePart prose={prose} render={render} />;
    return {
      guide: part((words) => (
        <section aria-labelledby="guide-heading" className="page-guide">
          <h2 id="guide-heading">{words.guideHeading}</h2>
          {words.guide.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      )),
      intro: part((words) => (
        <>
          <p className="page-question">{words.question}</p>
          <p>{words.loopsNote}</p>
          <dl className="page-glossary" aria-label={words.glossaryHeading}>
            {words.glossary.map((entry) => (
              <div key={entry.term}>
                <dt>{entry.term}</dt>
                <dd>{entry.definition}</dd>
              </div>
            ))}
          </dl>
        </>
      )),
      hints: part((words) => (
        <>
          <p className="page-hint">{words.narrowHint}</p>
          <p className="page-hint">{words.playerHint}</p>
        </>
      )),
      closing: part((words) => (
        <>
          <div className="page-panels">
            {words.panels.map((panel) => (
              <section key={panel.heading} className="page-panel">
                <h3>{panel.heading}</h3>
                <p>{panel.body}</p>
              </section>
            ))}
          </div>
          <section aria-labelledby="run-heading">
            <h2 id="run-heading">{words.runHeading}</h2>
            <p>{words.runNote}</p>
            <pre className="page-command">
              <code>{words.runCommand}</code>
            </pre>
          </section>
          <Suspense fallback={null}>
            <CodeSection prose={words} lang={lang} />
          </Suspense>
        </>
      )),
    };
  }, [prose, lang, CodeSection]);
}

/**
 * The chapter section around figure F22. It renders first exactly as it was pre-rendered into the built HTML
 * (`firstLanguage`, the registry's default, at step 1), so hydration matches; then, before the first paint, it
 * switches to the language the URL asks for (`urlLanguage`, loaded before hydration).
 */
export function App(props: {
  firstLanguage: PageLanguage;
  urlLanguage?: PageLanguage | undefined;
  /** The code section, given directly when pre-rendering; the browser loads it lazily. */
  codeSection?: ComponentType<{ prose: ChapterProse; lang: Lang }>;
  /** The export bar, given directly when pre-rendering and when the link changes the page as it opens (main.tsx);
   * otherwise the browser loads it as the page hydrates. */
  exportBar?: typeof import("./ExportBar").ExportBar | undefined;
  /** The other built-ins, when the page was opened on one that is not the default (loaded before hydration). */
  builtins?: Builtins | undefined;
}) {
  const [state, dispatch] = useReducer(pageReducer, props.firstLanguage, initialPageState);
  const { language, scenario, imported, panelOpen, unknownScenario, transcriptProblem, figureFile } = state;
  const { labels, page, runs, prose, steps } = language;
  const lang = labels.lang;
  // The words for recorded runs load when first needed (the panel, a run by link, a loaded one, why one was not
  // loaded, an export's report), and from then on with every language the page switches to.
  const [runsAsked, setRunsAsked] = useState(false);
  const [views, setViews] = useState<RunViews | null>(null);
  const needsRuns = runsAsked || panelOpen || imported !== null || transcriptProblem !== null;
  useEffect(() => {
    if (!needsRuns || (runs !== undefined && views !== null)) return;
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
  }, [needsRuns, runs, views, lang]);
  const withRuns = useRef(false);
  withRuns.current = runs !== undefined;
  // The default built-in comes with the page's language, its trace made at build time; the others load (with the
  // engine that runs them) when one is asked for, and the one shown before stays until it has.
  const [builtins, setBuiltins] = useState<Builtins | null>(props.builtins ?? null);
  // Any other figure is told by the step phrases (the default's steps' words come written, with its language), so
  // it shows once they have loaded too; from then on they load with every language the page switches to.
  const wanted = useMemo(
    () =>
      scenario === DEFAULT_SCENARIO_ID
        ? language.figure
        : steps === undefined
          ? null
          : (builtins?.builtinFigure(scenario, lang) ?? null),
    [scenario, language.figure, builtins, lang, steps],
  );
  const stepsAsked = scenario !== DEFAULT_SCENARIO_ID || figureFile !== null || needsRuns;
  useEffect(() => {
    if (!stepsAsked || steps !== undefined) return;
    let live = true;
    void loadStepPhrases(lang).then((phrases) => live && dispatch({ type: "steps", lang, steps: phrases }));
    return () => {
      live = false;
    };
  }, [stepsAsked, steps, lang]);
  const withSteps = useRef(false);
  withSteps.current = stepsAsked || steps !== undefined;
  useEffect(() => {
    if (wanted !== null) return;
    let live = true;
    void import("./builtins").then((module) => live && setBuiltins(module));
    return () => {
      live = false;
    };
  }, [wanted]);
  const [shown, setShown] = useState<BuiltinFigure>(language.figure);
  if (wanted !== null && wanted !== shown) setShown(wanted);
  const figure = useRef<PlayerHandle>(null);
  // A figure file, through the one resolver (./FigureFileSource.tsx), in the page's language: its figure, or its
  // problems where the figure would be; the scenario stays until it has resolved (and its last language until the
  // new one has).
  const [resolved, setResolved] = useState<Resolution | null>(null);
  const resolution = figureFile === null ? null : resolved;
  const onFileFailed = useCallback(
    () => dispatch({ type: "figureFileFailed", problem: { why: "figureFetchFailed" } }),
    [],
  );
  const fileShown = resolution === null || resolution.status === "loading" ? null : resolution;
  useEffect(() => {
    if (fileShown?.status === "problems" && fileShown.unread !== null)
      dispatch({
        type: "figureFileFailed",
        problem: { why: fileShown.unread, ...defined({ fetched: fileShown.fetched }) },
      });
  }, [fileShown]);
  const fileFigure = fileShown?.status === "shown" && steps !== undefined ? fileShown : null;
  // A loaded run shows once the step phrases that tell it have loaded (asked for as soon as the panel opened).
  const run = steps === undefined ? null : imported;
  const trace = run?.trace ?? fileFigure?.trace ?? shown.trace;
  // A recorded run's story, in the page's words of the moment (the resolver asks for it; the page tells it again
  // as its language changes).
  const runStory = useMemo(() => (runs === undefined ? null : runStoryIn(runs)), [runs]);
  const story = useMemo(() => {
    if (fileFigure !== null) return fileFigure.story;
    if (run === null || runStory === null) return shown.story;
    return runStory(run.name, run.summary, lang);
  }, [run, fileFigure, shown, lang, runStory]);
  // The figure's words: its steps' from the phrases, or, for the default built-in before they have loaded, as the
  // build wrote them for its trace (the only one shown until then).
  const words = steps ?? language.figure.words;
  const figureText = useMemo(() => storyCatalog({ ...labels, ...words }, story), [labels, words, story]);
  // The checkpoints, when the reader asks for them: the story's own, or (the default built-in's, whose story comes
  // without them) loaded then.
  const [loadedCheckpoints, setLoadedCheckpoints] = useState<{
    of: BuiltinFigure;
    list: readonly Checkpoint[];
  } | null>(null);
  const separate = run === null && fileFigure === null ? shown.checkpoints : undefined;
  useEffect(() => {
    if (!state.checkpoints || separate === undefined) return;
    let live = true;
    void separate().then((list) => live && setLoadedCheckpoints({ of: shown, list }));
    return () => {
      live = false;
    };
  }, [state.checkpoints, separate, shown]);
  const checkpoints = !state.checkpoints
    ? undefined
    : separate === undefined
      ? story.checkpoints
      : loadedCheckpoints?.of === shown
        ? loadedCheckpoints.list
        : undefined;
  // "Would it replay?": the loaded transcript checked for the provider the reader chose (the checker loads then).
  const [checked, setChecked] = useState<ReplayCheck | null>(null);
  useEffect(() => {
    const provider = state.checkFor;
    if (imported === null || provider === null) return;
    let current = true;
    void import("../formats/check").then(({ checkReplay, verdictModels }) => {
      if (current)
        setChecked({
          for: imported,
          provider,
          problems: checkReplay(imported.trace, provider, imported.summary.format),
          models: verdictModels(provider),
        });
    });
    return () => {
      current = false;
    };
  }, [imported, state.checkFor]);
  const check = checked !== null && checked.for === imported && checked.provider === state.checkFor ? checked : null;
  const notes = useMemo(() => {
    if (run === null || runs === undefined) return undefined;
    const { importing } = runs;
    return [
      ...run.problems.map((problem) => ({ step: problem.step, text: importing.problem(problem) })),
      ...run.notes.map((note) => ({ step: note.step, text: importing.note(note) })),
      ...(check?.problems ?? []).map((problem) => ({ step: problem.step, text: importing.checkProblem(problem) })),
    ];
  }, [run, runs, check]);
  const onLoaded = useCallback((loaded: Loaded) => dispatch({ type: "loaded", loaded }), []);
  const onNeedRuns = useCallback(() => setRunsAsked(true), []);
  // A link's transcript being read (off the main thread), for its progress and its Cancel.
  const [urlRun, setUrlRun] = useState<{ run: ImportRun; name: string } | null>(null);

  const { urlLanguage } = props;
  // Once, on mount: what the URL asks for (language, scenario, a transcript to load), before the first paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    if (urlLanguage !== undefined) dispatch({ type: "language", language: urlLanguage });
    const params = new URLSearchParams(window.location.search);
    if (params.get("checkpoints") === "1") dispatch({ type: "checkpoints", on: true });
    const file = params.get("figure");
    if (file !== null) {
      // The resolver fetches it (same origin only, as a transcript: a relative URL resolves against this page).
      const name = sameOriginUrl(file)?.pathname.split("/").pop() || "figure.json";
      dispatch({ type: "figureFile", file: { name, source: { kind: "url", url: file } } });
    }
    const transcript = params.get("transcript");
    if (transcript !== null) {
      // Same origin only: a relative URL resolves against this page; another origin is refused, with a notice.
      const url = sameOriginUrl(transcript);
      if (url === null) {
        dispatch({ type: "transcriptFailed", problem: "otherOrigin" });
      } else {
        const name = url.pathname.split("/").pop() || "transcript.json";
        setRunsAsked(true);
        void Promise.all([import("./TranscriptPanel"), loadRunWords(lang)])
          .then(([module, words]) =>
            module.loadTranscript({ kind: "transcriptUrl", url: url.href }, lang, runStoryIn(words), (run) =>
              setUrlRun({ run, name }),
            ),
          )
          .then((result) =>
            dispatch(
              typeof result === "object" && "loaded" in result
                ? { type: "loaded", loaded: result.loaded, fromUrl: true }
                : { type: "transcriptFailed", problem: result },
            ),
          )
          .catch(() => dispatch({ type: "transcriptFailed", problem: "fetchFailed" }))
          .finally(() => setUrlRun(null));
      }
    }
    const asked = params.get("scenario");
    if (asked === null) return;
    // The scenario a link names opens as the page's first figure, at the link's step.
    if (isScenarioId(asked)) dispatch({ type: "scenario", scenario: asked, fromUrl: true });
    else dispatch({ type: "unknownScenario" });
  }, []);

  // The URL follows the state: one place writes ?lang, ?scenario and drops a step that belonged to another
  // figure. It writes only what changed since it last wrote (not on mount: the URL is what the page opened with).
  // As the URL has it: the mount effect's own dispatch (checkpoints from the link) is no change to write back.
  const synced = useRef({
    lang,
    scenario,
    figure: state.figure,
    checkpoints:
      typeof window !== "undefined" && new URLSearchParams(window.location.search).get("checkpoints") === "1",
  });
  useEffect(() => {
    const last = synced.current;
    const now = { lang, scenario, figure: state.figure, checkpoints: state.checkpoints };
    if (
      last.lang === now.lang &&
      last.scenario === now.scenario &&
      last.figure === now.figure &&
      last.checkpoints === now.checkpoints
    )
      return;
    synced.current = now;
    replaceUrl((url) => syncUrl(url, state));
  }, [lang, scenario, state]);

  useEffect(() => {
    document.documentElement.lang = languageOf(lang).htmlLang;
    document.title = `${page.title} · ${figureText.ui.figureKicker}`;
  }, [lang, page, figureText]);

  const onScenarioChange = useCallback((next: ScenarioId) => dispatch({ type: "scenario", scenario: next }), []);
  const onLangChange = useCallback((next: Lang) => {
    // The figure keeps its language until the other one has loaded: never a blank or half-translated frame.
    void loadPageLanguage(next, { runs: withRuns.current, steps: withSteps.current }).then((loaded) =>
      dispatch({ type: "language", language: loaded }),
    );
  }, []);

  const proseParts = useChapterProse(prose, lang, props.codeSection ?? ChapterCode);
  const ExportBar = props.exportBar ?? LazyExportBar;

  return (
    <main className="page">
      <article>
        <h1>{page.title}</h1>
        {proseParts.guide}

        <section className="page-figure">
          <h2>
            <span className="page-kicker">{figureText.ui.figureKicker}</span> <bdi>{figureText.ui.figureTitle}</bdi>
          </h2>
          {proseParts.intro}
          <aside className="page-conditions" aria-labelledby="conditions-heading">
            <h3 id="conditions-heading">{page.conditionsHeading}</h3>
            <label className="page-scenario">
              {page.scenario}{" "}
              <select
                value={run === null && fileShown === null ? scenario : "imported"}
                onChange={(event) => onScenarioChange(event.target.value as ScenarioId)}
              >
                {run === null && fileShown === null ? null : (
                  // While a loaded transcript or figure file is shown, the picker says so; choosing a scenario leaves it.
                  <option value="imported" disabled>
                    {`${figureText.ui.figureKicker}: ${story.name}`}
                  </option>
                )}
                {SCENARIO_IDS.map((id) => (
                  <option key={id} value={id}>
                    {language.names[id]}
                  </option>
                ))}
              </select>
            </label>
            <p>
              {run !== null || fileShown !== null
                ? story.input
                : scenario === DEFAULT_SCENARIO_ID
                  ? page.conditions
                  : `${story.input}${page.conditionsNote}`}
            </p>
            <p>
              <label className="page-checkpoints">
                <input
                  type="checkbox"
                  checked={state.checkpoints}
                  onChange={(event) => dispatch({ type: "checkpoints", on: event.target.checked })}
                />{" "}
                {page.checkpoints}
              </label>
            </p>
            <button
              type="button"
              className="page-button"
              aria-expanded={panelOpen}
              onClick={() => dispatch({ type: "panel", open: !panelOpen })}
            >
              {page.openTranscript}
            </button>
            {runs === undefined || views === null ? null : (
              <>
                {urlRun === null ? null : <views.UrlImport runs={runs} run={urlRun.run} name={urlRun.name} />}
                {transcriptProblem === null ? null : <views.TranscriptNotice runs={runs} problem={transcriptProblem} />}
              </>
            )}
            {state.figureFileProblem === null ? null : (
              <p className="page-note" role="note">
                {labels.ui[state.figureFileProblem.why]}
                {state.figureFileProblem.fetched === undefined ? null : (
                  <>
                    <br />
                    {labels.ui.fetchFailure(state.figureFileProblem.fetched)}
                  </>
                )}
              </p>
            )}
            {unknownScenario ? (
              <p className="page-note" role="note">
                {page.scenarioProblem(story.name)}
              </p>
            ) : null}
          </aside>

          {panelOpen && runs !== undefined && runStory !== null ? (
            <Suspense fallback={null}>
              <TranscriptPanel
                text={runs.importing}
                lang={lang}
                story={runStory}
                onLoaded={onLoaded}
                onClose={() => dispatch({ type: "panel", open: false })}
              />
            </Suspense>
          ) : null}
          {imported === null || runs === undefined || views === null ? null : (
            <views.ImportedRun
              runs={runs}
              imported={imported}
              checkFor={state.checkFor}
              check={check}
              onCheckFor={(provider) => dispatch({ type: "checkFor", provider })}
              onLeave={() => dispatch({ type: "leaveTranscript" })}
            />
          )}
          {figureFile === null ? null : (
            <Suspense fallback={null}>
              <FigureFileSource
                source={figureFile.source}
                lang={lang}
                onResolution={setResolved}
                onFailed={onFileFailed}
              />
            </Suspense>
          )}
          {fileShown?.status === "problems" && fileShown.unread === null ? (
            <Suspense fallback={null}>
              <FigureProblems text={labels} problems={fileShown.problems} />
            </Suspense>
          ) : (
            <ChapterFigure
              // A figure file mounts afresh once it has resolved (at the link's step), not at each language.
              key={`${state.figure}:${fileFigure?.id ?? ""}:${shown.id}`}
              ref={figure}
              // A scenario still loading: the figure shown meanwhile is not the one the URL's step is for.
              readUrlStep={state.urlStep && (run !== null || fileFigure !== null || shown.id === scenario)}
              trace={trace}
              text={figureText}
              onLangChange={onLangChange}
              stepLinkProblem={page.stepLinkProblem}
              notes={notes}
              checkpoints={checkpoints}
            />
          )}
          <Suspense fallback={null}>
            <ExportBar
              text={page.exporting}
              report={runs === undefined || views === null ? null : { runs, views }}
              onNeedRuns={onNeedRuns}
              trace={trace}
              figure={figure}
              scenario={run === null && fileShown === null ? scenario : null}
              name={run !== null ? run.name.replace(/\.json$/i, "") : fileFigure !== null ? fileFigure.id : scenario}
            />
          </Suspense>
          {proseParts.hints}
        </section>
        {proseParts.closing}
      </article>
    </main>
  );
}
