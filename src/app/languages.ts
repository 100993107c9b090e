/**
 * The chapter page's words per language: the figure's labels and the page's own text, each language in chunks of
 * its own (the translation files found by their names, src/content/translations.ts), and the built-ins' names in it
 * (the build's, `virtual:builtins`), loaded before hydration for the language the link asks for and when a reader
 * switches. The pre-rendered HTML already holds the default language's first frame, its prose included: the page
 * loads a language's prose only to show it in place of another's, its step phrases (which tell any trace) only once
 * a figure the build did not write the words of is asked for, and its words for recorded runs only once a run is.
 * The figure itself comes through the one resolver (./sources.ts).
 */
import BUILTINS from "virtual:builtins";
import type { Lang } from "../content/languages";
import type { ChapterProse, FigureLabels, PageText, RunText, StepPhrasing } from "../content/types";
import { defined } from "../engine";
import type { ScenarioId } from "../scenarios/ids";
import type { ProsePage } from "./ChapterProse";

/** Everything the page says, in one language. */
export interface PageLanguage {
  /** The figure's words but its steps'. */
  readonly labels: FigureLabels;
  /** The step phrases, which tell any trace, once a recorded run is asked for. */
  readonly steps?: StepPhrasing;
  readonly page: PageText;
  /** Every built-in's name in this language (the scenario picker's). */
  readonly names: Readonly<Record<ScenarioId, string>>;
  /** The page's prose, when it is not the pre-rendered HTML's (which stays as it is until another replaces it). */
  readonly prose?: ProsePage;
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
  const [labels, page, names, prose, runs, steps] = await Promise.all([
    once(`labels.${lang}`, () => partOf(LABELS, "labels", lang)),
    once(`chapter.${lang}`, () => partOf(CHAPTERS, "chapter", lang)),
    once(`names.${lang}`, () =>
      (BUILTINS[lang]?.() ?? Promise.reject(new Error(`no built-ins in ${lang}`))).then(
        (index) => index.names as Readonly<Record<ScenarioId, string>>,
      ),
    ),
    // With the prose, the code that renders it and the code section (./ChapterCode.tsx).
    parts.prose === false
      ? undefined
      : once(`prose.${lang}`, () =>
          Promise.all([partOf(PROSE, "prose", lang), import("./ChapterCode")]).then(
            ([words, module]): ProsePage => ({ words, render: module.renderProse }),
          ),
        ),
    parts.runs === true ? loadRunWords(lang) : undefined,
    parts.steps === true ? loadStepPhrases(lang) : undefined,
  ]);
  return { labels, page, names, ...defined({ prose }), ...defined({ runs }), ...defined({ steps }) };
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
