/**
 * Scenario F22: read `timeout` from `config.txt` (fixed content `timeout=30`) with one allowed, read-only tool.
 * The model has to ask for the file, because it has not seen it; once the result comes back under the same
 * call id, it answers from that result. The tools are declared to the model apart from the system note.
 */
import type { Lang } from "../errors.ts";
import { readSettingModel, settingIn } from "../models.ts";
import type { Scenario } from "../runner.ts";
import { readFileTool } from "../tools.ts";

/** The fixed input: one project file. */
export const F22_FILES = { "config.txt": "timeout=30" } as const;

/** The conversation's own words: the user's request, the host's system note, the model's answer. */
const F22_TEXT = {
  zh: {
    request: "读取 config.txt 中的 timeout",
    systemNote: "你是只读助手：可以读取本项目里的文件，不能修改任何东西。",
    answer: (key: string, value: string) => `${key} 的值是 ${value}`,
  },
  en: {
    request: "Read timeout from config.txt",
    systemNote: "You are a read-only assistant: you may read files in this project and change nothing.",
    answer: (key: string, value: string) => `${key} is ${value}`,
  },
} as const;

/**
 * Build scenario F22 in one language (the words of the conversation change; the input and steps do not).
 * @example runScenario(f22Scenario("en")).outcome // "completed"
 */
export function f22Scenario(lang: Lang = "zh"): Scenario {
  const text = F22_TEXT[lang];
  return {
    id: "f22",
    request: text.request,
    systemNote: text.systemNote,
    files: F22_FILES,
    tools: [readFileTool],
    allowedTools: [readFileTool.name],
    model: readSettingModel("config.txt", "timeout", text.answer),
    host: { feedResultsBack: true },
    maxModelCalls: 4,
    // Done means the host's own tool really read the file (the evidence), and the answer gives the value that
    // read returned (an answer of 45 would fail): checked against the environment, not taken from the model.
    verify: ({ files, results, answer }) => {
      const read = results.find((result) => result.name === readFileTool.name && result.status === "ok");
      const value = read === undefined ? undefined : settingIn(read.content, "timeout");
      const evidence = files.some((file) => file.path === "config.txt" && file.state === "read");
      return evidence && value !== undefined && answer.includes(value);
    },
  };
}
