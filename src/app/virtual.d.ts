/** Built by vite.config.ts at build time: the engine's real report, in every language of the registry. */
declare module "virtual:demo-output" {
  const output: Readonly<Record<import("../content/languages").Lang, string>>;
  export default output;
}
