// npm run build: the chapter page and every embed route into dist/, the npm package into lib/.
// One process, eight Vite builds (modes of vite.config.ts), the chapter's first frame pre-rendered into
// dist/index.html, then the package's type declarations.
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

// The first frame in the HTML: readable with JavaScript off, painted before the bundle has run.
const { prerenderApp } = await import(pathToFileURL(resolve("dist-prerender/prerender.js")).href);
const html = readFileSync("dist/index.html", "utf8");
const placeholder = '<div id="root"></div>';
if (!html.includes(placeholder)) throw new Error("dist/index.html has no empty #root to pre-render into");
writeFileSync("dist/index.html", html.replace(placeholder, `<div id="root">${await prerenderApp()}</div>`));
rmSync("dist-prerender", { recursive: true, force: true });

execFileSync("npx", ["tsc", "-p", "tsconfig.lib.json"], { stdio: "inherit" });
console.log(
  "built dist/ (index.html pre-rendered, embed.html and its packs, embed-host.js, agent-loop-figure.js) and lib/ (npm package)",
);
