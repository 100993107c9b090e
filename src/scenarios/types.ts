import type { Lang } from "../content/languages";
import type { Checkpoint, Story, WrittenSteps } from "../content/types";
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

/**
 * A built-in as one language shows it, as the build writes it (vite.config.ts, `builtins`: one module per built-in
 * per language): the engine's run of it in that language, its story without its checkpoints (which load apart:
 * few readers ask them), and its steps' words written out, so that a page showing it needs neither the engine nor
 * the phrases that can tell any step.
 */
export interface BuiltinModule {
  readonly id: string;
  readonly trace: Trace;
  readonly story: Story;
  readonly words: WrittenSteps;
}

/** The build's index of one language's built-ins (`virtual:builtins/<lang>.js`): loaders by id, and names. */
export interface BuiltinsIndex {
  readonly default: Readonly<Record<string, () => Promise<BuiltinModule>>>;
  readonly checkpoints: Readonly<Record<string, () => Promise<{ readonly default: readonly Checkpoint[] }>>>;
  readonly names: Readonly<Record<string, string>>;
}

/** Built-ins with their whole stories, by language and id (a build's set of them: vite.config.ts, `builtins`). */
export type BuiltinSet = Readonly<
  Partial<Record<Lang, Readonly<Record<string, { readonly trace: Trace; readonly story: Story }>>>>
>;
