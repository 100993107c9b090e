// @vitest-environment node
/**
 * `export otlp`: every built-in and every shared real run, written as OTLP/JSON traces, holds against the protocol's
 * own definitions (opentelemetry-proto's .proto files, through protobufjs: encoded to protobuf and decoded again, it
 * is the same document, so no field is one the protocol does not have) and imports back to the same run: its call
 * ids, results, model calls and answers, and no tool run said as observed (the figure wrote these spans).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs/light.js";
import { describe, expect, it } from "vitest";
import { runScenario, type Trace } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { logText } from "../../src/formats/log-text";
import { otlpTranscript } from "../../src/formats/otlp";
import descriptor from "../../src/live/otlp-proto.gen.json";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

const Request = protobuf.Root.fromJSON(descriptor).lookupType(
  "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest",
);

/** OTLP/JSON ids are hex where protobuf has bytes: `to` turns them into what protobufjs takes, `back` returns. */
function ids(value: unknown, to: (hex: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => ids(item, to));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      ["traceId", "spanId", "parentSpanId"].includes(key) && typeof inner === "string" ? to(inner) : ids(inner, to),
    ]),
  );
}

/** The document through protobuf and back, as the protocol's definitions read it. */
function throughProtobuf(document: unknown): unknown {
  const message = Request.fromObject(ids(document, (hex) => Buffer.from(hex, "hex").toString("base64")) as object);
  const bytes = Request.encode(message).finish();
  const decoded = Request.toObject(Request.decode(bytes), { longs: String, enums: Number, bytes: String });
  return ids(decoded, (base64) => Buffer.from(base64, "base64").toString("hex"));
}

/** What a run must keep: the calls' ids in order, each result by id, the model calls, the answers. */
function essentials(trace: Trace) {
  return {
    callIds: trace.steps.flatMap((s) => (s.kind === "proposal" ? s.callIds : [])),
    results: trace.steps.flatMap((s) => (s.kind === "execution" ? [[s.callIds[0], s.toolResult?.content]] : [])),
    modelCalls: trace.steps.filter((s) => s.kind === "model_call").length,
    answers: trace.steps.flatMap((s) => (s.kind === "answer" ? [s.text] : [])),
  };
}

function roundTrip(trace: Trace, label: string): void {
  const document = otlpTranscript(trace);
  expect(throughProtobuf(document), label).toEqual(JSON.parse(JSON.stringify(document)));
  const back = importTranscript(JSON.stringify(document));
  if (!back.ok) throw new Error(`${label}: ${JSON.stringify(back.errors)}`);
  expect(back.format, label).toBe("otel-genai");
  expect(essentials(back.trace), label).toEqual(essentials(trace));
  expect(
    back.notes.filter((note) => note.kind === "observed"),
    label,
  ).toEqual([]);
}

describe("export otlp", () => {
  it.each(SCENARIO_IDS)(
    "the built-in %s: the protocol's definitions hold it, and it imports back to the same run",
    (id) => {
      const scenario = scenarioById(id, "en");
      if (scenario === undefined) throw new Error(id);
      // A run the engine made keeps unfed calls in its steps alone; what the spans carry is what its messages hold.
      const trace = runScenario(scenario);
      const once = importTranscript(JSON.stringify(otlpTranscript(trace)));
      if (!once.ok) throw new Error(JSON.stringify(once.errors));
      roundTrip(once.trace, id);
    },
  );

  const shared = ["../shared/real-transcripts", "../shared/agent-logs"].filter((dir) => existsSync(dir));
  it.skipIf(shared.length === 0)("every shared real run: the same, through the formats each was saved in", () => {
    let read = 0;
    for (const dir of shared)
      for (const name of readdirSync(dir).filter((file) => !file.endsWith(".md"))) {
        const imported = importTranscript(logText(readFileSync(join(dir, name))), undefined, name);
        if (!imported.ok) continue;
        roundTrip(imported.trace, name);
        read += 1;
      }
    expect(read).toBeGreaterThan(10);
  });

  it("writes the host's checks as events and a refused call's error, each span marked as the figure's writing", () => {
    const scenario = scenarioById("f22", "en");
    if (scenario === undefined) throw new Error("f22");
    const document = otlpTranscript(runScenario(scenario)) as {
      resourceSpans: {
        scopeSpans: { spans: { name: string; attributes: { key: string }[]; events?: { name: string }[] }[] }[];
      }[];
    };
    const spans = document.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    expect(spans.map((span) => span.name)).toEqual(["invoke_agent", "chat", "chat", "execute_tool read_file"]);
    expect(spans.every((span) => span.attributes.some((a) => a.key === "agent_loop_figure.written"))).toBe(true);
    expect(spans[3]?.events?.map((event) => event.name)).toContain("agent_loop_figure.check");
  });
});
