/**
 * A stand-in for the built dist/ that SCORM packages are made from (an embed page per language, the embed's
 * scripts as placeholders), so that the package and the command are tested before and without `npm run build`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Make the stand-in; returns its folder and how to remove it. */
export function standInDist(): { readonly dist: string; readonly remove: () => void } {
  const dist = mkdtempSync(join(tmpdir(), "alf-dist-"));
  const page = (lang: string) =>
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'" /><title>Agent loop figure · F22</title></head><body><div id="alf-embed" data-lang="${lang}"><p>first frame</p></div></body></html>`;
  writeFileSync(join(dist, "embed.html"), page("zh"));
  writeFileSync(join(dist, "embed-en.html"), page("en"));
  for (const file of [
    "embed.js",
    "embed.css",
    "embed-en.js",
    "embed-scorm.js",
    "embed-builtins-zh.js",
    "embed-builtins-en.js",
    "embed-host.js",
  ])
    writeFileSync(join(dist, file), `/* ${file} */`);
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}
