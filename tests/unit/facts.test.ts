// @vitest-environment node
/** The facts a caption states, computed once for every language (src/content/facts.ts). */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import { stepFacts, titleFacts } from "../../src/content/facts";
import { runScenario, type Step } from "../../src/engine";
import { openFigure } from "../../src/figure";
import { importTranscript } from "../../src/formats/import";
import { scenarioById } from "../../src/scenarios";

const f22 = runScenario(scenarioById("f22", "en"));
const at = (n: number) => f22.steps[n - 1] as Step;

describe("titleFacts: what a title says, from the step alone, for every language", () => {
  const weather = (() => {
    const figure = openFigure(
      readFileSync(resolve(import.meta.dirname, "../../examples/figures/weather.json"), "utf8"),
      "en",
    );
    if (!figure.ok) throw new Error("weather.json does not open");
    return figure.figure.trace;
  })();
  const calls = (trace: typeof f22) => trace.steps.filter((s) => s.kind === "model_call");
  it("names what a model call feeds back: nothing, a result, an error result, several results", () => {
    expect(titleFacts(at(2))).toEqual({ laterTurn: false, fedCallIds: [], fedKind: "none" });
    expect(titleFacts(at(6))).toEqual({ laterTurn: false, fedCallIds: ["call_1"], fedKind: "result" });
    const refused = runScenario(scenarioById("unauthorized-tool", "en"));
    expect(titleFacts(calls(refused)[1] as Step)).toMatchObject({ fedCallIds: ["call_1"], fedKind: "error" });
    expect(titleFacts(calls(weather)[1] as Step)).toMatchObject({
      fedCallIds: ["call_1", "call_2"],
      fedKind: "results",
    });
  });
  it("and each language words those facts, not its own reading of the step", () => {
    const second = calls(weather)[1] as Step;
    expect(catalogs.en.stepTitle(second)).toBe(
      "Host feeds back the results of call_1, call_2 and calls the model (model call 2)",
    );
    expect(catalogs.zh.stepTitle(second)).toBe("宿主回填 call_1、call_2 的结果，第 2 次调用模型");
    expect(titleFacts(at(1)).laterTurn).toBe(false);
  });
});

describe("stepFacts", () => {
  it("at F22's second model call: it feeds call_1's result back, the first result the model sees", () => {
    expect(stepFacts(at(6), f22)).toMatchObject({ fed: [{ callId: "call_1", kind: "ok" }], firstResult: true });
    expect(stepFacts(at(2), f22)).toMatchObject({ fed: [], firstResult: false });
  });
  it("at a validation of a read-only tool: no operation id to check", () => {
    expect(stepFacts(at(4), f22).noOperationId).toBe(true);
  });
  it("at an execution: whether its result ever reaches the model", () => {
    expect(stepFacts(at(5), f22).resultReachesModel).toBe(true);
    const forgetful = runScenario(scenarioById("missing-feedback", "en"));
    const execution = forgetful.steps.find((s) => s.kind === "execution") as Step;
    expect(stepFacts(execution, forgetful).resultReachesModel).toBe(false);
  });
  it("at a refusal fed back: an error result, from the host's refusal", () => {
    const refused = runScenario(scenarioById("unauthorized-tool", "en"));
    const second = refused.steps.find((s) => s.kind === "model_call" && s.modelCall === 2) as Step;
    expect(stepFacts(second, refused).fed).toEqual([{ callId: "call_1", kind: "refused" }]);
  });
  it.each([
    ['[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]', "reply"],
    [
      '[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"},{"role":"user","content":"more"}]',
      "user",
    ],
    [
      '[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c","content":"ok"}]',
      "results",
    ],
    [
      '[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}]',
      "proposal",
    ],
  ] as const)("tells how a transcript ends: %s → %s", (text, end) => {
    const result = importTranscript(text);
    if (!result.ok) throw new Error("not imported");
    const last = result.trace.steps.at(-1) as Step;
    expect(stepFacts(last, result.trace).transcriptEnd).toBe(end);
    expect(stepFacts(at(8), f22).transcriptEnd).toBeNull(); // a run the engine made ends on its host's check
  });
  it("marks a later user turn apart from the task", () => {
    const result = importTranscript(
      '[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"},{"role":"user","content":"more"}]',
    );
    if (!result.ok) throw new Error("not imported");
    const tasks = result.trace.steps.filter((s) => s.kind === "task");
    expect(tasks.map((s) => stepFacts(s, result.trace).laterTurn)).toEqual([false, true]);
  });
});
