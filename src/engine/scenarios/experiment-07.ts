/**
 * The chapter's experiment as a loop run: the scripted model proposes read → patch → test (operation ids op-1,
 * op-2, op-3, like the script), the host checks and runs each, and the run completes with one simulated write.
 * The model is the script's `fake_model`: it proposes the next step its context shows is missing.
 */
import type { Lang } from "../errors.ts";
import type { ModelPolicy, Scenario } from "../runner.ts";
import { TOY_FILES, TOY_TOOLS, toyCall, toyTestsPassed } from "../toy-project.ts";

/** The conversation's words, shared by the scenarios that work on the toy project. */
export const TOY_TEXT = {
  zh: {
    request: "修复 toy-project 里的缺陷，并用测试确认",
    systemNote: "你是编码助手：只在 toy-project 内工作；先读取再修改，改完运行测试；每个动作都带上操作ID。",
    fix: "修正超时默认值",
    otherFix: "改为重试三次",
    done: "已完成：补丁 toy:v2 通过了测试。",
    claimed: "已完成：补丁已经打好。",
  },
  en: {
    request: "Fix the bug in toy-project and confirm it with the tests",
    systemNote:
      "You are a coding assistant: work only inside toy-project; read before you change anything, run the tests after; give every action an operation id.",
    fix: "correct the default timeout",
    otherFix: "retry three times instead",
    done: "Done: patch toy:v2 passes the tests.",
    claimed: "Done: the patch is in.",
  },
} as const;

/** The script's fake model, reading its context: read, then patch, then test, then say it is finished. */
export function toyFixModel(text: { readonly fix: string; readonly done: string }): ModelPolicy {
  return (context) => {
    const results = context.flatMap((m) => (m.role === "tool" && m.status === "ok" ? [m] : []));
    if (!results.some((r) => r.name === "read")) return { kind: "tool_calls", calls: [toyCall("read", "op-1")] };
    if (!results.some((r) => r.name === "patch"))
      return { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.fix)] };
    if (!results.some((r) => r.name === "test" && r.content.includes('"passed"')))
      return { kind: "tool_calls", calls: [toyCall("test", "op-3")] };
    return { kind: "final", text: text.done };
  };
}

/**
 * What every toy-project scenario shares: the request and system note in `lang`, the project, its three tools
 * (all allowed), a host that feeds results back, and done meaning the tests passed. Scenarios add their id,
 * model and budget.
 */
export function toyScenario(lang: Lang, own: Pick<Scenario, "id" | "model" | "maxModelCalls">): Scenario {
  const text = TOY_TEXT[lang];
  return {
    ...own,
    request: text.request,
    systemNote: text.systemNote,
    files: TOY_FILES,
    tools: TOY_TOOLS,
    allowedTools: TOY_TOOLS.map((tool) => tool.name),
    host: { feedResultsBack: true },
    verify: toyTestsPassed,
  };
}

/** @example runScenario(experiment07Scenario("zh")).counters.simulatedWrites // 1 */
export function experiment07Scenario(lang: Lang = "zh"): Scenario {
  // The script's own budget: six turns.
  return toyScenario(lang, { id: "experiment-07", model: toyFixModel(TOY_TEXT[lang]), maxModelCalls: 6 });
}
