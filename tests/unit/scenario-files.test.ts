// @vitest-environment node
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without declarations
import { builtinModules } from "../../scripts/builtin-scenarios.mjs";
import { LANGS } from "../../src/content/languages";
import { BUILTIN_FILES, DEFAULT_SCENARIO_ID, SCENARIO_IDS, SCENARIOS } from "../../src/scenarios";
import { DEFAULT_FILE } from "../../src/scenarios/default.gen";
import { scenarioName } from "../../src/scenarios/names";

const dir = resolve(import.meta.dirname, "../../src/scenarios");

describe("the built-in scenarios' generated modules", () => {
  it("are what their figure files make: a file added, renamed or renumbered without regenerating fails here", () => {
    for (const [name, text] of Object.entries(builtinModules() as Record<string, string>)) {
      expect([name, readFileSync(resolve(dir, name), "utf8")]).toEqual([name, text]);
    }
  });

  it("list the files in their numbers' order, the default first", () => {
    expect(SCENARIO_IDS[0]).toBe("f22");
    expect(SCENARIO_IDS).toHaveLength(8);
    // The default alone, for the package's entry, is the first file and the default id.
    expect(DEFAULT_FILE.id).toBe(DEFAULT_SCENARIO_ID);
    expect(DEFAULT_FILE).toBe(BUILTIN_FILES[DEFAULT_SCENARIO_ID]);
  });

  it("name each built-in in each language as its story does, for a picker that loads none of them", () => {
    for (const id of SCENARIO_IDS)
      for (const lang of LANGS)
        expect([id, lang, scenarioName(id, lang)]).toEqual([id, lang, SCENARIOS[id].stories[lang].name]);
  });
});
