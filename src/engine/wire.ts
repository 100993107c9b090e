/**
 * Wire formats: the request a host would send at a model call, as exact JSON for OpenAI Chat Completions, OpenAI
 * Responses and Anthropic Messages, from a trace's neutral messages and declared tools. Pure functions. Fields
 * that exist in no API (the neutral `status`, `replayed`) never appear; a refused call's result is Anthropic's
 * `is_error: true` and, in the OpenAI formats (which have no such flag), the error text itself.
 * tests/unit/wire.test.ts type-checks every output against the official SDKs' request types.
 */
import type { JsonObject } from "./json.ts";
import type { Message, Step, ToolCall, ToolDeclaration, Trace } from "./trace.ts";

/** The formats a context can be shown in: the trace's own (neutral) one, or a provider's request. */
export type WireFormat = "neutral" | "chat" | "responses" | "anthropic";

/** Every format, the neutral one first. */
export const WIRE_FORMATS: readonly WireFormat[] = ["neutral", "chat", "responses", "anthropic"];

/** The model name written into requests: a placeholder, since the figure calls no real model. */
export const MODEL_PLACEHOLDER = "MODEL_NAME";

// ---- OpenAI Chat Completions ------------------------------------------------------------------------------

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

const callArguments = (call: ToolCall) => JSON.stringify(call.args);

/** Chat Completions: tool calls carry `id`, results answer with `role: "tool"` and `tool_call_id`. */
export function chatRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): ChatRequest {
  const out: ChatMessage[] = messages.map((m): ChatMessage => {
    switch (m.role) {
      case "system":
      case "user":
        return { role: m.role, content: m.content };
      case "assistant":
        return m.toolCalls.length === 0
          ? { role: "assistant", content: m.content }
          : {
              role: "assistant",
              content: m.content,
              tool_calls: m.toolCalls.map((call) => ({
                id: call.callId,
                type: "function",
                function: { name: call.name, arguments: callArguments(call) },
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
  return {
    model: MODEL_PLACEHOLDER,
    ...(tools.length === 0
      ? {}
      : {
          tools: tools.map((t) => ({
            type: "function" as const,
            function: { name: t.name, description: t.description, parameters: t.parameters },
          })),
        }),
    messages: out,
  };
}

// ---- OpenAI Responses -------------------------------------------------------------------------------------

/** A Responses input item, as sent. */
export type ResponsesItem =
  | { role: "user" | "assistant" | "system"; content: string }
  | { type: "function_call"; call_id: string; name: string; arguments: string }
  | { type: "function_call_output"; call_id: string; output: string };

/** A Responses request body (POST /v1/responses). */
export interface ResponsesRequest {
  model: string;
  instructions?: string;
  input: ResponsesItem[];
  tools?: { type: "function"; name: string; description: string; parameters: JsonObject; strict: boolean }[];
}

/** Responses: a leading system note becomes `instructions`; calls are `function_call` items with `call_id`. */
export function responsesRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): ResponsesRequest {
  const [first, ...rest] = messages;
  const leading = first?.role === "system" ? first.content : undefined;
  const input: ResponsesItem[] = (leading === undefined ? messages : rest).flatMap((m): ResponsesItem[] => {
    switch (m.role) {
      case "system":
      case "user":
        return [{ role: m.role, content: m.content }];
      case "assistant":
        return [
          ...(m.content === null || m.content === "" ? [] : [{ role: "assistant" as const, content: m.content }]),
          ...m.toolCalls.map((call) => ({
            type: "function_call" as const,
            call_id: call.callId,
            name: call.name,
            arguments: callArguments(call),
          })),
        ];
      case "tool":
        return [{ type: "function_call_output", call_id: m.callId, output: m.content }];
      default: {
        const never: never = m;
        return never;
      }
    }
  });
  return {
    model: MODEL_PLACEHOLDER,
    ...(leading === undefined ? {} : { instructions: leading }),
    ...(tools.length === 0
      ? {}
      : {
          tools: tools.map((t) => ({
            type: "function" as const,
            name: t.name,
            description: t.description,
            parameters: t.parameters,
            strict: false,
          })),
        }),
    input,
  };
}

// ---- Anthropic Messages -----------------------------------------------------------------------------------

/** An Anthropic content block, as sent. */
export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: JsonObject }
  | { type: "tool_result"; tool_use_id: string; content: string; is_error?: true };

/** An Anthropic message, as sent: the roles alternate, tool results go back in a user turn. */
export interface AnthropicMessage {
  role: "user" | "assistant";
  content: string | AnthropicBlock[];
}

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
 * result is a `tool_result` block with `tool_use_id` in the next user turn (results of one turn together), with
 * `is_error: true` for a refused call.
 */
export function anthropicRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): AnthropicRequest {
  const system = messages.flatMap((m) => (m.role === "system" ? [m.content] : [])).join("\n\n");
  const out: AnthropicMessage[] = [];
  for (const m of messages) {
    if (m.role === "system") continue;
    const last = out.at(-1);
    if (m.role === "user") {
      out.push({ role: "user", content: m.content });
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
      const block: AnthropicBlock = {
        type: "tool_result",
        tool_use_id: m.callId,
        content: m.content,
        ...(m.status === "error" ? { is_error: true as const } : {}),
      };
      if (last?.role === "user" && Array.isArray(last.content) && last.content.every((b) => b.type === "tool_result")) {
        last.content.push(block);
      } else out.push({ role: "user", content: [block] });
    }
  }
  return {
    model: MODEL_PLACEHOLDER,
    max_tokens: 1024,
    ...(system === "" ? {} : { system }),
    ...(tools.length === 0
      ? {}
      : {
          tools: tools.map((t) => ({
            name: t.name,
            description: t.description,
            input_schema: { ...t.parameters, type: "object" as const },
          })),
        }),
    messages: out,
  };
}

/**
 * The request a host would send for the context at `step` (its most recent model call), in `format`; the neutral
 * format is the trace's own messages and tools.
 * @example wireRequest("anthropic", trace, trace.steps[5]).messages.at(-1) // the tool_result turn
 */
export function wireRequest(format: WireFormat, trace: Pick<Trace, "messages" | "tools">, step: Step): unknown {
  return inFormat(format, trace.messages.slice(0, step.contextEnd), trace.tools);
}

/**
 * The whole run as one transcript in `format`: every message the host recorded, then the model's final reply
 * (a reply without tool calls ends the loop, so no later request carries it). Importing it gives back the same
 * messages, the reply included.
 * @example wireTranscript("chat", runScenario(f22Scenario("en"))).messages.at(-1) // { role: "assistant", content: "timeout is 30" }
 */
export function wireTranscript(format: WireFormat, trace: Pick<Trace, "messages" | "tools" | "steps">): unknown {
  const answer = trace.steps.find((step) => step.kind === "answer");
  const last = trace.messages.at(-1);
  const replied = answer !== undefined && !(last?.role === "assistant" && last.content === answer.text);
  const messages: readonly Message[] = replied
    ? [...trace.messages, { role: "assistant", content: answer.text, toolCalls: [] }]
    : trace.messages;
  return inFormat(format, messages, trace.tools);
}

function inFormat(format: WireFormat, messages: readonly Message[], tools: readonly ToolDeclaration[]): unknown {
  switch (format) {
    case "chat":
      return chatRequest(messages, tools);
    case "responses":
      return responsesRequest(messages, tools);
    case "anthropic":
      return anthropicRequest(messages, tools);
    default:
      return { tools, messages };
  }
}
