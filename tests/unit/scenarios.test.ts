// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogs, LANGS, storyCatalog } from "../../src/content";
import type { Lang } from "../../src/content/languages";
import { stepMatches } from "../../src/content/types";
import { appendedOf, runExperiment, runScenario, type Step, type Trace } from "../../src/engine";
import { CONTEXT_PAGE, LONG_TEXT, WINDOW_AT } from "../../src/player/limits";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS, type ScenarioId } from "../../src/scenarios/ids";

const run = (id: ScenarioId, lang: Lang = "en") => runScenario(scenarioById(id, lang));
const ofKind = <K extends Step["kind"]>(trace: Trace, kind: K) =>
  trace.steps.filter((s): s is Extract<Step, { kind: K }> => s.kind === kind);

describe("the built-in scenarios", () => {
  it("are their files, the default first, each built the same in both languages but for its words", () => {
    // A built-in is its figure file alone: none is counted or named here by hand (scenario-files.test.ts holds the
    // generated list to the files).
    expect(SCENARIO_IDS[0]).toBe("f22");
    for (const id of SCENARIO_IDS) {
      const [zh, en] = [run(id, "zh"), run(id, "en")];
      expect(zh.steps.map((s) => s.kind)).toEqual(en.steps.map((s) => s.kind));
      expect(zh.outcome).toBe(en.outcome);
      expect(zh.counters).toEqual(en.counters);
    }
  });

  it.each([
    ["f22", "completed", 8, { modelCalls: 2, toolExecutions: 1, simulatedWrites: 0 }],
    ["experiment-07", "completed", 16, { modelCalls: 4, toolExecutions: 3, simulatedWrites: 1 }],
    ["idempotent-replay", "completed", 22, { modelCalls: 6, toolExecutions: 3, simulatedWrites: 1 }],
    ["unauthorized-tool", "refused", 11, { modelCalls: 3, toolExecutions: 1, simulatedWrites: 0 }],
    ["scope-violation", "refused", 7, { modelCalls: 2, toolExecutions: 0, simulatedWrites: 0 }],
    ["missing-feedback", "budget_exhausted", 14, { modelCalls: 3, toolExecutions: 3, simulatedWrites: 0 }],
    ["claimed-done", "verification_missing", 12, { modelCalls: 3, toolExecutions: 2, simulatedWrites: 1 }],
    ["out-of-order", "completed", 10, { modelCalls: 2, toolExecutions: 2, simulatedWrites: 0 }],
  ] as const)("%s ends %s after %i steps with its counters", (id, outcome, steps, counters) => {
    const trace = run(id);
    expect(trace.outcome).toBe(outcome);
    expect(trace.steps).toHaveLength(steps);
    expect(trace.counters).toEqual(counters);
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", outcome, counters });
  });

  it("experiment-07 runs the chapter's experiment: same actions, operation ids, results and one write", () => {
    const trace = run("experiment-07");
    const experiment = runExperiment();
    const executions = ofKind(trace, "execution");
    expect(executions.map((s) => [s.call.name, s.call.args.operation_id])).toEqual(
      experiment.state.events.map((e) => [e.call.tool, e.call.id]),
    );
    expect(executions.map((s) => JSON.parse(s.toolResult?.content ?? "null"))).toEqual(
      experiment.state.events.map((e) => e.result),
    );
    expect(trace.counters.simulatedWrites).toBe(experiment.executor.writeCount);
    expect(experiment.status).toBe(trace.outcome);
    // The patch was checked for its evidence first.
    const patchCheck = ofKind(trace, "validation").find((s) => s.call.name === "patch");
    expect(patchCheck?.checks.at(-1)).toEqual({ rule: "precondition", result: "passed" });
  });

  it("idempotent-replay answers a repeated op-2 from the record under the new call_id and refuses op-2 for another fix", () => {
    const trace = run("idempotent-replay");
    const checks = ofKind(trace, "validation").filter((s) => s.call.args.operation_id === "op-2");
    expect(checks.map((s) => [s.call.callId, s.verdict])).toEqual([
      ["call_2", "approved"],
      ["call_3", "replayed"],
      ["call_4", "refused"],
    ]);
    const [first, replay, conflict] = checks;
    const written = ofKind(trace, "execution").find((s) => s.call.callId === "call_2");
    // The recorded result, with "replayed": true in its content (the chapter's {**result, "replayed": True}).
    expect(replay?.toolResult).toMatchObject({ callId: "call_3", replayed: true });
    expect(JSON.parse(replay?.toolResult?.content ?? "")).toEqual({
      ...JSON.parse(written?.toolResult?.content ?? ""),
      replayed: true,
    });
    expect(conflict?.errorCode).toBe("idempotency_conflict");
    expect(conflict?.toolResult).toMatchObject({ callId: "call_4", status: "error" });
    expect(JSON.parse(conflict?.toolResult?.content ?? "")).toMatchObject({
      error: "idempotency_conflict",
      message: expect.stringContaining("Use a new operation id for a new action"),
    });
    expect(ofKind(trace, "execution").filter((s) => s.call.name === "patch")).toHaveLength(1);
    // Writes stay at one from the first patch on.
    expect(
      trace.steps.slice(trace.steps.indexOf(first as Step) + 1).every((s) => s.counters.simulatedWrites === 1),
    ).toBe(true);
  });

  it.each([
    ["unauthorized-tool", "publish", "tool_allowed", "tool_not_allowed"],
    ["scope-violation", "read_file", "in_scope", "scope_violation"],
  ] as const)(
    "%s refuses %s and feeds the refusal back as an error result with the same call_id",
    (id, tool, rule, code) => {
      const trace = run(id);
      const refusal = ofKind(trace, "validation").find((s) => s.verdict === "refused");
      expect(refusal?.call.name).toBe(tool);
      expect(refusal?.checks.at(-1)).toEqual({ rule, result: "failed" });
      expect(refusal?.errorCode).toBe(code);
      expect(ofKind(trace, "execution").some((s) => s.call.name === tool)).toBe(false);
      const next = trace.steps[trace.steps.indexOf(refusal as Step) + 1];
      expect(next?.kind).toBe("model_call");
      expect(next === undefined ? [] : appendedOf(trace, next)).toContainEqual(
        expect.objectContaining({
          role: "tool",
          callId: "call_1",
          status: "error",
          content: expect.stringContaining(`"error":"${code}"`),
        }),
      );
    },
  );

  it("unauthorized-tool: the model adapts and reads instead; publish is declared but not allowed", () => {
    const trace = run("unauthorized-tool");
    expect(trace.tools.map((t) => t.name)).toEqual(["read_file", "publish"]);
    expect(ofKind(trace, "proposal").map((s) => s.calls[0]?.name)).toEqual(["publish", "read_file"]);
    expect(ofKind(trace, "answer")[0]?.text).toContain("v1.2");
  });

  it("missing-feedback: the model never sees a result and asks again with a fresh call_id until the budget runs out", () => {
    const trace = run("missing-feedback");
    // The forgetful host drops each whole exchange (call and result): every request is the task alone, which a
    // provider accepts, and the model, seeing the same context, proposes the same read again.
    expect(trace.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(ofKind(trace, "model_call").map((s) => [s.appendedFrom, s.contextEnd])).toEqual([
      [0, 2],
      [2, 2],
      [2, 2],
    ]);
    expect(ofKind(trace, "proposal").map((s) => s.callIds)).toEqual([["call_1"], ["call_2"], ["call_3"]]);
    expect(ofKind(trace, "execution").map((s) => s.toolResult?.content)).toEqual([
      "timeout=30",
      "timeout=30",
      "timeout=30",
    ]);
    expect(trace.steps.at(-1)).toMatchObject({ pendingCallIds: [], verified: null });
  });

  it("claimed-done: the model says done without a test, and the host's own check fails", () => {
    const trace = run("claimed-done");
    expect(ofKind(trace, "execution").map((s) => s.call.name)).toEqual(["read", "patch"]);
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", verified: false, outcome: "verification_missing" });
  });

  it("out-of-order: both calls start, call_2's result comes back and is fed back first, and the answer pairs by call_id", () => {
    for (const lang of LANGS) {
      const trace = run("out-of-order", lang);
      expect(trace.steps.map((s) => [s.kind, s.callIds.join(",")])).toEqual([
        ["task", ""],
        ["model_call", ""],
        ["proposal", "call_1,call_2"],
        ["validation", "call_1"],
        ["validation", "call_2"],
        ["execution", "call_2"],
        ["execution", "call_1"],
        ["model_call", "call_2,call_1"],
        ["answer", ""],
        ["finish", ""],
      ]);
      const [oslo, lisbon] = ofKind(trace, "proposal")[0]?.calls ?? [];
      expect([oslo?.args, lisbon?.args]).toEqual([{ city: "Oslo" }, { city: "Lisbon" }]);
      // The results name no city: only their call_ids say which request each answers.
      expect(ofKind(trace, "execution").map((s) => [s.call.callId, s.call.args.city, s.toolResult?.content])).toEqual([
        ["call_2", "Lisbon", "19 °C, sunny"],
        ["call_1", "Oslo", "3 °C, snow"],
      ]);
      expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", outcome: "completed", verified: true });
    }
  });

  it("the runner has no scenario-specific branch: no scenario id, tool name or file of any scenario in its code", () => {
    const runner = readFileSync("src/engine/runner.ts", "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const names = [
      ...SCENARIO_IDS,
      ...SCENARIO_IDS.flatMap((id) => scenarioById(id, "en").tools.map((t) => t.name)),
      ...SCENARIO_IDS.flatMap((id) => Object.keys(scenarioById(id, "en").files)),
    ];
    for (const name of new Set(names)) expect(runner, name).not.toContain(`"${name}"`);
  });
});

describe("the scenarios' stories", () => {
  const every = SCENARIO_IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const));

  it.each(every)("%s (%s) tells every step with no placeholder, no leaked code and no empty part", (id, lang) => {
    const trace = run(id, lang);
    const story = SCENARIOS[id].stories[lang];
    const text = storyCatalog(catalogs[lang], story);
    for (const field of [story.name, story.kicker, story.title, story.lesson, story.input])
      expect(field.trim()).not.toBe("");
    for (const step of trace.steps) {
      for (const words of [text.stepTitle(step), text.stepCaption(step, trace), text.arrowLabel(step)]) {
        expect(words.trim(), `step ${step.number}`).not.toBe("");
        expect(words, `step ${step.number}`).not.toMatch(/undefined|null|NaN|\[object|\(none\)|（无）|\$\{/);
      }
    }
  });

  it.each(every)(
    "%s (%s): each of its own captions is for exactly one step, and names only call ids of its run",
    (id, lang) => {
      const trace = run(id, lang);
      const callIds = new Set(trace.steps.flatMap((s) => s.callIds));
      for (const caption of SCENARIOS[id].stories[lang].captions) {
        const where = JSON.stringify(caption.when);
        expect(
          trace.steps.filter((s) => stepMatches(s, caption.when)),
          where,
        ).toHaveLength(1);
        for (const named of caption.text.match(/call_\d+/g) ?? []) expect(callIds, where).toContain(named);
      }
    },
  );

  it("have the same captioned steps in both languages", () => {
    for (const id of SCENARIO_IDS) {
      const whens = (lang: "zh" | "en") => SCENARIOS[id].stories[lang].captions.map((c) => JSON.stringify(c.when));
      expect(whens("zh")).toEqual(whens("en"));
    }
  });

  it("keys a story caption by what its step is, so it stays on its step when the run gains a step before it", () => {
    const trace = run("idempotent-replay", "en");
    const story = SCENARIOS["idempotent-replay"].stories.en;
    const replay = trace.steps.find((s) => s.kind === "validation" && s.verdict === "replayed") as Step;
    const text = storyCatalog(catalogs.en, story);
    const shifted = { ...replay, number: replay.number + 1 }; // as if one more step came first
    expect(text.stepCaption(shifted, trace)).toBe(text.stepCaption(replay, trace));
    expect(text.stepCaption(replay, trace)).toContain("replayed");
  });

  it.each(every)("%s (%s) carries no F22-only sentence unless it is F22 or contrasts with it", (id, lang) => {
    const trace = run(id, lang);
    const text = storyCatalog(catalogs[lang], SCENARIOS[id].stories[lang]);
    const told = trace.steps
      .map((s) => `${text.stepTitle(s)} ${text.stepCaption(s, trace)} ${text.arrowLabel(s)}`)
      .join("\n");
    const files = Object.keys(scenarioById(id, lang).files);
    if (!files.includes("config.txt")) expect(told).not.toMatch(/config\.txt|timeout=30/);
    if (id !== "f22" && id !== "missing-feedback") expect(told).not.toContain("F22");
    // The one contrast the issue asks for: missing-feedback names F22 in exactly one caption.
    if (id === "missing-feedback")
      expect(trace.steps.filter((s) => text.stepCaption(s, trace).includes("F22"))).toHaveLength(1);
  });
});

describe("the built-in scenarios are short", () => {
  it.each(SCENARIO_IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const)))(
    "%s (%s) shows whole: every row mounted, its whole context, no cut text",
    (id, lang) => {
      const trace = runScenario(scenarioById(id, lang));
      expect(trace.steps.length).toBeLessThanOrEqual(WINDOW_AT);
      expect(Math.max(...trace.steps.map((step) => step.contextEnd))).toBeLessThanOrEqual(CONTEXT_PAGE);
      for (const message of trace.messages) {
        const text = message.role === "assistant" ? "" : (message.content ?? "");
        expect(text.length).toBeLessThanOrEqual(LONG_TEXT);
      }
    },
  );
});
