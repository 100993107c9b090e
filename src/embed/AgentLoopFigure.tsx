import BUILTINS from "virtual:builtins";
import FIRST from "virtual:builtins/first.all.js";
import { Suspense, use, useEffect, useMemo, useState } from "react";
import { DEFAULT_LANG, LANGS, type Lang, languageOf } from "../content/languages";
import type { Catalog } from "../content/types";
import { actorReader, givenReader } from "../course/reader";
import type { Statement } from "../course/xapi";
import { defined } from "../engine";
import type { FigureSource, SourceLoaders } from "../figure/source";
import { builtinResolution, sourceKey } from "../figure/source-key";
import type { FigureFileInput } from "../figure/types";
import {
  FigureProblems,
  type PlayerProps,
  type Preloaded,
  type Progress,
  preloaded,
  unreadProblem,
  unreadWords,
  useFigureSource,
  useLatest,
} from "../player";
import type { ScenarioId } from "../scenarios/ids";
import { DEFAULT_SOURCE } from "../scenarios/ids";
import { loadBuiltin } from "../scenarios/load";
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
  /**
   * The figure's xAPI activity IRI (default: one under the page's directory) and the learner, when known. The
   * learner is also who the checkpoints' options are shuffled for, unless `reader` names someone.
   */
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

/**
 * The npm package's loaders for the one resolver: a built-in from the build's modules (the default in the entry,
 * so a server renders it; the others loaded lazily, which a course site's bundler splits off), with its whole story;
 * a figure file's reader by a dynamic import, split off in turn.
 */
const PACKAGE_LOADERS: SourceLoaders = {
  builtin: async (id, lang) => FIRST[lang]?.[id] ?? loadBuiltin(BUILTINS, id, lang, { withCheckpoints: true }),
  figures: () => import("../figure").then((module) => ({ open: module.openFigure })),
};

/** What the build gives at once, as its resolution (the default built-in in each language): no effect to wait for. */
function initialOf(source: FigureSource, lang: Lang): readonly Preloaded[] {
  const first = source.kind === "builtin" ? FIRST[lang]?.[source.id] : undefined;
  return first === undefined || source.kind !== "builtin"
    ? []
    : [preloaded(source, lang, builtinResolution(source.id, first))];
}

/**
 * The figure from a scenario or a figure file, through the one resolver with the loaders the shell gives (the
 * default built-in is always the build's, at once), in the words (in `lang`) it gives.
 */
export function FigureFrom(props: AgentLoopFigureProps & { readonly loaders: SourceLoaders; readonly text: Catalog }) {
  const {
    scenario,
    lang = DEFAULT_LANG,
    figure,
    figureUrl,
    onFigureLoaded,
    onFigureError,
    loaders,
    text,
    checkpoints: asked = false,
    onStatement,
    xapiActivity,
    xapiActor,
    onProgress,
    onCompleted,
    reader,
    ...rest
  } = props;
  const source: FigureSource =
    figure !== undefined
      ? { kind: "file", file: figure }
      : figureUrl !== undefined
        ? { kind: "url", url: figureUrl }
        : scenario !== undefined
          ? { kind: "builtin", id: scenario }
          : DEFAULT_SOURCE;
  // Every figure through the one resolver; what the build gives at once (the default) is there on the first render.
  const key = sourceKey(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: by the source's content (an inline object is new at each render)
  const initial = useMemo(() => initialOf(source, lang), [key, lang]);
  const fromFile = source.kind !== "builtin";
  // A built-in keeps the last one shown while the next one loads (a language switch, another scenario).
  const file = useFigureSource(source, lang, loaders, { initial, keep: !fromFile }) ?? { status: "loading" };
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
    else errorRef.current?.([unreadProblem(unreadWords(uiRef.current, resolved))]);
  }, [resolved, loadedRef, errorRef, uiRef]);
  const shown = file.status === "shown" ? file : null;
  const shownTrace = shown?.trace ?? null;
  const shownStory = shown?.story ?? null;
  const shownId = shown?.id ?? "";
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
  if (file.status === "loading")
    return (
      <div className="alf-root" data-theme={theme} lang={languageOf(lang).htmlLang}>
        <p className="alf-figure alf-loading">{text.ui.figureLoading}</p>
      </div>
    );
  if (file.status === "problems")
    return (
      <FigureProblems text={text} problems={file.problems} {...unreadWords(text.ui, file)} theme={theme} forReaders />
    );
  const { trace, story } = file;
  // A figure file mounts afresh at each new file; a built-in keeps its figure across languages.
  return (
    <ScenarioFigure
      {...rest}
      {...course}
      // Who the options are shuffled for: the course's name for its reader, else its xAPI learner, else the
      // player's own (a seed kept in this browser).
      {...defined({ reader: givenReader(reader) ?? actorReader(xapiActor) })}
      key={fromFile ? `file:${file.id}` : "builtin"}
      theme={theme}
      trace={trace}
      story={story}
      text={text}
    />
  );
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
  return <FigureFrom {...props} loaders={PACKAGE_LOADERS} text={text} />;
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
