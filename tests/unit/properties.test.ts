// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createLoopState,
  Executor,
  type ExperimentResult,
  filesAt,
  LoopError,
  type ModelReply,
  runScenario,
  scriptedReplies,
} from "../../src/engine";
import { scenarioById } from "../../src/scenarios";

const ids = fc.constantFrom("a", "b", "c", "d");
const experimentCall = fc.record({
  id: ids,
  tool: fc.constantFrom("read", "patch", "test", "publish"),
  args: fc.oneof(
    { weight: 5, arbitrary: fc.constant({ scope: "toy-project" }) },
    { weight: 1, arbitrary: fc.constant({ scope: "prod" }) },
  ),
});

describe("Executor over random call sequences", () => {
  it("never writes more often than there are distinct successful patch ids; replays return the stored result; patched never reverts", () => {
    fc.assert(
      fc.property(fc.array(experimentCall, { maxLength: 30 }), (calls) => {
        const executor = new Executor(["read", "patch", "test"]);
        const state = createLoopState();
        const stored = new Map<string, ExperimentResult>();
        const patchIds = new Set<string>();
        let wasPatched = false;
        for (const call of calls) {
          let result: ExperimentResult;
          try {
            result = executor.execute(call, state);
          } catch (error) {
            if (!(error instanceof LoopError)) throw error;
            continue;
          }
          if (result.replayed === true) {
            const { replayed: _, ...rest } = result;
            expect(rest).toEqual(stored.get(call.id));
          } else {
            expect(stored.has(call.id)).toBe(false);
            stored.set(call.id, result);
            if (call.tool === "patch") patchIds.add(call.id);
          }
          expect(executor.writeCount).toBeLessThanOrEqual(patchIds.size);
          if (wasPatched) expect(state.patched).toBe(true);
          wasPatched = state.patched;
        }
        expect(executor.writeCount).toBe(patchIds.size);
      }),
    );
  });
});

const runnerCall = fc.record({
  callId: fc.constantFrom("call_1", "call_2", "call_3", ""),
  name: fc.constantFrom("read_file", "write_file"),
  args: fc.record({ path: fc.constantFrom("config.txt", "missing.txt", "../escape.txt") }),
});
const reply: fc.Arbitrary<ModelReply> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(runnerCall, { minLength: 1, maxLength: 3 })
      .map((calls) => ({ kind: "tool_calls" as const, calls })),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ kind: "final" as const, text: "done" }),
  },
);

describe("the runner over random scripted models", () => {
  it("runs exactly the approved calls, counts honestly, completes only when verified, and only grows the context", () => {
    fc.assert(
      fc.property(
        fc.array(reply, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (replies, budget, feed) => {
          const [first, ...rest] = replies as [ModelReply, ...ModelReply[]];
          const trace = runScenario({
            ...scenarioById("f22", "zh"),
            model: scriptedReplies([first, ...rest]),
            maxModelCalls: budget,
            host: { feedResultsBack: feed },
          });
          const executions = trace.steps.filter((s) => s.kind === "execution");
          const approvals = trace.steps.filter((s) => s.kind === "validation" && s.verdict === "approved");
          expect(executions.length).toBe(approvals.length);
          expect(trace.counters.simulatedWrites).toBe(0); // F22's only tool is read-only
          expect(trace.counters.toolExecutions).toBe(executions.length);
          expect(trace.counters.modelCalls).toBe(trace.steps.filter((s) => s.kind === "model_call").length);
          expect(trace.counters.modelCalls).toBeLessThanOrEqual(budget);
          expect(trace.steps.at(-1)?.kind).toBe("finish");
          for (let i = 1; i < trace.steps.length; i += 1) {
            const [before, after] = [trace.steps[i - 1], trace.steps[i]];
            if (before === undefined || after === undefined) continue;
            // The context changes only when the host calls the model, and then only by appending what is new
            // since the last call (the messages themselves are stored once, in the trace).
            if (after.kind === "model_call") {
              expect(after.appendedFrom).toBe(before.contextEnd);
              expect(after.contextEnd).toBeGreaterThanOrEqual(before.contextEnd);
            } else expect(after.contextEnd).toBe(before.contextEnd);
            expect(after.contextEnd).toBeLessThanOrEqual(trace.messages.length);
          }
          if (trace.outcome === "completed") {
            const last = trace.steps.at(-1);
            expect(last?.kind === "finish" && last.pendingCallIds).toEqual([]);
            // Completed means the host saw its own tool read the file, whatever the model said.
            expect(filesAt(trace, trace.steps.length - 1)).toContainEqual({ path: "config.txt", state: "read" });
          }
        },
      ),
    );
  });
});
