/**
 * Every built-in scenario with its narrative, by id: for shells that offer them all (the chapter page, the npm
 * package, the web component, the CLI). The embed page keeps only the default in its entry and loads the rest
 * from a pack (src/embed/pack-scenarios.ts) when a link asks for one.
 */
import type { Lang } from "../content/languages";
import type { Scenario } from "../engine";
import { claimedDone } from "./claimed-done";
import { experiment07 } from "./experiment-07";
import { f22 } from "./f22";
import { idempotentReplay } from "./idempotent-replay";
import type { ScenarioId } from "./ids";
import { mcpHop } from "./mcp-hop";
import { missingFeedback } from "./missing-feedback";
import { scopeViolation } from "./scope-violation";
import type { ScenarioEntry } from "./types";
import { unauthorizedTool } from "./unauthorized-tool";

export type { F22Words } from "./f22";
export { F22_FILES, F22_WORDS, f22Run } from "./f22";
export type { ScenarioId } from "./ids";
export { DEFAULT_SCENARIO_ID, isScenarioId, SCENARIO_IDS } from "./ids";
export type { ScenarioEntry } from "./types";
export { publishTool } from "./unauthorized-tool";

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioEntry>> = {
  f22,
  "experiment-07": experiment07,
  "idempotent-replay": idempotentReplay,
  "unauthorized-tool": unauthorizedTool,
  "scope-violation": scopeViolation,
  "missing-feedback": missingFeedback,
  "claimed-done": claimedDone,
  "mcp-hop": mcpHop,
};

/**
 * Build a built-in scenario in one language (the conversation's words change; the input and steps do not).
 * @example runScenario(scenarioById("f22", "en")).steps.length // 8
 */
export function scenarioById(id: ScenarioId, lang: Lang): Scenario {
  return SCENARIOS[id].build(lang);
}
