import { Suspense, use, useEffect, useMemo, useState } from "react";
import { DEFAULT_LANG, LANGS, type Lang, languageOf } from "../content/languages";
import type { Catalog } from "../content/types";
import type { Statement } from "../course/xapi";
import { runScenario } from "../engine";
import type { FigureSource, SourceLoaders } from "../figure/source";
import type { FigureFileInput, FigureOpening } from "../figure/types";
import { FigureProblems, type PlayerProps, type Progress, useFigureSource, useLatest } from "../player";
import type { ScenarioEntry } from "../scenarios";
import { DEFAULT_ENTRY } from "../scenarios/default";
import { DEFAULT_SCENARIO_ID, type ScenarioId } from "../scenarios/ids";
import { alongside, deferred } from "./callbacks";
import { catalogNow, loadCatalog } from "./catalog-loader";
import { ScenarioFigure } from "./ScenarioFigure";
import { useFigureTheme } from "./useHostTheme";

/**
 * The figure as one component: the player's props (controlled `step` + `onStepChange` or `defaultStep`, `dwell`,
 * `autoplay`, `theme`, `controls`, `onPlay` / `onPause` / `onEnded`, `ref` for the handle), with a built-in
 * scenario or a course author's figure file instead of a trace. They mirror embed.html's URL parameters.
 */
export interface AgentLoopFigureProps
  extends Omit<PlayerProps, "trace" | "text" | "checkpoints" | "record" | "onAnswer"> {
  /**
   * Ask the story's checkpoints (predict, then reveal) at their steps. `onProgress` and `onCompleted` (once per
   * mount) report the reader's progress whether or not there are any.
   */
  readonly checkpoints?: boolean;
  /** The same moments (a step first seen, a checkpoint answered, the figure completed) as xAPI 1.0.3 statements. */
  readonly onStatement?: (statement: Statement) => void;
  /** The figure's xAPI activity IRI (default: one under the page's directory) and the learner, when known. */
  readonly xapiActivity?: string;
  readonly xapiActor?: unknown;
  /** A built-in scenario. Default `f22`. Ignored when `figure` or `figureUrl` is given. */
  readonly scenario?: ScenarioId;
  /**
   * A figure file (docs/authoring.md): the object (an imported .json file, whose types are wider than the file's,
   * is welcome: the file is checked when it loads), or its JSON text.
   */
  readonly figure?: FigureFileInput | Readonly<Record<string, unknown>> | string;
  /** A figure file's URL, fetched (with CORS, as any fetch) when `figure` is not given. */
  readonly figureUrl?: string;
  /** The figure file is shown (its id and step count), or cannot be (its problems, also shown in its place). */
  readonly onFigureLoaded?: (loaded: { readonly id: string; readonly total: number }) => void;
  readonly onFigureError?: (problems: readonly FigureProblemInfo[]) => void;
  /** Default `zh`. */
  readonly lang?: Lang;
}

/** One problem of a figure file: what, at which path, and for text its line and column. */
export interface FigureProblemInfo {
  readonly message: string;
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
}

/** What opens a figure file: the figure module, loaded when first needed (the web component brings its own). */
export type FigureOpener = () => Promise<(source: unknown, lang: Lang) => FigureOpening>;

/** The package's opener: a dynamic import, which the course site's bundler splits off. */
const importOpener: FigureOpener = () => import("../figure").then((module) => module.openFigure);

/** A built-in's entry: the default at once, another once the built-ins' module has loaded (null until then). */
function useBuiltIn(id: ScenarioId): ScenarioEntry | null {
  const [all, setAll] = useState<Readonly<Record<ScenarioId, ScenarioEntry>> | null>(null);
  const wanted = id !== DEFAULT_SCENARIO_ID && all === null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import("../scenarios").then((module) => live && setAll(module.SCENARIOS));
    return () => {
      live = false;
    };
  }, [wanted]);
  return id === DEFAULT_SCENARIO_ID ? DEFAULT_ENTRY : (all?.[id] ?? null);
}

/** The figure from a scenario or a figure file, with the opener and the words (in `lang`) the shell gives. */
export function FigureFrom(props: AgentLoopFigureProps & { readonly opener: FigureOpener; readonly text: Catalog }) {
  const {
    scenario = DEFAULT_SCENARIO_ID,
    lang = DEFAULT_LANG,
    figure,
    figureUrl,
    onFigureLoaded,
    onFigureError,
    opener,
    text,
    checkpoints: asked = false,
    onStatement,
    xapiActivity,
    xapiActor,
    onProgress,
    onCompleted,
    ...rest
  } = props;
  const source: FigureSource | null =
    figure !== undefined
      ? { kind: "file", file: figure }
      : figureUrl !== undefined
        ? { kind: "url", url: figureUrl }
        : null;
  // The one resolver, for a figure file; a built-in runs at once instead (below), so a server renders it.
  const loaders = useMemo(
    (): SourceLoaders => ({
      // No built-in loader: this shell runs a built-in at once, so a server renders it.
      figures: () => opener().then((open) => ({ open })),
    }),
    [opener],
  );
  const file = useFigureSource(source, lang, loaders) ?? { status: "loading" };
  const fromFile = source !== null;
  // The default built-in is in the entry, so a server renders it; the others load when one is asked for.
  const entry = useBuiltIn(fromFile || scenario === DEFAULT_SCENARIO_ID ? DEFAULT_SCENARIO_ID : scenario);
  const builtIn = useMemo(
    () => (fromFile || entry === null ? null : runScenario(entry.build(lang))),
    [fromFile, entry, lang],
  );
  // theme "auto" (the default) follows the host page when it says what it is (a site's dark-mode toggle).
  const theme = useFigureTheme(props.theme);
  const resolved = fromFile && file.status !== "loading" ? file : null;
  const loadedRef = useLatest(onFigureLoaded);
  const errorRef = useLatest(onFigureError);
  // Once per resolution; a file that could not be fetched has nothing read to list, so why is its one problem.
  const uiRef = useLatest(text.ui);
  useEffect(() => {
    if (resolved === null) return;
    if (resolved.status === "shown") loadedRef.current?.({ id: resolved.id, total: resolved.trace.steps.length });
    else if (resolved.unread === null) errorRef.current?.(resolved.problems);
    else {
      const ui = uiRef.current;
      const detail = resolved.fetched === undefined ? "" : ` ${ui.fetchFailure(resolved.fetched)}`;
      errorRef.current?.([{ message: `${ui[resolved.unread]}${detail}`, path: "" }]);
    }
  }, [resolved, loadedRef, errorRef, uiRef]);
  const shown = resolved?.status === "shown" ? resolved : null;
  const shownTrace = builtIn ?? shown?.trace ?? null;
  const shownStory = builtIn !== null && entry !== null ? entry.stories[lang] : (shown?.story ?? null);
  const shownId = builtIn !== null ? scenario : (shown?.id ?? "");
  const courseRef = useLatest({ onStatement, onProgress, onCompleted, xapiActivity, xapiActor });
  // The xAPI reporter loads only for a page that asks for statements (`onStatement`); progress and completion
  // reach the page's own callbacks either way.
  const reports = onStatement !== undefined;
  const course = useMemo(() => {
    if (shownTrace === null || shownStory === null) return {};
    const own = {
      onProgress: (progress: Progress) => courseRef.current.onProgress?.(progress),
      onCompleted: (progress: Progress) => courseRef.current.onCompleted?.(progress),
    };
    const checkpoints = asked && shownStory.checkpoints !== undefined ? { checkpoints: shownStory.checkpoints } : {};
    if (!reports) return { ...checkpoints, ...own };
    const reporter = deferred(() =>
      import("./course-events").then(({ figureReporter, mountMemory }) =>
        figureReporter({
          id: shownId,
          trace: shownTrace,
          story: shownStory,
          text,
          asked,
          course: () => ({ activity: courseRef.current.xapiActivity, actor: courseRef.current.xapiActor }),
          page: () => document.baseURI,
          memory: mountMemory(),
          sink: { statement: (statement) => courseRef.current.onStatement?.(statement) },
        }),
      ),
    );
    return { ...checkpoints, ...alongside(reporter, own) };
  }, [shownTrace, shownStory, shownId, asked, text, courseRef, reports]);
  if (builtIn !== null && shownStory !== null)
    return <ScenarioFigure {...rest} {...course} theme={theme} trace={builtIn} story={shownStory} text={text} />;
  if (!fromFile || file.status === "loading")
    return (
      <div className="alf-root" data-theme={theme} lang={languageOf(lang).htmlLang}>
        <p className="alf-figure alf-loading">{text.ui.figureLoading}</p>
      </div>
    );
  if (file.status === "problems")
    return (
      <FigureProblems
        text={text}
        problems={file.problems}
        {...(file.unread === null ? {} : { note: text.ui[file.unread] })}
        {...(file.fetched === undefined ? {} : { detail: text.ui.fetchFailure(file.fetched) })}
        theme={theme}
      />
    );
  const { trace, story } = file;
  return <ScenarioFigure {...rest} {...course} key={file.id} theme={theme} trace={trace} story={story} text={text} />;
}

/**
 * Figure F22 (or another built-in scenario, or a figure file), run by the engine and shown by the player. A client
 * component (the package's entry starts with "use client"), so a React Server Components page can render it as it
 * is. With `theme="auto"` (the default) it follows the host page's own theme when the page sets one — `data-theme`
 * or a `dark` / `light` class on `<html>`, or a single `color-scheme` there — and the reader's system setting
 * otherwise. A figure file's code loads only when one is given.
 * @example <AgentLoopFigure lang="en" defaultStep={3} onStepChange={(n) => console.log(n)} />
 * @example <AgentLoopFigure lang="en" figureUrl="/figures/weather.json" />
 */
export function AgentLoopFigure(props: AgentLoopFigureProps) {
  const theme = useFigureTheme(props.theme);
  // Until the words of its language have loaded (a server that streams waits for them), an empty frame of the
  // figure's theme holds its place.
  return (
    <Suspense fallback={<div className="alf-root alf-waiting" data-theme={theme} aria-busy="true" />}>
      <WithWords {...props} />
    </Suspense>
  );
}

/** The figure, once the catalog of its language is there. */
function WithWords(props: AgentLoopFigureProps) {
  const text = useCatalog(props.lang ?? DEFAULT_LANG, props.onLangChange !== undefined);
  return <FigureFrom {...props} opener={importOpener} text={text} />;
}

/**
 * The catalog of `lang`: at once when loaded, else the one shown before while it loads (a language switch keeps
 * the frame), else a suspension until it has loaded. With `switchable` (the figure shows its language switch) the
 * other languages load in the background, so a switch is immediate.
 */
function useCatalog(lang: Lang, switchable: boolean): Catalog {
  const [shown, setShown] = useState<Catalog | null>(() => catalogNow(lang) ?? null);
  const now = catalogNow(lang);
  useEffect(() => {
    let live = true;
    if (now === undefined)
      loadCatalog(lang).then(
        (catalog) => live && setShown(catalog),
        () => {},
      );
    else if (switchable) for (const other of LANGS) if (other !== lang) loadCatalog(other).catch(() => {});
    return () => {
      live = false;
    };
  }, [lang, now, switchable]);
  // While another language loads, the one shown stays; otherwise use() returns a loaded catalog at once, and
  // suspends (the same call, in the same place, every render) until it has loaded.
  if (now === undefined && shown !== null) return shown;
  return use(loadCatalog(lang));
}
