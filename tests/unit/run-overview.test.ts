// @vitest-environment node
/**
 * A run at a glance (issue 57): what the overview marks, where its jumps go and what Find finds, on built-in lessons,
 * the shared real Codex rollout and the large logs the bench loads.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runScenario } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { columnCounts } from "../../src/player/dom/run-overview";
import { groupNotes, type StepNote } from "../../src/player/notes";
import { findSteps, nextIn, overviewOf, roundOf } from "../../src/player/overview";
import { scenarioById } from "../../src/scenarios";
import { largeCodexRollout, largeLog } from "../fixtures/large-log";

const imported = (text: string, name: string) => {
  const result = importTranscript(text, undefined, name);
  if (!result.ok) throw new Error(`${name} does not import`);
  // As the pages say them: problems warn, import notes inform or warn, each with its kind.
  const notes: StepNote[] = [
    ...result.problems.map((problem) => ({ step: problem.step, text: problem.kind })),
    ...result.notes.map((note) => ({
      step: note.step,
      text: note.kind,
      kind: note.kind,
      info: note.kind !== "cancelled",
    })),
  ];
  return { trace: result.trace, notes: groupNotes(notes), problems: result.problems };
};

/** Find run to its end in one go. */
const found = (trace: Parameters<typeof findSteps>[0], query: string) => findSteps(trace, query).run(60_000) ?? [];

describe("the overview of a built-in lesson", () => {
  it("F22: two rounds, one read_file call, nothing wrong", () => {
    const trace = runScenario(scenarioById("f22", "en"));
    const overview = overviewOf(trace, groupNotes(undefined), false);
    expect(overview.rounds).toEqual([0, 5]);
    expect(overview.modelCalls).toEqual({ count: 2, first: 1 });
    expect([...overview.tools]).toEqual([["read_file", [2]]]);
    expect(overview.problems).toEqual([]);
    expect(overview.marks.size).toBe(0);
    expect(roundOf(overview, 4)).toBe(0);
    expect(roundOf(overview, 5)).toBe(1);
    // The task says it, and the model's call names it; the result is the file's content.
    expect(found(trace, "CONFIG.TXT")).toEqual([0, 2]);
    expect(found(trace, "timeout=30")).toEqual([4]);
    expect(found(trace, "call_1")).toEqual([2, 4]);
  });

  it("marks the host's refusal as a problem made by the host, at its validation step", () => {
    const trace = runScenario(scenarioById("unauthorized-tool", "en"));
    const overview = overviewOf(trace, groupNotes(undefined), false);
    const refused = trace.steps.flatMap((step, i) =>
      step.kind === "validation" && step.verdict === "refused" ? [i] : [],
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(overview.marks.get("refused")).toEqual(refused);
    expect(overview.problems).toEqual(refused);
    expect(overview.errors.get("host")).toEqual({ count: refused.length, first: refused[0] });
  });
});

describe("the overview of a recorded run", () => {
  it("a day-long Codex rollout: every error round marked, the first one Next problem's first stop", () => {
    const { trace, notes } = imported(largeCodexRollout(400), "rollout-day.jsonl");
    const overview = overviewOf(trace, notes, true);
    const errors = trace.steps.flatMap((step, i) =>
      step.kind === "execution" && step.toolResult?.status === "error" ? [i] : [],
    );
    expect(errors).toHaveLength(20);
    expect(overview.marks.get("error")).toEqual(errors);
    expect(overview.errors.get("tool")).toEqual({ count: 20, first: errors[0] });
    expect(nextIn(overview.problems, 0, true)).toBe(errors[0]);
    expect(nextIn(overview.problems, errors[0] ?? 0, true)).toBe(errors[1]);
    expect(nextIn(overview.problems, errors[1] ?? 0, false)).toBe(errors[0]);
    expect(nextIn(overview.problems, errors.at(-1) ?? 0, true)).toBeNull();
    // Each round is one model call's: 440 calls (400 shell calls, 40 replies to the user).
    expect(overview.rounds).toHaveLength(overview.modelCalls.count);
    expect(overview.modelCalls.count).toBe(440);
    // The usage the log records is the summary's, as the page says it.
    expect(overview.usage?.step).toBe(trace.steps.length - 1);
  });

  it("the shared real Codex rollout: nothing wrong, and a find for a command's argument lands on its call", () => {
    const { trace, notes } = imported(
      readFileSync("../shared/agent-logs/codex-rollout-0.40-gpt5codex-shell.jsonl", "utf8"),
      "rollout.jsonl",
    );
    const overview = overviewOf(trace, notes, true);
    expect(overview.problems).toEqual([]);
    expect([...overview.tools.keys()]).toEqual(["shell"]);
    const steps = found(trace, "sed -n '1,200p' packages/services/src/utils/applyOrder.ts");
    expect(steps).toHaveLength(1);
    const step = trace.steps[steps[0] ?? -1];
    expect(step?.kind).toBe("proposal");
    expect(JSON.stringify(step?.kind === "proposal" ? step.calls[0]?.args : null)).toContain("applyOrder.ts");
  });

  it("the 100,000-message bench log: its six missing results are its problems, found in one pass", () => {
    const { trace, notes, problems } = imported(largeLog(100_000), "large.json");
    const overview = overviewOf(trace, notes, true);
    expect(problems.map((problem) => problem.kind)).toEqual(Array(6).fill("missing_result"));
    expect(overview.problems).toEqual(problems.map((problem) => problem.step - 1));
    expect(overview.marks.get("warning")).toEqual(overview.problems);
    // Find a call's argument: its proposal, then the result that names it.
    const steps = found(trace, '"reservation_id":"R24999"');
    expect(trace.steps[steps[0] ?? -1]?.kind).toBe("proposal");
  });

  it("gives compactions and retries rows of their own, and leaves notes said at every step unmarked", () => {
    const trace = runScenario(scenarioById("f22", "en"));
    const notes = groupNotes([
      { step: 2, text: "compacted", info: true, kind: "compacted" },
      { step: 6, text: "retried", kind: "retried" },
      { step: 5, text: "inferred", info: true, kind: "inferred" },
      { step: 5, text: "a tool the provider ran", info: true, kind: "provider_tool" },
      { step: 3, text: "a pairing problem" },
      { step: 99, text: "beyond the run" },
    ]);
    const overview = overviewOf(trace, notes, false);
    expect(Object.fromEntries(overview.marks)).toEqual({ compaction: [1], retry: [5], note: [4], warning: [2] });
    // A retry is a warning the proxy saw: a problem; a compaction and a note are not.
    expect(overview.problems).toEqual([2, 5]);
  });
});

describe("Find", () => {
  it("searches a slice at a time, and gives its steps only once it has searched them all", () => {
    const { trace } = imported(largeCodexRollout(400), "rollout-day.jsonl");
    const search = findSteps(trace, "No such file");
    let slices = 0;
    let steps = search.run(0);
    while (steps === null) {
      slices += 1;
      steps = search.run(0);
    }
    expect(slices).toBeGreaterThan(1);
    expect(steps).toEqual(found(trace, "no such FILE"));
    expect(steps.every((i) => trace.steps[i]?.kind === "execution")).toBe(true);
  });
});

describe("the strip's columns", () => {
  it("counts a row's marks into columns, the run's first step in the first and its last in the last", () => {
    expect([...columnCounts([0, 1, 9], 10, 2)]).toEqual([2, 1]);
    expect([...columnCounts([0, 4_999, 9_999], 10_000, 5)]).toEqual([1, 0, 1, 0, 1]);
    // One column: everything in it.
    expect([...columnCounts([3, 7], 10, 0)]).toEqual([2]);
  });

  it("loses no mark and puts a later step in no earlier column", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.array(fc.nat(), { maxLength: 300 }),
        (total, columns, raw) => {
          const steps = raw.map((n) => n % total).sort((a, b) => a - b);
          const counts = columnCounts(steps, total, columns);
          expect(counts.length).toBe(columns);
          expect(counts.reduce((sum, n) => sum + n, 0)).toBe(steps.length);
          // Column by column, the marks come in the steps' order.
          let seen = 0;
          counts.forEach((count, column) => {
            for (const step of steps.slice(seen, seen + count)) {
              const at = Math.round((step / Math.max(1, total - 1)) * (columns - 1));
              expect(at).toBe(column);
            }
            seen += count;
          });
        },
      ),
    );
  });

  it("a crowded stretch of errors is a crowded stretch of columns: the day-long rollout with its errors bunched", () => {
    const { trace, notes } = imported(
      largeCodexRollout(400, (i) => (i <= 100 ? i % 4 === 0 : i % 50 === 0)),
      "day.jsonl",
    );
    const errors = overviewOf(trace, notes, false).marks.get("error") ?? [];
    const counts = columnCounts(errors, trace.steps.length, 20);
    // The first quarter of the run holds 25 errors, the rest 6: the first columns are the fullest.
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(31);
    expect(counts.slice(0, 6).reduce((sum, n) => sum + n, 0)).toBe(25);
    expect(Math.max(...counts.slice(1, 5))).toBeGreaterThanOrEqual(5);
    expect(Math.max(...counts.slice(6))).toBe(1);
  });
});
