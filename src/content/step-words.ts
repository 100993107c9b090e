/**
 * Step words from a language's phrases (its `steps.<code>.ts`), and one trace's written out at build time: apart
 * from ./types.ts, so that the facts the phrases need load with the phrases, not with every figure.
 */
import type { Step } from "../engine";
import { type FactsTrace, type StepFacts, stepFacts } from "./facts";
import type { StepPhrases, StepWords, WrittenSteps } from "./types";

/** A catalog's step words from its phrases: the facts are computed once here (facts.ts), never in a language. */
export function stepWords(phrases: {
  readonly title: StepPhrases;
  readonly caption: StepPhrases<StepFacts>;
  readonly arrow: StepPhrases;
}): StepWords {
  const say = <F>(table: StepPhrases<F>, step: Step, facts: F): string =>
    (table[step.kind] as (step: Step, facts: F) => string)(step, facts);
  return {
    stepTitle: (step) => say(phrases.title, step, undefined),
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
