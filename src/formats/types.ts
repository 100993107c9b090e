/**
 * What a format codec is: everything about one transcript format in one module — how to recognise it, how to read
 * it into the neutral trace's messages, how to write one step's request and the whole run in it, and how it pairs
 * a tool call with its result. The registry (./index.ts) lists the codecs; nothing else names a format.
 */
import type {
  AgentEnded,
  IdMaker,
  JsonObject,
  JsonValue,
  Message,
  RecordedCheck,
  Step,
  ToolDeclaration,
  Trace,
} from "../engine";
import type { AdditionKind, Feature } from "./features";
import type { Replay } from "./replay";

/** What kind of document a transcript was: a request body, a bare list of messages or items, or a response body. */
export type TranscriptShape = "request" | "messages" | "response";

/** A transcript read into neutral messages, before the steps are made from them. */
export interface Neutral {
  readonly messages: readonly Message[];
  readonly tools: readonly ToolDeclaration[];
  readonly shape: TranscriptShape;
  /** Indexes of results the format gave no id, paired by order and name (the import notes each). */
  readonly pairedByOrder?: readonly number[];
  /** What an agent's own log says besides the messages, each at its message (the import notes each). */
  readonly notes?: readonly LogNote[];
  /**
   * What else the document holds that is not shown (an Inspect log's other samples, by id): the import lists
   * them in its summary.
   */
  readonly others?: readonly string[];
  /**
   * The checks of whether the task got done that the log records, made after the model stopped (an evaluation's
   * scorers): the import puts them on the run's last step, and they decide its outcome.
   */
  readonly checks?: readonly RecordedCheck[];
  /**
   * The agent ended the run itself when the model called its finish tool (SWE-agent's `submit`, OpenHands'
   * `finish`): the tool's name, and the agent's own word for how the run ended where it records one.
   */
  readonly ended?: AgentEnded;
  /** The call ids the provider did not make, by id: who made each (see the engine's `IdMaker`). */
  readonly madeIds?: ReadonlyMap<string, IdMaker>;
}

/** Why a document could not be read: what, and where in it (a dotted path such as `messages.1.content.0.type`). */
export interface ReadError {
  readonly message: string;
  readonly path?: string;
  /** 1-based, for text that is not JSON. */
  readonly line?: number;
  readonly column?: number;
}

/** What a codec's reader returns. */
export type ParseResult =
  // `trace` when the document is a whole trace already (this figure's own format): its steps are kept as they are.
  | { readonly ok: true; readonly neutral: Neutral; readonly trace?: Trace }
  | { readonly ok: false; readonly errors: readonly ReadError[] };

/**
 * One transcript format. `detect` scores how surely a parsed document is in this format (0: not at all); the
 * import picks the highest score. A format the figure writes (./index.ts: `writes`) is a {@link WritingCodec}.
 */
export interface Codec<Id extends string = string> {
  readonly id: Id;
  /** The format's name, as the people who use it call it. */
  readonly name: string;
  /** How a tool call and its result are paired in this format (for the docs and the import panel). */
  readonly pairing: string;
  readonly detect: (data: unknown) => number;
  readonly parse: (data: unknown) => ParseResult;
  /** Whether the format is saved as JSON Lines: the import reads such text as the list of its lines. */
  readonly lines?: boolean;
  /** Where the agent that writes this log keeps it, for the docs (an agent's own log). */
  readonly where?: string;
}

/**
 * A format the figure writes as well as reads. `request` is the body a host would send at one model call;
 * `transcript` is the whole run in the format, which `parse` reads back to the same messages.
 */
export interface WritingCodec<Id extends string = string> extends Codec<Id> {
  /** What of a run its writer carries (./loss.ts); the rest is listed as lost when a run is written in it. */
  readonly carries: readonly Feature[];
  /**
   * Of what it does not carry, what the format has a place for all the same: the figure keeps no signature of a
   * model's thinking and no bytes of an image, so its writer has nothing true to put there (the report says so).
   */
  readonly places?: readonly Feature[];
  readonly request: (messages: readonly Message[], tools: readonly ToolDeclaration[]) => unknown;
  readonly transcript: (trace: Trace) => unknown;
  /** How the tool that reads such a file names it, when not `<name>.<format id>.json`: its ending (`.traj`). */
  readonly suffix?: string;
  /** The provider's replay rules, for a format that is a provider's request ("would this replay?", ./check.ts). */
  readonly replay?: Replay;
  /**
   * What the writer adds that the run did not have (each with how many and the index of the first message it is
   * in), said with the loss report.
   */
  readonly adds?: (
    messages: readonly Message[],
  ) => readonly { readonly kind: AdditionKind; readonly count: number; readonly index: number }[];
}

/**
 * What an agent's own log says of its run that the messages do not, at the message with index `index` (the
 * import says it as a note at that message's step; `index` = the number of messages: at the end of the run).
 */
export type LogNote =
  /**
   * A call the log records as cancelled before it returned: by the user, or by the host (null: not said); `started`
   * true when the log says it had begun to run (a command stopped mid-run), false when it says it never ran, absent
   * when it does not say.
   */
  | {
      readonly kind: "cancelled";
      readonly index: number;
      readonly name: string;
      readonly by: "user" | "host" | null;
      readonly started?: boolean;
    }
  /**
   * The command was still running when the agent handed back its output so far (OpenHands' exit code -1, a Codex
   * session still open): no failure, and the model may wait for more or stop it.
   */
  | { readonly kind: "running"; readonly index: number; readonly name: string }
  /**
   * The agent's telemetry recorded this run of the tool (a span with the call's id: the GenAI conventions'
   * `execute_tool`, OpenInference's `TOOL`, the AI SDK's `ai.toolCall`, named in `span`): the host's part observed,
   * not inferred from the next request; how long it took (null: not recorded), and whether the span ended in an error.
   */
  | {
      readonly kind: "observed";
      readonly index: number;
      readonly name: string;
      readonly span: string;
      readonly ms: number | null;
      readonly failed: boolean;
    }
  /**
   * The run's telemetry recorded no message content (the instrumentations' default): only its shape (its `calls`
   * model calls, the tools' runs) is drawn, each text it lacks as `[not recorded]`.
   */
  | { readonly kind: "not_captured"; readonly index: number; readonly calls: number }
  /** The turn was stopped before this call returned, and no result is recorded (`reason` as the log gives it). */
  | { readonly kind: "aborted"; readonly index: number; readonly name: string; readonly reason: string | null }
  /**
   * An error result, and who the log says made it: the tool (it ran, and failed), the host (it refused the call or
   * could not run it), or the user (who denied it). A log that does not say gets no such note.
   */
  | { readonly kind: "error_by"; readonly index: number; readonly name: string; readonly by: "tool" | "host" | "user" }
  /**
   * The agent compacted its context before this model call: from here the model was given a summary (and what the
   * log kept) instead of the `dropped` messages before it (null: the log does not say how many).
   */
  | { readonly kind: "compacted"; readonly index: number; readonly dropped: number | null }
  /**
   * A system message the host put among the messages here, mid-run (Anthropic's `role: "system"` message): text in
   * the model's context that the user did not write. `clearAt`: shown to the model only until the next user message.
   */
  | { readonly kind: "system_message"; readonly index: number; readonly clearAt: "next_user_message" | null }
  /**
   * The host put `blocks` text blocks of its own into the user's turn at `index` (Claude Code's `<system-reminder>`s):
   * in the user's message, but not typed by the user.
   */
  | { readonly kind: "host_text"; readonly index: number; readonly blocks: number }
  /**
   * The request of the model call at `index` asks the provider to edit the context before the model reads it
   * (Anthropic's beta `context_management`: `clear_thinking_20251015`, `clear_tool_uses_20250919`, …), by type.
   */
  | { readonly kind: "context_edits"; readonly index: number; readonly edits: readonly string[] }
  /**
   * The model call that made the assistant message at `index` did not complete: the user aborted it, or its request
   * ended in an error (`reason`: the log's words). What it had written is kept; its calls were never run.
   */
  | {
      readonly kind: "stopped";
      readonly index: number;
      readonly how: "aborted" | "error";
      readonly reason: string | null;
    }
  /** An error the agent logged here (an API error, a stream cut, an aborted turn), in the log's words. */
  | { readonly kind: "log_error"; readonly index: number; readonly message: string }
  /**
   * What the model call used, as the log records it: tokens in and out, and the cost in US dollars; `calls`, when
   * the log gives totals over several model calls, how many (1 when absent). The import says the run's sum once,
   * at its end.
   */
  | {
      readonly kind: "usage";
      readonly index: number;
      readonly input: number | null;
      readonly output: number | null;
      readonly cost: number | null;
      readonly calls?: number;
    };

// ---- helpers the codecs share ------------------------------------------------------------------------------

/** JSON as a request body holds it: the same values as the engine's, typed mutable as the SDKs' JSON types are. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON object as a request body holds it. */
export type JsonRecord = { [key: string]: Json };

/** The engine's (read-only) JSON, typed as a request body's: the same value, not a copy. */
export const asJson = <T extends JsonValue>(value: T): T extends JsonObject ? JsonRecord : Json =>
  value as unknown as T extends JsonObject ? JsonRecord : Json;

/** A plain object, for reading untrusted JSON. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `data[key]` when `data` is an object. */
export const field = (data: unknown, key: string): unknown => (isRecord(data) ? data[key] : undefined);

/** `data[key]` when it is an array, else an empty one (`null` and a missing key are the same: absent). */
export const list = (data: unknown, key: string): readonly unknown[] => {
  const value = field(data, key);
  return Array.isArray(value) ? value : [];
};

/** `data[key]` when it is a string. */
export const str = (data: unknown, key: string): string | undefined => {
  const value = field(data, key);
  return typeof value === "string" ? value : undefined;
};

/** A JSON value written compactly, for showing what a provider-run tool was given or returned. */
export const compact = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/**
 * Arguments a transcript wrote as JSON text: the object they encode, or `{}` with the raw text kept when they
 * are not a JSON object (the import reports such a call as `bad_arguments`).
 */
export function readArguments(raw: string): { args: Record<string, never>; rawArguments: string } | { args: object } {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed)) return { args: parsed };
  } catch {
    // not JSON: kept as written
  }
  return { args: {}, rawArguments: raw };
}

/**
 * Every message of a run, the model's final reply included: a run the engine made ends on a reply no later
 * request carries (it ended the loop), so it is in no message; an imported run holds it as its last message.
 */
export function runMessages(trace: Pick<Trace, "messages" | "steps">): readonly Message[] {
  let answer: Step | undefined;
  for (const step of trace.steps) if (step.kind === "answer") answer = step;
  if (answer === undefined || answer.kind !== "answer") return trace.messages;
  // An imported answer is the message its step's context ends before; the engine's is in no message.
  if (trace.messages[answer.contextEnd]?.role === "assistant") return trace.messages;
  return [...trace.messages, { role: "assistant", content: answer.text, toolCalls: [] }];
}
