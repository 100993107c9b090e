/**
 * What tells a call apart from the other calls of the same tool in its turn: a fact of the calls' own arguments,
 * which the diagram shows beside each call's id (no words: the value is the run's own).
 */
import type { Step } from "./trace.ts";

/** The most characters a tag shows. */
const TAG_LENGTH = 14;

/** How far back a step looks for the proposal its call came in (a bounded search: a run of any length costs the same). */
const PROPOSAL_LOOKBACK = 64;

/**
 * What tells a call apart from the other calls of the same tool in its turn: the first argument whose value differs
 * among them (`get_weather` for Oslo and for Lisbon → `Oslo`, `Lisbon`), clipped; none for a tool called once in
 * its turn, or calls that differ in no argument. The diagram writes it beside the call's id on the rows where the
 * call is asked for and approved, so that which call is which can be read from the picture, and a result, which
 * comes back with its id only, is paired by that id.
 * @example callTags([{ callId: "a", name: "w", args: { city: "Oslo" } }, { callId: "b", name: "w", args: { city: "Lisbon" } }])
 * // Map { "a" => "Oslo", "b" => "Lisbon" }
 */
export function callTags(
  calls: readonly {
    readonly callId: string;
    readonly name: string;
    readonly args: Readonly<Record<string, unknown>>;
  }[],
): ReadonlyMap<string, string> {
  const tags = new Map<string, string>();
  const byName = new Map<string, (typeof calls)[number][]>();
  for (const call of calls) byName.set(call.name, [...(byName.get(call.name) ?? []), call]);
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const keys = [...new Set(group.flatMap((call) => Object.keys(call.args)))];
    const telling = keys.find((key) => new Set(group.map((call) => JSON.stringify(call.args[key]))).size > 1);
    if (telling === undefined) continue;
    for (const call of group) {
      const value = call.args[telling];
      const shown = [...(typeof value === "string" ? value : (JSON.stringify(value) ?? ""))];
      // Clipped: a tag sits beside an id in a diagram row.
      tags.set(
        call.callId,
        shown.length <= TAG_LENGTH ? shown.join("") : `${shown.slice(0, TAG_LENGTH - 1).join("")}…`,
      );
    }
  }
  return tags;
}

/**
 * The tags of a step's calls (see `callTags`): a proposal's own; an approval's, from the proposal it came in (looked
 * for in the steps before it, up to PROPOSAL_LOOKBACK); none for other steps.
 */
export function stepCallTags(steps: readonly Step[], at: number): ReadonlyMap<string, string> {
  const step = steps[at];
  if (step?.kind === "proposal") return callTags(step.calls);
  if (step?.kind !== "validation") return new Map();
  for (let back = at - 1; back >= Math.max(0, at - PROPOSAL_LOOKBACK); back -= 1) {
    const earlier = steps[back];
    if (earlier?.kind === "proposal" && earlier.callIds.includes(step.call.callId)) return callTags(earlier.calls);
  }
  return new Map();
}
