/**
 * How the command line's figures reach the one resolver (src/figure/source.ts), as every shell's do: a built-in
 * made from its figure file on the spot (src/scenarios/builtin.ts, the function the build runs for the pages), a
 * figure file opened by the figure-file compiler.
 */
import { openFigure } from "../figure";
import type { SourceLoaders } from "../figure/source";
import { builtinModule } from "../scenarios/builtin";

export const CLI_LOADERS: SourceLoaders = {
  builtin: async (id, lang) => {
    const made = builtinModule(id, lang);
    if (made === null) return null;
    const { checkpoints } = made;
    return { trace: made.trace, story: checkpoints.length > 0 ? { ...made.story, checkpoints } : made.story };
  },
  figures: async () => ({ open: openFigure }),
};
