import type { Lang } from "../engine";

/** A language the figure speaks: its code, its own name (for the switch) and its BCP 47 tag. */
export interface Language {
  readonly lang: Lang;
  readonly name: string;
  readonly htmlLang: string;
}

/** The languages, default first. Names only: the catalogs themselves load where a shell chooses. */
export const LANGUAGES: readonly Language[] = [
  { lang: "zh", name: "中文", htmlLang: "zh-CN" },
  { lang: "en", name: "English", htmlLang: "en" },
];

/** The languages' codes, default first. */
export const LANGS: readonly Lang[] = LANGUAGES.map((language) => language.lang);

/** The language a figure speaks when nothing asks for another: the chapter's, the registry's first. */
export const DEFAULT_LANG: Lang = LANGUAGES[0]?.lang ?? "zh";

/** Whether a string (from a URL, a flag, a message) names a language we have: one of the registry's codes. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}
