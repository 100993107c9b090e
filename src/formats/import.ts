/**
 * Import a recorded agent run: its text decoded, its format detected (or chosen) among the registry's codecs, read
 * into neutral messages and made into the steps the figure shows, call_ids paired. Nothing is executed. Problems
 * are reported at their step, exactly: a duplicate call id, a second result for an answered id, a result with no
 * call, a result before its call, a call without a result, arguments that are not a JSON object. What the figure
 * does not model is kept as placeholders and named in a note at its step, never dropped.
 */
import {
  type ExecutionStep,
  type IdMaker,
  LANES,
  type Outcome,
  type RecordedCause,
  type RecordedCheck,
  type Step,
  type StoppedCall,
  type ToolCall,
  type ToolResult,
  TRACE_VERSION,
  type Trace,
} from "../engine";
import { jsonSyntaxProblem } from "../trace-format/schema";
import { CODECS } from "./codecs";
import { foreignFormat } from "./foreign";
import { FORMATS, type FormatId, formatName } from "./index";
import { isRawLiveRun } from "./live-facts";
import type { LogNote, Neutral, ReadError, TranscriptShape } from "./types";

/** A pairing or argument problem in an imported transcript, at the step where it shows. */
export interface ImportProblem {
  readonly kind:
    | "missing_result"
    | "unknown_call"
    | "duplicate_id"
    | "second_result"
    | "result_before_call"
    | "bad_arguments";
  readonly callId: string;
  /** 1-based step of the trace where the problem shows. */
  readonly step: number;
}

/**
 * Something kept that the figure does not model, at the step whose message holds it: `unknown_type`, a block or
 * item type the reader does not know; `provider_tool`, a tool the provider ran; `paired_by_order`, a result with no
 * id (Gemini's is optional), paired with the earliest open call of its name; `torn_line`, a log's last line cut
 * off (its writer was still writing it), not read; and what an agent's own log says besides its messages
 * ({@link LogNote}: a cancelled or aborted call, who made an error, a compaction, a logged error, a call's usage).
 */
export type ImportNote =
  | {
      readonly kind: "unknown_type" | "provider_tool" | "paired_by_order" | "torn_line";
      /** The type's or the tool's name (a torn line's: its 1-based line number). */
      readonly name: string;
      readonly step: number;
    }
  | (DistributiveOmit<Exclude<LogNote, { kind: "usage" }>, "index"> & { readonly step: number })
  /** The usage the log records, summed over the `calls` model calls it covers, at the run's end. */
  | {
      readonly kind: "usage";
      readonly input: number | null;
      readonly output: number | null;
      readonly cost: number | null;
      readonly calls: number;
      readonly step: number;
    };

/** `Omit` over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What was read: the format, the kind of document, how many messages and tool calls. */
export interface ImportSummary {
  readonly format: FormatId;
  readonly shape: TranscriptShape;
  readonly messages: number;
  readonly toolCalls: number;
  /** What else the document holds and the figure does not show (an Inspect log's other samples). */
  readonly others?: readonly string[];
  /** How many checks of the task the log records (an Inspect sample's scores), when it records any. */
  readonly scored?: number;
  /** Who made them: an evaluation's scorers, or the agent's own reviewer (SWE-agent's `info.review`). */
  readonly checkedBy?: RecordedCheck["by"];
}

/** What an import returns: a trace with its problems and notes, or why nothing could be imported. */
export type ImportResult =
  | {
      readonly ok: true;
      readonly format: FormatId;
      readonly trace: Trace;
      readonly problems: readonly ImportProblem[];
      readonly notes: readonly ImportNote[];
      readonly summary: ImportSummary;
    }
  | {
      readonly ok: false;
      /** The format the document was read as, if it got that far. */
      readonly format: FormatId | null;
      /** At most {@link MAX_ERRORS}, the first real reason first. */
      readonly errors: readonly ReadError[];
      /** How many more errors there were. */
      readonly more: number;
    };

/** How far a shell's import of a large transcript has got (the chapter page reads it off its main thread). */
export interface ImportProgress {
  /** `reading`: bytes arriving; `building`: pairing calls and making steps; `receiving`: the page taking the run in. */
  readonly phase: "reading" | "building" | "receiving";
  readonly bytes: number;
  /** The size in bytes, when known (a file's; a response's Content-Length). */
  readonly total: number | null;
  /** Messages read, once the transcript is read. */
  readonly messages: number | null;
  /** Steps made, once they are. */
  readonly steps: number | null;
  /** Steps the page has taken in. */
  readonly received: number;
}

/** At most this many errors are listed; the rest are counted. */
export const MAX_ERRORS = 5;

/** The formats read, as one phrase for an error message. */
const READ_FORMATS = [
  ...FORMATS.filter((f) => f.id !== "neutral").map((f): string => f.name),
  formatName("neutral"),
].join(", ");

/** The formats saved as JSON Lines, by name, for that message. */
const LINE_NAMES = (() => {
  const names = Object.values(CODECS).flatMap((codec) => (codec.lines === true ? [codec.name] : []));
  return `${names.length > 1 ? `${names.slice(0, -1).join(", ")} or ` : ""}${names.at(-1) ?? ""} logs`;
})();

const failure = (format: FormatId | null, errors: readonly ReadError[]): ImportResult => ({
  ok: false,
  format,
  errors: errors.slice(0, MAX_ERRORS),
  more: Math.max(0, errors.length - MAX_ERRORS),
});

/**
 * Parse JSON text (a byte-order mark is fine). JSON Lines is read as the list of its values when a format that is
 * saved as lines (a Claude Code session log, a Codex CLI rollout) recognises them; otherwise it is named for what
 * it is. A last line that is not JSON and has no line end after it is a line its writer has not finished (an agent
 * still writing its log): it is left out, and its number is given as `torn`.
 */
function decode(source: string): { ok: true; data: unknown; torn?: number } | { ok: false; error: ReadError } {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    const lines = linesOf(text);
    const values: unknown[] = [];
    let torn: number | undefined;
    for (const [i, { line, number }] of lines.entries()) {
      try {
        values.push(JSON.parse(line));
      } catch {
        const last = i === lines.length - 1 && !/\n\s*$/.test(text);
        if (last && values.length > 0) torn = number;
        else values.length = 0;
        break;
      }
    }
    if (values.length > 1 || (values.length === 1 && torn !== undefined)) {
      if (Object.values(CODECS).some((codec) => codec.lines === true && codec.detect(values) >= 8))
        return { ok: true, data: values, ...(torn === undefined ? {} : { torn }) };
      const foreign = foreignFormat(values);
      // Lines that a format saved as one document recognises: that format, written a line per item.
      const whole = detectBest(values);
      const looks =
        foreign !== null
          ? `, it looks like ${foreign.name}, which is not read yet`
          : whole.score >= 8
            ? `, it looks like ${formatName(whole.id)}, which is read as one JSON document, not as lines`
            : "";
      return {
        ok: false,
        error: {
          message: `this is JSON Lines (${values.length} JSON values, one per line)${looks}; the import reads one JSON document, or ${LINE_NAMES} as JSON Lines: ${READ_FORMATS}`,
          line: 2,
          column: 1,
        },
      };
    }
    return { ok: false, error: jsonSyntaxProblem(text) };
  }
}

/** The non-blank lines of a text, each with its 1-based line number. */
function linesOf(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let start = 0;
  let number = 1;
  while (start <= text.length) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (line.trim() !== "") lines.push({ line, number });
    if (end === -1) break;
    start = end + 1;
    number += 1;
  }
  return lines;
}

/** The codec whose detector is surest of `data`, with its score. */
function detectBest(data: unknown): { id: FormatId; score: number } {
  let best: { id: FormatId; score: number } = { id: "chat", score: 0 };
  for (const { id } of FORMATS) {
    const score = CODECS[id].detect(data);
    if (score > best.score) best = { id, score };
  }
  return best;
}

/** Which format a parsed document looks like, among those read (Chat when nothing tells). */
export function detectFormat(data: unknown): FormatId {
  return detectBest(data).id;
}

/**
 * Import a transcript from its text, in `format` or the one detected. `name` names the run (a file's base name).
 * @example importTranscript(JSON.stringify(chatRequest(messages, tools))).ok // true
 */
/** How a document is to be read, besides its format. */
export interface ImportOptions {
  /**
   * The document is a request that was sent to the model and is still waiting for its answer, or got none (a run
   * recorded live, whose answer has not begun or was an error): its model call is a step, after the messages.
   */
  readonly sent?: boolean;
}

/** A figure file's telltales: its format version and its scenario. */
const isFigureFile = (data: unknown): boolean =>
  typeof data === "object" &&
  data !== null &&
  !Array.isArray(data) &&
  typeof (data as Record<string, unknown>).figure === "number" &&
  typeof (data as Record<string, unknown>).scenario === "object";

export function importTranscript(
  source: string,
  format?: FormatId,
  name = "imported",
  options: ImportOptions = {},
): ImportResult {
  const decoded = decode(source);
  if (!decoded.ok) return failure(null, [decoded.error]);
  const { data } = decoded;
  let chosen = format;
  // A figure file is a lesson, not a record of a run: it opens as a figure (the resolver's `figure` source).
  if (chosen === undefined && isFigureFile(data))
    return failure(null, [
      {
        message:
          "this is a figure file (a lesson), not a recorded run: open it as a figure (the page's ?figure=URL, the authoring page, or agent-loop-figure view FILE)",
      },
    ]);
  // A run `live --save` could not draw, saved raw: named, and refused with the reason it was saved so.
  if (isRawLiveRun(data)) {
    const reasons = Array.isArray(data.not_drawn) ? data.not_drawn : [];
    return failure(null, [
      {
        message: `this is a run agent-loop-figure live saved raw (the ${String(data.provider)} request as the agent sent it and the answer as it came), because the figure could not draw it`,
      },
      ...reasons.map((reason) => ({
        message: String(reason.message),
        ...(typeof reason.path === "string" ? { path: `request.${reason.path}` } : {}),
        ...(typeof reason.line === "number" ? { line: reason.line, column: Number(reason.column) || 1 } : {}),
      })),
    ]);
  }
  if (chosen === undefined) {
    const best = detectBest(data);
    const foreign = foreignFormat(data);
    if (foreign !== null && foreign.score >= best.score) {
      return failure(null, [
        { message: `this looks like ${foreign.name}, which is not read yet; read: ${READ_FORMATS}` },
      ]);
    }
    if (best.score === 0 && !(Array.isArray(data) && data.length === 0)) {
      return failure(null, [
        {
          message: `not a transcript this import reads: expected a request body (messages or input), a list of messages or items, or a response body; read: ${READ_FORMATS}`,
        },
      ]);
    }
    chosen = best.id;
  }
  const parsed = CODECS[chosen].parse(data);
  if (!parsed.ok) return failure(chosen, parsed.errors);
  if (parsed.neutral.messages.length === 0) return failure(chosen, [{ message: "no messages", path: "messages" }]);
  const made =
    parsed.trace === undefined
      ? toTrace(parsed.neutral, name, options)
      : { trace: parsed.trace, problems: [], notes: [] };
  // A torn last line is said at the end of the run: what follows it is not yet written.
  if (decoded.torn !== undefined)
    made.notes.push({ kind: "torn_line", name: String(decoded.torn), step: made.trace.steps.length });
  const toolCalls = parsed.neutral.messages.reduce((n, m) => n + (m.role === "assistant" ? m.toolCalls.length : 0), 0);
  return {
    ok: true,
    format: chosen,
    ...made,
    summary: {
      format: chosen,
      shape: parsed.neutral.shape,
      messages: parsed.neutral.messages.length,
      toolCalls,
      ...(parsed.neutral.others === undefined || parsed.neutral.others.length === 0
        ? {}
        : { others: parsed.neutral.others }),
      ...(parsed.neutral.checks === undefined || parsed.neutral.checks.length === 0
        ? {}
        : { scored: parsed.neutral.checks.length, checkedBy: parsed.neutral.checks[0]?.by ?? "scorer" }),
    },
  };
}

// ---- to a trace ---------------------------------------------------------------------------------------------

const none: readonly string[] = Object.freeze([]);
const noChanges: Step["fileChanges"] = Object.freeze([]);

/**
 * The steps a transcript shows: each user message (the user's turn), each model turn (the host's model call with
 * what it appended, then the model's proposal or reply) and each tool result (reported to the host), then the end
 * of the transcript. The host's checks are not in a transcript, so there are no validation steps; the outcome is
 * what the log's own checks of the task decided (an evaluation's scorers: `completed` when every one passed,
 * `verification_missing` when one failed), and `not_recorded` when it records none with a verdict; the counters
 * count what the transcript holds, with no budget and no simulated writes.
 */
export function toTrace(
  neutral: Neutral,
  name: string,
  options: ImportOptions = {},
): { trace: Trace; problems: ImportProblem[]; notes: ImportNote[] } {
  const { messages, tools } = neutral;
  const steps: Step[] = [];
  const problems: ImportProblem[] = [];
  const notes: ImportNote[] = [];
  const open = new Map<string, { call: ToolCall; step: number; index: number }>(); // proposed, no result yet
  const answered = new Map<string, ToolCall>(); // given a result, not proposed again since
  const everCalled = new Set<string>();
  // Where each id is last proposed, to tell a result that comes before its call from one with no call at all.
  const lastProposedAt = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "assistant") for (const c of m.toolCalls) lastProposedAt.set(c.callId, i);
  });
  const byOrder = new Set(neutral.pairedByOrder ?? []);
  // What the agent's log says made an error result, by the result's message index.
  const causes = new Map<number, RecordedCause>();
  // Model calls the log says did not complete, and the messages whose calls it says were aborted (not missing).
  const stoppedAt = new Map<number, StoppedCall>();
  const abortedAt = new Set<number>();
  for (const note of neutral.notes ?? []) {
    if (note.kind === "error_by") causes.set(note.index, note.by);
    else if (note.kind === "cancelled")
      causes.set(note.index, note.started === true ? "interrupted" : note.started === false ? "skipped" : "cancelled");
    else if (note.kind === "stopped") stoppedAt.set(note.index, note.how);
    else if (note.kind === "aborted") abortedAt.add(note.index);
  }
  // Who made a turn's ids, where the provider did not (the first call's maker speaks for the turn's).
  const madeIds = neutral.madeIds;
  const madeBy = (calls: readonly ToolCall[]): { idsBy?: IdMaker } => {
    const maker = madeIds === undefined || calls[0] === undefined ? undefined : madeIds.get(calls[0].callId);
    return maker === undefined ? {} : { idsBy: maker };
  };
  const stoppedOf = (i: number): { stopped?: StoppedCall } => {
    const how = stoppedAt.get(i);
    return how === undefined ? {} : { stopped: how };
  };
  const freeText = new Set(tools.flatMap((t) => (t.builtIn === "custom" ? [t.name] : [])));
  let counters = { modelCalls: 0, toolExecutions: 0, simulatedWrites: 0 };
  // The step each message made (an assistant message: its reply's; its model call's is the step before), for the
  // log's notes: filled in as the steps are made.
  const stepOf = new Int32Array(messages.length + 1);
  let contextEnd = 0;
  let fed: string[] = [];
  let lastFed: ToolResult | null = null;
  // Each step's common fields are written out, not spread from a helper: object spread made this loop about
  // ten times slower, the bulk of a 2,000-message import.
  messages.forEach((m, i) => {
    stepOf[i] = steps.length + 1;
    if (m.role === "user") {
      steps.push({
        number: steps.length + 1,
        contextEnd,
        fileChanges: noChanges,
        counters,
        kind: "task",
        lane: "user",
        edge: { from: "user", to: "host" },
        callIds: none,
        toolResult: null,
        request: m.content,
      });
      for (const part of m.parts ?? [])
        if (part.type === "other") notes.push({ kind: "unknown_type", name: part.original, step: steps.length });
    } else if (m.role === "assistant") {
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
        callIds: fed,
        toolResult: lastFed,
        modelCall: counters.modelCalls,
        appendedFrom,
      });
      fed = [];
      lastFed = null;
      stepOf[i] = steps.length + 1;
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
          ...stoppedOf(i),
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
          ...stoppedOf(i),
          ...madeBy(m.toolCalls),
        });
        for (const call of m.toolCalls) {
          if (everCalled.has(call.callId))
            problems.push({ kind: "duplicate_id", callId: call.callId, step: steps.length });
          // A custom (free-text) tool's input is text by design, not malformed JSON.
          if (call.rawArguments !== undefined && !freeText.has(call.name))
            problems.push({ kind: "bad_arguments", callId: call.callId, step: steps.length });
          everCalled.add(call.callId);
          answered.delete(call.callId);
          const earlier = open.get(call.callId);
          if (earlier !== undefined) problems.push({ kind: "missing_result", callId: call.callId, step: earlier.step });
          open.set(call.callId, { call, step: steps.length, index: i });
        }
      }
      for (const part of m.parts ?? []) {
        if (part.type === "other") notes.push({ kind: "unknown_type", name: part.original, step: steps.length });
        else if (part.type === "provider_tool")
          notes.push({ kind: "provider_tool", name: part.name, step: steps.length });
      }
    } else if (m.role === "tool") {
      // What the log says made an error (rare). A call the agent refused, the user denied or that was cancelled before
      // it ran never ran: no execution is counted, and the step is the host's (the user's, for a denial), with no
      // arrow from the tool; so too one cancelled with no word of whether it started. One cancelled mid-run ran: the
      // tool's step, counted.
      const cause = m.status === "error" ? causes.get(i) : undefined;
      const ran = cause === undefined || cause === "tool" || cause === "interrupted";
      if (ran) counters = { ...counters, toolExecutions: counters.toolExecutions + 1 };
      const pending = open.get(m.callId);
      const call = pending?.call ?? answered.get(m.callId);
      const { role: _role, ...result } = m;
      const toolResult = call !== undefined && result.name === "" ? { ...result, name: call.name } : result;
      const execution: ExecutionStep = {
        number: steps.length + 1,
        contextEnd,
        fileChanges: noChanges,
        counters,
        kind: "execution",
        lane: "tool",
        edge: { from: "tool", to: "host" },
        callIds: [m.callId],
        toolResult,
        call: call ?? { callId: m.callId, name: m.name, args: {} },
      };
      // Spread only then, to keep this loop fast.
      steps.push(
        cause === undefined
          ? execution
          : {
              ...execution,
              recordedCause: cause,
              ...(ran
                ? {}
                : cause === "user"
                  ? { lane: "user" as const, edge: { from: "user" as const, to: "host" as const } }
                  : { lane: "host" as const, edge: null }),
            },
      );
      if (byOrder.has(i)) notes.push({ kind: "paired_by_order", name: m.name, step: steps.length });
      if (pending !== undefined) {
        open.delete(m.callId);
        answered.set(m.callId, pending.call);
      } else if (answered.has(m.callId)) {
        problems.push({ kind: "second_result", callId: m.callId, step: steps.length });
      } else {
        const later = (lastProposedAt.get(m.callId) ?? -1) > i;
        problems.push({ kind: later ? "result_before_call" : "unknown_call", callId: m.callId, step: steps.length });
      }
      fed = [...fed, m.callId];
      lastFed = toolResult;
    }
  });
  // Calls still open: a problem when the transcript goes on past them (a provider refuses that history); the
  // calls of a transcript that ends on the proposal are simply not run yet, and those the log says were aborted
  // (their model call or turn stopped) have that note instead.
  const lastIndex = messages.length - 1;
  for (const [callId, { step, index }] of open)
    if (index < lastIndex && !abortedAt.has(index)) problems.push({ kind: "missing_result", callId, step });
  const last = messages.at(-1);
  // A request sent and not (yet) answered: its model call, with what it appended and the results it fed.
  if (options.sent === true && last !== undefined && last.role !== "assistant") {
    counters = { ...counters, modelCalls: counters.modelCalls + 1 };
    steps.push({
      number: steps.length + 1,
      contextEnd: messages.length,
      fileChanges: noChanges,
      counters,
      kind: "model_call",
      lane: "host",
      edge: { from: "host", to: "model" },
      callIds: fed,
      toolResult: lastFed,
      modelCall: counters.modelCalls,
      appendedFrom: contextEnd,
    });
  }
  // The log's own checks of the task decide how the run ended: one that failed fails it; all passed, it is done.
  const recorded = neutral.checks ?? [];
  const { ended } = neutral;
  const outcome: Outcome = recorded.some((check) => check.passed === false)
    ? "verification_missing"
    : recorded.length > 0 && recorded.every((check) => check.passed === true)
      ? "completed"
      : "not_recorded";
  steps.push({
    number: steps.length + 1,
    // Every message is in the last step's context: the transcript's newest results or user turn, which no model
    // call has been given yet, are what the next one would get.
    contextEnd: messages.length,
    fileChanges: noChanges,
    counters,
    kind: "finish",
    lane: "host",
    edge: null,
    callIds: none,
    toolResult: null,
    outcome,
    // A call of the agent's finish tool is its decision to end the run, not a call waiting to run.
    pendingCallIds: [...open.values()].flatMap(({ call }) => (ended?.tool === call.name ? [] : [call.callId])),
    verified: outcome === "not_recorded" ? null : outcome === "completed",
    answer: last?.role === "assistant" && last.toolCalls.length === 0 ? last.content : null,
    ...(recorded.length === 0 ? {} : { recorded }),
    ...(ended === undefined ? {} : { ended }),
  });
  stepOf[messages.length] = steps.length;
  // Usage is summed over the run and said once, at its end: a note at every model call would flag every step.
  const usage = { input: null as number | null, output: null as number | null, cost: null as number | null, calls: 0 };
  const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
  for (const note of neutral.notes ?? []) {
    if (note.kind !== "usage") notes.push(logNoteAt(note, stepOf, messages, steps));
    else {
      usage.input = plus(usage.input, note.input);
      usage.output = plus(usage.output, note.output);
      usage.cost = plus(usage.cost, note.cost);
      usage.calls += note.calls ?? 1;
    }
  }
  if (usage.calls > 0) notes.push({ kind: "usage", ...usage, step: steps.length });
  const trace: Trace = {
    version: TRACE_VERSION,
    scenarioId: name,
    lanes: LANES,
    messages,
    files: [],
    steps,
    outcome,
    counters,
    budget: null,
    tools,
  };
  problems.sort((a, b) => a.step - b.step);
  // One note per kind and name at a step: three web searches in one turn are one note.
  const seen = new Set<string>();
  const distinct = notes.filter((note) => {
    const key = `${note.step} ${note.kind} ${"name" in note ? note.name : ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  distinct.sort((a, b) => a.step - b.step);
  return { trace, problems, notes: distinct };
}

/**
 * A log's note at its step: a compaction at the model call's step; at an assistant
 * message otherwise its reply's; at a tool message its result's; at a system message the step after it.
 */
function logNoteAt(
  note: Exclude<LogNote, { kind: "usage" }>,
  stepOf: Int32Array,
  messages: readonly Neutral["messages"][number][],
  steps: readonly Step[],
): ImportNote {
  const { index, ...said } = note;
  const at = Math.max(0, Math.min(index, messages.length));
  const step = stepOf[at] ?? 1;
  const atCall = messages[at]?.role === "assistant" && (note.kind === "compacted" || note.kind === "context_edits");
  // A system message is said at the model call that first reads it; a request's own settings at the call it makes.
  let reply = at;
  if (note.kind === "system_message") {
    reply = at + 1;
    while (reply < messages.length && messages[reply]?.role !== "assistant") reply += 1;
    if (reply < messages.length) return { ...said, step: Math.max(1, (stepOf[reply] ?? 2) - 1) };
  }
  // No reply recorded: the model call of the request sent (the step before the end), else the end.
  if ((note.kind === "context_edits" || note.kind === "system_message") && reply >= messages.length) {
    const before = steps[steps.length - 2];
    const sent = before?.kind === "model_call" && before.contextEnd === messages.length;
    return { ...said, step: sent ? before.number : steps.length };
  }
  return { ...said, step: Math.max(1, atCall ? step - 1 : step) };
}
