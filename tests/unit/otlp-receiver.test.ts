// @vitest-environment node
/**
 * The OTLP receiver (`--otlp`) with the real thing on the other side: the official OpenAI instrumentation and
 * OpenInference's, around the real `openai` SDK against the scripted model server (which the receiver never sees),
 * sending through OpenTelemetry's own OTLP exporters, configured only by the environment lines the command prints:
 * binary protobuf (most SDKs' default) and JSON, gzip too. What arrives is gathered into runs and read by the one
 * import: one run, its call paired with its result, the tool's run observed. The protobuf decoding is checked
 * against OpenTelemetry's own serializers; refusals by their status.
 */

import { readFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { OTLPLogExporter as JsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as ProtoLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { BatchLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { descriptor } from "../../scripts/otlp-proto";
import { importTranscript } from "../../src/formats/import";
import { decodeExport, type OtlpReceiver, startOtlpReceiver, TOKEN_HEADER } from "../../src/live/otlp-receiver";
import { OtlpRuns } from "../../src/live/otlp-runs";
import { officialLoop, openInferenceLoop } from "../fixtures/otel-agents";
import { scripted } from "../fixtures/scripted-model";

const server = scripted();
let origin = "";
beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

const ENV = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_COMPRESSION"];
let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  for (const name of ENV) delete process.env[name];
  await receiver?.close();
  receiver = undefined;
});

/** A receiver on a free port, its runs, and what it said; the environment set as its printed lines say. */
async function receiving(): Promise<{ runs: OtlpRuns; said: string[] }> {
  const said: string[] = [];
  // A model call's messages wait a moment for their span (the command waits 2 s, here less).
  const runs = new OtlpRuns((line) => said.push(line), { settleMs: 300 });
  receiver = await startOtlpReceiver({
    port: 0,
    received: (signal, request) => runs.add(signal, request),
    say: (line) => said.push(line),
  });
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
  process.env.OTEL_EXPORTER_OTLP_HEADERS = receiver.headers;
  return { runs, said };
}

/** The one run the receiver drew, imported as the viewer imports it. */
function onlyRun(runs: OtlpRuns) {
  const listed = runs.runs.filter((run) => runs.listed(run));
  expect(listed.map((run) => runs.name(run))).toEqual(["OpenTelemetry · run 1"]);
  const read = importTranscript(runs.document(listed[0] as (typeof listed)[number]));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read;
}

function expectTheLoop(read: ReturnType<typeof onlyRun>) {
  const { messages } = read.trace;
  expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
  const proposal = messages[2];
  if (proposal?.role !== "assistant") throw new Error("a call expected");
  expect(proposal.toolCalls).toMatchObject([{ name: "read_file", args: { path: "config.txt" } }]);
  expect(messages[3]).toMatchObject({ role: "tool", callId: proposal.toolCalls[0]?.callId, content: "timeout=30" });
  expect(messages[4]).toMatchObject({ content: "timeout is 30" });
  expect(read.problems).toEqual([]);
}

describe("the receiver, fed by the real instrumentations through OpenTelemetry's own exporters", () => {
  it("official instrumentation, protobuf (the default): the lone calls and the tool's own trace are one run", async () => {
    const { runs } = await receiving();
    const loop = await officialLoop(origin, {
      capture: true,
      spans: new BatchSpanProcessor(new ProtoTraceExporter()),
      logs: new BatchLogRecordProcessor({ exporter: new ProtoLogExporter() }),
    });
    expect(loop.answer).toBe("timeout is 30");
    await loop.flush();
    await loop.shutdown();
    const read = onlyRun(runs);
    expect(read.format).toBe("otel-genai");
    expectTheLoop(read);
    expect(read.notes.filter((note) => note.kind === "observed")).toEqual([
      expect.objectContaining({ kind: "observed", name: "read_file", failed: false }),
    ]);
  });

  it("the same task run twice (each call a trace of its own, the same ids): two runs, each whole", async () => {
    const { runs } = await receiving();
    for (let i = 0; i < 2; i += 1) {
      const loop = await officialLoop(origin, {
        capture: true,
        spans: new BatchSpanProcessor(new ProtoTraceExporter()),
        logs: new BatchLogRecordProcessor({ exporter: new ProtoLogExporter() }),
      });
      await loop.flush();
      await loop.shutdown();
    }
    const listed = runs.runs.filter((run) => runs.listed(run));
    expect(listed.map((run) => runs.name(run))).toEqual(["OpenTelemetry · run 1", "OpenTelemetry · run 2"]);
    for (const run of listed) {
      const read = importTranscript(runs.document(run));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expectTheLoop(read);
      expect(read.notes.filter((note) => note.kind === "observed")).toHaveLength(1);
    }
  });

  it("official instrumentation, JSON and gzip: the same run", async () => {
    const { runs } = await receiving();
    process.env.OTEL_EXPORTER_OTLP_COMPRESSION = "gzip";
    const loop = await officialLoop(origin, {
      capture: true,
      spans: new BatchSpanProcessor(new JsonTraceExporter()),
      logs: new BatchLogRecordProcessor({ exporter: new JsonLogExporter() }),
    });
    await loop.flush();
    await loop.shutdown();
    const read = onlyRun(runs);
    expectTheLoop(read);
    expect(read.notes.some((note) => note.kind === "observed")).toBe(true);
  });

  it("content not captured (the default): one run per call (nothing tells them apart), each its shape, saying why", async () => {
    const { runs } = await receiving();
    const loop = await officialLoop(origin, {
      capture: false,
      spans: new BatchSpanProcessor(new ProtoTraceExporter()),
      logs: new BatchLogRecordProcessor({ exporter: new ProtoLogExporter() }),
    });
    await loop.flush();
    await loop.shutdown();
    // Its spans wait for messages that never come, then are runs, one per call (nothing tells them apart).
    await expect.poll(() => runs.runs.filter((run) => runs.listed(run)).length).toBe(2);
    const listed = runs.runs.filter((run) => runs.listed(run));
    for (const run of listed) {
      const read = importTranscript(runs.document(run));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read.notes.filter((note) => note.kind === "not_captured")).toHaveLength(1);
      expect(read.trace.messages.map((m) => m.content)).toEqual(["[not recorded]", "[not recorded]"]);
    }
  });

  it("OpenInference, protobuf: one run, read as OpenInference", async () => {
    const { runs } = await receiving();
    const loop = await openInferenceLoop(origin, new BatchSpanProcessor(new ProtoTraceExporter()));
    await loop.flush();
    await loop.shutdown();
    const read = onlyRun(runs);
    expect(read.format).toBe("openinference");
    expectTheLoop(read);
  });
});

describe("the receiver's protocol", () => {
  it("decodes protobuf as OpenTelemetry's own JSON serializer writes the same spans (ids in hex, values typed)", async () => {
    const memory = new InMemorySpanExporter();
    const loop = await openInferenceLoop(origin, new SimpleSpanProcessor(memory));
    await loop.flush();
    const spans = memory.getFinishedSpans();
    const binary = ProtobufTraceSerializer.serializeRequest(spans);
    const json = JsonTraceSerializer.serializeRequest(spans);
    if (binary === undefined || json === undefined) throw new Error("the serializers wrote nothing");
    const decoded = decodeExport("traces", Buffer.from(binary), "protobuf");
    if (!decoded.ok) throw new Error(decoded.message);
    const a = importTranscript(JSON.stringify(decoded.request));
    const b = importTranscript(new TextDecoder().decode(json));
    if (!a.ok || !b.ok) throw new Error("both should read");
    expect(a.trace).toEqual(b.trace);
    const first = (
      decoded.request.resourceSpans as { scopeSpans: { spans: { traceId: string; spanId: string }[] }[] }[]
    )[0]?.scopeSpans[0]?.spans[0];
    expect(first?.traceId).toBe(spans[0]?.spanContext().traceId);
    expect(first?.spanId).toMatch(/^[0-9a-f]{16}$/);
  });

  it("refuses a request without the token, with a wrong one, from a web page, or for another Host; says a bad body", async () => {
    const { runs } = await receiving();
    const at = receiver as OtlpReceiver;
    const token = at.headers.split("=")[1] ?? "";
    const post = (headers: Record<string, string>, body: BodyInit = "{}") =>
      fetch(`${at.endpoint}/v1/traces`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ [TOKEN_HEADER]: "wrong" })).status).toBe(403);
    const fromPage = await post({ [TOKEN_HEADER]: token, origin: "https://example.com" });
    expect(fromPage.status).toBe(403);
    // No answer lets a web page read it (no CORS header), whether refused or taken; a preflight is not answered.
    const taken = await post({ [TOKEN_HEADER]: token });
    expect(taken.status).toBe(200);
    for (const answer of [fromPage, taken]) expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${at.endpoint}/v1/traces`, {
      method: "OPTIONS",
      headers: { origin: "https://example.com", "access-control-request-method": "POST" },
    });
    expect(preflight.ok).toBe(false);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const bad = await post({ [TOKEN_HEADER]: token }, "{not json");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 3, message: expect.stringContaining("not JSON") });
    const proto = await fetch(`${at.endpoint}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/x-protobuf", [TOKEN_HEADER]: token },
      body: new Uint8Array([0x0a, 0xff, 0xff]),
    });
    expect(proto.status).toBe(400);
    expect((await post({ [TOKEN_HEADER]: token, "content-type": "text/plain" })).status).toBe(415);
    // A name that resolves here but is not the receiver's own (DNS rebinding): refused.
    const rebound = await new Promise<number>((done, fail) => {
      const sent = request(
        `${at.endpoint}/v1/traces`,
        {
          method: "POST",
          headers: { host: "attacker.example:4318", "content-type": "application/json", [TOKEN_HEADER]: token },
        },
        (answer) => {
          answer.resume();
          done(answer.statusCode ?? 0);
        },
      );
      sent.on("error", fail);
      sent.end("{}");
    });
    expect(rebound).toBe(403);
    // A span with no trace id cannot be placed in a run: a partial success says so; the other is taken.
    const span = (traceId: string) => ({ traceId, spanId: "00f067aa0ba902b7", name: "chat", attributes: [] });
    const partial = await post(
      { [TOKEN_HEADER]: token, "content-encoding": "gzip" },
      gzipSync(
        JSON.stringify({
          resourceSpans: [{ scopeSpans: [{ spans: [span(""), span("4bf92f3577b34da6a3ce929d0e0e4736")] }] }],
        }),
      ),
    );
    expect(partial.status).toBe(200);
    expect(await partial.json()).toMatchObject({
      partialSuccess: { rejectedSpans: "1", errorMessage: expect.stringContaining("no trace id") },
    });
    await expect.poll(() => runs.runs.length).toBe(1);
    expect(JSON.parse(runs.document(runs.runs[0] as never))).toHaveLength(1);
  });

  it("answers metrics with success and says once that they are not read", async () => {
    const { said } = await receiving();
    const at = receiver as OtlpReceiver;
    const headers = { "content-type": "application/json", [TOKEN_HEADER]: at.headers.split("=")[1] ?? "" };
    for (let i = 0; i < 2; i += 1)
      expect((await fetch(`${at.endpoint}/v1/metrics`, { method: "POST", headers, body: "{}" })).status).toBe(200);
    expect(said.filter((line) => line.startsWith("metrics received"))).toHaveLength(1);
  });

  it("its protobuf definitions are the .proto files' (scripts/otlp-proto.ts --write when not)", () => {
    expect(readFileSync(new URL("../../src/live/otlp-proto.gen.json", import.meta.url), "utf8")).toBe(descriptor());
  });
});
