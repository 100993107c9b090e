/**
 * A long run for stress tests and the benchmark (not a teaching scenario): the model reads `calls` log files one
 * after another, each through the host, then answers. `calls` = 1000 gives 2,002 messages, 1,000 tool calls and
 * 4,004 steps.
 */
import type { Scenario } from "./runner.ts";
import { readFileTool } from "./tools.ts";
import { proposedSoFar } from "./toy-project.ts";

/** @example runScenario(longRunScenario(1000)).messages.length // 2002 */
export function longRunScenario(calls: number): Scenario {
  const files = Object.fromEntries(
    Array.from({ length: calls }, (_, i) => [`logs/part-${i + 1}.txt`, `part ${i + 1}: 200 lines, no errors`]),
  );
  return {
    id: "long-run",
    request: `Read all ${calls} log parts and say whether any has errors`,
    systemNote: "You are a read-only assistant: you may read files in this project and change nothing.",
    files,
    tools: [readFileTool],
    allowedTools: [readFileTool.name],
    model: (context) => {
      const done = proposedSoFar(context);
      if (done >= calls) return { kind: "final", text: `None of the ${calls} parts has errors.` };
      return {
        kind: "tool_calls",
        calls: [{ name: readFileTool.name, args: { path: `logs/part-${done + 1}.txt` } }],
      };
    },
    host: { feedResultsBack: true },
    maxModelCalls: calls + 1,
    verify: (environment) => environment.results.length === calls,
  };
}
