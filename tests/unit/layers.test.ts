// @vitest-environment node
/**
 * Every folder of src/ imports only the layers below it (STYLE.md: engine → formats → content / scenarios →
 * player → shells), and no shell imports another: the chapter page (app), the embed routes (embed) and the CLI
 * (cli) each stand on the layers, never on each other. src/prerender.ts, the build's entry, sits above them all.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** What each folder may import from the other folders of src/. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  engine: [],
  "trace-format": ["engine"],
  formats: ["engine", "trace-format"],
  content: ["engine", "formats"],
  scenarios: ["engine", "content", "figure"],
  figure: ["engine", "trace-format", "formats", "content"],
  player: ["engine", "formats", "content", "figure"],
  app: ["engine", "formats", "trace-format", "content", "scenarios", "figure", "player"],
  embed: ["engine", "formats", "content", "scenarios", "figure", "scorm", "player"],
  scorm: [],
  cli: ["engine", "trace-format", "formats", "content", "scenarios", "figure", "player", "scorm"],
  author: ["engine", "formats", "content", "scenarios", "figure", "player"],
};

const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f));

/** The src/ folders a file imports from, by relative specifier. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*["'](\.[^"']+)["']/g)].map(
    (m) => m[1] ?? "",
  );
  const dynamic = [...text.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => m[1] ?? "");
  const bare = [...text.matchAll(/(?:^|\n)\s*import\s*["'](\.[^"']+)["']/g)].map((m) => m[1] ?? "");
  return [...specifiers, ...dynamic, ...bare].flatMap((specifier) => {
    const resolved = join(file, "..", specifier).split("/");
    return resolved[0] === "src" && resolved.length > 2 ? [resolved[1] ?? ""] : [];
  });
}

describe("the layers of src/", () => {
  it("lists every folder", () => {
    const folders = readdirSync("src", { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? [d.name] : []));
    expect(folders.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  for (const [folder, allowed] of Object.entries(ALLOWED)) {
    it(`${folder} imports only ${allowed.length === 0 ? "itself" : allowed.join(", ")}`, () => {
      const outside = files(join("src", folder)).flatMap((file) =>
        importedFolders(file)
          .filter((used) => used !== folder && !allowed.includes(used))
          .map((used) => `${file} → ${used}`),
      );
      expect(outside).toEqual([]);
    });
  }
});
