// @vitest-environment node
/**
 * The layers of src/ are one table, LAYERS in scripts/layers.ts, which Biome enforces on every import (the rules
 * scripts/layers.ts writes into biome.layers.jsonc, run by `npm run lint`). Here: the table has a row for every
 * folder, the rules and docs/architecture.md's table are what the table makes, a probe import through a folder's
 * door is refused, and the course folder stays framework-free.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIOME_LAYERS, biomeLayers, DEPTH, documented, LAYERS } from "../../scripts/layers";

const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f));

/** A scratch project with the layer rules and the given files, linted by Biome: its exit code and report. */
const scratch = mkdtempSync(join(tmpdir(), "layers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function lint(name: string, sources: Record<string, string>): { status: number | null; report: string } {
  const root = join(scratch, name);
  for (const [path, text] of Object.entries(sources)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  cpSync(BIOME_LAYERS, join(root, BIOME_LAYERS));
  writeFileSync(join(root, "biome.json"), JSON.stringify({ extends: [`./${BIOME_LAYERS}`] }));
  const biome = join(process.cwd(), "node_modules/.bin/biome");
  const run = spawnSync(biome, ["lint", "--max-diagnostics=50", "src"], { cwd: root, encoding: "utf8" });
  return { status: run.status, report: `${run.stdout}${run.stderr}` };
}

describe("the layers of src/", () => {
  it("has a row for every folder, and no other", () => {
    const folders = readdirSync("src", { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? [d.name] : []));
    expect(folders.sort()).toEqual(Object.keys(LAYERS).sort());
  });

  it("lets each folder import only folders with rows", () => {
    for (const allowed of Object.values(LAYERS))
      for (const used of allowed) expect(Object.keys(LAYERS)).toContain(used);
  });

  it("has its rules written from the table, as deep as any file sits", () => {
    expect(readFileSync(BIOME_LAYERS, "utf8")).toBe(biomeLayers());
    const deepest = Math.max(...files("src").map((file) => file.split("/").length - 2));
    expect(deepest).toBeLessThanOrEqual(DEPTH);
  });

  it("is printed in docs/architecture.md as the table has it", () => {
    const text = readFileSync("docs/architecture.md", "utf8");
    expect(text).toBe(documented(text));
  });

  it("refuses an import of a folder a layer may not use: through its door, deep, dynamic or for types", () => {
    const { status, report } = lint("refused", {
      "src/embed/index.ts": "export const embedded = 1;\n",
      "src/embed/deep.ts": "export const deep = 1;\n",
      "src/player/probe.ts": 'import { embedded } from "../embed";\nexport const probe = embedded;\n',
      "src/player/components/probe.tsx":
        'import type { deep } from "../../embed/deep";\nexport type Probe = typeof deep;\n',
      "src/cli/probe.ts": 'export const later = () => import("../player");\n',
    });
    expect(status).not.toBe(0);
    expect(report).toContain("src/player/probe.ts");
    expect(report).toContain("src/player/components/probe.tsx");
    expect(report).toContain("src/cli/probe.ts");
    expect(report).toContain("src/player/ may import only itself, engine, formats, content, figure, course");
  });

  it("lets an import the table allows through", () => {
    const { status, report } = lint("allowed", {
      "src/engine/index.ts": "export const engine = 1;\n",
      "src/player/probe.ts":
        'import { engine } from "../engine";\nimport "./embed-like";\nexport const probe = engine;\n',
      "src/player/embed-like.ts": "export {};\n",
    });
    expect(report).not.toContain("may import only");
    expect(status).toBe(0);
  });

  it("keeps the course logic framework-free", () => {
    const course = files("src/course");
    expect(course.filter((file) => file.endsWith(".tsx"))).toEqual([]);
    const frameworks = course.filter((file) =>
      /from\s+["'](react|react-dom|zustand|framer-motion)(\/[^"']*)?["']/.test(readFileSync(file, "utf8")),
    );
    expect(frameworks).toEqual([]);
  });

  it("is what npm run lint runs: Biome extends the rules", () => {
    expect(readFileSync("biome.jsonc", "utf8")).toContain(`"extends": ["./${BIOME_LAYERS}"]`);
    expect(execFileSync("npm", ["pkg", "get", "scripts.lint"], { encoding: "utf8" })).toContain("biome check");
  });
});
