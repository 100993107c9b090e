/**
 * A Gemini CLI chat recording: the session file Gemini CLI keeps under ~/.gemini/tmp/<project hash>/chats/. Two
 * layouts exist. Versions before 0.40 rewrite one JSON object on every change: `{sessionId, projectHash, startTime,
 * lastUpdated, messages[]}`. From 0.40 the file is JSON Lines and only ever appended to: a metadata line first,
 * then one line per message record, `{"$set": {...}}` lines that update the metadata (a `$set.messages` array
 * replaces every message: a checkpoint), and `{"$rewindTo": id}` lines that drop that message and all after it. A
 * message written again with an id already seen replaces the earlier one where it stood (the CLI re-appends a
 * model turn when its tokens or tool results arrive). These operations are replayed in order, as the CLI does when
 * it resumes a session, and the messages left are what is read.
 *
 * A message record has a `type`. `user`: the user's prompt (`content`: a string or Gemini parts). `gemini`: one
 * model response, read as one assistant message: its `thoughts` (subject and description) as reasoning, its text,
 * and its `toolCalls`. Each tool call carries its own result (`result`: the `functionResponse` parts the CLI sent
 * back) and the scheduler's `status`: success, error, or cancelled (an error result here, with a `cancelled` note).
 * A call with no result gets no tool message. The log does not record why a call failed, only the message; the
 * texts the CLI writes when it refused a call itself (an unknown tool, a policy denial, arguments that failed its
 * validation) are recognised and noted as the host's error; any other error gets no `error_by` note. `tokens` give
 * a `usage` note per model call (output counts the thinking tokens, input the tool-use prompt tokens, so the two
 * add up to `total`). `error` records (API errors and the like) give a `log_error` note at the next message;
 * `info` and `warning` records are notices to the user, not the conversation, and are skipped. Newer versions also
 * record the tool results as a `user` message of `functionResponse` parts: those repeat what the tool calls already
 * hold and are skipped. Unknown record types and fields are skipped. The log lists no tool declarations.
 */
import type { IdMaker, Message, MessagePart, ToolCall } from "../engine";
import { formatMeta } from "./index";
import { assistantMessage, kindOf, placeholderText, plainMessage, reading, refuse, toolCall } from "./read";
import { type Codec, compact, field, isRecord, type LogNote, type Neutral, type ParseResult, str } from "./types";

/** A message record left after the replay, with where it was read (for a refusal's path). */
interface Entry {
  readonly record: Record<string, unknown>;
  readonly path: string;
}

const MESSAGE_TYPES = new Set(["user", "gemini", "info", "error", "warning"]);

/** The record holds an array of messages at `key`, or refuses a `key` that is there and is not one. */
function messagesAt(record: Record<string, unknown>, key: string, path: string): readonly unknown[] {
  const messages = record[key];
  if (messages === undefined) return [];
  if (!Array.isArray(messages)) refuse(`${path}.${key}`, `expected an array of messages, got ${kindOf(messages)}`);
  return messages as readonly unknown[];
}

/**
 * The messages a session holds once its records are replayed in order (as the CLI's loader does): a record with
 * an id seen before replaces that message in place, `$rewindTo` drops the message with that id and everything
 * after it (an id not held drops everything, as the CLI does), a `$set` with `messages` starts over from them.
 * Linear: each message's position is kept by id, and a rewind removes each message at most once.
 */
function replay(data: unknown): Entry[] {
  const entries: Entry[] = [];
  const position = new Map<string, number>();
  const put = (record: unknown, path: string): void => {
    if (!isRecord(record)) return; // the CLI skips what is not a message record
    const id = str(record, "id");
    const at = id === undefined ? undefined : position.get(id);
    if (at !== undefined) {
      entries[at] = { record, path };
      return;
    }
    if (id !== undefined) position.set(id, entries.length);
    entries.push({ record, path });
  };
  const truncate = (from: number): void => {
    for (let i = from; i < entries.length; i++) {
      const id = str(entries[i]?.record, "id");
      if (id !== undefined) position.delete(id);
    }
    entries.length = from;
  };
  const putAll = (messages: readonly unknown[], path: string): void => {
    messages.forEach((message, i) => {
      put(message, `${path}.${i}`);
    });
  };
  const lines = Array.isArray(data) ? data : [data];
  lines.forEach((line, i) => {
    if (!isRecord(line)) return;
    const path = Array.isArray(data) ? String(i) : "";
    const rewind = str(line, "$rewindTo");
    if (rewind !== undefined) {
      truncate(position.get(rewind) ?? 0);
    } else if (str(line, "id") !== undefined) {
      put(line, path);
    } else if (isRecord(line.$set)) {
      // Only an array of messages is a checkpoint; the CLI ignores any other `messages` value in a `$set`.
      const messages = line.$set.messages;
      if (Array.isArray(messages)) {
        truncate(0);
        putAll(messages, `${path}.$set.messages`);
      }
    } else if (line.messages !== undefined) {
      // The metadata line (or a whole legacy session): its messages, if it has any, come first.
      putAll(messagesAt(line, "messages", path), `${path}.messages`);
    } else if (MESSAGE_TYPES.has(str(line, "type") ?? "")) {
      put(line, path); // a message record without an id: kept, though nothing can replace it
    }
  });
  return entries;
}

/** A record's `content` (a PartListUnion: a string, one part, or a list of strings and parts) as a list of parts. */
function partsOf(content: unknown): readonly unknown[] {
  if (typeof content === "string") return [{ text: content }];
  if (isRecord(content)) return [content];
  if (Array.isArray(content)) return content.map((part) => (typeof part === "string" ? { text: part } : part));
  return [];
}

/** The kind of media an `inlineData` / `fileData` part holds, by its MIME type. */
function mediaOf(part: Record<string, unknown>): string {
  const mime = str(part.inlineData ?? part.fileData, "mimeType") ?? "";
  return mime.startsWith("image/") ? "image" : mime.startsWith("audio/") ? "audio" : "file";
}

/**
 * The parts of a record's content as the figure keeps them. Function calls and responses are skipped: the CLI
 * keeps each call and its result in a model turn's `toolCalls`. `skipped` says whether any were.
 */
function readContent(content: unknown): { parts: MessagePart[]; skipped: boolean } {
  const parts: MessagePart[] = [];
  let skipped = false;
  for (const part of partsOf(content)) {
    if (!isRecord(part)) continue;
    if (typeof part.text === "string") {
      if (part.thought === true) parts.push({ type: "reasoning", text: part.text, redacted: false });
      else parts.push({ type: "text", text: part.text });
    } else if (isRecord(part.functionCall) || isRecord(part.functionResponse)) {
      skipped = true;
    } else if (isRecord(part.inlineData) || isRecord(part.fileData)) {
      parts.push({ type: "media", media: mediaOf(part) });
    } else {
      const key = Object.keys(part).find((k) => k !== "thoughtSignature" && k !== "thought");
      if (key !== undefined) parts.push({ type: "other", original: key });
    }
  }
  return { parts, skipped };
}

/** The plain text of a record's content (an error record's message). */
function textOf(content: unknown): string {
  return partsOf(content)
    .flatMap((part) => (typeof field(part, "text") === "string" ? [str(part, "text") ?? ""] : []))
    .join("\n");
}

/** A user record's message; none when it only repeats tool results as `functionResponse` parts. */
function userMessage(record: Record<string, unknown>): Message | null {
  const { parts, skipped } = readContent(record.content);
  if (parts.length === 0 && skipped) return null;
  return plainMessage("user", parts);
}

/** One thought summary as reasoning text: its subject, then its description. */
function thoughtText(thought: unknown): string {
  return [str(thought, "subject") ?? "", str(thought, "description") ?? ""].filter((s) => s !== "").join("\n");
}

/**
 * Error texts the CLI writes when it refused a call itself and never ran the tool (its scheduler, its policy
 * engine, and the tools' argument validation before a call is built: packages/core/src/scheduler and the tools'
 * validateToolParamValues). The log keeps only the text, so only these are known to be the host's.
 */
const HOST_REFUSALS: readonly RegExp[] = [
  /^Tool "[^"]*" not found/, // no tool of that name
  /^Tool execution denied by policy/,
  /requires user confirmation, which is not supported in non-interactive mode/,
  /^params(\/\S*)? must /, // the arguments failed the tool's JSON schema
  /^Value of params must be an object/,
  /^(File )?[Pp]ath must be absolute/,
  /^(File )?[Pp]ath must be within one of the workspace directories/,
  /^The '[^']+' parameter (must be non-empty|cannot be empty)/,
  /^Missing or empty "file_path"/,
  /^Command cannot be empty/,
  /^Directory must be an absolute path/,
];

const isHostRefusal = (text: string): boolean => HOST_REFUSALS.some((pattern) => pattern.test(text));

/** A `functionResponse.response` as text: its `output` (or, for an error, its `error`) string, else the JSON. */
function responseText(response: unknown, error: boolean): string {
  const output = str(response, "output");
  const message = str(response, "error");
  if (error && message !== undefined) return message;
  if (output !== undefined) return output;
  if (message !== undefined) return message;
  return compact(response ?? {});
}

/** What a tool call's `result` says: its text, and whether it is an error; null when there is no result. */
function readResult(result: unknown, failed: boolean): { content: string; error: boolean } | null {
  if (result === undefined || result === null) return null;
  const parts = partsOf(result);
  if (parts.length === 0) return null;
  const texts: string[] = [];
  let error = false;
  for (const part of parts) {
    if (!isRecord(part)) continue;
    if (isRecord(part.functionResponse)) {
      const response = part.functionResponse.response;
      if (isRecord(response) && typeof response.error === "string") error = true;
      texts.push(responseText(response, failed));
    } else if (typeof part.text === "string") {
      texts.push(part.text);
    } else if (isRecord(part.inlineData) || isRecord(part.fileData)) {
      texts.push(placeholderText(mediaOf(part)));
    }
  }
  return { content: texts.join("\n"), error };
}

/** A usage note from a model turn's `tokens`, when it has any. */
function usageNote(tokens: unknown, index: number): LogNote | null {
  if (!isRecord(tokens)) return null;
  const count = (key: string): number | null => {
    const value = tokens[key];
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  };
  const add = (a: number | null, b: number | null): number | null => (a === null ? null : a + (b ?? 0));
  const input = add(count("input"), count("tool"));
  const output = add(count("output"), count("thoughts"));
  if (input === null && output === null) return null;
  return { kind: "usage", index, input, output, cost: null };
}

type ToolMessage = Extract<Message, { role: "tool" }>;

/** What reading the records builds up: the messages, the notes, and how many call ids had to be made up. */
interface Reading {
  readonly messages: Message[];
  readonly notes: LogNote[];
  minted: number;
  /** The ids the provider did not give: made by Gemini CLI (its `name-timestamp-random`), or here. */
  readonly made: Map<string, IdMaker>;
}

/**
 * An id Gemini CLI made for a call the API gave none: the tool's name, the time in milliseconds and random hex
 * (`${name}-${Date.now()}-${Math.random().toString(16).slice(2)}`, in its turn.ts).
 */
const cliMade = (callId: string, name: string): boolean =>
  callId.startsWith(`${name}-`) && /^\d{13}-[0-9a-f]+$/.test(callId.slice(name.length + 1));

/** A model turn: one assistant message, then one tool message per call that has a result, with their notes. */
function readModelTurn(record: Record<string, unknown>, path: string, out: Reading): void {
  const parts: MessagePart[] = [];
  if (Array.isArray(record.thoughts)) {
    for (const thought of record.thoughts) {
      const text = thoughtText(thought);
      if (text !== "") parts.push({ type: "reasoning", text, redacted: false });
    }
  }
  parts.push(...readContent(record.content).parts.filter((part) => part.type !== "text" || part.text !== ""));
  const toolCalls = record.toolCalls ?? [];
  if (!Array.isArray(toolCalls)) refuse(`${path}.toolCalls`, `expected an array, got ${kindOf(toolCalls)}`);
  const calls: ToolCall[] = [];
  const results: { message: ToolMessage; said: "cancelled" | "host" | null }[] = [];
  const index = out.messages.length;
  (toolCalls as readonly unknown[]).forEach((entry, i) => {
    const at = `${path}.toolCalls.${i}`;
    if (!isRecord(entry)) refuse(at, `expected a tool call object, got ${kindOf(entry)}`);
    const name = entry.name;
    if (typeof name !== "string")
      refuse(`${at}.name`, name === undefined ? "missing" : `expected a string, got ${kindOf(name)}`);
    let callId = str(entry, "id") ?? str(field(partsOf(entry.result)[0], "functionResponse"), "id");
    if (callId === undefined || callId === "") {
      out.minted += 1;
      callId = `${name}-${out.minted}`;
      out.made.set(callId, "figure");
    } else if (cliMade(callId, name)) out.made.set(callId, "agent");
    calls.push(toolCall(callId, name, entry.args ?? {}, "object"));
    parts.push({ type: "tool_call", callId });
    const status = str(entry, "status");
    const result = readResult(entry.result, status === "error" || status === "cancelled");
    if (result === null) {
      // No result recorded: no tool message; a cancelled call is still said, at the turn that proposed it.
      if (status === "cancelled") out.notes.push({ kind: "cancelled", index, name, by: "user" });
      return;
    }
    // The scheduler's status decides; without one, a response with an `error` is an error.
    const error = status === "success" ? false : status === "error" || status === "cancelled" ? true : result.error;
    results.push({
      message: { role: "tool", callId, name, status: error ? "error" : "ok", content: result.content, replayed: false },
      said: status === "cancelled" ? "cancelled" : status === "error" && isHostRefusal(result.content) ? "host" : null,
    });
  });
  out.messages.push(assistantMessage(parts, calls));
  const usage = usageNote(record.tokens, index);
  if (usage !== null) out.notes.push(usage);
  for (const { message, said } of results) {
    const at = out.messages.length;
    const { name } = message;
    if (said === "cancelled") out.notes.push({ kind: "cancelled", index: at, name, by: "user" });
    else if (said === "host") out.notes.push({ kind: "error_by", index: at, name, by: "host" });
    out.messages.push(message);
  }
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    if (!isRecord(data) && !Array.isArray(data))
      refuse(
        "",
        `expected a Gemini CLI session (an object with messages, or the lines of a .jsonl session), got ${kindOf(data)}`,
      );
    const out: Reading = { messages: [], notes: [], minted: 0, made: new Map() };
    for (const { record, path } of replay(data)) {
      const type = str(record, "type");
      if (type === "user") {
        const message = userMessage(record);
        if (message !== null) out.messages.push(message);
      } else if (type === "gemini") {
        readModelTurn(record, path, out);
      } else if (type === "error") {
        out.notes.push({ kind: "log_error", index: out.messages.length, message: textOf(record.content) });
      }
      // info, warning and unknown types: notices to the user, not the conversation
    }
    return {
      messages: out.messages,
      tools: [],
      shape: "messages",
      notes: out.notes,
      ...(out.made.size === 0 ? {} : { madeIds: out.made }),
    };
  });
}

/** A session's metadata: its id and its project's hash. */
const isSessionMeta = (value: unknown): boolean =>
  str(value, "sessionId") !== undefined && str(value, "projectHash") !== undefined;

const isModelTurn = (value: unknown): boolean => str(value, "type") === "gemini" && str(value, "id") !== undefined;

/**
 * How surely a document is a Gemini CLI session: the metadata (`sessionId` with `projectHash`) with model turns
 * (`type: "gemini"`) is unmistakable; model turns alone are nearly so. Gemini's own API contents have `role`, not
 * `type`, and are not taken.
 */
function detect(data: unknown): number {
  if (Array.isArray(data)) {
    const turns = data.some(isModelTurn);
    if (isSessionMeta(data[0])) return turns ? 10 : 9;
    return turns ? 9 : 0;
  }
  if (!isSessionMeta(data)) return 0;
  const messages = field(data, "messages");
  if (Array.isArray(messages)) return messages.some((m) => str(m, "type") === "gemini") ? 10 : 9;
  return messages === undefined ? 8 : 0;
}

/** The Gemini CLI chat recording codec (read only: the CLI writes these). */
export const codec: Codec<"gemini-cli"> = {
  ...formatMeta("gemini-cli"),
  pairing:
    "each call carries its own result: a model turn's toolCalls[] entry holds the call (id, name, args) and the functionResponse the CLI sent back, with its status",
  where: "~/.gemini/tmp/<project hash>/chats/session-<YYYY-MM-DDThh-mm>-<id8>.json (.jsonl from 0.40)",
  detect,
  parse,
  lines: true,
};
