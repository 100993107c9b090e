// @vitest-environment node
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without declarations
import { builtinModules } from "../../scripts/builtin-scenarios.mjs";
import { LANGS } from "../../src/content/languages";
import { BUILTIN_FILES, DEFAULT_SCENARIO_ID, SCENARIO_IDS, SCENARIOS } from "../../src/scenarios";
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
    // The default is the first file: renumbering the files is how another becomes the default.
    expect(DEFAULT_SCENARIO_ID).toBe("f22");
    expect(BUILTIN_FILES[DEFAULT_SCENARIO_ID].id).toBe(DEFAULT_SCENARIO_ID);
  });

  it("name each built-in in each language as its story does, for a picker that loads none of them", () => {
    for (const id of SCENARIO_IDS)
      for (const lang of LANGS)
        expect([id, lang, scenarioName(id, lang)]).toEqual([id, lang, SCENARIOS[id].stories[lang].name]);
  });

  it("tell each built-in's story in every language of the registry: a language added names the files that lack it", () => {
    const untold = SCENARIO_IDS.flatMap((id) =>
      LANGS.flatMap((lang) => (SCENARIOS[id].stories[lang].writtenIn === undefined ? [] : [`${id} in ${lang}`])),
    );
    expect(untold).toEqual([]);
  });
});
