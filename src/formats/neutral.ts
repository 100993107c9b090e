/**
 * This figure's own trace (docs/trace-format.md): the neutral messages and every step, as the Export writes it.
 * Read back whole, steps included; a request in it is the context's messages and the declared tools. Pairing:
 * an assistant message's `toolCalls[].callId` ↔ a tool message's `callId`.
 */
import type { Message, ToolDeclaration, Trace } from "../engine";
import { packTrace } from "../trace-format/compact";
import { readTrace } from "../trace-format/schema";
import { FEATURES } from "./features";
import { formatMeta } from "./index";
import { field, type WritingCodec } from "./types";

/** The neutral request: the context's messages and the tools, as the trace holds them. */
const neutralRequest = (messages: readonly Message[], tools: readonly ToolDeclaration[]) => ({ tools, messages });

/** The neutral codec: a trace in, the same trace out. */
export const codec: WritingCodec<"neutral"> = {
  ...formatMeta("neutral"),
  carries: FEATURES,
  pairing: "toolCalls[].callId ↔ a tool message's callId",
  detect: (data) =>
    field(data, "version") !== undefined && Array.isArray(field(data, "steps")) && Array.isArray(field(data, "lanes"))
      ? 10
      : 0,
  parse(data) {
    const read = readTrace(data);
    if (!read.ok)
      return { ok: false, errors: read.problems.map(({ message, path }) => ({ message, path: path ?? "" })) };
    const { trace } = read;
    return { ok: true, trace, neutral: { messages: trace.messages, tools: trace.tools, shape: "messages" } };
  },
  request: neutralRequest,
  // The compact form: a step's result and calls point into the messages rather than repeat them.
  transcript: (trace: Trace) => packTrace(trace),
};
