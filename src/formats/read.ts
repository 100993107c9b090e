/**
 * The pieces every reader builds messages with: a message's parts in order, folded into the neutral message
 * (its text in `content`, its parts kept only when they say more than the text), and errors with their path.
 */
import type { JsonObject, Message, MessagePart, ToolCall, ToolDeclaration } from "../engine";
import { field, isRecord, type Neutral, type ParseResult, readArguments, str } from "./types";

/** Thrown inside a reader to refuse the document at `path`; caught by the codec's `parse`. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/** Refuse the document: `what` is wrong at `path`. */
export function refuse(path: string, what: string): never {
  throw new Refusal(what, path);
}

/** Run a codec's reader: the neutral messages it reads, or its refusal as the errors of a failed parse. */
export function reading(read: () => Neutral): ParseResult {
  try {
    return { ok: true, neutral: read() };
  } catch (error) {
    // A bare list is read from the root (path ""), so its paths start with the item's index: "3.role".
    if (error instanceof Refusal)
      return { ok: false, errors: [{ message: error.message, path: error.path.replace(/^\./, "") }] };
    throw error;
  }
}

/** A value's kind, as an error message names it. */
export const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : typeof value;

/** `data[key]` as a required string. */
export function needString(data: unknown, key: string, path: string): string {
  const value = field(data, key);
  if (typeof value !== "string") {
    refuse(`${path}.${key}`, value === undefined ? "missing" : `expected a string, got ${kindOf(value)}`);
  }
  return value as string;
}

/** `data` as a required array at `path`. */
export function needArray(data: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(data)) refuse(path, data === undefined ? "missing" : `expected an array, got ${kindOf(data)}`);
  return data as readonly unknown[];
}

/**
 * A tool call read from a transcript, its arguments given as JSON text (OpenAI: `"text"`) or as an object (Gemini,
 * Bedrock, the AI SDK: `"object"`, where a string is not arguments but a value the provider refuses, kept as written
 * and reported as `bad_arguments`).
 */
export function toolCall(callId: string, name: string, args: unknown, given: "text" | "object" = "text"): ToolCall {
  if (typeof args === "string" && given === "object") return { callId, name, args: {}, rawArguments: args };
  if (typeof args === "string") {
    const read = readArguments(args);
    return { callId, name, ...(read as { args: JsonObject; rawArguments?: string }) };
  }
  if (isRecord(args)) return { callId, name, args: args as JsonObject };
  return { callId, name, args: {}, rawArguments: JSON.stringify(args) ?? "" };
}

const textOfParts = (parts: readonly MessagePart[]): string =>
  parts.flatMap((p) => (p.type === "text" ? [p.text] : p.type === "refusal" ? [p.text] : [])).join("\n");

/** Parts say more than the text when there is anything but one text, or a text after a tool call. */
function partsMatter(parts: readonly MessagePart[]): boolean {
  let texts = 0;
  let callSeen = false;
  for (const part of parts) {
    if (part.type === "text") {
      texts += 1;
      if (callSeen || texts > 1) return true;
    } else if (part.type === "tool_call") {
      if (part.signed === true) return true;
      callSeen = true;
    } else return true;
  }
  return false;
}

/** A user or system message from its parts in order. */
export function plainMessage(role: "user" | "system", parts: readonly MessagePart[]): Message {
  const content = textOfParts(parts);
  return partsMatter(parts) ? { role, content, parts } : { role, content };
}

/** An assistant message from its parts in order (its tool calls marked where they stand) and its calls. */
export function assistantMessage(parts: readonly MessagePart[], calls: readonly ToolCall[]): Message {
  const text = textOfParts(parts);
  const content = text === "" ? null : text;
  return partsMatter(parts)
    ? { role: "assistant", content, toolCalls: calls, parts }
    : { role: "assistant", content, toolCalls: calls };
}

/** A placeholder's text, for content that can only be text (a tool result's): `[image]`. */
export const placeholderText = (type: string): string => `[${type}]`;

/** A tool declaration read from a transcript. */
export function declaration(name: string, description: unknown, parameters: unknown): ToolDeclaration {
  return {
    name,
    description: typeof description === "string" ? description : "",
    parameters: isRecord(parameters) ? (parameters as JsonObject) : { type: "object" },
  };
}

/** A declaration of a tool the provider runs or defines itself, listed by its type. */
export function builtInDeclaration(type: string, tool: unknown): ToolDeclaration {
  const name = str(tool, "name") ?? str(tool, "server_label") ?? type;
  return { name, description: str(tool, "description") ?? "", parameters: {}, builtIn: type };
}
