/**
 * Step words from a language's phrases (its `steps.<code>.ts`), and one trace's written out at build time: apart
 * from ./types.ts, so that the facts the phrases need load with the phrases, not with every figure.
 */
import type { Step } from "../engine";
import { type FactsTrace, type StepFacts, stepFacts, type TitleFacts, titleFacts } from "./facts";
import type { StepPhrases, StepWords, WrittenSteps } from "./types";

/** A catalog's step words from its phrases: the facts are computed once here (facts.ts), never in a language. */
export function stepWords(phrases: {
  readonly title: StepPhrases<TitleFacts>;
  readonly caption: StepPhrases<StepFacts>;
  readonly arrow: StepPhrases;
}): StepWords {
  const say = <F>(table: StepPhrases<F>, step: Step, facts: F): string =>
    (table[step.kind] as (step: Step, facts: F) => string)(step, facts);
  return {
    stepTitle: (step) => say(phrases.title, step, titleFacts(step)),
    stepCaption: (step, trace) => say(phrases.caption, step, stepFacts(step, trace)),
    arrowLabel: (step) => say(phrases.arrow, step, undefined),
  };
}

/** `words`'s steps of `trace` written out (the build's half of `writtenStepWords`). */
export function writeSteps(words: StepWords, trace: FactsTrace & { readonly steps: readonly Step[] }): WrittenSteps {
  return {
    titles: trace.steps.map((step) => words.stepTitle(step)),
    captions: trace.steps.map((step) => words.stepCaption(step, trace)),
    arrows: trace.steps.map((step) => words.arrowLabel(step)),
  };
}

/** Shorten a label for an arrow: at most `max` characters, an ellipsis when cut. */
export function clip(text: string, max = 28): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * A tool result as a short arrow label: a flat JSON object (or list) reads as its values (`{"status":"ok","version":"v2"}`
 * → `ok · v2`; the panel shows it whole), any other text as itself; clipped either way.
 * @example resultLabel('{"status":"passed"}') // "passed"
 */
export function resultLabel(content: string): string {
  try {
    const parsed: unknown = JSON.parse(content);
    const values = typeof parsed === "object" && parsed !== null ? Object.values(parsed) : [];
    if (values.length > 0 && values.every((v) => typeof v !== "object")) return clip(values.join(" · "));
  } catch {
    // not JSON: shown as text
  }
  return clip(content);
}

/**
 * A proposal's tools for its arrow's label: each name once, in the order proposed, with how many calls it has when
 * more than one (`get_weather ×3`), so a row of parallel calls keeps room for its call_ids.
 * @example toolTally([{ name: "a" }, { name: "a" }, { name: "b" }]) // ["a ×2", "b"]
 */
export function toolTally(calls: readonly { readonly name: string }[]): string[] {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
}

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
      tags.set(call.callId, clip(typeof value === "string" ? value : (JSON.stringify(value) ?? ""), 14));
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
