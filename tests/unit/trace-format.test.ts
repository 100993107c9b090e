// @vitest-environment node
import { describe, expect, it } from "vitest";
import { runScenario } from "../../src/engine";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { jsonErrorPlace, parseTraceJson } from "../../src/trace-format/schema";

const f22 = runScenario(scenarioById("f22", "en"));
const f22Json = () => JSON.parse(JSON.stringify(f22));

describe("the trace's JSON form (version 1)", () => {
  it.each(SCENARIO_IDS)("%s round-trips: stringify, parse, the same trace", (id) => {
    const trace = runScenario(scenarioById(id, "zh"));
    const parsed = parseTraceJson(JSON.stringify(trace));
    expect(parsed).toEqual({ ok: true, trace: JSON.parse(JSON.stringify(trace)) });
  });

  it("stores each message once: the JSON grows with the messages, not with steps × messages", () => {
    const text = JSON.stringify(runScenario(scenarioById("idempotent-replay", "en")));
    const systemNote = runScenario(scenarioById("idempotent-replay", "en")).messages[0];
    expect(text.split(JSON.stringify(systemNote)).length - 1).toBe(1);
  });

  it("gives the line and column of malformed JSON", () => {
    const result = parseTraceJson('{\n  "version": 1,\n  "steps": [,]\n}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatchObject({
      message: "not valid JSON: expected a value (a trailing comma, or nothing at all?)",
      line: 3,
      column: 13,
    });
    expect(jsonErrorPlace('{"a": 1}')).toBeNull();
    expect(jsonErrorPlace('{"a": 1,}')).toEqual({ line: 1, column: 9 });
    expect(jsonErrorPlace("")).not.toBeNull();
  });

  it("names the path of a field that is missing or wrong", () => {
    const data = f22Json();
    delete data.steps[2].callIds;
    data.steps[3].verdict = "maybe";
    const result = parseTraceJson(JSON.stringify(data));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.problems.map((p) => p.path);
    expect(paths).toContain("steps.2.callIds");
    expect(paths).toContain("steps.3.verdict");
  });

  it("checks what the player relies on: numbering, contextEnd within the messages, lanes, version", () => {
    const data = f22Json();
    data.steps[5].contextEnd = 99;
    data.steps[1].number = 7;
    data.lanes = ["user", "model", "host"];
    const result = parseTraceJson(JSON.stringify(data));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => `${p.path}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        "steps.5.contextEnd: contextEnd 99 is past the 4 messages",
        "steps.1.number: step 2 is numbered 7",
        'steps.3.lane: lane "tool" is not among the trace\'s lanes',
      ]),
    );
    expect(parseTraceJson(JSON.stringify({ ...f22Json(), version: 2 }))).toMatchObject({
      ok: false,
      problems: [{ path: "version" }],
    });
  });

  it("refuses an error code the catalogs cannot explain", () => {
    const data = f22Json();
    data.steps[3].errorCode = "<b>made up</b>";
    expect(parseTraceJson(JSON.stringify(data))).toMatchObject({
      ok: false,
      problems: [{ path: "steps.3.errorCode" }],
    });
  });
});
