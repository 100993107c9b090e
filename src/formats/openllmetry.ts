/**
 * OpenLLMetry's older spans (Traceloop's `@traceloop/instrumentation-openai` up to 0.22, and the other OpenLLMetry
 * instrumentations of that time; https://github.com/traceloop/openllmetry-js), in OTLP/JSON. Each model call's span
 * flattens its messages into one attribute per field: `gen_ai.prompt.<i>.role` and `.content` for the history it
 * was given (`llm.prompts.<i>.*` in the oldest releases), `gen_ai.completion.<i>.role`, `.content` and
 * `.tool_calls.<j>.name` / `.arguments` for the reply (`llm.completions.<i>.*`), `llm.request.functions.<i>.name`,
 * `.description` and `.arguments` for the tools. It records no call ids at all, and of the history's assistant
 * messages only their text: so the k-th assistant message of the last call's history takes its calls from the k-th
 * call's span before it, the figure makes their ids, and each result is paired by order with the calls before it
 * (both said as such at their steps). Releases from 0.25 on write the GenAI conventions' messages instead, which
 * ./otel-genai.ts reads. Read only.
 */
import type { IdMaker, Message, ToolCall, ToolDeclaration } from "../engine";
import { formatMeta } from "./index";
import { isOtlpTraces, type OtlpSpan, otherTraces, otlpSpans, otlpTraces, runTraces } from "./otlp-json";
import { declaration, reading, refuse, toolCall } from "./read";
import type { Codec, Neutral, ParseResult } from "./types";

/** The prefixes a span's messages are under: today's names, then the oldest releases'. */
const PROMPTS = ["gen_ai.prompt", "llm.prompts"];
const COMPLETIONS = ["gen_ai.completion", "llm.completions"];

/** The entries under `prefix.<i>.`, each its fields (`role`, `content`, `tool_calls.0.name`, …), in order. */
function entries(span: OtlpSpan, prefixes: readonly string[]): Map<string, unknown>[] {
  for (const prefix of prefixes) {
    const found: Map<string, unknown>[] = [];
    for (const [key, value] of span.attributes) {
      const match = new RegExp(`^${prefix.replace(".", "\\.")}\\.(\\d+)\\.(.+)$`).exec(key);
      if (match === null) continue;
      const index = Number(match[1]);
      const fields = found[index] ?? new Map<string, unknown>();
      fields.set(match[2] ?? "", value);
      found[index] = fields;
    }
    if (found.length > 0) return found.filter((fields) => fields !== undefined);
  }
  return [];
}

const isModelCall = (span: OtlpSpan) => entries(span, PROMPTS).length > 0 || entries(span, COMPLETIONS).length > 0;
const hasPrompt = (span: OtlpSpan) => entries(span, PROMPTS).length > 0;

/** A message's text: a string as written, a JSON list of content parts as their texts, `"null"` as none. */
function textOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (value === "null") return null;
  if (value.startsWith("[")) {
    try {
      const parts = JSON.parse(value) as unknown;
      if (Array.isArray(parts))
        return parts
          .map((part) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
          .join("");
    } catch {
      // not JSON: the text as written
    }
  }
  return value;
}

/** The calls a completion proposed (names and arguments: no ids are recorded), with ids the figure makes. */
function callsOf(
  fields: ReadonlyMap<string, unknown> | undefined,
  turn: number,
  made: Map<string, IdMaker>,
): ToolCall[] {
  const calls: ToolCall[] = [];
  for (let j = 0; fields?.has(`tool_calls.${j}.name`) === true; j += 1) {
    const id = `call_${turn}_${j + 1}`;
    made.set(id, "figure");
    calls.push(
      toolCall(id, String(fields.get(`tool_calls.${j}.name`)), fields.get(`tool_calls.${j}.arguments`) ?? "{}", "text"),
    );
  }
  const legacy = fields?.get("function_call.name");
  if (calls.length === 0 && typeof legacy === "string") {
    const id = `call_${turn}_1`;
    made.set(id, "figure");
    calls.push(toolCall(id, legacy, fields?.get("function_call.arguments") ?? "{}", "text"));
  }
  return calls;
}

function toolsOf(span: OtlpSpan): ToolDeclaration[] {
  const tools: ToolDeclaration[] = [];
  for (let i = 0; span.attributes.has(`llm.request.functions.${i}.name`); i += 1) {
    let parameters: unknown = span.attributes.get(`llm.request.functions.${i}.arguments`);
    if (typeof parameters === "string")
      try {
        parameters = JSON.parse(parameters);
      } catch {
        parameters = undefined;
      }
    tools.push(
      declaration(
        String(span.attributes.get(`llm.request.functions.${i}.name`)),
        span.attributes.get(`llm.request.functions.${i}.description`),
        parameters,
      ),
    );
  }
  return tools;
}

const openingOf = (span: OtlpSpan): string =>
  String(
    entries(span, PROMPTS)
      .find((fields) => fields.get("role") === "user")
      ?.get("content") ?? "",
  );

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    const traces = otlpTraces(otlpSpans(data)).filter((trace) => trace.spans.some(isModelCall));
    const calls = traces
      .flatMap((trace) => trace.spans.filter(isModelCall).map((span) => ({ trace, span })))
      .sort((a, b) => a.span.startMs - b.span.startMs);
    const recorded = calls.filter((call) => hasPrompt(call.span));
    const last = recorded.at(-1);
    if (last === undefined)
      refuse(
        calls[0]?.span.at ?? "resourceSpans",
        calls.length > 0
          ? `the OpenLLMetry spans record no prompts (${calls.length} model call${calls.length === 1 ? "" : "s"}): content tracing was turned off (TRACELOOP_TRACE_CONTENT=false, or traceContent: false); record the run again with it on`
          : "no span has gen_ai.prompt.0.role",
      );
    const ours = runTraces(last, recorded, openingOf);
    // The run's calls before the last, in order: the k-th gives the k-th assistant message of the history its calls.
    const before = calls.filter((call) => ours.has(call.trace) && call.span.startMs < last.span.startMs);
    const made = new Map<string, IdMaker>();
    const pairedByOrder: number[] = [];
    const messages: Message[] = [];
    let turn = 0;
    let open: ToolCall[] = [];
    entries(last.span, PROMPTS).forEach((fields, i) => {
      const role = fields.get("role");
      const at = `${last.span.at}.attributes.gen_ai.prompt.${i}`;
      const content = textOf(fields.get("content"));
      if (role === "system" || role === "developer") messages.push({ role: "system", content: content ?? "" });
      else if (role === "user") messages.push({ role: "user", content: content ?? "" });
      else if (role === "assistant") {
        turn += 1;
        const maker = before[turn - 1];
        const completion = maker === undefined ? undefined : entries(maker.span, COMPLETIONS)[0];
        open = callsOf(completion, turn, made);
        messages.push({ role: "assistant", content, toolCalls: [...open] });
      } else if (role === "tool" || role === "function") {
        const call = open.shift();
        pairedByOrder.push(messages.length);
        messages.push({
          role: "tool",
          callId: call?.callId ?? `result_${i}`,
          name: call?.name ?? "",
          status: "ok",
          content: content ?? "",
          replayed: false,
        });
      } else
        refuse(`${at}.role`, `"${String(role)}" is not a role OpenLLMetry records (system, user, assistant, tool)`);
    });
    const reply = entries(last.span, COMPLETIONS)[0];
    if (reply !== undefined)
      messages.push({
        role: "assistant",
        content: textOf(reply.get("content")) || null,
        toolCalls: callsOf(reply, turn + 1, made),
      });
    const others = otherTraces(traces, ours, isModelCall);
    return {
      messages,
      tools: toolsOf(last.span),
      shape: "messages",
      ...(pairedByOrder.length === 0 ? {} : { pairedByOrder }),
      ...(made.size === 0 ? {} : { madeIds: made }),
      ...(others.length === 0 ? {} : { others }),
    };
  });
}

/** OTLP/JSON whose spans flatten their messages as OpenLLMetry did (`gen_ai.prompt.0.role`, …). */
function detect(data: unknown): number {
  if (!isOtlpTraces(data)) return 0;
  return otlpSpans(data).some(isModelCall) ? 10 : 0;
}

/** The older OpenLLMetry codec: read only. */
export const codec: Codec<"openllmetry"> = {
  ...formatMeta("openllmetry"),
  pairing:
    "none recorded: a result is paired by order with the calls of the assistant message before it, whose calls (names and arguments) come from the span of the call that made them; the figure makes their ids",
  detect,
  parse,
  // A collector's file exporter writes one export per line.
  lines: true,
};
