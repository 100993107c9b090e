// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  f22Scenario,
  isProjectPath,
  type LoopError,
  type ModelReply,
  runScenario,
  type Scenario,
  type Step,
  scriptedReplies,
  type ToolCall,
} from "../../src/engine";

const read = (callId: string, path = "config.txt"): ToolCall => ({ callId, name: "read_file", args: { path } });
const propose = (...calls: ToolCall[]): ModelReply => ({ kind: "tool_calls", calls });
const answer = (...citedCallIds: string[]): ModelReply => ({ kind: "final", text: "timeout is 30", citedCallIds });

/** F22's input and tools with another model (and optionally another host or budget). */
function withModel(replies: readonly [ModelReply, ...ModelReply[]], overrides: Partial<Scenario> = {}): Scenario {
  return { ...f22Scenario("en"), id: "test", model: scriptedReplies(replies), ...overrides };
}
const ofKind = <K extends Step["kind"]>(steps: readonly Step[], kind: K) =>
  steps.filter((s): s is Extract<Step, { kind: K }> => s.kind === kind);

describe("given a call the host must refuse", () => {
  it.each([
    ["a path outside the project", read("call_1", "../secrets.txt"), "in_scope", "scope_violation"],
    ["an absolute path", read("call_1", "/etc/passwd"), "in_scope", "scope_violation"],
    [
      "a tool that is not allowed",
      { callId: "call_1", name: "write_file", args: { path: "x" } },
      "tool_allowed",
      "tool_not_allowed",
    ],
    ["an empty call id", read(""), "well_formed", "invalid_call_id"],
    [
      "arguments the tool does not take",
      { callId: "call_1", name: "read_file", args: { file: "x" } },
      "well_formed",
      "invalid_call_fields",
    ],
  ] as const)("refuses %s, runs nothing, and feeds the refusal back", (_, call, rule, code) => {
    const trace = runScenario(withModel([propose(call), answer()]));
    const [validation] = ofKind(trace.steps, "validation");
    expect(validation).toMatchObject({ verdict: "refused", errorCode: code, edge: null });
    expect(validation?.checks.at(-1)).toEqual({ rule, passed: false });
    expect(ofKind(trace.steps, "execution")).toEqual([]);
    expect(trace.counters.toolExecutions).toBe(0);
    const second = ofKind(trace.steps, "model_call")[1];
    expect(second?.toolResult).toMatchObject({ status: "error", content: code });
    expect(trace.steps.every((s) => s.files.every((f) => f.state === "unread"))).toBe(true);
  });

  it("refuses an allowed name it has no tool for as unknown_tool", () => {
    const trace = runScenario(
      withModel([propose({ callId: "c", name: "deploy", args: {} }), answer()], {
        allowedTools: ["read_file", "deploy"],
      }),
    );
    expect(ofKind(trace.steps, "validation")[0]).toMatchObject({ verdict: "refused", errorCode: "unknown_tool" });
  });
});

describe("given the model repeats a call id", () => {
  it("replays an identical call from the host's record without running the tool again", () => {
    const trace = runScenario(withModel([propose(read("call_1")), propose(read("call_1")), answer("call_1")]));
    expect(ofKind(trace.steps, "validation").map((s) => s.verdict)).toEqual(["approved", "replayed"]);
    expect(ofKind(trace.steps, "execution")).toHaveLength(1);
    expect(trace.counters.toolExecutions).toBe(1);
    expect(ofKind(trace.steps, "validation")[1]?.toolResult).toMatchObject({ content: "timeout=30", replayed: true });
    expect(trace.outcome).toBe("completed");
  });

  it("refuses the same id for a different call as idempotency_conflict", () => {
    const trace = runScenario(
      withModel([propose(read("call_1")), propose(read("call_1", "other.txt")), answer("call_1")]),
    );
    expect(ofKind(trace.steps, "validation")[1]).toMatchObject({
      verdict: "refused",
      errorCode: "idempotency_conflict",
    });
    expect(trace.counters.toolExecutions).toBe(1);
  });
});

describe("given a tool that fails", () => {
  it("runs it, counts it, and feeds back an error result", () => {
    const trace = runScenario(withModel([propose(read("call_1", "missing.txt")), answer("call_1")]));
    expect(ofKind(trace.steps, "execution")[0]?.toolResult).toMatchObject({ status: "error", content: "not_found" });
    expect(trace.outcome).toBe("unverified");
  });
});

describe("given a host that forgets to feed results back", () => {
  it("leaves the model asking again with new ids until the budget runs out", () => {
    const trace = runScenario({ ...f22Scenario(), host: { feedResultsBack: false }, maxModelCalls: 3 });
    expect(trace.outcome).toBe("budget_exhausted");
    expect(ofKind(trace.steps, "proposal").map((s) => s.callId)).toEqual(["call_1", "call_2", "call_3"]);
    expect(trace.counters).toEqual({ modelCalls: 3, toolExecutions: 3 });
    expect(trace.steps.some((s) => s.context.some((m) => m.role === "tool"))).toBe(false);
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", pendingCallIds: ["call_1", "call_2"] });
  });
});

describe("given a model that claims it is done", () => {
  it("does not count an answer that cites no result as completed", () => {
    const trace = runScenario(withModel([answer()]));
    expect(trace.outcome).toBe("unverified");
    expect(trace.counters).toEqual({ modelCalls: 1, toolExecutions: 0 });
  });

  it("does not count an answer citing a result the model never got", () => {
    expect(runScenario(withModel([answer("call_9")])).outcome).toBe("unverified");
  });
});

describe("the budget", () => {
  it("stops F22 after one model call with budget 1", () => {
    const trace = runScenario({ ...f22Scenario(), maxModelCalls: 1 });
    expect(trace.outcome).toBe("budget_exhausted");
    expect(trace.counters).toEqual({ modelCalls: 1, toolExecutions: 1 });
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", outcome: "budget_exhausted", answer: null });
  });

  it.each([0, -1, 1.5, Number.NaN, "3", true])("refuses %p with invalid_budget", (budget) => {
    expect(() => runScenario({ ...f22Scenario(), maxModelCalls: budget as number })).toThrow(
      expect.objectContaining({ code: "invalid_budget" }) as LoopError,
    );
  });
});

describe("isProjectPath", () => {
  it.each(["config.txt", "src/a.ts", "a/b/c.json"])("accepts %s", (path) => expect(isProjectPath(path)).toBe(true));
  it.each(["", "/etc/passwd", "../x", "a/../../x", "C:/x", "a\\b", "a//b"])("rejects %p", (path) =>
    expect(isProjectPath(path)).toBe(false),
  );
});
