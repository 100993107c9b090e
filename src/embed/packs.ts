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
import type { ShownProblem } from "../player";
import { DEFAULT_SCENARIO_ID, type ScenarioId } from "../scenarios/ids";
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

/** What an embedded figure shows: a built-in scenario, or a course author's figure file (its text or object). */
export type FigureSource =
  | { readonly kind: "scenario"; readonly id: ScenarioId }
  | { readonly kind: "file"; readonly file: unknown }
  /** A file that never arrived: said in the catalog's words (`figureFetchFailed`, `figureOtherOrigin`). */
  | {
      readonly kind: "missing";
      readonly why: "figureFetchFailed" | "figureOtherOrigin" | "shareDamaged" | "shareTooLong";
    };

/** What is on screen: the figure, or, where it would be, why it cannot be shown. */
export type Shown =
  | { readonly kind: "figure"; readonly id: string; readonly figure: EmbedFigure }
  | {
      readonly kind: "problems";
      readonly text: Catalog;
      readonly problems: readonly ShownProblem[];
      readonly note?: string;
    };

/** The language of what is shown. */
export const shownLang = (shown: Shown): Lang => (shown.kind === "figure" ? shown.figure.text.lang : shown.text.lang);

/**
 * A source shown in `lang`: a scenario (as {@link loadFigure}), or a figure file opened by embed-figure.js.
 * @throws {Error} (rejects) when a pack cannot be loaded.
 */
export async function showSource(source: FigureSource, lang: Lang, base?: string): Promise<Shown> {
  if (source.kind === "scenario") return { kind: "figure", id: source.id, figure: await loadFigure(source.id, lang) };
  const { catalog } = await loadLanguage(lang);
  if (source.kind === "missing") return { kind: "problems", text: catalog, problems: [], note: catalog.ui[source.why] };
  const pack = await loadFigurePack(base);
  const opened = pack.open(source.file, lang);
  if (!opened.ok) return { kind: "problems", text: catalog, problems: opened.problems };
  const { id, trace, story } = opened.figure;
  return { kind: "figure", id, figure: { trace, story, text: catalog } };
}
