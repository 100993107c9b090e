// @vitest-environment node
import { describe, expect, it } from "vitest";
import { catalogs, LANGS } from "../../src/content";
import { chapters } from "../../src/content/chapter";
import { f22Scenario, runScenario } from "../../src/engine";

/** Every key path of a catalog, with the type of what sits there. */
function shape(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [`${prefix}:${typeof value}`];
  return Object.entries(value).flatMap(([key, item]) => shape(item, prefix === "" ? key : `${prefix}.${key}`));
}

describe("the catalogs", () => {
  it.each([
    ["figure", catalogs],
    ["chapter", chapters],
  ] as const)("have exactly the same keys in every language (%s)", (_, table) => {
    const [first, ...others] = LANGS.map((lang) => shape(table[lang]).sort());
    expect(first?.length).toBeGreaterThan(10);
    for (const other of others) expect(other).toEqual(first);
  });

  it.each(LANGS)("give every F22 step a title and a caption in %s", (lang) => {
    const text = catalogs[lang];
    for (const step of runScenario(f22Scenario(lang)).steps) {
      expect(text.stepTitle(step).length).toBeGreaterThan(3);
      const sentences = text
        .stepCaption(step)
        .split(/[。.!?](?:\s|$)/)
        .filter((s) => s.trim() !== "");
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
    }
  });

  it("say at step 3 that nothing has been read yet", () => {
    const step = runScenario(f22Scenario()).steps[2];
    if (step === undefined) throw new Error("no step 3");
    expect(catalogs.zh.stepCaption(step)).toContain("没有被读取");
    expect(catalogs.en.stepCaption(step)).toContain("no file has been read");
  });
});
