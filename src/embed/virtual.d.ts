/**
 * F22's trace in every language of the registry, produced by running the engine at build time, and its story in
 * each (vite.config.ts).
 */
declare module "virtual:f22-traces" {
  import type { Lang } from "../content/languages";
  import type { Story } from "../content/types";
  import type { Trace } from "../engine";

  const traces: Readonly<Record<Lang, Trace>>;
  export default traces;
  export const stories: Readonly<Record<Lang, Story>>;
}

/** One language's pieces for embed.js or a language pack, chosen by the build (vite.config.ts). */
declare module "virtual:embed-language" {
  import type { Lang } from "../content/languages";
  import type { Catalog, Story } from "../content/types";
  import type { Trace } from "../engine";
  export const lang: Lang;
  export const catalog: Catalog;
  export const f22: Trace;
  export const f22Story: Story;
}
