/**
 * The code blocks of docs/embedding.md that the host tests run exactly as written: each is the fenced block after
 * a `<!-- snippet: NAME -->` comment, its indentation (a list item's) removed.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const DOC = resolve(import.meta.dirname, "../../docs/embedding.md");

/** The snippet `name`'s code. @throws {Error} when the doc has no such snippet (a renamed or lost marker). */
export function docSnippet(name: string): string {
  const text = readFileSync(DOC, "utf8");
  const marker = `<!-- snippet: ${name} -->`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`docs/embedding.md has no snippet "${name}"`);
  const fence = /^([ \t]*)```[\w-]*\n([\s\S]*?)^\1```/m.exec(text.slice(at + marker.length));
  if (fence === null) throw new Error(`docs/embedding.md: the snippet "${name}" has no code block after it`);
  const [, indent = "", code = ""] = fence;
  return code
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}
