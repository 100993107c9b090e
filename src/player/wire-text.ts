/**
 * The request a host would send at a step, in a provider's format, as the figure shows it: exact JSON text,
 * split around every call_id the context holds so that the view can draw those as chips. Loaded on first use
 * with the emitters it needs (./wire-loader), never in a figure's first download.
 */
import type { Message, Step, Trace } from "../engine";
import type { WritableFormatId } from "../formats";
import { wireRequest } from "../formats/wire";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The request's text in pieces, and how many of the context's messages the text leaves out. */
export interface WirePieces {
  /** The odd pieces are call_ids (unquoted; in the text they stand between double quotes), the even ones the text around them. */
  readonly pieces: readonly string[];
  /** Messages before the shown ones that the text leaves out (0: the whole request). */
  readonly left: number;
  /** How many of the context's newest messages the text holds (besides its leading system messages). */
  readonly newest: number;
}

/**
 * The messages of a long context that a view of at most `limit` messages shows: its leading system messages, and
 * the newest messages from the first one at or after `contextEnd - limit` that is not a tool result (a result
 * shown without its call would read as a request no provider takes). Short contexts are shown whole.
 */
export function excerptOf(
  messages: readonly Message[],
  contextEnd: number,
  limit: number,
): { readonly messages: readonly Message[]; readonly left: number; readonly newest: number } {
  if (contextEnd <= limit) return { messages: messages.slice(0, contextEnd), left: 0, newest: contextEnd };
  let head = 0;
  while (head < contextEnd && messages[head]?.role === "system") head += 1;
  let from = Math.max(head, contextEnd - limit);
  while (from < contextEnd - 1 && messages[from]?.role === "tool") from += 1;
  return {
    messages: [...messages.slice(0, head), ...messages.slice(from, contextEnd)],
    left: from - head,
    newest: contextEnd - from,
  };
}

/**
 * The request at `step` in `format` as pretty-printed JSON, in pieces around its call_ids: of a context longer than
 * `limit` messages, the request made of its system messages and its newest messages only (see {@link excerptOf}),
 * so a step of a 100,000-message run writes a page of text, not the whole run.
 */
export function wirePieces(
  format: WritableFormatId,
  trace: Pick<Trace, "messages" | "tools">,
  step: Step,
  limit = Number.POSITIVE_INFINITY,
): WirePieces {
  const excerpt = excerptOf(trace.messages, step.contextEnd, limit);
  const json = JSON.stringify(
    wireRequest(
      format,
      { messages: excerpt.messages, tools: trace.tools },
      { ...step, contextEnd: excerpt.messages.length },
    ),
    null,
    2,
  );
  const ids = new Set<string>();
  for (const m of excerpt.messages) {
    if (m.role === "tool") ids.add(m.callId);
    else if (m.role === "assistant") for (const call of m.toolCalls) ids.add(call.callId);
  }
  const { left, newest } = excerpt;
  if (ids.size === 0) return { pieces: [json], left, newest };
  return { pieces: json.split(new RegExp(`"(${[...ids].map(escapeRegExp).join("|")})"`, "g")), left, newest };
}
