// Byte budgets (issue: speed). Builds the dependency floor (bench/floor: React + react-dom + framer-motion under
// LazyMotion + zustand, one animated element, and nothing of the figure: what any figure on this stack costs at
// least) and compares with it each page's initial JavaScript: the scripts and module preloads its HTML loads at
// once, gzip level 9 (scripts/bytes.mjs). What a page loads later, on demand (packs, lazy chunks), is not counted.
//   embed pages ≤ floor + 15 KB (one per language of the registry: embed.js alone)    chapter page ≤ floor + 40 KB
// Measured over the floor, so a budget is what the figure adds to its dependencies; the two lines are the issue's
// goals (BENCHMARKS.md, Goals). The figure animates with framer-motion's small WAAPI animate()
// (framer-motion/dom/mini), not LazyMotion, so a page can weigh less than the floor (printed as floor − N KB).
// Prints the numbers (with --json, also as JSON on its last line); exits 1 when a budget is missed. Needs
// `npm run build` first (dist/).
import { existsSync } from "node:fs";
import { tsImport } from "tsx/esm/api";
import { build } from "vite";
import { initialJavaScriptBytes } from "./bytes.mjs";

const { LANGUAGES } = await tsImport("../src/content/languages.ts", import.meta.url);
const { embedPageFile } = await tsImport("../src/embed/pages.ts", import.meta.url);

const KB = 1024;
const BUDGETS = [
  ...LANGUAGES.map(({ lang, name }) => ({
    name: `embed page, ${name} (dist/${embedPageFile(lang)})`,
    html: `dist/${embedPageFile(lang)}`,
    over: 15 * KB,
  })),
  { name: "chapter page (dist/index.html)", html: "dist/index.html", over: 40 * KB },
];

for (const { html } of BUDGETS) {
  if (!existsSync(html)) {
    console.error(`check-budgets: ${html} is missing: run npm run build first.`);
    process.exit(1);
  }
}
process.env.BENCH_PAGES = "floor";
await build({ configFile: "bench/vite.config.ts", logLevel: "error" });
const floor = initialJavaScriptBytes("bench/dist/floor/index.html");
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const overFloor = (bytes) => (bytes >= 0 ? `floor + ${kb(bytes)}` : `floor − ${kb(-bytes)}`);
console.log(`byte budgets (initial JavaScript, gzip); dependency floor ${kb(floor)}`);
let missed = 0;
/** With --json, the counts on the last line (`budgets: {…}`), for the bench's goals table. */
const counted = { floor, pages: {} };
for (const budget of BUDGETS) {
  const bytes = initialJavaScriptBytes(budget.html);
  counted.pages[budget.html] = bytes;
  const limit = floor + budget.over;
  const ok = bytes <= limit;
  if (!ok) missed += 1;
  console.log(
    `  ${ok ? "ok  " : "MISS"} ${budget.name}: ${kb(bytes)} = ${overFloor(bytes - floor)} (budget floor + ${kb(budget.over)})`,
  );
}
if (process.argv.includes("--json")) console.log(`budgets: ${JSON.stringify(counted)}`);
if (missed > 0) {
  console.error(`check-budgets: ${missed} byte budget(s) missed.`);
  process.exit(1);
}
