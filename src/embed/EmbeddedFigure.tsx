/**
 * The embed pages' figure (embed.html, embed-en.html): the player for one scenario, sized to its content, with the events and commands of the
 * postMessage contract (docs/embedding.md).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Lang } from "../content/languages";
import { defined } from "../engine";
import { SHARE_PARAM } from "../figure/link";
import {
  FigureProblems,
  type PlayerHandle,
  type PlayerProps,
  type Progress,
  type ScenarioLinks,
  unreadProblem,
  useLatest,
} from "../player";
import { isScenarioId } from "../scenarios/ids";
import { alongside, figureReporter, sessionMemory } from "./course-events";
import {
  type AllowOrigin,
  acceptsCommand,
  eventMessage,
  eventTargetOrigin,
  type FigureEventName,
  type FigureEvents,
  parseCommand,
} from "./messages";
import { type FigureOptions, followedSearch, scenarioSearch } from "./options";
import { type FigureSource, type Shown, shownLang, showSource } from "./packs";
import { ScenarioFigure } from "./ScenarioFigure";

/** What an LMS's run-time takes from the figure, and the learner's earlier record it gives back. */
export interface LmsHooks {
  readonly record?: PlayerProps["record"];
  /** The learner, as the LMS names them: who the checkpoints' options are shuffled for. */
  readonly reader?: string | undefined;
  readonly onProgress: (progress: Progress) => void;
  readonly onCompleted: (progress: Progress) => void;
  readonly onAnswer: (answer: {
    readonly checkpoint: number;
    readonly option: number;
    readonly right: boolean;
  }) => void;
}

/** Whether this page is in a frame (read when used, never while rendering). */
const isFramed = () => window.parent !== window;

/**
 * Where the browser tells us the parent's origin (Chromium, Safari), do not even try to post to a parent that
 * allowOrigin does not name; elsewhere postMessage's targetOrigin drops the message.
 */
/** What a fragment names as the figure file: its `figureData` or `figure` value, else null. */
function fragmentFile(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const data = params.get(SHARE_PARAM);
  if (data !== null) return `${SHARE_PARAM}=${data}`;
  const link = params.get("figure");
  return link === null ? null : `figure=${link}`;
}

function parentAllows(allow: AllowOrigin): boolean {
  const parentOrigin = window.location.ancestorOrigins?.[0];
  return allow.kind !== "only" || parentOrigin === undefined || parentOrigin === allow.origin;
}

/**
 * The figure an embed page shows — a built-in scenario or a figure file, or where a figure file cannot be shown,
 * its problems — speaking the postMessage contract with the page that frames it. Rendered at build time too (its
 * first frame is in embed.html and embed-en.html), so nothing here reads `window` while rendering.
 */
export function EmbeddedFigure(props: {
  options: FigureOptions;
  source: FigureSource;
  shown: Shown;
  allow: AllowOrigin;
  /** A step to move to once mounted: a linked step over a hydrated first frame (which shows step 1). */
  openAt?: number | undefined;
  /** The figure's xAPI activity IRI, when the course names one (`activity`). */
  activity?: string | undefined;
  /** Who is reading, when the course names them (`reader`): the options are shuffled for them. */
  reader?: string | undefined;
  /** A find to start the run's overview with (`find`). */
  find?: string | undefined;
  /** An LMS's run-time (a SCORM package's launch page): the record to resume, and where to report. */
  lms?: LmsHooks | undefined;
  /**
   * The figure file a new fragment names (`#figureData=`, `#figure=`), for a page whose fragment changes without a
   * reload: resolved when it changes, null when it names none.
   */
  fragmentSource?: ((hash: string) => Promise<FigureSource | null>) | undefined;
}) {
  const { options, allow, openAt } = props;
  // The story's links onward open another built-in in this frame, its page's parameters kept. Their addresses come
  // from the options alone, so the pre-rendered first frame has them as hydrated. (An LMS package hides them: its
  // launch page is its lesson's, embed.css.)
  const scenarioLinks = useMemo<ScenarioLinks>(
    () => ({
      href: (id) => (isScenarioId(id) ? scenarioSearch(options, id) : undefined),
      follow: (id) => {
        if (!isScenarioId(id)) return;
        const url = new URL(window.location.href);
        url.search = followedSearch(url.search, id);
        url.hash = "";
        window.location.assign(url);
      },
    }),
    [options],
  );
  // What is shown, from which source; `key` counts the figures loaded, each mounting afresh at step 1.
  const [current, setCurrent] = useState({ source: props.source, shown: props.shown, key: 0 });
  const { shown } = current;
  const lang = shownLang(shown);
  const sourceRef = useLatest(current.source);
  // The figure keeps its language until the other one has loaded: never a half-translated frame.
  const setLang = useCallback(
    (next: Lang) => {
      const source = sourceRef.current;
      showSource(source, next, allow).then(
        (next) => setCurrent((now) => (now.source === source ? { ...now, shown: next } : now)),
        () => console.warn(`agent-loop-figure: could not load "${next}"`),
      );
    },
    [sourceRef, allow],
  );
  const figure = useRef<PlayerHandle>(null);
  // The host page may set the theme after load (its own toggle, relayed by embed-host.js): `setTheme`.
  const [theme, setTheme] = useState(options.theme);
  const langRef = useLatest(lang);
  const post = useCallback(
    <N extends FigureEventName>(name: N, fields: FigureEvents[N]) => {
      const target = eventTargetOrigin(allow);
      if (!isFramed() || !parentAllows(allow) || target === null) return;
      window.parent.postMessage(eventMessage(name, fields), target);
    },
    [allow],
  );
  const lastHeight = useRef(-1);
  const postHeight = useCallback(
    (always: boolean) => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (!always && height === lastHeight.current) return;
      lastHeight.current = height;
      post("resize", { height });
    },
    [post],
  );
  // With no figure on screen (a figure file's problems), step and total are 0.
  const where = useCallback(
    () => ({ step: figure.current?.step ?? 0, total: figure.current?.total ?? 0, lang: langRef.current }),
    [langRef],
  );

  // A figure file that is shown, or cannot be: `loaded` or `loaderror` (also for the page's own, after `ready`).
  const shownRef = useLatest(shown);
  const tell = useCallback(
    (what: Shown) => {
      if (what.kind === "problems")
        post("loaderror", {
          // Nothing read (a file that could not be fetched): why, as the one problem.
          problems: what.problems.length > 0 || what.note === undefined ? what.problems : [unreadProblem(what)],
        });
      else post("loaded", { id: what.id, ...where(), step: 1, total: what.figure.trace.steps.length });
    },
    [post, where],
  );

  // Before "ready" (effects run in order), so that it reports the linked step; the move is not a reader's, so it
  // sends no stepchange.
  const opening = useRef(false);
  useEffect(() => {
    if (openAt === undefined) return;
    opening.current = true;
    figure.current?.goTo(openAt);
    opening.current = false;
  }, [openAt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: where() reads refs; this runs once, on mount
  useEffect(() => {
    post("ready", where());
    if (sourceRef.current.kind !== "builtin") tell(shownRef.current);
    postHeight(true);
    const observer = new ResizeObserver(() => postHeight(false));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [post, postHeight, tell]);

  // A share link (or a figure URL) pasted over this page's own changes only the fragment: open what it names.
  const { fragmentSource } = props;
  useEffect(() => {
    if (fragmentSource === undefined) return;
    let named = fragmentFile(window.location.hash);
    const onHashChange = () => {
      const now = fragmentFile(window.location.hash);
      if (now === named || now === null) return;
      named = now;
      void fragmentSource(window.location.hash)
        .then((source) =>
          source === null ? null : showSource(source, langRef.current, allow).then((next) => ({ source, next })),
        )
        .then(
          (made) => {
            if (made === null) return;
            setCurrent((current) => ({ source: made.source, shown: made.next, key: current.key + 1 }));
            tell(made.next);
          },
          () => console.warn("agent-loop-figure: could not load embed-figure.js"),
        );
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [fragmentSource, langRef, tell, allow]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isFramed() || !acceptsCommand(allow, event, window.parent)) return;
      const command = parseCommand(event.data);
      if (command?.name === "load") {
        const source: FigureSource = { kind: "file", file: command.figure };
        showSource(source, langRef.current, allow).then(
          (next) => {
            setCurrent((now) => ({ source, shown: next, key: now.key + 1 }));
            tell(next);
          },
          () => console.warn("agent-loop-figure: could not load embed-figure.js"),
        );
        return;
      }
      const handle = figure.current;
      if (command === null || handle === null) return;
      switch (command.name) {
        case "goto":
          handle.goTo(command.step);
          break;
        case "setLang":
          setLang(command.lang);
          break;
        case "setTheme":
          setTheme(command.theme);
          break;
        case "measure":
          postHeight(true);
          break;
        default:
          handle[command.name]();
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [allow, postHeight, setLang, langRef, tell]);

  // Progress, completion (once in this tab) and the xAPI statements, for the course around the frame.
  const { lms } = props;
  const callbacks = useMemo(() => {
    if (shown.kind !== "figure") return null;
    const reporter = figureReporter({
      ...shown.figure,
      id: shown.id,
      asked: options.checkpoints,
      course: () => ({ activity: props.activity }),
      page: () => window.location.href,
      memory: sessionMemory(`agent-loop-figure:completed:${shown.id}`),
      sink: {
        progress: (fields) => post("progress", fields),
        completed: (fields) => post("completed", fields),
        statement: (statement) => post("xapi", { statement }),
      },
    });
    return alongside(reporter, lms);
  }, [shown, options.checkpoints, props.activity, post, lms]);

  if (shown.kind === "problems")
    return (
      <FigureProblems
        text={shown.text}
        problems={shown.problems}
        {...defined({ note: shown.note, detail: shown.detail })}
        theme={theme}
        forReaders
      />
    );
  // A linked step is for the page's own figure, not for one a `load` command brought.
  const step = current.key === 0 ? options.step : undefined;
  return (
    <ScenarioFigure
      key={current.key}
      ref={figure}
      trace={shown.figure.trace}
      story={shown.figure.story}
      text={shown.figure.text}
      {...defined({ defaultStep: step })}
      {...defined({ dwell: options.dwell })}
      autoplay={options.autoplay}
      present={options.present}
      theme={theme}
      controls={options.controls}
      onLangChange={setLang}
      warmUp
      onStepChange={(n) => opening.current || post("stepchange", { ...where(), step: n })}
      onPlay={() => post("play", {})}
      onPause={() => post("pause", {})}
      onEnded={() => post("ended", {})}
      {...(options.checkpoints && shown.figure.story.checkpoints !== undefined
        ? { checkpoints: shown.figure.story.checkpoints }
        : {})}
      {...(callbacks ?? {})}
      {...(lms?.record === undefined || current.key !== 0 ? {} : { record: lms.record })}
      // The course's name for its reader, else the LMS's learner, else the player's own seed.
      {...defined({ reader: props.reader ?? lms?.reader })}
      {...defined({ find: props.find })}
      scenarioLinks={scenarioLinks}
    />
  );
}
