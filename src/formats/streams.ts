/**
 * A streamed answer put back together as the provider's unstreamed answer would have been, from the bytes the
 * recording proxy saw (src/live/proxy.ts), as the providers' SDKs put it together: the same message, with the
 * stream's own way of ending said beside it. Server-sent events are read by eventsource-parser (chunks split
 * mid-line or mid-character, CRLF, `data:` without its space, comments, all per the spec).
 * - Anthropic Messages: `message_start`, then `content_block_start` / `_delta` / `_stop` per block (`text_delta`,
 *   `input_json_delta` whose pieces make the tool's input, `thinking_delta`, `signature_delta`), `message_delta`
 *   (the stop reason and the output usage), `message_stop`; an `error` event mid-stream.
 * - OpenAI Chat Completions: chunks whose `delta`s add up per choice, `tool_calls` by their `index` (the id and name
 *   only in a call's first delta), the finish reason, a last chunk with only the usage, `[DONE]`.
 * - OpenAI Responses and Gemini streamGenerateContent: see their functions below.
 */
import { createParser } from "eventsource-parser";

/** How a stream ended: with its own end (`message_stop`, `[DONE]`), with an error event, or not at all (cut). */
export type StreamEnd = "complete" | "error" | "cut";

/** A stream, put back together. */
export interface Reassembled {
  /** The answer as the unstreamed API gives it (as far as the stream got). */
  readonly body: Readonly<Record<string, unknown>> | null;
  readonly end: StreamEnd;
  /** The error event's payload, for a stream that ended with one. */
  readonly error?: unknown;
  /** Events that were not JSON, or not of a type the provider sends: kept out of the body, counted. */
  readonly malformed: number;
}

/** Each event of an SSE text, in order, with the comments and the fields it does not use dropped. */
export function sseEvents(text: string): { event: string | undefined; data: string }[] {
  const events: { event: string | undefined; data: string }[] = [];
  const parser = createParser({ onEvent: (message) => events.push({ event: message.event, data: message.data }) });
  parser.feed(text);
  // A last event with no blank line after it (a stream cut there) is not an event: the spec drops it, and so do we.
  return events;
}

const parse = (data: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

type Block = Record<string, unknown> & { partial?: string };

/** An Anthropic Messages stream put back together as the Messages API's unstreamed answer. */
export function reassembleAnthropic(text: string): Reassembled {
  let message: Record<string, unknown> | null = null;
  const blocks: Block[] = [];
  let end: StreamEnd = "cut";
  let error: unknown;
  let malformed = 0;
  for (const { data } of sseEvents(text)) {
    const event = parse(data);
    if (event === null) {
      malformed += 1;
      continue;
    }
    const index = typeof event.index === "number" ? event.index : -1;
    switch (event.type) {
      case "message_start":
        message = { ...(event.message as Record<string, unknown>) };
        break;
      case "content_block_start":
        blocks[index] = { ...(event.content_block as Record<string, unknown>) };
        break;
      case "content_block_delta": {
        const block = blocks[index];
        const delta = event.delta as Record<string, unknown> | undefined;
        if (block === undefined || delta === undefined) {
          malformed += 1;
          break;
        }
        if (delta.type === "text_delta") block.text = `${String(block.text ?? "")}${String(delta.text ?? "")}`;
        else if (delta.type === "input_json_delta")
          block.partial = `${block.partial ?? ""}${String(delta.partial_json ?? "")}`;
        else if (delta.type === "thinking_delta")
          block.thinking = `${String(block.thinking ?? "")}${String(delta.thinking ?? "")}`;
        else if (delta.type === "signature_delta") block.signature = String(delta.signature ?? "");
        else if (delta.type === "citations_delta")
          block.citations = [...((block.citations as unknown[]) ?? []), delta.citation];
        else malformed += 1;
        break;
      }
      case "content_block_stop": {
        const block = blocks[index];
        if (block !== undefined && block.partial !== undefined) {
          const { partial, ...rest } = block;
          // An empty input streams no piece at all: it is `{}`.
          blocks[index] = { ...rest, input: partial === "" ? {} : (parse(partial) ?? partial) };
        }
        break;
      }
      case "message_delta":
        if (message !== null) {
          const before: Record<string, unknown> = message;
          const delta = (event.delta ?? {}) as Record<string, unknown>;
          const usage = { ...((before.usage as Record<string, unknown>) ?? {}), ...((event.usage as object) ?? {}) };
          message = { ...before, ...delta, usage };
        }
        break;
      case "message_stop":
        end = "complete";
        break;
      case "error":
        end = "error";
        error = event.error ?? event;
        break;
      case "ping":
        break;
      default:
        malformed += 1;
    }
  }
  const content = blocks
    .filter((block) => block !== undefined)
    .map(({ partial, ...block }) =>
      // A tool call cut before its block ended: its input is the JSON so far, as text.
      partial === undefined ? block : { ...block, input: parse(partial) ?? partial },
    );
  return {
    body: message === null ? null : { ...message, content },
    end,
    ...(error === undefined ? {} : { error }),
    malformed,
  };
}

interface ChatCall {
  id?: string;
  type?: string;
  function: { name: string; arguments: string };
}

/** An OpenAI Chat Completions stream put back together as the unstreamed `chat.completion`. */
export function reassembleChat(text: string): Reassembled {
  let head: Record<string, unknown> | null = null;
  const choices = new Map<
    number,
    {
      message: Record<string, unknown> & { content: string | null; refusal: string | null };
      calls: ChatCall[];
      finish: unknown;
      logprobs: unknown;
    }
  >();
  let usage: unknown;
  let end: StreamEnd = "cut";
  let error: unknown;
  let malformed = 0;
  for (const { data } of sseEvents(text)) {
    if (data === "[DONE]") {
      end = "complete";
      continue;
    }
    const chunk = parse(data);
    if (chunk === null) {
      malformed += 1;
      continue;
    }
    if (chunk.error !== undefined) {
      end = "error";
      error = chunk.error;
      continue;
    }
    head ??= { id: chunk.id, created: chunk.created, model: chunk.model };
    if (chunk.system_fingerprint !== undefined) head.system_fingerprint = chunk.system_fingerprint;
    if (chunk.service_tier !== undefined) head.service_tier = chunk.service_tier;
    if (chunk.usage !== undefined && chunk.usage !== null) usage = chunk.usage;
    for (const raw of (chunk.choices as Record<string, unknown>[] | undefined) ?? []) {
      const index = typeof raw.index === "number" ? raw.index : 0;
      let choice = choices.get(index);
      if (choice === undefined) {
        choice = {
          message: { role: "assistant", content: null, refusal: null },
          calls: [],
          finish: null,
          logprobs: null,
        };
        choices.set(index, choice);
      }
      const delta = (raw.delta ?? {}) as Record<string, unknown>;
      if (typeof delta.role === "string") choice.message.role = delta.role;
      if (typeof delta.content === "string") choice.message.content = `${choice.message.content ?? ""}${delta.content}`;
      if (typeof delta.refusal === "string") choice.message.refusal = `${choice.message.refusal ?? ""}${delta.refusal}`;
      for (const part of (delta.tool_calls as Record<string, unknown>[] | undefined) ?? []) {
        const at = typeof part.index === "number" ? part.index : 0;
        const call: ChatCall = choice.calls[at] ?? { function: { name: "", arguments: "" } };
        choice.calls[at] = call;
        if (typeof part.id === "string") call.id = part.id;
        if (typeof part.type === "string") call.type = part.type;
        const fn = (part.function ?? {}) as Record<string, unknown>;
        if (typeof fn.name === "string") call.function.name += fn.name;
        if (typeof fn.arguments === "string") call.function.arguments += fn.arguments;
      }
      if (raw.finish_reason !== undefined && raw.finish_reason !== null) choice.finish = raw.finish_reason;
      if (raw.logprobs !== undefined && raw.logprobs !== null) choice.logprobs = raw.logprobs;
    }
  }
  if (head === null) return { body: null, end, ...(error === undefined ? {} : { error }), malformed };
  const body: Record<string, unknown> = {
    ...head,
    object: "chat.completion",
    choices: [...choices.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, choice]) => ({
        index,
        message: {
          ...choice.message,
          ...(choice.calls.length === 0
            ? {}
            : {
                tool_calls: choice.calls.map((call) => ({
                  id: call.id,
                  type: call.type ?? "function",
                  function: call.function,
                })),
              }),
        },
        finish_reason: choice.finish,
        logprobs: choice.logprobs,
      })),
    ...(usage === undefined ? {} : { usage }),
  };
  return { body, end, ...(error === undefined ? {} : { error }), malformed };
}

/** The events that end an OpenAI Responses stream, with the response in the state it ended in. */
const RESPONSE_ENDS = new Set(["response.completed", "response.incomplete", "response.failed"]);

/**
 * An OpenAI Responses stream put back together as the unstreamed `response`: the response its last event carries
 * (`response.completed`, `.incomplete` or `.failed`), whose `output`, when it comes without one, is the items each
 * `response.output_item.done` gave, in their `output_index` order (as the SDK's stream helper fills it). A stream cut before its end is the response as
 * `response.created` began it, with the items done so far and those still open as their deltas left them.
 */
export function reassembleResponses(text: string): Reassembled {
  let response: Record<string, unknown> | null = null;
  const items = new Map<number, Record<string, unknown>>();
  const open = new Map<number, Record<string, unknown>>();
  let end: StreamEnd = "cut";
  let error: unknown;
  let malformed = 0;
  for (const { data } of sseEvents(text)) {
    const event = parse(data);
    if (event === null || typeof event.type !== "string") {
      malformed += 1;
      continue;
    }
    const at = typeof event.output_index === "number" ? event.output_index : -1;
    if (event.type === "response.created" || event.type === "response.in_progress")
      response = { ...(event.response as Record<string, unknown>) };
    else if (RESPONSE_ENDS.has(event.type)) {
      response = { ...(event.response as Record<string, unknown>) };
      end = event.type === "response.failed" ? "error" : "complete";
      if (event.type === "response.failed") error = response.error;
    } else if (event.type === "response.output_item.added")
      open.set(at, { ...(event.item as Record<string, unknown>) });
    else if (event.type === "response.output_item.done") {
      items.set(at, event.item as Record<string, unknown>);
      open.delete(at);
    } else if (event.type === "response.function_call_arguments.delta") {
      const item = open.get(at);
      if (item !== undefined) item.arguments = `${String(item.arguments ?? "")}${String(event.delta ?? "")}`;
    } else if (event.type === "response.content_part.added") {
      const item = open.get(at);
      const index = typeof event.content_index === "number" ? event.content_index : 0;
      if (item !== undefined) {
        const content = Array.isArray(item.content) ? [...(item.content as unknown[])] : [];
        content[index] = { ...(event.part as Record<string, unknown>) };
        item.content = content;
      }
    } else if (event.type === "response.output_text.delta") {
      const index = typeof event.content_index === "number" ? event.content_index : 0;
      const part = (open.get(at)?.content as Record<string, unknown>[] | undefined)?.[index];
      if (part !== undefined) part.text = `${String(part.text ?? "")}${String(event.delta ?? "")}`;
    } else if (event.type === "error") {
      end = "error";
      error = event;
    } else if (!event.type.startsWith("response.")) malformed += 1;
  }
  if (response === null) return { body: null, end, ...(error === undefined ? {} : { error }), malformed };
  // As the SDK does: a terminal response without its output gets the items the stream gave (a completed one, the
  // items done; an incomplete or failed one, or a cut stream, those still open too). An empty list stays empty.
  if (response.output === undefined || response.output === null || end === "cut") {
    const all = end === "complete" && error === undefined ? items : new Map([...open, ...items]);
    response.output = [...all.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  }
  return { body: response, end, ...(error === undefined ? {} : { error }), malformed };
}

/**
 * A Gemini `streamGenerateContent` stream (`alt=sse`) put back together as one `GenerateContentResponse`: each
 * candidate's parts in order, a text that goes on from one chunk to the next joined into one part (a thought's with
 * a thought's), a `functionCall` part whole, as it always comes, a `thoughtSignature` kept on the part it came on;
 * the last finish reason, usage and model version. Gemini has no end event: a stream ends complete when its last
 * candidate has a finish reason.
 */
export function reassembleGemini(text: string): Reassembled {
  const candidates = new Map<
    number,
    { role: string | undefined; parts: Record<string, unknown>[]; rest: Record<string, unknown> }
  >();
  let head: Record<string, unknown> | null = null;
  let finished = false;
  let error: unknown;
  let malformed = 0;
  for (const { data } of sseEvents(text)) {
    const chunk = parse(data);
    if (chunk === null) {
      malformed += 1;
      continue;
    }
    if (chunk.error !== undefined) {
      error = chunk.error;
      continue;
    }
    const { candidates: given, ...rest } = chunk;
    head = { ...(head ?? {}), ...rest };
    for (const [position, raw] of ((given as Record<string, unknown>[] | undefined) ?? []).entries()) {
      const index = typeof raw.index === "number" ? raw.index : position;
      const candidate = candidates.get(index) ?? { role: undefined, parts: [], rest: {} };
      candidates.set(index, candidate);
      const { content, ...others } = raw;
      candidate.rest = { ...candidate.rest, ...others };
      finished = others.finishReason !== undefined;
      const body = (content ?? {}) as { role?: string; parts?: Record<string, unknown>[] };
      if (typeof body.role === "string") candidate.role = body.role;
      for (const part of body.parts ?? []) {
        const last = candidate.parts.at(-1);
        const joins =
          last !== undefined &&
          typeof last.text === "string" &&
          typeof part.text === "string" &&
          Boolean(last.thought) === Boolean(part.thought) &&
          last.thoughtSignature === undefined;
        if (joins) {
          last.text = `${String(last.text)}${String(part.text)}`;
          if (part.thoughtSignature !== undefined) last.thoughtSignature = part.thoughtSignature;
        } else candidate.parts.push({ ...part });
      }
    }
  }
  const end: StreamEnd = error !== undefined ? "error" : finished ? "complete" : "cut";
  if (head === null && candidates.size === 0)
    return { body: null, end, ...(error === undefined ? {} : { error }), malformed };
  const body = {
    candidates: [...candidates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, candidate]) => ({
        content: { parts: candidate.parts, ...(candidate.role === undefined ? {} : { role: candidate.role }) },
        ...candidate.rest,
        index,
      })),
    ...(head ?? {}),
  };
  return { body, end, ...(error === undefined ? {} : { error }), malformed };
}
