// JavaScript bytes a page loads before it can run: its scripts and module preloads, gzip-compressed
// (level 9, as a static host would serve them). Deterministic, so budgets on it can fail the test command.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

/** The gzip size of a file, in bytes. */
export function gzipSize(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The JavaScript files an HTML page loads at once (`<script src>`, `<link rel="modulepreload">`), with sizes. */
export function initialJavaScript(htmlFile) {
  const html = readFileSync(htmlFile, "utf8");
  const urls = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
  ].map((match) => match[1]);
  return [...new Set(urls)].map((url) => {
    const file = join(dirname(htmlFile), url);
    return { file, gzip: gzipSize(file) };
  });
}

/** The total gzip bytes of a page's initial JavaScript. */
export function initialJavaScriptBytes(htmlFile) {
  return initialJavaScript(htmlFile).reduce((sum, entry) => sum + entry.gzip, 0);
}
