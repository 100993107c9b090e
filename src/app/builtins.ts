/**
 * The built-ins beside the default, for the chapter page: loaded when one is asked for, with the engine that runs
 * them and the figure-file compiler that builds them (the default's trace comes made at build time, with its
 * language: ./languages.ts).
 */
import type { Lang } from "../content/languages";
import { runScenario } from "../engine";
import { SCENARIOS, type ScenarioId } from "../scenarios";
import type { BuiltinFigure } from "../scenarios/types";

/** Built-in `id` as `lang` shows it: the engine's run of it, and its story. */
export function builtinFigure(id: ScenarioId, lang: Lang): BuiltinFigure {
  const entry = SCENARIOS[id];
  return { id, trace: runScenario(entry.build(lang)), story: entry.stories[lang] };
}
