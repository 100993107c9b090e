// @vitest-environment node

import { describe, expect, it } from "vitest";
import { catalogs, LANGS, storyCatalog, writeSteps } from "../../src/content";
import { labels as zhLabels } from "../../src/content/labels.zh";
import { steps as zhSteps } from "../../src/content/steps.zh";
import { writtenStepWords } from "../../src/content/types";
import { runScenario } from "../../src/engine";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

describe("a trace's step words written out (the chapter page's default figure)", () => {
  it.each(LANGS.flatMap((lang) => SCENARIO_IDS.map((id) => [lang, id] as const)))(
    "say what the phrases and the story say, in %s, for %s",
    (lang, id) => {
      const trace = runScenario(scenarioById(id, lang));
      const told = storyCatalog(catalogs[lang], SCENARIOS[id].stories[lang]);
      // Through JSON, as the build writes them into the default figure's chunk.
      const written = writtenStepWords(trace, JSON.parse(JSON.stringify(writeSteps(told, trace))));
      for (const step of trace.steps) {
        expect(written.stepTitle(step)).toBe(told.stepTitle(step));
        expect(written.stepCaption(step, trace)).toBe(told.stepCaption(step, trace));
        expect(written.arrowLabel(step)).toBe(told.arrowLabel(step));
      }
    },
  );

  it("refuse a step of another trace, rather than give it another step's words", () => {
    const f22 = runScenario(scenarioById("f22", "en"));
    const written = writtenStepWords(f22, writeSteps(catalogs.en, f22));
    // The same figure in another language is another trace: its steps are the same kinds, with the same call ids.
    const [, , proposal] = runScenario(scenarioById("f22", "zh")).steps;
    if (proposal === undefined) throw new Error("F22 has no step 3");
    expect(() => written.stepTitle(proposal)).toThrow(/step 3 is not of this trace/);
    const last = runScenario(scenarioById("idempotent-replay", "en")).steps.at(-1);
    if (last === undefined) throw new Error("idempotent-replay has no steps");
    expect(() => written.arrowLabel(last)).toThrow(/is not of this trace/);
  });
});

describe("a catalog", () => {
  it("is its labels and its step phrases, nothing else", () => {
    expect(catalogs.zh).toEqual({ ...zhLabels, ...zhSteps });
    expect(Object.keys(zhSteps).sort()).toEqual(["arrowLabel", "errors", "stepCaption", "stepTitle"]);
    expect(Object.keys(zhLabels)).not.toContain("stepTitle");
  });
});
