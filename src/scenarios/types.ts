import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import type { Scenario, Trace } from "../engine";
import type { ScenarioId } from "./ids";

/**
 * A built-in scenario as the figure needs it: the engine's run (built in a language, because the conversation's
 * words are in that language) and the scenario's own narrative in each language, both from its figure file.
 */
export interface ScenarioEntry {
  readonly id: ScenarioId;
  readonly build: (lang: Lang) => Scenario;
  readonly stories: Readonly<Record<Lang, Story>>;
}

/** A built-in as one language shows it: the engine's run of it in that language, and its story in it. */
export interface BuiltinFigure {
  readonly id: ScenarioId;
  readonly trace: Trace;
  readonly story: Story;
  /** Its story's checkpoints, when they load apart from it (the chapter page's default built-in). */
  readonly checkpoints?: () => Promise<readonly Checkpoint[]>;
}
