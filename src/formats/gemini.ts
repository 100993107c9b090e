/**
 * Google Gemini `generateContent`: a request body (`contents`, `systemInstruction`, `tools[].functionDeclarations`),
 * a bare `contents` list, or a response body (`candidates[].content`). Roles are `user` and `model`; a tool call
 * is a `functionCall` part, its result a `functionResponse` part in the next `user` content. Pairing:
 * `functionCall.id` ↔ `functionResponse.id`; the id is optional (the API sets it on the calls the model makes, some models leave it out),
 * so a response without an id answers the earliest unanswered call of its name, and the import says so in a note.
 * A part's `thoughtSignature` (the model's encrypted reasoning state) is kept as a redacted reasoning part.
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

/** A Gemini content part, as sent. */
export type GeminiPart =
  | { text: string }
  | { functionCall: { id?: string; name: string; args: JsonObject }; thoughtSignature?: string }
  | { functionResponse: { id?: string; name: string; response: JsonObject } };

/**
 * The placeholder Google documents for a `thoughtSignature` no Gemini 3 model made ("context_engineering_is_the_way_to_go",
 * or "skip_thought_signature_validator"): Gemini 3 refuses the current turn's function calls without a signature, and
 * skips validating these. The writer puts the first on each model turn's first call (the figure keeps no real
 * signature's bytes); the reader takes either as no signature.
 */
export const PLACEHOLDER_SIGNATURE = "context_engineering_is_the_way_to_go";
const PLACEHOLDERS = new Set([PLACEHOLDER_SIGNATURE, "skip_thought_signature_validator"]);

/** A Gemini content: one turn. */
export interface GeminiContent {
  role: "user" | "model";
  parts: GeminiPart[];
}

/** A Gemini generateContent request body (POST …/models/MODEL:generateContent; the model is in the URL). */
export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: { text: string }[] };
  tools?: { functionDeclarations: { name: string; description: string; parametersJsonSchema: JsonObject }[] }[];
}

/**
 * A tool result as Gemini's `functionResponse.response` carries it: an object. A result that is a JSON object goes
 * as it is; any other text goes under `output`, an error's under `error` (Google's SDKs use those two keys).
 */
function responseOf(content: string, error: boolean): JsonObject {
  try {
    const parsed: unknown = JSON.parse(content);
    // An object goes as it is (a refusal's {error, message} included); an error object keeps its "error" key.
    if (isRecord(parsed) && (!error || "error" in parsed)) return parsed as JsonObject;
  } catch {
    // plain text: wrapped below
  }
  return error ? { error: content } : { output: content };
}

/**
 * Gemini: system notes go to `systemInstruction`; the model's turns have role `model`; a call is a `functionCall`
 * part (with the call's id, which the API echoes back), its result a `functionResponse` part in the next `user`
 * turn, in the order of the calls, consecutive results and user text in one turn (the roles alternate).
 */
export function geminiRequest(messages: readonly Message[], tools: readonly ToolDeclaration[]): GeminiRequest {
  const system = messages.flatMap((m) => (m.role === "system" ? [m.content] : []));
  const contents: GeminiContent[] = [];
  const turn = (role: "user" | "model"): GeminiPart[] => {
    const last = contents.at(-1);
    if (last?.role === role) return last.parts;
    const parts: GeminiPart[] = [];
    contents.push({ role, parts });
    return parts;
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "user") turn("user").push({ text: m.content });
    else if (m.role === "assistant") {
      const parts = turn("model");
      if (m.content !== null && m.content !== "") parts.push({ text: m.content });
      for (const call of m.toolCalls)
        parts.push({ functionCall: { id: call.callId, name: call.name, args: call.args } });
    } else {
      turn("user").push({
        functionResponse: { id: m.callId, name: m.name, response: responseOf(m.content, m.status === "error") },
      });
    }
  }
  // A turn's responses in the order of its calls, each under its call's id. Google pairs a response with its call by
  // `id` ("Populated by the client to match the corresponding function call id", FunctionResponse.id in the API
  // reference) but documents no order either way, and the id is optional (some models leave it out; Firebase's
  // reference says only the Gemini Developer API supports it, not Vertex AI), where only the order pairs them: the
  // calls' order is the one every Gemini endpoint takes. The order the results came back in is lost (the
  // `result_order` feature: the export says so).
  contents.forEach((content, i) => {
    const before = contents[i - 1];
    if (content.role !== "user" || before?.role !== "model") return;
    const order = before.parts.flatMap((part) => ("functionCall" in part ? [part.functionCall.id] : []));
    let leading = 0;
    while (leading < content.parts.length && "functionResponse" in (content.parts[leading] as GeminiPart)) leading += 1;
    const place = (part: GeminiPart) => {
      const at = "functionResponse" in part ? order.indexOf(part.functionResponse.id) : -1;
      return at < 0 ? order.length : at;
    };
    const responses = content.parts.slice(0, leading).sort((a, b) => place(a) - place(b));
    content.parts.splice(0, leading, ...responses);
  });
  // Each model turn's first call carries the placeholder signature (Gemini 3 validates the current turn's).
  for (const content of contents) {
    const first = content.role === "model" ? content.parts.find((part) => "functionCall" in part) : undefined;
    if (first !== undefined && "functionCall" in first) first.thoughtSignature = PLACEHOLDER_SIGNATURE;
  }
  const functions = tools.filter((t) => t.builtIn === undefined);
  return {
    ...(system.length === 0 ? {} : { systemInstruction: { parts: system.map((text) => ({ text })) } }),
    ...(functions.length === 0
      ? {}
      : {
          tools: [
            {
              functionDeclarations: functions.map((t) => ({
                name: t.name,
                description: t.description,
                parametersJsonSchema: t.parameters,
              })),
            },
          ],
        }),
    contents,
  };
}

// ---- reading -------------------------------------------------------------------------------------------------

/** Part fields only Gemini has, for detection. */
const GEMINI_PART_FIELDS = [
  "functionCall",
  "functionResponse",
  "inlineData",
  "fileData",
  "executableCode",
  "codeExecutionResult",
  "thoughtSignature",
];

/** A tool result's text: a `functionResponse.response` written compactly, or its `output` / `result` string. */
function responseText(response: unknown): string {
  for (const key of ["output", "result", "return_value", "content", "error"]) {
    const value = field(response, key);
    if (typeof value === "string" && isRecord(response) && Object.keys(response).length === 1) return value;
  }
  return compact(response ?? {});
}

/** Reading state across contents: ids minted for calls without one, and the calls still open, by name. */
interface Pairing {
  minted: number;
  readonly open: { callId: string; name: string }[];
  /** Indexes (in the messages read) of results paired by order and name, for the import's note. */
  readonly byOrder: number[];
  /** The ids the figure made for calls the API gave none (Gemini answers each by its function's name). */
  readonly made: Map<string, IdMaker>;
}

function readParts(content: unknown, at: string, pairing: Pairing, out: Message[]): void {
  if (!isRecord(content)) refuse(at, `expected a content object, got ${kindOf(content)}`);
  const role = str(content, "role") ?? "user";
  if (role !== "user" && role !== "model" && role !== "function")
    refuse(`${at}.role`, `"${role}" is not a Gemini role (user or model)`);
  const parts = needArray(field(content, "parts"), `${at}.parts`);
  const shown: MessagePart[] = [];
  const calls: ToolCall[] = [];
  let textOnly = false; // a user content of an empty text is still the user's turn
  const flush = () => {
    if (shown.length === 0 && textOnly && role !== "model") shown.push({ type: "text", text: "" });
    textOnly = false;
    if (shown.length === 0) return;
    out.push(role === "model" ? assistantMessage([...shown], [...calls]) : plainMessage("user", [...shown]));
    shown.length = 0;
    calls.length = 0;
  };
  parts.forEach((part, i) => {
    const partAt = `${at}.parts.${i}`;
    if (!isRecord(part)) refuse(partAt, `expected a part object, got ${kindOf(part)}`);
    if (
      typeof part.thoughtSignature === "string" &&
      part.thoughtSignature !== "" &&
      !PLACEHOLDERS.has(part.thoughtSignature)
    )
      shown.push({ type: "reasoning", text: "", redacted: true, signed: true });
    if (typeof part.text === "string") {
      if (part.thought === true) shown.push({ type: "reasoning", text: part.text, redacted: false });
      else if (part.text !== "") shown.push({ type: "text", text: part.text });
      else textOnly = true;
      return;
    }
    if (isRecord(part.functionCall)) {
      const fn = part.functionCall;
      const name = needString(fn, "name", `${partAt}.functionCall`);
      let callId = str(fn, "id");
      if (callId === undefined || callId === "") {
        pairing.minted += 1;
        callId = `functionCall_${pairing.minted}`;
        pairing.made.set(callId, "byName");
      }
      const call = toolCall(callId, name, field(fn, "args") ?? {}, "object");
      pairing.open.push({ callId, name });
      calls.push(call);
      const signed = typeof part.thoughtSignature === "string" && part.thoughtSignature !== "";
      shown.push(signed ? { type: "tool_call", callId, signed } : { type: "tool_call", callId });
      return;
    }
    if (isRecord(part.functionResponse)) {
      flush();
      const fn = part.functionResponse;
      const name = needString(fn, "name", `${partAt}.functionResponse`);
      const id = str(fn, "id");
      let callId = id;
      if (id === undefined || id === "") {
        const index = pairing.open.findIndex((c) => c.name === name);
        callId = index >= 0 ? (pairing.open.splice(index, 1)[0]?.callId ?? name) : `functionCall_${name}`;
        pairing.byOrder.push(out.length);
      } else {
        const index = pairing.open.findIndex((c) => c.callId === id);
        if (index >= 0) pairing.open.splice(index, 1);
      }
      const response = field(fn, "response");
      out.push({
        role: "tool",
        callId: callId as string,
        name,
        // Gemini has no error flag: a response with an "error" key is an error, as Google's SDKs write one.
        status: isRecord(response) && "error" in response ? "error" : "ok",
        content: responseText(response),
        replayed: false,
      });
      return;
    }
    if (isRecord(part.inlineData) || isRecord(part.fileData)) {
      const mime = str(part.inlineData ?? part.fileData, "mimeType") ?? "";
      shown.push({
        type: "media",
        media: mime.startsWith("image/") ? "image" : mime.startsWith("audio/") ? "audio" : "file",
      });
      return;
    }
    if (isRecord(part.executableCode)) {
      shown.push({
        type: "provider_tool",
        id: "",
        name: "code_execution",
        input: str(part.executableCode, "code") ?? "",
      });
      return;
    }
    if (isRecord(part.codeExecutionResult)) {
      shown.push({
        type: "provider_result",
        id: "",
        name: "code_execution",
        content: str(part.codeExecutionResult, "output") ?? "",
      });
      return;
    }
    const known = Object.keys(part).find((key) => key !== "thoughtSignature" && key !== "thought");
    if (known === undefined) return; // a bare signature: kept above
    shown.push({ type: "other", original: known });
  });
  flush();
}

function readContents(contents: readonly unknown[], path: string, pairing: Pairing): Message[] {
  const out: Message[] = [];
  contents.forEach((content, i) => {
    readParts(content, `${path}.${i}`.replace(/^\./, ""), pairing, out);
  });
  return out;
}

function readTools(data: unknown): ToolDeclaration[] {
  return list(data, "tools").flatMap((tool) => {
    const declared = list(tool, "functionDeclarations").map((f) =>
      declaration(
        str(f, "name") ?? "",
        field(f, "description"),
        field(f, "parametersJsonSchema") ?? field(f, "parameters_json_schema") ?? field(f, "parameters"),
      ),
    );
    const builtIn = isRecord(tool)
      ? Object.keys(tool)
          .filter((key) => key !== "functionDeclarations")
          .map((key) => builtInDeclaration(key, tool[key]))
      : [];
    return [...declared, ...builtIn];
  });
}

function systemOf(data: unknown): Message[] {
  const instruction = field(data, "systemInstruction") ?? field(data, "system_instruction");
  if (instruction === undefined) return [];
  if (typeof instruction === "string") return [plainMessage("system", [{ type: "text", text: instruction }])];
  const text = list(instruction, "parts").flatMap((p) =>
    typeof field(p, "text") === "string" ? [str(p, "text") ?? ""] : [],
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

/** The messages read, and which results were paired by order and name (their message indexes). */
export function parseGemini(data: unknown): ParseResult {
  const pairing: Pairing = { minted: 0, open: [], byOrder: [], made: new Map() };
  const result = reading((): Neutral => {
    if (Array.isArray(data)) return { messages: readContents(data, "", pairing), tools: [], shape: "messages" };
    const candidates = field(data, "candidates");
    if (Array.isArray(candidates)) {
      return {
        messages: readContents([field(candidates[0], "content")], "candidates.0.content", pairing),
        tools: [],
        shape: "response",
      };
    }
    const contents = needArray(field(data, "contents"), "contents");
    const system = systemOf(data);
    const messages = readContents(contents, "contents", pairing);
    pairing.byOrder.forEach((index, i) => {
      pairing.byOrder[i] = index + system.length;
    });
    return { messages: [...system, ...messages], tools: readTools(data), shape: "request" };
  });
  return result.ok
    ? {
        ...result,
        neutral: {
          ...result.neutral,
          pairedByOrder: pairing.byOrder,
          ...(pairing.made.size === 0 ? {} : { madeIds: pairing.made }),
        },
      }
    : result;
}

/** How much a document looks like Gemini: `contents` or `candidates`, role `model`, Gemini's part fields. */
function detect(data: unknown): number {
  if (Array.isArray(field(data, "candidates")) && isRecord(field(list(data, "candidates")[0], "content"))) return 9;
  const contents = Array.isArray(data) ? data : list(data, "contents");
  if (!Array.isArray(data) && Array.isArray(field(data, "contents"))) return 9;
  let score = 0;
  for (const content of contents) {
    if (!Array.isArray(field(content, "parts"))) continue;
    if (field(content, "role") === "model") score = Math.max(score, 8);
    for (const part of list(content, "parts")) {
      if (GEMINI_PART_FIELDS.some((key) => field(part, key) !== undefined)) score = Math.max(score, 8);
    }
  }
  return score;
}

/** The Google Gemini generateContent codec. */
/**
 * What Google refuses in a generateContent request made of a history (its documents and its error texts). Gemini
 * 3 also validates the `thoughtSignature` of the first function call of each step of the current turn: the writer
 * above puts Google's placeholder on every model turn's first call, so only a history recorded in Gemini can lack it.
 */
const replay: Replay = {
  by: "Gemini",
  results: "next_turn_first",
  turns: "contents",
  models: ["Gemini 2.5", "Gemini 3"],
  rules: {
    call_without_result: {
      refuses: "a function call turn not answered with as many `functionResponse` parts",
      words:
        "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
      source: "reported ([gemini-cli#16984](https://github.com/google-gemini/gemini-cli/issues/16984))",
    },
    result_not_right_after_call: {
      refuses: "a `functionResponse` that is not first in the turn right after its call",
      words: "Please ensure that function response turn comes immediately after a function call turn.",
      source: "reported ([gemini-cli#16984](https://github.com/google-gemini/gemini-cli/issues/16984))",
    },
    result_without_call: {
      refuses: "a `functionResponse` that answers no call of the model's turn before it, or a second one",
      words: "Please ensure that function response turn comes immediately after a function call turn.",
      wordsForSecond:
        "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
      source:
        "[function calling](https://ai.google.dev/gemini-api/docs/function-calling) (each response answers a call of the turn before); the words as reported ([gemini-cli#16984](https://github.com/google-gemini/gemini-cli/issues/16984))",
    },
    first_message_not_user: {
      onlyWithCall: true,
      refuses: "a conversation whose first turn is the model's and holds a function call",
      words:
        "Please ensure that function call turn comes immediately after a user turn or after a function response turn.",
      source: "reported ([gemini-cli#11814](https://github.com/google-gemini/gemini-cli/issues/11814))",
    },
    arguments_not_object: {
      refuses: "a `functionCall` whose `args` is not a JSON object",
      source: "the `FunctionCall.args` schema (a `Struct`)",
    },
    signature_missing: {
      models: "Gemini 3",
      refuses:
        "for a history recorded in Gemini: the first `functionCall` of a step of the current turn (from the last user message with text) without its `thoughtSignature`, refused by Gemini 3 models (Gemini 2.5 takes it; the figure's writer puts Google's placeholder there)",
      words: "Function call is missing a thought_signature in functionCall parts.",
      source:
        '[thought signatures](https://ai.google.dev/gemini-api/docs/thought-signatures) ("The first functionCall part in each step of the current turn must include its thought_signature"); the words as reported ([nanbingxyz/5ire#405](https://github.com/nanbingxyz/5ire/issues/405))',
    },
  },
  notChecked: [
    "a first model turn of text only: no Google document or error refuses it",
    "role alternation: the figure's writer joins consecutive turns of one role",
  ],
};

export const codec: WritingCodec<"gemini"> = {
  ...formatMeta("gemini"),
  carries: ["system", "tool_declarations", "error_status"],
  // A part's thoughtSignature and inline data: the figure keeps neither (only that a signature was there).
  places: ["reasoning", "media"],
  pairing:
    "functionCall.id ↔ functionResponse.id, written in the order of the calls; a response without an id answers the earliest open call of its name (said in a note)",
  detect,
  parse: parseGemini,
  request: geminiRequest,
  transcript: (trace: Trace) => geminiRequest(runMessages(trace), trace.tools),
  replay,
  // The placeholder signature, on each model turn with calls (consecutive model messages are one turn).
  adds: (messages) => {
    let count = 0;
    let first = -1;
    let turnHasCall = false;
    messages.forEach((m, i) => {
      if (m.role !== "assistant") turnHasCall = false;
      else if (m.toolCalls.length > 0 && !turnHasCall) {
        turnHasCall = true;
        count += 1;
        if (first < 0) first = i;
      }
    });
    return count === 0 ? [] : [{ kind: "placeholder_signature", count, index: first }];
  },
};
