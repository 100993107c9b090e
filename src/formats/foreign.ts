/**
 * Formats the import recognises but does not read yet: a file in one of them gets one clear sentence naming it,
 * instead of another format's schema errors. Each is a name and a test of a parsed document's telltale fields.
 */
import { field, isRecord, list } from "./types";

/** A format recognised, not read: its name and how surely a document is in it (the codecs' scale, 0–10). */
interface Foreign {
  readonly name: string;
  readonly detect: (data: unknown) => number;
}

const items = (data: unknown): readonly unknown[] => (Array.isArray(data) ? data : list(data, "messages"));
const some = (values: readonly unknown[], test: (value: unknown) => boolean) => values.some(test);

/** Every format recognised and not read, most specific first. */
export const FOREIGN: readonly Foreign[] = [
  {
    // MCP's `sampling/createMessage` params: `maxTokens` (camelCase), and each message's content one object, not a list.
    name: "the parameters of an MCP sampling/createMessage request",
    detect: (data) =>
      !Array.isArray(data) &&
      Array.isArray(field(data, "messages")) &&
      (typeof field(data, "maxTokens") === "number" ||
        field(data, "modelPreferences") !== undefined ||
        field(data, "includeContext") !== undefined)
        ? 9
        : 0,
  },
  {
    // The software-agent SDK's events (OpenHands V1): an action holds its tool call and an `action` object, an
    // observation its `action_id` and an `observation` object, a message its `llm_message`. V0's actions and
    // observations name theirs in a string, and are read (./openhands.ts).
    name: "an OpenHands V1 conversation (the software-agent SDK's events)",
    detect: (data) => {
      const events = Array.isArray(data) ? data : Array.isArray(field(data, "items")) ? list(data, "items") : [data];
      return some(events, (event) => {
        const source = field(event, "source");
        if (source !== "agent" && source !== "user" && source !== "environment") return false;
        return (
          isRecord(field(event, "llm_message")) ||
          (typeof field(event, "tool_call_id") === "string" && isRecord(field(event, "action"))) ||
          (field(event, "action_id") !== undefined && isRecord(field(event, "observation")))
        );
      })
        ? 9
        : 0;
    },
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
