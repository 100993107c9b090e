/**
 * A SWE-agent trajectory: the pretty-printed `.traj` JSON file SWE-agent saves after every step of a run,
 * `{trajectory, history, info, replay_config, environment}`. A demonstration file holds `{history}` only, and a
 * bare history list is read too.
 *
 * `history` is the conversation the model was given: items with `role` (system, user, assistant, tool),
 * `content`, and SWE-agent's own fields (`agent`, `message_type`, `thought`, `action`, `is_demo`). `trajectory` has
 * one step per model query: its `thought`, `action` and `observation`. The two are read together:
 *
 * - An assistant item is one model call. Its visible text is `thought`. In function-calling runs (1.x) its
 *   `tool_calls` are the calls, and a `tool` item answers the call named in `tool_call_ids[0]`. In older
 *   text-parsed runs (0.x) there are no `tool_calls`: the command is in `action` (or the last fenced block of
 *   `content`), made here into one call with a made-up id `swe-<model call number>`, named by the command's first
 *   word, with `{command}` as its arguments; the user observation after it is its result.
 * - History items and trajectory steps are matched in order by their action. A step that matches no history item
 *   while history items are still to come is a model reply the agent rejected (a format error, a blocked command,
 *   a shell syntax error, or a command whose output asked for a retry) and asked again: it is counted as a model
 *   call, with a `log_error` note. Its command, if it had one, is a call: one that did not run is refused by the
 *   host (an error result, `error_by` host), one that ran has its output. The result's text, or the user message
 *   after a reply with no command, is what the model was shown, when the next step's `query` records it (newer
 *   versions). Steps after the last history item (the final `submit`, which older versions never add to the
 *   history) are added as model calls, their observation as the result; a trajectory without a history is read
 *   from its steps alone. A last history action left without an observation takes its matched step's.
 * - An "Exit due to …" item or step with no action is the agent's own message when it stopped, not a model
 *   reply: a `log_error` note.
 * - Demonstration items (`is_demo`) were part of the prompt, not calls of this run: each run of them is one user
 *   message, their texts joined as SWE-agent joins them for its demonstration template.
 * - `thinking_blocks` (Anthropic thinking, via litellm) are reasoning parts.
 *
 * Notes: `usage` once at the end from `info.model_stats` (tokens sent and received, `instance_cost` in US
 * dollars, `api_calls` calls, which include the requeries); `log_error` at the end when `info.exit_status` is not
 * plain "submitted". Tools are declared from the `command_docs` text in `replay_config.agent.tools` (a JSON string
 * in newer versions), the same documentation the model was given.
 *
 * Skipped: `info.submission` and `edited_files*` (the patch, also in the submit result), each step's `state`,
 * `execution_time`, `extra_info`, the environment and the rest of the replay config, and unknown roles and fields.
 * Observations carry no exit code, so results are never marked as errors except for requeries.
 */
import type {
  IdMaker,
  JsonObject,
  Message,
  MessagePart,
  RecordedCheck,
  ToolCall,
  ToolDeclaration,
  Trace,
} from "../engine";
import { argumentsText } from "./chat";
import { formatMeta } from "./index";
import {
  assistantMessage,
  declaration,
  kindOf,
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
  type JsonRecord,
  type LogNote,
  list,
  type Neutral,
  type ParseResult,
  runMessages,
  str,
  type WritingCodec,
} from "./types";

/** `message_type` values SWE-agent writes in history items and requery messages. */
const MESSAGE_TYPES = new Set([
  "system_prompt",
  "observation",
  "action",
  "thought",
  "demonstration",
  "user",
  "assistant",
]);

/** The message SWE-agent records as a step when it stops the run itself (agents.py, forward_with_handling). */
const EXIT_MESSAGE = /^Exit(ing)? due to /;

/** A trajectory step, the fields this reader uses. */
interface Step {
  readonly thought: string;
  readonly action: string;
  readonly observation: string;
  /** The message the model was shown after this step was rejected, from the next step's `query`. */
  readonly requeryText: string | null;
}

/** What the reader builds as it goes: messages, notes, and the calls still waiting for a result. */
interface Out {
  readonly messages: Message[];
  notes: LogNote[];
  readonly pairedByOrder: number[];
  readonly names: Map<string, string>;
  /** The calls of the last assistant message that have no result yet. */
  pending: string[];
  modelCalls: number;
  /** The ids this reader made (`swe-N`), and whether the run's model called tools itself (function calling). */
  readonly madeIds: string[];
  functionCalling: boolean;
}

// ---- small readers ------------------------------------------------------------------------------------------

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A content value as message parts: a string, or a list of `{type: text|image_url, …}` parts. */
function contentParts(content: unknown): MessagePart[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (!Array.isArray(content))
    return content === undefined || content === null ? [] : [{ type: "text", text: compact(content) }];
  const parts: MessagePart[] = [];
  for (const part of content) {
    const type = str(part, "type");
    if (type === "text") parts.push({ type: "text", text: text(field(part, "text")) });
    else if (type === "image_url" || type === "image") parts.push({ type: "media", media: "image" });
    else if (typeof part === "string") parts.push({ type: "text", text: part });
    else parts.push({ type: "other", original: type ?? kindOf(part) });
  }
  return parts;
}

/** A content value as the text of a tool result (which can only be text). */
function contentText(content: unknown): string {
  const piece = (p: MessagePart): string =>
    p.type === "text"
      ? p.text
      : placeholderText(p.type === "media" ? p.media : p.type === "other" ? p.original : p.type);
  return contentParts(content).map(piece).join("\n");
}

/** litellm's `thinking_blocks` as reasoning parts. */
function thinkingParts(blocks: unknown): MessagePart[] {
  if (!Array.isArray(blocks)) return [];
  const parts: MessagePart[] = [];
  for (const block of blocks) {
    const type = str(block, "type");
    if (type === "thinking") {
      const signed = typeof field(block, "signature") === "string" ? { signed: true as const } : {};
      parts.push({ type: "reasoning", text: text(field(block, "thinking")), redacted: false, ...signed });
    } else if (type === "redacted_thinking") parts.push({ type: "reasoning", text: "", redacted: true, signed: true });
  }
  return parts;
}

/** The command of a text-parsed reply: its `action`, or else the last fenced block of its content. */
function legacyCommand(item: unknown): string {
  const action = str(item, "action");
  if (action !== undefined) return action.trim();
  const content = text(field(item, "content"));
  let command = "";
  for (const match of content.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) command = match[1] ?? "";
  return command.trim();
}

/** A call made from a command line: named by its first word, the whole line its `command` argument. */
function commandCall(callId: string, command: string): ToolCall {
  const name = command.split(/\s+/, 1)[0] ?? "";
  return { callId, name: name === "" ? "command" : name, args: { command } };
}

/** The visible text of an assistant item: `thought` when the item has one, else its content. */
function visibleParts(item: unknown): MessagePart[] {
  const thought = field(item, "thought");
  return typeof thought === "string"
    ? thought === ""
      ? []
      : [{ type: "text", text: thought }]
    : contentParts(field(item, "content"));
}

/** A trajectory step, or null when it is not an object. */
function readStep(step: unknown, next: unknown): Step | null {
  if (!isRecord(step)) return null;
  const query = list(next, "query");
  const last = query.at(-1);
  const requeryText =
    str(last, "role") === "user" && str(last, "message_type") === "user" ? contentText(field(last, "content")) : null;
  return {
    thought: str(step, "thought") ?? str(step, "response") ?? "",
    action: text(field(step, "action")),
    observation: text(field(step, "observation")),
    requeryText,
  };
}

const isExitMessage = (thought: string, action: string, calls: number): boolean =>
  calls === 0 && action.trim() === "" && EXIT_MESSAGE.test(thought);

// ---- tools ----------------------------------------------------------------------------------------------------

const SCHEMA_TYPES = new Set(["string", "integer", "number", "boolean", "array", "object"]);

/**
 * The tools SWE-agent documented to the model (tools/utils.py, generate_command_docs): for each command a line
 * `name:`, then `  docstring: …` (perhaps over several lines), `  signature: …`, and `  arguments:` with one line
 * `    - name (type) [required|optional]: description` each.
 */
export function commandDocsTools(docs: string): ToolDeclaration[] {
  const lines = docs.split("\n");
  const tools: ToolDeclaration[] = [];
  let current: { name: string; doc: string[]; properties: Record<string, JsonObject>; required: string[] } | null =
    null;
  let mode: "doc" | "other" = "other";
  const close = () => {
    if (current === null) return;
    const required = current.required.length > 0 ? { required: current.required } : {};
    const parameters = { type: "object", properties: current.properties, ...required };
    tools.push(declaration(current.name, current.doc.join("\n").trim(), parameters));
  };
  lines.forEach((line, i) => {
    const header = /^(\S[^:]*):$/.exec(line);
    const nextLine = lines[i + 1] ?? "";
    if (header?.[1] !== undefined && /^ {2}(docstring|signature):/.test(nextLine)) {
      close();
      current = { name: header[1], doc: [], properties: {}, required: [] };
      mode = "other";
      return;
    }
    if (current === null) return;
    if (line.startsWith("  docstring: ")) {
      current.doc.push(line.slice("  docstring: ".length));
      mode = "doc";
    } else if (line.startsWith("  signature:") || line.startsWith("  arguments:")) mode = "other";
    else if (mode === "doc") current.doc.push(line);
    else {
      const arg = /^ {4}- (\S+) \(([^)]*)\) \[(required|optional)\]:\s?(.*)$/.exec(line);
      if (arg?.[1] === undefined) return;
      const [, name, type = "", required, description = ""] = arg;
      current.properties[name] = SCHEMA_TYPES.has(type) ? { type, description } : { description };
      if (required === "required") current.required.push(name);
    }
  });
  close();
  return tools;
}

/** The tools of the run's replay config (an object, or its JSON text), if it documents them. */
function declaredTools(replayConfig: unknown): ToolDeclaration[] {
  let config = replayConfig;
  if (typeof config === "string") {
    try {
      config = JSON.parse(config);
    } catch {
      return [];
    }
  }
  const docs = str(field(field(config, "agent"), "tools"), "command_docs");
  return docs === undefined ? [] : commandDocsTools(docs);
}

// ---- matching history and trajectory ---------------------------------------------------------------------------

/** Whether a history item is a model reply (a non-demonstration assistant item). */
const isReply = (item: unknown): boolean => str(item, "role") === "assistant" && field(item, "is_demo") !== true;

/** Whether a trajectory step records the same model reply as a history item. */
function sameReply(step: Step, item: unknown): boolean {
  const action = str(item, "action");
  if (action !== undefined) return action.trim() === step.action.trim();
  const thought = str(item, "thought");
  return thought !== undefined && thought === step.thought;
}

/**
 * For each model reply in the history (by its index), the trajectory step that records it and the rejected steps
 * just before it; and the steps after the last reply. When the steps do not follow the history in order, no step
 * is taken as a rejected one: the history's replies take the first steps, and only the steps beyond them are added.
 */
function match(
  history: readonly unknown[],
  steps: readonly Step[],
): { at: Map<number, { step: Step | null; rejected: Step[] }>; after: Step[] } {
  const replies: number[] = [];
  history.forEach((item, i) => {
    if (isReply(item)) replies.push(i);
  });
  const at = new Map<number, { step: Step | null; rejected: Step[] }>();
  let next = 0;
  let rejected: Step[] = [];
  let s = 0;
  for (; s < steps.length && next < replies.length; s++) {
    const step = steps[s] as Step;
    const index = replies[next] as number;
    if (sameReply(step, history[index])) {
      at.set(index, { step, rejected });
      rejected = [];
      next++;
    } else rejected.push(step);
  }
  if (next === replies.length) return { at, after: [...rejected, ...steps.slice(s)] };
  // Out of order: pair by count.
  at.clear();
  replies.forEach((index, k) => {
    at.set(index, { step: steps[k] ?? null, rejected: [] });
  });
  return { at, after: steps.slice(replies.length) };
}

// ---- building the messages ----------------------------------------------------------------------------------------

function pushAssistant(out: Out, parts: MessagePart[], calls: ToolCall[]): void {
  out.modelCalls++;
  const withCalls: MessagePart[] =
    calls.length === 0 ? parts : [...parts, ...calls.map((c) => ({ type: "tool_call" as const, callId: c.callId }))];
  out.messages.push(assistantMessage(withCalls, calls));
  for (const call of calls) out.names.set(call.callId, call.name);
  out.pending = calls.map((c) => c.callId);
}

function pushResult(out: Out, callId: string, content: string, status: "ok" | "error"): void {
  out.messages.push({ role: "tool", callId, name: out.names.get(callId) ?? "", status, content, replayed: false });
  out.pending = out.pending.filter((id) => id !== callId);
}

/** A step the history does not hold: a rejected reply (requery), or one after the history's last. */
function pushStep(out: Out, step: Step, rejected: boolean): void {
  if (isExitMessage(step.thought, step.action, 0)) {
    const said = step.observation.trim() === "" ? step.thought : `${step.thought}: ${step.observation.trim()}`;
    out.notes.push({ kind: "log_error", index: out.messages.length, message: said });
    return;
  }
  const parts: MessagePart[] = step.thought === "" ? [] : [{ type: "text", text: step.thought }];
  const command = step.action.trim();
  const calls = command === "" ? [] : [commandCall(`swe-${out.modelCalls + 1}`, command)];
  out.madeIds.push(...calls.map((call) => call.callId));
  pushAssistant(out, parts, calls);
  // A command that ran before the agent asked again (it asked for a retry) has its output; one refused has none.
  const ran = step.observation !== "";
  if (rejected)
    out.notes.push({
      kind: "log_error",
      index: out.messages.length - 1,
      message: ran
        ? "the agent asked the model again after this reply (a requery), showing it the output"
        : "the agent did not run this reply (format error, blocked or invalid command) and asked the model again",
    });
  const call = calls[0];
  if (call === undefined) {
    if (rejected && step.requeryText !== null)
      out.messages.push(plainMessage("user", [{ type: "text", text: step.requeryText }]));
    return;
  }
  if (rejected && !ran) {
    pushResult(out, call.callId, step.requeryText ?? "[not run; the model was asked again]", "error");
    out.notes.push({ kind: "error_by", index: out.messages.length - 1, name: call.name, by: "host" });
  } else if (ran) pushResult(out, call.callId, (rejected ? step.requeryText : null) ?? step.observation, "ok");
}

/** The calls of a function-calling assistant item. */
function itemCalls(item: unknown, path: string): ToolCall[] {
  return list(item, "tool_calls").map((call, j) => {
    const at = `${path}.tool_calls.${j}`;
    const id = field(call, "id");
    if (typeof id !== "string")
      refuse(`${at}.id`, id === undefined ? "missing" : `expected a string, got ${kindOf(id)}`);
    const name = field(field(call, "function"), "name");
    if (typeof name !== "string")
      refuse(`${at}.function.name`, name === undefined ? "missing" : `expected a string, got ${kindOf(name)}`);
    return toolCall(id as string, name as string, field(field(call, "function"), "arguments"), "text");
  });
}

function read(data: unknown): Neutral {
  if (!Array.isArray(data) && !isRecord(data))
    refuse("", `expected a SWE-agent trajectory or history list, got ${kindOf(data)}`);
  const top = Array.isArray(data) ? null : data;
  const rawHistory = top === null ? data : field(top, "history");
  const prefix = top === null ? "" : "history";
  if (rawHistory !== undefined && rawHistory !== null && !Array.isArray(rawHistory))
    refuse(prefix, `expected an array, got ${kindOf(rawHistory)}`);
  const history: readonly unknown[] = Array.isArray(rawHistory) ? rawHistory : [];
  const rawSteps = list(top, "trajectory");
  if (history.length === 0 && rawSteps.length === 0) refuse(prefix, "no history and no trajectory");
  const steps: Step[] = [];
  rawSteps.forEach((raw, i) => {
    const step = readStep(raw, rawSteps[i + 1]);
    if (step !== null) steps.push(step);
  });
  const { at, after } = match(history, steps);
  const out: Out = {
    messages: [],
    notes: [],
    pairedByOrder: [],
    names: new Map(),
    pending: [],
    modelCalls: 0,
    madeIds: [],
    functionCalling: false,
  };
  let demo: string[] = [];
  const flushDemo = () => {
    if (demo.length > 0) out.messages.push({ role: "user", content: demo.join("\n") });
    demo = [];
  };
  let lastStep: Step | null = null;
  for (let i = 0; i < history.length; i++) {
    const item = history[i];
    const path = `${prefix}.${i}`;
    if (!isRecord(item)) refuse(path, `expected an object, got ${kindOf(item)}`);
    const role = field(item, "role");
    if (typeof role !== "string")
      refuse(`${path}.role`, role === undefined ? "missing" : `expected a string, got ${kindOf(role)}`);
    if (field(item, "is_demo") === true) {
      demo.push(contentText(field(item, "content")));
      continue;
    }
    flushDemo();
    // A user item is an observation (a command's output) when a call waits for one and it is not marked otherwise.
    const observation =
      role === "user" && out.pending.length > 0 && [undefined, "observation"].includes(str(item, "message_type"));
    if (role === "system" || (role === "user" && !observation)) {
      out.messages.push(plainMessage(role, contentParts(field(item, "content"))));
    } else if (role === "assistant") {
      const matched = at.get(i) ?? { step: null, rejected: [] };
      for (const step of matched.rejected) pushStep(out, step, true);
      lastStep = matched.step;
      const fc = itemCalls(item, path);
      const thought = str(item, "thought") ?? contentText(field(item, "content"));
      const action = fc.length === 0 ? legacyCommand(item) : "";
      if (isExitMessage(thought, action, fc.length)) {
        // The agent's own message as it stopped; the observation after it says what it did then.
        const nextItem = history[i + 1];
        const said =
          str(nextItem, "role") === "user" || str(nextItem, "role") === "tool"
            ? contentText(field(nextItem, "content")).trim()
            : "";
        if (said !== "") i++;
        out.notes.push({
          kind: "log_error",
          index: out.messages.length,
          message: said === "" ? thought : `${thought}: ${said}`,
        });
        out.pending = [];
        lastStep = null;
        continue;
      }
      const calls = fc.length > 0 || action === "" ? fc : [commandCall(`swe-${out.modelCalls + 1}`, action)];
      if (fc.length > 0) out.functionCalling = true;
      else out.madeIds.push(...calls.map((call) => call.callId));
      pushAssistant(out, [...thinkingParts(field(item, "thinking_blocks")), ...visibleParts(item)], calls);
    } else if (role === "tool" || role === "user") {
      const ids = list(item, "tool_call_ids").filter((id): id is string => typeof id === "string");
      const content = contentText(field(item, "content"));
      const id = ids[0];
      if (id !== undefined) pushResult(out, id, content, "ok");
      else {
        // A text-parsed run's observation (or a tool item without its id): the one call waiting for it.
        const waiting = out.pending[0];
        if (waiting === undefined) continue;
        if (role === "tool" || !waiting.startsWith("swe-")) out.pairedByOrder.push(out.messages.length);
        pushResult(out, waiting, content, "ok");
      }
    }
  }
  flushDemo();
  // The last reply's observation, when the history stops before it (the run ended on that step).
  const waiting = out.pending[0];
  const lastIsCall = out.messages.at(-1)?.role === "assistant";
  if (
    waiting !== undefined &&
    lastIsCall &&
    lastStep !== null &&
    lastStep.observation !== "" &&
    out.pending.length === 1
  )
    pushResult(out, waiting, lastStep.observation, "ok");
  for (const step of after) pushStep(out, step, false);
  endNotes(out, field(top, "info"));
  // A run whose last call is the model's `submit`: the agent ended it there (its exit status says how).
  let lastTurn: Message | undefined;
  for (let i = out.messages.length - 1; i >= 0 && lastTurn === undefined; i -= 1)
    if (out.messages[i]?.role === "assistant") lastTurn = out.messages[i];
  const ended =
    lastTurn?.role === "assistant" && lastTurn.toolCalls.at(-1)?.name === "submit"
      ? { tool: "submit", status: str(field(top, "info"), "exit_status") ?? null }
      : undefined;
  const checks = reviewOf(field(top, "info"));
  return {
    messages: out.messages,
    tools: declaredTools(field(top, "replay_config")),
    shape: "messages",
    notes: out.notes,
    ...(out.pairedByOrder.length > 0 ? { pairedByOrder: out.pairedByOrder } : {}),
    ...(ended === undefined ? {} : { ended }),
    ...(checks.length === 0 ? {} : { checks }),
    // The ids made here: for a run whose model calls tools (1.x), a call the log recorded without its id; for a
    // text-command run (0.x), a command the agent parsed out of the model's text.
    ...(out.madeIds.length === 0
      ? {}
      : {
          madeIds: new Map(out.madeIds.map((id): [string, IdMaker] => [id, out.functionCalling ? "figure" : "parsed"])),
        }),
  };
}

/**
 * The agent's own review of its submission, where its retry loop made one (`info.review`, a `ReviewerResult`:
 * `accept`, a score or a yes / no, and the reviewing model's `outputs`). A model's prediction of whether the patch
 * solves the issue, not a test; a score's pass mark (`accept_score`) is in the run's configuration, not the log.
 */
function reviewOf(info: unknown): RecordedCheck[] {
  const review = field(info, "review");
  const accept = field(review, "accept");
  if (typeof accept !== "boolean" && num(accept) === null) return [];
  const outputs = list(review, "outputs").filter((o): o is string => typeof o === "string");
  return [
    {
      by: "reviewer",
      name: "reviewer",
      value: String(accept),
      passed: typeof accept === "boolean" ? accept : null,
      target: null,
      answer: null,
      explanation: outputs.length === 0 ? null : outputs.join("\n\n"),
    },
  ];
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The run's exit status and usage, at its end; the log's errors at the end said as one note. */
function endNotes(out: Out, info: unknown): void {
  const end = out.messages.length;
  const status = str(info, "exit_status");
  if (status !== undefined && status !== "submitted")
    out.notes.push({ kind: "log_error", index: end, message: `exit status: ${status}` });
  // The import keeps one log_error per step: the ones at the end are joined.
  const atEnd = out.notes.filter((n) => n.kind === "log_error" && n.index === end);
  if (atEnd.length > 1) {
    const message = atEnd.map((n) => (n.kind === "log_error" ? n.message : "")).join("; ");
    out.notes = out.notes.filter((n) => !(n.kind === "log_error" && n.index === end));
    out.notes.push({ kind: "log_error", index: end, message });
  }
  const stats = field(info, "model_stats");
  if (!isRecord(stats)) return;
  const input = num(stats.tokens_sent);
  const output = num(stats.tokens_received);
  const cost = num(stats.instance_cost);
  const calls = num(stats.api_calls);
  if (input === null && output === null && cost === null) return;
  out.notes.push({ kind: "usage", index: end, input, output, cost, calls: calls ?? out.modelCalls });
}

function parse(data: unknown): ParseResult {
  return reading(() => read(data));
}

/** Whether a history item carries SWE-agent's own fields. */
const sweItem = (item: unknown): boolean =>
  isRecord(item) &&
  typeof item.role === "string" &&
  (Array.isArray(item.tool_call_ids) ||
    (typeof item.agent === "string" &&
      ((typeof item.message_type === "string" && MESSAGE_TYPES.has(item.message_type)) ||
        (item.role === "assistant" && typeof item.action === "string" && typeof item.thought === "string"))));

/** Whether a trajectory step has a step's fields. */
const sweStep = (step: unknown): boolean =>
  isRecord(step) &&
  typeof step.action === "string" &&
  typeof step.observation === "string" &&
  (typeof step.thought === "string" || typeof step.response === "string");

/**
 * How much a document looks like a SWE-agent trajectory: 10 for `trajectory` steps with history items or the
 * `info` SWE-agent writes; 9 for `{history}` of SWE-agent items (a demonstration); 8 for a bare list of them.
 */
function detect(data: unknown): number {
  if (Array.isArray(data)) return data.some(sweItem) ? 8 : 0;
  if (!isRecord(data)) return 0;
  const history = list(data, "history");
  const steps = list(data, "trajectory");
  const sweHistory = history.some(sweItem);
  if (steps.some(sweStep) && (sweHistory || isRecord(field(data, "info")))) return 10;
  return sweHistory ? 9 : 0;
}

// ---- writing --------------------------------------------------------------------------------------------------

/** The agent's name on every item (SWE-agent's default agent is "main"). */
const AGENT = "main";

/**
 * A run's messages as SWE-agent history items, in a function-calling (1.x) run's shape: each item is the Chat
 * Completions message SWE-agent sends (its `role`, `content`, `tool_calls`, and a tool item's `tool_call_ids`),
 * with SWE-agent's own `agent` and `message_type`. A model reply's `thought` is its text, as SWE-agent records it;
 * a reply with no call has an empty `action`. Results have no error mark in SWE-agent: only their text is written.
 */
export function sweHistory(messages: readonly Message[]): JsonRecord[] {
  return messages.map((m): JsonRecord => {
    switch (m.role) {
      case "system":
        return { role: "system", content: m.content, agent: AGENT, message_type: "system_prompt" };
      case "user":
        return { role: "user", content: m.content, agent: AGENT, message_type: "user" };
      case "assistant": {
        const text = m.content ?? "";
        if (m.toolCalls.length === 0)
          return { role: "assistant", content: text, thought: text, action: "", agent: AGENT, message_type: "action" };
        return {
          role: "assistant",
          content: text,
          thought: text,
          agent: AGENT,
          tool_calls: m.toolCalls.map((call) => ({
            id: call.callId,
            type: "function",
            function: { name: call.name, arguments: argumentsText(call) },
          })),
          message_type: "action",
        };
      }
      case "tool":
        return {
          role: "tool",
          content: m.content,
          agent: AGENT,
          tool_call_ids: [m.callId],
          message_type: "observation",
        };
      default: {
        const never: never = m;
        return never;
      }
    }
  });
}

/**
 * The run as SWE-agent loads a demonstration (agents.py, `_add_demonstration_to_history`: the file's `history`):
 * `{history}`, which SWE-agent's trajectory reader takes too.
 */
export const sweDemonstration = (messages: readonly Message[]) => ({ history: sweHistory(messages) });

/** The SWE-agent trajectory codec: reads trajectories and histories; writes a history as a demonstration. */
export const codec: WritingCodec<"swe-agent"> = {
  ...formatMeta("swe-agent"),
  carries: ["system", "mid_run_system", "raw_arguments", "result_order"],
  // Thinking blocks go back to the provider with their signatures, and image parts with their data: the figure
  // keeps neither.
  places: ["reasoning", "media"],
  pairing:
    "tool_calls[].id ↔ the tool item's tool_call_ids[0]; a text-parsed (0.x) command gets a made-up id and the observation after it",
  where: "<output_dir>/<instance id>/<instance id>.traj (by default trajectories/<user>/<run name>/…)",
  detect,
  parse,
  request: (messages) => sweDemonstration(messages),
  transcript: (trace: Trace) => sweDemonstration(runMessages(trace)),
  suffix: ".traj",
};
