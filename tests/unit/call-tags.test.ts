/**
 * What tells a call apart from its turn's other calls of the same tool (src/engine/call-tags.ts): the diagram writes
 * it beside the call's id where the call is asked for and approved, never beside a result (which comes back with
 * its id only, the id being what pairs it).
 */
import { describe, expect, it } from "vitest";
import { callTags, runScenario, stepCallTags } from "../../src/engine";
import { scenarioById } from "../../src/scenarios";

describe("callTags", () => {
  it("tags calls of one tool by the argument that differs, and leaves a lone call untagged", () => {
    const tags = callTags([
      { callId: "c1", name: "get_weather", args: { city: "Oslo", unit: "C" } },
      { callId: "c2", name: "get_weather", args: { city: "Lisbon", unit: "C" } },
      { callId: "c3", name: "read_file", args: { path: "a.txt" } },
    ]);
    expect([...tags]).toEqual([
      ["c1", "Oslo"],
      ["c2", "Lisbon"],
    ]);
  });

  it("leaves calls that differ in no argument untagged, and clips a long value", () => {
    expect(
      callTags([
        { callId: "a", name: "t", args: { x: 1 } },
        { callId: "b", name: "t", args: { x: 1 } },
      ]).size,
    ).toBe(0);
    const long = callTags([
      { callId: "a", name: "t", args: { q: "the weather in a very long place name" } },
      { callId: "b", name: "t", args: { q: "short" } },
    ]);
    expect([...(long.get("a") ?? "")].length).toBeLessThanOrEqual(14);
  });
});

describe("given out-of-order's run", () => {
  const trace = runScenario(scenarioById("out-of-order", "en"));
  const tagged = trace.steps.map((step, i) => ({ kind: step.kind, tags: [...stepCallTags(trace.steps, i)] }));

  it("names each city beside its call where the calls are asked for and approved", () => {
    const proposal = tagged.find((row) => row.kind === "proposal");
    expect(proposal?.tags).toEqual([
      ["call_1", "Oslo"],
      ["call_2", "Lisbon"],
    ]);
    const approvals = tagged.filter((row) => row.kind === "validation").map((row) => row.tags);
    expect(approvals).toHaveLength(2);
    for (const tags of approvals) expect(tags).toHaveLength(2);
  });

  it("names no city beside a result: its call_id is what says whose it is", () => {
    for (const row of tagged.filter((row) => row.kind === "execution")) expect(row.tags).toEqual([]);
  });
});
