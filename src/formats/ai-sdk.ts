/**
 * Vercel AI SDK `ModelMessage[]`: what `generateText({ messages })` takes and `response.messages` gives back. A
 * call is a `tool-call` part of an assistant message, its result a `tool-result` part of a `tool` message; v5 and
 * later write `input` / `output` (`output` typed: `text`, `json`, `error-text`, `error-json`, `content`), v4 wrote
 * `args` / `result`, both read. Pairing: `toolCallId`. A list, or an object with `messages` (and `system`).
 */
import type { JsonValue, Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
import { formatMeta } from "./index";
import {
  assistantMessage,
  kindOf,
  needArray,
  needString,
  placeholderText,
  plainMessage,
  reading,
  refuse,
  toolCall,
} from "./read";
import {
  asJson,
  compact,
  field,
  isRecord,
  type Json,
  type JsonRecord,
  list,
  type Neutral,
  type ParseResult,
  runMessages,
  str,
  type WritingCodec,
} from "./types";

/** A tool result's output, as v5 and later type it. */
export type AiSdkOutput =
  | { type: "text"; value: string }
  | { type: "json"; value: Json }
  | { type: "error-text"; value: string }
  | { type: "error-json"; value: Json };

/** An AI SDK ModelMessage, as this figure writes it. */
export type AiSdkMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | {
      role: "assistant";
      content:
        | string
        | (
            | { type: "text"; text: string }
            | { type: "tool-call"; toolCallId: string; toolName: string; input: JsonRecord }
          )[];
    }
  | { role: "tool"; content: { type: "tool-result"; toolCallId: string; toolName: string; output: AiSdkOutput }[] };

/** A result's output: JSON when its text is a JSON value, else text; an error as error-text. */
function outputOf(content: string, error: boolean): AiSdkOutput {
  if (error) return { type: "error-text", value: content };
  try {
    const value = JSON.parse(content) as JsonValue;
    if (typeof value === "object" && value !== null) return { type: "json", value: asJson(value) };
  } catch {
    // text
  }
  return { type: "text", value: content };
}

/**
 * The messages as the AI SDK takes them: the system note as a `system` message, a call as a `tool-call` part with
 * `toolCallId`, its result as a `tool-result` part in a `tool` message (results of one turn together). The tools
 * are declared in code (`tools: { name: tool({ … }) }`), not in the messages, so they are not part of it.
 */
export function aiSdkRequest(messages: readonly Message[], _tools: readonly ToolDeclaration[]): AiSdkMessage[] {
  const out: AiSdkMessage[] = [];
  for (const m of messages) {
    if (m.role === "system" || m.role === "user") out.push({ role: m.role, content: m.content });
    else if (m.role === "assistant") {
      if (m.toolCalls.length === 0) {
        out.push({ role: "assistant", content: m.content ?? "" });
        continue;
      }
      out.push({
        role: "assistant",
        content: [
          ...(m.content === null || m.content === "" ? [] : [{ type: "text" as const, text: m.content }]),
          ...m.toolCalls.map((call) => ({
            type: "tool-call" as const,
            toolCallId: call.callId,
            toolName: call.name,
            input: asJson(call.args),
          })),
        ],
      });
    } else {
      const part = {
        type: "tool-result" as const,
        toolCallId: m.callId,
        toolName: m.name,
        output: outputOf(m.content, m.status === "error"),
      };
      const last = out.at(-1);
      if (last?.role === "tool") last.content.push(part);
      else out.push({ role: "tool", content: [part] });
    }
  }
  return out;
}

// ---- reading -------------------------------------------------------------------------------------------------

/** A part that is not a call or a result, as the figure keeps it. */
function partOf(part: unknown, at: string): MessagePart {
  const type = needString(part, "type", at);
  if (type === "text") return { type: "text", text: str(part, "text") ?? "" };
  if (type === "reasoning") return { type: "reasoning", text: str(part, "text") ?? "", redacted: false };
  if (type === "redacted-reasoning") return { type: "reasoning", text: "", redacted: true };
  if (type === "image" || type === "file") return { type: "media", media: type };
  return { type: "other", original: type };
}

/** A result's text and status, from v5's typed `output` or v4's bare `result` (and `isError`). */
function resultOf(part: unknown): { content: string; error: boolean } {
  const output = field(part, "output");
  if (isRecord(output) && typeof output.type === "string") {
    const value = output.value;
    const error = output.type.startsWith("error") || output.type === "execution-denied";
    if (output.type === "content")
      return {
        content: list(output, "value")
          .map((p) => (str(p, "type") === "text" ? (str(p, "text") ?? "") : placeholderText(str(p, "type") ?? "media")))
          .join("\n"),
        error,
      };
    return { content: typeof value === "string" ? value : compact(value ?? str(output, "reason") ?? ""), error };
  }
  const result = field(part, "result");
  return { content: compact(result ?? ""), error: field(part, "isError") === true };
}

export function readMessages(items: readonly unknown[], path: string, system: readonly Message[]): Message[] {
  const messages: Message[] = [...system];
  items.forEach((m, i) => {
    const at = `${path}.${i}`.replace(/^\./, "");
    if (!isRecord(m)) refuse(at, `expected a message object, got ${kindOf(m)}`);
    const role = needString(m, "role", at);
    const content = m.content;
    if (role === "system") {
      messages.push(plainMessage("system", [{ type: "text", text: typeof content === "string" ? content : "" }]));
      return;
    }
    if (role === "user") {
      if (typeof content === "string") messages.push({ role: "user", content });
      else
        messages.push(
          plainMessage(
            "user",
            needArray(content, `${at}.content`).map((p, j) => partOf(p, `${at}.content.${j}`)),
          ),
        );
      return;
    }
    if (role === "assistant") {
      if (typeof content === "string") {
        messages.push({ role: "assistant", content, toolCalls: [] });
        return;
      }
      const calls: ToolCall[] = [];
      const parts = needArray(content, `${at}.content`).map((part, j): MessagePart => {
        const partAt = `${at}.content.${j}`;
        if (str(part, "type") !== "tool-call") {
          if (str(part, "type") === "tool-result") {
            // A result the provider produced (providerExecuted): kept as the provider's.
            return {
              type: "provider_result",
              id: str(part, "toolCallId") ?? "",
              name: str(part, "toolName") ?? "",
              content: resultOf(part).content,
            };
          }
          return partOf(part, partAt);
        }
        const id = needString(part, "toolCallId", partAt);
        const name = needString(part, "toolName", partAt);
        if (field(part, "providerExecuted") === true)
          return { type: "provider_tool", id, name, input: compact(field(part, "input") ?? field(part, "args") ?? {}) };
        const call = toolCall(id, name, field(part, "input") ?? field(part, "args") ?? {}, "object");
        calls.push(call);
        return { type: "tool_call", callId: id };
      });
      messages.push(assistantMessage(parts, calls));
      return;
    }
    if (role === "tool") {
      needArray(content, `${at}.content`).forEach((part, j) => {
        const partAt = `${at}.content.${j}`;
        if (str(part, "type") !== "tool-result") return; // an approval response or the like: not a result
        const { content: text, error } = resultOf(part);
        messages.push({
          role: "tool",
          callId: needString(part, "toolCallId", partAt),
          name: str(part, "toolName") ?? "",
          status: error ? "error" : "ok",
          content: text,
          replayed: false,
        });
      });
      return;
    }
    refuse(`${at}.role`, `"${role}" is not an AI SDK role (system, user, assistant or tool)`);
  });
  return messages;
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (Array.isArray(data)) return { messages: readMessages(data, "", []), tools: [], shape: "messages" };
    const messages = needArray(field(data, "messages"), "messages");
    const system = str(data, "system");
    return {
      messages: readMessages(messages, "messages", system === undefined ? [] : [{ role: "system", content: system }]),
      tools: [],
      shape: "request",
    };
  });
}

/** How much a document looks like ModelMessages: `tool-call` / `tool-result` parts with `toolCallId`. */
function detect(data: unknown): number {
  const items = Array.isArray(data) ? data : list(data, "messages");
  let score = 0;
  for (const m of items) {
    for (const part of list(m, "content")) {
      const type = str(part, "type");
      if ((type === "tool-call" || type === "tool-result") && typeof field(part, "toolCallId") === "string") score = 9;
      else if (type === "reasoning" || type === "redacted-reasoning") score = Math.max(score, 4);
    }
  }
  return score;
}

/** The Vercel AI SDK ModelMessage codec. */
export const codec: WritingCodec<"ai-sdk"> = {
  ...formatMeta("ai-sdk"),
  carries: ["system", "mid_run_system", "error_status", "result_order"],
  pairing: "tool-call part's toolCallId ↔ tool-result part's toolCallId (v5+ input / output, v4 args / result)",
  detect,
  parse,
  request: aiSdkRequest,
  transcript: (trace: Trace) => aiSdkRequest(runMessages(trace), trace.tools),
};
