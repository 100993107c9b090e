/**
 * Anthropic Messages: a request body (`system`, `messages`, `tools`), a bare message list, or a response body
 * (`{"type": "message", "role": "assistant", "content": [...]}`). Pairing: a `tool_use` block's `id` ↔ a
 * `tool_result` block's `tool_use_id`, the results of one turn together in the next user message. Block order and
 * boundaries are kept; a server tool (`server_tool_use` and its `*_tool_result`) is run by the provider.
 */
import type { JsonObject, Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
import { MODEL_PLACEHOLDER } from "./chat";
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

/** An Anthropic content block, as sent. */
export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: JsonObject }
  | { type: "tool_result"; tool_use_id: string; content: string; is_error?: true };

/** An Anthropic message, as sent: the roles alternate, tool results go back in a user turn. */
export type AnthropicMessage =
  | { role: "user" | "assistant"; content: string | AnthropicBlock[] }
  /** A system message the host put in mid-run, where it stands. */
  | { role: "system"; content: string };

/** An Anthropic Messages request body (POST /v1/messages). */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system?: string;
  tools?: { name: string; description: string; input_schema: JsonObject & { type: "object" } }[];
  messages: AnthropicMessage[];
}

/**
 * Anthropic Messages: system notes go to the top-level `system`; a tool call is a `tool_use` block with `id`; its
 * result is a `tool_result` block with `tool_use_id` in the next user turn (results of one turn together, any
 * text the user adds after them in the same turn), with `is_error: true` for a refused call.
 */
export function anthropicRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): AnthropicRequest {
  // The leading system notes are the top-level `system`; one the host put in mid-run stays where it stands, as a
  // `role: "system"` message (the Messages API's; `clear_at` on it is the beta's, and not kept).
  const leading = messages.findIndex((m) => m.role !== "system");
  const head = leading < 0 ? messages : messages.slice(0, leading);
  const system = head.flatMap((m) => (m.role === "system" ? [m.content] : [])).join("\n\n");
  const out: AnthropicMessage[] = [];
  /** The user turn being built from consecutive results and user text (the API wants the roles to alternate). */
  const userTurn = (): AnthropicBlock[] => {
    const last = out.at(-1);
    if (last?.role === "user" && Array.isArray(last.content)) return last.content;
    const blocks: AnthropicBlock[] = [];
    if (last?.role === "user" && typeof last.content === "string") {
      last.content = [{ type: "text", text: last.content }];
      return last.content;
    }
    out.push({ role: "user", content: blocks });
    return blocks;
  };
  for (const m of messages.slice(head.length)) {
    if (m.role === "system") out.push({ role: "system", content: m.content });
    else if (m.role === "user") {
      const last = out.at(-1);
      if (last?.role === "user") userTurn().push({ type: "text", text: m.content });
      else out.push({ role: "user", content: m.content });
    } else if (m.role === "assistant") {
      const blocks: AnthropicBlock[] = [
        ...(m.content === null || m.content === "" ? [] : [{ type: "text" as const, text: m.content }]),
        ...m.toolCalls.map((call) => ({
          type: "tool_use" as const,
          id: call.callId,
          name: call.name,
          input: call.args,
        })),
      ];
      out.push({ role: "assistant", content: blocks });
    } else {
      userTurn().push({
        type: "tool_result",
        tool_use_id: m.callId,
        content: m.content,
        ...(m.status === "error" ? { is_error: true as const } : {}),
      });
    }
  }
  const clientTools = tools.filter((t) => t.builtIn === undefined);
  return {
    model: MODEL_PLACEHOLDER,
    max_tokens: 1024,
    ...(system === "" ? {} : { system }),
    ...(clientTools.length === 0
      ? {}
      : {
          tools: clientTools.map((t) => ({
            name: t.name,
            description: t.description,
            input_schema: { ...t.parameters, type: "object" as const },
          })),
        }),
    messages: out,
  };
}

// ---- reading -------------------------------------------------------------------------------------------------

/** Block types only Anthropic has (with `text`, which Chat shares), for detection. */
const ANTHROPIC_BLOCKS = new Set([
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
  "image",
  "document",
  "server_tool_use",
  "mcp_tool_use",
  "mcp_tool_result",
  "search_result",
  "container_upload",
]);
const MEDIA = new Set(["image", "document", "search_result", "container_upload"]);

function blockParts(block: unknown, at: string): MessagePart {
  const type = needString(block, "type", at);
  const b = block as Record<string, unknown>;
  if (type === "text") return { type: "text", text: needString(b, "text", at) };
  if (type === "thinking") {
    const signed = (str(b, "signature") ?? "") !== "";
    return {
      type: "reasoning",
      text: str(b, "thinking") ?? "",
      redacted: false,
      ...(signed ? { signed: true as const } : {}),
    };
  }
  if (type === "redacted_thinking")
    return {
      type: "reasoning",
      text: "",
      redacted: true,
      ...((str(b, "data") ?? "") !== "" ? { signed: true as const } : {}),
    };
  if (MEDIA.has(type)) return { type: "media", media: type };
  if (type === "server_tool_use" || type === "mcp_tool_use")
    return {
      type: "provider_tool",
      id: str(b, "id") ?? "",
      name: str(b, "name") ?? type,
      input: compact(b.input ?? {}),
    };
  if (type.endsWith("_tool_result"))
    return {
      type: "provider_result",
      id: str(b, "tool_use_id") ?? "",
      name: type.replace(/_tool_result$/, ""),
      content: compact(b.content ?? ""),
    };
  return { type: "other", original: type };
}

/** A tool_result's content as text: its text blocks, a placeholder for an image or document. */
function resultText(content: unknown, at: string): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  return needArray(content, at)
    .map((block, i) => {
      const part = blockParts(block, `${at}.${i}`);
      return part.type === "text"
        ? part.text
        : placeholderText(part.type === "media" ? part.media : part.type === "other" ? part.original : part.type);
    })
    .join("\n");
}

/**
 * Anthropic messages read into neutral ones (after `system`'s): a user turn's tool results become tool messages,
 * its other blocks user messages, in order. Also the Claude Code log's reader (./claude-code.ts).
 */
export function readMessages(
  items: readonly unknown[],
  path: string,
  system: Message[],
  notes: LogNote[] = [],
): Message[] {
  const messages: Message[] = [...system];
  const names = new Map<string, string>();
  items.forEach((m, i) => {
    const at = `${path}.${i}`;
    if (!isRecord(m)) refuse(at, `expected a message object, got ${kindOf(m)}`);
    const role = needString(m, "role", at);
    if (role === "system") {
      // A system message among the messages (the Messages API's `role: "system"`; `clear_at` and a per-message
      // `output_config` are beta fields): text the host put into the model's context at this point of the run.
      const content = m.content;
      const parts =
        content === undefined || content === null || typeof content === "string"
          ? [{ type: "text" as const, text: typeof content === "string" ? content : "" }]
          : needArray(content, `${at}.content`).map((block, j) => blockParts(block, `${at}.content.${j}`));
      const clearAt = str(m, "clear_at");
      notes.push({
        kind: "system_message",
        index: messages.length,
        clearAt: clearAt === "next_user_message" ? "next_user_message" : null,
      });
      const message = plainMessage("system", parts);
      messages.push(clearAt === "next_user_message" && message.role === "system" ? { ...message, clearAt } : message);
      return;
    }
    if (role !== "user" && role !== "assistant")
      refuse(`${at}.role`, `"${role}" is not an Anthropic role (user, assistant or system)`);
    const content = m.content;
    if (typeof content === "string") {
      messages.push(role === "user" ? { role: "user", content } : { role: "assistant", content, toolCalls: [] });
      return;
    }
    const blocks = needArray(content, `${at}.content`);
    if (role === "assistant") {
      const calls: ToolCall[] = [];
      const parts = blocks.map((block, j): MessagePart => {
        const blockAt = `${at}.content.${j}`;
        if (str(block, "type") !== "tool_use") return blockParts(block, blockAt);
        const [id, name, input] = [
          needString(block, "id", blockAt),
          needString(block, "name", blockAt),
          field(block, "input"),
        ];
        // Anthropic's input is an object; anything else is kept as written (and reported as bad_arguments).
        const call: ToolCall = isRecord(input)
          ? toolCall(id, name, input)
          : {
              callId: id,
              name,
              args: {},
              rawArguments: typeof input === "string" ? input : (JSON.stringify(input) ?? ""),
            };
        names.set(call.callId, call.name);
        calls.push(call);
        return { type: "tool_call", callId: call.callId };
      });
      messages.push(assistantMessage(parts, calls));
      return;
    }
    // A user turn: its tool results become tool messages; the other blocks between them, user messages, in order.
    let pending: MessagePart[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      // Text the host put into the user's turn (Claude Code's `<system-reminder>` blocks): the user did not type it.
      const reminders = pending.filter((part) => part.type === "text" && isReminder(part.text)).length;
      if (reminders > 0) notes.push({ kind: "host_text", index: messages.length, blocks: reminders });
      messages.push(plainMessage("user", pending));
      pending = [];
    };
    blocks.forEach((block, j) => {
      const blockAt = `${at}.content.${j}`;
      if (str(block, "type") === "tool_result") {
        flush();
        const callId = needString(block, "tool_use_id", blockAt);
        messages.push({
          role: "tool",
          callId,
          name: names.get(callId) ?? "",
          status: field(block, "is_error") === true ? "error" : "ok",
          content: resultText(field(block, "content"), `${blockAt}.content`),
          replayed: false,
        });
      } else pending.push(blockParts(block, blockAt));
    });
    flush();
  });
  return messages;
}

/** A text block that is one `<system-reminder>` and nothing else: Claude Code's, put into a user turn by the host. */
const isReminder = (text: string) => /^\s*<system-reminder>[\s\S]*<\/system-reminder>\s*$/.test(text);

/**
 * The model call a request's settings belong to, as a message index: its reply, when the document carries it (a run
 * recorded live, the answer appended), else the end of the history (the call the request makes).
 */
function lastModelCall(messages: readonly Message[]): number {
  const last = messages.length - 1;
  return messages[last]?.role === "assistant" ? last : messages.length;
}

function readSystem(system: unknown): Message[] {
  if (system === undefined || system === null) return [];
  if (typeof system === "string") return system === "" ? [] : [{ role: "system", content: system }];
  const parts = needArray(system, "system").map((block, i) => blockParts(block, `system.${i}`));
  return [plainMessage("system", parts)];
}

function readTools(data: unknown): ToolDeclaration[] {
  return list(data, "tools").map((t) => {
    const type = str(t, "type") ?? "custom";
    const name = str(t, "name");
    // A client tool has no type or "custom"; a server tool's type is versioned ("web_search_20250305").
    return (type === "custom" || field(t, "input_schema") !== undefined) && name !== undefined
      ? declaration(name, field(t, "description"), field(t, "input_schema"))
      : builtInDeclaration(type, t);
  });
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (Array.isArray(data)) return { messages: readMessages(data, "", []), tools: [], shape: "messages" };
    if (field(data, "type") === "message" && field(data, "role") === "assistant")
      return {
        messages: readMessages([{ role: "assistant", content: field(data, "content") }], "content", []).map((m) => m),
        tools: [],
        shape: "response",
      };
    const items = needArray(field(data, "messages"), "messages");
    const notes: LogNote[] = [];
    const messages = readMessages(items, "messages", readSystem(field(data, "system")), notes);
    // The beta's context management: edits the API makes to the context before the model reads it (clearing old
    // thinking or tool results), asked for by this request, so said at its model call.
    const edits = list(field(data, "context_management"), "edits").flatMap((edit) => {
      const type = str(edit, "type");
      return type === undefined ? [] : [type];
    });
    if (edits.length > 0) notes.push({ kind: "context_edits", index: lastModelCall(messages), edits });
    return { messages, tools: readTools(data), shape: "request", ...(notes.length === 0 ? {} : { notes }) };
  });
}

/** How much a document looks like Anthropic Messages: a top-level `system`, a message response, its block types. */
function detect(data: unknown): number {
  if (field(data, "type") === "message" && field(data, "role") === "assistant" && Array.isArray(field(data, "content")))
    return 9;
  const items = Array.isArray(data) ? data : list(data, "messages");
  let score = !Array.isArray(data) && field(data, "system") !== undefined && items.length > 0 ? 5 : 0;
  // A body whose messages read the same in Chat (text only) still says whose it is: a Claude model, or a field
  // only Anthropic's request has. Weaker than any of Chat's own signs (roles tool / developer, tool_calls).
  const model = str(data, "model") ?? "";
  if (
    items.length > 0 &&
    (model.startsWith("claude") ||
      ["thinking", "stop_sequences", "anthropic_version"].some((k) => field(data, k) !== undefined))
  )
    score = Math.max(score, 3);
  for (const m of items) {
    // A system message's `clear_at` and `output_config` are the Messages API's beta fields, no one else's.
    if (
      field(m, "role") === "system" &&
      (field(m, "clear_at") !== undefined || field(m, "output_config") !== undefined)
    )
      score = Math.max(score, 6);
    for (const block of list(m, "content")) {
      const type = str(block, "type") ?? "";
      if (ANTHROPIC_BLOCKS.has(type) || type.endsWith("_tool_result")) score = Math.max(score, 6);
    }
  }
  return score;
}

/** The Anthropic Messages codec. */
/**
 * What Anthropic refuses in a Messages request made of a history (its documents and its error texts). It has taken
 * a first assistant turn since 2024-10-08 and a request without `tools` since 2025-02-27 (release notes), and it
 * joins consecutive turns of one role, so none of those is a rule here.
 */
const replay: Replay = {
  by: "Anthropic",
  results: "next_turn_first",
  turns: "messages",
  rules: {
    call_without_result: {
      refuses: "a `tool_use` with no `tool_result` in the next user turn",
      words: "`tool_use` ids were found without `tool_result` blocks immediately after",
      source: "[handling tool calls](https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls)",
    },
    result_not_right_after_call: {
      refuses: "a `tool_result` that is not among the first blocks of the next user turn",
      words:
        "Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
      source:
        '[handling tool calls](https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls) ("tool_result blocks must come first"); the words as reported ([claude-code#37](https://github.com/anthropics/claude-code/issues/37))',
    },
    result_without_call: {
      refuses: "a `tool_result` whose `tool_use_id` is in no `tool_use` of the previous message, or a second one",
      words:
        "unexpected `tool_use_id` found in `tool_result` blocks. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
      source: "reported ([claude-code#13460](https://github.com/anthropics/claude-code/issues/13460))",
    },
    duplicate_call_id: {
      scope: "history",
      refuses: "one `tool_use` id used by two calls anywhere in the history",
      words: "`tool_use` ids must be unique",
      source: "reported ([claude-code#20901](https://github.com/anthropics/claude-code/issues/20901))",
    },
    call_id_pattern: {
      pattern: /^[a-zA-Z0-9_-]+$/,
      refuses:
        "a `tool_use` id with characters outside `[a-zA-Z0-9_-]` (a Kimi-style `functions.read_file:0`, kept as written)",
      words: "String should match pattern '^[a-zA-Z0-9_-]+$'",
      source:
        "reported ([maximhq/bifrost#5097](https://github.com/maximhq/bifrost/issues/5097), [HKUDS/nanobot#4356](https://github.com/HKUDS/nanobot/pull/4356))",
    },
    empty_message: {
      refuses:
        "a message with empty content, except a final assistant turn (a Gemini history's empty first user text, written as it is)",
      words: "all messages must have non-empty content except for the optional final assistant message",
      source: "reported ([claude-code#6774](https://github.com/anthropics/claude-code/issues/6774))",
    },
    arguments_not_object: {
      refuses: "a `tool_use` whose `input` is not a JSON object",
      words: "Input should be a valid dictionary",
      source: "[handling tool calls](https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls)",
    },
    thinking_not_kept: {
      refuses:
        "for a history recorded in Anthropic Messages: a turn with `tool_use` whose thinking has no signature (with thinking on, it must be sent back unchanged)",
      source: "[extended thinking](https://platform.claude.com/docs/en/build-with-claude/extended-thinking)",
    },
    thinking_block_missing: {
      refuses:
        "for a history recorded in Anthropic Messages with thinking: the assistant turn before the lastmost `tool_result` blocks not starting with a thinking block",
      words:
        "When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks).",
      source:
        "[extended thinking](https://platform.claude.com/docs/en/build-with-claude/extended-thinking); the words as reported ([Kilo-Org/kilocode#5219](https://github.com/Kilo-Org/kilocode/issues/5219))",
    },
  },
  notChecked: [
    "a first assistant turn (accepted since 2024-10-08) and tool blocks without `tools` (accepted since 2025-02-27): [release notes](https://platform.claude.com/docs/en/release-notes/api)",
    "role alternation: the API combines consecutive turns of one role",
    'a `role: "system"` message among the messages is written where it stands (`SystemMessageParam` in `@anthropic-ai/sdk` 1.14, beta and not); what only the beta takes (`clear_at` and `output_config` on it, `tool_addition` and `tool_removal` blocks, `context_management`, `thinking.display: "updates"`) the figure keeps none of, so a history written from a run sends none of it',
  ],
};

export const codec: WritingCodec<"anthropic"> = {
  ...formatMeta("anthropic"),
  carries: ["system", "mid_run_system", "tool_declarations", "error_status", "result_order"],
  // Thinking goes back with its signature, images with their bytes: neither of which the figure keeps.
  places: ["reasoning", "media"],
  pairing: "tool_use.id ↔ tool_result.tool_use_id (the results of one turn together in the next user message)",
  detect,
  parse,
  request: anthropicRequest,
  // A whole run ends on the model's reply: as a request body, a final assistant turn would be a prefill for the
  // model to continue. So the transcript is the body's content without `model` and `max_tokens`: a record, not a
  // request to send.
  transcript: (trace: Trace) => {
    const { model: _model, max_tokens: _maxTokens, ...record } = anthropicRequest(runMessages(trace), trace.tools);
    return record;
  },
  replay,
};
