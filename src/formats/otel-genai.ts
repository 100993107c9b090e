/**
 * OpenTelemetry GenAI semantic conventions: the value of a span's `gen_ai.input.messages` (or
 * `gen_ai.output.messages`) attribute — messages with `role` and typed `parts` (`text`, `tool_call` with `id`,
 * `name`, `arguments`; `tool_call_response` with `id` and `response`, or `result` as some instrumentations write
 * it; `reasoning`, `blob`, `uri`, `file`) — or an OTLP JSON traces export whose GenAI spans carry them: the last
 * span's input messages (the whole history up to that model call) and its output messages, with
 * `gen_ai.system_instructions` and `gen_ai.tool.definitions` when recorded. Pairing: part `id`. A telemetry format,
 * not a provider's request.
 */
import type { JsonValue, Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
import { formatMeta } from "./index";
import {
  assistantMessage,
  declaration,
  kindOf,
  needArray,
  needString,
  plainMessage,
  reading,
  refuse,
  toolCall,
} from "./read";
import {
  compact,
  field,
  isRecord,
  list,
  type Neutral,
  type ParseResult,
  runMessages,
  str,
  type WritingCodec,
} from "./types";

/** A GenAI message part, as this figure writes it. */
export type OtelPart =
  | { type: "text"; content: string }
  | { type: "tool_call"; id: string; name: string; arguments: JsonValue }
  | { type: "tool_call_response"; id: string; response: string };

/** A GenAI chat message. */
export interface OtelMessage {
  role: "system" | "user" | "assistant" | "tool";
  parts: OtelPart[];
}

/** The messages as a `gen_ai.input.messages` value holds them (a tool message per result). */
export function otelMessages(messages: readonly Message[], _tools: readonly ToolDeclaration[]): OtelMessage[] {
  return messages.map((m): OtelMessage => {
    if (m.role === "system" || m.role === "user")
      return { role: m.role, parts: [{ type: "text", content: m.content }] };
    if (m.role === "assistant")
      return {
        role: "assistant",
        parts: [
          ...(m.content === null || m.content === "" ? [] : [{ type: "text" as const, content: m.content }]),
          ...m.toolCalls.map((call) => ({
            type: "tool_call" as const,
            id: call.callId,
            name: call.name,
            arguments: call.rawArguments ?? call.args,
          })),
        ],
      };
    return { role: "tool", parts: [{ type: "tool_call_response", id: m.callId, response: m.content }] };
  });
}

/** An output message: the model's reply, with why the model stopped. */
export type OtelOutputMessage = OtelMessage & { finish_reason: "stop" | "tool_call" };

/**
 * A whole run as the two attributes of its last model call's span: the history the model was given
 * (`gen_ai.input.messages`) and the reply it made (`gen_ai.output.messages`, with its `finish_reason`), which the
 * conventions keep apart.
 */
export function otelSpanMessages(trace: Trace): {
  "gen_ai.input.messages": OtelMessage[];
  "gen_ai.output.messages"?: OtelOutputMessage[];
} {
  const messages = otelMessages(runMessages(trace), trace.tools);
  const last = messages.at(-1);
  if (last?.role !== "assistant") return { "gen_ai.input.messages": messages };
  const calls = last.parts.some((part) => part.type === "tool_call");
  return {
    "gen_ai.input.messages": messages.slice(0, -1),
    "gen_ai.output.messages": [{ ...last, finish_reason: calls ? "tool_call" : "stop" }],
  };
}

// ---- reading -------------------------------------------------------------------------------------------------

const ROLES = new Set(["system", "user", "assistant", "tool"]);

/** A non-call part as the figure keeps it. */
function partOf(part: unknown, at: string): MessagePart {
  const type = needString(part, "type", at);
  if (type === "text") return { type: "text", text: str(part, "content") ?? "" };
  if (type === "reasoning") return { type: "reasoning", text: str(part, "content") ?? "", redacted: false };
  if (type === "blob" || type === "uri" || type === "file")
    return { type: "media", media: str(part, "modality") ?? type };
  return { type: "other", original: type };
}

function readMessages(items: readonly unknown[], path: string, first: readonly Message[]): Message[] {
  const messages: Message[] = [...first];
  const names = new Map<string, string>();
  items.forEach((m, i) => {
    const at = `${path}.${i}`.replace(/^\./, "");
    if (!isRecord(m)) refuse(at, `expected a message object, got ${kindOf(m)}`);
    const role = needString(m, "role", at);
    if (!ROLES.has(role))
      refuse(`${at}.role`, `"${role}" is not a GenAI message role (system, user, assistant or tool)`);
    const parts = needArray(m.parts, `${at}.parts`);
    const calls: ToolCall[] = [];
    let shown: MessagePart[] = [];
    const flush = () => {
      if (shown.length === 0 && calls.length === 0) return;
      if (role === "assistant") messages.push(assistantMessage(shown, [...calls]));
      else messages.push(plainMessage(role === "system" ? "system" : "user", shown));
      shown = [];
      calls.length = 0;
    };
    parts.forEach((part, j) => {
      const partAt = `${at}.parts.${j}`;
      const type = str(part, "type");
      if (type === "tool_call") {
        const id = needString(part, "id", partAt);
        const call = toolCall(id, needString(part, "name", partAt), field(part, "arguments") ?? {});
        names.set(id, call.name);
        calls.push(call);
        shown.push({ type: "tool_call", callId: id });
      } else if (type === "tool_call_response") {
        flush();
        const id = needString(part, "id", partAt);
        const response = field(part, "response") ?? field(part, "result");
        messages.push({
          role: "tool",
          callId: id,
          name: names.get(id) ?? "",
          status: "ok",
          content: typeof response === "string" ? response : compact(response ?? ""),
          replayed: false,
        });
      } else shown.push(partOf(part, partAt));
    });
    flush();
  });
  return messages;
}

/** An attribute value's JSON, from a span's attribute list (OTLP writes it as a `stringValue`). */
function attribute(span: unknown, key: string): unknown {
  const entry = list(span, "attributes").find((a) => field(a, "key") === key);
  if (entry === undefined)
    return isRecord(field(span, "attributes")) ? field(field(span, "attributes"), key) : undefined;
  const value = field(entry, "value");
  const text = str(value, "stringValue");
  if (text === undefined) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Every span of an OTLP JSON export, in order. */
const spansOf = (data: unknown): unknown[] =>
  list(data, "resourceSpans").flatMap((rs) => list(rs, "scopeSpans").flatMap((ss) => [...list(ss, "spans")]));

function readSpans(data: unknown): Neutral {
  const spans = spansOf(data).filter((span) => attribute(span, "gen_ai.input.messages") !== undefined);
  const last = spans.at(-1);
  if (last === undefined) refuse("resourceSpans", "no span has gen_ai.input.messages");
  const instructions = attribute(last, "gen_ai.system_instructions");
  const system = Array.isArray(instructions)
    ? [
        plainMessage(
          "system",
          instructions.map((p, i) => partOf(p, `gen_ai.system_instructions.${i}`)),
        ),
      ]
    : [];
  const input = attribute(last, "gen_ai.input.messages");
  const output = attribute(last, "gen_ai.output.messages");
  const messages = readMessages(
    [...needArray(input, "gen_ai.input.messages"), ...(Array.isArray(output) ? output : [])],
    "gen_ai.input.messages",
    system,
  );
  const definitions = attribute(last, "gen_ai.tool.definitions");
  const tools = (Array.isArray(definitions) ? definitions : []).flatMap((t) =>
    typeof field(t, "name") === "string"
      ? [declaration(str(t, "name") ?? "", field(t, "description"), field(t, "parameters"))]
      : [],
  );
  return { messages, tools, shape: "messages" };
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (field(data, "resourceSpans") !== undefined) return readSpans(data);
    if (Array.isArray(data)) return { messages: readMessages(data, "", []), tools: [], shape: "messages" };
    // A span's attributes: its input messages, then its output messages.
    const input = needArray(field(data, "gen_ai.input.messages"), "gen_ai.input.messages");
    const output = field(data, "gen_ai.output.messages");
    const history = readMessages(input, "gen_ai.input.messages", []);
    const messages = Array.isArray(output) ? readMessages(output, "gen_ai.output.messages", history) : history;
    return { messages, tools: [], shape: "messages" };
  });
}

/** How much a document looks like GenAI messages: parts typed `tool_call` / `tool_call_response`, or `text` with `content`. */
function detect(data: unknown): number {
  if (spansOf(data).some((span) => attribute(span, "gen_ai.input.messages") !== undefined)) return 9;
  const items = Array.isArray(data) ? data : list(data, "gen_ai.input.messages");
  let score = 0;
  for (const m of items) {
    for (const part of list(m, "parts")) {
      const type = str(part, "type");
      if (type === "tool_call" || type === "tool_call_response") score = 9;
      else if (type === "text" && typeof field(part, "content") === "string") score = Math.max(score, 7);
    }
  }
  return score;
}

/** The OpenTelemetry GenAI messages codec. */
export const codec: WritingCodec<"otel-genai"> = {
  ...formatMeta("otel-genai"),
  carries: ["system", "mid_run_system", "raw_arguments", "result_order"],
  pairing: "a tool_call part's id ↔ a tool_call_response part's id",
  detect,
  parse,
  request: otelMessages,
  transcript: otelSpanMessages,
};
