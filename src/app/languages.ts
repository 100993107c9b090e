/**
 * The chapter page's words per language: the figure's labels, the page's own text and the default built-in as
 * that language shows it (its trace, its story and its steps' words, made at build time), each language in chunks
 * of its own (the translation files found by their names, src/content/translations.ts), loaded before hydration
 * for the language the link asks for and when a reader switches. The pre-rendered HTML already holds the default
 * language's first frame, its prose included: the page loads a language's prose only to show it in place of
 * another's, its step phrases (which tell any trace) only once a figure other than the default built-in is asked
 * for, and its words for recorded runs only once a run is.
 */
import DEFAULT_FIGURES from "virtual:default-figures";
import type { Lang } from "../content/languages";
import {
  type ChapterProse,
  type FigureLabels,
  type PageText,
  type RunText,
  type StepPhrasing,
  type StepWords,
  type WrittenSteps,
  writtenStepWords,
} from "../content/types";
import { defined } from "../engine";
import type { ScenarioId } from "../scenarios/ids";
import type { BuiltinFigure } from "../scenarios/types";

/** The default built-in as the page's first download has it: with its steps' words, written at build time. */
export interface DefaultFigure extends BuiltinFigure {
  readonly words: StepWords;
}

/** The module the build writes for the default built-in in one language (vite.config.ts, `defaultFigures`). */
export interface DefaultFigureModule extends BuiltinFigure {
  readonly steps: WrittenSteps;
  readonly names: Readonly<Record<ScenarioId, string>>;
}

/** Everything the page says, in one language. */
export interface PageLanguage {
  /** The figure's words but its steps'. */
  readonly labels: FigureLabels;
  /** The step phrases, which tell any trace, once a figure other than the default built-in is asked for. */
  readonly steps?: StepPhrasing;
  readonly page: PageText;
  /** The default built-in in this language. */
  readonly figure: DefaultFigure;
  /** Every built-in's name in this language (the scenario picker's). */
  readonly names: Readonly<Record<ScenarioId, string>>;
  /** The page's prose, when it is not the pre-rendered HTML's (which stays as it is until another replaces it). */
  readonly prose?: ChapterProse;
  /** The words for recorded runs, once they are needed. */
  readonly runs?: RunText;
}

/** What to load besides the words every page state needs. */
export interface LanguageParts {
  /** The prose (default: yes; the pre-rendered language hydrates without it). */
  readonly prose?: boolean;
  /** The words for recorded runs (default: no). */
  readonly runs?: boolean;
  /** The step phrases (default: no). */
  readonly steps?: boolean;
}

/** A translation file's chunk, found by its name (`<kind>.<code>.ts`). */
function partOf<T>(files: Record<string, () => Promise<T>>, kind: string, lang: Lang): Promise<T> {
  const load = files[`../content/${kind}.${lang}.ts`];
  return load === undefined ? Promise.reject(new Error(`no ${kind}.${lang}.ts`)) : load();
}

const LABELS = import.meta.glob<FigureLabels>("../content/labels.*.ts", { import: "labels" });
const STEPS = import.meta.glob<StepPhrasing>("../content/steps.*.ts", { import: "steps" });
const CHAPTERS = import.meta.glob<PageText>("../content/chapter.*.ts", { import: "chapter" });
const PROSE = import.meta.glob<ChapterProse>("../content/prose.*.ts", { import: "prose" });
const RUNS = import.meta.glob<RunText>("../content/runs.*.ts", { import: "runs" });

/** One load per language and part for the page's lifetime. */
const loading = new Map<string, Promise<unknown>>();

/** Load once per key, forgetting a load that failed so that the next asks again. */
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let pending = loading.get(key) as Promise<T> | undefined;
  if (pending === undefined) {
    pending = load();
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * The words of a language of the registry, with the parts asked for.
 * @throws {Error} (rejects) when a translation file is missing, or its chunk cannot be loaded.
 */
export async function loadPageLanguage(lang: Lang, parts: LanguageParts = {}): Promise<PageLanguage> {
  const [labels, page, { figure, names }, prose, runs, steps] = await Promise.all([
    once(`labels.${lang}`, () => partOf(LABELS, "labels", lang)),
    once(`chapter.${lang}`, () => partOf(CHAPTERS, "chapter", lang)),
    once(`figure.${lang}`, () =>
      DEFAULT_FIGURES[lang]().then((made) => ({
        figure: {
          id: made.id,
          trace: made.trace,
          story: made.story,
          ...defined({ checkpoints: made.checkpoints }),
          words: writtenStepWords(made.trace, made.steps),
        } satisfies DefaultFigure,
        names: made.names,
      })),
    ),
    // With the prose, the code section's chunk, which shows with it (../app/ChapterCode.tsx, rendered lazily).
    parts.prose === false
      ? undefined
      : once(`prose.${lang}`, () => Promise.all([partOf(PROSE, "prose", lang), import("./ChapterCode")])).then(
          ([words]) => words,
        ),
    parts.runs === true ? loadRunWords(lang) : undefined,
    parts.steps === true ? loadStepPhrases(lang) : undefined,
  ]);
  return { labels, page, figure, names, ...defined({ prose }), ...defined({ runs }), ...defined({ steps }) };
}

/**
 * A language's step phrases.
 * @throws {Error} (rejects) when its translation file is missing, or its chunk cannot be loaded.
 */
export function loadStepPhrases(lang: Lang): Promise<StepPhrasing> {
  return once(`steps.${lang}`, () => partOf(STEPS, "steps", lang));
}

/**
 * A language's words for recorded runs.
 * @throws {Error} (rejects) when its translation file is missing, or its chunk cannot be loaded.
 */
export function loadRunWords(lang: Lang): Promise<RunText> {
  return once(`runs.${lang}`, () => partOf(RUNS, "runs", lang));
}
