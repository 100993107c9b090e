/**
 * The built-in scenarios by id. Shells (the page, the embed, the web component) pick one by id; nothing outside
 * a scenario's own file knows what it contains.
 */
import type { Lang } from "../errors.ts";
import type { Scenario } from "../runner.ts";
import { claimedDoneScenario } from "./claimed-done.ts";
import { experiment07Scenario } from "./experiment-07.ts";
import { f22Scenario } from "./f22.ts";
import { idempotentReplayScenario } from "./idempotent-replay.ts";
import { missingFeedbackScenario } from "./missing-feedback.ts";
import { scopeViolationScenario } from "./scope-violation.ts";
import { unauthorizedToolScenario } from "./unauthorized-tool.ts";

/** The built-in scenario ids, the default first. A plain list, so that knowing the ids costs no builder. */
export const SCENARIO_IDS = [
  "f22",
  "experiment-07",
  "idempotent-replay",
  "unauthorized-tool",
  "scope-violation",
  "missing-feedback",
  "claimed-done",
] as const;

/** The id of a built-in scenario. */
export type ScenarioId = (typeof SCENARIO_IDS)[number];

/** Every built-in scenario's builder, by id. */
const BUILDERS: Readonly<Record<ScenarioId, (lang: Lang) => Scenario>> = {
  f22: f22Scenario,
  "experiment-07": experiment07Scenario,
  "idempotent-replay": idempotentReplayScenario,
  "unauthorized-tool": unauthorizedToolScenario,
  "scope-violation": scopeViolationScenario,
  "missing-feedback": missingFeedbackScenario,
  "claimed-done": claimedDoneScenario,
};

/** The scenario a figure shows when none (or an unknown one) is asked for. */
export const DEFAULT_SCENARIO_ID: ScenarioId = "f22";

/** Whether a string (from a URL, an attribute, a flag) names a built-in scenario. */
export function isScenarioId(value: unknown): value is ScenarioId {
  return (SCENARIO_IDS as readonly unknown[]).includes(value);
}

/**
 * Build a built-in scenario in one language.
 * @example runScenario(scenarioById("f22", "en")).steps.length // 8
 */
export function scenarioById(id: ScenarioId, lang: Lang): Scenario {
  return BUILDERS[id](lang);
}
