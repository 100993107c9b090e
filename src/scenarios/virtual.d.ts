/** The built-ins as the build makes them (vite.config.ts, `builtins`, which documents the id scheme). */

/** One built-in in one language, `virtual:builtin/<id>.<lang>.js`, or its checkpoints (`….checkpoints.js`). */
declare module "virtual:builtin/*" {
  import type { Checkpoint, Story, WrittenSteps } from "../content/types";
  import type { Trace } from "../engine";
  export const id: string;
  export const trace: Trace;
  export const story: Story;
  export const words: WrittenSteps;
  const checkpoints: readonly Checkpoint[];
  export default checkpoints;
}

/** A loader of each language's built-ins, by language. */
declare module "virtual:builtins" {
  import type { Lang } from "../content/languages";
  import type { BuiltinsIndex } from "./types";

  const loaders: Readonly<Record<Lang, () => Promise<BuiltinsIndex>>>;
  export default loaders;
}

/** The default built-in, or the others, each with its whole story, by language and id. */
declare module "virtual:builtins/first.*" {
  import type { BuiltinSet } from "./types";

  const set: BuiltinSet;
  export default set;
}
declare module "virtual:builtins/rest.*" {
  import type { BuiltinSet } from "./types";

  const set: BuiltinSet;
  export default set;
}

/** The catalog of the build's one language. */
declare module "virtual:builtins/catalog.current.js" {
  import type { Catalog } from "../content/types";

  const catalog: Catalog;
  export default catalog;
}
