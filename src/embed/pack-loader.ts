/**
 * How the embed pages and the web component load a pack: a classic script fetched the first time it is needed,
 * which hands over its content in an event on its own script element (./pack-event.ts), so that it loads in a
 * sandboxed frame from a server without CORS headers, and writes no global.
 */
import type { Lang } from "../content/languages";
import type { BuiltinSet } from "../scenarios/types";
import { type FigurePack, PACK_EVENT, type ScormPack } from "./pack-event";
import { builtinsPackFile } from "./pages";

/** Where the packs are: next to this script, wherever the page was served from (read while this script runs). */
const HERE =
  typeof document === "undefined" // pre-rendering at build time: nothing is loaded then
    ? ""
    : document.currentScript instanceof HTMLScriptElement && document.currentScript.src !== ""
      ? document.currentScript.src
      : document.baseURI;

/** Where the pack script `file` is loaded from (beside this script unless told). */
export const packUrl = (file: string, base: string = HERE): string => new URL(file, base).href;

/** One load per pack for the page's lifetime: its scripts are static code. */
const loading = new Map<string, Promise<unknown>>();

/**
 * Run the pack script `file` once and resolve with what it delivers. `base` is where it is: beside this script
 * unless told (the web component, a module, says where it was loaded from).
 */
export function loadPack(file: string, base: string = HERE): Promise<unknown> {
  const src = packUrl(file, base);
  let pending = loading.get(src);
  if (pending === undefined) {
    pending = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.addEventListener(PACK_EVENT, (event) => resolve((event as CustomEvent<unknown>).detail));
      // `load` fires after the script has run: if it delivered nothing, it is not our pack. A settled promise
      // ignores the later call.
      script.addEventListener("load", () => reject(new Error(`${file} delivered nothing`)));
      script.addEventListener("error", () => reject(new Error(`${file} could not be loaded`)));
      document.head.append(script);
    });
    pending.catch(() => loading.delete(src)); // a failed load may be retried
    loading.set(src, pending);
  }
  return pending;
}

export const has = <K extends string>(value: unknown, key: K): value is Readonly<Record<K, unknown>> =>
  typeof value === "object" && value !== null && key in value;

/**
 * The built-ins but the default in `lang`, from embed-builtins-<code>.js (beside this script, or beside `base`).
 * @throws {Error} (rejects) when it cannot be loaded or is not that pack.
 */
export async function loadBuiltinsPack(lang: Lang, base?: string): Promise<BuiltinSet> {
  const file = builtinsPackFile(lang);
  const pack = await loadPack(file, base);
  if (!has(pack, "builtins") || !has(pack.builtins, lang)) throw new Error(`${file} is not the ${lang} built-ins pack`);
  return pack.builtins as BuiltinSet;
}

/**
 * embed-figure.js, which opens figure files (beside this script, or beside `base`).
 * @throws {Error} (rejects) when it cannot be loaded or is not that pack.
 */
export async function loadFigurePack(base?: string): Promise<FigurePack> {
  const pack = await loadPack("embed-figure.js", base);
  if (!has(pack, "open") || typeof pack.open !== "function" || !has(pack, "readShare"))
    throw new Error("embed-figure.js is not the figure file pack");
  return pack as FigurePack;
}

/**
 * embed-scorm.js, the SCORM runtime of an LMS package's launch page.
 * @throws {Error} (rejects) when it cannot be loaded or is not that pack.
 */
export async function loadScormPack(): Promise<ScormPack> {
  const pack = await loadPack("embed-scorm.js");
  if (!has(pack, "findApi") || typeof pack.findApi !== "function" || !has(pack, "ScormSession"))
    throw new Error("embed-scorm.js is not the SCORM pack");
  return pack as ScormPack;
}
