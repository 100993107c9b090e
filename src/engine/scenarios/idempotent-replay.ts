/**
 * One write per operation id. The model sends patch `op-2` a second time, as a client retrying after a lost
 * response would (with a fresh call_id: the provider mints one per call): the host answers from its record,
 * marked replayed, and the write count stays 1. Then it sends `op-2` with a different fix: same key, different
 * action, refused as a conflict. The tests run once and pass.
 */
import type { Lang } from "../errors.ts";
import { scriptedReplies } from "../models.ts";
import type { Scenario } from "../runner.ts";
import { toyCall } from "../toy-project.ts";
import { TOY_TEXT, toyScenario } from "./experiment-07.ts";

/** @example runScenario(idempotentReplayScenario("en")).counters.simulatedWrites // 1 */
export function idempotentReplayScenario(lang: Lang = "zh"): Scenario {
  const text = TOY_TEXT[lang];
  return toyScenario(lang, {
    id: "idempotent-replay",
    model: scriptedReplies([
      { kind: "tool_calls", calls: [toyCall("call_1", "read", "op-1")] },
      { kind: "tool_calls", calls: [toyCall("call_2", "patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("call_3", "patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("call_4", "patch", "op-2", text.otherFix)] },
      { kind: "tool_calls", calls: [toyCall("call_5", "test", "op-3")] },
      { kind: "final", text: text.done },
    ]),
    maxModelCalls: 8,
  });
}
