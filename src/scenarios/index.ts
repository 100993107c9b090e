/**
 * Every built-in scenario with its narrative, by id: for shells that offer them all (the chapter page, the npm
 * package, the web component, the CLI). Each is one figure file, src/scenarios/NN-<id>.json, exactly as a course
 * author writes one (docs/authoring.md), run by the same compiler; the list is generated from the files
 * (scripts/builtin-scenarios.mjs). The embed page keeps only the default in its entry and loads the rest from a
 * pack (src/embed/pack-scenarios.ts) when a link asks for one.
 */
import type { Lang } from "../content/languages";
import type { Scenario } from "../engine";
import { entryOf } from "./entry";
import { BUILTIN_FILES } from "./files.gen";
import { SCENARIO_IDS, type ScenarioId } from "./ids";
import type { ScenarioEntry } from "./types";

export { BUILTIN_FILES } from "./files.gen";
export type { ScenarioId } from "./ids";
export { DEFAULT_SCENARIO_ID, isScenarioId, SCENARIO_IDS } from "./ids";
export type { ScenarioEntry } from "./types";

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioEntry>> = /* @__PURE__ */ Object.fromEntries(
  SCENARIO_IDS.map((id) => [id, entryOf(id, BUILTIN_FILES[id])]),
) as Record<ScenarioId, ScenarioEntry>;

/**
 * Build a built-in scenario in one language (the conversation's words change; the input and steps do not).
 * @example runScenario(scenarioById("f22", "en")).steps.length // 8
 */
export function scenarioById(id: ScenarioId, lang: Lang): Scenario {
  return SCENARIOS[id].build(lang);
}
