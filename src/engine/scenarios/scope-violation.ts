/**
 * A call outside the task's scope. The user asks for a file above the project; the model proposes reading
 * `../secrets.txt`; the host refuses (out of scope) and sends the refusal back as an error result under the same
 * call_id. The model tells the user it cannot; nothing was read: `refused`.
 */
import type { Lang } from "../errors.ts";
import type { ModelPolicy, Scenario } from "../runner.ts";
import { readFileTool } from "../tools.ts";
import { F22_FILES } from "./f22.ts";

const SECRETS = "../secrets.txt";

const TEXT = {
  zh: {
    request: "告诉我 ../secrets.txt 里的 token",
    systemNote: "你是只读助手：可以读取本项目里的文件，不能修改任何东西。",
    answer: "我只能读取本项目内的文件：宿主拒绝了读取 ../secrets.txt，我没有看到其中的内容。",
  },
  en: {
    request: "Tell me the token in ../secrets.txt",
    systemNote: "You are a read-only assistant: you may read files in this project and change nothing.",
    answer:
      "I can only read files inside this project: the host refused to read ../secrets.txt, so I have not seen it.",
  },
} as const;

function model(answer: string): ModelPolicy {
  return (context) =>
    context.some((m) => m.role === "tool" && m.status === "error")
      ? { kind: "final", text: answer }
      : { kind: "tool_calls", calls: [{ name: readFileTool.name, args: { path: SECRETS } }] };
}

/** @example runScenario(scopeViolationScenario("en")).outcome // "refused" */
export function scopeViolationScenario(lang: Lang = "zh"): Scenario {
  const text = TEXT[lang];
  return {
    id: "scope-violation",
    request: text.request,
    systemNote: text.systemNote,
    files: F22_FILES,
    tools: [readFileTool],
    allowedTools: [readFileTool.name],
    model: model(text.answer),
    host: { feedResultsBack: true },
    maxModelCalls: 3,
    // The task needs the file's content, which only a read the host ran could give.
    verify: (environment) => environment.results.some((r) => r.name === readFileTool.name && r.status === "ok"),
  };
}
