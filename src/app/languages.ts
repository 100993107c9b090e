/**
 * The chapter page's words per language: the figure's catalog and the page's own text. Chinese, the chapter's
 * language, is in the first bundle (and in the pre-rendered HTML); English loads when a reader asks for it.
 */
import { chapterZh } from "../content/chapter.zh";
import type { Catalog, PageText } from "../content/types";
import { zh } from "../content/zh";
import type { Lang } from "../engine";

/** Everything the page says, in one language. */
export interface PageLanguage {
  readonly text: Catalog;
  readonly page: PageText;
}

/** The page's first language. */
export const CHINESE: PageLanguage = { text: zh, page: chapterZh };

/** The words of a language: at once for Chinese, from its own chunk for English. */
export function loadPageLanguage(lang: Lang): Promise<PageLanguage> {
  return lang === "zh" ? Promise.resolve(CHINESE) : import("./english").then((module) => module.ENGLISH);
}
