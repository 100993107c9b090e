/**
 * OpenAI Chat Completions: a request body (`messages`, `tools` or the legacy `functions`), a bare message list,
 * or a response body (`choices[].message`). Pairing: an assistant message's `tool_calls[].id` ↔ a tool message's
 * `tool_call_id`; the legacy `function_call` has no id, so it pairs with the next `role: "function"` message of
 * its name, and the import gives both the id `function_call_N`.
 */
import type { IdMaker, JsonObject, Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
import { formatMeta } from "./index";
import {
  assistantMessage,
  builtInDeclaration,
  declaration,
  kindOf,
  needArray,
  needString,
  placeholderText,
  plainMessage,
  reading,
  refuse,
  toolCall,
} from "./read";
import type { Replay } from "./replay";
import { field, isRecord, list, type Neutral, type ParseResult, runMessages, str, type WritingCodec } from "./types";

/** A Chat Completions message, as sent. */
export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | {
      role: "assistant";
      content: string | null;
      tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
    }
  | { role: "tool"; tool_call_id: string; content: string };

/** A Chat Completions request body (POST /v1/chat/completions). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: "function"; function: { name: string; description: string; parameters: JsonObject } }[];
}

/** The model name written into requests: a placeholder, since the figure calls no real model. */
export const MODEL_PLACEHOLDER = "MODEL_NAME";

/** A call's arguments as the OpenAI formats carry them: JSON text (as the transcript wrote it, if it was not JSON). */
export const argumentsText = (call: ToolCall): string => call.rawArguments ?? JSON.stringify(call.args);

/** Chat Completions: tool calls carry `id`, results answer with `role: "tool"` and `tool_call_id`. */
export function chatRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): ChatRequest {
  const out: ChatMessage[] = messages.map((m): ChatMessage => {
    switch (m.role) {
      case "system":
      case "user":
        return { role: m.role, content: m.content };
      case "assistant":
        return m.toolCalls.length === 0
          ? { role: "assistant", content: m.content ?? "" }
          : {
              role: "assistant",
              content: m.content,
              tool_calls: m.toolCalls.map((call) => ({
                id: call.callId,
                type: "function",
                function: { name: call.name, arguments: argumentsText(call) },
              })),
            };
      case "tool":
        return { role: "tool", tool_call_id: m.callId, content: m.content };
      default: {
        const never: never = m;
        return never;
      }
    }
  });
  const functions = tools.filter((t) => t.builtIn === undefined);
  return {
    model: MODEL_PLACEHOLDER,
    ...(functions.length === 0
      ? {}
      : {
          tools: functions.map((t) => ({
            type: "function" as const,
            function: { name: t.name, description: t.description, parameters: t.parameters },
          })),
        }),
    messages: out,
  };
}

// ---- reading -------------------------------------------------------------------------------------------------

const CHAT_ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);
const CHAT_PART_TYPES = new Set(["image_url", "input_audio", "file", "refusal"]);
const MEDIA: Readonly<Record<string, string>> = { image_url: "image", input_audio: "audio", file: "file" };

/** A content value's parts: a string is one text; `null` or absent is none. */
function contentParts(content: unknown, path: string): MessagePart[] {
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return needArray(content, path).map((part, i): MessagePart => {
    const type = str(part, "type");
    if (type === "text") return { type: "text", text: needString(part, "text", `${path}.${i}`) };
    if (type === "refusal") return { type: "refusal", text: str(part, "refusal") ?? "" };
    if (type !== undefined && MEDIA[type] !== undefined) return { type: "media", media: MEDIA[type] };
    if (type === undefined) refuse(`${path}.${i}.type`, "missing");
    return { type: "other", original: type as string };
  });
}

/** A tool result's content as text: its text parts, with a placeholder for anything else. */
function resultText(content: unknown, path: string): string {
  return contentParts(content, path)
    .map((p) =>
      p.type === "text" || p.type === "refusal"
        ? p.text
        : p.type === "media"
          ? placeholderText(p.media)
          : placeholderText(p.type === "other" ? p.original : p.type),
    )
    .join("\n");
}

/**
 * The ids the reader makes for the legacy form, which carries none (`function_call`, `role: "function"`): OpenAI
 * pairs no such result with a call, so no pairing rule applies to them in a history recorded that way.
 */
const LEGACY_ID = /^function_call_/;

function readMessages(items: readonly unknown[], path: string, made: Map<string, IdMaker>): Message[] {
  const names = new Map<string, string>();
  let legacy = 0;
  const legacyOpen: { id: string; name: string }[] = [];
  return items.map((m, i): Message => {
    const at = `${path}.${i}`;
    if (!isRecord(m)) return refuse(at, `expected a message object, got ${kindOf(m)}`);
    const role = needString(m, "role", at);
    if (!CHAT_ROLES.has(role)) refuse(`${at}.role`, `"${role}" is not a Chat Completions role`);
    switch (role) {
      case "system":
      case "developer":
        return plainMessage("system", contentParts(m.content, `${at}.content`));
      case "user":
        return plainMessage("user", contentParts(m.content, `${at}.content`));
      case "assistant": {
        const parts = contentParts(m.content, `${at}.content`);
        const refusal = str(m, "refusal");
        if (refusal !== undefined && refusal !== "") parts.push({ type: "refusal", text: refusal });
        if (isRecord(m.audio)) parts.push({ type: "media", media: "audio" });
        const calls: ToolCall[] = list(m, "tool_calls").map((c, j) => {
          const callAt = `${at}.tool_calls.${j}`;
          const id = needString(c, "id", callAt);
          const fn = field(c, "function");
          if (!isRecord(fn)) {
            const custom = field(c, "custom");
            if (isRecord(custom))
              return toolCall(id, needString(custom, "name", `${callAt}.custom`), str(custom, "input") ?? "");
            return refuse(`${callAt}.function`, "missing");
          }
          const name = needString(fn, "name", `${callAt}.function`);
          return toolCall(id, name, field(fn, "arguments") ?? "");
        });
        const legacyCall = field(m, "function_call");
        if (isRecord(legacyCall)) {
          legacy += 1;
          const name = needString(legacyCall, "name", `${at}.function_call`);
          const call = toolCall(`function_call_${legacy}`, name, field(legacyCall, "arguments") ?? "");
          legacyOpen.push({ id: call.callId, name });
          made.set(call.callId, "byName");
          calls.push(call);
        }
        for (const call of calls) names.set(call.callId, call.name);
        return assistantMessage(
          [...parts, ...calls.map((c): MessagePart => ({ type: "tool_call", callId: c.callId }))],
          calls,
        );
      }
      case "tool": {
        const callId = needString(m, "tool_call_id", at);
        return {
          role: "tool",
          callId,
          name: names.get(callId) ?? "",
          status: "ok",
          content: resultText(m.content, `${at}.content`),
          replayed: false,
        };
      }
      default: {
        // role "function": the legacy result, answering the earliest open legacy call of its name.
        const name = needString(m, "name", at);
        const index = legacyOpen.findIndex((c) => c.name === name);
        const open = index >= 0 ? legacyOpen.splice(index, 1)[0] : undefined;
        return {
          role: "tool",
          callId: open?.id ?? `function_call_${name}`,
          name,
          status: "ok",
          content: resultText(m.content, `${at}.content`),
          replayed: false,
        };
      }
    }
  });
}

function readTools(data: unknown): ToolDeclaration[] {
  const tools = list(data, "tools").map((t) => {
    const fn = field(t, "function");
    const type = str(t, "type") ?? "function";
    if (type === "function" && isRecord(fn) && typeof fn.name === "string")
      return declaration(fn.name, fn.description, fn.parameters);
    return builtInDeclaration(type, field(t, type) ?? t);
  });
  // The legacy `functions` list: declarations without the `type` wrapper.
  for (const f of list(data, "functions")) {
    if (typeof field(f, "name") === "string")
      tools.push(declaration(str(f, "name") ?? "", field(f, "description"), field(f, "parameters")));
  }
  return tools;
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    const made = new Map<string, IdMaker>();
    const withIds = (neutral: Neutral): Neutral => (made.size === 0 ? neutral : { ...neutral, madeIds: made });
    if (Array.isArray(data)) return withIds({ messages: readMessages(data, "", made), tools: [], shape: "messages" });
    const choices = field(data, "choices");
    if (Array.isArray(choices)) {
      const message = field(choices[0], "message");
      return withIds({ messages: readMessages([message], "choices.0.message", made), tools: [], shape: "response" });
    }
    const messages = needArray(field(data, "messages"), "messages");
    return withIds({ messages: readMessages(messages, "messages", made), tools: readTools(data), shape: "request" });
  });
}

/** How much a document looks like Chat Completions: its roles, its call fields, its content part types. */
function detect(data: unknown): number {
  if (Array.isArray(field(data, "choices")) && isRecord(field(list(data, "choices")[0], "message"))) return 9;
  const items = Array.isArray(data) ? data : list(data, "messages");
  let score = items.length > 0 && items.every((m) => isRecord(m) && typeof m.role === "string") ? 1 : 0;
  for (const m of items) {
    const role = field(m, "role");
    if (role === "tool" || role === "function" || role === "developer") score = Math.max(score, 5);
    if (field(m, "tool_call_id") !== undefined || field(m, "function_call") !== undefined) score = Math.max(score, 5);
    if (Array.isArray(field(m, "tool_calls")) || field(m, "tool_calls") === null) score = Math.max(score, 5);
    if (role === "system") score = Math.max(score, 2);
    for (const part of list(m, "content")) if (CHAT_PART_TYPES.has(str(part, "type") ?? "")) score = Math.max(score, 5);
  }
  return score;
}

/** The OpenAI Chat Completions codec. */
/**
 * What OpenAI refuses in a Chat Completions request made of a history (its error texts, as reported). An assistant
 * message with neither content nor tool_calls is refused when its content is `null`: checked as the history was
 * recorded in Chat (the writer above writes `""` there, which is accepted, so a history from elsewhere never has it).
 */
const replay: Replay = {
  by: "OpenAI",
  results: "next_messages",
  rules: {
    call_without_result: {
      refuses: "a call with no result before the model's next turn",
      words:
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
      source: "reported ([openai-agents-python#673](https://github.com/openai/openai-agents-python/issues/673))",
    },
    result_not_right_after_call: {
      refuses: "a result with another message between it and its call",
      words:
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
      source: "reported ([claude-code#177](https://github.com/claude-code-best/claude-code/pull/177))",
    },
    result_without_call: {
      refuses: "a result that answers no call of the model's turn before it, or a second result for one call",
      words:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      wordsForSecond: "Invalid parameter: Duplicate value for 'tool_call_id' of …",
      source:
        "reported ([openai-go#43](https://github.com/openai/openai-go/issues/43)); a second result, [agno#5116](https://github.com/agno-agi/agno/issues/5116)",
    },
    duplicate_call_id: {
      scope: "turn",
      refuses:
        "two calls of one turn with the same id, whose results cannot be told apart (ids reused across turns, each answered after its call, are accepted: a real gpt-4o run did so, shared transcript 01)",
      words: "Invalid parameter: Duplicate value for 'tool_call_id'",
      source:
        "reported ([agno#5116](https://github.com/agno-agi/agno/issues/5116)); accepted across turns: shared transcript 01",
    },
    null_content: {
      refuses:
        'for a history recorded in Chat Completions: an assistant message with `content: null` and no `tool_calls` (the figure\'s writer writes `""` there, which is accepted)',
      words: "Invalid value for 'content': expected a string, got null.",
      source: "reported ([vercel/ai#14950](https://github.com/vercel/ai/pull/14950))",
    },
  },
  notChecked: ["invalid JSON in `arguments`: a string the API does not validate"],
  unpaired: {
    ids: LEGACY_ID,
    why: 'the legacy form (a `function_call` and the `role: "function"` message that answers it) carries no ids, and OpenAI pairs no such result with a call: in a history recorded that way, no pairing rule applies to them',
  },
};

export const codec: WritingCodec<"chat"> = {
  ...formatMeta("chat"),
  carries: ["system", "mid_run_system", "tool_declarations", "raw_arguments", "result_order"],
  // Image and audio parts with their data: the figure keeps only their type.
  places: ["media"],
  pairing:
    'tool_calls[].id ↔ tool_call_id; a legacy function_call pairs with the next role "function" message of its name (ids function_call_N)',
  detect,
  parse,
  request: chatRequest,
  transcript: (trace: Trace) => chatRequest(runMessages(trace), trace.tools),
  replay,
};
