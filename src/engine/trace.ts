/**
 * The data model of a loop run: neutral messages (they map onto OpenAI Chat, OpenAI Responses and Anthropic
 * Messages alike), and the trace of steps the runner records. Steps carry data only; words come from catalogs.
 */
import type { LoopErrorCode } from "./errors.ts";
import type { JsonObject } from "./json.ts";

/** Who acts in a step: the four swimlanes. */
export type Lane = "user" | "model" | "host" | "tool" | "mcp";

/** The lanes in the order they are drawn: the four every run has (an MCP server, when a run has one, is a fifth). */
export const LANES: readonly Lane[] = ["user", "model", "host", "tool"];

/** The lanes of a run whose host reaches a tool through an MCP server: the server's lane is drawn last. */
export const MCP_LANES: readonly Lane[] = [...LANES, "mcp"];

/** A tool call as the model proposes it. `callId` ties it to its result. */
export interface ToolCall {
  readonly callId: string;
  readonly name: string;
  readonly args: JsonObject;
  /**
   * The arguments exactly as a transcript wrote them, kept only when they are not a JSON object (empty, cut off,
   * a bare string): `args` is then `{}`, and the import reports the call (`bad_arguments`).
   */
  readonly rawArguments?: string;
}

/** What the host feeds back for one call: the tool's output, or the reason it was refused. */
export interface ToolResult {
  readonly callId: string;
  readonly name: string;
  readonly status: "ok" | "error";
  /** The tool's output, or for a refused call the error code. */
  readonly content: string;
  /** True when the host answered from its record of an earlier identical call instead of running it again. */
  readonly replayed: boolean;
}

/**
 * A piece of a message that is not plain text, kept in order when a message is more than its text (an imported
 * transcript's thinking, images, provider-run tools). `content` still holds the message's text; `parts`, when
 * present, is the whole message in order: its text pieces, and for an assistant message where each of its tool
 * calls stands (`tool_call`, by call id) among the rest.
 * - `reasoning`: the model's thinking or reasoning summary (`redacted` when the provider sent it encrypted);
 * - `provider_tool` / `provider_result`: a tool the provider ran itself inside the model call (web search, code
 *   execution, an MCP call made by the provider), and what it returned: the host ran nothing;
 * - `media`: an image, audio clip, document or file, by its type (the figure shows a placeholder);
 * - `refusal`: the model declined, in its words;
 * - `other`: a block or item type the importer does not know, by its type name.
 */
export type MessagePart =
  | { readonly type: "text"; readonly text: string }
  /**
   * The model's reasoning; `signed` when the transcript kept the provider's opaque state with it (Anthropic's
   * thinking `signature` or redacted `data`, Gemini's `thoughtSignature`, Bedrock's reasoning `signature`), which
   * some providers want back unchanged with the turn's tool calls.
   */
  | { readonly type: "reasoning"; readonly text: string; readonly redacted: boolean; readonly signed?: true }
  /** `signed`: the call came with a thoughtSignature (a Gemini model's, or a placeholder Google documents). */
  | { readonly type: "tool_call"; readonly callId: string; readonly signed?: true }
  | { readonly type: "provider_tool"; readonly id: string; readonly name: string; readonly input: string }
  | { readonly type: "provider_result"; readonly id: string; readonly name: string; readonly content: string }
  | { readonly type: "media"; readonly media: string }
  | { readonly type: "refusal"; readonly text: string }
  | { readonly type: "other"; readonly original: string };

/**
 * The text a message stands with where its record holds none (telemetry that captured no content): drawn as is,
 * never counted as the model's tokens.
 */
export const NOT_RECORDED = "[not recorded]";

/** One message of the context the host gives the model. */
export type Message =
  | {
      readonly role: "system";
      readonly content: string;
      readonly parts?: readonly MessagePart[];
      /**
       * Shown to the model only until the next user message, then kept in the history unshown (Anthropic's beta
       * `clear_at` on a system message the host put in mid-run).
       */
      readonly clearAt?: "next_user_message";
    }
  | { readonly role: "user"; readonly content: string; readonly parts?: readonly MessagePart[] }
  | {
      readonly role: "assistant";
      readonly content: string | null;
      readonly toolCalls: readonly ToolCall[];
      readonly parts?: readonly MessagePart[];
    }
  | ({ readonly role: "tool" } & ToolResult);

/** What the host's tools have done to a file so far: nothing, read it, or changed it (a simulated write). */
export type FileState = "unread" | "read" | "changed";

/** Every file state, in the order a file can pass through them. */
export const FILE_STATES: readonly FileState[] = ["unread", "read", "changed"];

/** One input file and whether a tool has read it. */
export interface FileStatus {
  readonly path: string;
  readonly state: FileState;
}

/** Running totals at a step. */
export interface Counters {
  readonly modelCalls: number;
  readonly toolExecutions: number;
  /** Executions of tools that change something (simulated: nothing real is written). */
  readonly simulatedWrites: number;
}

/** A message travelling between lanes in this step. */
export interface Edge {
  readonly from: Lane;
  readonly to: Lane;
}

/** The host's checks on a proposed call, in the order it makes them. */
export const VALIDATION_RULES = [
  "well_formed",
  "tool_allowed",
  "in_scope",
  "policy",
  "operation_id",
  "precondition",
] as const;
/**
 * One of the host's checks on a proposed call, in the order the host makes them. `operation_id`: the tool's
 * operation id (its idempotency key, chosen by the caller for the action) has not been used for different
 * arguments; a call_id is no such key (providers mint a fresh one per call). `precondition`: what the tool needs
 * first (e.g. evidence before a patch). `policy`: the host's own rules on argument values (an amount limit); a host
 * with no rule for the tool makes no such check, so the row is absent.
 */
export type ValidationRule = (typeof VALIDATION_RULES)[number];

/** How a check came out: `not_applicable` when the tool has nothing to check there (no operation id, no precondition). */
export type CheckResult = "passed" | "failed" | "not_applicable";

/** A check and its result. Checks stop at the first failure. */
export interface ValidationCheck {
  readonly rule: ValidationRule;
  readonly result: CheckResult;
}

/** The host's decision on a call: run it, answer it from an earlier identical call, or refuse it. */
export type Verdict = "approved" | "replayed" | "refused";

/**
 * How a run ended: `completed` when the model stopped asking for tools and the host's own check of the
 * environment passed; `refused` when that check did not pass and the host had refused a call on the way (what
 * the task needed was not allowed); `verification_missing` when the check did not pass otherwise;
 * `budget_exhausted` when the model-call budget ran out first; `not_recorded` for a run read from a transcript,
 * which records no host check of the environment, so whether the task got done is not known.
 */
export type Outcome = "completed" | "refused" | "verification_missing" | "budget_exhausted" | "not_recorded";

/** Every outcome, for catalogs and pickers. */
export const OUTCOMES: readonly Outcome[] = [
  "completed",
  "refused",
  "verification_missing",
  "budget_exhausted",
  "not_recorded",
];

/** What every step carries. */
interface StepBase {
  /** 1-based position in the trace. */
  readonly number: number;
  readonly lane: Lane;
  readonly edge: Edge | null;
  /**
   * How many of the trace's messages the model has been given so far (at its most recent call): its context is
   * `trace.messages.slice(0, contextEnd)`. Messages are stored once, in the trace; see {@link contextOf}.
   */
  readonly contextEnd: number;
  /** The call_ids in play at this step: every call of a proposal (parallel calls keep all their ids), else one or none. */
  readonly callIds: readonly string[];
  readonly toolResult: ToolResult | null;
  /** The files whose state changed at this step (usually none or one); see {@link filesAt}. */
  readonly fileChanges: readonly FileStatus[];
  readonly counters: Counters;
}

/** The user states the task. */
export interface TaskStep extends StepBase {
  readonly kind: "task";
  readonly request: string;
}

/**
 * The host assembles the context and calls the model; the messages from `appendedFrom` to `contextEnd` are new
 * since the last call (see {@link appendedOf}).
 */
export interface ModelCallStep extends StepBase {
  readonly kind: "model_call";
  readonly modelCall: number;
  readonly appendedFrom: number;
}

/** The model proposes tool calls. Nothing has run. */
export interface ProposalStep extends StepBase {
  readonly kind: "proposal";
  readonly calls: readonly ToolCall[];
  /**
   * In an imported run, who made its calls' ids where the provider did not: the agent (Gemini CLI mints one when the
   * API gives none), the figure (the log records none), or the figure for a command the agent parsed out of the
   * model's text (a text-command agent: SWE-agent 0.x, early OpenHands), or the figure for a request format that
   * gives calls no id and answers each by its function's name (Chat Completions' legacy `function_call`, a Gemini
   * `functionCall` without `id`). Absent: the ids are the provider's, as recorded.
   */
  readonly idsBy?: IdMaker;
  /** A recorded model call that did not complete, as its agent's log says: aborted by the user, or an error. */
  readonly stopped?: StoppedCall;
}

/** Who made a recorded call's id when its provider did not: see {@link ProposalStep.idsBy}. */
export type IdMaker = "agent" | "figure" | "parsed" | "byName";

/** How a recorded model call was cut short: the user aborted it, or it ended in an error (the request failed). */
export type StoppedCall = "aborted" | "error";

/**
 * What a precondition wanted first and did not find: an input file read, or a successful result of a tool for
 * these argument values (say, `check_availability` for `{room: "B", slot: "10:00"}` before booking room B).
 */
export type Evidence = { readonly file: string } | { readonly tool: string; readonly args: JsonObject };

/** The host checks one proposed call. */
export interface ValidationStep extends StepBase {
  readonly kind: "validation";
  readonly call: ToolCall;
  readonly checks: readonly ValidationCheck[];
  readonly verdict: Verdict;
  readonly errorCode: LoopErrorCode | null;
  /** For a call refused by its precondition: the evidence that was missing. */
  readonly wanted?: Evidence;
}

/**
 * A tool runs an approved call. In a recorded run, a result comes back: where the agent's log says the call never ran
 * (`recordedCause` host, user or skipped), or was cancelled with no word of whether it started (`cancelled`), the
 * step is the host's (the user's, for a denial), with no tool arrow.
 */
export interface ExecutionStep extends StepBase {
  readonly kind: "execution";
  readonly call: ToolCall;
  /**
   * The tool did the work, but its answer never reached the host: the host got a timeout error, and does not know
   * whether the work was done.
   */
  readonly lost?: true;
  /** The tool answered from its own record of this operation id (an earlier run of it was lost): it did nothing again. */
  readonly fromRecord?: true;
  /**
   * Of a recorded run's error result: what the agent's log says of it, where it says (the tool ran and failed, the
   * agent refused the call or could not run it, the user denied it, or it was cancelled: before it ran, after it
   * started, or before it returned with no word of which). Absent
   * when the run does not say, as a provider's transcript never does.
   */
  readonly recordedCause?: RecordedCause;
}

/**
 * What an agent's log says made an error result: see {@link ExecutionStep.recordedCause}. A cancelled call:
 * `skipped` when the log says it never ran; `interrupted` when it says it started (it ran: the tool's step,
 * counted); `cancelled` when it does not say which.
 */
export type RecordedCause = "tool" | "host" | "user" | "skipped" | "cancelled" | "interrupted";

/**
 * The host asks an MCP server to run an approved call: a JSON-RPC `tools/call` request with the host's own request
 * id (`rpc.id`), not the model's call_id; the host keeps which call_id each request id stands for.
 */
export interface McpRequestStep extends StepBase {
  readonly kind: "mcp_request";
  readonly call: ToolCall;
  /** The JSON-RPC message sent, as the MCP specification writes it. */
  readonly rpc: JsonObject;
}

/**
 * The MCP server answers the request with the same JSON-RPC id; the host turns the result (`isError` included)
 * into the tool result it feeds back under the model's call_id.
 */
export interface McpResponseStep extends StepBase {
  readonly kind: "mcp_response";
  readonly call: ToolCall;
  /** The JSON-RPC message received. */
  readonly rpc: JsonObject;
}

/**
 * The model replies without a tool call (`finish_reason: "stop"`, `stop_reason: "end_turn"`): the loop's signal
 * to stop asking the model. Its "done" is still a claim, which the host checks against the environment.
 */
export interface AnswerStep extends StepBase {
  readonly kind: "answer";
  readonly text: string;
  /** A recorded model call that did not complete (aborted, or an error): its text is what it had written, if any. */
  readonly stopped?: StoppedCall;
}

/**
 * One of the host's own checks of the environment once the model stops asking for tools: what it looks at (a file,
 * a tool's results, the reply), never what the reply claims. `text` is in the run's language.
 */
export type DoneCheck =
  | { readonly kind: "fileRead"; readonly path: string }
  | { readonly kind: "fileChanged"; readonly path: string }
  | { readonly kind: "resultOk"; readonly tool: string }
  /** Every execution of the tool returned a result that is not an error, and it ran at least once. */
  | { readonly kind: "allOk"; readonly tool: string }
  | { readonly kind: "resultIncludes"; readonly tool: string; readonly text: string }
  | { readonly kind: "answerIncludes"; readonly text: string }
  | {
      readonly kind: "count";
      /** Writes of this file, runs of this tool, or its runs whose result is not an error (replays not counted). */
      readonly writes?: string;
      readonly calls?: string;
      readonly succeeded?: string;
      readonly exactly?: number;
      readonly atMost?: number;
      readonly atLeast?: number;
    };

/** A check the host made at the finish, and whether it held. */
export interface HostCheck {
  readonly check: DoneCheck;
  readonly held: boolean;
}

/**
 * The step whose result is a check's evidence, if the run has one: the first step that read (or changed) the
 * file, the first ok result of the tool, the first result containing the text (for a reply's value, the result it
 * came from). A count has none: it is a tally of many.
 */
export function evidenceOf(check: DoneCheck, steps: readonly Step[]): Step | null {
  const result = (test: (result: ToolResult) => boolean) =>
    steps.find((step) => step.kind !== "finish" && step.toolResult !== null && test(step.toolResult)) ?? null;
  switch (check.kind) {
    case "fileRead":
    case "fileChanged": {
      const states = check.kind === "fileRead" ? ["read", "changed"] : ["changed"];
      return (
        steps.find(
          (step) =>
            step.callIds.length > 0 &&
            step.fileChanges.some((change) => change.path === check.path && states.includes(change.state)),
        ) ?? null
      );
    }
    case "resultOk":
      return result((r) => r.name === check.tool && r.status === "ok");
    case "resultIncludes":
      return result((r) => r.name === check.tool && r.status === "ok" && r.content.includes(check.text));
    case "answerIncludes":
      return result((r) => r.status === "ok" && check.text.length > 0 && includesValue(r.content, check.text));
    case "count":
    case "allOk":
      return null;
  }
}

/** Whether a result holds a reply's value: the text itself, or its number (a reply says "30 °C", a result "30"). */
function includesValue(content: string, text: string): boolean {
  if (content.includes(text)) return true;
  const number = /-?\d+(\.\d+)?/.exec(text)?.[0];
  return number !== undefined && new RegExp(`(^|[^\\d.])${number.replace(".", "\\.")}([^\\d.]|$)`).test(content);
}

/**
 * A check of whether the task got done that a run's log records, made by something other than the model once it had
 * stopped: an evaluation's scorer (Inspect AI's `scores`, by the scorer's name), or the agent's own reviewer, another
 * model asked to predict whether the submission solves the task (SWE-agent's `info.review`: a judgment, not a test).
 * `value` is the score as the log writes it; `passed` the verdict where the value is one (Inspect's "C" / "I",
 * true / false, 1 / 0), null for a score with no pass mark of its own (0.6, "P"; a reviewer's score, whose pass mark
 * is in the run's configuration); `target`, `answer` and `explanation` as recorded (null: not).
 */
export interface RecordedCheck {
  readonly by: "scorer" | "reviewer";
  readonly name: string;
  readonly value: string;
  readonly passed: boolean | null;
  readonly target: string | null;
  readonly answer: string | null;
  readonly explanation: string | null;
}

/**
 * A recorded run its agent ended itself when the model called its finish tool (SWE-agent's `submit`, OpenHands'
 * `finish`): that tool's name, and the agent's own word for how the run ended (its exit status or final state).
 */
export interface AgentEnded {
  readonly tool: string;
  readonly status: string | null;
}

/** The host decides the run is over. */
export interface FinishStep extends StepBase {
  readonly kind: "finish";
  readonly outcome: Outcome;
  /** Calls the model proposed whose results it has not been given. */
  readonly pendingCallIds: readonly string[];
  /** Whether the host's own check of the environment passed (null when the budget ended the run first). */
  readonly verified: boolean | null;
  /** The checks that verdict came from, one by one, when the run's host lists them (a figure file's `done`). */
  readonly checks?: readonly HostCheck[];
  /** The checks of the task a recorded run's log holds (its scorers'), when it holds any: they decide its outcome. */
  readonly recorded?: readonly RecordedCheck[];
  /** A recorded run its agent ended on the model's call of its finish tool: that call is its decision, not pending. */
  readonly ended?: AgentEnded;
  readonly answer: string | null;
}

/** One step of a run: a tagged union on `kind`. */
export type Step =
  | TaskStep
  | ModelCallStep
  | ProposalStep
  | ValidationStep
  | ExecutionStep
  | McpRequestStep
  | McpResponseStep
  | AnswerStep
  | FinishStep;

/** The kinds of step, for catalogs and exhaustive checks. */
export type StepKind = Step["kind"];

/**
 * The version of the trace's shape, written into every trace (and into its JSON form). Version 2's JSON may write
 * a step's result and calls as references into the messages (src/trace-format/compact.ts); in memory a step holds
 * the objects themselves, as in version 1, which is still read.
 */
export const TRACE_VERSION = 2;

/** A whole run: its messages (each once), its steps and how it ended. */
export interface Trace {
  readonly version: typeof TRACE_VERSION;
  readonly scenarioId: string;
  /** The lanes the steps use, in the order they are drawn. */
  readonly lanes: readonly Lane[];
  /** Every message of the run, in order, each stored once; steps point into it with `contextEnd`. */
  readonly messages: readonly Message[];
  /** The input files, in input order; all start unread, and steps record only changes. */
  readonly files: readonly string[];
  readonly steps: readonly Step[];
  readonly outcome: Outcome;
  readonly counters: Counters;
  /** The most model calls the host allowed; null when the run does not say (a transcript records no budget). */
  readonly budget: number | null;
  /** The tools as the host declared them to the model (`tools` in every provider's request), apart from the messages. */
  readonly tools: readonly ToolDeclaration[];
}

/** A tool as the model is told about it: a name, what it does, its parameters. */
export interface ToolDeclaration {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly parameters: JsonObject;
  /**
   * For a tool the provider runs itself or defines (`{"type": "web_search"}`, an MCP server, a custom grammar
   * tool): the declaration's type, as the transcript gave it. Such a tool is listed by type; the host runs none.
   */
  readonly builtIn?: string;
  /** The tool changes something when it runs (a simulated write), as its run declared. */
  readonly writes?: true;
  /** The tool changes nothing, as its run declared. Neither this nor `writes`: what it does is not declared. */
  readonly reads?: true;
  /** What it changes is outside the files (it sends, prints, charges), as its run declared (with `writes`). */
  readonly sideEffect?: true;
}

/** The context the model had been given at `step`: a view of the trace's messages. */
export function contextOf(trace: Pick<Trace, "messages">, step: Pick<Step, "contextEnd">): readonly Message[] {
  return trace.messages.slice(0, step.contextEnd);
}

/** What a model call appended to the context since the previous call (nothing for other steps). */
export function appendedOf(trace: Pick<Trace, "messages">, step: Step): readonly Message[] {
  return step.kind === "model_call" ? trace.messages.slice(step.appendedFrom, step.contextEnd) : [];
}

/**
 * Whether `step` is the model call that first shows the model a tool result: the transcript's first tool message
 * is among the messages it appended. O(position of that first result), not O(context), so a caption for every step
 * of a long trace stays linear.
 */
export function feedsFirstResult(trace: Pick<Trace, "messages">, step: Step): boolean {
  if (step.kind !== "model_call") return false;
  const first = trace.messages.findIndex((message) => message.role === "tool");
  return first >= step.appendedFrom && first < step.contextEnd;
}

/**
 * Every input file with its state as of step `index` (0-based), folded from the steps' changes: nothing stored per
 * step, however many files a run has. One call is O(steps); a player asking at every step uses {@link fileTimeline}.
 */
export function filesAt(trace: Pick<Trace, "files" | "steps">, index: number): readonly FileStatus[] {
  return fileTimeline(trace).at(index);
}

/** A run's file states at any step, from an index of the steps that change a file (built once, O(steps)). */
export interface FileTimeline {
  /** Every input file with its state as of step `index`: O(changes up to it), not O(index). */
  at(index: number): readonly FileStatus[];
  /** The last `count` files changed up to step `index`, oldest first (none before the first change). */
  recent(index: number, count: number): readonly string[];
}

/** How many entries of an ascending list are at or before `index` (a binary search). */
export function countUpTo(list: readonly number[], index: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] ?? 0) <= index) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index a run's file changes once, for {@link FileTimeline}'s queries at any step. */
export function fileTimeline(trace: Pick<Trace, "files" | "steps">): FileTimeline {
  const changing: number[] = [];
  trace.steps.forEach((step, i) => {
    if (step.fileChanges.length > 0) changing.push(i);
  });
  // How many changing steps are at or before step `index`.
  const upTo = (index: number): number => countUpTo(changing, index);
  const changesOf = (k: number) => trace.steps[changing[k] ?? 0]?.fileChanges ?? [];
  return {
    at(index) {
      const states = new Map<string, FileState>(trace.files.map((path) => [path, "unread"]));
      const end = upTo(index);
      for (let k = 0; k < end; k += 1) for (const change of changesOf(k)) states.set(change.path, change.state);
      return [...states].map(([path, state]) => ({ path, state }));
    },
    recent(index, count) {
      const recent: string[] = [];
      for (let k = upTo(index) - 1; k >= 0 && recent.length < count; k -= 1) {
        for (const change of changesOf(k)) if (!recent.includes(change.path)) recent.push(change.path);
      }
      return recent.slice(0, count).reverse();
    },
  };
}

/** An MCP hop's JSON-RPC id, and whether the server's answer reports the tool's failure (`isError: true`). */
export function rpcOf(step: McpRequestStep | McpResponseStep): { readonly id: string; readonly isError: boolean } {
  const result = step.rpc.result;
  const isError =
    typeof result === "object" &&
    result !== null &&
    !Array.isArray(result) &&
    "isError" in result &&
    (result as { isError?: unknown }).isError === true;
  return { id: String(step.rpc.id ?? ""), isError };
}
