// @vitest-environment node
/**
 * OTLP trace exports in JSON (issue 56): spans grouped into runs by trace id, the last run whose model calls recorded
 * their messages shown and the others listed, each `execute_tool` span said at its call's result as the agent's own
 * record of the run, a collector file exporter's lines read as one export, and spans that recorded no content
 * refused in words that say how to record it.
 */
import { describe, expect, it } from "vitest";
import { runs } from "../../src/content";
import { tokenSums } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { anyValue, otlpSpans, otlpTraces } from "../../src/formats/otlp-json";

type Attr = { key: string; value: Record<string, unknown> };
const text = (key: string, value: string): Attr => ({ key, value: { stringValue: value } });
const json = (key: string, value: unknown): Attr => text(key, JSON.stringify(value));

let clock = 1_764_590_000_000;
/** A span of trace `traceId`, `ms` long, starting after the one before. */
function span(traceId: string, name: string, attributes: Attr[], ms = 100, status?: Record<string, unknown>) {
  const start = clock;
  clock += ms + 10;
  return {
    traceId,
    spanId: `${name.replace(/\W/g, "").slice(0, 8)}${start % 100_000_000}`.slice(0, 16),
    name,
    kind: 3,
    startTimeUnixNano: `${start}000000`,
    endTimeUnixNano: `${start + ms}000000`,
    attributes,
    ...(status === undefined ? {} : { status }),
  };
}
const exportOf = (spans: unknown[]) => ({
  resourceSpans: [
    {
      resource: { attributes: [text("service.name", "weather-agent")] },
      scopeSpans: [{ scope: { name: "t" }, spans }],
    },
  ],
});

const A = "0af7651916cd43dd8448eb211c80319c";
const B = "5b8efff798038103d269b633813fc60c";
const user = { role: "user", parts: [{ type: "text", content: "Weather in Oslo and Bergen?" }] };
const calls = {
  role: "assistant",
  parts: [
    { type: "tool_call", id: "call_oslo", name: "weather", arguments: { city: "Oslo" } },
    { type: "tool_call", id: "call_bergen", name: "weather", arguments: { city: "Bergen" } },
  ],
};
const chat = (traceId: string, input: unknown[], output: unknown[]) =>
  span(traceId, "chat weather-model", [
    text("gen_ai.operation.name", "chat"),
    json("gen_ai.input.messages", input),
    json("gen_ai.output.messages", output),
  ]);
const tool = (traceId: string, callId: string, ms: number, result: unknown, failed = false) =>
  span(
    traceId,
    "execute_tool weather",
    [
      text("gen_ai.operation.name", "execute_tool"),
      text("gen_ai.tool.name", "weather"),
      text("gen_ai.tool.call.id", callId),
      json("gen_ai.tool.call.result", result),
      ...(failed ? [text("error.type", "StationOffline")] : []),
    ],
    ms,
    failed ? { code: 2, message: "station offline" } : undefined,
  );

/** An earlier run (trace A), then the run shown (trace B): two model calls, two observed tool runs, the second failed. */
function twoRuns() {
  clock = 1_764_590_000_000;
  const earlier = chat(A, [user], [{ role: "assistant", parts: [{ type: "text", content: "Sunny." }] }]);
  const first = chat(B, [user], [calls]);
  const oslo = tool(B, "call_oslo", 120, "snow, -3 °C");
  const bergen = tool(B, "call_bergen", 40, { error: "station offline" }, true);
  const results = [
    { role: "tool", parts: [{ type: "tool_call_response", id: "call_oslo", response: "snow, -3 °C" }] },
    {
      role: "tool",
      parts: [{ type: "tool_call_response", id: "call_bergen", response: { error: "station offline" } }],
    },
  ];
  const second = chat(
    B,
    [user, calls, ...results],
    [{ role: "assistant", parts: [{ type: "text", content: "Oslo: snow." }] }],
  );
  return [earlier, first, oslo, bergen, second];
}

describe("OTLP JSON trace exports", () => {
  it("decodes OTLP's typed values", () => {
    expect(anyValue({ intValue: "42" })).toBe(42);
    expect(anyValue({ arrayValue: { values: [{ stringValue: "a" }, { boolValue: true }] } })).toEqual(["a", true]);
    expect(anyValue({ kvlistValue: { values: [{ key: "k", value: { doubleValue: 1.5 } }] } })).toEqual({ k: 1.5 });
  });

  it("groups spans by trace id, each trace in the order its spans started", () => {
    const traces = otlpTraces(otlpSpans(exportOf(twoRuns())));
    expect(traces.map((t) => [t.traceId, t.spans.length])).toEqual([
      [A, 1],
      [B, 4],
    ]);
  });

  it("shows the last run, lists the other, and says each execute_tool span at its call's result", () => {
    const read = importTranscript(JSON.stringify(exportOf(twoRuns())));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("otel-genai");
    expect(read.summary.others).toEqual(["trace 0af76519 (chat weather-model, 1 model call)"]);
    expect(read.trace.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "assistant"]);
    const observed = read.notes.filter((n) => n.kind === "observed");
    expect(observed.map((n) => n.step)).toHaveLength(2);
    const words = (lang: "en" | "zh") => observed.map((n) => runs[lang].importing.note(n));
    expect(words("en")).toEqual([
      "the agent's telemetry recorded this run of weather (an execute_tool span with its call id, 120 ms): the tool's run is observed, not inferred from the next request",
      "the agent's telemetry recorded this run of weather (an execute_tool span with its call id, 40 ms, ended in an error): the tool's run is observed, not inferred from the next request",
    ]);
    expect(words("zh")[1]).toContain("以错误结束");
    // A run under a millisecond is said so, not as "0 ms".
    const quick = {
      kind: "observed",
      span: "execute_tool",
      index: 0,
      step: 4,
      name: "weather",
      ms: 0,
      failed: false,
    } as const;
    expect(runs.en.importing.note(quick)).toContain("(an execute_tool span with its call id, under 1 ms)");
    expect(runs.zh.importing.note(quick)).toContain("耗时不到 1 毫秒");
  });

  it("a trace that ends after the tool ran takes the result its span recorded", () => {
    clock = 1_764_590_000_000;
    const spans = [
      chat(B, [user], [calls]),
      tool(B, "call_oslo", 120, "snow, -3 °C"),
      tool(B, "call_bergen", 40, "rain"),
    ];
    const read = importTranscript(JSON.stringify(exportOf(spans)));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.trace.messages.flatMap((m) => (m.role === "tool" ? [[m.callId, m.content]] : []))).toEqual([
      ["call_oslo", "snow, -3 °C"],
      ["call_bergen", "rain"],
    ]);
    expect(read.problems).toEqual([]);
  });

  it("a collector's file exporter output, one export per line, reads as the same run", () => {
    const [earlier, ...rest] = twoRuns();
    const lines = `${JSON.stringify(exportOf([earlier]))}\n${JSON.stringify(exportOf(rest))}\n`;
    const read = importTranscript(lines);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("otel-genai");
    expect(read.trace.messages).toHaveLength(5);
    expect(read.summary.others).toHaveLength(1);
  });

  it("spans that recorded no messages (the instrumentations' default) are drawn as their shape, saying how to record them", () => {
    clock = 1_764_590_000_000;
    const bare = span(B, "chat gpt-4o", [
      text("gen_ai.operation.name", "chat"),
      text("gen_ai.request.model", "gpt-4o"),
    ]);
    const read = importTranscript(JSON.stringify(exportOf([bare])));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.trace.messages).toEqual([
      { role: "user", content: "[not recorded]" },
      { role: "assistant", content: "[not recorded]", toolCalls: [] },
    ]);
    // The placeholders are the figure's words: no token estimate counts them, and the estimate says what it left out.
    const sums = tokenSums(read.trace.messages);
    expect([sums.upTo(2), sums.unrecordedUpTo(2), sums.unrecordedUpTo(1), sums.unrecordedUpTo(0)]).toEqual([
      0, 2, 1, 0,
    ]);
    const said = read.notes.find((note) => note.kind === "not_captured");
    expect(said).toMatchObject({ calls: 1, step: 1 });
    if (said !== undefined)
      expect(runs.en.importing.note(said)).toContain("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true");
  });
});
