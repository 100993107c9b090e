import type { Lang } from "../engine";
import { en } from "./en";
import type { Catalog } from "./types";
import { zh } from "./zh";

export type { Catalog, PageText } from "./types";

/** Every catalog by language. */
export const catalogs: Readonly<Record<Lang, Catalog>> = { zh, en };

/** The languages, default first. */
export const LANGS: readonly Lang[] = ["zh", "en"];

/** Whether a string (from a URL, a flag, a message) names a language we have. */
export function isLang(value: unknown): value is Lang {
  return value === "zh" || value === "en";
}
