/**
 * A built-in as one language shows it, made from its figure file: the engine's run, its story and its steps'
 * words written out. The one place that turns "built-in id, language" into a figure: the build runs it for every
 * built-in in every language (vite.config.ts, `builtins`: a module each, so a page downloads a trace and never the
 * engine that made it), and so do the shells that run on Node (the CLI).
 */
import { catalogs, writeSteps } from "../content";
import type { Lang } from "../content/languages";
import { type Checkpoint, storyCatalog } from "../content/types";
import { runScenario } from "../engine";
import { isScenarioId } from "./ids";
import { SCENARIOS } from "./index";
import type { BuiltinModule } from "./types";

/** Built-in `id` in `lang`, or null when no built-in has that id. */
export function builtinModule(
  id: string,
  lang: Lang,
): (BuiltinModule & { readonly checkpoints: readonly Checkpoint[] }) | null {
  if (!isScenarioId(id)) return null;
  const entry = SCENARIOS[id];
  const trace = runScenario(entry.build(lang));
  const { checkpoints = [], ...story } = entry.stories[lang];
  const words = writeSteps(storyCatalog(catalogs[lang], entry.stories[lang]), trace);
  return { id, trace, story, words, checkpoints };
}
