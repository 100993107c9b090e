/**
 * The embed's stand-in for src/player/later.ts: an embed page's catalogs (its entry's and each language pack's) are
 * whole, so the later parts' words are always the catalog's own, and nothing is loaded for them.
 */
import type { Lang } from "../content/languages";
import type { LaterLabels } from "../content/types";
import { useCatalog } from "../player/catalog";

/** @throws {Error} (rejects) always: an embed page's catalog carries its later words. */
export const loadLater = (lang: Lang): Promise<LaterLabels> =>
  Promise.reject(new Error(`the embed page's ${lang} catalog has no later words`));

/** The later words of the figure's whole catalog. @throws {Error} for a catalog without them (a build's mistake). */
export function useLater(): LaterLabels {
  const { later } = useCatalog();
  if (later === undefined) throw new Error("useLater: the embed page's catalog has no later words");
  return later;
}
