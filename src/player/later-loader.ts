/**
 * Where the figure's later parts get their words (`later.<code>.ts`) when the catalog the figure was given has none
 * (the chapter page loads only the labels first): each language's file is a chunk of its own, found by its name. The
 * embed build swaps ./later.ts, which asks for this, for src/embed/later.ts (its catalogs always carry them), see
 * vite.config.ts.
 */
import type { Lang } from "../content/languages";
import type { LaterLabels } from "../content/types";

const FILES = import.meta.glob<LaterLabels>("../content/later.*.ts", { import: "later" });

/** Load a language's later words. @throws {Error} (rejects) when its file is missing or cannot be loaded. */
export function loadLaterFile(lang: Lang): Promise<LaterLabels> {
  const load = FILES[`../content/later.${lang}.ts`];
  return load === undefined ? Promise.reject(new Error(`no later.${lang}.ts`)) : load();
}
