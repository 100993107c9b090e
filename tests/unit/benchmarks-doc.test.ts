// @vitest-environment node
/** BENCHMARKS.md's goals table is the one the bench writes from its latest results (bench/goals.ts). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Summary, withGoals } from "../../bench/goals";

describe("BENCHMARKS.md", () => {
  it("has the goals table bench/goals.ts writes from bench/results.json", () => {
    const doc = readFileSync("BENCHMARKS.md", "utf8");
    const { summary } = JSON.parse(readFileSync("bench/results.json", "utf8")) as { summary: Summary };
    expect(doc).toBe(withGoals(doc, summary));
  });
});
