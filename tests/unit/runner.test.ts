// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  filesAt,
  isProjectPath,
  type LoopError,
  type ModelReply,
  readFileTool,
  runScenario,
  type Scenario,
  type Step,
  scriptedReplies,
  type ToolCall,
  type ToolDefinition,
} from "../../src/engine";
import { scenarioById } from "../../src/scenarios";

const read = (callId: string, path = "config.txt"): ToolCall => ({ callId, name: "read_file", args: { path } });
const propose = (...calls: ToolCall[]): ModelReply => ({ kind: "tool_calls", calls });
const answer = (): ModelReply => ({ kind: "final", text: "timeout is 30" });

/** A writing tool with an operation id (its idempotency key) that needs evidence first: the chapter's patch. */
const patchTool: ToolDefinition = {
  name: "patch",
  description: "Apply a patch, once per operation id.",
  parameters: { type: "object", properties: { operation_id: { type: "string" }, text: { type: "string" } } },
  wellFormed: (args) => typeof args.operation_id === "string" && typeof args.text === "string",
  inScope: () => true,
  operationId: (args) => String(args.operation_id),
  writes: true,
  precondition: (files) => (files.snapshot().some((file) => file.state === "read") ? null : { file: "config.txt" }),
  run: () => ({ status: "ok", content: "patched" }),
};
const patch = (callId: string, operationId: string, text = "timeout=60"): ToolCall => ({
  callId,
  name: "patch",
  args: { operation_id: operationId, text },
});
const withPatch = (replies: readonly [ModelReply, ...ModelReply[]]) =>
  withModel(replies, { tools: [readFileTool, patchTool], allowedTools: ["read_file", "patch"] });

/** F22's input and tools with another model (and optionally another host or budget). */
function withModel(replies: readonly [ModelReply, ...ModelReply[]], overrides: Partial<Scenario> = {}): Scenario {
  return { ...scenarioById("f22", "en"), id: "test", model: scriptedReplies(replies), ...overrides };
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
    expect(validation?.checks.at(-1)).toEqual({ rule, result: "failed" });
    expect(ofKind(trace.steps, "execution")).toEqual([]);
    expect(trace.counters.toolExecutions).toBe(0);
    const second = ofKind(trace.steps, "model_call")[1];
    // The refusal goes back as a result the model can act on: its code, and what it can do instead.
    expect(second?.toolResult).toMatchObject({ status: "error" });
    expect(JSON.parse(second?.toolResult?.content ?? "")).toMatchObject({
      error: code,
      message: expect.stringContaining("not run"),
    });
    expect(trace.steps.every((s) => s.fileChanges.length === 0)).toBe(true);
    expect(filesAt(trace, trace.steps.length - 1).every((f) => f.state === "unread")).toBe(true);
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
  it("runs the call again: a call_id pairs a request with its result, it is no idempotency key", () => {
    const trace = runScenario(withModel([propose(read("call_1")), propose(read("call_1")), answer()]));
    expect(ofKind(trace.steps, "validation").map((s) => s.verdict)).toEqual(["approved", "approved"]);
    expect(ofKind(trace.steps, "validation")[0]?.checks).toContainEqual({
      rule: "operation_id",
      result: "not_applicable",
    });
    expect(trace.counters.toolExecutions).toBe(2);
  });
});

describe("given an operation id (the chapter's duplicate protection)", () => {
  it("replays the same operation under the new call_id, without a second write", () => {
    const trace = runScenario(
      withPatch([
        propose(read("call_1")),
        propose(patch("call_2", "op-2")),
        propose(patch("call_3", "op-2")),
        answer(),
      ]),
    );
    const validations = ofKind(trace.steps, "validation");
    expect(validations.map((s) => s.verdict)).toEqual(["approved", "approved", "replayed"]);
    // The content says it was replayed, since no provider's API carries the neutral flag to the model.
    expect(validations[2]?.toolResult).toMatchObject({
      callId: "call_3",
      content: "patched\n(replayed: true)",
      replayed: true,
    });
    expect(trace.counters).toMatchObject({ toolExecutions: 2, simulatedWrites: 1 });
  });

  it("refuses the same operation id for a different action as idempotency_conflict", () => {
    const trace = runScenario(
      withPatch([
        propose(read("call_1")),
        propose(patch("call_2", "op-2")),
        propose(patch("call_3", "op-2", "timeout=90")),
        answer(),
      ]),
    );
    expect(ofKind(trace.steps, "validation")[2]).toMatchObject({
      verdict: "refused",
      errorCode: "idempotency_conflict",
    });
    expect(ofKind(trace.steps, "validation")[2]?.checks.at(-1)).toEqual({ rule: "operation_id", result: "failed" });
    expect(trace.counters.simulatedWrites).toBe(1);
  });

  it("refuses a patch before any evidence, on its precondition", () => {
    const trace = runScenario(withPatch([propose(patch("call_1", "op-1")), answer()]));
    expect(ofKind(trace.steps, "validation")[0]).toMatchObject({ verdict: "refused", errorCode: "missing_evidence" });
    expect(ofKind(trace.steps, "validation")[0]?.checks.at(-1)).toEqual({ rule: "precondition", result: "failed" });
    expect(trace.counters.simulatedWrites).toBe(0);
  });
});

describe("given a tool that fails", () => {
  it("runs it, counts it, feeds back an error result, and the environment check fails", () => {
    const trace = runScenario(withModel([propose(read("call_1", "missing.txt")), answer()]));
    expect(ofKind(trace.steps, "execution")[0]?.toolResult).toMatchObject({ status: "error", content: "not_found" });
    expect(trace.outcome).toBe("verification_missing");
  });
});

describe("given a model that says it is done", () => {
  it("does not count it as completed when the environment says otherwise: verification_missing", () => {
    const trace = runScenario(withModel([answer()]));
    expect(trace.outcome).toBe("verification_missing");
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", verified: false, answer: "timeout is 30" });
    expect(trace.counters).toEqual({ modelCalls: 1, toolExecutions: 0, simulatedWrites: 0 });
  });

  it("stops the loop on a reply without a tool call, and completes only after the host's own check", () => {
    const trace = runScenario(withModel([propose(read("call_1")), answer()]));
    expect(trace.outcome).toBe("completed");
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", verified: true });
  });
});

/** A read-only lookup whose calls take the seconds its arguments say, and whose effect comes when it finishes. */
const slowTool: ToolDefinition = {
  name: "lookup",
  description: "Look a city's weather up; some cities take longer.",
  parameters: { type: "object", properties: { city: { type: "string" }, seconds: { type: "number" } } },
  wellFormed: (args) => typeof args.city === "string" && typeof args.seconds === "number",
  inScope: () => true,
  run: (args) => ({ status: "ok", content: `weather in ${String(args.city)}` }),
  start: (args, files) => ({
    seconds: Number(args.seconds),
    finish: () => {
      files.read("config.txt");
      return { status: "ok", content: `weather in ${String(args.city)}` };
    },
  }),
};
const lookup = (callId: string, city: string, seconds: number): ToolCall => ({
  callId,
  name: "lookup",
  args: { city, seconds },
});
const withLookup = (replies: readonly [ModelReply, ...ModelReply[]]) =>
  withModel(replies, { tools: [readFileTool, slowTool, patchTool], allowedTools: ["read_file", "lookup", "patch"] });
/** The call ids of a run's steps of one kind, in the order the steps come. */
const idsOf = (steps: readonly Step[], kind: "validation" | "execution") =>
  ofKind(steps, kind).map((s) => s.call.callId);

describe("given parallel calls that take different times", () => {
  it("checks them in the order proposed, and takes each result as its call finishes, under its own call_id", () => {
    const trace = runScenario(
      withLookup([propose(lookup("call_1", "Oslo", 3), lookup("call_2", "Lisbon", 1)), answer()]),
    );
    expect(idsOf(trace.steps, "validation")).toEqual(["call_1", "call_2"]);
    expect(idsOf(trace.steps, "execution")).toEqual(["call_2", "call_1"]);
    // Both calls are started before either comes back.
    expect(trace.steps.map((s) => s.kind).slice(3, 7)).toEqual(["validation", "validation", "execution", "execution"]);
    const fed = trace.messages.flatMap((m) => (m.role === "tool" ? [[m.callId, m.content]] : []));
    expect(fed).toEqual([
      ["call_2", "weather in Lisbon"],
      ["call_1", "weather in Oslo"],
    ]);
    expect(ofKind(trace.steps, "model_call")[1]?.callIds).toEqual(["call_2", "call_1"]);
  });

  it("keeps the order proposed for calls that take as long, and finishes a call of no time before checking the next", () => {
    const ties = runScenario(withLookup([propose(lookup("call_1", "A", 2), lookup("call_2", "B", 2)), answer()]));
    expect(idsOf(ties.steps, "execution")).toEqual(["call_1", "call_2"]);
    const instant = runScenario(withLookup([propose(lookup("call_1", "A", 0), lookup("call_2", "B", 0)), answer()]));
    expect(instant.steps.map((s) => s.kind).slice(3, 7)).toEqual([
      "validation",
      "execution",
      "validation",
      "execution",
    ]);
  });

  it("feeds a refusal back at once, ahead of a call still running", () => {
    const trace = runScenario(
      withLookup([propose(lookup("call_1", "Oslo", 3), read("call_2", "../secrets.txt")), answer()]),
    );
    expect(trace.messages.flatMap((m) => (m.role === "tool" ? [m.callId] : []))).toEqual(["call_2", "call_1"]);
  });

  it("shows a call's effect at the step where it finishes, and no precondition sees it before", () => {
    const trace = runScenario(withLookup([propose(lookup("call_1", "Oslo", 3), patch("call_2", "op-1")), answer()]));
    // The lookup reads config.txt only when it finishes: the patch, checked while it runs, finds no evidence.
    expect(ofKind(trace.steps, "validation")[1]).toMatchObject({ verdict: "refused", errorCode: "missing_evidence" });
    const finished = ofKind(trace.steps, "execution")[0];
    expect(finished?.call.callId).toBe("call_1");
    expect(finished?.fileChanges).toEqual([{ path: "config.txt", state: "read" }]);
    expect(ofKind(trace.steps, "validation").every((s) => s.fileChanges.length === 0)).toBe(true);
  });
});

describe("the budget", () => {
  it("stops F22 after one model call with budget 1", () => {
    const trace = runScenario({ ...scenarioById("f22", "zh"), maxModelCalls: 1 });
    expect(trace.outcome).toBe("budget_exhausted");
    expect(trace.counters).toEqual({ modelCalls: 1, toolExecutions: 1, simulatedWrites: 0 });
    expect(trace.steps.at(-1)).toMatchObject({ kind: "finish", outcome: "budget_exhausted", answer: null });
  });

  it.each([0, -1, 1.5, Number.NaN, "3", true])("refuses %p with invalid_budget", (budget) => {
    expect(() => runScenario({ ...scenarioById("f22", "zh"), maxModelCalls: budget as number })).toThrow(
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
