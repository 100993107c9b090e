import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { DEFAULT_LANG, type Lang, languageOf } from "../content/languages";
import { type Checkpoint, storyCatalog } from "../content/types";
import { defined } from "../engine";
import { type Resolved, resolveSource } from "../figure/source";
import { type PlayerHandle, type Preloaded, preloaded, type ScenarioLinks, useFigureSource } from "../player";
import { isScenarioId, SCENARIO_IDS, type ScenarioId } from "../scenarios/ids";
import { ChapterFigure } from "./ChapterFigure";
import { useChapterProse } from "./ChapterProse";
import { loadPageLanguage, type PageLanguage } from "./languages";
import { initialPageState, pageReducer } from "./page-state";
import { usePageUrl } from "./page-url";
import { PAGE_LOADERS } from "./sources";
import type { Loaded } from "./TranscriptPanel";
import { useRun } from "./useRun";

/**
 * The export bar, in a chunk of its own that the page asks for as it hydrates: the figure above it hydrates
 * without waiting for it, and its pre-rendered HTML stays as it is until it has loaded (a boundary that suspends
 * while hydrating keeps the server's HTML).
 */
const LazyExportBar = lazy(() => import("./ExportBar").then((module) => ({ default: module.ExportBar })));
const TranscriptPanel = lazy(() => import("./TranscriptPanel"));
// Why a figure file cannot be shown, where it would be (only ever for a figure file, which loads its reader too).
const FigureProblems = lazy(() =>
  import("../player/FigureProblems").then((module) => ({ default: module.FigureProblems })),
);

type Shown = Extract<Resolved, { status: "shown" }>;

/**
 * The chapter section around the figure: a layout, the page's reducer (./page-state.ts) and its URL (./page-url.ts).
 * The figure is the state's one source, through the one resolver (./sources.ts); a recorded run shows over it
 * (./useRun.ts). It renders first exactly as it was pre-rendered into the built HTML (`firstLanguage`, the
 * registry's default, its figure among `initial`, at step 1), so hydration matches; then, before the first paint,
 * it switches to the language and figure the URL asks for (loaded and resolved before hydration: ./main.tsx).
 */
export function App(props: {
  firstLanguage: PageLanguage;
  urlLanguage?: PageLanguage | undefined;
  /** The sources already resolved: the pre-rendered figure's, and the one the link asks for. */
  initial: readonly Preloaded[];
  /** The export bar, given directly when pre-rendering and when the link changes the page as it opens (main.tsx);
   * otherwise the browser loads it as the page hydrates. */
  exportBar?: typeof import("./ExportBar").ExportBar | undefined;
}) {
  const [state, dispatch] = useReducer(
    pageReducer,
    { language: props.firstLanguage, preloaded: props.initial },
    initialPageState,
  );
  const { language, source, imported, panelOpen, unknownScenario, transcriptProblem } = state;
  const { labels, page, prose } = language;
  const lang = labels.lang;
  const [runsAsked, setRunsAsked] = useState(false);
  const onRunsAsked = useCallback(() => setRunsAsked(true), []);
  const urlRun = usePageUrl(state, dispatch, { urlLanguage: props.urlLanguage, onRunsAsked });
  const recorded = useRun(state, dispatch, runsAsked);

  // The figure: the one source, through the one resolver, in the page's language. The last one shown stays while
  // the next resolves; a figure file that is not there at all leaves the page as it was, with a note.
  const onFailed = useCallback(() => dispatch({ type: "figureFileFailed", problem: { why: "figureFetchFailed" } }), []);
  const onResolved = useCallback((resolved: Resolved) => {
    if (resolved.status === "problems" && resolved.unread !== null)
      dispatch({
        type: "figureFileFailed",
        problem: { why: resolved.unread, ...defined({ fetched: resolved.fetched }) },
      });
  }, []);
  const resolution = useFigureSource(source, lang, PAGE_LOADERS, {
    keep: true,
    initial: state.preloaded,
    onFailed,
    onResolved,
  });
  const [lastShown, setLastShown] = useState<Shown | null>(null);
  if (resolution?.status === "shown" && resolution !== lastShown) setLastShown(resolution);
  const figureShown = resolution?.status === "shown" ? resolution : lastShown;
  const problems = resolution?.status === "problems" && resolution.unread === null ? resolution.problems : null;

  // The story's links onward open a built-in here, as the picker does (a new tab or a copied link, by its URL); once
  // it is shown, the reader is taken to its top, the figure focused so its keys work.
  const [followed, setFollowed] = useState<ScenarioId | null>(null);
  const scenarioLinks = useMemo<ScenarioLinks>(
    () => ({
      href: (id) =>
        isScenarioId(id)
          ? `?${new URLSearchParams({
              scenario: id,
              ...(lang === DEFAULT_LANG ? {} : { lang }),
              ...(state.checkpoints ? { checkpoints: "1" } : {}),
            })}`
          : undefined,
      follow: (id) => {
        if (!isScenarioId(id)) return;
        setFollowed(id);
        dispatch({ type: "source", source: { kind: "builtin", id } });
      },
    }),
    [lang, state.checkpoints],
  );
  useEffect(() => {
    if (followed === null || figureShown?.id !== followed) return;
    setFollowed(null);
    const shown = document.querySelector<HTMLElement>(".page-figure .alf-figure");
    shown?.focus({ preventScroll: true });
    shown?.scrollIntoView({ block: "start" });
  }, [followed, figureShown]);
  // A loaded run shows over the figure once the step phrases that tell it have loaded.
  const run = recorded.run;
  const trace = run?.loaded.trace ?? figureShown?.trace;
  const story = useMemo(() => {
    if (run !== null && recorded.story !== null) return recorded.story(run.loaded.name, run.loaded.summary, lang);
    return figureShown?.story;
  }, [run, recorded.story, figureShown, lang]);
  const words = run?.steps ?? figureShown?.words;
  const figureText = useMemo(
    () => (words === undefined || story === undefined ? null : storyCatalog({ ...labels, ...words }, story)),
    [labels, words, story],
  );
  const checkpoints = useCheckpoints(state.checkpoints, run === null ? figureShown : null, story?.checkpoints);
  const figure = useRef<PlayerHandle>(null);
  const onLoaded = useCallback((loaded: Loaded) => dispatch({ type: "loaded", loaded }), []);
  const onLangChange = useCallback(
    (next: Lang) => {
      // The figure keeps its language until the other one, and the figure in it, have loaded: never a blank or
      // half-translated frame.
      const now = source;
      void Promise.all([
        loadPageLanguage(next, { runs: runsAsked || imported !== null, steps: language.steps !== undefined }),
        resolveSource(now, next, PAGE_LOADERS),
        // The words of the figure's later parts (its panels) too, so that they change language with the rest (their
        // loader is theirs: none of it in the page's first load).
        import("../player/later").then(({ loadLater }) => loadLater(next)).catch(() => undefined),
      ]).then(([loaded, resolved]) =>
        dispatch({ type: "language", language: loaded, preloaded: preloaded(now, next, resolved) }),
      );
    },
    [source, runsAsked, imported, language.steps],
  );

  useEffect(() => {
    document.documentElement.lang = languageOf(lang).htmlLang;
    if (figureText !== null) document.title = `${page.title} · ${figureText.ui.figureKicker}`;
  }, [lang, page, figureText]);

  const proseParts = useChapterProse(prose, lang);
  const ExportBar = props.exportBar ?? LazyExportBar;
  // The figure's words, as its story tells them (its kicker and title), once it has them; the labels' meanwhile.
  const ui = figureText?.ui ?? labels.ui;
  const builtin = run === null && source.kind === "builtin";
  const name = run !== null ? run.loaded.name.replace(/\.json$/i, "") : (figureShown?.id ?? "");

  return (
    <main className="page">
      <article>
        <h1>{page.title}</h1>
        {proseParts.guide}

        <section className="page-figure">
          {/* The section names the figure's task (its title is the figure's own header, just below). */}
          <h2>
            {story === undefined ? (
              <>
                <span className="page-kicker">{ui.figureKicker}</span> <bdi>{ui.figureTitle}</bdi>
              </>
            ) : (
              <bdi>{story.name}</bdi>
            )}
          </h2>
          {proseParts.intro}
          <aside className="page-conditions" aria-labelledby="conditions-heading">
            <h3 id="conditions-heading">{page.conditionsHeading}</h3>
            <p>{builtin ? `${story?.input ?? ""}${page.conditionsNote}` : (story?.input ?? "")}</p>
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
            {recorded.words === null ? null : (
              <>
                {urlRun === null ? null : (
                  <recorded.words.views.UrlImport runs={recorded.words.runs} run={urlRun.run} name={urlRun.name} />
                )}
                {transcriptProblem === null ? null : (
                  <recorded.words.views.TranscriptNotice runs={recorded.words.runs} problem={transcriptProblem} />
                )}
              </>
            )}
            {state.figureFileProblem === null ? null : (
              <p className="page-note" role="note">
                {ui[state.figureFileProblem.why]}
                {state.figureFileProblem.fetched === undefined ? null : (
                  <>
                    <br />
                    {ui.fetchFailure(state.figureFileProblem.fetched)}
                  </>
                )}
              </p>
            )}
            {unknownScenario ? (
              <p className="page-note" role="note">
                {page.scenarioProblem(story?.name ?? "")}
              </p>
            ) : null}
          </aside>

          {imported === null || recorded.words === null ? null : (
            <recorded.words.views.ImportedRun
              runs={recorded.words.runs}
              imported={imported}
              checkFor={state.checkFor}
              onCheck={recorded.onCheck}
              onCheckFor={(provider) => dispatch({ type: "checkFor", provider })}
              onLeave={() => dispatch({ type: "leaveTranscript" })}
            />
          )}
          {problems !== null && run === null ? (
            <Suspense fallback={null}>
              <FigureProblems text={labels} problems={problems} />
            </Suspense>
          ) : trace === undefined || figureText === null ? null : (
            <ChapterFigure
              // Each figure shown mounts afresh (at the link's step, if it is the link's); a language does not.
              key={`${state.figure}:${run === null ? `figure:${figureShown?.id}` : "run"}`}
              ref={figure}
              readUrlStep={state.urlStep}
              trace={trace}
              text={figureText}
              onLangChange={onLangChange}
              stepLinkProblem={page.stepLinkProblem}
              notes={run === null ? undefined : recorded.notes}
              checkpoints={checkpoints}
              scenarioLinks={scenarioLinks}
            />
          )}
          {/* The tools a teacher or an engineer reaches for, after the figure: another scenario, a recorded run of
              their own, an export. Closed until asked for; links that name a scenario or a transcript work as ever. */}
          <details className="page-tools">
            <summary>{page.toolsHeading}</summary>
            <label className="page-scenario">
              {page.scenario}{" "}
              <select
                value={builtin && source.kind === "builtin" ? source.id : "imported"}
                onChange={(event) =>
                  dispatch({ type: "source", source: { kind: "builtin", id: event.target.value as ScenarioId } })
                }
              >
                {builtin ? null : (
                  // While a loaded transcript or figure file is shown, the picker says so; choosing a scenario leaves it.
                  <option value="imported" disabled>
                    {`${ui.figureKicker}: ${story?.name ?? ""}`}
                  </option>
                )}
                {SCENARIO_IDS.map((id) => (
                  <option key={id} value={id}>
                    {language.names[id]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="page-button"
              aria-expanded={panelOpen}
              onClick={() => dispatch({ type: "panel", open: !panelOpen })}
            >
              {page.openTranscript}
            </button>
            {panelOpen && recorded.words !== null && recorded.story !== null ? (
              <Suspense fallback={null}>
                <TranscriptPanel
                  text={recorded.words.runs.importing}
                  lang={lang}
                  story={recorded.story}
                  onLoaded={onLoaded}
                  onClose={() => dispatch({ type: "panel", open: false })}
                />
              </Suspense>
            ) : null}
            {trace === undefined ? null : (
              <Suspense fallback={null}>
                <ExportBar
                  text={page.exporting}
                  report={recorded.words}
                  onNeedRuns={onRunsAsked}
                  trace={trace}
                  figure={figure}
                  builtin={builtin && source.kind === "builtin" ? source : null}
                  name={name}
                />
              </Suspense>
            )}
          </details>
          {proseParts.hints}
        </section>
        {proseParts.closing}
      </article>
    </main>
  );
}

/**
 * The checkpoints the figure asks, when the reader asks for them: the story's own, or, for a figure whose
 * checkpoints load apart from its story (a built-in: few readers ask them), loaded then.
 */
function useCheckpoints(
  asked: boolean,
  figure: Shown | null,
  own: readonly Checkpoint[] | undefined,
): readonly Checkpoint[] | undefined {
  const [loaded, setLoaded] = useState<{ of: Shown; list: readonly Checkpoint[] } | null>(null);
  const separate = figure?.checkpoints;
  useEffect(() => {
    if (!asked || figure === null || separate === undefined) return;
    let live = true;
    void separate().then((list) => live && setLoaded({ of: figure, list }));
    return () => {
      live = false;
    };
  }, [asked, figure, separate]);
  if (!asked) return undefined;
  if (separate === undefined) return own;
  return loaded !== null && loaded.of === figure ? loaded.list : undefined;
}
