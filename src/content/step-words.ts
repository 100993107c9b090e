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
