/**
 * Formats the import recognises but does not read yet: a file in one of them gets one clear sentence naming it,
 * instead of another format's schema errors. Each is a name and a test of a parsed document's telltale fields.
 */
import { field, isRecord, list, str } from "./types";

/** A format recognised, not read: its name and how surely a document is in it (the codecs' scale, 0–10). */
interface Foreign {
  readonly name: string;
  readonly detect: (data: unknown) => number;
}

const items = (data: unknown): readonly unknown[] => (Array.isArray(data) ? data : list(data, "messages"));
const some = (values: readonly unknown[], test: (value: unknown) => boolean) => values.some(test);
const blocks = (data: unknown): readonly unknown[] =>
  items(data).flatMap((m) => [...list(m, "content"), ...list(m, "parts")]);

/** Every format recognised and not read, most specific first. */
export const FOREIGN: readonly Foreign[] = [
  {
    name: "Gemini generateContent contents",
    detect: (data) =>
      Array.isArray(field(data, "contents")) ||
      Array.isArray(field(data, "candidates")) ||
      some(items(data), (m) => field(m, "role") === "model" && Array.isArray(field(m, "parts"))) ||
      some(blocks(data), (b) => isRecord(field(b, "functionCall")) || isRecord(field(b, "functionResponse")))
        ? 8
        : 0,
  },
  {
    name: "a Vercel AI SDK ModelMessage list",
    detect: (data) =>
      some(blocks(data), (b) => {
        const type = str(b, "type");
        return type === "tool-call" || type === "tool-result" || field(b, "toolCallId") !== undefined;
      })
        ? 8
        : 0,
  },
  {
    name: "OpenTelemetry GenAI messages",
    detect: (data) =>
      field(data, "resourceSpans") !== undefined ||
      some(items(data), (m) =>
        list(m, "parts").some((p) => {
          const type = str(p, "type");
          return (
            type === "tool_call" ||
            type === "tool_call_response" ||
            (type === "text" && field(p, "content") !== undefined)
          );
        }),
      )
        ? 8
        : 0,
  },
  {
    name: "a Claude Code session log",
    detect: (data) =>
      some(items(data), (m) => {
        const type = str(m, "type");
        return (
          (type === "user" || type === "assistant" || type === "summary") &&
          (isRecord(field(m, "message")) || field(m, "sessionId") !== undefined || field(m, "leafUuid") !== undefined)
        );
      })
        ? 8
        : 0,
  },
  {
    name: "a SWE-agent trajectory history",
    detect: (data) =>
      some(items(data), (m) => Array.isArray(field(m, "tool_call_ids")) || field(m, "message_type") !== undefined)
        ? 7
        : 0,
  },
  {
    name: "Amazon Bedrock Converse messages",
    detect: (data) =>
      some(blocks(data), (b) => isRecord(field(b, "toolUse")) || isRecord(field(b, "toolResult"))) ? 8 : 0,
  },
  {
    name: "LangChain messages_to_dict output",
    detect: (data) =>
      some(
        items(data),
        (m) => ["ai", "human", "tool", "system"].includes(str(m, "type") ?? "") && isRecord(field(m, "data")),
      )
        ? 8
        : 0,
  },
  {
    name: "an MCP JSON-RPC message",
    detect: (data) =>
      field(data, "jsonrpc") !== undefined || some(items(data), (m) => field(m, "jsonrpc") !== undefined) ? 8 : 0,
  },
];

/** The format not read that `data` looks most like, with its score, if any scores. */
export function foreignFormat(data: unknown): { name: string; score: number } | null {
  let best: { name: string; score: number } | null = null;
  for (const format of FOREIGN) {
    const score = format.detect(data);
    if (score > 0 && (best === null || score > best.score)) best = { name: format.name, score };
  }
  return best;
}
