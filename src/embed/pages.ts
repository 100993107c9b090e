/**
 * The embed route's files per language of the registry: the page (embed.html in the default language,
 * embed-<code>.html in each other, its first frame pre-rendered in that language) and, for a language other than
 * the default, the pack embed.js loads when a figure is asked to speak it (embed-<code>.js), and the other
 * built-ins in each language (embed-builtins-<code>.js). The build, the
 * pre-render, the byte budgets and embed-host.js's page match all take the names from here.
 */
// With its extension: vite.config.ts imports this file as it is.
import { DEFAULT_LANG, LANGS, type Lang } from "../content/languages.ts";

/** The embed page whose first frame is in `lang`. */
export const embedPageFile = (lang: Lang): string => (lang === DEFAULT_LANG ? "embed.html" : `embed-${lang}.html`);

/** The script that brings `lang` to embed.js (the catalog, the default built-in in it); the default needs none. */
export const languagePackFile = (lang: Lang): string => `embed-${lang}.js`;

/** The script that brings the built-ins but the default, in `lang`. */
export const builtinsPackFile = (lang: Lang): string => `embed-builtins-${lang}.js`;

/** The languages that come in a pack: every one but the default. */
export const PACKED_LANGS: readonly Lang[] = LANGS.filter((lang) => lang !== DEFAULT_LANG);
