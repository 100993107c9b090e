/**
 * A Codex CLI rollout: the `.jsonl` file Codex (openai/codex, `codex-rs`) appends to as a session goes on, under
 * `~/.codex/sessions/YYYY/MM/DD/`. Every line is an envelope `{timestamp, type, payload}`. The kinds read here are
 * `session_meta` (the session's start: its id, cwd, CLI version and, in newer versions, `base_instructions`, the
 * system prompt), `response_item` (one item of the conversation exactly as Codex sends it to the Responses API: a
 * message, a reasoning item, a tool call, a tool's output), `event_msg` (what Codex showed or counted: token counts,
 * errors, an aborted turn), `turn_context` (the settings of a model request) and `compacted` (a compaction of the
 * context). A resumed session appends to the same file, so there can be several `session_meta` lines: the first is
 * used and reading goes on. Kinds newer versions add (`world_state`, `token_usage_record`, …) are skipped. The older
 * layout of mid-2025, with no envelope (the header, then bare items and state markers), is read too.
 *
 * Model calls are not logged as requests; one model response is the assistant-side items (reasoning, assistant
 * text, `function_call`, `custom_tool_call`, `local_shell_call`, `tool_search_call`, and the provider-run
 * `web_search_call` / `image_generation_call`) between model-call boundaries, and is read as one assistant message.
 * The boundaries: a `token_count` event (one per model response), a user or developer message, a `turn_context`,
 * an aborted turn and a compaction. Logs of the 0.40 era write a `turn_context` before every model request, record a
 * response's token count before its items, and may write a tool's output before the next call of the same
 * response; in a log written that way (a `turn_context` follows a tool output) a tool output does not end a
 * response, so that the parallel calls of one response stay in one message. In newer logs a tool output also ends
 * the response before it. A `token_count`'s
 * `last_token_usage` gives the `usage` note of its model call: the response before it when that one has none yet
 * (newer logs), else the next one (0.40). Token counts repeated with the same totals (newer versions re-send the
 * count with each rate-limit update) are read once.
 *
 * Tool calls: a `function_call`'s `arguments` are JSON text; a `custom_tool_call`'s `input` is free text (such tools,
 * apply_patch for one, are declared here as custom tools, so that their text is not taken for broken JSON); a
 * `local_shell_call`'s `action` is its arguments. Each pairs with the `function_call_output` /
 * `custom_tool_call_output` of the same `call_id`. In 0.40 an output is JSON text `{"output", "metadata":
 * {"exit_code"}}`: its `output` is the result, and a non-zero exit code makes it an error made by the tool (an
 * `error_by` note). Newer outputs are plain text or content items, read as they are (the model was shown that text,
 * header and all). A command's text starts with the header Codex writes for the model, which says how it ended: a
 * shell call's `Exit code: N` then `Wall time: …` (tools/mod.rs, `format_exec_output_for_model_freeform`), an
 * `exec_command`'s `Wall time: …` then `Process exited with code N` (unified exec's `format_response`; a command
 * still running says its session instead, and has not failed). A non-zero code there is an error made by the tool,
 * as in 0.40; other text says nothing of failure, and is no error.
 *
 * Messages: `user` messages are the user's turns; consecutive user items (Codex sends the `<environment_context>`
 * block, the IDE context and the prompt as separate user items of one turn) are joined into one user message, so
 * the model is shown what it was given and the run has one task step per turn. `developer` and `system` messages
 * are system messages. Reasoning items are reasoning parts (their summary text; redacted when only the encrypted
 * content is there).
 *
 * Notes: `usage` per model call; `error_by` (tool) for a non-zero exit code; `running` for an `exec_command` whose
 * output says its process is still running (in a session the model can poll with `write_stdin`); `log_error` for an `error` or
 * `stream_error` event; `aborted` for the calls still without output when a `turn_aborted` event comes (dropped if
 * the output comes after all); `compacted` at the model call after a compaction, whose summary is put in as a user
 * message where the compaction happened (the model was given it in place of the earlier conversation, which is
 * still shown; how many messages were dropped is counted when the log gives the history that replaced them).
 *
 * Skipped: the `event_msg` copies of what the items already hold (`user_message`, `agent_message`,
 * `agent_reasoning`), the other events, `turn_context` settings, Codex's own undo snapshots (`ghost_snapshot`), and
 * item kinds, roles and envelope kinds this reader does not know (an unknown item inside a model response is kept
 * there as an `other` part). The rollout lists no tool declarations besides the custom tools its calls name.
 */
import type { Message, MessagePart, ToolCall, ToolDeclaration } from "../engine";
import { formatMeta } from "./index";
import { assistantMessage, kindOf, needString, placeholderText, plainMessage, reading, refuse, toolCall } from "./read";
import { type Codec, compact, field, isRecord, type LogNote, list, type Neutral, type ParseResult, str } from "./types";

type Obj = Record<string, unknown>;

/** Tokens in and out of one model call. */
interface Usage {
  readonly input: number | null;
  readonly output: number | null;
}

/** The envelope kinds of a rollout line. */
const KINDS = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);

/** Outputs of calls the host runs. */
const OUTPUTS = new Set(["function_call_output", "custom_tool_call_output"]);

/** Items a provider runs itself inside the model response: the host runs nothing and gets no output item. */
const PROVIDER_ITEMS = new Set(["web_search_call", "image_generation_call"]);

/** Items that mark a compaction of the context (the summary itself is encrypted). */
const COMPACTION_ITEMS = new Set(["compaction", "compaction_summary", "context_compaction"]);

/** Items Codex keeps for itself and never gives the model as such (its undo snapshots, tool lists). */
const HOST_ITEMS = new Set(["ghost_snapshot", "additional_tools", "compaction_trigger"]);

const MEDIA: Readonly<Record<string, string>> = { input_image: "image", input_file: "file", input_audio: "audio" };

/** A message being read: user or system items (joined while they follow one another), or a finished message. */
type Draft =
  | { kind: "plain"; role: "user" | "system"; parts: MessagePart[]; items: string[]; joins: boolean }
  | { kind: "turn"; parts: MessagePart[]; calls: ToolCall[] }
  | { kind: "done"; message: Message };

const numberAt = (data: unknown, key: string): number | null => {
  const value = field(data, key);
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};

/** A message's content parts; a string is one text, unknown part types are kept by name. */
function contentParts(content: unknown, path: string): MessagePart[] {
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (!Array.isArray(content)) return refuse(path, `expected a list of content parts, got ${kindOf(content)}`);
  return content.map((part): MessagePart => {
    const type = str(part, "type");
    const text = str(part, "text");
    if ((type === "input_text" || type === "output_text" || type === "text") && text !== undefined)
      return { type: "text", text };
    if (type === "refusal") return { type: "refusal", text: str(part, "refusal") ?? "" };
    if (type !== undefined && MEDIA[type] !== undefined) return { type: "media", media: MEDIA[type] };
    return { type: "other", original: type ?? kindOf(part) };
  });
}

const textOf = (parts: readonly MessagePart[]): string =>
  parts.flatMap((p) => (p.type === "text" || p.type === "refusal" ? [p.text] : [])).join("\n");

/** A reasoning item: its summary (and raw reasoning text, when kept); redacted when only the encrypted blob is. */
function reasoningPart(item: Obj): MessagePart {
  const text = [...list(item, "summary"), ...list(item, "content")]
    .flatMap((s) => {
      const t = str(s, "text");
      return t === undefined ? [] : [t];
    })
    .join("\n");
  const encrypted = str(item, "encrypted_content");
  return { type: "reasoning", text, redacted: text === "" && encrypted !== undefined && encrypted !== "" };
}

/** A shell call's plain-text header: `Exit code: N`, then the wall time. */
const FREEFORM_EXIT = /^Exit code: (-?\d+)\nWall time: [\d.]+ seconds\n/;
/** An `exec_command`'s header: perhaps its chunk id, the wall time, then how the process exited. */
const UNIFIED_EXIT = /^(?:Chunk ID: [^\n]*\n)?Wall time: [\d.]+ seconds\nProcess exited with code (-?\d+)\n/;

/** An `exec_command`'s header for a process still running: the wall time, then the session it runs in. */
const UNIFIED_RUNNING = /^(?:Chunk ID: [^\n]*\n)?Wall time: [\d.]+ seconds\nProcess running with session ID \d+\n/;

/** The exit code a newer command output's plain-text header gives, or null (no such header, or still running). */
function plainExitCode(output: string): number | null {
  const code = (FREEFORM_EXIT.exec(output) ?? UNIFIED_EXIT.exec(output))?.[1];
  return code === undefined ? null : Number(code);
}

/** What a tool's output says: its text, the exit code 0.40 records, and whether it says it failed otherwise. */
function readOutput(output: unknown): { content: string; exitCode: number | null; failed: boolean } {
  if (typeof output === "string") {
    if (output.startsWith("{")) {
      try {
        const parsed: unknown = JSON.parse(output);
        const inner = field(parsed, "output");
        if (typeof inner === "string")
          return { content: inner, exitCode: numberAt(field(parsed, "metadata"), "exit_code"), failed: false };
      } catch {
        // plain text that starts with a brace
      }
    }
    return { content: output, exitCode: plainExitCode(output), failed: false };
  }
  if (Array.isArray(output)) {
    const content = output
      .map((part) => {
        const type = str(part, "type");
        const text = str(part, "text");
        if (text !== undefined && (type === "input_text" || type === "output_text" || type === "text")) return text;
        return placeholderText(type !== undefined && MEDIA[type] !== undefined ? MEDIA[type] : (type ?? kindOf(part)));
      })
      .join("\n");
    return { content, exitCode: null, failed: false };
  }
  if (isRecord(output)) {
    const text = str(output, "text") ?? str(output, "content");
    if (text !== undefined) return { content: text, exitCode: null, failed: output.success === false };
  }
  return { content: output === undefined || output === null ? "" : compact(output), exitCode: null, failed: false };
}

/** The system prompt a newer session_meta carries (a string, or `{text}`). */
function baseInstructions(meta: unknown): string | undefined {
  const value = field(meta, "base_instructions");
  const text = typeof value === "string" ? value : str(value, "text");
  return text === undefined || text === "" ? undefined : text;
}

/**
 * Whether the log writes a `turn_context` before every model request (0.40 era): one follows a tool output, which
 * newer versions do only when the turn was stopped (an abort or an error comes between).
 */
function contextPerRequest(lines: readonly unknown[]): boolean {
  let last: string | undefined;
  let stopped = false;
  for (const line of lines) {
    const type = str(line, "type");
    const payloadType = str(field(line, "payload"), "type");
    if (type === "response_item") {
      last = payloadType;
      stopped = false;
    } else if (type === "event_msg" && (payloadType === "turn_aborted" || payloadType === "error")) stopped = true;
    else if (type === "turn_context" && !stopped && last !== undefined && OUTPUTS.has(last)) return true;
  }
  return false;
}

/** The key of a user or system item, to tell which items a compaction's replacement history kept. */
const itemKey = (role: string, text: string): string => `${role === "user" ? "user" : "system"}\u0000${text}`;

/** Read the lines of a rollout into neutral messages, tool declarations and notes. */
function readRollout(lines: readonly unknown[]): Neutral {
  const perRequest = contextPerRequest(lines);
  const drafts: Draft[] = [];
  const notes: LogNote[] = [];
  const tools: ToolDeclaration[] = [];
  const custom = new Set<string>();
  const names = new Map<string, string>(); // call id → tool name
  const open = new Map<string, number>(); // call id → index of the message holding the call, no output yet
  const aborted = new Map<string, LogNote>(); // call id → its `aborted` note, until an output comes after all
  let turn: number | null = null; // the assistant message gathering the current model response
  let call: number | null = null; // the current model call's message, for its token count
  // Each model call's token count, by its message; `weak` when it was counted before the response's items and may
  // belong to a response that left none (a later count for this response replaces it).
  const usage = new Map<number, Usage & { weak: boolean }>();
  let pendingUsage: Usage | null = null;
  let pendingCompaction = null as { dropped: number | null } | null;
  let lastTotals: string | null = null;
  let metaSeen = false;

  /** The assistant message of the current model response, begun when its first item comes. */
  const inTurn = (): Extract<Draft, { kind: "turn" }> => {
    const current = turn === null ? undefined : drafts[turn];
    if (current?.kind === "turn") return current;
    const draft: Draft = { kind: "turn", parts: [], calls: [] };
    turn = drafts.length;
    call = turn;
    drafts.push(draft);
    if (pendingUsage !== null) usage.set(turn, { ...pendingUsage, weak: true });
    pendingUsage = null;
    if (pendingCompaction !== null) notes.push({ kind: "compacted", index: turn, dropped: pendingCompaction.dropped });
    pendingCompaction = null;
    return draft;
  };

  const addCall = (toolCallRead: ToolCall) => {
    const current = inTurn();
    current.calls.push(toolCallRead);
    current.parts.push({ type: "tool_call", callId: toolCallRead.callId });
    names.set(toolCallRead.callId, toolCallRead.name);
    open.set(toolCallRead.callId, turn ?? drafts.length - 1);
  };

  const declareCustom = (name: string) => {
    if (custom.has(name)) return;
    custom.add(name);
    tools.push({ name, description: "", parameters: {}, builtIn: "custom" });
  };

  const addPlain = (role: "user" | "system", parts: MessagePart[], joins: boolean) => {
    const key = itemKey(role, textOf(parts));
    const last = drafts.at(-1);
    if (joins && last?.kind === "plain" && last.joins && last.role === role) {
      last.parts.push(...parts);
      last.items.push(key);
    } else drafts.push({ kind: "plain", role, parts, items: [key], joins });
  };

  /** A boundary before a new model request: the response being gathered is over. */
  const newRequest = () => {
    turn = null;
    call = null;
    pendingUsage = null;
  };

  const readOutputItem = (item: Obj, at: string) => {
    const callId = needString(item, "call_id", at);
    if (!perRequest) turn = null;
    const { content, exitCode, failed } = readOutput(item.output);
    const index = drafts.length;
    const name = names.get(callId) ?? "";
    const error = failed || (exitCode !== null && exitCode !== 0);
    drafts.push({
      kind: "done",
      message: { role: "tool", callId, name, status: error ? "error" : "ok", content, replayed: false },
    });
    if (exitCode !== null && exitCode !== 0) notes.push({ kind: "error_by", index, name, by: "tool" });
    else if (UNIFIED_RUNNING.test(content)) notes.push({ kind: "running", index, name });
    open.delete(callId);
    aborted.delete(callId);
  };

  const providerPart = (item: Obj, type: string): MessagePart => ({
    type: "provider_tool",
    id: str(item, "id") ?? str(item, "call_id") ?? "",
    name: type.replace(/_call$/, ""),
    input: compact(item.action ?? item.arguments ?? ""),
  });

  /** How many messages read so far a compaction's replacement history no longer holds. */
  const droppedBy = (replacement: readonly unknown[]): number => {
    const kept = new Set<string>();
    for (const item of replacement) {
      const role = str(item, "role");
      if (str(item, "type") === "message" && role !== undefined && role !== "assistant")
        kept.add(itemKey(role, textOf(contentParts(field(item, "content"), ""))));
    }
    let dropped = 0;
    for (const draft of drafts) {
      if (draft.kind === "plain" && draft.items.every((key) => kept.has(key))) continue;
      if (draft.kind === "done" && draft.message.role === "system") continue; // the system prompt is always sent
      dropped += 1;
    }
    return dropped;
  };

  const compaction = (summary: string, replacement: unknown) => {
    newRequest();
    const dropped = Array.isArray(replacement) ? droppedBy(replacement) : null;
    if (summary !== "") addPlain("user", [{ type: "text", text: summary }], false);
    pendingCompaction = { dropped: dropped ?? pendingCompaction?.dropped ?? null };
  };

  const readItem = (item: Obj, at: string) => {
    const type = str(item, "type") ?? (typeof item.role === "string" ? "message" : undefined);
    if (type === undefined) return refuse(`${at}.type`, "missing");
    if (type === "message") {
      const role = needString(item, "role", at);
      const parts = contentParts(item.content, `${at}.content`);
      if (role === "assistant") inTurn().parts.push(...parts);
      else if (role === "user" || role === "developer" || role === "system") {
        newRequest();
        addPlain(role === "user" ? "user" : "system", parts, true);
      }
    } else if (type === "reasoning") inTurn().parts.push(reasoningPart(item));
    else if (type === "function_call") {
      const callId = needString(item, "call_id", at);
      addCall(toolCall(callId, needString(item, "name", at), item.arguments === undefined ? "" : item.arguments));
    } else if (type === "custom_tool_call") {
      const callId = needString(item, "call_id", at);
      const name = needString(item, "name", at);
      const input = item.input;
      declareCustom(name);
      addCall({ callId, name, args: {}, rawArguments: typeof input === "string" ? input : compact(input ?? "") });
    } else if (type === "local_shell_call") {
      const callId = str(item, "call_id") ?? str(item, "id") ?? refuse(`${at}.call_id`, "missing");
      addCall(toolCall(callId, "local_shell", item.action ?? {}, "object"));
    } else if (type === "tool_search_call") {
      const callId = str(item, "call_id");
      if (callId === undefined || str(item, "execution") === "server") inTurn().parts.push(providerPart(item, type));
      else addCall(toolCall(callId, "tool_search", item.arguments ?? {}, "object"));
    } else if (type === "tool_search_output") {
      const callId = str(item, "call_id");
      // The output of a search the host ran is its result; one the provider ran is part of the response.
      if (callId !== undefined && names.has(callId))
        readOutputItem({ call_id: callId, output: compact(item.tools ?? []) }, at);
      else if (turn !== null)
        inTurn().parts.push({
          type: "provider_result",
          id: callId ?? "",
          name: "tool_search",
          content: compact(item.tools ?? []),
        });
    } else if (OUTPUTS.has(type)) readOutputItem(item, at);
    else if (PROVIDER_ITEMS.has(type)) inTurn().parts.push(providerPart(item, type));
    else if (COMPACTION_ITEMS.has(type)) compaction("", undefined);
    else if (!HOST_ITEMS.has(type) && turn !== null) inTurn().parts.push({ type: "other", original: type });
  };

  const readEvent = (event: Obj) => {
    const type = str(event, "type");
    if (type === "token_count") {
      const info = event.info;
      if (!isRecord(info)) return; // a rate-limit update with no usage yet
      const totals = isRecord(info.total_token_usage) ? JSON.stringify(info.total_token_usage) : null;
      if (totals !== null && totals === lastTotals) return; // the same count sent again
      lastTotals = totals;
      const last = info.last_token_usage;
      const counted = { input: numberAt(last, "input_tokens"), output: numberAt(last, "output_tokens") };
      turn = null;
      // After its response's items (newer logs), unless that response has its count already; else before the next.
      if (call !== null && (usage.get(call)?.weak ?? true)) usage.set(call, { ...counted, weak: false });
      else pendingUsage = counted;
    } else if (type === "error" || type === "stream_error") {
      const message = str(event, "message") ?? type;
      // At the response it cut short, when one is being read; else where the run goes on (or its end).
      const index = turn !== null && turn === drafts.length - 1 ? turn : drafts.length;
      notes.push({ kind: "log_error", index, message });
    } else if (type === "turn_aborted") {
      const reason = str(event, "reason") ?? null;
      for (const [callId, index] of open)
        aborted.set(callId, { kind: "aborted", index, name: names.get(callId) ?? "", reason });
      open.clear();
      newRequest();
    }
  };

  const legacy = isLegacy(lines);
  for (const [i, line] of lines.entries()) {
    if (!isRecord(line)) refuse(`${i}`, `expected a rollout line (an object), got ${kindOf(line)}`);
    if (legacy) {
      // The older layout: the session's header first, then bare items, with state markers between them.
      if (i === 0 || line.record_type !== undefined) continue;
      readItem(line, `${i}`);
      continue;
    }
    const kind = str(line, "type");
    const payload = line.payload;
    if (kind === "response_item") {
      if (!isRecord(payload)) refuse(`${i}.payload`, `expected an item object, got ${kindOf(payload)}`);
      readItem(payload, `${i}.payload`);
    } else if (kind === "session_meta" && !metaSeen) {
      metaSeen = true;
      const instructions = baseInstructions(payload);
      if (instructions !== undefined) drafts.push({ kind: "done", message: { role: "system", content: instructions } });
    } else if (kind === "event_msg") {
      if (isRecord(payload)) readEvent(payload);
    } else if (kind === "turn_context") newRequest();
    else if (kind === "compacted" && isRecord(payload))
      compaction(str(payload, "message") ?? "", payload.replacement_history);
  }

  for (const [index, { input, output }] of usage)
    if (input !== null || output !== null) notes.push({ kind: "usage", index, input, output, cost: null });
  for (const note of aborted.values()) notes.push(note);
  if (pendingCompaction !== null)
    notes.push({ kind: "compacted", index: drafts.length, dropped: pendingCompaction.dropped });
  const messages = drafts.map((draft): Message => {
    if (draft.kind === "plain") return plainMessage(draft.role, draft.parts);
    if (draft.kind === "turn") return assistantMessage(draft.parts, draft.calls);
    return draft.message;
  });
  return { messages, tools, shape: "messages", notes };
}

/**
 * Whether the lines are the older, unwrapped layout Codex CLI wrote in mid-2025: a first line that is the session's
 * header itself (`{id, timestamp, instructions, git}`, no `type`), then each item bare (a message, a reasoning item, a
 * call, an output), with `{"record_type": "state"}` markers between them. There is no envelope, no event and no
 * token count: the items are read as a newer rollout's `response_item`s are.
 */
function isLegacy(lines: readonly unknown[]): boolean {
  const [first] = lines;
  if (!isRecord(first) || first.type !== undefined || typeof first.id !== "string") return false;
  if (typeof first.timestamp !== "string") return false;
  return lines.some(
    (line, i) =>
      i > 0 &&
      isRecord(line) &&
      (line.record_type === "state" ||
        (line.payload === undefined && typeof line.type === "string" && LEGACY_ITEMS.has(line.type))),
  );
}

/** The item types that tell a bare item of the older layout. */
const LEGACY_ITEMS = new Set(["message", "reasoning", "function_call", "function_call_output", "local_shell_call"]);

/** Whether a value is a rollout line: an envelope of a known kind around an object payload. */
const isLine = (line: unknown): boolean =>
  isRecord(line) && typeof line.type === "string" && KINDS.has(line.type) && isRecord(line.payload);

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (Array.isArray(data)) return readRollout(data);
    if (isLine(data)) return readRollout([data]);
    return refuse("", `expected the lines of a Codex rollout ({timestamp, type, payload} each), got ${kindOf(data)}`);
  });
}

/**
 * How surely a document is a rollout: 10 for a `session_meta` line naming the CLI version or originator, or the older
 * layout's header and bare items; 9 for lines in the envelope with a timestamp; 0 otherwise.
 */
function detect(data: unknown): number {
  const lines = Array.isArray(data) ? data : [data];
  if (isLegacy(lines)) return 10;
  let score = 0;
  for (const line of lines) {
    if (!isLine(line)) continue;
    const payload = field(line, "payload");
    if (
      str(line, "type") === "session_meta" &&
      (typeof field(payload, "cli_version") === "string" || typeof field(payload, "originator") === "string")
    )
      return 10;
    if (typeof field(line, "timestamp") === "string") score = 9;
  }
  return score;
}

/** The Codex CLI rollout codec. */
export const codec: Codec<"codex"> = {
  ...formatMeta("codex"),
  pairing:
    "call_id: a function_call, custom_tool_call or local_shell_call and the function_call_output or custom_tool_call_output with the same call_id, written after it",
  where: "~/.codex/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<session id>.jsonl",
  detect,
  parse,
  lines: true,
};
