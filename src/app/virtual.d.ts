/** Built by vite.config.ts at build time: the engine's real report, in both languages. */
declare module "virtual:demo-output" {
  const output: Readonly<Record<"zh" | "en", string>>;
  export default output;
}
