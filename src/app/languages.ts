/**
 * The chapter page's words per language: the figure's catalog, the page's own text and the default built-in as
 * that language shows it (its trace and story, made at build time), each language in chunks of its own (the
 * translation files found by their names, src/content/translations.ts), loaded before hydration for the language
 * the link asks for and when a reader switches. The pre-rendered HTML already holds the default language's first
 * frame.
 */
import DEFAULT_FIGURES from "virtual:default-figures";
import type { Lang } from "../content/languages";
import type { Catalog, PageText, RunText } from "../content/types";
import type { BuiltinFigure } from "../scenarios/types";

/** Everything the page says, in one language. */
export interface PageLanguage {
  readonly text: Catalog;
  readonly page: PageText;
  /** The default built-in in this language. */
  readonly figure: BuiltinFigure;
  /** The words for recorded runs, once they are needed (./languages.ts loads them when asked). */
  readonly runs?: RunText;
}

const CATALOGS = import.meta.glob<Catalog>("../content/catalog.*.ts", { import: "catalog" });
const CHAPTERS = import.meta.glob<PageText>("../content/chapter.*.ts", { import: "chapter" });
const RUNS = import.meta.glob<RunText>("../content/runs.*.ts", { import: "runs" });

/** One load per language for the page's lifetime, and one of its words for recorded runs. */
const loading = new Map<Lang, Promise<PageLanguage>>();
const loadingRuns = new Map<Lang, Promise<RunText>>();

/** Load once per language, forgetting a load that failed so that the next asks again. */
function once<T>(cache: Map<Lang, Promise<T>>, lang: Lang, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(lang);
  if (pending === undefined) {
    pending = load();
    pending.catch(() => cache.delete(lang));
    cache.set(lang, pending);
  }
  return pending;
}

/**
 * The words of a language of the registry; `withRuns`, with its words for recorded runs too.
 * @throws {Error} (rejects) when a translation file is missing, or its chunk cannot be loaded.
 */
export function loadPageLanguage(lang: Lang, withRuns = false): Promise<PageLanguage> {
  const language = once(loading, lang, () => {
    const catalog = CATALOGS[`../content/catalog.${lang}.ts`];
    const chapter = CHAPTERS[`../content/chapter.${lang}.ts`];
    return catalog === undefined || chapter === undefined
      ? Promise.reject(new Error(`no translation files for ${lang}`))
      : Promise.all([catalog(), chapter(), DEFAULT_FIGURES[lang]()]).then(([text, page, figure]) => ({
          text,
          page,
          figure,
        }));
  });
  if (!withRuns) return language;
  return Promise.all([language, loadRunWords(lang)]).then(([loaded, runs]) => ({ ...loaded, runs }));
}

/**
 * A language's words for recorded runs.
 * @throws {Error} (rejects) when its translation file is missing, or its chunk cannot be loaded.
 */
export function loadRunWords(lang: Lang): Promise<RunText> {
  return once(loadingRuns, lang, () => {
    const load = RUNS[`../content/runs.${lang}.ts`];
    return load === undefined ? Promise.reject(new Error(`no words for recorded runs in ${lang}`)) : load();
  });
}
