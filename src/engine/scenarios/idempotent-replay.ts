/**
 * One write per operation id. The model proposes patch `op-2` a second time (the provider gives the repeat a
 * fresh call_id, as it does every call): the host answers from its record, marked replayed, and the write count
 * stays 1. Then it sends `op-2` with a different fix: same key, different
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
      { kind: "tool_calls", calls: [toyCall("read", "op-1")] },
      { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.otherFix)] },
      { kind: "tool_calls", calls: [toyCall("test", "op-3")] },
      { kind: "final", text: text.done },
    ]),
    maxModelCalls: 8,
  });
}
