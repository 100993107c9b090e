// JavaScript bytes a page loads before it can run: its scripts, module preloads and their static imports, gzip-compressed
// (level 9, as a static host would serve them). Deterministic, so budgets on it can fail the test command.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

/** The gzip size of a file, in bytes. */
export function gzipSize(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not its `import()`. */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;

/**
 * The JavaScript files an HTML page loads at once, with sizes: its `<script src>` and `<link rel="modulepreload">`,
 * and every module those import statically (which the browser fetches before running them, preloaded or not).
 */
export function initialJavaScript(htmlFile) {
  const html = readFileSync(htmlFile, "utf8");
  const files = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
  ].map((match) => join(dirname(htmlFile), match[1]));
  const seen = new Set();
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, imported] of readFileSync(file, "utf8").matchAll(STATIC_IMPORT))
      if (imported.startsWith(".")) files.push(join(dirname(file), imported));
  }
  return [...seen].map((file) => ({ file, gzip: gzipSize(file) }));
}

/** The total gzip bytes of a page's initial JavaScript. */
export function initialJavaScriptBytes(htmlFile) {
  return initialJavaScript(htmlFile).reduce((sum, entry) => sum + entry.gzip, 0);
}
