import type { Lang } from "./languages";
import { CATALOGS, CHAPTERS, PROSE, RUNS } from "./translations";
import type { Catalog, ChapterProse, PageText, RunText } from "./types";

export type { Lang, Language } from "./languages";
export { DEFAULT_LANG, isLang, LANGS, LANGUAGES, languageOf, TOOLING_LANG } from "./languages";
export { writeSteps } from "./step-words";
export type {
  Catalog,
  ChangeKind,
  ChapterProse,
  Checkpoint,
  CheckpointOption,
  FigureLabels,
  FigureText,
  LaterLabels,
  PageText,
  RunText,
  StepPhrasing,
  StepWords,
  Story,
} from "./types";
export { storyCatalog } from "./types";

/**
 * Every catalog by language, loaded together: for shells that must switch language without waiting (the embed
 * routes, the CLI). The chapter page loads its languages by their files' names instead (src/app/languages.ts).
 */
export const catalogs: Readonly<Record<Lang, Catalog>> = CATALOGS;

/** Every chapter page's text by language. */
export const chapters: Readonly<Record<Lang, PageText>> = CHAPTERS;

/** Every language's words for the chapter page's recorded runs. */
export const runs: Readonly<Record<Lang, RunText>> = RUNS;

/** Every language's chapter prose. */
export const prose: Readonly<Record<Lang, ChapterProse>> = PROSE;
