/**
 * F22 with a host that forgets to feed back: it drops each whole exchange (the model's call and its result, which
 * no provider would accept apart). The read runs every time, but the model never sees what it returned, so each
 * call looks like the first to it and it asks again, until the model-call budget runs out.
 */
import type { Lang } from "../errors.ts";
import type { Scenario } from "../runner.ts";
import { f22Scenario } from "./f22.ts";

/** @example runScenario(missingFeedbackScenario("en")).outcome // "budget_exhausted" */
export function missingFeedbackScenario(lang: Lang = "zh"): Scenario {
  return { ...f22Scenario(lang), id: "missing-feedback", host: { feedResultsBack: false }, maxModelCalls: 3 };
}
