/**
 * The chapter page's words per language: the figure's catalog, the page's own text and the default built-in as
 * that language shows it (its trace and story, made at build time), each language in chunks of its own (the
 * translation files found by their names, src/content/translations.ts), loaded before hydration for the language
 * the link asks for and when a reader switches. The pre-rendered HTML already holds the default language's first
 * frame.
 */
import DEFAULT_FIGURES from "virtual:default-figures";
import type { Lang } from "../content/languages";
import type { Catalog, PageText } from "../content/types";
import type { BuiltinFigure } from "../scenarios/types";

/** Everything the page says, in one language. */
export interface PageLanguage {
  readonly text: Catalog;
  readonly page: PageText;
  /** The default built-in in this language. */
  readonly figure: BuiltinFigure;
}

const CATALOGS = import.meta.glob<Catalog>("../content/catalog.*.ts", { import: "catalog" });
const CHAPTERS = import.meta.glob<PageText>("../content/chapter.*.ts", { import: "chapter" });

/** One load per language for the page's lifetime. */
const loading = new Map<Lang, Promise<PageLanguage>>();

/**
 * The words of a language of the registry.
 * @throws {Error} (rejects) when a translation file is missing, or its chunk cannot be loaded.
 */
export function loadPageLanguage(lang: Lang): Promise<PageLanguage> {
  let pending = loading.get(lang);
  if (pending === undefined) {
    const catalog = CATALOGS[`../content/catalog.${lang}.ts`];
    const chapter = CHAPTERS[`../content/chapter.${lang}.ts`];
    pending =
      catalog === undefined || chapter === undefined
        ? Promise.reject(new Error(`no translation files for ${lang}`))
        : Promise.all([catalog(), chapter(), DEFAULT_FIGURES[lang]()]).then(([text, page, figure]) => ({
            text,
            page,
            figure,
          }));
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}
