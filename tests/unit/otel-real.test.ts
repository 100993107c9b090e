// @vitest-environment node
/**
 * The real thing as the oracle (issue 56): OpenTelemetry's official OpenAI instrumentation
 * (`@opentelemetry/instrumentation-openai` 0.21, which patches `openai` below 7: here `openai-v6`, patched through
 * the instrumentation's own module definition) records a real `openai` SDK's tool-calling loop against the scripted
 * model server, with message content captured as the instrumentation writes it (log events, one per message).
 * The agent runs its tool in an `execute_tool` span of its own (the real SDK's tracer). The spans and log records
 * are encoded by OpenTelemetry's own OTLP JSON serializers, written as a collector's file exporter writes them (one
 * export per line), and imported: the run is the loop the SDK ran, its tool's run observed.
 */
import type { AddressInfo } from "node:net";
import { JsonLogsSerializer, JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import { InMemoryLogRecordExporter, SimpleLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runs } from "../../src/content";
import { importTranscript } from "../../src/formats/import";
import {
  aiSdkLoop,
  legacyOpenLlmetryLoop,
  officialLoop,
  openInferenceLoop,
  openLlmetryLoop,
} from "../fixtures/otel-agents";
import { scripted } from "../fixtures/scripted-model";

const server = scripted();
let origin = "";
beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** The loop an agent writes with the SDK, instrumented; what the telemetry recorded, as a collector's file holds it. */
async function recordedLoop(capture: boolean): Promise<string> {
  const spans = new InMemorySpanExporter();
  const records = new InMemoryLogRecordExporter();
  const loop = await officialLoop(origin, {
    capture,
    spans: new SimpleSpanProcessor(spans),
    logs: new SimpleLogRecordProcessor({ exporter: records }),
  });
  expect(loop.answer).toBe("timeout is 30");
  await loop.flush();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return `${text(JsonTraceSerializer.serializeRequest(spans.getFinishedSpans()) ?? new Uint8Array())}\n${text(
    JsonLogsSerializer.serializeRequest(records.getFinishedLogRecords()) ?? new Uint8Array(),
  )}\n`;
}

describe("the official OpenAI instrumentation's telemetry, imported", () => {
  it("with content captured: the loop the SDK ran, its call paired with its result, from spans and message events", async () => {
    const file = await recordedLoop(true);
    const read = importTranscript(file);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("otel-genai");
    expect(read.problems).toEqual([]);
    const { messages } = read.trace;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    const proposal = messages[2];
    const result = messages[3];
    if (proposal?.role !== "assistant" || result?.role !== "tool") throw new Error("a call and its result expected");
    expect(proposal.toolCalls).toMatchObject([{ name: "read_file", args: { path: "config.txt" } }]);
    expect(result).toMatchObject({ callId: proposal.toolCalls[0]?.callId, content: "timeout=30" });
    expect(messages[4]).toMatchObject({ content: "timeout is 30" });
    // The agent's own span for the tool's run, said at its result's step.
    expect(read.notes.filter((note) => note.kind === "observed")).toEqual([
      expect.objectContaining({ kind: "observed", name: "read_file", failed: false }),
    ]);
    // Each model call is a trace of its own (no agent span around them): one conversation, nothing else listed.
    expect(read.summary.others).toBeUndefined();
    expect(runs.en.importing.summary(read.summary, "OpenTelemetry GenAI")).toContain("1 tool call");
  });

  it("with content not captured (the instrumentation's default): the run's shape, its texts not recorded, saying why", async () => {
    const read = importTranscript(await recordedLoop(false));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("otel-genai");
    // The two model calls, the tool the agent ran between them (its own span: the name and the provider's id), and
    // no word that the telemetry did not record.
    expect(read.trace.steps.map((step) => step.kind)).toEqual([
      "task",
      "model_call",
      "proposal",
      "execution",
      "model_call",
      "answer",
      "finish",
    ]);
    const { messages } = read.trace;
    expect(messages[0]).toMatchObject({ role: "user", content: "[not recorded]" });
    expect(messages[1]).toMatchObject({ role: "assistant", toolCalls: [{ name: "read_file", callId: "call_1" }] });
    expect(messages[2]).toMatchObject({ role: "tool", callId: "call_1", content: "[not recorded]" });
    expect(messages[3]).toMatchObject({ role: "assistant", content: "[not recorded]" });
    const said = read.notes.find((note) => note.kind === "not_captured");
    expect(said).toMatchObject({ calls: 2, step: 1 });
    if (said === undefined) return;
    expect(runs.en.importing.note(said)).toContain("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true");
    expect(runs.zh.importing.note(said)).toContain("遥测没有记录消息内容");
    expect(read.notes.filter((note) => note.kind === "observed")).toHaveLength(1);
  });
});

/** The same loop under OpenInference's instrumentation (Arize Phoenix). */
async function openInferenceFile(): Promise<string> {
  const spans = new InMemorySpanExporter();
  const loop = await openInferenceLoop(origin, new SimpleSpanProcessor(spans));
  expect(loop.answer).toBe("timeout is 30");
  await loop.flush();
  return new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans.getFinishedSpans()) ?? new Uint8Array());
}

describe("OpenInference's OpenAI instrumentation's spans, imported", () => {
  it("the loop the SDK ran: its flattened messages read back, the call paired with its result, the tool declared", async () => {
    const read = importTranscript(await openInferenceFile());
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("openinference");
    expect(read.problems).toEqual([]);
    const { messages, tools } = read.trace;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    const proposal = messages[2];
    if (proposal?.role !== "assistant") throw new Error("a call expected");
    expect(proposal.toolCalls).toMatchObject([{ name: "read_file", args: { path: "config.txt" } }]);
    expect(messages[3]).toMatchObject({ role: "tool", callId: proposal.toolCalls[0]?.callId, content: "timeout=30" });
    expect(messages[4]).toMatchObject({ content: "timeout is 30" });
    expect(tools.map((t) => t.name)).toEqual(["read_file"]);
    expect(read.summary.others).toBeUndefined();
  });
});

/** A loop's spans, as a collector's file holds them. */
async function fileOf(
  loop: (origin: string, spans: SimpleSpanProcessor) => Promise<{ answer: string | null; flush(): Promise<void> }>,
) {
  const spans = new InMemorySpanExporter();
  const run = await loop(origin, new SimpleSpanProcessor(spans));
  expect(run.answer).toBe("timeout is 30");
  await run.flush();
  return new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans.getFinishedSpans()) ?? new Uint8Array());
}

describe("OpenLLMetry's OpenAI instrumentation (Traceloop 0.27), imported", () => {
  it("writes the GenAI conventions' messages on its spans today: read as OpenTelemetry GenAI, the call paired, the tool's run observed", async () => {
    const read = importTranscript(await fileOf(openLlmetryLoop));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("otel-genai");
    expect(read.problems).toEqual([]);
    const { messages } = read.trace;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    const proposal = messages[2];
    if (proposal?.role !== "assistant") throw new Error("a call expected");
    expect(proposal.toolCalls).toMatchObject([{ name: "read_file", args: { path: "config.txt" } }]);
    expect(messages[3]).toMatchObject({ role: "tool", callId: proposal.toolCalls[0]?.callId, content: "timeout=30" });
    expect(read.notes.filter((note) => note.kind === "observed")).toHaveLength(1);
  });
});

describe("the Vercel AI SDK's own telemetry, imported", () => {
  it("the run generateText made: its prompt and reply from the provider calls' spans, the SDK's run of the tool observed", async () => {
    const read = importTranscript(await fileOf(aiSdkLoop));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("ai-sdk-telemetry");
    expect(read.problems).toEqual([]);
    const { messages, tools } = read.trace;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    const proposal = messages[2];
    if (proposal?.role !== "assistant") throw new Error("a call expected");
    expect(proposal.toolCalls).toMatchObject([{ callId: "call_1", name: "read_file", args: { path: "config.txt" } }]);
    expect(messages[3]).toMatchObject({ role: "tool", callId: "call_1", content: "timeout=30" });
    expect(messages[4]).toMatchObject({ content: "timeout is 30" });
    expect(tools.map((t) => t.name)).toEqual(["read_file"]);
    expect(read.notes.filter((note) => note.kind === "observed")).toEqual([
      expect.objectContaining({ span: "ai.toolCall", name: "read_file", failed: false }),
    ]);
    expect(read.summary.others).toBeUndefined();
  });
});

describe("OpenLLMetry's older spans (Traceloop 0.22 on openai 5), imported", () => {
  it("no ids recorded: the history's call taken from the span that made it, the ids made, the result paired by order, all said", async () => {
    const read = importTranscript(await fileOf(legacyOpenLlmetryLoop));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("openllmetry");
    expect(read.problems).toEqual([]);
    const { messages, tools, steps } = read.trace;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    const proposal = messages[2];
    if (proposal?.role !== "assistant") throw new Error("a call expected");
    expect(proposal.toolCalls).toMatchObject([{ name: "read_file", args: { path: "config.txt" } }]);
    expect(messages[3]).toMatchObject({ role: "tool", callId: proposal.toolCalls[0]?.callId, content: "timeout=30" });
    expect(messages[4]).toMatchObject({ content: "timeout is 30" });
    expect(tools.map((t) => t.name)).toEqual(["read_file"]);
    // Who made the id, and how the result was paired: said at their steps.
    expect(steps.find((step) => step.kind === "proposal")).toMatchObject({ idsBy: "figure" });
    expect(read.notes.map((note) => note.kind)).toContain("paired_by_order");
  });
});
