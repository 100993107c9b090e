/**
 * The chapter page's state in one place: its language, the figure it shows (a built-in scenario or a loaded
 * transcript), whether the transcript panel is open, and the notices it shows. A pure reducer, so every change the
 * page can make is one action here; the URL follows the state in one effect (App.tsx).
 */
import { DEFAULT_LANG, type Lang } from "../content/languages";
import type { RunText, StepPhrasing } from "../content/types";
import type { FetchFailure, FigureSource, Unread } from "../figure/source";
import type { CheckProvider } from "../formats/check";
import { DEFAULT_SCENARIO_ID, type ScenarioId } from "../scenarios/ids";
import type { LoadFailure } from "./FailureNote";
import type { PageLanguage } from "./languages";
import type { Loaded } from "./TranscriptPanel";

/** Why a transcript named by the URL, or loaded in the panel, is not shown. */
export type TranscriptProblem = "otherOrigin" | "fetchFailed" | "cancelled" | LoadFailure;

/** A course author's figure file (`?figure=`), resolved (src/figure/source.ts) in whichever language the page is in. */
export interface FigureFileShown {
  /** Its file name, from the URL. */
  readonly name: string;
  readonly source: FigureSource;
}

/** Why a figure file is not there at all: in the reader's words (`ui[why]`), and what its URL gave, if it was fetched. */
export interface FigureFileProblem {
  readonly why: Unread;
  readonly fetched?: FetchFailure;
}

export interface PageState {
  readonly language: PageLanguage;
  readonly scenario: ScenarioId;
  /** A loaded transcript shown instead of the scenario. */
  readonly imported: Loaded | null;
  /** A figure file shown instead of the scenario (its problems, where it cannot be shown). */
  readonly figureFile: FigureFileShown | null;
  /** Why the figure file the URL names is not there at all (and, for the author, what its URL gave instead). */
  readonly figureFileProblem: FigureFileProblem | null;
  /** Which figure is shown, counting from 0: each new one (a scenario, a transcript loaded or left) mounts afresh. */
  readonly figure: number;
  /**
   * Whether the figure shown is the one the URL asked for (the page's first, or the scenario or transcript its
   * link names), which opens at the URL's step; a figure the reader chose starts at step 1.
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
  | { readonly type: "language"; readonly language: PageLanguage }
  /** The words for recorded runs in `lang`, loaded: kept if the page is still in that language. */
  | { readonly type: "runs"; readonly lang: Lang; readonly runs: RunText }
  /** The step phrases in `lang`, loaded: kept if the page is still in that language. */
  | { readonly type: "steps"; readonly lang: Lang; readonly steps: StepPhrasing }
  /** `fromUrl`: the scenario the page's link names, opened at the link's step. */
  | { readonly type: "scenario"; readonly scenario: ScenarioId; readonly fromUrl?: boolean }
  | { readonly type: "unknownScenario" }
  | { readonly type: "panel"; readonly open: boolean }
  /** `fromUrl`: the transcript the page's link names (`?transcript=`), opened at the link's step. */
  | { readonly type: "loaded"; readonly loaded: Loaded; readonly fromUrl?: boolean }
  | { readonly type: "transcriptFailed"; readonly problem: TranscriptProblem }
  | { readonly type: "leaveTranscript" }
  /** The figure file the page's link names (`?figure=`), opened at the link's step. */
  | { readonly type: "figureFile"; readonly file: FigureFileShown }
  | { readonly type: "figureFileFailed"; readonly problem: FigureFileProblem }
  | { readonly type: "checkFor"; readonly provider: CheckProvider | null }
  | { readonly type: "checkpoints"; readonly on: boolean };

/** The page as it opens (and as it is pre-rendered): the default scenario in `language`. */
export const initialPageState = (language: PageLanguage): PageState => ({
  language,
  scenario: DEFAULT_SCENARIO_ID,
  imported: null,
  figureFile: null,
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
      return { ...state, language: action.language };
    case "runs":
      return action.lang === state.language.labels.lang
        ? { ...state, language: { ...state.language, runs: action.runs } }
        : state;
    case "steps":
      return action.lang === state.language.labels.lang
        ? { ...state, language: { ...state.language, steps: action.steps } }
        : state;
    case "scenario":
      // Choosing a scenario leaves a loaded transcript, and a new figure starts at step 1.
      return {
        ...state,
        scenario: action.scenario,
        imported: null,
        figureFile: null,
        figureFileProblem: null,
        figure: state.figure + 1,
        urlStep: action.fromUrl === true,
        unknownScenario: false,
      };
    case "unknownScenario":
      return { ...state, unknownScenario: true };
    case "panel":
      return { ...state, panelOpen: action.open };
    case "loaded":
      return {
        ...state,
        imported: action.loaded,
        figureFile: null,
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
    case "figureFile":
      return { ...state, figureFile: action.file, imported: null, figure: state.figure + 1, urlStep: true };
    case "figureFileFailed":
      // Nothing was read: the page shows what it showed, with a note, and the link's `figure` leaves the URL.
      return { ...state, figureFile: null, figureFileProblem: action.problem };
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

/**
 * The URL's query for a state: `?lang` and `?scenario` when they differ from the defaults (a loaded transcript
 * keeps the scenario it replaced), `?figure` / `?transcript` while what they name is shown, and no step once the
 * figure is not the one the URL asked for.
 */
export function syncUrl(
  url: URL,
  state: Pick<PageState, "language" | "scenario" | "urlStep"> &
    Partial<Pick<PageState, "figureFile" | "imported" | "checkpoints">>,
): void {
  if (state.checkpoints === true) url.searchParams.set("checkpoints", "1");
  else if (state.checkpoints === false) url.searchParams.delete("checkpoints");
  // A figure file or a transcript the link named stays in the URL only while it is shown.
  if (state.figureFile === null) url.searchParams.delete("figure");
  if (state.imported === null) url.searchParams.delete("transcript");
  const lang: Lang = state.language.labels.lang;
  if (lang === DEFAULT_LANG) url.searchParams.delete("lang");
  else url.searchParams.set("lang", lang);
  if (state.scenario === DEFAULT_SCENARIO_ID) url.searchParams.delete("scenario");
  else url.searchParams.set("scenario", state.scenario);
  if (!state.urlStep) {
    url.searchParams.delete("step");
    if (url.hash.startsWith("#step-")) url.hash = "";
  }
}
