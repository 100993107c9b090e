// npm run build: the chapter page and every embed route into dist/, the npm package into lib/.
// One process, nine Vite builds (the modes of vite.config.ts, listed below); then the first frames of the chapter
// page and of the embed, rendered by the pre-render build (entry src/prerender.ts, output dist-prerender/, deleted
// afterwards) into dist/index.html, dist/embed.html and dist/embed-en.html; then the package's type declarations
// (tsconfig.lib.json, into lib/types/).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

for (const mode of [
  "production",
  "prerender",
  "embed",
  "embed-scenarios",
  "embed-en",
  "embed-wire",
  "embed-host",
  "element",
  "lib",
]) {
  await build({ mode, logLevel: "warn" });
}

// The first frames in the HTML: readable with JavaScript off, painted before the bundle has run.
const { prerenderApp, prerenderEmbed } = await import(pathToFileURL(resolve("dist-prerender/prerender.js")).href);
for (const [file, placeholder, render] of [
  ["dist/index.html", '<div id="root"></div>', prerenderApp],
  ["dist/embed.html", '<div id="alf-embed" data-lang="zh"></div>', () => prerenderEmbed("zh")],
  ["dist/embed-en.html", '<div id="alf-embed" data-lang="en"></div>', () => prerenderEmbed("en")],
]) {
  const html = readFileSync(file, "utf8");
  if (!html.includes(placeholder)) throw new Error(`${file} has no empty ${placeholder} to pre-render into`);
  writeFileSync(file, html.replace(placeholder, placeholder.replace("></div>", `>${await render()}</div>`)));
}
rmSync("dist-prerender", { recursive: true, force: true });

execFileSync("npx", ["tsc", "-p", "tsconfig.lib.json"], { stdio: "inherit" });
console.log(
  "built dist/ (index.html, embed.html and embed-en.html pre-rendered, embed.html's packs, embed-host.js, agent-loop-figure.js) and lib/ (npm package)",
);
