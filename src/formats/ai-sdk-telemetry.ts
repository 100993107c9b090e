/**
 * The Vercel AI SDK's telemetry (`experimental_telemetry: { isEnabled: true }`,
 * https://ai-sdk.dev/docs/ai-sdk-core/telemetry): OTLP/JSON spans of its own conventions. A model call is a
 * `ai.generateText.doGenerate` span (or `ai.streamText.doStream`, and the object calls' likewise), whose
 * `ai.prompt.messages` is the prompt the provider was given as JSON text (the SDK's provider-level messages: a
 * system message's text, user and assistant parts, `tool-call` parts with `toolCallId`, `tool` messages of
 * `tool-result` parts), its reply `ai.response.text` and `ai.response.toolCalls` (JSON text: `toolCallId`,
 * `toolName`, `input` as the model wrote it), its tools `ai.prompt.tools` (each a JSON text). The SDK's run of a tool
 * is an `ai.toolCall` span (`ai.toolCall.id`, `.name`, `.args`, `.result`): said as observed at that call's result.
 * Pairing: `toolCallId`. Read only: a run is written as the GenAI conventions' spans (`otlp`).
 */
import type { Message, ToolDeclaration } from "../engine";
import { readMessages } from "./ai-sdk";
import { formatMeta } from "./index";
import {
  isOtlpTraces,
  jsonAttribute,
  type OtlpSpan,
  type OtlpTrace,
  otherTraces,
  otlpSpans,
  otlpTraces,
  resultsInTurn,
  runTraces,
} from "./otlp-json";
import { declaration, reading, refuse } from "./read";
import { type Codec, compact, field, type LogNote, type Neutral, type ParseResult, str } from "./types";

const operationOf = (span: OtlpSpan): string => {
  const id = span.attributes.get("ai.operationId");
  return typeof id === "string" ? id : span.name;
};
/** A model call's span: the provider called once (`doGenerate`, `doStream`). */
const isModelCall = (span: OtlpSpan) => /^ai\.\w+\.do(Generate|Stream)$/.test(operationOf(span));
const isAiSdk = (span: OtlpSpan) => operationOf(span).startsWith("ai.");

/** A span attribute the SDK writes as JSON text, parsed (undefined when absent or not JSON). */
const json = (span: OtlpSpan, key: string): unknown => jsonAttribute(span, key, "absent");

/** The reply a model call's span records, as an assistant message of the SDK's shape (null when none is recorded). */
function replyOf(span: OtlpSpan): unknown {
  const text = span.attributes.get("ai.response.text");
  const calls = json(span, "ai.response.toolCalls");
  const parts = [
    ...(typeof text === "string" && text !== "" ? [{ type: "text", text }] : []),
    ...(Array.isArray(calls) ? calls : []).map((call) => {
      const input = field(call, "input") ?? field(call, "args");
      let parsed: unknown = input;
      if (typeof input === "string")
        try {
          parsed = JSON.parse(input);
        } catch {
          parsed = input;
        }
      return { type: "tool-call", toolCallId: str(call, "toolCallId"), toolName: str(call, "toolName"), input: parsed };
    }),
  ];
  if (parts.length === 0 && typeof text !== "string") return null;
  return { role: "assistant", content: parts.length === 0 ? "" : parts };
}

/** The tools a model call was given (`ai.prompt.tools`: one JSON text per tool). */
function toolsOf(span: OtlpSpan): ToolDeclaration[] {
  const value = span.attributes.get("ai.prompt.tools");
  const items = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return items.flatMap((item) => {
    let tool: unknown = item;
    if (typeof item === "string")
      try {
        tool = JSON.parse(item);
      } catch {
        return [];
      }
    const name = str(tool, "name");
    return name === undefined
      ? []
      : [declaration(name, field(tool, "description"), field(tool, "inputSchema") ?? field(tool, "parameters"))];
  });
}

/** The text of a prompt's first user message, which tells one conversation from another across traces. */
const openingOf = (span: OtlpSpan): string => {
  const prompt = json(span, "ai.prompt.messages");
  const first = (Array.isArray(prompt) ? prompt : []).find((m) => field(m, "role") === "user");
  return compact(field(first, "content") ?? "");
};

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    const traces = otlpTraces(otlpSpans(data)).filter((trace) => trace.spans.some(isAiSdk));
    const calls = traces
      .flatMap((trace) => trace.spans.filter(isModelCall).map((span) => ({ trace, span })))
      .sort((a, b) => a.span.startMs - b.span.startMs);
    const recorded = calls.filter((call) => Array.isArray(json(call.span, "ai.prompt.messages")));
    const last = recorded.at(-1);
    if (last === undefined)
      refuse(
        calls[0]?.span.at ?? "resourceSpans",
        calls.length > 0
          ? `the AI SDK's spans record no prompt (${calls.length} model call${calls.length === 1 ? "" : "s"}, none with ai.prompt.messages): its telemetry was told not to (recordInputs: false); record the run again with it`
          : "no span is an AI SDK model call (ai.generateText.doGenerate, ai.streamText.doStream, …)",
      );
    const prompt = json(last.span, "ai.prompt.messages") as unknown[];
    const reply = replyOf(last.span);
    const messages = readMessages(reply === null ? prompt : [...prompt, reply], "ai.prompt.messages", []);
    // The run: the last call's trace; a call alone in its trace (no context carried between spans) joins the other
    // lone calls that open with the same user message.
    const ours = runTraces(last, recorded, openingOf);
    const notes = observed(traces, messages, ours);
    const others = otherTraces(traces, ours, isModelCall);
    return {
      messages,
      tools: toolsOf(last.span),
      shape: "messages",
      ...(notes.length === 0 ? {} : { notes }),
      ...(others.length === 0 ? {} : { others }),
    };
  });
}

/**
 * The SDK's runs of tools (`ai.toolCall` spans) that name a call of the run, each said at its result; the k-th run of
 * an id at its k-th result. A call the history has no result for yet (the run ends on it) takes the span's
 * `ai.toolCall.result`, where recorded.
 */
function observed(traces: readonly OtlpTrace[], messages: Message[], ours: Set<OtlpTrace>): LogNote[] {
  const notes: LogNote[] = [];
  const resultOf = resultsInTurn(messages);
  const spans = traces
    .flatMap((trace) => trace.spans.map((span) => ({ trace, span })))
    .filter(({ span }) => operationOf(span) === "ai.toolCall")
    .sort((a, b) => a.span.startMs - b.span.startMs);
  for (const { trace, span } of spans) {
    const callId = span.attributes.get("ai.toolCall.id");
    if (typeof callId !== "string") continue;
    const name = String(span.attributes.get("ai.toolCall.name") ?? "");
    const failed = span.status === 2;
    let { index } = resultOf(callId);
    const proposed = messages.some((m) => m.role === "assistant" && m.toolCalls.some((c) => c.callId === callId));
    const result = span.attributes.get("ai.toolCall.result");
    if (index < 0 && proposed && typeof result === "string") {
      let text = result;
      try {
        const parsed = JSON.parse(result) as unknown;
        text = typeof parsed === "string" ? parsed : compact(parsed);
      } catch {
        // kept as it is
      }
      messages.push({ role: "tool", callId, name, status: failed ? "error" : "ok", content: text, replayed: false });
      index = messages.length - 1;
    }
    if (index < 0) continue;
    ours.add(trace);
    notes.push({
      kind: "observed",
      span: "ai.toolCall",
      index,
      name,
      ms: span.endMs > span.startMs ? Math.round(span.endMs - span.startMs) : null,
      failed,
    });
  }
  return notes;
}

/** OTLP/JSON with the AI SDK's spans (`ai.operationId`, or span names `ai.*`) and a model call among them. */
function detect(data: unknown): number {
  if (!isOtlpTraces(data)) return 0;
  return otlpSpans(data).some((span) => isModelCall(span) || operationOf(span) === "ai.toolCall") ? 10 : 0;
}

/** The AI SDK telemetry codec: read only. */
export const codec: Codec<"ai-sdk-telemetry"> = {
  ...formatMeta("ai-sdk-telemetry"),
  pairing:
    "a tool-call part's toolCallId ↔ a tool-result part's toolCallId (ai.prompt.messages); ai.toolCall.id for a tool's run",
  detect,
  parse,
  // A collector's file exporter writes one export per line.
  lines: true,
};
