// Byte budgets. Builds the dependency floor (bench/floor: React + react-dom + framer-motion under LazyMotion +
// zustand, one animated element, and nothing of the figure: what any figure on this stack costs at least) and
// compares with it each page's initial JavaScript: the scripts and module preloads its HTML loads at once, gzip
// level 9 (scripts/bytes.mjs). What a page loads later, on demand (packs, lazy chunks), is not counted. The budgets
// are ratchets (scripts/budgets.mjs): each embed page (one per language of the registry: embed.js alone) and the
// chapter page may weigh what they weighed when their bytes were last won, plus a margin; a page that wins more than
// the slack fails too, until its budget comes down. The figure animates with framer-motion's small WAAPI animate()
// (framer-motion/dom/mini), not LazyMotion, so a page can weigh less than the floor (printed as floor − N KB).
// Prints the numbers (with --json, also as JSON on its last line); exits 1 when a budget is missed or loose. Needs
// `npm run build` first (dist/).
import { existsSync } from "node:fs";
import { tsImport } from "tsx/esm/api";
import { build } from "vite";
import { BUDGETS_KB, ratchet } from "./budgets.mjs";
import { initialJavaScriptBytes } from "./bytes.mjs";

const { LANGUAGES } = await tsImport("../src/content/languages.ts", import.meta.url);
const { embedPageFile } = await tsImport("../src/embed/pages.ts", import.meta.url);

const KB = 1024;
const BUDGETS = [
  ...LANGUAGES.map(({ lang, name }) => ({
    name: `embed page, ${name} (dist/${embedPageFile(lang)})`,
    html: `dist/${embedPageFile(lang)}`,
    over: BUDGETS_KB.embed * KB,
  })),
  { name: "chapter page (dist/index.html)", html: "dist/index.html", over: BUDGETS_KB.chapter * KB },
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
  const held = ratchet((bytes - floor) / KB, budget.over / KB);
  if (held.verdict !== "ok") missed += 1;
  const mark = { ok: "ok  ", over: "MISS", loose: "WON " }[held.verdict];
  console.log(
    `  ${mark} ${budget.name}: ${kb(bytes)} = ${overFloor(bytes - floor)} (budget floor + ${kb(budget.over)})${
      held.verdict === "loose" ? `: lower its budget in scripts/budgets.mjs to ${held.lowerTo} KB, to hold the win` : ""
    }`,
  );
}
if (process.argv.includes("--json")) console.log(`budgets: ${JSON.stringify(counted)}`);
if (missed > 0) {
  console.error(`check-budgets: ${missed} byte budget(s) missed, or won and not lowered.`);
  process.exit(1);
}
