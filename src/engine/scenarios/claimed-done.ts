/**
 * "The model said it is done" is not "the environment is done": the model reads and patches, then replies that
 * it is finished without running the tests. The loop stops (no tool call), and the host's own check finds no
 * passing test: `verification_missing`.
 */
import type { Lang } from "../errors.ts";
import type { Scenario } from "../runner.ts";
import { TOY_TEXT, toyFixModel, toyScenario } from "./experiment-07.ts";

/** @example runScenario(claimedDoneScenario("zh")).outcome // "verification_missing" */
export function claimedDoneScenario(lang: Lang = "zh"): Scenario {
  const text = TOY_TEXT[lang];
  const fixer = toyFixModel({ fix: text.fix, done: text.claimed });
  return toyScenario(lang, {
    id: "claimed-done",
    // The experiment's model, except that once the patch is in it claims success instead of testing.
    model: (context) => {
      const reply = fixer(context);
      return reply.kind === "tool_calls" && reply.calls[0]?.name === "test"
        ? { kind: "final", text: text.claimed }
        : reply;
    },
    maxModelCalls: 6,
  });
}
