/**
 * What embed.html loads on demand: its entry holds the default scenario and the default language only; any
 * other scenario comes from embed-scenarios.js and English from embed-en.js, classic scripts fetched beside
 * embed.js (so they load in a sandboxed frame from a server without CORS headers) the first time they are needed.
 */
import type { Catalog } from "../content";
import { zh } from "../content/zh";
import { DEFAULT_SCENARIO_ID, type Lang, type ScenarioId } from "../engine";
import { f22 } from "../scenarios/f22";
import type { ScenarioEntry } from "../scenarios/types";
import { PACK_EVENT } from "./pack-event";

/** Where the packs are: next to this script, wherever the page was served from (read while this script runs). */
const HERE =
  document.currentScript instanceof HTMLScriptElement && document.currentScript.src !== ""
    ? document.currentScript.src
    : document.baseURI;

/** One load per pack for the page's lifetime: its scripts are static code. */
const loading = new Map<string, Promise<unknown>>();

/** Run the pack script `file` once and resolve with what it delivers. */
function loadPack(file: string): Promise<unknown> {
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

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null;

/**
 * The scenario `id`, from the entry itself or the scenario pack.
 * @throws {Error} (rejects) when the pack cannot be loaded or lacks the scenario.
 */
export async function loadScenario(id: ScenarioId): Promise<ScenarioEntry> {
  if (id === DEFAULT_SCENARIO_ID) return f22;
  const pack = await loadPack("embed-scenarios.js");
  const entry = isRecord(pack) ? pack[id] : undefined;
  if (!isRecord(entry) || entry.id !== id || typeof entry.build !== "function") {
    throw new Error(`embed-scenarios.js has no scenario ${id}`);
  }
  return entry as unknown as ScenarioEntry;
}

/**
 * The catalog for `lang`, from the entry itself or the language pack.
 * @throws {Error} (rejects) when the pack cannot be loaded or is not that language's catalog.
 */
export async function loadCatalog(lang: Lang): Promise<Catalog> {
  if (lang === "zh") return zh;
  const catalog = await loadPack(`embed-${lang}.js`);
  if (!isRecord(catalog) || catalog.lang !== lang) throw new Error(`embed-${lang}.js is not the ${lang} catalog`);
  return catalog as unknown as Catalog;
}
