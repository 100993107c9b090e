/**
 * The built-in scenarios' ids: a plain list, generated from their files' names (scripts/builtin-scenarios.mjs), so
 * that a shell that only parses or checks an id (the embed's options, a URL) carries no scenario.
 */

import type { FigureSource } from "../figure/source";
// With its extension: vite.config.ts imports this file as it is.
import { SCENARIO_IDS } from "./ids.gen.ts";

export { SCENARIO_IDS };

/** The id of a built-in scenario. */
export type ScenarioId = (typeof SCENARIO_IDS)[number];

/**
 * The scenario a figure shows when none (or an unknown one) is asked for: the first file's (NN orders them). Named
 * here and by the build (vite.config.ts, `builtins`) only: the shells name `DEFAULT_SOURCE`.
 */
export const DEFAULT_SCENARIO_ID: ScenarioId = SCENARIO_IDS[0];

/**
 * What a figure shows when nothing else is asked for: the default built-in, as a source of the one resolver
 * (src/figure/source.ts). Shells name it and never test for its id: which one it is, and how it reaches a page, is
 * this registry's and the build's business.
 */
export const DEFAULT_SOURCE: FigureSource = { kind: "builtin", id: DEFAULT_SCENARIO_ID };

/** Whether a source is the default one (a URL leaves it unsaid). */
export const isDefaultSource = (source: FigureSource): boolean =>
  source.kind === "builtin" && source.id === DEFAULT_SCENARIO_ID;

/** Whether a string (from a URL, an attribute, a flag) names a built-in scenario. */
export function isScenarioId(value: unknown): value is ScenarioId {
  return (SCENARIO_IDS as readonly unknown[]).includes(value);
}
