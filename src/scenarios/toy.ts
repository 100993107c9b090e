/**
 * What the scenarios on the chapter's toy project share: the conversation's words in each language, the
 * script's fake model (read, then patch, then test, then say it is finished) and the run's common inputs.
 */
import type { Lang } from "../content/languages";
import { type ModelPolicy, type Scenario, TOY_FILES, TOY_TOOLS, toyCall, toyTestsPassed } from "../engine";

/** The toy project's conversation in one language. */
export interface ToyWords {
  readonly request: string;
  readonly systemNote: string;
  /** The patch's description. */
  readonly fix: string;
  /** A different patch under the same operation id (idempotent-replay). */
  readonly otherFix: string;
  /** The final answer once the tests passed. */
  readonly done: string;
  /** The final answer of a model that never ran the tests (claimed-done). */
  readonly claimed: string;
}

/** The toy project's conversation in each language. */
export const TOY_WORDS: Readonly<Record<Lang, ToyWords>> = {
  zh: {
    request: "修复 toy-project 里的缺陷，并用测试确认",
    systemNote: "你是编码助手：只在 toy-project 内工作；先读取再修改，改完运行测试；每个动作都带上操作 ID。",
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
};

/** The script's fake model, reading its context: read, then patch, then test, then say it is finished. */
export function toyFixModel(text: Pick<ToyWords, "fix" | "done">): ModelPolicy {
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
 * What every toy-project scenario shares: the request and system note, the project, its three tools (all
 * allowed), a host that feeds results back, and done meaning the tests passed. Scenarios add their id, model and
 * budget.
 */
export function toyScenario(text: ToyWords, own: Pick<Scenario, "id" | "model" | "maxModelCalls">): Scenario {
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
