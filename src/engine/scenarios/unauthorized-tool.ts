/**
 * A declared tool this run's policy does not allow. The user asks to publish the release notes; the model
 * proposes `publish`; the host refuses (tool not allowed) and sends the refusal back as an error result under
 * the same call_id. The model adapts: it reads the notes and hands them to the user to publish. What the task
 * asked for did not happen, and the host says so: `refused`.
 */
import type { Lang } from "../errors.ts";
import type { ModelPolicy, Scenario } from "../runner.ts";
import { readFileTool, type ToolDefinition } from "../tools.ts";

const NOTES = "release-notes.md";

/** `publish {path}`: would put a file on the project's website. This scenario's host never runs it. */
export const publishTool: ToolDefinition = {
  name: "publish",
  description: "Publish a project file on the project's website. Needs a person's approval.",
  // The same one argument as read_file: a path inside the project.
  parameters: readFileTool.parameters,
  writes: true,
  wellFormed: readFileTool.wellFormed,
  inScope: readFileTool.inScope,
  run: () => ({ status: "ok", content: "published" }),
};

const TEXT = {
  zh: {
    request: "把 release-notes.md 发布到项目网站",
    systemNote: "你是项目助手：可以读取本项目里的文件；发布需要有人批准。",
    answer: (notes: string) =>
      `我无权发布：宿主拒绝了 publish。release-notes.md 的内容是“${notes}”，请有权限的人发布。`,
  },
  en: {
    request: "Publish release-notes.md on the project website",
    systemNote:
      "You are a project assistant: you may read files in this project; publishing needs a person's approval.",
    answer: (notes: string) =>
      `I may not publish: the host refused publish. release-notes.md says "${notes}"; someone with the rights needs to publish it.`,
  },
} as const;

function adaptingModel(answer: (notes: string) => string): ModelPolicy {
  return (context) => {
    const results = context.flatMap((m) => (m.role === "tool" ? [m] : []));
    const read = results.find((r) => r.name === readFileTool.name && r.status === "ok");
    if (read !== undefined) return { kind: "final", text: answer(read.content) };
    if (results.some((r) => r.name === publishTool.name && r.status === "error"))
      return { kind: "tool_calls", calls: [{ name: readFileTool.name, args: { path: NOTES } }] };
    return { kind: "tool_calls", calls: [{ name: publishTool.name, args: { path: NOTES } }] };
  };
}

/** @example runScenario(unauthorizedToolScenario("zh")).outcome // "refused" */
export function unauthorizedToolScenario(lang: Lang = "zh"): Scenario {
  const text = TEXT[lang];
  return {
    id: "unauthorized-tool",
    request: text.request,
    systemNote: text.systemNote,
    files: { [NOTES]: "v1.2: default timeout is now 30" },
    tools: [readFileTool, publishTool],
    allowedTools: [readFileTool.name],
    model: adaptingModel(text.answer),
    host: { feedResultsBack: true },
    maxModelCalls: 4,
    // Done means published, which only a publish the host ran could do.
    verify: (environment) => environment.results.some((r) => r.name === publishTool.name && r.status === "ok"),
  };
}
