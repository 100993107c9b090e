/**
 * This figure's own trace (docs/trace-format.md): the neutral messages and every step, as the Export writes it.
 * Read back whole, steps included; a request in it is the context's messages and the declared tools. Pairing:
 * an assistant message's `toolCalls[].callId` ↔ a tool message's `callId`.
 */
import * as v from "valibot";
import type { Message, ToolDeclaration, Trace } from "../engine";
import { TraceSchema } from "../trace-format/schema";
import { FEATURES } from "./features";
import { formatMeta } from "./index";
import { type Codec, field } from "./types";

/** The neutral request: the context's messages and the tools, as the trace holds them. */
const neutralRequest = (messages: readonly Message[], tools: readonly ToolDeclaration[]) => ({ tools, messages });

/** The neutral codec: a trace in, the same trace out. */
export const codec: Codec<"neutral"> = {
  ...formatMeta("neutral"),
  carries: FEATURES,
  pairing: "toolCalls[].callId ↔ a tool message's callId",
  detect: (data) =>
    field(data, "version") !== undefined && Array.isArray(field(data, "steps")) && Array.isArray(field(data, "lanes"))
      ? 10
      : 0,
  parse(data) {
    const result = v.safeParse(TraceSchema, data, { abortPipeEarly: false });
    if (!result.success) {
      return {
        ok: false,
        errors: result.issues.map((issue) => ({ message: issue.message, path: v.getDotPath(issue) ?? "" })),
      };
    }
    const trace = result.output as Trace;
    return { ok: true, trace, neutral: { messages: trace.messages, tools: trace.tools, shape: "messages" } };
  },
  request: neutralRequest,
  transcript: (trace: Trace) => trace,
};
