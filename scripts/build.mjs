// npm run build: the chapter page and every embed route into dist/, the npm package into lib/.
// One process, one Vite build per mode of vite.config.ts (buildModes(): the chapter page, the pre-render, the embed
// page and its packs — one per language of the registry but the default —, embed-host.js, the web component and
// the package); then the first frames of the chapter page and of every language's embed page, rendered by the
// pre-render build (entry src/prerender.ts, output dist-prerender/, deleted afterwards) into dist/index.html and
// dist/embed*.html (src/embed/pages.ts names them); then the package's type declarations (tsconfig.lib.json, into
// lib/types/).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { build } from "vite";
import { builtinFiles } from "./builtin-scenarios.mjs";

// The built-in scenarios' modules (src/scenarios/*.gen.ts) are `npm run generate`'s, committed: the build writes
// nothing into src/, and tests/unit/scenario-files.test.ts fails when they are stale.

const { buildModes } = await tsImport("../vite.config.ts", import.meta.url);
const { LANGS } = await tsImport("../src/content/languages.ts", import.meta.url);
const { embedPageFile } = await tsImport("../src/embed/pages.ts", import.meta.url);
const { figureJsonSchema, FIGURE_SCHEMA_FILE } = await tsImport("../src/figure/json-schema.ts", import.meta.url);
const { packageFigure } = await tsImport("../src/cli/scorm.ts", import.meta.url);

for (const mode of buildModes()) await build({ mode, logLevel: "warn" });

// The first frames in the HTML: readable with JavaScript off, painted before the bundle has run.
const { prerenderApp, prerenderEmbed } = await import(pathToFileURL(resolve("dist-prerender/prerender.js")).href);
for (const [file, placeholder, render] of [
  ["dist/index.html", '<div id="root"></div>', prerenderApp],
  ...LANGS.map((lang) => [
    `dist/${embedPageFile(lang)}`,
    `<div id="alf-embed" data-lang="${lang}"></div>`,
    () => prerenderEmbed(lang),
  ]),
]) {
  const html = readFileSync(file, "utf8");
  if (!html.includes(placeholder)) throw new Error(`${file} has no empty ${placeholder} to pre-render into`);
  writeFileSync(file, html.replace(placeholder, placeholder.replace("></div>", `>${await render()}</div>`)));
}
rmSync("dist-prerender", { recursive: true, force: true });

// The figure file's JSON Schema, for editors, and the example figure files (docs/authoring.md), the built-ins'
// among them, to load by URL.
writeFileSync(`dist/${FIGURE_SCHEMA_FILE}`, `${JSON.stringify(figureJsonSchema(), null, 2)}\n`);
cpSync("examples/figures", "dist/figures", { recursive: true });
for (const { file, id } of builtinFiles()) cpSync(`src/scenarios/${file}`, `dist/figures/builtin-${id}.json`);

// The default built-in (F22) as an LMS activity: a SCORM 1.2 package per language (docs/lms.md).
mkdirSync("dist/scorm", { recursive: true });
for (const lang of LANGS) {
  const made = await packageFigure("dist", {}, lang);
  writeFileSync(`dist/scorm/${made.name}`, made.bytes);
}

// What the installed command packages from the package itself (lib/cli/agent-loop-figure.js finds them beside it):
// the embed's files for `scorm` (the viewer's page is a build of its own, in lib/viewer/).
cpSync("public/favicon.svg", "lib/viewer/favicon.svg");
mkdirSync("lib/embed", { recursive: true });
for (const name of readdirSync("dist").filter((file) => /^embed[\w-]*\.(html|js|css)$/.test(file)))
  cpSync(`dist/${name}`, `lib/embed/${name}`);

execFileSync("npx", ["tsc", "-p", "tsconfig.lib.json"], { stdio: "inherit" });
console.log(
  `built dist/ (index.html and ${LANGS.map(embedPageFile).join(", ")} pre-rendered, embed.html's packs, embed-host.js, agent-loop-figure.js, figure.schema.json, figures/, scorm/) and lib/ (npm package)`,
);
