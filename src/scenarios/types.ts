import type { Story } from "../content/types";
import type { Lang, Scenario, ScenarioId } from "../engine";

/**
 * A built-in scenario as the figure needs it: the engine's run (built in a language, because the conversation's
 * words are in that language) and the scenario's own narrative in each language.
 */
export interface ScenarioEntry {
  readonly id: ScenarioId;
  readonly build: (lang: Lang) => Scenario;
  readonly stories: Readonly<Record<Lang, Story>>;
}
