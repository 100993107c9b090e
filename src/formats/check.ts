/**
 * "Would this replay?": whether a request made of a run's history would be accepted by a provider, under the rules
 * its codec declares (`replay`, ./replay.ts: what the provider documents, or states in its own error texts). Each
 * problem names its rule, the path in the request body the figure writes for that provider (`CODECS[provider]
 * .request` over the whole history), the step where it shows and, where the provider documents it, the provider's
 * own error text. Nothing is sent.
 */
import type { Trace } from "../engine";
import type { CheckProvider } from "./check-providers";
import { CODECS } from "./codecs";
import type { FormatId } from "./index";
import { type CheckProblem, checkRules } from "./replay";
import { runMessages } from "./types";

export type { CheckProvider } from "./check-providers";
export { CHECK_PROVIDERS, isCheckProvider } from "./check-providers";
export type { CheckProblem, RuleId } from "./replay";

/**
 * Check a run's history for `provider`: every problem a request made of it would be refused for, in the order of
 * the steps. An empty list: the provider's documented rules accept it.
 * @example checkReplay(runScenario(scenarioById("f22", "en")), "anthropic") // []
 */
export function checkReplay(
  trace: Pick<Trace, "messages" | "steps" | "tools">,
  provider: CheckProvider,
  /** The format the history was recorded in: a provider's opaque reasoning state is its own, checked only for it. */
  recordedIn: FormatId | null = null,
): CheckProblem[] {
  const codec = CODECS[provider];
  if (codec.replay === undefined) return [];
  const messages = runMessages(trace);
  return checkRules({
    trace,
    messages,
    body: codec.request(messages, trace.tools),
    own: recordedIn === provider,
    replay: codec.replay,
  });
}

/** The models a verdict for `provider` holds for, where its models' rules differ (Gemini 2.5 and Gemini 3). */
export const verdictModels = (provider: CheckProvider): readonly string[] => CODECS[provider].replay?.models ?? [];
