/**
 * Each built-in's name in each language its story is told in (generated from the figure files into
 * generated/names.json): what a scenario picker lists without loading the files themselves.
 */

import names from "./generated/names.json";
import type { ScenarioId } from "./ids";

export const SCENARIO_NAMES: Readonly<Record<ScenarioId, Readonly<Record<string, string>>>> = names;

/** A built-in's name in `lang`, or in the first language it has. */
export const scenarioName = (id: ScenarioId, lang: string): string =>
  SCENARIO_NAMES[id][lang] ?? Object.values(SCENARIO_NAMES[id])[0] ?? id;
