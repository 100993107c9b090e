// @vitest-environment node
import { describe, expect, it } from "vitest";
import { longRunScenario, runScenario } from "../../src/engine";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { packTrace } from "../../src/trace-format/compact";
import { jsonErrorPlace, parseTraceJson } from "../../src/trace-format/schema";

const f22 = runScenario(scenarioById("f22", "en"));
const f22Json = () => JSON.parse(JSON.stringify(f22));

describe("the trace's JSON form (versions 1 and 2)", () => {
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
    expect(parseTraceJson(JSON.stringify({ ...f22Json(), version: 3 }))).toMatchObject({
      ok: false,
      problems: [{ path: "version", message: 'expected "version": 1 or 2 (this reads traces of versions 1 and 2)' }],
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

describe("the compact form (version 2): a step refers to what the messages hold", () => {
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

  it.each(SCENARIO_IDS)("%s: packed, written, read back, the same trace", (id) => {
    const trace = runScenario(scenarioById(id, "en"));
    const parsed = parseTraceJson(JSON.stringify(packTrace(trace)));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(plain(parsed.trace)).toEqual(plain(trace));
  });

  it("reads a version 1 file (every step whole) as before", () => {
    const parsed = parseTraceJson(JSON.stringify({ ...f22Json(), version: 1 }));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(plain(parsed.trace)).toEqual(f22Json());
  });

  it("writes each result and call once, so the file grows with the messages, and steps share them when read", () => {
    const long = runScenario(longRunScenario(200));
    const whole = JSON.stringify(long);
    const packed = JSON.stringify(packTrace(long));
    const result = long.messages.find((m) => m.role === "tool");
    if (result?.role !== "tool") throw new Error("the long run has results");
    const copies = (text: string) => text.split(JSON.stringify(result.content)).length - 1;
    expect(copies(whole)).toBeGreaterThan(2);
    expect(copies(packed)).toBe(1);
    expect(packed.length).toBeLessThan(whole.length);
    const parsed = parseTraceJson(packed);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const execution = parsed.trace.steps.find((step) => step.kind === "execution");
    const proposer = parsed.trace.messages.find(
      (m) =>
        m.role === "assistant" &&
        m.toolCalls.some((call) => execution?.kind === "execution" && call.callId === execution.call.callId),
    );
    // The step's call is the message's own object, not a copy.
    expect(
      proposer?.role === "assistant" && execution?.kind === "execution" && proposer.toolCalls.includes(execution.call),
    ).toBe(true);
  });

  it("keeps inline what no message holds (results the host never fed back)", () => {
    const trace = runScenario(scenarioById("missing-feedback", "en"));
    const packed = packTrace(trace) as { steps: { toolResult: unknown }[] };
    const inline = packed.steps.filter(
      (step) => typeof step.toolResult === "object" && step.toolResult !== null && "callId" in step.toolResult,
    );
    expect(inline.length).toBeGreaterThan(0);
    const parsed = parseTraceJson(JSON.stringify(packed));
    expect(parsed.ok && plain(parsed.trace)).toEqual(plain(trace));
  });

  it("says where a reference points wrong, and refuses references in a version 1 file", () => {
    const packed = plain(packTrace(f22)) as { steps: Record<string, unknown>[] };
    const at = packed.steps.findIndex((step) => step.kind === "execution");
    const step = packed.steps[at];
    if (step === undefined) throw new Error("F22 executes a call");
    step.call = { message: 0, call: 0 };
    expect(parseTraceJson(JSON.stringify(packed))).toEqual({
      ok: false,
      problems: [
        { path: `steps.${at}.call`, message: "refers to message 0, which is a system message, not the model's" },
      ],
    });
    step.call = { message: 99, call: 0 };
    expect(parseTraceJson(JSON.stringify(packed))).toMatchObject({
      ok: false,
      problems: [{ path: `steps.${at}.call`, message: "refers to message 99, past the 4 messages" }],
    });
    const withResult = plain(packTrace(f22)) as { version: number; steps: Record<string, unknown>[] };
    withResult.version = 1;
    expect(parseTraceJson(JSON.stringify(withResult))).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([
        {
          path: expect.stringMatching(/^steps\.\d+\.(call|toolResult|calls)$/),
          message: "a reference into the messages needs version 2",
        },
      ]),
    });
  });
});
