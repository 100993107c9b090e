/**
 * OpenTelemetry GenAI semantic conventions: the value of a span's `gen_ai.input.messages` (or
 * `gen_ai.output.messages`) attribute — messages with `role` and typed `parts` (`text`, `tool_call` with `id`,
 * `name`, `arguments`; `tool_call_response` with `id` and `response`, or `result` as some instrumentations write
 * it; `reasoning`, `blob`, `uri`, `file`) — or an OTLP JSON traces export whose GenAI spans carry them: the last
 * span's input messages (the whole history up to that model call) and its output messages, with
 * `gen_ai.system_instructions` and `gen_ai.tool.definitions` when recorded. Pairing: part `id`. A telemetry format,
 * not a provider's request.
 */
import {
  type JsonValue,
  type Message,
  type MessagePart,
  NOT_RECORDED,
  type ToolCall,
  type ToolDeclaration,
  type Trace,
} from "../engine";
import { formatMeta } from "./index";
import {
  isOtlpTraces,
  jsonAttribute,
  type OtlpLogRecord,
  type OtlpSpan,
  type OtlpTrace,
  otlpLogs,
  otlpSpans,
  otlpTraces,
  resultsInTurn,
} from "./otlp-json";
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
  type LogNote,
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
          // An empty reply is still a turn: it keeps an empty text part, so that it is read back.
          ...((m.content === null || m.content === "") && m.toolCalls.length > 0
            ? []
            : [{ type: "text" as const, content: m.content ?? "" }]),
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

const operationOf = (span: OtlpSpan): string | undefined => {
  const name = span.attributes.get("gen_ai.operation.name");
  return typeof name === "string" ? name : undefined;
};
/** A model call's span (not an agent's, not a tool's). */
const isModelCall = (span: OtlpSpan) => {
  const operation = operationOf(span);
  return operation === undefined
    ? span.attributes.has("gen_ai.input.messages")
    : operation !== "execute_tool" && operation !== "invoke_agent" && operation !== "create_agent";
};
const isGenAi = (span: OtlpSpan) => operationOf(span) !== undefined || span.attributes.has("gen_ai.input.messages");

/** The older per-message events, by name: the role each one's body is a message of. */
const MESSAGE_EVENTS: Readonly<Record<string, "system" | "user" | "assistant" | "tool">> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};
const DETAILS_EVENT = "gen_ai.client.inference.operation.details";

/** An older event's body (`{content, tool_calls: [{id, function: {name, arguments}}]}`) as a GenAI message. */
function eventMessage(role: "system" | "user" | "assistant" | "tool", body: unknown): unknown {
  const content = field(body, "content");
  const text = typeof content === "string" ? content : content === undefined ? null : compact(content);
  if (role === "tool")
    return { role, parts: [{ type: "tool_call_response", id: str(body, "id") ?? "", response: text ?? "" }] };
  const calls = list(body, "tool_calls").map((call) => ({
    type: "tool_call",
    id: str(call, "id") ?? "",
    name: str(field(call, "function"), "name") ?? "",
    arguments: field(field(call, "function"), "arguments") ?? {},
  }));
  return { role, parts: [...(text === null ? [] : [{ type: "text", content: text }]), ...calls] };
}

/**
 * What one model call's span records of its messages, in whichever form its instrumentation wrote: the span's own
 * attributes (`gen_ai.input.messages`, the conventions today), a `gen_ai.client.inference.operation.details` event,
 * or the older events, one per message (`gen_ai.user.message`, … `gen_ai.choice`); null when none of them (the
 * content not captured).
 */
function callMessages(
  span: OtlpSpan,
  events: readonly OtlpLogRecord[],
): { input: unknown[]; output: unknown[]; system: unknown; tools: unknown } | null {
  const own = (key: string) => jsonAttribute(span, key);
  if (Array.isArray(own("gen_ai.input.messages")))
    return {
      input: own("gen_ai.input.messages") as unknown[],
      output: Array.isArray(own("gen_ai.output.messages")) ? (own("gen_ai.output.messages") as unknown[]) : [],
      system: own("gen_ai.system_instructions"),
      tools: own("gen_ai.tool.definitions"),
    };
  const details = events.filter((event) => event.eventName === DETAILS_EVENT);
  const input = details.flatMap((event) => {
    const value = jsonAttribute(event, "gen_ai.input.messages");
    return Array.isArray(value) ? value : [];
  });
  if (input.length > 0)
    return {
      input,
      output: details.flatMap((event) => {
        const value = jsonAttribute(event, "gen_ai.output.messages");
        return Array.isArray(value) ? value : [];
      }),
      system: details.map((event) => jsonAttribute(event, "gen_ai.system_instructions")).find(Array.isArray),
      tools: own("gen_ai.tool.definitions"),
    };
  const said: unknown[] = [];
  const replies: unknown[] = [];
  for (const event of events) {
    const role = MESSAGE_EVENTS[event.eventName];
    if (role !== undefined) said.push(eventMessage(role, event.body));
    // The reply: the first choice's message.
    else if (event.eventName === "gen_ai.choice" && (num(field(event.body, "index")) ?? 0) === 0)
      replies.push(eventMessage("assistant", field(event.body, "message")));
  }
  // Without content the events still name the calls (ids and tool names, no arguments) and the results (ids, no
  // text): a run told from them would show arguments and results nobody recorded. Nothing captured is not a run.
  const captured = events.some(
    (event) =>
      field(event.body, "content") !== undefined ||
      field(field(event.body, "message"), "content") !== undefined ||
      [...list(event.body, "tool_calls"), ...list(field(event.body, "message"), "tool_calls")].some(
        (call) => field(field(call, "function"), "arguments") !== undefined,
      ),
  );
  if (!captured || said.length === 0) return null;
  return {
    input: said,
    output: replies,
    system: undefined,
    tools: own("gen_ai.tool.definitions"),
  };
}

const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** The text of a history's first user message, which tells one conversation from another across traces. */
const firstUserText = (input: readonly unknown[]): string =>
  compact(
    list(
      input.find((m) => field(m, "role") === "user"),
      "parts",
    ),
  );

/**
 * A run from an export's spans and events: the last model call that recorded its messages holds the whole history
 * up to it, then its reply. Its trace (grouped by trace id) is the run; where each model call is a trace of its own
 * (an SDK instrumented with no agent span around the calls), the traces whose first user message is the same are
 * the same conversation. Other runs are listed. Each `execute_tool` span (`gen_ai.tool.call.id`) is the agent's own
 * record of a tool it ran, said at that call's result.
 */
function readSpans(data: unknown): Neutral {
  const events = new Map<string, OtlpLogRecord[]>();
  for (const record of otlpLogs(data)) {
    const group = events.get(record.spanId);
    if (group === undefined) events.set(record.spanId, [record]);
    else group.push(record);
  }
  const traces = otlpTraces(otlpSpans(data)).filter((trace) => trace.spans.some(isGenAi));
  const calls = traces.flatMap((trace) =>
    trace.spans
      .filter(isModelCall)
      .map((span) => ({ trace, span, said: callMessages(span, events.get(span.spanId) ?? []) })),
  );
  const recorded = calls.filter((call) => call.said !== null).sort((a, b) => a.span.startMs - b.span.startMs);
  const last = recorded.at(-1);
  if (last === undefined || last.said === null) {
    if (calls.length > 0) return shapeOnly(traces, calls);
    refuse("resourceSpans", "no span has gen_ai.input.messages");
  }
  const { input, output, system: instructions, tools: definitions } = last.said;
  const system = Array.isArray(instructions)
    ? [
        plainMessage(
          "system",
          instructions.map((p, i) => partOf(p, `gen_ai.system_instructions.${i}`)),
        ),
      ]
    : [];
  const messages = readMessages([...input, ...output], "gen_ai.input.messages", system);
  const tools = (Array.isArray(definitions) ? definitions : []).flatMap((t) =>
    typeof field(t, "name") === "string"
      ? [declaration(str(t, "name") ?? "", field(t, "description"), field(t, "parameters"))]
      : [],
  );
  // The run: the last call's trace; where that trace is the call alone (no agent span around the calls), also the
  // other lone calls of the same conversation.
  const alone = (trace: OtlpTrace) => trace.spans.length === 1;
  const opening = firstUserText(input);
  const ours = new Set(
    alone(last.trace)
      ? recorded
          .filter((call) => alone(call.trace) && firstUserText(call.said?.input ?? []) === opening)
          .map((call) => call.trace)
      : [],
  );
  ours.add(last.trace);
  // Tool runs by call id, wherever their spans are (an agent's own execute_tool span may be a trace of its own):
  // such a trace is the run's too.
  const notes = observedRuns(traces, messages);
  const called = new Set(messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : [])));
  for (const trace of traces)
    if (
      trace.spans.every(
        (span) =>
          operationOf(span) === "execute_tool" && called.has(String(span.attributes.get("gen_ai.tool.call.id"))),
      )
    )
      ours.add(trace);
  const others = traces.filter((trace) => !ours.has(trace)).map(traceLabel);
  return {
    messages,
    tools,
    shape: "messages",
    ...(notes.length === 0 ? {} : { notes }),
    ...(others.length === 0 ? {} : { others }),
  };
}

export { NOT_RECORDED };

/**
 * A run whose telemetry captured no message content (the instrumentations' default): its shape as its spans record
 * it, never its words. Each model call is a step; the calls the agent ran between one model call and the next (its
 * `execute_tool` spans: their names and ids, arguments and results where recorded) are that call's proposal and
 * their results; a model call with no tool run after it ends the run with a reply. Every text the spans do not hold
 * reads `[not recorded]`, and the run's first step says why (a `not_captured` note). The run: the last model call's
 * trace, or where each call is a trace of its own (nothing then tells two runs apart), every such trace.
 */
function shapeOnly(
  traces: readonly OtlpTrace[],
  calls: readonly { readonly trace: OtlpTrace; readonly span: OtlpSpan }[],
): Neutral {
  const lastCall = [...calls].sort((a, b) => a.span.startMs - b.span.startMs).at(-1);
  const ours = lastCall === undefined || lastCall.trace.spans.length > 1 ? [lastCall?.trace] : traces;
  const spans = ours
    .flatMap((trace) => trace?.spans ?? [])
    .filter((span) => isModelCall(span) || operationOf(span) === "execute_tool")
    // Spans of different traces keep clocks anchored apart: a tool's run that starts as the next call does (to the
    // clock's grain) came before it.
    .sort((a, b) => a.startMs - b.startMs || Number(isModelCall(a)) - Number(isModelCall(b)));
  const messages: Message[] = [{ role: "user", content: NOT_RECORDED }];
  const notes: LogNote[] = [{ kind: "not_captured", index: 0, calls: spans.filter(isModelCall).length }];
  spans.forEach((span, i) => {
    if (!isModelCall(span)) return;
    const ran: OtlpSpan[] = [];
    for (const next of spans.slice(i + 1)) {
      if (isModelCall(next)) break;
      if (typeof next.attributes.get("gen_ai.tool.call.id") === "string") ran.push(next);
    }
    if (ran.length === 0) {
      messages.push({ role: "assistant", content: NOT_RECORDED, toolCalls: [] });
      return;
    }
    const toolCalls = ran.map((tool) => {
      const args = tool.attributes.get("gen_ai.tool.call.arguments");
      return toolCall(
        String(tool.attributes.get("gen_ai.tool.call.id")),
        String(tool.attributes.get("gen_ai.tool.name") ?? ""),
        typeof args === "string" ? args : {},
      );
    });
    messages.push({ role: "assistant", content: null, toolCalls });
    for (const tool of ran) {
      const result = tool.attributes.get("gen_ai.tool.call.result");
      const failed = tool.status === 2 || tool.attributes.has("error.type");
      notes.push({
        kind: "observed",
        span: "execute_tool",
        index: messages.length,
        name: String(tool.attributes.get("gen_ai.tool.name") ?? ""),
        ms: tool.endMs > tool.startMs ? Math.round(tool.endMs - tool.startMs) : null,
        failed,
      });
      messages.push({
        role: "tool",
        callId: String(tool.attributes.get("gen_ai.tool.call.id")),
        name: String(tool.attributes.get("gen_ai.tool.name") ?? ""),
        status: failed ? "error" : "ok",
        content: typeof result === "string" ? result : result === undefined ? NOT_RECORDED : compact(result),
        replayed: false,
      });
    }
  });
  const others = traces.filter((trace) => !ours.includes(trace)).map(traceLabel);
  return { messages, tools: [], shape: "messages", notes, ...(others.length === 0 ? {} : { others }) };
}

/** A trace, as the other runs of an export are listed: its id's start, its first span's name, its model calls. */
function traceLabel(trace: OtlpTrace): string {
  const calls = trace.spans.filter(isModelCall).length;
  return `trace ${trace.traceId.slice(0, 8)} (${trace.spans[0]?.name ?? ""}, ${calls} model call${calls === 1 ? "" : "s"})`;
}

/**
 * The tool runs the agent's telemetry observed (`execute_tool` spans), each said at its call's result; a run the
 * history has no result for yet (the trace ends before the next model call) gets its result from its span, where
 * the span recorded it (`gen_ai.tool.call.result`).
 */
function observedRuns(traces: readonly OtlpTrace[], messages: Message[]): LogNote[] {
  const notes: LogNote[] = [];
  // A call id can come again in a real run (a provider or agent reusing one): the k-th run of an id answers its k-th
  // call, and is said at its k-th result.
  const proposed = new Map<string, number>();
  for (const m of messages)
    if (m.role === "assistant") for (const c of m.toolCalls) proposed.set(c.callId, (proposed.get(c.callId) ?? 0) + 1);
  const resultOf = resultsInTurn(messages);
  for (const span of traces.flatMap((trace) => trace.spans)) {
    if (operationOf(span) !== "execute_tool") continue;
    const callId = span.attributes.get("gen_ai.tool.call.id");
    if (typeof callId !== "string") continue;
    const name = String(span.attributes.get("gen_ai.tool.name") ?? "");
    const failed = span.status === 2 || span.attributes.has("error.type");
    let { index, nth } = resultOf(callId);
    // The tool's output as recorded (the conventions leave its type open): a JSON-encoded string is that string;
    // other text is kept as it is (a JSON-looking output is still the text the tool gave), anything else as JSON.
    const recorded = span.attributes.get("gen_ai.tool.call.result");
    const unwrapped =
      typeof recorded === "string" && recorded.startsWith('"')
        ? jsonAttribute(span, "gen_ai.tool.call.result")
        : recorded;
    const result = typeof unwrapped === "string" || unwrapped === undefined ? unwrapped : compact(unwrapped);
    if (index < 0 && nth < (proposed.get(callId) ?? 0) && result !== undefined) {
      messages.push({
        role: "tool",
        callId,
        name,
        status: failed ? "error" : "ok",
        content: typeof result === "string" ? result : compact(result),
        replayed: false,
      });
      index = messages.length - 1;
    }
    // A span this figure wrote from a run (./otlp.ts) is no agent's telemetry: its result is read, not said as observed.
    if (index >= 0 && span.attributes.get("agent_loop_figure.written") !== true)
      notes.push({
        kind: "observed",
        span: "execute_tool",
        index,
        name,
        ms: span.endMs > span.startMs ? Math.round(span.endMs - span.startMs) : null,
        failed,
      });
  }
  return notes;
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (isOtlpTraces(data)) return readSpans(data);
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
  if (isOtlpTraces(data))
    return otlpSpans(data).some(isGenAi) || otlpLogs(data).some((record) => record.eventName.startsWith("gen_ai."))
      ? 9
      : 0;
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
  // A collector's file exporter writes one export per line.
  lines: true,
  pairing: "a tool_call part's id ↔ a tool_call_response part's id",
  detect,
  parse,
  request: otelMessages,
  transcript: otelSpanMessages,
};
