/** Reading the page's URL: which step, language and built-in to open with. Untrusted input: parse, never trust. */

import type { Lang } from "../content/languages";
import { DEFAULT_LANG, isLang } from "../content/languages";
import type { FigureSource } from "../figure/source";
import { DEFAULT_SOURCE, isScenarioId } from "../scenarios/ids";

/** What was wrong with a step a link asked for. The link's own text is never echoed back to the reader. */
export type StepProblem = "not_a_number" | "out_of_range";

/** Where a link asks the figure to open, and what was wrong when it asked for a step that does not exist. */
export interface StepRequest {
  /** 0-based. */
  readonly index: number;
  readonly invalid: StepProblem | null;
}

/** Percent-decode, keeping the raw text when it is not valid encoding (a hand-edited link must not crash the page). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * `#step-N` wins over `?step=N`; both are 1-based. Out of range or not a number → the nearest sensible step.
 * The hash arrives percent-encoded and is decoded once; URLSearchParams has already decoded the query.
 */
export function stepFromUrl(location: { hash: string; search: string }, stepCount: number): StepRequest {
  const fromHash = /^#step-(.*)$/.exec(location.hash)?.[1];
  const raw = fromHash === undefined ? new URLSearchParams(location.search).get("step") : safeDecode(fromHash);
  if (raw === null) return { index: 0, invalid: null };
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return { index: 0, invalid: "not_a_number" };
  const n = Number(text);
  if (n >= 1 && n <= stepCount) return { index: n - 1, invalid: null };
  return { index: n < 1 ? 0 : stepCount - 1, invalid: "out_of_range" };
}

/** `?lang=en` → English, any language of the registry by its code; anything else (missing, unknown) → the default. */
export function langFromUrl(search: string): Lang {
  const asked = new URLSearchParams(search).get("lang");
  return isLang(asked) ? asked : DEFAULT_LANG;
}

/**
 * The built-in a link names (`?scenario=`), or the default one; `unknown` when it names one there is not (a
 * notice says so).
 */
export function builtinFromUrl(search: string): { readonly source: FigureSource; readonly unknown: boolean } {
  const asked = new URLSearchParams(search).get("scenario");
  if (asked !== null && isScenarioId(asked)) return { source: { kind: "builtin", id: asked }, unknown: false };
  return { source: DEFAULT_SOURCE, unknown: asked !== null };
}
