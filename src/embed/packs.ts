/**
 * What embed.html loads on demand. Its entry holds the default language's catalog and the default built-in in it
 * (made at build time: vite.config.ts, `builtins`), and no engine; another language comes from its pack
 * embed-<code>.js, the other built-ins in a language from embed-builtins-<code>.js (src/embed/pages.ts): classic
 * scripts fetched beside embed.js the first time they are needed, so they load in a sandboxed frame from a server
 * without CORS headers.
 */
import entryCatalog from "virtual:builtins/catalog.current.js";
import entryBuiltins from "virtual:builtins/first.current.js";
import type { Catalog, Story } from "../content";
import type { Lang } from "../content/languages";
import type { Trace } from "../engine";
import { type FigureSource, resolveSource } from "../figure/source";
import { type ShownProblem, unreadWords } from "../player";
import { isScenarioId } from "../scenarios/ids";
import type { BuiltinSet } from "../scenarios/types";
import type { AllowOrigin } from "./messages";
import type { LanguagePack } from "./pack-event";
import { has, loadBuiltinsPack, loadFigurePack, loadPack } from "./pack-loader";
import { builtinsPackFile, languagePackFile } from "./pages";

/**
 * The catalog of `lang` and the built-ins that come with it, from the entry itself or the language's pack.
 * @throws {Error} (rejects) when the pack cannot be loaded or is not that language's.
 */
export async function loadLanguage(lang: Lang): Promise<LanguagePack> {
  if (lang === entryCatalog.lang) return { catalog: entryCatalog, builtins: entryBuiltins };
  const file = languagePackFile(lang);
  const pack = await loadPack(file);
  if (!has(pack, "catalog") || !has(pack.catalog, "lang") || pack.catalog.lang !== lang || !has(pack, "builtins"))
    throw new Error(`${file} is not the ${lang} pack`);
  return pack as LanguagePack;
}

/** A set's built-ins in `lang`. */
const builtinsIn = (set: BuiltinSet, lang: Lang) => set[lang] ?? {};

/**
 * Built-in `id` in `lang` (null when there is none of that id), from the entry or the language's packs.
 * @throws {Error} (rejects) when a pack cannot be loaded or lacks what is asked for.
 */
async function loadBuiltin(id: string, lang: Lang): Promise<{ trace: Trace; story: Story } | null> {
  const first = builtinsIn((await loadLanguage(lang)).builtins, lang)[id];
  if (first !== undefined) return first;
  if (!isScenarioId(id)) return null;
  const figure = builtinsIn(await loadBuiltinsPack(lang), lang)[id];
  if (figure === undefined) throw new Error(`${builtinsPackFile(lang)} has no built-in ${id}`);
  return figure;
}

/** A figure ready to show: its trace, its story and the catalog, all in one language. */
export interface EmbedFigure {
  readonly trace: Trace;
  readonly story: Story;
  readonly text: Catalog;
}

/** What an embedded figure shows: a built-in scenario, or a course author's figure file (object, text, URL, share link). */
export type { FigureSource } from "../figure/source";

/** What is on screen: the figure, or, where it would be, why it cannot be shown. */
export type Shown =
  | { readonly kind: "figure"; readonly id: string; readonly figure: EmbedFigure }
  | {
      readonly kind: "problems";
      readonly text: Catalog;
      readonly problems: readonly ShownProblem[];
      readonly note?: string;
      /** For the author: what the figure file's URL gave instead of the file. */
      readonly detail?: string;
    };

/** The language of what is shown. */
export const shownLang = (shown: Shown): Lang => (shown.kind === "figure" ? shown.figure.text.lang : shown.text.lang);

/** Where the embed page may fetch a figure file from: its own origin, or the one `allowOrigin` names. */
const fetchAllowed =
  (allow: AllowOrigin) =>
  (url: URL): boolean =>
    url.origin === window.location.origin || (allow.kind === "only" && url.origin === allow.origin);

/**
 * A source shown in `lang`, through the one resolver (src/figure/source.ts): a built-in from the entry or a pack,
 * a figure file opened by embed-figure.js, each with the language's catalog.
 * @throws {Error} (rejects) when a pack cannot be loaded.
 */
export async function showSource(
  source: FigureSource,
  lang: Lang,
  allow: AllowOrigin = { kind: "any" },
  base?: string,
): Promise<Shown> {
  const [resolved, { catalog }] = await Promise.all([
    resolveSource(source, lang, {
      builtin: loadBuiltin,
      figures: () => loadFigurePack(base),
      allows: fetchAllowed(allow),
      // The resolver's own fetch: the learner's cookies go to this page's origin, as its scripts' requests do (an
      // LMS serves a package's files to a logged-in session only), and never to the other origin `allowOrigin` names.
      base: window.location.href,
    }),
    loadLanguage(lang),
  ]);
  if (resolved.status === "shown")
    return { kind: "figure", id: resolved.id, figure: { trace: resolved.trace, story: resolved.story, text: catalog } };
  return {
    kind: "problems",
    text: catalog,
    problems: resolved.problems,
    ...unreadWords(catalog.ui, resolved),
  };
}
