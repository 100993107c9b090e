/**
 * The request a host would send at a step, in a provider's format, as the figure shows it: exact JSON text,
 * split around every call_id the context holds so that the view can draw those as chips. Loaded on first use
 * with the emitters it needs (./wire-loader), never in a figure's first download.
 */
import type { Step, Trace } from "../engine";
import type { FormatId } from "../formats";
import { wireRequest } from "../formats/wire";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The request's pretty-printed JSON in pieces: the odd pieces are call_ids (unquoted; in the text they stand
 * between double quotes), the even ones the text around them.
 */
export function wirePieces(format: FormatId, trace: Pick<Trace, "messages" | "tools">, step: Step): readonly string[] {
  const json = JSON.stringify(wireRequest(format, trace, step), null, 2);
  const ids = new Set<string>();
  for (const m of trace.messages.slice(0, step.contextEnd)) {
    if (m.role === "tool") ids.add(m.callId);
    else if (m.role === "assistant") for (const call of m.toolCalls) ids.add(call.callId);
  }
  if (ids.size === 0) return [json];
  return json.split(new RegExp(`"(${[...ids].map(escapeRegExp).join("|")})"`, "g"));
}
