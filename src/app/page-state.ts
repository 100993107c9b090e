/**
 * The chapter page's state in one place: its language, the source of the figure it shows (a built-in or a course
 * author's figure file, resolved by the one resolver), a recorded run shown over it, whether the transcript panel
 * is open, and the notices it shows. A pure reducer, so every change the page can make is one action here; the URL
 * follows the state in one effect (App.tsx).
 */
import { DEFAULT_LANG, type Lang } from "../content/languages";
import type { RunText, StepPhrasing } from "../content/types";
import type { FetchFailure, FigureSource, Unread } from "../figure/source";
import type { CheckProvider } from "../formats/check";
import type { Preloaded } from "../player";
import { DEFAULT_SOURCE, isDefaultSource } from "../scenarios/ids";
import type { LoadFailure } from "./FailureNote";
import type { PageLanguage } from "./languages";
import type { Loaded } from "./TranscriptPanel";

/** Why a transcript named by the URL, or loaded in the panel, is not shown. */
export type TranscriptProblem = "otherOrigin" | "fetchFailed" | "cancelled" | LoadFailure;

/** Why a figure file is not there at all: in the reader's words (`ui[why]`), and what its URL gave, if it was fetched. */
export interface FigureFileProblem {
  readonly why: Unread;
  readonly fetched?: FetchFailure;
}

export interface PageState {
  readonly language: PageLanguage;
  /** What the figure shows: a built-in, or a figure file (`?figure=`), in whichever language the page is in. */
  readonly source: FigureSource;
  /** The source a figure file replaced: shown again when the file is not there at all. */
  readonly replaced: FigureSource | null;
  /** Sources already resolved in a language (what the page hydrated with, a language switched to): shown at once. */
  readonly preloaded: readonly Preloaded[];
  /** A loaded transcript shown over the source (leaving it shows the source again). */
  readonly imported: Loaded | null;
  /** Why the figure file the URL names is not there at all (and, for the author, what its URL gave instead). */
  readonly figureFileProblem: FigureFileProblem | null;
  /** Which figure is shown, counting from 0: each new one (a source, a transcript loaded or left) mounts afresh. */
  readonly figure: number;
  /**
   * Whether the figure shown is the one the URL asked for (the page's first, or the scenario, figure file or
   * transcript its link names), which opens at the URL's step; a figure the reader chose starts at step 1.
   */
  readonly urlStep: boolean;
  readonly panelOpen: boolean;
  /** The URL asked for a scenario that does not exist (the default is shown). */
  readonly unknownScenario: boolean;
  readonly transcriptProblem: TranscriptProblem | null;
  /** The provider a loaded transcript is checked for ("would it replay?"), if the reader chose one. */
  readonly checkFor: CheckProvider | null;
  /** Whether the figure asks its checkpoints (`?checkpoints=1`). */
  readonly checkpoints: boolean;
}

export type PageAction =
  /** Another language, and the source already resolved in it (so that figure and words change together). */
  | { readonly type: "language"; readonly language: PageLanguage; readonly preloaded?: Preloaded }
  /** The words for recorded runs in `lang`, loaded: kept if the page is still in that language. */
  | { readonly type: "runs"; readonly lang: Lang; readonly runs: RunText }
  /** The step phrases in `lang` (which tell a recorded run), loaded: kept if the page is still in that language. */
  | { readonly type: "steps"; readonly lang: Lang; readonly steps: StepPhrasing }
  /** `fromUrl`: the source the page's link names (`?scenario=`, `?figure=`), opened at the link's step. */
  | { readonly type: "source"; readonly source: FigureSource; readonly fromUrl?: boolean }
  | { readonly type: "unknownScenario" }
  | { readonly type: "panel"; readonly open: boolean }
  /** `fromUrl`: the transcript the page's link names (`?transcript=`), opened at the link's step. */
  | { readonly type: "loaded"; readonly loaded: Loaded; readonly fromUrl?: boolean }
  | { readonly type: "transcriptFailed"; readonly problem: TranscriptProblem }
  | { readonly type: "leaveTranscript" }
  | { readonly type: "figureFileFailed"; readonly problem: FigureFileProblem }
  | { readonly type: "checkFor"; readonly provider: CheckProvider | null }
  | { readonly type: "checkpoints"; readonly on: boolean };

/** How many resolutions the page keeps at hand: the pre-rendered one, and the last languages switched to. */
const PRELOADED_KEPT = 4;

/**
 * The page as it opens (and as it is pre-rendered): the default source in `language`, with the resolutions the
 * page was given before it rendered (`preloaded`: the pre-rendered figure's, and the one the link asks for).
 */
export const initialPageState = ({
  language,
  preloaded,
}: {
  readonly language: PageLanguage;
  readonly preloaded: readonly Preloaded[];
}): PageState => ({
  language,
  source: DEFAULT_SOURCE,
  replaced: null,
  preloaded,
  imported: null,
  figureFileProblem: null,
  figure: 0,
  urlStep: true,
  panelOpen: false,
  unknownScenario: false,
  transcriptProblem: null,
  checkFor: null,
  checkpoints: false,
});

export function pageReducer(state: PageState, action: PageAction): PageState {
  switch (action.type) {
    case "language":
      return {
        ...state,
        language: action.language,
        preloaded:
          action.preloaded === undefined
            ? state.preloaded
            : [action.preloaded, ...state.preloaded.filter((made) => made.key !== action.preloaded?.key)].slice(
                0,
                PRELOADED_KEPT,
              ),
      };
    case "runs":
      return action.lang === state.language.labels.lang
        ? { ...state, language: { ...state.language, runs: action.runs } }
        : state;
    case "steps":
      return action.lang === state.language.labels.lang
        ? { ...state, language: { ...state.language, steps: action.steps } }
        : state;
    case "source": {
      // Another source leaves a loaded transcript, and a new figure starts at step 1 (a link's, at its step).
      const file = action.source.kind !== "builtin";
      return {
        ...state,
        source: action.source,
        replaced: file ? state.source : null,
        imported: null,
        figureFileProblem: file ? state.figureFileProblem : null,
        figure: state.figure + 1,
        urlStep: action.fromUrl === true,
        unknownScenario: file && state.unknownScenario,
      };
    }
    case "unknownScenario":
      return { ...state, unknownScenario: true };
    case "panel":
      return { ...state, panelOpen: action.open };
    case "loaded":
      return {
        ...state,
        imported: action.loaded,
        figure: state.figure + 1,
        urlStep: action.fromUrl === true,
        panelOpen: false,
        transcriptProblem: null,
        checkFor: null,
      };
    case "transcriptFailed":
      return { ...state, transcriptProblem: action.problem };
    case "leaveTranscript":
      return { ...state, imported: null, figure: state.figure + 1, urlStep: false, checkFor: null };
    case "figureFileFailed":
      // Nothing was read: the page shows what it showed, with a note, and the link's `figure` leaves the URL.
      return {
        ...state,
        source: state.replaced ?? DEFAULT_SOURCE,
        replaced: null,
        figureFileProblem: action.problem,
      };
    case "checkFor":
      return { ...state, checkFor: action.provider };
    case "checkpoints":
      return { ...state, checkpoints: action.on };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** The built-in a state's URL names: its source's, or the one a figure file replaced. */
function builtinOf(state: Pick<PageState, "source" | "replaced">): FigureSource | null {
  if (state.source.kind === "builtin") return state.source;
  return state.replaced?.kind === "builtin" ? state.replaced : null;
}

/**
 * The URL's query for a state: `?lang` and `?scenario` when they differ from the defaults (a loaded transcript
 * or a figure file keeps the scenario it was opened over), `?figure` / `?transcript` while what they name is shown,
 * and no step once the figure is not the one the URL asked for.
 */
export function syncUrl(
  url: URL,
  state: Pick<PageState, "language" | "source" | "urlStep"> &
    Partial<Pick<PageState, "replaced" | "imported" | "checkpoints">>,
): void {
  if (state.checkpoints === true) url.searchParams.set("checkpoints", "1");
  else if (state.checkpoints === false) url.searchParams.delete("checkpoints");
  // A figure file or a transcript the link named stays in the URL only while it is shown.
  if (state.source.kind === "builtin") url.searchParams.delete("figure");
  if (state.imported === null) url.searchParams.delete("transcript");
  const lang: Lang = state.language.labels.lang;
  if (lang === DEFAULT_LANG) url.searchParams.delete("lang");
  else url.searchParams.set("lang", lang);
  const builtin = builtinOf({ source: state.source, replaced: state.replaced ?? null });
  if (builtin === null || builtin.kind !== "builtin" || isDefaultSource(builtin)) url.searchParams.delete("scenario");
  else url.searchParams.set("scenario", builtin.id);
  if (!state.urlStep) {
    url.searchParams.delete("step");
    if (url.hash.startsWith("#step-")) url.hash = "";
  }
}
