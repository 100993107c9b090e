/** Built by vite.config.ts at build time: the engine's real report, in every language of the registry. */
declare module "virtual:demo-output" {
  const output: Readonly<Record<import("../content/languages").Lang, string>>;
  export default output;
}

/**
 * A loader per language of the registry for the default built-in as that language shows it, its steps' words
 * written (vite.config.ts).
 */
declare module "virtual:default-figures" {
  const loaders: Readonly<
    Record<import("../content/languages").Lang, () => Promise<import("./languages").DefaultFigureModule>>
  >;
  export default loaders;
}
