/**
 * The language registry: every language the figure speaks, default first, one line each. Everything that
 * differs per language derives from it (the `Lang` type, URL and option parsing, the CLI's usage, the embed
 * pages and their packs, the pre-rendered first frames, the build and the byte budgets); a language's words are
 * in its catalog `./<code>.ts`, its chapter page `./chapter.<code>.ts` and the stories' translations
 * (docs/architecture.md, "Adding a language").
 */
export const LANGUAGES = [
  { lang: "zh", name: "中文", htmlLang: "zh-CN" },
  { lang: "en", name: "English", htmlLang: "en" },
] as const satisfies readonly { readonly lang: string; readonly name: string; readonly htmlLang: string }[];

/** A language the figure speaks: its code, its own name (for the switch) and its BCP 47 tag. */
export type Language = (typeof LANGUAGES)[number];

/** A language's code, as the registry spells it. */
export type Lang = Language["lang"];

/** The languages' codes, default first. */
export const LANGS: readonly Lang[] = LANGUAGES.map((language) => language.lang);

/** The language a figure speaks when nothing asks for another: the chapter's, the registry's first. */
export const DEFAULT_LANG: Lang = LANGUAGES[0].lang;

/** Whether a string (from a URL, a flag, a message) names a language we have: one of the registry's codes. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** A language's registry entry: its own name and its BCP 47 tag (for `lang` attributes). */
export function languageOf(lang: Lang): Language {
  return LANGUAGES.find((language) => language.lang === lang) ?? LANGUAGES[0];
}

/**
 * The language of what the project says to developers rather than readers: the CLI's messages on stderr
 * (a reader's words follow `--lang`).
 */
export const TOOLING_LANG: Lang = "en";
