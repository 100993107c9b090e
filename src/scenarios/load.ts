/**
 * A built-in as a module build loads it (the build's index of a language, then the built-in: vite.config.ts,
 * `builtins`), as a shell's resolver loader hands it over: its checkpoints left to load when asked, or loaded with
 * it (`withCheckpoints`, for a shell whose story carries them).
 */
import type { Lang } from "../content/languages";
import type { BuiltinShown } from "../figure/source";
import type { BuiltinsIndex } from "./types";

/** Built-in `id` in `lang` from the build's indexes, or null when there is none of that id. */
export async function loadBuiltin(
  indexes: Readonly<Partial<Record<Lang, () => Promise<BuiltinsIndex>>>>,
  id: string,
  lang: Lang,
  options: { readonly withCheckpoints?: boolean } = {},
): Promise<BuiltinShown | null> {
  const index = await indexes[lang]?.();
  const load = index?.default[id];
  const loadCheckpoints = index?.checkpoints[id];
  if (load === undefined || loadCheckpoints === undefined) return null;
  const checkpoints = () => loadCheckpoints().then((module) => module.default);
  const { trace, story, words } = await load();
  if (options.withCheckpoints !== true) return { trace, story, words, checkpoints };
  const list = await checkpoints();
  return { trace, story: list.length > 0 ? { ...story, checkpoints: list } : story };
}
