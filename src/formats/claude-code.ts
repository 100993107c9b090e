/**
 * A Claude Code session log: the `.jsonl` file Claude Code writes per session (one JSON object per line), or those
 * lines as a JSON array. Each `user` / `assistant` line wraps an Anthropic message in Claude Code's envelope
 * (`message`, `uuid`, `sessionId`, `timestamp`, …); one model response may be split over several `assistant` lines
 * with the same `message.id`, joined here into one turn. Lines of other types (`summary`, `system`, snapshots) and
 * a subagent's side chain (`isSidechain`) are not the conversation and are skipped. Pairing: `tool_use.id` ↔
 * `tool_result.tool_use_id`, as in Anthropic Messages.
 */
import type { Message, ToolDeclaration, Trace } from "../engine";
import { defined } from "../engine";
import { anthropicRequest, readMessages } from "./anthropic";
import { formatMeta } from "./index";
import { reading } from "./read";
import { field, isRecord, type Neutral, type ParseResult, runMessages, str, type WritingCodec } from "./types";

/** One conversation line as Claude Code writes it (the envelope's fields this figure writes). */
export interface ClaudeCodeLine {
  type: "user" | "assistant";
  uuid: string;
  parentUuid: string | null;
  isSidechain: false;
  sessionId: string;
  message: { role: "user" | "assistant"; content: unknown };
}

/** The run as a session log's lines (each Anthropic turn in the envelope, chained by `parentUuid`). */
export function claudeCodeLines(messages: readonly Message[], tools: readonly ToolDeclaration[]): ClaudeCodeLine[] {
  // A Claude Code log keeps no system message among its turns (its system prompt is not in the log at all).
  const turns = anthropicRequest(messages, tools).messages.flatMap((turn) =>
    turn.role === "system" ? [] : [{ role: turn.role, content: turn.content }],
  );
  return turns.map((turn, i) => ({
    type: turn.role,
    uuid: `line-${i + 1}`,
    parentUuid: i === 0 ? null : `line-${i}`,
    isSidechain: false,
    sessionId: "agent-loop-figure",
    message: { role: turn.role, content: turn.content },
  }));
}

/** The lines of the main conversation, an assistant response split over lines joined back into one turn. */
function conversation(lines: readonly unknown[]): { role: string; content: unknown }[] {
  const turns: { role: string; content: unknown; id?: string }[] = [];
  for (const line of lines) {
    const type = str(line, "type");
    if ((type !== "user" && type !== "assistant") || field(line, "isSidechain") === true) continue;
    const message = field(line, "message");
    if (!isRecord(message)) continue;
    const id = str(message, "id");
    const last = turns.at(-1);
    const blocks = (content: unknown): unknown[] =>
      typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];
    if (type === "assistant" && last !== undefined && last.role === "assistant" && id !== undefined && last.id === id) {
      last.content = [...blocks(last.content), ...blocks(message.content)];
      continue;
    }
    turns.push({ role: type, content: message.content, ...defined({ id }) });
  }
  return turns.map(({ role, content }) => ({ role, content }));
}

function parse(data: unknown): ParseResult {
  return reading((): Neutral => {
    const lines = Array.isArray(data) ? data : [data];
    return { messages: readMessages(conversation(lines), "", []), tools: [], shape: "messages" };
  });
}

/** How much a document looks like a session log: lines typed user / assistant with a `message` and the envelope. */
function detect(data: unknown): number {
  const lines = Array.isArray(data) ? data : [];
  return lines.some(
    (line) =>
      (str(line, "type") === "user" || str(line, "type") === "assistant") &&
      isRecord(field(line, "message")) &&
      (field(line, "sessionId") !== undefined || field(line, "uuid") !== undefined),
  ) || lines.some((line) => str(line, "type") === "summary" && field(line, "leafUuid") !== undefined)
    ? 9
    : 0;
}

/** The Claude Code session log codec. */
export const codec: WritingCodec<"claude-code"> = {
  ...formatMeta("claude-code"),
  carries: ["error_status", "result_order"],
  pairing: "tool_use.id ↔ tool_result.tool_use_id, as in Anthropic Messages (a response split over lines is one turn)",
  where: "~/.claude/projects/<project path, / replaced by ->/<session id>.jsonl",
  detect,
  parse,
  request: claudeCodeLines,
  transcript: (trace: Trace) => claudeCodeLines(runMessages(trace), trace.tools),
  lines: true,
};
