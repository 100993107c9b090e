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
import { DEFAULT_SCENARIO_ID, type ScenarioId } from "../scenarios/ids";
import { type LanguagePack, PACK_EVENT, type ScenarioPack } from "./pack-event";
import { languagePackFile } from "./pages";

/** Where the packs are: next to this script, wherever the page was served from (read while this script runs). */
const HERE =
  typeof document === "undefined" // pre-rendering at build time: nothing is loaded then
    ? ""
    : document.currentScript instanceof HTMLScriptElement && document.currentScript.src !== ""
      ? document.currentScript.src
      : document.baseURI;

/** One load per pack for the page's lifetime: its scripts are static code. */
const loading = new Map<string, Promise<unknown>>();

/** Run the pack script `file` once and resolve with what it delivers. */
export function loadPack(file: string): Promise<unknown> {
  let pending = loading.get(file);
  if (pending === undefined) {
    pending = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(file, HERE).href;
      script.addEventListener(PACK_EVENT, (event) => resolve((event as CustomEvent<unknown>).detail));
      // `load` fires after the script has run: if it delivered nothing, it is not our pack. A settled promise
      // ignores the later call.
      script.addEventListener("load", () => reject(new Error(`${file} delivered nothing`)));
      script.addEventListener("error", () => reject(new Error(`${file} could not be loaded`)));
      document.head.append(script);
    });
    pending.catch(() => loading.delete(file)); // a failed load may be retried
    loading.set(file, pending);
  }
  return pending;
}

const has = <K extends string>(value: unknown, key: K): value is Readonly<Record<K, unknown>> =>
  typeof value === "object" && value !== null && key in value;

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
