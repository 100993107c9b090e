/**
 * An OpenHands trajectory (the V0 event stream): the JSON array of events OpenHands saves at
 * `save_trajectory_path`, or offers as a download from its UI (the server's `{"trajectory": [...]}` body is read
 * too). Each event is an action (`action` + `args`) or an observation (`observation` + `content` + `extras`, with
 * `cause` = the id of the action it answers), from the user, the agent or the environment.
 *
 * What is read:
 * - the user's `message` actions, as user messages (their image and file links as media parts);
 * - a `system` action, as the system message, and the tools it lists, as the run's tools;
 * - each agent action with `tool_call_metadata`, as a tool call. The metadata holds the whole model response
 *   (litellm's), so actions with the same `model_response.id` are one model call: one assistant message with the
 *   response's text and reasoning and all their calls, the arguments as the model wrote them when the response
 *   lists the call. `finish` is such a call too; OpenHands gives it no observation: a run that ends on it was
 *   ended by the agent on that proposal (`ended`, with the agent's last state where a state change records it);
 * - agent `message` actions (no metadata) as the model's text replies, and an agent `finish` without metadata as
 *   the final reply;
 * - agent actions of older, text-parsed runs (no metadata), each as a one-call model turn whose call id is made
 *   from the event id;
 * - observations that answer a call, by `tool_call_metadata.tool_call_id` or else by `cause`, as tool results; a
 *   command's result is the text OpenHands handed the model (its output with the metadata's prefix and suffix, the
 *   working directory, the interpreter and the exit code, as `to_agent_observation` writes them).
 *
 * Notes: `usage` per model call (tokens from the response's `usage`, or from the change in the accumulated
 * `llm_metrics`; the cost from the change in `llm_metrics.accumulated_cost`, which also counts a condenser's
 * calls); `error_by` tool for a command's non-zero exit code, and host for an action the runtime could not run;
 * `running` for a command still running when its output so far was handed back (exit code -1: no new output within
 * the soft timeout), which is no failure; `error_by` user for a rejected action; `cancelled` by the user
 * for an action stopped before it ran; `compacted` at a `condensation` action; `log_error` for an error the agent
 * logged outside any call (a malformed tool call, the agent's state turning to `error`).
 *
 * Skipped: environment events (state changes, `null` observations), recalled workspace and microagent context,
 * the user's own commands, and event kinds this reader does not know (newer versions add some). OpenHands V1
 * (the software-agent SDK) writes another schema and is not read here.
 */
import type { IdMaker, JsonObject, Message, MessagePart, ToolCall, ToolDeclaration } from "../engine";
import { formatMeta } from "./index";
import { assistantMessage, declaration, kindOf, plainMessage, reading, refuse, toolCall } from "./read";
import { type Codec, field, isRecord, type LogNote, list, type Neutral, type ParseResult, str } from "./types";

/** A model turn being gathered: a response's actions come one by one, each with its observation after it. */
interface Turn {
  readonly role: "turn";
  readonly parts: MessagePart[];
  readonly calls: ToolCall[];
  readonly callIds: Set<string>;
}

/** Agent actions that a text-parsed (pre-function-calling) run logs without metadata, each a call of a tool. */
const CALL_ACTIONS = new Set([
  "run",
  "run_ipython",
  "read",
  "write",
  "edit",
  "browse",
  "browse_interactive",
  "call_tool_mcp",
  "delegate",
  "think",
  "task_tracking",
]);

/** The error ids OpenHands gives the result of an action that was never run (agent_controller.py). */
const STOPPED_ID = "AGENT_ERROR$ERROR_ACTION_NOT_EXECUTED_STOPPED";
const NOT_RUN_ID = "AGENT_ERROR$ERROR_ACTION_NOT_EXECUTED_ERROR";

const num = (data: unknown, key: string): number | undefined => {
  const value = field(data, key);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
};

const nonEmpty = (text: string | undefined): string | undefined =>
  text !== undefined && text.trim() !== "" ? text : undefined;

/** The events: the document itself, or the `trajectory` of the server's answer. */
function eventsOf(data: unknown): readonly unknown[] {
  if (Array.isArray(data)) return data;
  if (isRecord(data) && "trajectory" in data) return needList(data.trajectory, "trajectory");
  return refuse("", `expected a JSON array of OpenHands events, got ${kindOf(data)}`);
}

function needList(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) refuse(path, `expected an array of events, got ${kindOf(value)}`);
  return value as readonly unknown[];
}

/** The first choice's message of a litellm model response. */
const responseMessage = (response: unknown): unknown => field(list(response, "choices")[0], "message");

/** A response message's reasoning (thinking blocks, or litellm's `reasoning_content`) and its text, in order. */
function responseParts(message: unknown): MessagePart[] {
  const parts: MessagePart[] = [];
  const blocks = list(message, "thinking_blocks");
  for (const block of blocks) {
    const type = str(block, "type");
    if (type === "thinking") {
      const signed = str(block, "signature") !== undefined;
      parts.push({
        type: "reasoning",
        text: str(block, "thinking") ?? "",
        redacted: false,
        ...(signed ? { signed: true } : {}),
      });
    } else if (type === "redacted_thinking") parts.push({ type: "reasoning", text: "", redacted: true, signed: true });
  }
  const reasoning = nonEmpty(str(message, "reasoning_content"));
  if (blocks.length === 0 && reasoning !== undefined)
    parts.push({ type: "reasoning", text: reasoning, redacted: false });
  const content = field(message, "content");
  if (typeof content === "string") {
    if (nonEmpty(content) !== undefined) parts.push({ type: "text", text: content });
  } else if (Array.isArray(content)) {
    for (const part of content) {
      const type = str(part, "type");
      if (type === "text") parts.push({ type: "text", text: str(part, "text") ?? "" });
      else if (type !== undefined) parts.push({ type: "other", original: type });
    }
  }
  return parts;
}

/** An action's arguments as its own record holds them, without the model's text (`thought`) that rides along. */
function actionArgs(args: unknown): JsonObject {
  if (!isRecord(args)) return {};
  const { thought: _thought, ...rest } = args;
  return rest as JsonObject;
}

/** The call an action stands for: as the model response wrote it when it lists the call, else from the action. */
function callOf(callId: string, name: string, message: unknown, args: unknown): ToolCall {
  const listed = list(message, "tool_calls").find((call) => str(call, "id") === callId);
  const fn = field(listed, "function");
  const raw = field(fn, "arguments");
  if (listed !== undefined && (typeof raw === "string" || isRecord(raw)))
    return toolCall(callId, str(fn, "name") ?? name, raw, "text");
  return toolCall(callId, name, actionArgs(args), "object");
}

/** The tools a `system` action lists (OpenAI function tools). */
function toolsOf(args: unknown): ToolDeclaration[] {
  return list(args, "tools").flatMap((tool) => {
    const fn = field(tool, "function");
    const name = str(fn, "name");
    return name === undefined ? [] : [declaration(name, field(fn, "description"), field(fn, "parameters"))];
  });
}

/** A user message's text and the images and files it links. */
function userParts(event: Record<string, unknown>): MessagePart[] {
  const args = field(event, "args");
  const text = str(args, "content") ?? str(event, "message") ?? "";
  const parts: MessagePart[] = [{ type: "text", text }];
  for (const _url of list(args, "image_urls")) parts.push({ type: "media", media: "image" });
  for (const _url of list(args, "file_urls")) parts.push({ type: "media", media: "file" });
  return parts;
}

/**
 * The text a command's observation handed the model, as OpenHands builds it (`CmdOutputObservation.
 * to_agent_observation`): the output between the metadata's `prefix` and `suffix` (where the bash session says
 * how the command ended, or that it has no new output yet), the working directory, the Python interpreter, and how
 * the command finished unless it is still running (exit code -1). Logs without that metadata (older versions) keep
 * their output alone.
 */
function shownToModel(content: string, extras: unknown): string {
  const meta = field(extras, "metadata");
  if (!isRecord(meta)) return content;
  const dir = nonEmpty(str(meta, "working_dir"));
  const python = nonEmpty(str(meta, "py_interpreter_path"));
  const exit = num(meta, "exit_code");
  return [
    `${str(meta, "prefix") ?? ""}${content}${str(meta, "suffix") ?? ""}`,
    dir === undefined ? "" : `\n[Current working directory: ${dir}]`,
    python === undefined ? "" : `\n[Python interpreter: ${python}]`,
    exit === undefined || exit === -1 ? "" : `\n[Command finished with exit code ${exit}]`,
  ].join("");
}

/** What a result's observation says of its outcome: an error or not, and who the log says made it. */
function outcome(
  kind: string,
  content: string,
  extras: unknown,
  success: unknown,
): { error: boolean; by?: "tool" | "host" | "user"; cancelled?: true; running?: true } {
  if (kind === "user_rejected") return { error: true, by: "user" };
  if (kind === "error") {
    const id = str(extras, "error_id");
    if (id === STOPPED_ID || content.startsWith("Stop button pressed")) return { error: true, cancelled: true };
    if (id === NOT_RUN_ID || /^Action \S+ (does not exist|is not supported in the current runtime)/.test(content))
      return { error: true, by: "host" };
    return { error: true };
  }
  if (kind === "run") {
    // Newer logs keep the exit code in `metadata`, older ones beside the command. -1: the command is still running
    // (no new output within the soft timeout): what it printed so far is handed back, and it has not failed.
    const exit = num(field(extras, "metadata"), "exit_code") ?? num(extras, "exit_code");
    if (exit === -1) return { error: false, running: true };
    if ((exit !== undefined && exit !== 0) || (exit === undefined && success === false))
      return { error: true, by: "tool" };
  }
  return { error: false };
}

/**
 * The usage the accumulated `llm_metrics` add since the last event that carried them: each event carries the run's
 * totals so far, so a model call's share is the difference (a condenser's calls are counted in it too).
 */
function meter(): (event: unknown) => { input: number | null; output: number | null; cost: number | null } {
  let cost = 0;
  let input = 0;
  let output = 0;
  return (event) => {
    const metrics = field(event, "llm_metrics");
    if (!isRecord(metrics)) return { input: null, output: null, cost: null };
    const tokens = field(metrics, "accumulated_token_usage");
    const totalCost = num(metrics, "accumulated_cost");
    const totalIn = num(tokens, "prompt_tokens");
    const totalOut = num(tokens, "completion_tokens");
    const share = {
      cost: totalCost === undefined || totalCost === 0 ? null : totalCost - cost,
      input: totalIn === undefined ? null : totalIn - input,
      output: totalOut === undefined ? null : totalOut - output,
    };
    cost = totalCost ?? cost;
    input = totalIn ?? input;
    output = totalOut ?? output;
    return share;
  };
}

function read(data: unknown): Neutral {
  const events = eventsOf(data);
  const slots: (Message | Turn)[] = [];
  const notes: LogNote[] = [];
  let tools: ToolDeclaration[] = [];
  let systemSeen = false;
  const turns = new Map<string, Turn>(); // by model response id
  const callOfEvent = new Map<number, { callId: string; name: string }>(); // an action's event id → its call
  const measure = meter();

  const newTurn = (parts: MessagePart[]): Turn => {
    const turn: Turn = { role: "turn", parts, calls: [], callIds: new Set() };
    slots.push(turn);
    return turn;
  };
  const noteUsage = (index: number, usage: unknown, share: ReturnType<ReturnType<typeof meter>>): void => {
    const input = num(usage, "prompt_tokens") ?? share.input;
    const output = num(usage, "completion_tokens") ?? share.output;
    if (input !== null || output !== null || share.cost !== null)
      notes.push({ kind: "usage", index, input, output, cost: share.cost });
  };
  const addCall = (turn: Turn, call: ToolCall, eventId: unknown): void => {
    if (typeof eventId === "number") callOfEvent.set(eventId, { callId: call.callId, name: call.name });
    if (turn.callIds.has(call.callId)) return;
    turn.callIds.add(call.callId);
    turn.calls.push(call);
    turn.parts.push({ type: "tool_call", callId: call.callId });
  };

  /** An agent action from a model response with tool calls: its call, in the response's turn. */
  const metadataAction = (event: Record<string, unknown>, meta: unknown, callId: string, i: number): void => {
    const share = measure(event);
    const response = field(meta, "model_response");
    const message = responseMessage(response);
    const key = str(response, "id") ?? `event-${i}`;
    let turn = turns.get(key);
    if (turn === undefined) {
      const parts = responseParts(message);
      const thought = nonEmpty(str(field(event, "args"), "thought"));
      if (!parts.some((p) => p.type === "text") && thought !== undefined) parts.push({ type: "text", text: thought });
      turn = newTurn(parts);
      turns.set(key, turn);
      noteUsage(slots.length - 1, field(response, "usage"), share);
    }
    const name = str(meta, "function_name") ?? str(event, "action") ?? "";
    addCall(turn, callOf(callId, name, message, field(event, "args")), field(event, "id"));
  };

  /** An agent action without metadata: a text reply, the final reply, a compaction, or a text-parsed call. */
  const plainAction = (event: Record<string, unknown>, action: string, i: number): void => {
    const args = field(event, "args");
    if (action === "message" || action === "finish") {
      const text =
        action === "message"
          ? (str(args, "content") ?? str(event, "message") ?? "")
          : (nonEmpty(str(args, "final_thought")) ?? nonEmpty(str(args, "thought")) ?? str(event, "message") ?? "");
      const share = measure(event);
      newTurn([{ type: "text", text }]);
      noteUsage(slots.length - 1, undefined, share);
    } else if (action === "condensation") {
      notes.push({ kind: "compacted", index: slots.length, dropped: null });
    } else if (CALL_ACTIONS.has(action)) {
      const share = measure(event);
      const thought = nonEmpty(str(args, "thought"));
      const turn = newTurn(thought === undefined ? [] : [{ type: "text", text: thought }]);
      noteUsage(slots.length - 1, undefined, share);
      // A text-parsed run: the agent parsed this action out of the model's text, and the id is made here.
      const callId = `event-${String(field(event, "id") ?? i)}`;
      parsedIds.set(callId, "parsed");
      addCall(turn, toolCall(callId, action, actionArgs(args), "object"), field(event, "id"));
    }
  };

  const action = (event: Record<string, unknown>, kind: string, i: number): void => {
    const source = str(event, "source");
    if (kind === "system") {
      if (systemSeen) return;
      systemSeen = true;
      const args = field(event, "args");
      slots.push(plainMessage("system", [{ type: "text", text: str(args, "content") ?? str(event, "message") ?? "" }]));
      tools = toolsOf(args);
    } else if (source === "user") {
      if (kind === "message") slots.push(plainMessage("user", userParts(event)));
    } else if (source === "agent") {
      const meta = field(event, "tool_call_metadata");
      const callId = str(meta, "tool_call_id");
      if (callId !== undefined) metadataAction(event, meta, callId, i);
      else plainAction(event, kind, i);
    }
  };

  let finalState: string | null = null; // the agent's last state, as its state changes say
  const parsedIds = new Map<string, IdMaker>();
  const observation = (event: Record<string, unknown>, kind: string): void => {
    const extras = field(event, "extras");
    if (kind === "agent_state_changed") {
      finalState = str(extras, "agent_state") ?? finalState;
      if (str(extras, "agent_state") === "error")
        notes.push({
          kind: "log_error",
          index: slots.length,
          message: nonEmpty(str(extras, "reason")) ?? "the agent stopped with an error",
        });
      return;
    }
    const meta = field(event, "tool_call_metadata");
    const cause = num(event, "cause");
    const byCause = cause === undefined ? undefined : callOfEvent.get(cause);
    const callId = str(meta, "tool_call_id") ?? byCause?.callId;
    const raw = field(event, "content");
    const content = typeof raw === "string" ? raw : raw === undefined || raw === null ? "" : JSON.stringify(raw);
    if (callId === undefined) {
      // An error fed back to the model outside any call: its tool call was malformed, or the model answered nothing.
      if (kind === "error") notes.push({ kind: "log_error", index: slots.length, message: content });
      return;
    }
    const name = str(meta, "function_name") ?? byCause?.name ?? kind;
    const said = outcome(kind, content, extras, field(event, "success"));
    const index = slots.length;
    // A command's result is what the model was shown of it, the metadata's words included.
    const shown = kind === "run" ? shownToModel(content, extras) : content;
    slots.push({ role: "tool", callId, name, status: said.error ? "error" : "ok", content: shown, replayed: false });
    // OpenHands' own error id says the stopped action was not executed.
    if (said.cancelled === true) notes.push({ kind: "cancelled", index, name, by: "user", started: false });
    if (said.running === true) notes.push({ kind: "running", index, name });
    if (said.by !== undefined) notes.push({ kind: "error_by", index, name, by: said.by });
  };

  events.forEach((event, i) => {
    if (!isRecord(event)) refuse(`${i}`, `expected an event (an object), got ${kindOf(event)}`);
    const kind = str(event, "action");
    const observed = str(event, "observation");
    if (kind !== undefined) action(event, kind, i);
    else if (observed !== undefined) observation(event, observed);
  });

  const messages = slots.map(
    (slot): Message => (slot.role === "turn" ? assistantMessage(slot.parts, slot.calls) : slot),
  );
  // A run whose last call is the model's `finish`: the agent ended it there, on that proposal (it gets no result).
  const last = messages.at(-1);
  const ended =
    last?.role === "assistant" && last.toolCalls.at(-1)?.name === "finish"
      ? { tool: "finish", status: finalState }
      : undefined;
  return {
    messages,
    tools,
    shape: "messages",
    notes,
    ...(ended === undefined ? {} : { ended }),
    ...(parsedIds.size === 0 ? {} : { madeIds: parsedIds }),
  };
}

function parse(data: unknown): ParseResult {
  return reading(() => read(data));
}

const SOURCES = new Set(["user", "agent", "environment"]);

/** An event as OpenHands serialises it: an action or an observation, with its source and id. */
const isEvent = (event: unknown): boolean =>
  (typeof field(event, "action") === "string" || typeof field(event, "observation") === "string") &&
  SOURCES.has(str(event, "source") ?? "") &&
  typeof field(event, "id") === "number";

/** How much a document looks like a trajectory: events with `action`/`observation`, `source` and `id`. */
function detect(data: unknown): number {
  const events = Array.isArray(data) ? data : list(data, "trajectory");
  // The first events tell: a trajectory is events from its start (reading all of a long log would be waste).
  return events.slice(0, 50).some(isEvent) ? 9 : 0;
}

/** The OpenHands trajectory codec (read only). */
export const codec: Codec<"openhands"> = {
  ...formatMeta("openhands"),
  pairing:
    "an observation's tool_call_metadata.tool_call_id ↔ its action's (cause = the action's event id); actions with the same model_response.id are one model call",
  where:
    "the file named by save_trajectory_path (a folder: <session id>.json), or trajectory-<conversation id>.json from the UI's download",
  detect,
  parse,
};
