/**
 * A pi coding-agent session: the `.jsonl` file pi (badlogic/pi-mono, `packages/coding-agent`) appends to as a session
 * goes on. Line 1 is a `session` header (`version` 2 or 3; none in version 1); every later line is an entry:
 * a `message` holding one of pi's messages, or a setting change, a compaction, a branch summary, an extension's
 * record, a label or the session's name.
 *
 * Branches: from version 2 on, each entry names its parent (`id` / `parentId`), so the file is a tree: going back to
 * an earlier point and carrying on from there starts a new branch, and the old one stays in the file. Pi carries on
 * from the file's last entry, so what is read here is the path from that entry back to the root, as pi rebuilds its
 * context; abandoned branches are not read. Version 1 files have no ids and are one line of entries.
 *
 * Read: user messages (text, images as media); each assistant message as one model call (its text, its thinking as
 * reasoning, its `toolCall` blocks as calls with object arguments); each `toolResult` as the result of the call with
 * that id (an error when `isError`); what pi also gives the model as a user turn: a command the user ran with `!`
 * (`bashExecution`, unless kept out of the context), an extension's message (`custom`, `hookMessage` in version 2, and
 * `custom_message` entries) and a branch summary. A compaction's summary is put in as a user message just where the
 * compaction happened, since from then on pi gives the model that summary as a user message (wrapped in a short
 * preamble saying the earlier conversation was compacted into it) in place of what it dropped; the message here is
 * the summary text alone. A summary no later message follows is left out: no model call was given it.
 *
 * Notes: `usage` at every model call (tokens in = pi's `input` plus the cache reads and writes, which pi counts
 * apart; out; `cost.total` in US dollars); `stopped` for a model call that did not complete, aborted by the user
 * (`stopReason` "aborted") or ended in an error (`stopReason` "error"), with its `errorMessage`, and an `aborted`
 * note for each of its tool calls that got no result; `compacted` at the next model call after a
 * compaction, with how many of the messages read before the first entry it kept the model no longer got.
 * Who made an error result is said only where pi's own wording shows it: "Tool X not found" and a failed argument
 * check are the host's; a bash command's non-zero exit or time-out is the tool's; a call skipped because the user
 * sent a message meanwhile is `cancelled` by the user (it never ran), a bash command aborted mid-run is `cancelled`
 * after it `started` (by whom not said: it ran, and what it printed before is in the result). Any other error result (a tool that threw, a call an extension blocked) gets no such note: the log does
 * not tell them apart.
 *
 * Skipped: model and thinking-level changes, extensions' own records (`custom`), labels, the session's name, and
 * entry kinds and message roles this reader does not know (newer versions add some). Pi logs no tool declarations.
 */
import type { Message, MessagePart, ToolCall } from "../engine";
import { formatMeta } from "./index";
import { assistantMessage, kindOf, placeholderText, plainMessage, reading, refuse, toolCall } from "./read";
import { type Codec, field, isRecord, type LogNote, type Neutral, type ParseResult, str } from "./types";

type Obj = Record<string, unknown>;

/** One entry of the file, with its 0-based line (the index in the list of lines, header included). */
interface Entry {
  readonly line: number;
  readonly value: Obj;
}

/** The session header's line, or -1 when the file has none. */
const headerLine = (lines: readonly unknown[]): number =>
  lines.findIndex((line) => str(line, "type") === "session" && typeof field(line, "id") === "string");

/**
 * The entries of the current branch, oldest first: in version 2 and later the path from the last entry back to the
 * root by `parentId` (a parent not in the file ends it, as in pi; a cycle is cut); in version 1, every entry.
 */
function branch(lines: readonly unknown[], header: number): Entry[] {
  const entries: Entry[] = [];
  lines.forEach((value, line) => {
    if (line !== header && isRecord(value) && str(value, "type") !== "session") entries.push({ line, value });
  });
  const last = entries.at(-1);
  const version = field(lines[header], "version");
  const tree =
    typeof version === "number"
      ? version >= 2
      : header === -1 && last !== undefined && typeof last.value.id === "string" && "parentId" in last.value;
  if (!tree || last === undefined || typeof last.value.id !== "string") return entries;
  const byId = new Map<string, Entry>();
  for (const entry of entries) {
    const id = str(entry.value, "id");
    if (id !== undefined) byId.set(id, entry);
  }
  const path: Entry[] = [];
  const seen = new Set<string>();
  let current: Entry | undefined = last;
  while (current !== undefined) {
    const id = str(current.value, "id");
    if (id === undefined || seen.has(id)) break;
    seen.add(id);
    path.push(current);
    const parent = str(current.value, "parentId");
    current = parent === undefined ? undefined : byId.get(parent);
  }
  return path.reverse();
}

/** A user-side content (a string, or text and image blocks) as parts. */
function userParts(content: unknown): MessagePart[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.map((block): MessagePart => {
    const type = str(block, "type");
    if (type === "text") return { type: "text", text: str(block, "text") ?? "" };
    if (type === "image") return { type: "media", media: "image" };
    return { type: "other", original: type ?? kindOf(block) };
  });
}

/** A tool result's content as text: its texts, a placeholder for anything else. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => {
      const type = str(block, "type");
      return type === "text" ? (str(block, "text") ?? "") : placeholderText(type ?? "content");
    })
    .join("\n");
}

/** An assistant message's blocks as parts, with its tool calls. */
function assistantTurn(content: unknown, path: string): { parts: MessagePart[]; calls: ToolCall[] } {
  const parts: MessagePart[] = [];
  const calls: ToolCall[] = [];
  if (typeof content === "string") parts.push({ type: "text", text: content });
  (Array.isArray(content) ? content : []).forEach((block: unknown, k) => {
    const type = str(block, "type");
    if (type === "text") parts.push({ type: "text", text: str(block, "text") ?? "" });
    else if (type === "thinking") {
      const redacted = field(block, "redacted") === true;
      const signature = str(block, "thinkingSignature");
      parts.push({
        type: "reasoning",
        text: redacted ? "" : (str(block, "thinking") ?? ""),
        redacted,
        ...(signature !== undefined && signature !== "" ? { signed: true as const } : {}),
      });
    } else if (type === "toolCall") {
      const id = field(block, "id");
      const name = field(block, "name");
      if (typeof id !== "string" || id === "")
        refuse(`${path}.${k}.id`, id === undefined ? "a tool call with no id" : `expected an id, got ${kindOf(id)}`);
      if (typeof name !== "string")
        refuse(
          `${path}.${k}.name`,
          name === undefined ? "a tool call with no name" : `expected a name, got ${kindOf(name)}`,
        );
      const args = field(block, "arguments");
      calls.push(toolCall(id, name, args === undefined ? {} : args, "object"));
      parts.push({
        type: "tool_call",
        callId: id,
        ...(str(block, "thoughtSignature") ? { signed: true as const } : {}),
      });
    } else parts.push({ type: "other", original: type ?? kindOf(block) });
  });
  return { parts, calls };
}

/** What pi gives the model for a command the user ran with `!` (its own wording, in short). */
function bashText(message: Obj): string {
  const output = str(message, "output") ?? "";
  let text = `Ran \`${str(message, "command") ?? ""}\`\n${output === "" ? "(no output)" : `\`\`\`\n${output}\n\`\`\``}`;
  const code = field(message, "exitCode");
  if (field(message, "cancelled") === true) text += "\n\n(command cancelled)";
  else if (typeof code === "number" && code !== 0) text += `\n\nCommand exited with code ${code}`;
  return text;
}

/** What pi's wording of an error result says about it: who made the error, or that the call was cancelled. */
function errorNote(name: string, text: string, index: number): LogNote | undefined {
  if (text === "Skipped due to queued user message.")
    return { kind: "cancelled", index, name, by: "user", started: false };
  if (text === `Tool ${name} not found` || text.startsWith(`Validation failed for tool "${name}":`))
    return { kind: "error_by", index, name, by: "host" };
  if (name !== "bash") return undefined;
  if (/(^|\n\n)Command aborted$/.test(text)) return { kind: "cancelled", index, name, by: null, started: true };
  if (/(^|\n\n)(Command exited with code -?\d+|Command timed out after \d+(\.\d+)? seconds)$/.test(text))
    return { kind: "error_by", index, name, by: "tool" };
  return undefined;
}

/** A number, or null. */
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The usage note of a model call, when the message records usage. */
function usageNote(usage: unknown, index: number): LogNote | undefined {
  if (!isRecord(usage)) return undefined;
  const counted = [usage.input, usage.cacheRead, usage.cacheWrite].map(num).filter((n): n is number => n !== null);
  return {
    kind: "usage",
    index,
    input: counted.length === 0 ? null : counted.reduce((a, b) => a + b, 0),
    output: num(usage.output),
    cost: num(field(usage.cost, "total")),
  };
}

/** A model call that was stopped, and its tool calls (which may have no result). */
interface Stopped {
  readonly index: number;
  readonly calls: readonly ToolCall[];
  readonly reason: string | undefined;
}

/** Read the current branch into messages and notes. */
function read(data: unknown): Neutral {
  if (!Array.isArray(data) && !isRecord(data))
    refuse("", `expected the lines of a pi session (JSON objects), got ${kindOf(data)}`);
  const lines: readonly unknown[] = Array.isArray(data) ? data : [data];
  const header = headerLine(lines);
  const messages: Message[] = [];
  const notes: LogNote[] = [];
  // How many messages had been read when each entry of the branch was reached (by id, and by line for version 1's
  // `firstKeptEntryIndex`, which counts the header as line 0).
  const before = new Map<string | number, number>();
  if (header !== -1) before.set(header, 0);
  let summaryAt = -1; // the index of the last compaction summary put in
  let compactions: (number | null)[] = []; // each compaction's dropped count, waiting for the next model call
  const answered = new Set<string>();
  const stopped: Stopped[] = [];

  for (const { line, value } of branch(lines, header)) {
    const id = str(value, "id");
    if (id !== undefined) before.set(id, messages.length);
    before.set(line, messages.length);
    const type = str(value, "type");
    if (type === "message") {
      const message = field(value, "message");
      if (!isRecord(message)) continue;
      const path = `${line}.message`;
      const role = str(message, "role");
      if (role === "user" || role === "custom" || role === "hookMessage")
        messages.push(plainMessage("user", userParts(message.content)));
      else if (role === "bashExecution") {
        if (message.excludeFromContext !== true) messages.push({ role: "user", content: bashText(message) });
      } else if (role === "branchSummary" || role === "compactionSummary") {
        const summary = str(message, "summary");
        if (summary !== undefined && summary !== "") messages.push({ role: "user", content: summary });
      } else if (role === "assistant") {
        const index = messages.length;
        const { parts, calls } = assistantTurn(message.content, `${path}.content`);
        messages.push(assistantMessage(parts, calls));
        for (const dropped of compactions) notes.push({ kind: "compacted", index, dropped });
        compactions = [];
        const usage = usageNote(message.usage, index);
        if (usage !== undefined) notes.push(usage);
        const stop = str(message, "stopReason");
        const reason = str(message, "errorMessage");
        if (stop === "error" || stop === "aborted") {
          notes.push({ kind: "stopped", index, how: stop, reason: reason ?? null });
          stopped.push({ index, calls, reason });
        }
      } else if (role === "toolResult") {
        const callId = field(message, "toolCallId");
        if (typeof callId !== "string")
          refuse(
            `${path}.toolCallId`,
            callId === undefined ? "a tool result with no call id" : `expected a call id, got ${kindOf(callId)}`,
          );
        const name = str(message, "toolName") ?? "";
        const content = resultText(message.content);
        const error = message.isError === true;
        const index = messages.length;
        messages.push({ role: "tool", callId, name, status: error ? "error" : "ok", content, replayed: false });
        answered.add(callId);
        const note = error ? errorNote(name, content, index) : undefined;
        if (note !== undefined) notes.push(note);
      }
    } else if (type === "custom_message") {
      messages.push(plainMessage("user", userParts(value.content)));
    } else if (type === "branch_summary") {
      const summary = str(value, "summary");
      if (summary !== undefined && summary !== "") messages.push({ role: "user", content: summary });
    } else if (type === "compaction") {
      // A summary no message followed was never given to the model: the newer one replaces it.
      if (summaryAt !== -1 && summaryAt === messages.length - 1) messages.pop();
      // The messages before the first entry kept are the ones dropped (all of them when that entry is not on the
      // branch before the compaction, as pi then keeps none).
      const firstKept = str(value, "firstKeptEntryId") ?? num(value.firstKeptEntryIndex);
      const kept = firstKept === null ? undefined : before.get(firstKept);
      compactions.push(firstKept === null ? null : Math.min(kept ?? messages.length, messages.length));
      summaryAt = messages.length;
      messages.push({ role: "user", content: str(value, "summary") ?? "" });
    }
  }
  if (summaryAt !== -1 && summaryAt === messages.length - 1) messages.pop();
  for (const dropped of compactions) notes.push({ kind: "compacted", index: messages.length, dropped });
  // A stopped call's proposals that got no result: each aborted, not missing (the request never completed).
  for (const { index, calls, reason } of stopped)
    for (const call of calls)
      if (!answered.has(call.callId)) notes.push({ kind: "aborted", index, name: call.name, reason: reason ?? null });
  return { messages, tools: [], shape: "messages", notes };
}

function parse(data: unknown): ParseResult {
  return reading(() => read(data));
}

/** Whether a line is a pi session header: `type` "session" with a string `id` and `cwd`. */
const isHeader = (line: unknown): boolean =>
  str(line, "type") === "session" && typeof field(line, "id") === "string" && typeof field(line, "cwd") === "string";

/** Entry kinds only pi writes (with their telltale field). */
function isPiEntry(line: unknown): boolean {
  const type = str(line, "type");
  if (type === "message") {
    const message = field(line, "message");
    const role = str(message, "role");
    return (
      (role === "toolResult" && typeof field(message, "toolCallId") === "string") ||
      (role === "assistant" &&
        typeof field(message, "stopReason") === "string" &&
        Array.isArray(field(message, "content")))
    );
  }
  if (type === "compaction")
    return field(line, "firstKeptEntryId") !== undefined || field(line, "firstKeptEntryIndex") !== undefined;
  if (type === "model_change") return typeof field(line, "modelId") === "string";
  if (type === "thinking_level_change") return typeof field(line, "thinkingLevel") === "string";
  return false;
}

/**
 * How much a document looks like a pi session: a `session` header with `id` and `cwd` followed by pi's entries is
 * unmistakable; pi's entries alone (a file whose header is lost) or a header alone are very likely.
 */
function detect(data: unknown): number {
  const lines = Array.isArray(data) ? data : isRecord(data) ? [data] : [];
  const header = lines.length > 0 && isHeader(lines[0]);
  const entries = lines.some(isPiEntry);
  if (header && entries) return 10;
  return header || entries ? 8 : 0;
}

/** The pi session codec. */
export const codec: Codec<"pi"> = {
  ...formatMeta("pi"),
  pairing:
    "toolCall.id in an assistant message ↔ toolResult.toolCallId; of a branching session only the path from the last entry back to the root is read",
  where: "~/.pi/agent/sessions/--<cwd, / replaced by ->--/<timestamp>_<session id>.jsonl",
  detect,
  parse,
  lines: true,
};
