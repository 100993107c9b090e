import type { Lang } from "../engine";
import { en } from "./en";
import type { Catalog } from "./types";
import { zh } from "./zh";

export type { Language } from "./languages";
export { DEFAULT_LANG, isLang, LANGS, LANGUAGES } from "./languages";
export type { Catalog, PageText, Story } from "./types";
export { storyCatalog } from "./types";

/**
 * Every catalog by language, loaded together: for shells that must switch language without waiting (the embed
 * routes, the CLI). The chapter page loads its second language on demand instead (src/app/languages.ts).
 */
export const catalogs: Readonly<Record<Lang, Catalog>> = { zh, en };
