/**
 * How the chapter page's figures reach the one resolver (src/figure/source.ts): a built-in as the build made it in
 * the page's language (vite.config.ts, `builtins`: its trace, story and steps' words, a chunk each), a figure file
 * fetched from this page's origin and opened by the figure-file compiler (loaded then), and for a figure the build
 * did not write the words of, the language's step phrases.
 */
import BUILTINS from "virtual:builtins";
import type { SourceLoaders } from "../figure/source";
import { loadBuiltin } from "../scenarios/load";
import { loadStepPhrases } from "./languages";

export const PAGE_LOADERS: SourceLoaders = {
  builtin: (id, lang) => loadBuiltin(BUILTINS, id, lang),
  figures: () => import("../figure").then((module) => ({ open: module.openFigure })),
  words: loadStepPhrases,
  // Same origin only, as a transcript: a relative URL resolves against this page.
  allows: (url) => typeof window !== "undefined" && url.origin === window.location.origin,
};
