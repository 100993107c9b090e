/**
 * The words of the figure's later parts (its full panels, the Format view, the inner loop, a checkpoint's box):
 * from the catalog when it carries them, else loaded once per language (./later-loader.ts) while those parts,
 * already in a Suspense boundary of their own, wait.
 */
import { use } from "react";
import type { Lang } from "../content/languages";
import type { LaterLabels } from "../content/types";
import { useCatalog } from "./catalog";
import { loadLaterFile } from "./later-loader";

/**
 * One load per language for the page's lifetime, shared by every figure on it: a cache of files that never change,
 * as React's `lazy` keeps its module (no figure's state is in it). A load that failed is forgotten, so that the
 * next render asks again.
 */
const loads = new Map<Lang, Promise<LaterLabels>>();

/** A language's later words, loading them once. A shell may call it ahead of a language switch. */
export function loadLater(lang: Lang): Promise<LaterLabels> {
  let pending = loads.get(lang);
  if (pending === undefined) {
    pending = loadLaterFile(lang);
    pending.catch(() => loads.delete(lang));
    loads.set(lang, pending);
  }
  return pending;
}

/** The later words in the figure's language; suspends (in the part's own boundary) until they are in. */
export function useLater(): LaterLabels {
  const text = useCatalog();
  return text.later ?? use(loadLater(text.lang));
}
