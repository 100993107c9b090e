/**
 * A run written as OpenTelemetry traces: an OTLP/JSON `ExportTraceServiceRequest` (what an SDK's OTLP/HTTP JSON
 * exporter sends, and a collector, Jaeger, Tempo or Phoenix takes) whose spans follow the GenAI semantic conventions:
 * - one `invoke_agent` span around the run;
 * - a `chat` span per model call, its input (`gen_ai.input.messages`, the history up to that call, with
 *   `gen_ai.system_instructions` and `gen_ai.tool.definitions`) and its output (`gen_ai.output.messages`, with the
 *   reason the model stopped) as JSON strings, as the conventions record structured values on spans;
 * - an `execute_tool` span per result, with its call's id, name, arguments and result, an error status for an error;
 *   the host's checks of that call (the figure's validation) as span events `agent_loop_figure.check`, and a call it
 *   refused as `error.type` `refused_by_host`.
 * Every such span says it was written by agent-loop-figure from the run (`agent_loop_figure.written`), so no reader
 * takes it for the agent's own telemetry: the import reads these spans back (../otel-genai.ts reads OTLP), and says
 * no tool run as observed by the agent. The times are the steps' order, one millisecond apart from `startMs` (a run
 * read from a log keeps no clock of its own here). Ids are made from the run, so the same run gives the same ids.
 */
import type { Trace } from "../engine";
import { formatMeta } from "./index";
import { codec as otelGenai, otelMessages } from "./otel-genai";
import { isOtlpTraces } from "./otlp-json";
import { runMessages, type WritingCodec } from "./types";

/** The attribute that marks a span as this figure's writing, not an agent's telemetry. */
export const WRITTEN = "agent_loop_figure.written";

/** A 64-bit FNV-1a hash of `text`, from `seed`, as 16 hex digits. */
function hash64(text: string, seed: bigint): string {
  let h = 0xcbf29ce484222325n ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}

type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };
const value = (v: string | number | boolean): AnyValue =>
  typeof v === "string" ? { stringValue: v } : typeof v === "number" ? { intValue: String(v) } : { boolValue: v };
const attributes = (entries: Record<string, string | number | boolean | undefined>) =>
  Object.entries(entries).flatMap(([key, v]) => (v === undefined ? [] : [{ key, value: value(v) }]));

interface Span {
  traceId: string;
  spanId: string;
  /** Absent for the root span (OTLP/JSON leaves an empty id out). */
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: AnyValue }[];
  events?: { timeUnixNano: string; name: string; attributes: { key: string; value: AnyValue }[] }[];
  status?: { code: number; message?: string };
}

/** What the writer is given besides the run: the trace id to use (else one made from the run) and the clock. */
export interface OtlpOptions {
  readonly traceId?: string;
  readonly startMs?: number;
  readonly serviceName?: string;
  /** The tools' runs are inferred (a proxy saw each result only in the next request): each such span says so. */
  readonly inferred?: boolean;
  /** Each model call's start and end (ms since the epoch; end null while it runs), where a recorder kept them. */
  readonly calls?: readonly { readonly start: number; readonly end: number | null }[];
}

/** How many bytes of input messages the calls' spans may hold in all before the earlier ones hold only what was new. */
const FULL_BYTES = 4 * 1024 * 1024;

/** The first millisecond of a written run when none is given: 2025-01-01T00:00:00Z. */
const EPOCH_MS = 1_735_689_600_000;
const nanos = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;

/** A run as OTLP/JSON spans in the GenAI conventions. */
export function otlpTranscript(trace: Trace, options: OtlpOptions = {}): { resourceSpans: unknown[] } {
  const messages = runMessages(trace);
  const seed = JSON.stringify(messages);
  const traceId = options.traceId ?? `${hash64(seed, 1n)}${hash64(seed, 2n)}`;
  // A span's id is made from what it stands for (the root, the k-th model call, the result at a message), so a run
  // written again as it grows gives its spans the same ids.
  const spanId = (key: string) => hash64(`${traceId}:${key}`, 3n);
  const start = options.startMs ?? EPOCH_MS;
  const at = (step: number) => start + step;
  const written = { [WRITTEN]: true };
  const rootId = spanId("root");
  const spans: Span[] = [];
  const system = messages[0]?.role === "system" ? messages[0] : null;
  const definitions = JSON.stringify(
    trace.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.parameters,
    })),
  );
  // Where each message's step is, for the times: the first step whose context ends at it.
  const stepOf = new Map<number, number>();
  for (const step of trace.steps) if (!stepOf.has(step.contextEnd)) stepOf.set(step.contextEnd, step.number);
  const checks = new Map<string, Extract<Trace["steps"][number], { kind: "validation" }>>();
  for (const step of trace.steps) if (step.kind === "validation") checks.set(step.call.callId, step);
  const calls = new Map<string, { name: string; args: string }>();
  for (const message of messages)
    if (message.role === "assistant")
      for (const call of message.toolCalls)
        calls.set(call.callId, { name: call.name, args: call.rawArguments ?? JSON.stringify(call.args) });
  const from = system === null ? 0 : 1;
  // Each call's input is the whole history it was given, as the conventions record it; a run so long that those
  // histories together pass FULL_BYTES (they grow as the square of the run) gives its earlier calls only what was new
  // to them, from `agent_loop_figure.input_from` on, and its last call the whole history.
  const otel = otelMessages(messages, trace.tools);
  const sizes = otel.map((message) => JSON.stringify(message).length);
  const prefix = [0];
  for (const size of sizes) prefix.push((prefix.at(-1) ?? 0) + size);
  const modelCalls = trace.steps.filter((step) => step.kind === "model_call");
  const whole = modelCalls.reduce((sum, step) => sum + (prefix[step.contextEnd] ?? 0), 0) <= FULL_BYTES;
  const lastCall = modelCalls.at(-1);
  let since = from;
  // The clock: each model call's own times where the recorder kept them (a live run), else the steps' order.
  const callStart = (k: number) => options.calls?.[k - 1]?.start;
  const callEnd = (k: number) => {
    const times = options.calls?.[k - 1];
    return times === undefined ? undefined : (times.end ?? times.start);
  };
  /** A result's tool run, timed between the call that proposed it and the next call (what a recorder can tell). */
  const toolTime = (index: number): { start: number; end: number } | undefined => {
    let before: number | undefined;
    let after: number | undefined;
    for (const step of modelCalls)
      if (step.contextEnd <= index) before = callEnd(step.modelCall);
      else {
        after = callStart(step.modelCall);
        break;
      }
    if (before === undefined) return undefined;
    return { start: before, end: after ?? before };
  };
  // A model call per model-call step: what it was given, and its reply where the run holds it.
  for (const step of trace.steps) {
    if (step.kind !== "model_call") continue;
    const reply = messages[step.contextEnd];
    const output =
      reply?.role === "assistant"
        ? [
            {
              ...otelMessages([reply], trace.tools)[0],
              finish_reason: reply.toolCalls.length > 0 ? "tool_call" : "stop",
            },
          ]
        : undefined;
    spans.push({
      traceId,
      spanId: spanId(`chat:${step.modelCall}`),
      parentSpanId: rootId,
      name: "chat",
      kind: 3,
      startTimeUnixNano: nanos(callStart(step.modelCall) ?? at(step.number)),
      endTimeUnixNano: nanos(callEnd(step.modelCall) ?? at(step.number + 1) - 0.25),
      attributes: attributes({
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": JSON.stringify(otel.slice(whole || step === lastCall ? from : since, step.contextEnd)),
        "agent_loop_figure.input_from": whole || step === lastCall || since === from ? undefined : since - from,
        "gen_ai.output.messages": output === undefined ? undefined : JSON.stringify(output),
        "gen_ai.system_instructions":
          system === null ? undefined : JSON.stringify([{ type: "text", content: system.content }]),
        "gen_ai.tool.definitions": trace.tools.length === 0 ? undefined : definitions,
        ...written,
      }),
    });
    since = step.contextEnd;
  }
  // A run with no model call (a history that ends before one): the history as the context a call would be given.
  if (modelCalls.length === 0)
    spans.push({
      traceId,
      spanId: spanId("chat:0"),
      parentSpanId: rootId,
      name: "chat",
      kind: 3,
      startTimeUnixNano: nanos(at(1)),
      endTimeUnixNano: nanos(at(2)),
      attributes: attributes({
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": JSON.stringify(otelMessages(messages.slice(from), trace.tools)),
        "gen_ai.system_instructions":
          system === null ? undefined : JSON.stringify([{ type: "text", content: system.content }]),
        "gen_ai.tool.definitions": trace.tools.length === 0 ? undefined : definitions,
        ...written,
      }),
    });
  // A tool's run per result the run holds, at its step.
  messages.forEach((message, index) => {
    if (message.role !== "tool") return;
    const when = at(stepOf.get(index) ?? index + 1);
    const ran = toolTime(index);
    const call = calls.get(message.callId);
    const check = checks.get(message.callId);
    const refused = check?.verdict === "refused";
    spans.push({
      traceId,
      spanId: spanId(`tool:${index}`),
      parentSpanId: rootId,
      name: `execute_tool ${message.name}`,
      kind: 1,
      startTimeUnixNano: nanos(ran?.start ?? when - 0.5),
      endTimeUnixNano: nanos(ran?.end ?? when),
      attributes: attributes({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": message.name,
        "gen_ai.tool.call.id": message.callId,
        "gen_ai.tool.call.arguments": call?.args,
        "gen_ai.tool.call.result": message.content,
        "error.type": refused ? "refused_by_host" : message.status === "error" ? "tool_error" : undefined,
        // Answered from the host's record of an earlier identical call: the tool did not run again.
        "agent_loop_figure.replayed": message.replayed ? true : undefined,
        // Seen by a proxy only as the result fed back in the next request: the span's times are inferred too.
        "agent_loop_figure.inferred": options.inferred === true ? true : undefined,
        ...written,
      }),
      ...(check === undefined
        ? {}
        : {
            events: check.checks.map((one) => ({
              timeUnixNano: nanos(at(check.number)),
              name: "agent_loop_figure.check",
              attributes: attributes({ rule: one.rule, result: one.result, verdict: check.verdict }),
            })),
          }),
      ...(message.status === "error" ? { status: { code: 2 } } : {}),
    });
  });
  const last = trace.steps.length + 1;
  spans.unshift({
    traceId,
    spanId: rootId,
    name: "invoke_agent",
    kind: 1,
    startTimeUnixNano: nanos(Math.min(start, callStart(1) ?? start)),
    endTimeUnixNano: nanos(Math.max(at(last), ...(options.calls ?? []).map((call) => call.end ?? call.start))),
    attributes: attributes({ "gen_ai.operation.name": "invoke_agent", ...written }),
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: attributes({ "service.name": options.serviceName ?? "agent-loop-figure" }) },
        scopeSpans: [{ scope: { name: "agent-loop-figure" }, spans }],
      },
    ],
  };
}

/** The OTLP traces codec: written as above; read as the GenAI conventions' codec reads OTLP (../otel-genai.ts). */
export const codec: WritingCodec<"otlp"> = {
  ...formatMeta("otlp"),
  carries: ["system", "mid_run_system", "tool_declarations", "raw_arguments", "result_order"],
  pairing: "a tool_call part's id ↔ an execute_tool span's gen_ai.tool.call.id",
  // Read as OpenTelemetry GenAI: detection leaves OTLP files to that codec, which reads these spans.
  detect: () => 0,
  parse: (data) =>
    isOtlpTraces(data)
      ? otelGenai.parse(data)
      : { ok: false, errors: [{ message: "not OTLP traces: no resourceSpans" }] },
  request: otelMessages,
  transcript: (trace) => otlpTranscript(trace),
};
