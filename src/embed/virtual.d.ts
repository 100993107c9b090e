/** F22's trace in each language, produced by running the engine at build time (vite.config.ts). */
declare module "virtual:f22-traces" {
  import type { Trace } from "../engine";
  export const zh: Trace;
  export const en: Trace;
}
