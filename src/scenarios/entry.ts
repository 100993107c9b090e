/** A built-in scenario's entry made from its figure file, by the figure file's own compiler and story. */
import { LANGS, type Lang } from "../content/languages";
import { figureScenario } from "../figure/compile";
import { storyIn } from "../figure/story";
import type { FigureFileInput } from "../figure/types";
import type { ScenarioId } from "./ids";
import type { ScenarioEntry } from "./types";

/** A built-in's entry from its figure file. Every built-in file is a scenario the engine runs, not a recording. */
export function entryOf(id: ScenarioId, file: FigureFileInput): ScenarioEntry {
  const scenario = file.scenario;
  if (scenario === undefined) throw new Error(`built-in ${id} has no scenario`);
  const stories = Object.fromEntries(LANGS.map((lang) => [lang, storyIn(file, lang)])) as Record<
    Lang,
    ReturnType<typeof storyIn>
  >;
  return { id, build: (lang) => figureScenario(id, scenario, lang, LANGS), stories };
}
