// @vitest-environment node

import { describe, expect, it } from "vitest";
import { catalogs, LANGS, storyCatalog, writeSteps } from "../../src/content";
import { labels as zhLabels } from "../../src/content/labels.zh";
import { later as zhLater } from "../../src/content/later.zh";
import { steps as zhSteps } from "../../src/content/steps.zh";
import { writtenStepWords } from "../../src/content/types";
import { runScenario } from "../../src/engine";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { builtinModule } from "../../src/scenarios/builtin";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

describe("a trace's step words written out (every built-in's, at build time)", () => {
  it.each(LANGS.flatMap((lang) => SCENARIO_IDS.map((id) => [lang, id] as const)))(
    "say what the phrases and the story say, in %s, for %s",
    (lang, id) => {
      const trace = runScenario(scenarioById(id, lang));
      const told = storyCatalog(catalogs[lang], SCENARIOS[id].stories[lang]);
      // As the build makes them (src/scenarios/builtin.ts), through JSON, as it writes them into each built-in's module.
      const written = writtenStepWords(trace, JSON.parse(JSON.stringify(builtinModule(id, lang)?.words)));
      for (const step of trace.steps) {
        expect(written.stepTitle(step)).toBe(told.stepTitle(step));
        expect(written.stepCaption(step, trace)).toBe(told.stepCaption(step, trace));
        expect(written.arrowLabel(step)).toBe(told.arrowLabel(step));
      }
    },
  );

  it("read the same figure's steps in another language by number, and refuse another figure's", () => {
    const f22 = runScenario(scenarioById("f22", "en"));
    const written = writtenStepWords(f22, writeSteps(catalogs.en, f22));
    // A page switching language may render once with one language's words and the other's trace (never painted).
    for (const step of runScenario(scenarioById("f22", "zh")).steps)
      expect(written.stepTitle(step)).toBe(catalogs.en.stepTitle(f22.steps[step.number - 1] ?? step));
    const other = runScenario(scenarioById("scope-violation", "en"));
    const unlike = other.steps.find((step) => f22.steps[step.number - 1]?.kind !== step.kind);
    const last = runScenario(scenarioById("idempotent-replay", "en")).steps.at(-1);
    if (unlike === undefined || last === undefined) throw new Error("no step unlike F22's");
    expect(() => written.stepCaption(unlike, other)).toThrow(/is not one of this figure's/);
    expect(() => written.arrowLabel(last)).toThrow(/step 22 \(finish\) is not one of this figure's/);
  });
});

describe("a catalog", () => {
  it("is its labels, its step phrases and its later parts' words, nothing else", () => {
    expect(catalogs.zh).toEqual({ ...zhLabels, ...zhSteps, later: zhLater });
    expect(Object.keys(zhLabels)).not.toContain("later");
    expect(Object.keys(zhSteps).sort()).toEqual(["arrowLabel", "errors", "stepCaption", "stepTitle"]);
    expect(Object.keys(zhLabels)).not.toContain("stepTitle");
  });
});
