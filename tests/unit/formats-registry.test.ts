// @vitest-environment node
/**
 * The format registry is the one list of formats: every codec is registered under its own id, and the menus, the
 * CLI and the docs follow the registry. The formats layer sits between the engine and the shells.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/cli";
import { FORMAT_IDS, FORMATS, isFormatId } from "../../src/formats";
import { CODECS } from "../../src/formats/codecs";

describe("the format registry", () => {
  it.each(FORMAT_IDS)("has a codec for %s, registered under its own id and name", (id) => {
    expect(CODECS[id].id).toBe(id);
    expect(CODECS[id].name).toBe(FORMATS.find((f) => f.id === id)?.name);
    expect(CODECS[id].pairing.length).toBeGreaterThan(0);
  });

  it("has no codec the registry does not list", () => {
    expect(Object.keys(CODECS).sort()).toEqual([...FORMAT_IDS].sort());
  });

  it("is what the CLI's --format takes and lists", async () => {
    for (const id of FORMAT_IDS) expect(isFormatId(id)).toBe(true);
    expect((await runCli(["--import", "x.json", "--format", "gemini-pro"])).stderr).toContain(
      `--format ${FORMAT_IDS.join("|")}`,
    );
  });

  it.each(FORMATS.map((f) => [f.id, f.name] as const))("is documented: %s has its section in docs/formats.md", (id) => {
    expect(readFileSync("docs/formats.md", "utf8")).toContain(`(\`${id}\`)`);
  });
});

describe("src/formats", () => {
  const files = (readdirSync("src/formats") as string[])
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join("src/formats", f));
  // Of libraries, valibot (reading untrusted input), for the providers' streams a spec-correct SSE parser, and fflate
  // to unpack an Inspect AI .eval log (a zip).
  it.each(files)("%s imports only the engine, the trace's schema and compact form, and its own folder", (file) => {
    const specifiers = [
      ...readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*["']([^"']+)["']/g),
    ].map((m) => m[1] ?? "");
    for (const specifier of specifiers)
      expect(specifier).toMatch(
        /^(\.\.\/engine|\.\.\/trace-format\/(?:schema|compact)|\.\/[a-z-]+|valibot|eventsource-parser|fflate)$/,
      );
  });

  it("keeps the registry free of codecs, so listing the formats loads none", () => {
    const index = readFileSync("src/formats/index.ts", "utf8");
    expect(index).not.toMatch(/from\s*["']\.\//);
  });
});
