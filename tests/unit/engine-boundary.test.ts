// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const engineFiles = (readdirSync("src/engine", { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join("src/engine", f));
const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*["']([^"']+)["']/g)].map(
    (m) => m[1],
  );

describe("src/engine", () => {
  it("has files to check", () => expect(engineFiles.length).toBeGreaterThan(4));

  it.each(engineFiles)("%s imports only relative engine modules, with their .ts extension", (file) => {
    for (const specifier of importsOf(file)) expect(specifier).toMatch(/^\.\.?\/.*\.ts$/);
  });

  it.each(engineFiles)("%s documents every export with JSDoc", (file) => {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      if (!/^export (?:abstract )?(?:function|class|const|interface|type) [A-Za-z]/.test(line)) return;
      expect(lines[i - 1]?.trim() ?? "", `${file}:${i + 1} ${line}`).toMatch(/\*\/$/);
    });
  });

  it("exports its public API by name from index.ts", () => {
    const index = readFileSync("src/engine/index.ts", "utf8");
    expect(index).not.toMatch(/export\s+default/);
    expect(index).not.toMatch(/export\s+\*/);
  });
});
