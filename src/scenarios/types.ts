import type { Lang } from "../content/languages";
import type { Story } from "../content/types";
import type { Scenario } from "../engine";
import type { ScenarioId } from "./ids";

/**
 * A built-in scenario as the figure needs it: the engine's run (built in a language, because the conversation's
 * words are in that language) and the scenario's own narrative in each language.
 */
export interface ScenarioEntry {
  readonly id: ScenarioId;
  readonly build: (lang: Lang) => Scenario;
  readonly stories: Readonly<Record<Lang, Story>>;
}

/** A scenario's file: its run (the engine's inputs, given the conversation's words), those words and its stories. */
interface ScenarioFile<W> {
  readonly id: ScenarioId;
  readonly run: (words: W) => Scenario;
  readonly words: Readonly<Record<Lang, W>>;
  readonly stories: Readonly<Record<Lang, Story>>;
}

/** A scenario's entry from its file: `build(lang)` runs it with the words in `lang`. */
export function defineScenario<W>({ id, run, words, stories }: ScenarioFile<W>): ScenarioEntry {
  return { id, build: (lang) => run(words[lang]), stories };
}
