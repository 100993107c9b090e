/**
 * An Inspect AI evaluation log (UKGovernmentBEIS/inspect_ai). Inspect writes one log per task run: a `.json` file
 * holding the whole `EvalLog` ({version, status, eval, plan, results, stats, samples[]}), or a `.eval` zip holding the
 * same pieces as members (./inspect-zip.ts turns that into the `.json` form first). Each sample is one run of the
 * agent on one input: its `messages` (the conversation as it stood at the end), its `events` (what happened, in
 * order: model calls, tool calls, sandbox commands, state changes, scoring…), and `attachments`, the long strings
 * that `attachment://<hash>` references stand for.
 *
 * Read: a whole log (the first sample is shown; the others are listed by id and epoch in `others`), one sample on
 * its own, or a bare list of Inspect's chat messages. The conversation is the sample's `messages`: system and user
 * messages; each assistant message as one model call (text, reasoning, provider-run tools, `tool_calls` with object
 * arguments); each tool message as the result of the call whose id is its `tool_call_id` (an error when it has an
 * `error`; its text is then the error's message, which is what Inspect hands the model). When a sample's messages
 * hold no model reply at all but its events do, the conversation is rebuilt from the last model call instead: the
 * input it was given (inline in log version 2; in version 3 `input_refs`, half-open ranges into the sample's
 * `message_pool`, or `events_data.messages` in newer writers), its reply, and the tool events after it.
 *
 * The events give the rest, as notes: `usage` per model call (its `output.usage`: tokens in = input plus cache reads
 * and writes, which Inspect counts apart; tokens out; `total_cost` in US dollars when recorded), placed at the
 * assistant message the call produced (matched by message id, or by order when the log has no ids); a model call
 * that failed (`error`) as `log_error`; a `compaction` event as `compacted` at the next model call; a sample limit or
 * a sample error as `log_error`, and then every call left without a result as `aborted`. A tool message's
 * `error.type` says who made the error: `parsing` (arguments the tool could not take: it never ran) is the host's;
 * `approval` is the user's when the approver that rejected the call was Inspect's human approver, else the host's
 * (an approval policy); a timeout, a missing file, a permission or decoding error, an output or resource limit, an
 * unavailable sandbox and `unknown` (the tool raised a ToolError, as the bash tool does on a non-zero exit) are the
 * tool's; `cancelled` is a `cancelled` note (by whom is not said). Tool declarations come from the model events'
 * `tools`.
 *
 * The sample's `scores` are the checks of the task the evaluation made once the model had stopped: each scorer's
 * value (with Inspect's verdict where the value is one: "C" / "I", true / false, 1 / 0), the answer it read, its
 * explanation and the sample's target; they decide the run's outcome (../formats/import.ts).
 *
 * Skipped: model calls made while scoring (inside scorer spans or steps), state/store/sandbox/logger/info events,
 * event kinds this reader does not know, and the log's own header (task, model, config, results).
 * Model calls a sub-agent or a solver made outside the sample's conversation are not shown as steps, but their
 * usage and errors are noted at the next model call that is.
 */
import type { Message, MessagePart, RecordedCheck, ToolCall, ToolDeclaration, Trace, ValidationRule } from "../engine";
import { formatMeta } from "./index";
import {
  assistantMessage,
  declaration,
  kindOf,
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
  type Json,
  type JsonRecord,
  type LogNote,
  list,
  type Neutral,
  type ParseResult,
  runMessages,
  str,
  type WritingCodec,
} from "./types";

type Obj = Record<string, unknown>;

/** Resolves a string that may be an `attachment://<hash>` reference. */
type Text = (value: string) => string;

const ATTACHMENT = "attachment://";
const same: Text = (value) => value;

// ---- strings and content ------------------------------------------------------------------------------------

/** The resolver of a sample's attachments (older logs keep them in `transcript.content`). */
function attachmentsOf(sample: Obj): { text: Text; any: boolean } {
  const store = isRecord(sample.attachments)
    ? sample.attachments
    : isRecord(field(sample.transcript, "content"))
      ? (field(sample.transcript, "content") as Obj)
      : {};
  const text: Text = (value) => {
    if (!value.startsWith(ATTACHMENT)) return value;
    const found = store[value.slice(ATTACHMENT.length)];
    return typeof found === "string" ? found : value;
  };
  return { text, any: Object.keys(store).length > 0 };
}

/** A JSON value with every attachment reference in it resolved (a new value; the input is not changed). */
function resolved(value: unknown, text: Text): unknown {
  if (text === same) return value;
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) return value.map((item) => resolved(item, text));
  if (!isRecord(value)) return value;
  const out: Obj = {};
  for (const [key, item] of Object.entries(value)) out[key] = resolved(item, text);
  return out;
}

/** A reasoning block: readable text, or an encrypted blob only (redacted; the blob is the provider's state). */
function reasoningPart(part: unknown, text: Text): MessagePart {
  const reasoning = text(str(part, "reasoning") ?? "");
  const summary = text(str(part, "summary") ?? "");
  if (field(part, "redacted") === true)
    return summary !== ""
      ? { type: "reasoning", text: summary, redacted: false, signed: true }
      : { type: "reasoning", text: "", redacted: true, signed: true };
  const signed = typeof field(part, "signature") === "string";
  return {
    type: "reasoning",
    text: reasoning !== "" ? reasoning : summary,
    redacted: false,
    ...(signed ? { signed } : {}),
  };
}

const MEDIA = new Set(["image", "audio", "video", "document"]);

/** One content part of a message, as the neutral parts it becomes. */
function contentPart(part: unknown, text: Text): MessagePart[] {
  const type = str(part, "type");
  if (type === "text") {
    const said = text(str(part, "text") ?? "");
    return [field(part, "refusal") === true ? { type: "refusal", text: said } : { type: "text", text: said }];
  }
  if (type === "reasoning") return [reasoningPart(part, text)];
  if (type === "tool_use") {
    // A tool the provider ran inside the model call (web search, code execution, an MCP call).
    const id = str(part, "id") ?? "";
    const name = str(part, "name") ?? str(part, "tool_type") ?? "tool_use";
    const error = str(part, "error");
    return [
      { type: "provider_tool", id, name, input: text(str(part, "arguments") ?? "") },
      { type: "provider_result", id, name, content: error ?? text(str(part, "result") ?? "") },
    ];
  }
  if (type !== undefined && MEDIA.has(type)) return [{ type: "media", media: type }];
  return [{ type: "other", original: type ?? kindOf(part) }];
}

/** A message's content (a string or a list of parts) as neutral parts. */
function contentParts(content: unknown, text: Text, path: string): MessagePart[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: text(content) }];
  if (Array.isArray(content)) return content.flatMap((part) => contentPart(part, text));
  if (content === undefined || content === null) return [];
  return refuse(`${path}.content`, `expected a string or a list of content parts, got ${kindOf(content)}`);
}

/** A tool result's content as text: its text parts, other parts as placeholders. */
function resultText(content: unknown, text: Text, path: string): string {
  if (typeof content === "string") return text(content);
  if (Array.isArray(content))
    return content
      .map((part) =>
        str(part, "type") === "text" ? text(str(part, "text") ?? "") : placeholderText(str(part, "type") ?? "content"),
      )
      .join("\n");
  if (content === undefined || content === null) return "";
  return refuse(`${path}.content`, `expected a string or a list of content parts, got ${kindOf(content)}`);
}

// ---- messages -----------------------------------------------------------------------------------------------

/** Who made an error result, by its `error.type` (null: the type does not say). */
function errorNote(
  type: string | undefined,
  index: number,
  name: string,
  approver: string | undefined,
): LogNote | null {
  switch (type) {
    case "parsing":
      return { kind: "error_by", index, name, by: "host" };
    case "approval":
      // Inspect's human approver is the user at the console; any other approver is a policy the host set.
      return {
        kind: "error_by",
        index,
        name,
        by: approver !== undefined && /(^|\/)human$/.test(approver) ? "user" : "host",
      };
    case "cancelled":
      return { kind: "cancelled", index, name, by: null };
    case "timeout":
    case "unicode_decode":
    case "permission":
    case "file_not_found":
    case "is_a_directory":
    case "limit":
    case "output_limit":
    case "sandbox_unavailable":
    case "unknown":
      return { kind: "error_by", index, name, by: "tool" };
    default:
      return null;
  }
}

function readCalls(value: unknown, text: Text, path: string): ToolCall[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return refuse(path, `expected a list of tool calls, got ${kindOf(value)}`);
  return value.map((call, j) => {
    const at = `${path}.${j}`;
    if (!isRecord(call)) refuse(at, `expected a tool call (an object), got ${kindOf(call)}`);
    return toolCall(
      needString(call, "id", at),
      needString(call, "function", at),
      resolved(call.arguments, text),
      "object",
    );
  });
}

/** The messages read, with the notes their tool errors carry and where each assistant message went. */
interface Read {
  readonly messages: Message[];
  readonly notes: LogNote[];
  /** Assistant message id → index in `messages`. */
  readonly byId: Map<string, number>;
  /** The indexes of the assistant messages, in order. */
  readonly replies: number[];
}

function readMessages(raw: readonly unknown[], path: string, text: Text, approvers: ReadonlyMap<string, string>): Read {
  const read: Read = { messages: [], notes: [], byId: new Map(), replies: [] };
  const { messages, notes } = read;
  for (const [i, m] of raw.entries()) {
    const at = `${path}.${i}`;
    if (!isRecord(m)) refuse(at, `expected a message (an object), got ${kindOf(m)}`);
    const role = m.role;
    if (role === "system" || role === "user") {
      messages.push(plainMessage(role, contentParts(m.content, text, at)));
    } else if (role === "assistant") {
      const calls = readCalls(m.tool_calls, text, `${at}.tool_calls`);
      const parts: MessagePart[] = contentParts(m.content, text, at);
      for (const call of calls) parts.push({ type: "tool_call", callId: call.callId });
      const id = str(m, "id");
      if (id !== undefined) read.byId.set(id, messages.length);
      read.replies.push(messages.length);
      messages.push(assistantMessage(parts, calls));
    } else if (role === "tool") {
      const callId = str(m, "tool_call_id") ?? "";
      const name = str(m, "function") ?? "";
      const error = m.error;
      // Logs before `error` existed wrote the message as `tool_error` (read by Inspect as type "unknown").
      const legacy = str(m, "tool_error");
      const failed = isRecord(error) || (legacy !== undefined && legacy !== "");
      const body = resultText(m.content, text, at);
      const said = text(str(error, "message") ?? legacy ?? "");
      const index = messages.length;
      messages.push({
        role: "tool",
        callId,
        name,
        status: failed ? "error" : "ok",
        content: failed && said !== "" ? said : body,
        replayed: false,
      });
      if (failed) {
        const note = errorNote(str(error, "type") ?? "unknown", index, name, approvers.get(callId));
        if (note !== null) notes.push(note);
      }
    }
    // Other roles: none in Inspect today; skipped.
  }
  return read;
}

// ---- events -------------------------------------------------------------------------------------------------

/** The sample's events that are the run's own, in order: those made while scoring are left out. */
function runEvents(events: readonly unknown[]): Obj[] {
  const scoring = new Set<string>();
  let scorerSteps = 0;
  const out: Obj[] = [];
  for (const event of events) {
    if (!isRecord(event)) continue;
    const kind = event.event;
    if (kind === "span_begin") {
      const id = str(event, "id");
      const type = event.type;
      if (id !== undefined && (type === "scorer" || type === "scorers" || scoring.has(str(event, "parent_id") ?? "")))
        scoring.add(id);
    } else if (kind === "step") {
      // Logs before spans (2024) marked scoring with `step` begin / end events.
      if (event.type === "scorer" || event.type === "scorers")
        scorerSteps = Math.max(0, scorerSteps + (event.action === "begin" ? 1 : event.action === "end" ? -1 : 0));
    } else if (scorerSteps === 0 && !scoring.has(str(event, "span_id") ?? "")) out.push(event);
  }
  return out;
}

/** Who decided on each call the approval events record (the last rejecting approver, else the last one). */
function approversOf(events: readonly unknown[]): Map<string, string> {
  const approvers = new Map<string, string>();
  const visit = (event: unknown) => {
    if (str(event, "event") !== "approval") return;
    const callId = str(field(event, "call"), "id");
    const approver = str(event, "approver");
    if (callId === undefined || approver === undefined) return;
    const decision = str(event, "decision");
    if (decision === "reject" || decision === "terminate" || !approvers.has(callId)) approvers.set(callId, approver);
  };
  for (const event of events) {
    visit(event);
    // Older logs nest a tool call's own events (its approval among them) inside its tool event.
    if (str(event, "event") === "tool") for (const inner of list(event, "events")) visit(inner);
  }
  return approvers;
}

/** The reply a model event records (its first choice's message). */
const replyOf = (event: Obj): unknown => field(list(field(event, "output"), "choices")[0], "message");

/** A model call's usage, as the log records it. */
function usageOf(event: Obj): { input: number | null; output: number | null; cost: number | null } | null {
  const usage = field(field(event, "output"), "usage");
  if (!isRecord(usage)) return null;
  const count = (key: string): number | null => (typeof usage[key] === "number" ? (usage[key] as number) : null);
  const base = count("input_tokens");
  const input =
    base === null ? null : base + (count("input_tokens_cache_read") ?? 0) + (count("input_tokens_cache_write") ?? 0);
  return { input, output: count("output_tokens"), cost: count("total_cost") };
}

/** The messages a model call was given: inline (version 2), or its `input_refs` ranges into the pool (version 3). */
function inputOf(event: Obj, pool: readonly unknown[]): readonly unknown[] {
  const input = Array.isArray(event.input) ? event.input : [];
  const refs = event.input_refs;
  if (input.length > 0 || !Array.isArray(refs)) return input;
  const out: unknown[] = [];
  for (const ref of refs) {
    const [start, end] = Array.isArray(ref) ? ref : [];
    if (typeof start !== "number" || typeof end !== "number") continue;
    for (let i = Math.max(0, start); i < Math.min(end, pool.length); i++) out.push(pool[i]);
  }
  return out;
}

/**
 * The conversation rebuilt from the events, for a sample whose messages hold no model reply: the last model call's
 * input and reply, then the results of the tool events after it.
 */
function fromEvents(events: readonly Obj[], pool: readonly unknown[]): unknown[] {
  let last = -1;
  for (const [i, event] of events.entries()) if (event.event === "model" && isRecord(replyOf(event))) last = i;
  if (last === -1) return [];
  const model = events[last] as Obj;
  const raw: unknown[] = [...inputOf(model, pool), replyOf(model)];
  for (const event of events.slice(last + 1)) {
    if (event.event !== "tool") continue;
    const result = event.result;
    raw.push({
      role: "tool",
      tool_call_id: event.id,
      function: event.function,
      content: typeof result === "string" || Array.isArray(result) ? result : compact(result ?? ""),
      ...(isRecord(event.error) ? { error: event.error } : {}),
    });
  }
  return raw;
}

/** The notes the events give, each at the model call it belongs to (the next one shown, or the run's end). */
function eventNotes(events: readonly Obj[], read: Read): { notes: LogNote[]; stopped: string | null } {
  const notes: LogNote[] = [];
  let pending: ((index: number) => LogNote)[] = [];
  const flush = (index: number) => {
    for (const make of pending) notes.push(make(index));
    pending = [];
  };
  // Match each model call to its reply by the reply's id; a log without ids matches them in order.
  const byId = events.some((e) => e.event === "model" && read.byId.has(str(replyOf(e), "id") ?? "\u0000"));
  let nth = 0;
  let stopped: string | null = null;
  for (const event of events) {
    const kind = event.event;
    if (kind === "model") {
      const reply = replyOf(event);
      const index = byId
        ? read.byId.get(str(reply, "id") ?? "\u0000")
        : isRecord(reply)
          ? read.replies[nth++]
          : undefined;
      const usage = usageOf(event);
      if (usage !== null) pending.push((at) => ({ kind: "usage", index: at, ...usage }));
      const error = str(event, "error") ?? str(field(event, "output"), "error");
      if (error !== undefined && error !== "") pending.push((at) => ({ kind: "log_error", index: at, message: error }));
      if (index !== undefined) flush(index);
    } else if (kind === "compaction") {
      const before = field(field(event, "metadata"), "messages_before");
      const after = field(field(event, "metadata"), "messages_after");
      const dropped = typeof before === "number" && typeof after === "number" ? Math.max(0, before - after) : null;
      pending.push((at) => ({ kind: "compacted", index: at, dropped }));
    } else if (kind === "sample_limit") {
      const message = str(event, "message") ?? `${str(event, "type") ?? "a"} limit was reached`;
      stopped = message;
      pending.push((at) => ({ kind: "log_error", index: at, message }));
    } else if (kind === "error") {
      const message = str(field(event, "error"), "message") ?? "error";
      stopped = message;
      pending.push((at) => ({ kind: "log_error", index: at, message }));
    }
  }
  flush(read.messages.length);
  return { notes, stopped };
}

/** The tools the model calls were offered, each once, first declaration kept. */
function toolsOf(events: readonly Obj[], text: Text): ToolDeclaration[] {
  const tools: ToolDeclaration[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    if (event.event !== "model") continue;
    for (const tool of list(event, "tools")) {
      const name = str(tool, "name");
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      const description = field(tool, "description");
      tools.push(
        declaration(
          name,
          typeof description === "string" ? text(description) : "",
          resolved(field(tool, "parameters"), text),
        ),
      );
    }
  }
  return tools;
}

// ---- scores ---------------------------------------------------------------------------------------------------

/**
 * Inspect's verdict in a score's value: its own "C" (correct) and "I" (incorrect) — and "N", no answer, which the
 * built-in metrics count as incorrect — true and false, 1 and 0; null for a value with no pass mark of its own
 * ("P", partial; 0.6; a list or a dict of values).
 */
function passedOf(value: unknown): boolean | null {
  if (value === "C" || value === true || value === 1) return true;
  if (value === "I" || value === "N" || value === false || value === 0) return false;
  return null;
}

/** A target as the sample writes it: a string, or the list of acceptable answers. */
function targetOf(target: unknown): string | null {
  if (typeof target === "string") return target === "" ? null : target;
  if (Array.isArray(target) && target.every((t) => typeof t === "string") && target.length > 0)
    return target.join(" | ");
  return null;
}

/**
 * The sample's scores, each the check its scorer made of the task once the model had stopped: `scores` by the
 * scorer's name; a log whose sample has none but whose events hold final `score` events, those (unnamed: "score").
 */
function scoresOf(sample: Obj, events: readonly unknown[], text: Text): RecordedCheck[] {
  const target = targetOf(sample.target);
  const check = (name: string, score: unknown): RecordedCheck | null => {
    if (!isRecord(score) || !("value" in score)) return null;
    const answer = str(score, "answer");
    const explanation = str(score, "explanation");
    return {
      by: "scorer",
      name,
      value: compact(score.value),
      passed: passedOf(score.value),
      target,
      answer: answer === undefined || answer === "" ? null : text(answer),
      explanation: explanation === undefined || explanation === "" ? null : text(explanation),
    };
  };
  if (isRecord(sample.scores))
    return Object.entries(sample.scores).flatMap(([name, score]) => check(name, score) ?? []);
  return events.flatMap((event) =>
    field(event, "event") === "score" && field(event, "intermediate") !== true
      ? (check("score", field(event, "score")) ?? [])
      : [],
  );
}

// ---- documents ----------------------------------------------------------------------------------------------

/** One sample read: its conversation, tools and notes. */
function readSample(sample: Obj, path: string): Neutral {
  const attachments = attachmentsOf(sample);
  const text = attachments.any ? attachments.text : same;
  const allEvents = Array.isArray(sample.events) ? sample.events : list(sample.transcript, "events");
  const events = runEvents(allEvents);
  const pool = Array.isArray(sample.message_pool) ? sample.message_pool : list(sample.events_data, "messages");
  const given = sample.messages;
  if (given !== undefined && given !== null && !Array.isArray(given))
    refuse(`${path}.messages`, `expected a list of messages, got ${kindOf(given)}`);
  let raw: readonly unknown[] = Array.isArray(given) ? given : [];
  let at = `${path}.messages`;
  if (!raw.some((m) => field(m, "role") === "assistant")) {
    const rebuilt = fromEvents(events, pool);
    if (rebuilt.length > 0) {
      raw = rebuilt;
      at = `${path}.events`;
    }
  }
  const read = readMessages(raw, at, text, approversOf(allEvents));
  const { notes: said, stopped: stoppedByEvent } = eventNotes(events, read);
  const notes = [...read.notes, ...said];
  let stopped = stoppedByEvent;
  // A sample error or limit the events did not record (older logs): said at the end.
  const error = str(sample.error, "message");
  if (stopped === null && error !== undefined) {
    stopped = error;
    notes.push({ kind: "log_error", index: read.messages.length, message: error });
  }
  const limit = sample.limit;
  if (stopped === null && isRecord(limit)) {
    stopped = `${str(limit, "type") ?? "a"} limit (${compact(limit.limit ?? "")}) was reached`;
    notes.push({ kind: "log_error", index: read.messages.length, message: stopped });
  }
  if (stopped !== null) notes.push(...abortedCalls(read.messages, stopped));
  const checks = scoresOf(sample, allEvents, text);
  return {
    messages: read.messages,
    tools: toolsOf(events, text),
    shape: "messages",
    notes,
    ...(checks.length === 0 ? {} : { checks }),
  };
}

/** Calls no result answers, in a run that was stopped: each an `aborted` note at the message that made it. */
function abortedCalls(messages: readonly Message[], reason: string): LogNote[] {
  const answered = new Set<string>();
  for (const m of messages) if (m.role === "tool") answered.add(m.callId);
  const notes: LogNote[] = [];
  for (const [index, m] of messages.entries())
    if (m.role === "assistant")
      for (const call of m.toolCalls)
        if (!answered.has(call.callId)) notes.push({ kind: "aborted", index, name: call.name, reason });
  return notes;
}

/** A sample's label, as the import lists the samples not shown. */
const labelOf = (sample: unknown, i: number): string => {
  const id = field(sample, "id");
  const epoch = field(sample, "epoch");
  const name = typeof id === "string" || typeof id === "number" ? String(id) : `#${i + 1}`;
  return typeof epoch === "number" ? `${name} epoch ${epoch}` : name;
};

/** A whole log: its first sample, the others listed. */
function readLog(log: Obj): Neutral {
  const samples = log.samples;
  if (samples === undefined || samples === null || (Array.isArray(samples) && samples.length === 0))
    refuse(
      "samples",
      "this Inspect AI log holds no samples (it was written without them, e.g. with --no-log-samples, or none had finished)",
    );
  if (!Array.isArray(samples)) return refuse("samples", `expected a list of samples, got ${kindOf(samples)}`);
  const first: unknown = samples[0];
  if (!isRecord(first)) return refuse("samples.0", `expected a sample (an object), got ${kindOf(first)}`);
  const others = samples.slice(1).map((sample, i) => labelOf(sample, i + 1));
  const neutral = readSample(first, "samples.0");
  return others.length > 0 ? { ...neutral, others } : neutral;
}

/** A bare list of Inspect chat messages (no events: no usage, no tools). */
function readList(raw: readonly unknown[], path: string): Neutral {
  const read = readMessages(raw, path, same, new Map());
  return { messages: read.messages, tools: [], shape: "messages", notes: read.notes };
}

/** A whole log's telltales: its `eval` spec, with its samples, plan or version. */
const isLog = (data: Obj): boolean =>
  isRecord(data.eval) && (data.samples !== undefined || isRecord(data.plan) || typeof data.version === "number");

/**
 * A sample's telltales: messages with events that each name their `event`, or with an epoch and a target; or events
 * alone that hold a sample's start or a model call with its output.
 */
const isSample = (data: Obj): boolean => {
  const events = Array.isArray(data.events) ? data.events : [];
  if (Array.isArray(data.messages))
    return (
      events.some((e) => typeof field(e, "event") === "string") ||
      (typeof data.epoch === "number" && data.target !== undefined)
    );
  return events.some(
    (e) => field(e, "event") === "sample_init" || (field(e, "event") === "model" && isRecord(field(e, "output"))),
  );
};

function read(data: unknown): Neutral {
  if (Array.isArray(data)) return readList(data, "");
  if (!isRecord(data)) return refuse("", `expected an Inspect AI log, sample or message list, got ${kindOf(data)}`);
  if (typeof data.inspectZipError === "string")
    return refuse("", `this Inspect AI .eval file could not be unpacked: ${data.inspectZipError}`);
  if (isLog(data) || (Array.isArray(data.samples) && data.version !== undefined)) return readLog(data);
  if (isSample(data)) return readSample(data, "");
  if (Array.isArray(data.messages)) return readList(data.messages, "messages");
  return refuse("", "not an Inspect AI log (eval and samples), sample (messages and events) or message list");
}

function parse(data: unknown): ParseResult {
  return reading(() => read(data));
}

/**
 * How surely a list of messages is Inspect's: a tool call naming its tool in `function` (a string; OpenAI's is an
 * object) or a tool message naming it so is unmistakable; messages marked with their `source` are likely.
 */
function listScore(items: readonly unknown[]): number {
  let score = 0;
  for (const m of items) {
    const role = field(m, "role");
    if (typeof role !== "string") continue;
    if (role === "tool" && typeof field(m, "function") === "string" && field(m, "tool_call_id") !== undefined)
      return 10;
    if (
      list(m, "tool_calls").some(
        (call) => typeof field(call, "function") === "string" && isRecord(field(call, "arguments")),
      )
    )
      return 10;
    const source = field(m, "source");
    if (source === "input" || source === "generate") score = 9;
  }
  return score;
}

function detect(data: unknown): number {
  if (Array.isArray(data)) return listScore(data);
  if (!isRecord(data)) return 0;
  if (typeof data.inspectZipError === "string") return 10;
  if (isLog(data) || isSample(data)) return 10;
  return Array.isArray(data.messages) ? listScore(data.messages) : 0;
}

// ---- writing --------------------------------------------------------------------------------------------------

/** The `ToolCallError` types the writer uses (Inspect's own, in its `_call_tools.py`). */
type ErrorType = "parsing" | "approval" | "timeout" | "unknown";

/**
 * How Inspect would have typed each refusal the host made: a call it could not take (malformed, or of a tool it does
 * not have) is a `parsing` error, as Inspect's own tool-not-found and argument checks are; a call a rule of the
 * host's refused (scope, policy, a used operation id, a missing precondition) is what Inspect's approval policies
 * do, an `approval` error. A call whose answer never reached the host, which got a timeout instead, is a `timeout`;
 * any other error the tool returned is `unknown`, Inspect's type for a `ToolError` the tool raised.
 */
const REFUSAL_TYPE: Readonly<Record<ValidationRule, ErrorType>> = {
  well_formed: "parsing",
  tool_allowed: "parsing",
  in_scope: "approval",
  policy: "approval",
  operation_id: "approval",
  precondition: "approval",
};

/** Each error result's type, by call id, in the order of the run's steps (a call id may be used again). */
function errorTypes(trace: Pick<Trace, "steps">): Map<string, ErrorType[]> {
  const types = new Map<string, ErrorType[]>();
  for (const step of trace.steps) {
    if (step.toolResult?.status !== "error") continue;
    const failed = step.kind === "validation" ? step.checks.find((check) => check.result === "failed") : undefined;
    const type =
      failed !== undefined
        ? REFUSAL_TYPE[failed.rule]
        : step.kind === "execution" && step.lost === true
          ? "timeout"
          : "unknown";
    const id = step.toolResult.callId;
    types.set(id, [...(types.get(id) ?? []), type]);
  }
  return types;
}

/**
 * An assistant message's content: its text, or with its reasoning, Inspect's content list (a `reasoning` part needs
 * no signature in Inspect; encrypted reasoning, whose blob the figure does not keep, is left out).
 */
function assistantContent(m: Extract<Message, { role: "assistant" }>): Json {
  const reasoning = (m.parts ?? []).filter(
    (p): p is Extract<MessagePart, { type: "reasoning" }> => p.type === "reasoning" && !p.redacted,
  );
  if (reasoning.length === 0) return m.content ?? "";
  const parts: JsonRecord[] = reasoning.map((p) => ({ type: "reasoning", reasoning: p.text, redacted: false }));
  if ((m.content ?? "") !== "") parts.push({ type: "text", text: m.content ?? "" });
  return parts;
}

/** One tool call as Inspect's `ToolCall`: arguments an object (text that was not one: `{}`, with a `parse_error`). */
function inspectCall(call: ToolCall): JsonRecord {
  const parsed =
    call.rawArguments === undefined
      ? { arguments: call.args as JsonRecord }
      : { arguments: {}, parse_error: `the arguments were not a JSON object: ${call.rawArguments}` };
  return { id: call.callId, function: call.name, ...parsed, type: "function" };
}

/**
 * A run's messages as Inspect's `ChatMessage` list: system and user messages marked as the sample's input, the
 * model's as generated, each tool result with its call's id and function, an error result with its `error` (its
 * text is the error's message, as Inspect hands it to the model, and the content is left empty, as Inspect leaves
 * it). `types` gives each error's type by call id; an error the run does not place is `unknown`.
 */
export function inspectMessages(
  messages: readonly Message[],
  types: ReadonlyMap<string, readonly ErrorType[]> = new Map(),
): JsonRecord[] {
  const used = new Map<string, number>();
  return messages.map((m): JsonRecord => {
    switch (m.role) {
      case "system":
      case "user":
        return { role: m.role, content: m.content, source: "input" };
      case "assistant":
        return {
          role: "assistant",
          content: assistantContent(m),
          source: "generate",
          ...(m.toolCalls.length === 0 ? {} : { tool_calls: m.toolCalls.map(inspectCall) }),
        };
      case "tool": {
        if (m.status === "ok") return { role: "tool", content: m.content, tool_call_id: m.callId, function: m.name };
        const nth = used.get(m.callId) ?? 0;
        used.set(m.callId, nth + 1);
        const type = types.get(m.callId)?.[nth] ?? "unknown";
        return {
          role: "tool",
          content: "",
          tool_call_id: m.callId,
          function: m.name,
          error: { type, message: m.content },
        };
      }
      default: {
        const never: never = m;
        return never;
      }
    }
  });
}

/** The messages before the model's first reply: what an Inspect sample's `input` holds. */
const inputOfRun = (messages: JsonRecord[]): JsonRecord[] => {
  const first = messages.findIndex((m) => m.role === "assistant");
  return first === -1 ? messages : messages.slice(0, first);
};

/**
 * The run as one Inspect AI sample (`EvalSample`'s required fields: an id, the epoch, the input, the target, and the
 * messages): what a log's `samples[0]` holds, with no events (so no usage, no tools) and no target (the run had
 * none to be scored against).
 */
export function inspectSample(messages: readonly Message[], types?: ReadonlyMap<string, readonly ErrorType[]>) {
  const written = inspectMessages(messages, types);
  return { id: "agent-loop-figure", epoch: 1, input: inputOfRun(written), target: "", messages: written };
}

/** The Inspect AI codec: reads logs, samples and message lists; writes one sample. */
export const codec: WritingCodec<"inspect"> = {
  ...formatMeta("inspect"),
  carries: ["system", "mid_run_system", "error_status", "reasoning", "result_order"],
  // Images, audio and documents with their data (the figure keeps only their type).
  places: ["media"],
  pairing:
    "tool_calls[].id ↔ the tool message's tool_call_id (the tool event carries the same id); a sample's model events give usage and errors",
  where:
    "./logs/<timestamp>_<task>_<id>.eval (or .json with --log-format=json; the directory is --log-dir or INSPECT_LOG_DIR)",
  detect,
  parse,
  request: (messages) => inspectSample(messages),
  transcript: (trace: Trace) => inspectSample(runMessages(trace), errorTypes(trace)),
};
