/**
 * The built-in scenarios' ids: a plain list, generated from their files' names (scripts/builtin-scenarios.mjs), so
 * that a shell that only parses or checks an id (the embed's options, a URL) carries no scenario.
 */

import { SCENARIO_IDS } from "./ids.gen";

export { SCENARIO_IDS };

/** The id of a built-in scenario. */
export type ScenarioId = (typeof SCENARIO_IDS)[number];

/** The scenario a figure shows when none (or an unknown one) is asked for. */
export const DEFAULT_SCENARIO_ID: ScenarioId = "f22";

/** Whether a string (from a URL, an attribute, a flag) names a built-in scenario. */
export function isScenarioId(value: unknown): value is ScenarioId {
  return (SCENARIO_IDS as readonly unknown[]).includes(value);
}
