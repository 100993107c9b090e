/**
 * Import a real agent run: a provider's request body (OpenAI Chat Completions, OpenAI Responses, Anthropic
 * Messages) or just its list of messages / input items, detected or chosen, turned into a neutral trace in the
 * same lanes, call_ids paired. Pairing problems are reported at their step, never hidden: a tool call without a
 * result, a result whose id matches no call, a duplicate id, a result before its call. Nothing is executed.
 */
import * as v from "valibot";
import {
  LANES,
  type Message,
  type Step,
  type ToolCall,
  type ToolDeclaration,
  TRACE_VERSION,
  type Trace,
} from "../engine";
import { jsonErrorPlace, type TraceProblem } from "./schema";

/** The formats a transcript can come in. */
export type TranscriptFormat = "chat" | "responses" | "anthropic";

/** A pairing problem found in an imported transcript, at the step where it shows. */
export interface PairingProblem {
  readonly kind: "missing_result" | "unknown_call" | "duplicate_id" | "result_before_call";
  readonly callId: string;
  /** 1-based step of the trace where the problem shows. */
  readonly step: number;
}

const text = v.string();
const parts = v.array(v.looseObject({ type: v.optional(v.string()), text: v.optional(v.string()) }));
const textOf = (content: string | readonly { text?: string | undefined }[] | null | undefined): string =>
  typeof content === "string" ? content : (content ?? []).map((p) => p.text ?? "").join("");
const jsonArgs = (raw: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { arguments: raw };
  } catch {
    return { arguments: raw };
  }
};

// ---- schemas (loose: real transcripts carry more fields than the figure needs) ----------------------------

const chatMessage = v.variant("role", [
  v.looseObject({ role: v.picklist(["system", "developer"]), content: v.union([text, parts]) }),
  v.looseObject({ role: v.literal("user"), content: v.union([text, parts]) }),
  v.looseObject({
    role: v.literal("assistant"),
    content: v.optional(v.nullable(v.union([text, parts]))),
    tool_calls: v.optional(
      v.array(v.looseObject({ id: text, function: v.looseObject({ name: text, arguments: text }) })),
    ),
  }),
  v.looseObject({ role: v.literal("tool"), tool_call_id: text, content: v.union([text, parts]) }),
]);
const chatTool = v.looseObject({
  function: v.looseObject({
    name: text,
    description: v.optional(text),
    parameters: v.optional(v.record(text, v.unknown())),
  }),
});
const chatBody = v.looseObject({ messages: v.array(chatMessage), tools: v.optional(v.array(chatTool)) });

const responsesItem = v.union([
  v.looseObject({ type: v.literal("function_call"), call_id: text, name: text, arguments: text }),
  v.looseObject({ type: v.literal("function_call_output"), call_id: text, output: v.union([text, parts]) }),
  v.looseObject({
    type: v.optional(v.literal("message")),
    role: v.picklist(["system", "developer", "user", "assistant"]),
    content: v.union([text, parts]),
  }),
]);
const responsesTool = v.looseObject({
  name: text,
  description: v.optional(v.nullable(text)),
  parameters: v.optional(v.nullable(v.record(text, v.unknown()))),
});
const responsesBody = v.looseObject({
  instructions: v.optional(v.nullable(text)),
  input: v.union([text, v.array(responsesItem)]),
  tools: v.optional(v.array(responsesTool)),
});

const anthropicBlock = v.variant("type", [
  v.looseObject({ type: v.literal("text"), text }),
  v.looseObject({ type: v.literal("tool_use"), id: text, name: text, input: v.record(text, v.unknown()) }),
  v.looseObject({
    type: v.literal("tool_result"),
    tool_use_id: text,
    content: v.optional(v.union([text, parts])),
    is_error: v.optional(v.boolean()),
  }),
]);
const anthropicMessage = v.looseObject({
  role: v.picklist(["user", "assistant"]),
  content: v.union([text, v.array(anthropicBlock)]),
});
const anthropicTool = v.looseObject({
  name: text,
  description: v.optional(text),
  input_schema: v.optional(v.record(text, v.unknown())),
});
const anthropicBody = v.looseObject({
  system: v.optional(v.union([text, parts])),
  messages: v.array(anthropicMessage),
  tools: v.optional(v.array(anthropicTool)),
});

// ---- detection ---------------------------------------------------------------------------------------------

const has = (value: unknown, key: string): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && key in value;

/** Which format a parsed transcript looks like: a body's fields, else its items' telltale fields. */
export function detectFormat(data: unknown): TranscriptFormat {
  if (has(data, "input")) return "responses";
  const items: unknown[] = Array.isArray(data)
    ? data
    : has(data, "messages") && Array.isArray(data.messages)
      ? data.messages
      : [];
  if (has(data, "system") && !Array.isArray(data)) return "anthropic";
  for (const item of items) {
    if (has(item, "type") && (item.type === "function_call" || item.type === "function_call_output"))
      return "responses";
    if (has(item, "tool_calls") || (has(item, "role") && item.role === "tool")) return "chat";
    if (has(item, "content") && Array.isArray(item.content)) {
      if (item.content.some((b) => has(b, "type") && (b.type === "tool_use" || b.type === "tool_result")))
        return "anthropic";
    }
  }
  return "chat";
}

// ---- to neutral messages ------------------------------------------------------------------------------------

interface Neutral {
  readonly messages: Message[];
  readonly tools: ToolDeclaration[];
}

const declaration = (name: string, description: string | null | undefined, parameters: unknown): ToolDeclaration => ({
  name,
  description: description ?? "",
  parameters: (parameters ?? { type: "object" }) as ToolDeclaration["parameters"],
});

function fromChat(body: v.InferOutput<typeof chatBody>): Neutral {
  const names = new Map<string, string>();
  const messages = body.messages.map((m): Message => {
    switch (m.role) {
      case "system":
      case "developer":
        return { role: "system", content: textOf(m.content) };
      case "user":
        return { role: "user", content: textOf(m.content) };
      case "assistant": {
        const toolCalls: ToolCall[] = (m.tool_calls ?? []).map((c) => {
          names.set(c.id, c.function.name);
          return { callId: c.id, name: c.function.name, args: jsonArgs(c.function.arguments) as ToolCall["args"] };
        });
        const content = m.content === undefined || m.content === null ? null : textOf(m.content);
        return { role: "assistant", content, toolCalls };
      }
      default:
        return {
          role: "tool",
          callId: m.tool_call_id,
          name: names.get(m.tool_call_id) ?? "",
          status: "ok",
          content: textOf(m.content),
          replayed: false,
        };
    }
  });
  return {
    messages,
    tools: (body.tools ?? []).map((t) => declaration(t.function.name, t.function.description, t.function.parameters)),
  };
}

function fromResponses(body: v.InferOutput<typeof responsesBody>): Neutral {
  const messages: Message[] = [];
  if (body.instructions) messages.push({ role: "system", content: body.instructions });
  const names = new Map<string, string>();
  const items: readonly v.InferOutput<typeof responsesItem>[] =
    typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  for (const item of items) {
    if (item.type === "function_call") {
      names.set(item.call_id, item.name);
      const call: ToolCall = {
        callId: item.call_id,
        name: item.name,
        args: jsonArgs(item.arguments) as ToolCall["args"],
      };
      const last = messages.at(-1);
      // Consecutive function calls are one model turn (parallel calls).
      if (last?.role === "assistant" && last.toolCalls.length > 0)
        messages[messages.length - 1] = { ...last, toolCalls: [...last.toolCalls, call] };
      else messages.push({ role: "assistant", content: null, toolCalls: [call] });
    } else if (item.type === "function_call_output") {
      messages.push({
        role: "tool",
        callId: item.call_id,
        name: names.get(item.call_id) ?? "",
        status: "ok",
        content: textOf(item.output),
        replayed: false,
      });
    } else {
      const content = textOf(item.content);
      if (item.role === "assistant") messages.push({ role: "assistant", content, toolCalls: [] });
      else messages.push({ role: item.role === "user" ? "user" : "system", content });
    }
  }
  return { messages, tools: (body.tools ?? []).map((t) => declaration(t.name, t.description, t.parameters)) };
}

function fromAnthropic(body: v.InferOutput<typeof anthropicBody>): Neutral {
  const messages: Message[] = [];
  if (body.system !== undefined) messages.push({ role: "system", content: textOf(body.system) });
  const names = new Map<string, string>();
  for (const m of body.messages) {
    if (typeof m.content === "string") {
      messages.push(
        m.role === "user"
          ? { role: "user", content: m.content }
          : { role: "assistant", content: m.content, toolCalls: [] },
      );
      continue;
    }
    if (m.role === "assistant") {
      const said = m.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
      const toolCalls = m.content.flatMap((b): ToolCall[] => {
        if (b.type !== "tool_use") return [];
        names.set(b.id, b.name);
        return [{ callId: b.id, name: b.name, args: b.input as ToolCall["args"] }];
      });
      messages.push({ role: "assistant", content: said === "" ? null : said, toolCalls });
      continue;
    }
    for (const b of m.content) {
      if (b.type === "tool_result") {
        messages.push({
          role: "tool",
          callId: b.tool_use_id,
          name: names.get(b.tool_use_id) ?? "",
          status: b.is_error === true ? "error" : "ok",
          content: textOf(b.content),
          replayed: false,
        });
      } else if (b.type === "text") messages.push({ role: "user", content: b.text });
    }
  }
  return { messages, tools: (body.tools ?? []).map((t) => declaration(t.name, t.description, t.input_schema)) };
}

// ---- to a trace ---------------------------------------------------------------------------------------------

const none: readonly string[] = Object.freeze([]);
const noChanges: Step["fileChanges"] = Object.freeze([]);
const zero = { modelCalls: 0, toolExecutions: 0, simulatedWrites: 0 };

/**
 * The steps a transcript shows: the user's task, then each model turn (the host's model call, then the model's
 * proposal or reply) and each tool result (the tool's execution reported to the host); the host's checks are
 * not in a transcript. The outcome is `verification_missing`: a transcript carries no host check of the
 * environment.
 */
function toTrace(neutral: Neutral, name: string): { trace: Trace; problems: PairingProblem[] } {
  const { messages, tools } = neutral;
  const steps: Step[] = [];
  const problems: PairingProblem[] = [];
  const called = new Map<string, number>(); // call id → step that proposed it
  const answered = new Set<string>();
  let counters = zero;
  let contextEnd = 0;
  const firstUser = messages.find((m) => m.role === "user");
  // Each step's common fields are written out, not spread from a helper: object spread made this loop about
  // ten times slower, the bulk of a 2,000-message import.
  steps.push({
    number: 1,
    contextEnd,
    fileChanges: noChanges,
    counters,
    kind: "task",
    lane: "user",
    edge: { from: "user", to: "host" },
    callIds: none,
    toolResult: null,
    request: firstUser?.role === "user" ? firstUser.content : "",
  });
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      const appendedFrom = contextEnd;
      contextEnd = i;
      counters = { ...counters, modelCalls: counters.modelCalls + 1 };
      steps.push({
        number: steps.length + 1,
        contextEnd,
        fileChanges: noChanges,
        counters,
        kind: "model_call",
        lane: "host",
        edge: { from: "host", to: "model" },
        callIds: none,
        toolResult: null,
        modelCall: counters.modelCalls,
        appendedFrom,
      });
      if (m.toolCalls.length === 0) {
        steps.push({
          number: steps.length + 1,
          contextEnd,
          fileChanges: noChanges,
          counters,
          kind: "answer",
          lane: "model",
          edge: { from: "model", to: "host" },
          callIds: none,
          toolResult: null,
          text: m.content ?? "",
        });
      } else {
        steps.push({
          number: steps.length + 1,
          contextEnd,
          fileChanges: noChanges,
          counters,
          kind: "proposal",
          lane: "model",
          edge: { from: "model", to: "host" },
          callIds: m.toolCalls.map((c) => c.callId),
          toolResult: null,
          calls: m.toolCalls,
        });
        for (const call of m.toolCalls) {
          if (called.has(call.callId)) {
            problems.push({ kind: "duplicate_id", callId: call.callId, step: steps.length });
          }
          called.set(call.callId, steps.length);
        }
      }
    } else if (m.role === "tool") {
      counters = { ...counters, toolExecutions: counters.toolExecutions + 1 };
      const { role: _role, ...result } = m;
      steps.push({
        number: steps.length + 1,
        contextEnd,
        fileChanges: noChanges,
        counters,
        kind: "execution",
        lane: "tool",
        edge: { from: "tool", to: "host" },
        callIds: [m.callId],
        toolResult: result,
        call: { callId: m.callId, name: m.name, args: {} },
      });
      if (!called.has(m.callId)) {
        const later = messages
          .slice(i + 1)
          .some((n) => n.role === "assistant" && n.toolCalls.some((c) => c.callId === m.callId));
        problems.push({ kind: later ? "result_before_call" : "unknown_call", callId: m.callId, step: steps.length });
      }
      answered.add(m.callId);
    }
  });
  const pending = [...called.keys()].filter((id) => !answered.has(id));
  for (const id of pending) problems.push({ kind: "missing_result", callId: id, step: called.get(id) ?? 1 });
  const last = [...messages].reverse().find((m) => m.role === "assistant");
  steps.push({
    number: steps.length + 1,
    contextEnd,
    fileChanges: noChanges,
    counters,
    kind: "finish",
    lane: "host",
    edge: { from: "host", to: "user" },
    callIds: none,
    toolResult: null,
    outcome: "verification_missing",
    pendingCallIds: pending,
    verified: null,
    answer: last?.role === "assistant" && last.toolCalls.length === 0 ? last.content : null,
  });
  const trace: Trace = {
    version: TRACE_VERSION,
    scenarioId: name,
    lanes: LANES,
    messages,
    files: [],
    steps,
    outcome: "verification_missing",
    counters,
    budget: Math.max(1, counters.modelCalls),
    tools,
  };
  problems.sort((a, b) => a.step - b.step);
  return { trace, problems };
}

/** What an import returns: a trace with its pairing problems, or why nothing could be imported. */
export type ImportResult =
  | {
      readonly ok: true;
      readonly format: TranscriptFormat;
      readonly trace: Trace;
      readonly problems: readonly PairingProblem[];
    }
  | { readonly ok: false; readonly format: TranscriptFormat | null; readonly errors: readonly TraceProblem[] };

/**
 * Import a transcript from its JSON text, in `format` or the one detected.
 * @example importTranscript(JSON.stringify(chatRequest(messages, tools))).ok // true
 */
export function importTranscript(source: string, format?: TranscriptFormat, name = "imported"): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return { ok: false, format: null, errors: [{ message: "not valid JSON", ...(jsonErrorPlace(source) ?? {}) }] };
  }
  const chosen = format ?? detectFormat(data);
  const fail = (issues: readonly v.BaseIssue<unknown>[]): ImportResult => ({
    ok: false,
    format: chosen,
    errors: issues.slice(0, 20).map((issue) => ({ message: issue.message, path: v.getDotPath(issue) ?? "" })),
  });
  let neutral: Neutral;
  if (chosen === "chat") {
    const parsed = v.safeParse(chatBody, Array.isArray(data) ? { messages: data } : data);
    if (!parsed.success) return fail(parsed.issues);
    neutral = fromChat(parsed.output);
  } else if (chosen === "responses") {
    const parsed = v.safeParse(responsesBody, Array.isArray(data) ? { input: data } : data);
    if (!parsed.success) return fail(parsed.issues);
    neutral = fromResponses(parsed.output);
  } else {
    const parsed = v.safeParse(anthropicBody, Array.isArray(data) ? { messages: data } : data);
    if (!parsed.success) return fail(parsed.issues);
    neutral = fromAnthropic(parsed.output);
  }
  if (neutral.messages.length === 0)
    return { ok: false, format: chosen, errors: [{ message: "no messages", path: "messages" }] };
  return { ok: true, format: chosen, ...toTrace(neutral, name) };
}
