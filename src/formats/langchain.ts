/**
 * LangChain's `messages_to_dict` output: a list of `{type, data}` where `type` is `system`, `human`, `ai` or `tool`
 * and `data` holds the message's fields (`content`, an AI message's `tool_calls` of `{name, args, id}`, a tool
 * message's `tool_call_id` and `status`). `content` is text or a list of content blocks (OpenAI- or
 * Anthropic-style). Pairing: `tool_calls[].id` ↔ `tool_call_id`. A save format, not a provider's request.
 */
import type { JsonObject, Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
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

/** One message as `messages_to_dict` writes it. */
export type LangChainMessage =
  | { type: "system" | "human"; data: { type: "system" | "human"; content: string } }
  | {
      type: "ai";
      data: {
        type: "ai";
        content: string;
        tool_calls: { name: string; args: JsonObject; id: string; type: "tool_call" }[];
      };
    }
  | {
      type: "tool";
      data: { type: "tool"; content: string; tool_call_id: string; name: string; status: "success" | "error" };
    };

/** The messages as `messages_to_dict` writes them (tools are bound to the model in code, not saved with them). */
export function langChainMessages(
  messages: readonly Message[],
  _tools: readonly ToolDeclaration[],
): LangChainMessage[] {
  return messages.map((m): LangChainMessage => {
    if (m.role === "system") return { type: "system", data: { type: "system", content: m.content } };
    if (m.role === "user") return { type: "human", data: { type: "human", content: m.content } };
    if (m.role === "assistant")
      return {
        type: "ai",
        data: {
          type: "ai",
          content: m.content ?? "",
          tool_calls: m.toolCalls.map((call) => ({
            name: call.name,
            args: call.args,
            id: call.callId,
            type: "tool_call",
          })),
        },
      };
    return {
      type: "tool",
      data: {
        type: "tool",
        content: m.content,
        tool_call_id: m.callId,
        name: m.name,
        status: m.status === "error" ? "error" : "success",
      },
    };
  });
}

// ---- reading -------------------------------------------------------------------------------------------------

const TYPES = new Set(["system", "human", "ai", "tool", "chat", "function", "AIMessageChunk"]);

/** A content value's parts: text, or a list of blocks in OpenAI's or Anthropic's shape. */
function contentParts(content: unknown, at: string): MessagePart[] {
  if (content === undefined || content === null) return [];
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return needArray(content, at).flatMap((block): MessagePart[] => {
    if (typeof block === "string") return [{ type: "text", text: block }];
    const type = str(block, "type");
    if (type === "text") return [{ type: "text", text: str(block, "text") ?? "" }];
    if (type === "thinking" || type === "reasoning")
      return [
        {
          type: "reasoning",
          text: str(block, "thinking") ?? str(block, "reasoning") ?? str(block, "text") ?? "",
          redacted: false,
        },
      ];
    if (type === "tool_use") return []; // the call itself is in tool_calls
    if (type === "image_url" || type === "image" || type === "file")
      return [{ type: "media", media: type === "image_url" ? "image" : type }];
    return [{ type: "other", original: type ?? "block" }];
  });
}

function readMessages(items: readonly unknown[]): Message[] {
  return items.map((item, i): Message => {
    const at = String(i);
    if (!isRecord(item)) refuse(at, `expected a {type, data} object, got ${kindOf(item)}`);
    const type = needString(item, "type", at);
    if (!TYPES.has(type)) refuse(`${at}.type`, `"${type}" is not a LangChain message type (system, human, ai or tool)`);
    const data = item.data;
    if (!isRecord(data))
      refuse(`${at}.data`, data === undefined ? "missing" : `expected an object, got ${kindOf(data)}`);
    const parts = contentParts(data.content, `${at}.data.content`);
    if (type === "system") return plainMessage("system", parts);
    if (type === "human" || type === "chat") return plainMessage("user", parts);
    if (type === "tool" || type === "function") {
      return {
        role: "tool",
        callId: type === "tool" ? needString(data, "tool_call_id", `${at}.data`) : `function_${str(data, "name") ?? i}`,
        name: str(data, "name") ?? "",
        status: field(data, "status") === "error" ? "error" : "ok",
        content: parts
          .map((p) => (p.type === "text" ? p.text : placeholderText(p.type === "media" ? p.media : p.type)))
          .join("\n"),
        replayed: false,
      };
    }
    const calls: ToolCall[] = list(data, "tool_calls").map((call, j) => {
      const callAt = `${at}.data.tool_calls.${j}`;
      return toolCall(needString(call, "id", callAt), needString(call, "name", callAt), field(call, "args") ?? {});
    });
    // A call LangChain could not parse is kept with its text, and reported as bad arguments.
    for (const [j, bad] of list(data, "invalid_tool_calls").entries()) {
      calls.push({
        callId: str(bad, "id") ?? `invalid_tool_call_${i}_${j}`,
        name: str(bad, "name") ?? "",
        args: {},
        rawArguments: str(bad, "args") ?? compact(field(bad, "args") ?? ""),
      });
    }
    return assistantMessage(
      [...parts, ...calls.map((c): MessagePart => ({ type: "tool_call", callId: c.callId }))],
      calls,
    );
  });
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    const items = Array.isArray(data) ? data : needArray(field(data, "messages"), "messages");
    return { messages: readMessages(items), tools: [], shape: "messages" };
  });
}

/** How much a document looks like `messages_to_dict`: every item `{type, data}` with a LangChain type. */
function detect(data: unknown): number {
  const items = Array.isArray(data) ? data : list(data, "messages");
  if (items.length === 0) return 0;
  return items.every((m) => TYPES.has(str(m, "type") ?? "") && isRecord(field(m, "data"))) ? 9 : 0;
}

/** The LangChain messages_to_dict codec. */
export const codec: WritingCodec<"langchain"> = {
  ...formatMeta("langchain"),
  carries: ["system", "mid_run_system", "error_status", "result_order"],
  pairing: "an ai message's tool_calls[].id ↔ a tool message's tool_call_id",
  detect,
  parse,
  request: langChainMessages,
  transcript: (trace: Trace) => langChainMessages(runMessages(trace), trace.tools),
};
