/**
 * OpenAI Responses: a request body (`instructions`, `input` as text or items, `tools`), a bare item list, or a
 * response body (`{"object": "response", "output": [...]}`). Pairing: a `function_call` item's `call_id` ↔ a
 * `function_call_output` item's `call_id` (the item's own `id`, `fc_…`, is not the pairing key). One model turn is
 * every output item between two input items: its reasoning, its message and its function calls together.
 */
import type { JsonObject, Message, MessagePart, ToolCall, ToolDeclaration, Trace } from "../engine";
import { defined } from "../engine";
import { argumentsText, MODEL_PLACEHOLDER } from "./chat";
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
  list,
  type Neutral,
  type ParseResult,
  runMessages,
  str,
  type WritingCodec,
} from "./types";

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

/**
 * Whether a parameters schema meets Responses' strict mode (the API's default for function tools): every property
 * required and no others allowed, at the top level. The figure's own tools do; an imported tool whose schema does
 * not is declared with `strict: false`, as a host sending that schema would have to.
 */
function strictSchema(parameters: JsonObject): boolean {
  const properties = parameters.properties;
  const keys =
    typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  return parameters.additionalProperties === false && keys.every((key) => required.includes(key));
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
            arguments: argumentsText(call),
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
  const functions = tools.filter((t) => t.builtIn === undefined);
  return {
    model: MODEL_PLACEHOLDER,
    ...defined({ instructions: leading }),
    ...(functions.length === 0
      ? {}
      : {
          tools: functions.map((t) => ({
            type: "function" as const,
            name: t.name,
            description: t.description,
            parameters: t.parameters,
            strict: strictSchema(t.parameters),
          })),
        }),
    input,
  };
}

// ---- reading -------------------------------------------------------------------------------------------------

/** Items the provider runs itself: the model's turn holds them; the host runs nothing. */
const PROVIDER_CALLS = new Set([
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
  "mcp_approval_request",
]);
/**
 * Calls of built-in tools that the host (the client) runs, answered by a `*_output` item with the same `call_id`:
 * a custom (free-text) tool, computer use, a shell, apply_patch. Their arguments are text or an action object.
 */
const CLIENT_CALLS: Readonly<Record<string, string>> = {
  custom_tool_call: "custom",
  computer_call: "computer",
  local_shell_call: "local_shell",
  shell_call: "shell",
  apply_patch_call: "apply_patch",
};
const CLIENT_OUTPUTS = new Set([
  "function_call_output",
  "custom_tool_call_output",
  "computer_call_output",
  "local_shell_call_output",
  "shell_call_output",
  "apply_patch_call_output",
]);
/** Item types known to the Responses API, for detection. */
const ITEM_TYPES = new Set([
  "message",
  "function_call",
  "function_call_output",
  "reasoning",
  "item_reference",
  "mcp_approval_response",
  ...CLIENT_OUTPUTS,
  ...Object.keys(CLIENT_CALLS),
  ...PROVIDER_CALLS,
]);
const MEDIA: Readonly<Record<string, string>> = { input_image: "image", input_file: "file", input_audio: "audio" };

function contentParts(content: unknown, path: string): MessagePart[] {
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return needArray(content, path).map((part, i): MessagePart => {
    const type = str(part, "type");
    if (type === "input_text" || type === "output_text" || type === "text")
      return { type: "text", text: needString(part, "text", `${path}.${i}`) };
    if (type === "refusal") return { type: "refusal", text: str(part, "refusal") ?? "" };
    if (type !== undefined && MEDIA[type] !== undefined) return { type: "media", media: MEDIA[type] };
    if (type === undefined) return refuse(`${path}.${i}.type`, "missing");
    return { type: "other", original: type };
  });
}

const outputText = (output: unknown, path: string): string =>
  typeof output === "string"
    ? output
    : contentParts(output, path)
        .map((p) =>
          p.type === "text"
            ? p.text
            : placeholderText(p.type === "media" ? p.media : p.type === "other" ? p.original : p.type),
        )
        .join("\n");

/** What a provider-run item was asked to do, in short: its action, query, code or arguments. */
const providerInput = (item: Record<string, unknown>): string =>
  compact(item.action ?? item.arguments ?? item.code ?? item.queries ?? item.input ?? item.server_label ?? "");

/** What a provider-run item returned, when the item carries it. */
const providerOutput = (item: Record<string, unknown>): string | undefined => {
  const output = item.output ?? item.outputs ?? item.results ?? item.tools ?? item.result;
  return output === undefined || output === null ? undefined : compact(output);
};

function readItems(items: readonly unknown[], path: string, instructions: string | undefined): Message[] {
  const messages: Message[] = instructions ? [{ role: "system", content: instructions }] : [];
  const names = new Map<string, string>();
  // The model turn being gathered: output items until the next input item.
  let turn: { parts: MessagePart[]; calls: ToolCall[] } | null = null;
  const endTurn = () => {
    if (turn !== null) messages.push(assistantMessage(turn.parts, turn.calls));
    turn = null;
  };
  const inTurn = () => {
    turn ??= { parts: [], calls: [] };
    return turn;
  };
  items.forEach((item, i) => {
    const at = `${path}.${i}`;
    if (!isRecord(item)) refuse(at, `expected an item object, got ${kindOf(item)}`);
    const type = str(item, "type") ?? (typeof item.role === "string" ? "message" : undefined);
    if (type === undefined) refuse(`${at}.type`, "missing");
    if (type === "message") {
      const role = needString(item, "role", at);
      const parts = contentParts(item.content, `${at}.content`);
      if (role === "assistant") inTurn().parts.push(...parts);
      else if (role === "user" || role === "system" || role === "developer") {
        endTurn();
        messages.push(plainMessage(role === "user" ? "user" : "system", parts));
      } else refuse(`${at}.role`, `"${role}" is not a Responses message role`);
    } else if (type === "function_call") {
      const callId = needString(item, "call_id", at);
      const call = toolCall(callId, needString(item, "name", at), item.arguments ?? "");
      names.set(callId, call.name);
      const current = inTurn();
      current.calls.push(call);
      current.parts.push({ type: "tool_call", callId });
    } else if (CLIENT_CALLS[type] !== undefined) {
      const callId = needString(item, "call_id", at);
      const name = str(item, "name") ?? (CLIENT_CALLS[type] as string);
      const input = item.input ?? item.action ?? item.operation ?? {};
      const call: ToolCall = isRecord(input)
        ? toolCall(callId, name, input)
        : { callId, name, args: {}, rawArguments: typeof input === "string" ? input : compact(input) };
      names.set(callId, name);
      const current = inTurn();
      current.calls.push(call);
      current.parts.push({ type: "tool_call", callId });
    } else if (CLIENT_OUTPUTS.has(type)) {
      endTurn();
      const callId = needString(item, "call_id", at);
      messages.push({
        role: "tool",
        callId,
        name: names.get(callId) ?? "",
        status: "ok",
        content: isRecord(item.output) ? compact(item.output) : outputText(item.output, `${at}.output`),
        replayed: false,
      });
    } else if (type === "reasoning") {
      const summary = list(item, "summary").flatMap((s) =>
        typeof field(s, "text") === "string" ? [str(s, "text")] : [],
      );
      const content = list(item, "content").flatMap((s) =>
        typeof field(s, "text") === "string" ? [str(s, "text")] : [],
      );
      const text = [...summary, ...content].join("\n");
      inTurn().parts.push({ type: "reasoning", text, redacted: text === "" && item.encrypted_content !== undefined });
    } else if (PROVIDER_CALLS.has(type)) {
      const id = str(item, "id") ?? str(item, "call_id") ?? "";
      const name = str(item, "name") ?? type.replace(/_call$/, "");
      const current = inTurn();
      current.parts.push({ type: "provider_tool", id, name, input: providerInput(item) });
      const output = providerOutput(item);
      if (output !== undefined) current.parts.push({ type: "provider_result", id, name, content: output });
    } else {
      // item_reference, an approval response, a type this reader does not know: kept by name, in the model's turn.
      inTurn().parts.push({ type: "other", original: type });
    }
  });
  endTurn();
  return messages;
}

function readTools(data: unknown): ToolDeclaration[] {
  return list(data, "tools").map((t) => {
    const type = str(t, "type") ?? "function";
    const name = str(t, "name");
    return type === "function" && name !== undefined
      ? declaration(name, field(t, "description"), field(t, "parameters"))
      : builtInDeclaration(type, t);
  });
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (Array.isArray(data)) return { messages: readItems(data, "", undefined), tools: [], shape: "messages" };
    const instructions = str(data, "instructions");
    if (
      field(data, "object") === "response" ||
      (field(data, "input") === undefined && Array.isArray(field(data, "output")))
    ) {
      const output = needArray(field(data, "output"), "output");
      return { messages: readItems(output, "output", instructions), tools: readTools(data), shape: "response" };
    }
    const input = field(data, "input");
    const items = typeof input === "string" ? [{ role: "user", content: input }] : needArray(input, "input");
    return { messages: readItems(items, "input", instructions), tools: readTools(data), shape: "request" };
  });
}

/** How much a document looks like Responses: an `input` or `output`, or items of its types. */
function detect(data: unknown): number {
  if (field(data, "object") === "response" && Array.isArray(field(data, "output"))) return 9;
  if (field(data, "input") !== undefined && !Array.isArray(data)) return 8;
  const items = Array.isArray(data) ? data : [];
  let score = 0;
  for (const item of items) {
    const type = str(item, "type");
    if (type !== undefined && type !== "message" && ITEM_TYPES.has(type)) score = Math.max(score, 6);
    for (const part of list(item, "content")) {
      const partType = str(part, "type") ?? "";
      if (partType.startsWith("input_") || partType === "output_text") score = Math.max(score, 6);
    }
  }
  return score;
}

/** The OpenAI Responses codec. */
/** What OpenAI refuses in a Responses request made of a history: outputs and calls pair by `call_id` wherever they stand. */
const replay: Replay = {
  by: "OpenAI",
  results: "anywhere_later",
  rules: {
    call_without_result: {
      refuses: "a call with no output anywhere after it",
      words: "No tool output found for function call",
      source: "reported ([openai-agents-python#673](https://github.com/openai/openai-agents-python/issues/673))",
    },
    result_without_call: {
      refuses: "an output with no earlier call of its `call_id`, or a second output for one call",
      words: "No tool call found for function call output with call_id",
      wordsForSecond:
        "Duplicate function_call_output for call_id '…'. Each function_call must have exactly one matching function_call_output",
      source:
        "reported ([openai-go#43](https://github.com/openai/openai-go/issues/43)); a second output, [hermes-agent#102629](https://github.com/NousResearch/hermes-agent/issues/102629) (through a gateway, quoting the upstream error)",
    },
    duplicate_call_id: {
      scope: "history",
      refuses:
        "one `call_id` used by two calls anywhere in the input, even when each is answered before the next (an id an agent reuses across turns)",
      words:
        "Duplicate function_call_output for call_id '…'. Each function_call must have exactly one matching function_call_output",
      source:
        "reported ([hermes-agent#102629](https://github.com/NousResearch/hermes-agent/issues/102629), [llm-gateway#2858](https://github.com/mnfst/llm-gateway/pull/2858))",
    },
  },
  notChecked: [
    "where an output stands: Responses pairs by `call_id` wherever it is (not confirmed either way)",
    "a reasoning item missing beside a function call: refused only when the call keeps its `fc_` item id, which the figure does not write",
    "invalid JSON in `arguments`: a string the API does not validate",
  ],
};

export const codec: WritingCodec<"responses"> = {
  ...formatMeta("responses"),
  // Reasoning items (their encrypted content) and input images: the figure keeps neither.
  places: ["reasoning", "media"],
  carries: ["system", "mid_run_system", "tool_declarations", "raw_arguments", "result_order"],
  pairing: "function_call.call_id ↔ function_call_output.call_id (not the item id fc_…)",
  detect,
  parse,
  request: responsesRequest,
  transcript: (trace: Trace) => responsesRequest(runMessages(trace), trace.tools),
  replay,
};
