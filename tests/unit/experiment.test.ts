// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import {
  createLoopState,
  demoReport,
  Executor,
  fakeModel,
  LOOP_ERROR_CODES,
  LOOP_ERROR_DEVELOPER_MESSAGES,
  LoopError,
  type LoopErrorCode,
  runExperiment,
  selfTest,
} from "../../src/engine";

const scope = { scope: "toy-project" };
const call = (id: string, tool: string, args: unknown = scope) => ({ id, tool, args });
const allTools = () => new Executor(["read", "patch", "test"]);

function codeOf(run: () => unknown): LoopErrorCode | "no error" {
  try {
    run();
  } catch (error) {
    if (error instanceof LoopError) return error.code;
    throw error;
  }
  return "no error";
}

describe("createLoopState", () => {
  it("starts with nothing read, patched or verified and no events", () => {
    expect(createLoopState()).toEqual({ evidence: false, patched: false, verified: false, events: [] });
  });
  it("returns a fresh object each time", () => {
    const a = createLoopState();
    a.events.push({ call: call("x", "read"), result: { status: "passed" } } as never);
    expect(createLoopState().events).toEqual([]);
  });
});

describe("Executor: the checks, in the experiment's order", () => {
  it.each([
    ["a missing field", { id: "a", tool: "read" }],
    ["an extra field", { id: "a", tool: "read", args: scope, extra: 1 }],
    ["null", null],
    ["an array", ["id", "tool", "args"]],
    ["a string", "read"],
  ])("refuses %s with invalid_call_fields", (_, bad) => {
    expect(codeOf(() => allTools().execute(bad, createLoopState()))).toBe("invalid_call_fields");
  });

  it.each([
    ["an empty id", ""],
    ["a numeric id", 7],
    ["a null id", null],
  ])("refuses %s with invalid_call_id", (_, id) => {
    expect(codeOf(() => allTools().execute({ id, tool: "read", args: scope }, createLoopState()))).toBe(
      "invalid_call_id",
    );
  });

  it("refuses a tool outside the allowed set (publish) with tool_not_allowed", () => {
    expect(codeOf(() => allTools().execute(call("x", "publish"), createLoopState()))).toBe("tool_not_allowed");
  });

  it.each([
    ["another scope", { scope: "prod" }],
    ["an extra argument", { scope: "toy-project", path: "/etc" }],
    ["no arguments", {}],
    ["a non-object", "toy-project"],
  ])("refuses %s with scope_violation", (_, args) => {
    expect(codeOf(() => allTools().execute(call("x", "read", args), createLoopState()))).toBe("scope_violation");
  });

  it("checks the id before the tool, and the tool before the scope", () => {
    const state = createLoopState();
    expect(codeOf(() => allTools().execute(call("", "publish", {}), state))).toBe("invalid_call_id");
    expect(codeOf(() => allTools().execute(call("x", "publish", {}), state))).toBe("tool_not_allowed");
  });

  it("checks the scope before looking the id up", () => {
    const ex = allTools();
    const state = createLoopState();
    ex.execute(call("op-1", "read"), state);
    expect(codeOf(() => ex.execute(call("op-1", "read", { scope: "x" }), state))).toBe("scope_violation");
  });

  it("refuses patch before any read with missing_evidence, writing nothing and remembering nothing", () => {
    const ex = allTools();
    const state = createLoopState();
    expect(codeOf(() => ex.execute(call("p", "patch"), state))).toBe("missing_evidence");
    expect(ex.writeCount).toBe(0);
    expect(state.patched).toBe(false);
    ex.execute(call("r", "read"), state);
    expect(ex.execute(call("p", "patch"), state)).toEqual({ status: "ok", version: "toy:v2" });
    expect(ex.writeCount).toBe(1);
  });

  it("raises unknown_tool for an allowed name the experiment has no tool for", () => {
    const ex = new Executor(["read", "deploy"]);
    expect(codeOf(() => ex.execute(call("d", "deploy"), createLoopState()))).toBe("unknown_tool");
  });
});

describe("Executor: results and idempotency", () => {
  it("returns the experiment's results for read, patch and test", () => {
    const ex = allTools();
    const state = createLoopState();
    expect(ex.execute(call("1", "read"), state)).toEqual({ status: "ok", evidence: "toy:T1" });
    expect(state.evidence).toBe(true);
    expect(ex.execute(call("2", "patch"), state)).toEqual({ status: "ok", version: "toy:v2" });
    expect(ex.execute(call("3", "test"), state)).toEqual({ status: "passed" });
    expect(state).toMatchObject({ evidence: true, patched: true, verified: true });
  });

  it("fails the test when nothing was patched", () => {
    const state = createLoopState();
    expect(allTools().execute(call("t", "test"), state)).toEqual({ status: "failed" });
    expect(state.verified).toBe(false);
  });

  it("replays a repeated id: stored result plus replayed, no second write", () => {
    const ex = allTools();
    const state = createLoopState();
    ex.execute(call("r", "read"), state);
    const first = ex.execute(call("p", "patch"), state);
    const again = ex.execute(call("p", "patch"), state);
    expect(again).toEqual({ ...first, replayed: true });
    expect(ex.writeCount).toBe(1);
  });

  it("refuses the same id for a different action with idempotency_conflict", () => {
    const ex = allTools();
    const state = createLoopState();
    ex.execute(call("op", "read"), state);
    expect(codeOf(() => ex.execute(call("op", "test"), state))).toBe("idempotency_conflict");
  });

  it("keeps its own copy of a call: mutating the caller's object later changes nothing", () => {
    const ex = allTools();
    const state = createLoopState();
    const mine = { id: "op", tool: "read", args: { scope: "toy-project" } };
    ex.execute(mine, state);
    mine.args.scope = "elsewhere";
    expect(ex.execute(call("op", "read"), state)).toEqual({ status: "ok", evidence: "toy:T1", replayed: true });
  });

  it("exposes writeCount read-only", () => {
    const ex = allTools();
    expect(() => {
      (ex as unknown as { writeCount: number }).writeCount = 5;
    }).toThrow(TypeError);
    expect(ex.writeCount).toBe(0);
  });
});

describe("fakeModel", () => {
  it("proposes read, patch, test in turn, then claims completion", () => {
    const state = createLoopState();
    expect(fakeModel(state)).toEqual({ kind: "tool", call: call("op-1", "read") });
    state.evidence = true;
    expect(fakeModel(state)).toEqual({ kind: "tool", call: call("op-2", "patch") });
    state.patched = true;
    expect(fakeModel(state)).toEqual({ kind: "tool", call: call("op-3", "test") });
    state.verified = true;
    expect(fakeModel(state)).toEqual({ kind: "final", status: "completed" });
  });
});

describe("runExperiment", () => {
  it("completes by default with exactly one simulated write and three events", () => {
    const { status, state, executor } = runExperiment();
    expect(status).toBe("completed");
    expect(executor.writeCount).toBe(1);
    expect(state.events.map((e) => e.call.id)).toEqual(["op-1", "op-2", "op-3"]);
  });

  it.each([
    [1, "budget_exhausted"],
    [3, "budget_exhausted"],
    [4, "completed"],
  ] as const)("with a budget of %i turns ends %s", (turns, status) => {
    expect(runExperiment(turns).status).toBe(status);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, "3", null])("refuses the budget %p", (budget) => {
    expect(codeOf(() => runExperiment(budget as number))).toBe("invalid_budget");
  });
});

describe("LoopError", () => {
  it("carries its code and a developer's message, and every catalog phrases every code", () => {
    const error = new LoopError("scope_violation");
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(`scope_violation: ${LOOP_ERROR_DEVELOPER_MESSAGES.scope_violation}`);
    // The reader's words are the catalogs': the script's own Chinese, and English.
    expect(catalogs.zh.errors[error.code]).toBe("作用域越界");
    expect(catalogs.en.errors[error.code]).toMatch(/scope/);
    for (const catalog of Object.values(catalogs)) expect(Object.keys(catalog.errors)).toEqual(LOOP_ERROR_CODES);
  });
});

describe("selfTest and demoReport", () => {
  it("passes the experiment's own self-test", () => {
    expect(() => selfTest()).not.toThrow();
  });

  it("reports exactly what the seed script printed", () => {
    const seed = readFileSync(new URL("../fixtures/seed-demo-output.txt", import.meta.url), "utf8");
    expect(`${JSON.stringify(demoReport(catalogs.zh.report), null, 2)}\n`).toBe(seed);
  });

  it("uses the English catalog's keys and text", () => {
    const report = demoReport(catalogs.en.report);
    expect(Object.keys(report)).toEqual(["nature", "final_status", "simulated_writes", "events"]);
    expect(report.final_status).toBe("completed");
    expect(report.simulated_writes).toBe(1);
  });
});
