/**
 * OpenInference (Arize Phoenix's semantic conventions, github.com/Arize-ai/openinference): OTLP/JSON spans whose
 * `openinference.span.kind` is `LLM` (a model call), `TOOL`, `CHAIN` or `AGENT`. A model call's messages are flattened
 * into attributes, one key per field: `llm.input_messages.<i>.message.role` and `.content` (or `.contents.<j>.
 * message_content.text`), `.tool_calls.<k>.tool_call.id`, `.function.name` and `.function.arguments`, a tool
 * message's `.tool_call_id`; its reply likewise under `llm.output_messages`; its tools under `llm.tools.<i>.tool.
 * json_schema`. What `@arizeai/openinference-instrumentation-openai` writes (tested against it).
 *
 * Read: the last model call that recorded its input messages holds the whole history up to it, then its reply, as
 * for the GenAI conventions; its trace is the run, and where each model call is a trace of its own (an SDK
 * instrumented with no agent span around the calls) the lone calls that open with the same user message are that
 * run. A `TOOL` span with the call's `tool_call.id` is the agent's own record that it ran it (an `observed` note).
 * Other traces are listed. Pairing: a tool call's id ↔ a tool message's `tool_call_id`.
 */
import type { Message, MessagePart, ToolCall, ToolDeclaration } from "../engine";
import { formatMeta } from "./index";
import {
  isOtlpTraces,
  type OtlpSpan,
  type OtlpTrace,
  otherTraces,
  otlpSpans,
  otlpTraces,
  resultsInTurn,
  runTraces,
} from "./otlp-json";
import { assistantMessage, declaration, plainMessage, reading, refuse, toolCall } from "./read";
import { type Codec, compact, field, type LogNote, type Neutral, type ParseResult, str } from "./types";

const KIND = "openinference.span.kind";
const kindOf = (span: OtlpSpan): string | undefined => {
  const kind = span.attributes.get(KIND);
  return typeof kind === "string" ? kind.toUpperCase() : undefined;
};

/** The flattened list under `prefix` (`llm.input_messages`): its entries by index, each a map of the rest of the key. */
function flattened(span: OtlpSpan, prefix: string): Map<string, unknown>[] {
  const entries: Map<string, unknown>[] = [];
  for (const [key, value] of span.attributes) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const rest = key.slice(prefix.length + 1);
    const dot = rest.indexOf(".");
    const index = Number(dot < 0 ? rest : rest.slice(0, dot));
    if (!Number.isInteger(index) || index < 0 || dot < 0) continue;
    let entry = entries[index];
    if (entry === undefined) {
      entry = new Map();
      entries[index] = entry;
    }
    entry.set(rest.slice(dot + 1), value);
  }
  return entries.filter((entry) => entry !== undefined);
}

/** One flattened message (`message.role`, `message.content`, …) as the figure's message. */
function messageOf(fields: ReadonlyMap<string, unknown>, names: Map<string, string>): Message | null {
  const text = (key: string) => {
    const value = fields.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const role = text("message.role");
  // The content, or its parts' texts (`message.contents.<j>.message_content.text`), in order.
  const parts: string[] = [];
  const content = text("message.content");
  if (content !== undefined) parts.push(content);
  else
    for (
      let j = 0;
      fields.has(`message.contents.${j}.message_content.type`) ||
      fields.has(`message.contents.${j}.message_content.text`);
      j += 1
    ) {
      const part = fields.get(`message.contents.${j}.message_content.text`);
      if (typeof part === "string") parts.push(part);
    }
  const said: MessagePart[] = parts.map((part) => ({ type: "text", text: part }));
  if (role === "tool") {
    const callId = text("message.tool_call_id") ?? "";
    return {
      role: "tool",
      callId,
      name: text("message.name") ?? names.get(callId) ?? "",
      status: "ok",
      content: parts.join("\n"),
      replayed: false,
    };
  }
  if (role === "assistant") {
    const calls: ToolCall[] = [];
    for (let k = 0; fields.has(`message.tool_calls.${k}.tool_call.function.name`); k += 1) {
      const at = `message.tool_calls.${k}.tool_call`;
      const id = text(`${at}.id`) ?? `tool_call_${k + 1}`;
      const call = toolCall(id, text(`${at}.function.name`) ?? "", fields.get(`${at}.function.arguments`) ?? "{}");
      names.set(id, call.name);
      calls.push(call);
    }
    return assistantMessage(
      [...said, ...calls.map((c): MessagePart => ({ type: "tool_call", callId: c.callId }))],
      calls,
    );
  }
  if (role === "system" || role === "developer") return plainMessage("system", said);
  if (role === "user") return plainMessage("user", said);
  return null;
}

/** A span's flattened messages under `prefix`, in order (`names`: each call's tool, for its result). */
const messagesOf = (span: OtlpSpan, prefix: string, names: Map<string, string>): Message[] =>
  flattened(span, prefix).flatMap((fields) => {
    const message = messageOf(fields, names);
    return message === null ? [] : [message];
  });

/** A model call's declared tools (`llm.tools.<i>.tool.json_schema`: a Chat Completions tool, as JSON text). */
function toolsOf(span: OtlpSpan): ToolDeclaration[] {
  return flattened(span, "llm.tools").flatMap((fields) => {
    const schema = fields.get("tool.json_schema");
    let parsed: unknown;
    try {
      parsed = typeof schema === "string" ? (JSON.parse(schema) as unknown) : schema;
    } catch {
      return [];
    }
    const fn = field(parsed, "function") ?? parsed;
    const name = str(fn, "name");
    return name === undefined ? [] : [declaration(name, field(fn, "description"), field(fn, "parameters"))];
  });
}

const hasInput = (span: OtlpSpan) => [...span.attributes.keys()].some((key) => key.startsWith("llm.input_messages."));

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    const traces = otlpTraces(otlpSpans(data)).filter((trace) =>
      trace.spans.some((span) => kindOf(span) !== undefined),
    );
    const calls = traces
      .flatMap((trace) => trace.spans.filter((span) => kindOf(span) === "LLM").map((span) => ({ trace, span })))
      .sort((a, b) => a.span.startMs - b.span.startMs);
    const recorded = calls.filter((call) => hasInput(call.span));
    const last = recorded.at(-1);
    if (last === undefined)
      refuse(
        calls[0]?.span.at ?? "resourceSpans",
        calls.length > 0
          ? `the OpenInference LLM spans record no messages (${calls.length} model call${calls.length === 1 ? "" : "s"}, none with llm.input_messages): the instrumentation was told to hide its inputs (OPENINFERENCE_HIDE_INPUTS, or its trace config); record the run again without it`
          : "no span has openinference.span.kind LLM",
      );
    const names = new Map<string, string>();
    const messages = [
      ...messagesOf(last.span, "llm.input_messages", names),
      ...messagesOf(last.span, "llm.output_messages", names),
    ];
    // The run: the last call's trace; where that trace is the call alone, the lone calls of the same conversation.
    const opening = (span: OtlpSpan) =>
      flattened(span, "llm.input_messages")
        .filter((fields) => fields.get("message.role") === "user")
        .map((fields) => compact(fields.get("message.content") ?? ""))[0] ?? "";
    const ours = runTraces(last, recorded, opening);
    const notes = observed(traces, messages, ours);
    const others = otherTraces(traces, ours, (span) => kindOf(span) === "LLM");
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
 * The `TOOL` spans that name a call of the run (`tool_call.id`): observed runs, each said at its call's result, the
 * k-th run of an id at its k-th result, in the order the runs started.
 */
function observed(traces: readonly OtlpTrace[], messages: readonly Message[], ours: Set<OtlpTrace>): LogNote[] {
  const notes: LogNote[] = [];
  const resultOf = resultsInTurn(messages);
  const spans = traces
    .flatMap((trace) => trace.spans.map((span) => ({ trace, span })))
    .filter(({ span }) => kindOf(span) === "TOOL")
    .sort((a, b) => a.span.startMs - b.span.startMs);
  for (const { trace, span } of spans) {
    const callId = span.attributes.get("tool_call.id");
    if (typeof callId !== "string") continue;
    // The k-th run of an id is said at its k-th result (an id can come again).
    const { index } = resultOf(callId);
    if (index < 0) continue;
    ours.add(trace);
    notes.push({
      kind: "observed",
      span: "TOOL",
      index,
      name: String(span.attributes.get("tool.name") ?? span.name),
      ms: span.endMs > span.startMs ? Math.round(span.endMs - span.startMs) : null,
      failed: span.status === 2,
    });
  }
  return notes;
}

/** OTLP/JSON with OpenInference spans: a span kind of its own, and a model call's flattened messages. */
function detect(data: unknown): number {
  if (!isOtlpTraces(data)) return 0;
  const spans = otlpSpans(data);
  return spans.some((span) => kindOf(span) !== undefined) ? 10 : 0;
}

/** The OpenInference codec: read only (a run is exported as the GenAI conventions' spans). */
export const codec: Codec<"openinference"> = {
  ...formatMeta("openinference"),
  pairing: "a tool call's tool_call.id ↔ a tool message's tool_call_id (llm.input_messages.<i>.message.tool_call_id)",
  detect,
  parse,
  // A collector's file exporter writes one export per line.
  lines: true,
};
