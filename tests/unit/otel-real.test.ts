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
import { OpenAIInstrumentation } from "@opentelemetry/instrumentation-openai";
import { JsonLogsSerializer, JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import * as openaiV6 from "openai-v6";
import { VERSION } from "openai-v6/version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runs } from "../../src/content";
import { importTranscript } from "../../src/formats/import";
import { scripted } from "../fixtures/scripted-model";

const server = scripted();
let origin = "";
beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/**
 * The agent's loop with the SDK: the tool call, the tool run (inside `around`, given the call's id), the result fed
 * back, the answer.
 */
async function sdkLoop(around: (callId: string, run: () => void) => void = (_id, run) => run()): Promise<void> {
  const client = new openaiV6.OpenAI({ baseURL: `${origin}/v1`, apiKey: "sk-test-not-a-key", maxRetries: 0 });
  const tools = [
    {
      type: "function" as const,
      function: { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } },
    },
  ];
  const messages: openaiV6.OpenAI.ChatCompletionMessageParam[] = [
    { role: "system", content: "Answer from the file." },
    { role: "user", content: "Read timeout from config.txt" },
  ];
  const first = await client.chat.completions.create({ model: "gpt-4o", messages, tools });
  const reply = first.choices[0]?.message;
  const call = reply?.tool_calls?.[0];
  if (reply === undefined || call === undefined) throw new Error("the scripted model proposed no call");
  around(call.id, () => messages.push(reply, { role: "tool", tool_call_id: call.id, content: "timeout=30" }));
  const second = await client.chat.completions.create({ model: "gpt-4o", messages, tools });
  expect(second.choices[0]?.message.content).toBe("timeout is 30");
}

/** The loop an agent writes with the SDK, instrumented; what the telemetry recorded, as a collector's file holds it. */
async function recordedLoop(capture: boolean): Promise<string> {
  const spans = new InMemorySpanExporter();
  const records = new InMemoryLogRecordExporter();
  const tracing = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const logging = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter: records })] });
  const instrumentation = new OpenAIInstrumentation({ captureMessageContent: capture });
  instrumentation.setTracerProvider(tracing);
  instrumentation.setLoggerProvider(logging);
  // The instrumentation's own patch of `openai`, applied to `openai-v6` (its hook matches the package name `openai`,
  // which in this project is openai 7, outside the versions it patches).
  const own = instrumentation as unknown as { init(): [{ patch(exports: unknown, version: string): unknown }] };
  own.init()[0].patch(openaiV6, VERSION);
  try {
    // The agent runs the tool in its own span, as the conventions name it, with the real SDK's tracer.
    await sdkLoop((callId, run) => {
      const span = tracing.getTracer("timeout-agent").startSpan("execute_tool read_file", {
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "read_file",
          "gen_ai.tool.call.id": callId,
        },
      });
      run();
      span.end();
    });
    await tracing.forceFlush();
    await logging.forceFlush();
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    return `${text(JsonTraceSerializer.serializeRequest(spans.getFinishedSpans()) ?? new Uint8Array())}\n${text(
      JsonLogsSerializer.serializeRequest(records.getFinishedLogRecords()) ?? new Uint8Array(),
    )}\n`;
  } finally {
    instrumentation.disable();
  }
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

  it("with content not captured (the instrumentation's default): refused, saying how to capture it", async () => {
    const read = importTranscript(await recordedLoop(false));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors[0]?.message).toMatch(
      /^the GenAI spans record no messages \(2 model calls, .*OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true/,
    );
  });
});

/** The same loop under OpenInference's instrumentation (Arize Phoenix), applied by hand to `openai-v6`. */
async function openInferenceLoop(): Promise<string> {
  const { OpenAIInstrumentation: OpenInference } = await import("@arizeai/openinference-instrumentation-openai");
  const spans = new InMemorySpanExporter();
  const tracing = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const instrumentation = new OpenInference({ tracerProvider: tracing });
  instrumentation.manuallyInstrument(openaiV6 as never);
  try {
    await sdkLoop();
    await tracing.forceFlush();
    return new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans.getFinishedSpans()) ?? new Uint8Array());
  } finally {
    instrumentation.disable();
  }
}

describe("OpenInference's OpenAI instrumentation's spans, imported", () => {
  it("the loop the SDK ran: its flattened messages read back, the call paired with its result, the tool declared", async () => {
    const read = importTranscript(await openInferenceLoop());
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
