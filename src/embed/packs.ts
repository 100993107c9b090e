/**
 * What embed.html loads on demand. Its entry holds the default language's catalog, F22's trace in it (made at
 * build time) and F22's story, and no runner; another language comes from its pack embed-<code>.js
 * (src/embed/pages.ts), any other scenario (with the engine that runs it and every catalog) from
 * embed-scenarios.js: classic scripts fetched beside embed.js the first time they are needed, so they load in a
 * sandboxed frame from a server without CORS headers.
 */
import * as entryLanguage from "virtual:embed-language";
import type { Catalog, Story } from "../content";
import type { Lang } from "../content/languages";
import type { Trace } from "../engine";
import { type FigureSource, resolveSource } from "../figure/source";
import type { ShownProblem } from "../player";
import { DEFAULT_SCENARIO_ID, isScenarioId, type ScenarioId } from "../scenarios/ids";
import type { AllowOrigin } from "./messages";
import type { LanguagePack, ScenarioPack } from "./pack-event";
import { has, loadFigurePack, loadPack } from "./pack-loader";
import { languagePackFile } from "./pages";

/**
 * The catalog for `lang` and F22's trace in it, from the entry itself or the language pack.
 * @throws {Error} (rejects) when the pack cannot be loaded or is not that language's.
 */
async function loadLanguage(lang: Lang): Promise<LanguagePack> {
  if (lang === entryLanguage.lang) return entryLanguage;
  const file = languagePackFile(lang);
  const pack = await loadPack(file);
  if (
    !has(pack, "catalog") ||
    !has(pack.catalog, "lang") ||
    pack.catalog.lang !== lang ||
    !has(pack, "f22") ||
    !has(pack, "f22Story")
  ) {
    throw new Error(`${file} is not the ${lang} pack`);
  }
  return pack as LanguagePack;
}

/** A figure ready to show: its trace, its story and the catalog, all in one language. */
export interface EmbedFigure {
  readonly trace: Trace;
  readonly story: Story;
  readonly text: Catalog;
}

/**
 * Scenario `id` in `lang`, loading what the entry does not hold.
 * @throws {Error} (rejects) when a pack cannot be loaded or lacks what is asked for.
 */
export async function loadFigure(id: ScenarioId, lang: Lang): Promise<EmbedFigure> {
  const language = await loadLanguage(lang); // also for another scenario: a language that fails to load, fails here
  if (id === DEFAULT_SCENARIO_ID) return { trace: language.f22, story: language.f22Story, text: language.catalog };
  const pack = await loadPack("embed-scenarios.js");
  const figure =
    has(pack, "figure") && typeof pack.figure === "function" ? (pack as ScenarioPack).figure(id, lang) : null;
  if (figure === null) throw new Error(`embed-scenarios.js has no scenario ${id}`);
  return { ...figure, text: language.catalog };
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
 * A source shown in `lang`, through the one resolver (src/figure/source.ts): a built-in from the entry or
 * embed-scenarios.js, a figure file opened by embed-figure.js, each with the language's catalog.
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
      builtin: (id, at) => (isScenarioId(id) ? loadFigure(id, at) : Promise.resolve(null)),
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
    ...(resolved.unread === null ? {} : { note: catalog.ui[resolved.unread] }),
    ...(resolved.fetched === undefined ? {} : { detail: catalog.ui.fetchFailure(resolved.fetched) }),
  };
}
