/**
 * One write per operation id. The model sends patch `op-2` a second time, as a client retrying after a lost
 * response would (with a fresh call_id: the provider mints one per call): the host answers from its record,
 * marked replayed, and the write count stays 1. Then it sends `op-2` with a different fix: same key, different
 * action, refused as a conflict. The tests run once and pass.
 */
import type { Lang } from "../errors.ts";
import { scriptedReplies } from "../models.ts";
import type { Scenario } from "../runner.ts";
import { TOY_FILES, TOY_TOOLS, toyCall, toyTestsPassed } from "../toy-project.ts";
import { TOY_TEXT } from "./experiment-07.ts";

/** @example runScenario(idempotentReplayScenario("en")).counters.simulatedWrites // 1 */
export function idempotentReplayScenario(lang: Lang = "zh"): Scenario {
  const text = TOY_TEXT[lang];
  return {
    id: "idempotent-replay",
    request: text.request,
    systemNote: text.systemNote,
    files: TOY_FILES,
    tools: TOY_TOOLS,
    allowedTools: TOY_TOOLS.map((tool) => tool.name),
    model: scriptedReplies([
      { kind: "tool_calls", calls: [toyCall("call_1", "read", "op-1")] },
      { kind: "tool_calls", calls: [toyCall("call_2", "patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("call_3", "patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("call_4", "patch", "op-2", text.otherFix)] },
      { kind: "tool_calls", calls: [toyCall("call_5", "test", "op-3")] },
      { kind: "final", text: text.done },
    ]),
    host: { feedResultsBack: true },
    maxModelCalls: 8,
    verify: toyTestsPassed,
  };
}
