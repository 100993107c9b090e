/**
 * What the chapter page needs before it renders, for the URL it was opened at: the default language's words (the
 * pre-rendered one), the link's language, and through the one resolver the figure it was pre-rendered with and the
 * figure the link asks for, so that both show at once.
 */
import { DEFAULT_LANG } from "../content/languages";
import { resolveSource } from "../figure/source";
import { sourceKey } from "../figure/source-key";
import { type Preloaded, preloaded } from "../player";
import { DEFAULT_SOURCE } from "../scenarios/ids";
import { loadPageLanguage, type PageLanguage } from "./languages";
import { PAGE_LOADERS } from "./sources";
import { builtinFromUrl, langFromUrl } from "./url";

export interface Opening {
  readonly firstLanguage: PageLanguage;
  readonly urlLanguage: PageLanguage | undefined;
  readonly initial: readonly Preloaded[];
}

/**
 * The page's opening for `search` (the URL's query). `hydrating`: the page's HTML was pre-rendered, its prose in
 * it (the default language's prose is then not loaded).
 */
export async function pageOpening(search: string, hydrating: boolean): Promise<Opening> {
  const wanted = langFromUrl(search);
  const { source: asked } = builtinFromUrl(search);
  const another = wanted !== DEFAULT_LANG || sourceKey(asked) !== sourceKey(DEFAULT_SOURCE);
  const [firstLanguage, urlLanguage, first, linked] = await Promise.all([
    loadPageLanguage(DEFAULT_LANG, { prose: !hydrating }),
    wanted === DEFAULT_LANG ? undefined : loadPageLanguage(wanted),
    resolveSource(DEFAULT_SOURCE, DEFAULT_LANG, PAGE_LOADERS),
    another ? resolveSource(asked, wanted, PAGE_LOADERS) : undefined,
  ]);
  return {
    firstLanguage,
    urlLanguage,
    initial: [
      preloaded(DEFAULT_SOURCE, DEFAULT_LANG, first),
      ...(linked === undefined ? [] : [preloaded(asked, wanted, linked)]),
    ],
  };
}
