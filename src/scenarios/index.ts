/**
 * Every built-in scenario with its narrative, by id: for shells that offer them all (the chapter page, the npm
 * package, the web component, the CLI). Each is one figure file, src/scenarios/NN-<id>.json, exactly as a course
 * author writes one (docs/authoring.md), run by the same compiler; the list is generated from the files
 * (scripts/builtin-scenarios.mjs). The embed page keeps only the default in its entry and loads the rest from a
 * pack (src/embed/pack-scenarios.ts) when a link asks for one.
 */
import { LANGS, type Lang } from "../content/languages";
import type { Scenario } from "../engine";
import { figureScenario } from "../figure/compile";
import { storyIn } from "../figure/story";
import { BUILTIN_FILES } from "./files.gen";
import { SCENARIO_IDS, type ScenarioId } from "./ids";
import type { ScenarioEntry } from "./types";

export { BUILTIN_FILES } from "./files.gen";
export type { ScenarioId } from "./ids";
export { DEFAULT_SCENARIO_ID, isScenarioId, SCENARIO_IDS } from "./ids";
export type { ScenarioEntry } from "./types";

/** A built-in's entry from its figure file. Every built-in file is a scenario the engine runs, not a recording. */
function entryOf(id: ScenarioId): ScenarioEntry {
  const file = BUILTIN_FILES[id];
  const scenario = file.scenario;
  if (scenario === undefined) throw new Error(`built-in ${id} has no scenario`);
  const stories = Object.fromEntries(LANGS.map((lang) => [lang, storyIn(file, lang)])) as Record<
    Lang,
    ReturnType<typeof storyIn>
  >;
  return { id, build: (lang) => figureScenario(id, scenario, lang, LANGS), stories };
}

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioEntry>> = /* @__PURE__ */ Object.fromEntries(
  SCENARIO_IDS.map((id) => [id, entryOf(id)]),
) as Record<ScenarioId, ScenarioEntry>;

/**
 * Build a built-in scenario in one language (the conversation's words change; the input and steps do not).
 * @example runScenario(scenarioById("f22", "en")).steps.length // 8
 */
export function scenarioById(id: ScenarioId, lang: Lang): Scenario {
  return SCENARIOS[id].build(lang);
}
