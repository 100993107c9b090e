/**
 * embed.html's script: the figure alone, sized to its content, speaking the postMessage contract with the page
 * that frames it. Built as one classic script (not a module), so it also runs in `<iframe sandbox="allow-scripts">`
 * from a server that sends no CORS headers.
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG, languageOf } from "../content/languages";
import { FIGURE_BLOCK_ID } from "../course/figure-block";
import { givenReader, scormReader } from "../course/reader";
import { isActivityIri } from "../course/xapi";
import { whyScriptFailed } from "../figure/fetched";
import { SHARE_PARAM } from "../figure/link";
import { DEFAULT_SOURCE } from "../scenarios/ids";
import { EmbeddedFigure, type LmsHooks } from "./EmbeddedFigure";
import { type AllowOrigin, parseAllowOrigin } from "./messages";
import {
  checkStep,
  DEFAULT_OPTIONS,
  embedParams,
  type FigureOptions,
  hydratesFirstFrame,
  optionWarning,
  readOptions,
} from "./options";
import { loadScormPack, packUrl } from "./pack-loader";
import { type FigureSource, loadLanguage, type Shown, showSource } from "./packs";
import "../player/player.css";
import "./embed.css";

const PARAMS = [
  "step",
  "lang",
  "autoplay",
  "dwell",
  "theme",
  "controls",
  "scenario",
  "checkpoints",
  "present",
] as const;

/**
 * The figure file the page's URL names, if any: `figureData=…` (a share link's payload), or `figure=URL` (fetched
 * from this page's origin, or the one `allowOrigin` names). The one resolver (src/figure/source.ts) reads it.
 */
function fileSource(params: { get: (name: string) => string | null }): FigureSource | null {
  const data = params.get(SHARE_PARAM);
  if (data !== null) return { kind: "shared", payload: data };
  const link = params.get("figure");
  return link === null ? null : { kind: "url", url: link };
}

/** The figure file the page carries itself (an LMS package's launch page: src/course/figure-block.ts), if any. */
function carriedSource(): FigureSource | null {
  const block = document.getElementById(FIGURE_BLOCK_ID);
  return block instanceof HTMLScriptElement && block.type === "application/json"
    ? { kind: "file", file: block.text }
    : null;
}

/**
 * An LMS package's run-time, when the page is its launch page (`data-scorm`) and an LMS's API is found: the
 * learner's earlier record, the step to resume at, and the hooks that report to it. Elsewhere, nothing.
 */
async function lmsSession(container: HTMLElement): Promise<{ hooks: LmsHooks; resumeAt: number | null } | null> {
  if (container.dataset.scorm === undefined) return null;
  const pack = await loadScormPack().catch(() => null);
  const api = pack?.findApi(window) ?? null;
  if (pack === null || api === null) return null;
  const mastery = Number.parseInt(container.dataset.mastery ?? "", 10);
  const session = new pack.ScormSession(api, { mastery: Number.isFinite(mastery) ? mastery : null });
  const resume = session.start();
  const answers = new Map(resume.record?.answers ?? []);
  let furthest = Math.max(resume.record?.furthest ?? 1, resume.step ?? 1);
  // The LMS navigates the frame away, or closes the window: finish the session then.
  window.addEventListener("pagehide", () => session.finish());
  return {
    resumeAt: resume.step,
    hooks: {
      record: { visited: [furthest], answers: [...answers] },
      reader: scormReader(resume.learner),
      onProgress: (progress) => {
        furthest = Math.max(furthest, progress.step);
        session.step(progress.step);
      },
      onAnswer: ({ checkpoint, option }) => {
        answers.set(checkpoint, option);
        session.save({ answers: [...answers], furthest });
      },
      onCompleted: (progress) => session.complete({ score: progress.score, checkpoints: progress.checkpoints }),
    },
  };
}

/**
 * What the page may fetch from, narrowed before it fetches anything: its own origin, and the origin `allowOrigin`
 * names (a course's figure file there; that server sends CORS headers). The built page's own policy admits any
 * http(s) origin for connections only so that this second policy can name one; a browser enforces both, so the
 * page connects to those two origins and no other.
 */
function narrowConnections(allow: AllowOrigin): void {
  const policy = document.createElement("meta");
  policy.httpEquiv = "Content-Security-Policy";
  policy.content = `connect-src 'self'${allow.kind === "only" ? ` ${allow.origin}` : ""}`;
  document.head.append(policy);
}

async function start(): Promise<void> {
  const container = document.getElementById("alf-embed");
  if (container === null) throw new Error("embed.html has no #alf-embed element");
  // The URL's parameters, or the page's own (`data-<name>` on its container: an LMS package's launch page).
  const query = embedParams(window.location.search, window.location.hash);
  const params = { get: (name: string) => query.get(name) ?? container.getAttribute(`data-${name}`) };
  // The page's language (embed.html Chinese, embed-en.html English) is its first frame's, and the figure's
  // when the URL names none.
  const frameLang = container.dataset.lang;
  const { options, warnings } = readOptions(
    (name) => params.get(name) ?? (name === "lang" ? (frameLang ?? null) : null),
    PARAMS,
  );
  const allow = parseAllowOrigin(params.get("allowOrigin"));
  narrowConnections(allow);
  // The built page arrives with the default figure's first frame in it (scripts/build.mjs). A frame that asks for
  // another figure drops it at once, rather than showing it while its own loads (another language or scenario,
  // then a jump); the default figure hydrates it.
  const carried = carriedSource();
  const asksFile = params.get("figure") !== null || params.get(SHARE_PARAM) !== null || carried !== null;
  const hydrate = !asksFile && hydratesFirstFrame(options, frameLang) && container.firstElementChild !== null;
  if (!hydrate) container.textContent = "";
  const problems = [...warnings];
  // The xAPI activity IRI a course names for the figure (else one under this page's directory).
  const activityParam = params.get("activity");
  const activity = activityParam !== null && isActivityIri(activityParam) ? activityParam : undefined;
  if (activityParam !== null && activity === undefined)
    problems.push(optionWarning("activity", "an absolute http(s) IRI"));
  // Who is reading, when the course names them: the checkpoints' options are shuffled for them.
  const reader = givenReader(params.get("reader"));
  // A find to start the run's overview with (its Find box): any text.
  const find = params.get("find") ?? undefined;
  if (allow.kind === "invalid") {
    problems.push(
      optionWarning("allowOrigin", "an origin such as https://course.example; no messages will be exchanged"),
    );
  }
  // The language first (its pack, if any), then the figure in it; each falls back to the default on its own.
  const lang = await loadLanguage(options.lang).then(
    () => options.lang,
    () => {
      problems.push(`agent-loop-figure: could not load "${options.lang}"; showing the default language`);
      return DEFAULT_LANG;
    },
  );
  const file = asksFile ? (fileSource(params) ?? carried) : null;
  const asked: FigureSource = file ?? { kind: "builtin", id: options.scenario };
  let source = asked;
  let shown: Shown | null = await showSource(source, lang, allow).catch(() => null);
  if (shown === null && file !== null) {
    // The code that opens figure files did not arrive: the figure asked for cannot be shown, and no other one
    // stands in for it (a learner would take it for the lesson).
    problems.push("agent-loop-figure: could not load embed-figure.js");
    const { catalog: text } = await loadLanguage(lang);
    shown = {
      kind: "problems",
      text,
      problems: [],
      note: text.ui.figureFetchFailed,
      detail: text.ui.fetchFailure(await whyScriptFailed(packUrl("embed-figure.js"))),
    };
  }
  if (shown === null) {
    problems.push(`agent-loop-figure: could not load scenario "${options.scenario}"; showing the default figure`);
    source = DEFAULT_SOURCE;
    shown = await showSource(source, lang, allow);
  }
  const total = shown.kind === "figure" ? shown.figure.trace.steps.length : 1;
  // A new figure in the fragment (a share link pasted over this one): the same reading as the page's own.
  const fragmentSource = (hash: string) => {
    const named = embedParams(window.location.search, hash);
    return Promise.resolve(fileSource({ get: (name) => named.get(name) }));
  };
  // An LMS hears of a launch only once the figure it grades is shown: a figure file that cannot be shown, or the
  // default figure standing in for a scenario that did not load, leaves no attempt behind (no `incomplete` that
  // nothing can complete).
  const fellBack = source !== asked;
  const lms = shown.kind === "figure" && !fellBack ? await lmsSession(container) : null;
  // A resumed launch opens where the learner left off.
  const checked = checkStep(lms?.resumeAt ?? options.step, total);
  if (checked.warning !== undefined) problems.push(checked.warning);
  for (const problem of problems) console.warn(problem);
  document.documentElement.lang = languageOf(lang).htmlLang;

  // An LMS package's launch page always asks its checkpoints, with an LMS or without.
  const figureOptions: FigureOptions = {
    ...options,
    scenario: source === asked ? options.scenario : DEFAULT_OPTIONS.scenario,
    lang,
    step: checked.step,
    checkpoints: options.checkpoints || container.dataset.scorm !== undefined,
  };
  // A resumed LMS launch opens at the saved step at once: hydrating step 1 first would report step 1 to the LMS
  // (cmi.core.lesson_location) before the saved one.
  const resuming = lms !== null && lms.resumeAt !== null;
  if (hydrate && lang === options.lang && source.kind === "builtin" && !resuming) {
    // The pre-rendered frame is step 1: hydrate that, then move to a linked step (the figure keeps its size from
    // step to step, so nothing shifts). (Not when its language failed to load: the fallback is another figure.)
    hydrateRoot(
      container,
      <StrictMode>
        <EmbeddedFigure
          options={{ ...figureOptions, step: undefined }}
          openAt={figureOptions.step}
          source={source}
          shown={shown}
          allow={allow}
          activity={activity}
          reader={reader}
          find={find}
          lms={lms?.hooks}
          fragmentSource={fragmentSource}
        />
      </StrictMode>,
    );
  } else {
    container.textContent = "";
    createRoot(container).render(
      <StrictMode>
        <EmbeddedFigure
          options={figureOptions}
          source={source}
          shown={shown}
          allow={allow}
          activity={activity}
          reader={reader}
          find={find}
          lms={lms?.hooks}
          fragmentSource={fragmentSource}
        />
      </StrictMode>,
    );
  }
}

void start();
