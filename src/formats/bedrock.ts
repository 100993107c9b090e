/**
 * Amazon Bedrock Converse: a request (`messages`, `system`, `toolConfig.tools[].toolSpec`, as the SDK's
 * ConverseCommand input takes it), a bare message list, or a response body (`output.message`). A call is a
 * `toolUse` block, its result a `toolResult` block in the next user message (`status: "error"` for a failed or
 * refused call). Pairing: `toolUse.toolUseId` ↔ `toolResult.toolUseId`.
 */
import type { Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
import { MODEL_PLACEHOLDER } from "./chat";
import { formatMeta } from "./index";
import {
  assistantMessage,
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
  asJson,
  compact,
  field,
  isRecord,
  type JsonRecord,
  list,
  type Neutral,
  type ParseResult,
  runMessages,
  str,
  type WritingCodec,
} from "./types";

/** A Converse content block, as sent. */
export type BedrockBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: JsonRecord } }
  | { toolResult: { toolUseId: string; content: { text: string }[]; status?: "success" | "error" } };

/** A Converse message: the roles alternate, tool results go back in a user message. */
export interface BedrockMessage {
  role: "user" | "assistant";
  content: BedrockBlock[];
}

/** A Converse request, as the SDK's ConverseCommand input (the REST body is the same without `modelId`, which is in the URL). */
export interface BedrockRequest {
  modelId: string;
  system?: { text: string }[];
  messages: BedrockMessage[];
  toolConfig?: { tools: { toolSpec: { name: string; description: string; inputSchema: { json: JsonRecord } } }[] };
}

/**
 * Bedrock Converse: system notes go to `system`; a call is a `toolUse` block with `toolUseId`; its result is a
 * `toolResult` block with the same `toolUseId` in the next user message (results and user text of one turn
 * together: the roles alternate), `status: "error"` for a refused call.
 */
export function bedrockRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): BedrockRequest {
  const system = messages.flatMap((m) => (m.role === "system" ? [{ text: m.content }] : []));
  const out: BedrockMessage[] = [];
  const turn = (role: "user" | "assistant"): BedrockBlock[] => {
    const last = out.at(-1);
    if (last?.role === role) return last.content;
    const content: BedrockBlock[] = [];
    out.push({ role, content });
    return content;
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "user") turn("user").push({ text: m.content });
    else if (m.role === "assistant") {
      const content = turn("assistant");
      if (m.content !== null && m.content !== "") content.push({ text: m.content });
      for (const call of m.toolCalls)
        content.push({ toolUse: { toolUseId: call.callId, name: call.name, input: asJson(call.args) } });
    } else {
      turn("user").push({
        toolResult: {
          toolUseId: m.callId,
          content: [{ text: m.content }],
          ...(m.status === "error" ? { status: "error" as const } : {}),
        },
      });
    }
  }
  const functions = tools.filter((t) => t.builtIn === undefined);
  return {
    modelId: MODEL_PLACEHOLDER,
    ...(system.length === 0 ? {} : { system }),
    messages: out,
    ...(functions.length === 0
      ? {}
      : {
          toolConfig: {
            tools: functions.map((t) => ({
              toolSpec: { name: t.name, description: t.description, inputSchema: { json: asJson(t.parameters) } },
            })),
          },
        }),
  };
}

// ---- reading -------------------------------------------------------------------------------------------------

/** Block fields only Converse has, for detection. */
const BEDROCK_FIELDS = ["toolUse", "toolResult", "reasoningContent", "cachePoint", "guardContent"];
const MEDIA: Readonly<Record<string, string>> = { image: "image", document: "document", video: "video" };

/** A block that is not a tool use or result, as a part. */
function blockPart(block: Record<string, unknown>): MessagePart | null {
  if (typeof block.text === "string") return block.text === "" ? null : { type: "text", text: block.text };
  const reasoning = block.reasoningContent;
  if (isRecord(reasoning)) {
    const text = str(field(reasoning, "reasoningText"), "text");
    return text === undefined
      ? { type: "reasoning", text: "", redacted: true }
      : { type: "reasoning", text, redacted: false };
  }
  for (const key of Object.keys(MEDIA)) if (isRecord(block[key])) return { type: "media", media: MEDIA[key] ?? key };
  if (isRecord(block.cachePoint)) return null; // a caching marker, not content
  const key = Object.keys(block)[0];
  return key === undefined ? null : { type: "other", original: key };
}

/** A toolResult's content as text: its text and JSON blocks, a placeholder for anything else. */
function resultText(content: unknown, at: string): string {
  if (content === undefined) return "";
  return needArray(content, at)
    .map((block) => {
      if (typeof field(block, "text") === "string") return str(block, "text") ?? "";
      if (field(block, "json") !== undefined) return compact(field(block, "json"));
      const key = isRecord(block) ? (Object.keys(block)[0] ?? "content") : "content";
      return placeholderText(MEDIA[key] ?? key);
    })
    .join("\n");
}

function readMessages(items: readonly unknown[], path: string, system: readonly Message[]): Message[] {
  const messages: Message[] = [...system];
  const names = new Map<string, string>();
  items.forEach((m, i) => {
    const at = `${path}.${i}`.replace(/^\./, "");
    if (!isRecord(m)) refuse(at, `expected a message object, got ${kindOf(m)}`);
    const role = needString(m, "role", at);
    if (role !== "user" && role !== "assistant")
      refuse(`${at}.role`, `"${role}" is not a Converse role (user or assistant)`);
    const blocks = needArray(m.content, `${at}.content`);
    if (role === "assistant") {
      const calls: ToolCall[] = [];
      const parts: MessagePart[] = [];
      blocks.forEach((block, j) => {
        const blockAt = `${at}.content.${j}`;
        if (!isRecord(block)) refuse(blockAt, `expected a content block, got ${kindOf(block)}`);
        if (isRecord(block.toolUse)) {
          const use = block.toolUse;
          const call = toolCall(
            needString(use, "toolUseId", `${blockAt}.toolUse`),
            needString(use, "name", `${blockAt}.toolUse`),
            field(use, "input") ?? {},
            "object",
          );
          names.set(call.callId, call.name);
          calls.push(call);
          parts.push({ type: "tool_call", callId: call.callId });
          return;
        }
        const part = blockPart(block);
        if (part !== null) parts.push(part);
      });
      messages.push(assistantMessage(parts, calls));
      return;
    }
    let pending: MessagePart[] = [];
    const flush = () => {
      if (pending.length > 0) messages.push(plainMessage("user", pending));
      pending = [];
    };
    blocks.forEach((block, j) => {
      const blockAt = `${at}.content.${j}`;
      if (!isRecord(block)) refuse(blockAt, `expected a content block, got ${kindOf(block)}`);
      if (isRecord(block.toolResult)) {
        flush();
        const result = block.toolResult;
        const callId = needString(result, "toolUseId", `${blockAt}.toolResult`);
        messages.push({
          role: "tool",
          callId,
          name: names.get(callId) ?? "",
          status: field(result, "status") === "error" ? "error" : "ok",
          content: resultText(field(result, "content"), `${blockAt}.toolResult.content`),
          replayed: false,
        });
        return;
      }
      const part = blockPart(block);
      if (part !== null) pending.push(part);
    });
    flush();
  });
  return messages;
}

function readSystem(system: unknown): Message[] {
  const text = list({ system }, "system").flatMap((block) =>
    typeof field(block, "text") === "string" ? [str(block, "text") ?? ""] : [],
  );
  return text.length === 0
    ? []
    : [
        plainMessage(
          "system",
          text.map((t) => ({ type: "text", text: t })),
        ),
      ];
}

function readTools(data: unknown): ToolDeclaration[] {
  return list(field(data, "toolConfig"), "tools").flatMap((tool) => {
    const spec = field(tool, "toolSpec");
    if (!isRecord(spec) || typeof spec.name !== "string") return [];
    return [declaration(spec.name, spec.description, field(field(spec, "inputSchema"), "json"))];
  });
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (Array.isArray(data)) return { messages: readMessages(data, "", []), tools: [], shape: "messages" };
    const output = field(field(data, "output"), "message");
    if (isRecord(output))
      return { messages: readMessages([output], "output.message", []), tools: [], shape: "response" };
    const messages = needArray(field(data, "messages"), "messages");
    return {
      messages: readMessages(messages, "messages", readSystem(field(data, "system"))),
      tools: readTools(data),
      shape: "request",
    };
  });
}

/** How much a document looks like Converse: `toolConfig`, `output.message`, its block fields, content as block lists. */
function detect(data: unknown): number {
  if (isRecord(field(field(data, "output"), "message")) && field(data, "stopReason") !== undefined) return 9;
  if (isRecord(field(data, "toolConfig"))) return 9;
  const items = Array.isArray(data) ? data : list(data, "messages");
  let score = 0;
  for (const m of items) {
    for (const block of list(m, "content")) {
      if (!isRecord(block)) continue;
      if (BEDROCK_FIELDS.some((key) => block[key] !== undefined)) score = Math.max(score, 8);
      // A text block without a type: Converse's, never Anthropic's or Chat's.
      else if (typeof block.text === "string" && block.type === undefined) score = Math.max(score, 4);
    }
  }
  return score;
}

/** The Amazon Bedrock Converse codec. */
/** What Bedrock refuses in a Converse request made of a history (its API reference and its error texts). */
const replay: Replay = {
  by: "Bedrock",
  results: "next_turn_first",
  turns: "messages",
  rules: {
    call_without_result: {
      refuses: "a `toolUse` with no `toolResult` in the next user turn",
      words: "Expected toolResult blocks at messages.N.content for the following Ids",
      source: "[Bedrock tool use](https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html)",
    },
    result_not_right_after_call: {
      refuses: "a `toolResult` that is not in the user turn right after its call",
      source: "[Bedrock tool use](https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html)",
    },
    result_without_call: {
      refuses: "more `toolResult` blocks than the previous turn's `toolUse` blocks",
      words:
        "The number of toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous turn.",
      source: "[Bedrock tool use](https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html)",
    },
    call_id_pattern: {
      pattern: /^[a-zA-Z0-9_.:-]+$/,
      maxLength: 64,
      refuses: "a `toolUseId` longer than 64 characters or with characters outside `[a-zA-Z0-9_.:-]`",
      source:
        "[ToolUseBlock](https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html) (length 1–64)",
    },
    first_message_not_user: {
      refuses: "a conversation that starts with the model's turn",
      words: "A conversation must start with a user message.",
      source:
        "reported ([anthropic-sdk-typescript#622](https://github.com/anthropics/anthropic-sdk-typescript/issues/622))",
    },
    result_turn_has_other_content: {
      refuses: "a user turn that returns tool results and holds the user's text too",
      words: "Conversation blocks and tool result blocks cannot be provided in the same turn.",
      source: "reported ([langchain-aws#141](https://github.com/langchain-ai/langchain-aws/issues/141))",
    },
    tools_not_declared: {
      refuses: "tool calls in the history and no `toolConfig`",
      words: "The toolConfig field must be defined when using toolUse and toolResult content blocks.",
      source: "reported ([litellm#6053](https://github.com/BerriAI/litellm/issues/6053))",
    },
    arguments_not_object: {
      refuses: "a `toolUse` whose `input` is not a JSON object",
      source: "[ToolUseBlock](https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html)",
    },
    duplicate_call_id: {
      scope: "turn",
      refuses: "two `toolUse` blocks of one message with the same `toolUseId`",
      source: "BEDROCK_DUP_SOURCE",
    },
    blank_text: {
      refuses: "a `text` content block that is empty or only white space, in any message",
      words:
        "The text field in the ContentBlock object at messages.N.content.M is blank. Add text to the text field, and try again.",
      source: "BEDROCK_BLANK_SOURCE",
    },
  },
  notChecked: [
    "role alternation: the figure's writer joins consecutive turns of one role",
    '`status` on a `toolResult`, which the writer sets to `"error"` on an error result: AWS documents the field for Amazon Nova and Anthropic Claude 3 and 4 models only ([ToolResultBlock](https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultBlock.html)), and the verdict names no model; for another model, drop it (Strands Agents does: [sdk-python#686](https://github.com/strands-agents/sdk-python/pull/686))',
  ],
};

export const codec: WritingCodec<"bedrock"> = {
  ...formatMeta("bedrock"),
  carries: ["system", "tool_declarations", "error_status", "result_order"],
  // reasoningContent with its signature, image and document blocks with their bytes: the figure keeps neither.
  places: ["reasoning", "media"],
  pairing: 'toolUse.toolUseId ↔ toolResult.toolUseId (in the next user message; status "error" for a failed call)',
  detect,
  parse,
  request: bedrockRequest,
  // A whole run ends on the model's reply, which sent as it is would be a prefill: like Anthropic's, the transcript is
  // the body's content without the model (`modelId`), a record rather than a request to send.
  transcript: (trace: Trace) => {
    const { modelId: _modelId, ...record } = bedrockRequest(runMessages(trace), trace.tools);
    return record;
  },
  replay,
};
