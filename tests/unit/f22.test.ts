// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  appendedOf,
  contextOf,
  evidenceOf,
  filesAt,
  type Message,
  readSettingModel,
  runScenario,
  type Step,
} from "../../src/engine";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

const trace = runScenario(scenarioById("f22", "zh"));
const step = (n: number): Step => {
  const found = trace.steps[n - 1];
  if (found === undefined) throw new Error(`no step ${n}`);
  return found;
};
const describeMessage = (m: Message): string =>
  m.role === "assistant"
    ? `assistant:${m.toolCalls.map((c) => c.callId).join(",")}`
    : m.role === "tool"
      ? `tool:${m.callId}=${m.content}`
      : m.role;

// The table in issue 2: lane, kind, call id, tool result, the roles the model has been given, the file state.
const expected = [
  [1, "user", "task", null, null, [], "unread"],
  [2, "host", "model_call", null, null, ["system", "user"], "unread"],
  [3, "model", "proposal", "call_1", null, ["system", "user"], "unread"],
  [4, "host", "validation", "call_1", null, ["system", "user"], "unread"],
  [5, "tool", "execution", "call_1", "timeout=30", ["system", "user"], "read"],
  [
    6,
    "host",
    "model_call",
    "call_1",
    "timeout=30",
    ["system", "user", "assistant:call_1", "tool:call_1=timeout=30"],
    "read",
  ],
  [7, "model", "answer", null, null, ["system", "user", "assistant:call_1", "tool:call_1=timeout=30"], "read"],
  [8, "host", "finish", null, null, ["system", "user", "assistant:call_1", "tool:call_1=timeout=30"], "read"],
] as const;

describe("scenario F22: read timeout from config.txt", () => {
  it("runs in exactly eight steps", () => {
    expect(trace.steps).toHaveLength(8);
    expect(trace.steps.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each(expected)("step %i: lane %s, %s, call id %s, result %s", (n, lane, kind, callId, result, context, file) => {
    const s = step(n);
    expect(s.lane).toBe(lane);
    expect(s.kind).toBe(kind);
    expect(s.callIds).toEqual(callId === null ? [] : [callId]);
    expect(s.toolResult?.content ?? null).toBe(result);
    expect(contextOf(trace, s).map(describeMessage)).toEqual(context);
    expect(filesAt(trace, n - 1)).toEqual([{ path: "config.txt", state: file }]);
  });

  it("mentions call_1 nowhere before the model proposes it at step 3", () => {
    for (const s of trace.steps.slice(0, 2)) expect(JSON.stringify(s)).not.toContain("call_1");
    expect(step(3)).toMatchObject({
      kind: "proposal",
      calls: [{ callId: "call_1", name: "read_file", args: { path: "config.txt" } }],
    });
  });

  it("gives the model timeout=30 only from step 6, though the tool read it at step 5", () => {
    const seen = trace.steps.map((s) => contextOf(trace, s).some((m) => m.content?.includes("timeout=30") ?? false));
    expect(seen).toEqual([false, false, false, false, false, true, true, true]);
    expect(step(5).toolResult).toEqual({
      callId: "call_1",
      name: "read_file",
      status: "ok",
      content: "timeout=30",
      replayed: false,
    });
  });

  it("approves call_1 after every check passes", () => {
    expect(step(4)).toMatchObject({
      verdict: "approved",
      errorCode: null,
      checks: [
        { rule: "well_formed", result: "passed" },
        { rule: "tool_allowed", result: "passed" },
        { rule: "in_scope", result: "passed" },
        // read_file is read-only: no operation id to protect, no precondition to meet.
        { rule: "operation_id", result: "not_applicable" },
        { rule: "precondition", result: "not_applicable" },
      ],
    });
  });

  it("feeds back the tool call and its result, matched by call_1, at model call 2", () => {
    const s = step(6);
    if (s.kind !== "model_call") throw new Error("step 6 is not a model call");
    expect(s.modelCall).toBe(2);
    expect(appendedOf(trace, s).map(describeMessage)).toEqual(["assistant:call_1", "tool:call_1=timeout=30"]);
  });

  it("answers timeout is 30 without a tool call, and completes only because the host's check of the file passes", () => {
    expect(step(7)).toMatchObject({ kind: "answer", text: expect.stringContaining("30") });
    expect(step(8)).toMatchObject({ kind: "finish", outcome: "completed", pendingCallIds: [], verified: true });
  });

  it("declares its one tool apart from the messages, and says nothing of tools in the system note", () => {
    expect(trace.tools).toEqual([
      expect.objectContaining({ name: "read_file", parameters: expect.objectContaining({ required: ["path"] }) }),
    ]);
    const system = contextOf(trace, step(2))[0];
    expect(system?.role).toBe("system");
    expect(system?.content).not.toContain("read_file");
  });

  it("draws the messages between lanes in order", () => {
    expect(trace.steps.map((s) => (s.edge === null ? null : `${s.edge.from}→${s.edge.to}`))).toEqual([
      "user→host",
      "host→model",
      "model→host",
      "host→tool",
      "tool→host",
      "host→model",
      "model→host",
      "host→user",
    ]);
  });

  it("counts model calls and tool executions as they happen, ending at 2 and 1", () => {
    expect(trace.steps.map((s) => [s.counters.modelCalls, s.counters.toolExecutions])).toEqual([
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 1],
      [2, 1],
    ]);
    expect(trace).toMatchObject({
      outcome: "completed",
      budget: 4,
      counters: { modelCalls: 2, toolExecutions: 1, simulatedWrites: 0 },
    });
  });

  it("runs the same steps in English, only the words change", () => {
    const en = runScenario(scenarioById("f22", "en"));
    expect(en.steps.map((s) => [s.kind, s.lane, s.callIds])).toEqual(
      trace.steps.map((s) => [s.kind, s.lane, s.callIds]),
    );
    expect(step(1).kind === "task" && step(1)).toMatchObject({ request: expect.stringContaining("config.txt") });
    expect(en.steps[6]).toMatchObject({ text: "timeout is 30" });
  });

  it("freezes its steps so no renderer can change them", () => {
    expect(Object.isFrozen(trace.steps)).toBe(true);
    expect(Object.isFrozen(trace.messages)).toBe(true);
    expect(Object.isFrozen(trace.messages[0])).toBe(true);
    expect(() => {
      (step(1) as { lane: string }).lane = "tool";
    }).toThrow(TypeError);
  });

  it("is deterministic", () => {
    expect(runScenario(scenarioById("f22", "zh"))).toEqual(trace);
  });
});

describe("given F22's host check of the environment", () => {
  it("passes the answer that states the value the read returned", () => {
    expect(runScenario(scenarioById("f22", "en")).steps.at(-1)).toMatchObject({ outcome: "completed", verified: true });
  });
  it("fails an answer that misstates it, although the file was read", () => {
    const wrong = {
      ...scenarioById("f22", "en"),
      model: readSettingModel("config.txt", "timeout", (key) => `${key} is 45`),
    };
    const trace = runScenario(wrong);
    expect(trace.counters.toolExecutions).toBe(1);
    expect(trace.steps.at(-1)).toMatchObject({
      outcome: "verification_missing",
      verified: false,
      answer: "timeout is 45",
    });
  });
  it("names the check in its story's last caption, in both languages", () => {
    const last = (lang: "zh" | "en") =>
      SCENARIOS.f22.stories[lang].captions.find((c) => c.when.kind === "finish")?.text;
    expect(last("en")).toContain("the answer gives the 30 that read returned");
    expect(last("zh")).toContain("回答里的 30 正是那次读取的结果");
  });
});

describe("F22's finish: the host's checks, each with its evidence", () => {
  const f22 = runScenario(scenarioById("f22", "en"));
  const finish = f22.steps.at(-1);

  it("lists the checks it ran, each held, and points each at the step whose result is its evidence", () => {
    if (finish?.kind !== "finish") throw new Error("no finish");
    expect(finish.checks).toEqual([
      { check: { kind: "fileRead", path: "config.txt" }, held: true },
      { check: { kind: "answerIncludes", text: "30" }, held: true },
    ]);
    // Both point at step 5: the read of call_1, whose result "timeout=30" is where the reply's 30 came from.
    for (const { check } of finish.checks ?? []) {
      const evidence = evidenceOf(check, f22.steps);
      expect(evidence?.number).toBe(5);
      expect(evidence?.callIds).toEqual(["call_1"]);
    }
  });

  it("finds no evidence where the run has none: a value no result holds, a file no tool touched, a tally", () => {
    expect(evidenceOf({ kind: "answerIncludes", text: "45" }, f22.steps)).toBeNull();
    expect(evidenceOf({ kind: "fileChanged", path: "config.txt" }, f22.steps)).toBeNull();
    expect(evidenceOf({ kind: "count", calls: "read_file", exactly: 1 }, f22.steps)).toBeNull();
    // A reply's value with its unit still finds the result that holds the number, and not a longer number.
    expect(evidenceOf({ kind: "answerIncludes", text: "30 s" }, f22.steps)?.number).toBe(5);
    expect(evidenceOf({ kind: "answerIncludes", text: "3 s" }, f22.steps)).toBeNull();
  });
});
