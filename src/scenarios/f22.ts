/** F22: read `timeout` from config.txt, the chapter's figure. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Story } from "../content/types";
import { readSettingModel, type Scenario, settingIn } from "../engine";
import { readFileTool } from "../engine/tools";
import { defineScenario, type ScenarioEntry } from "./types";

/** The fixed input: one project file. */
export const F22_FILES = { "config.txt": "timeout=30" } as const;

/** The conversation's own words in one language: the user's request, the host's system note, the model's answer. */
export interface F22Words {
  readonly request: string;
  readonly systemNote: string;
  readonly answer: (key: string, value: string) => string;
}

/** The conversation's words in each language (the input and the steps are the same in all). */
export const F22_WORDS: Readonly<Record<Lang, F22Words>> = {
  zh: {
    request: "读取 config.txt 中的 timeout",
    systemNote: "你是只读助手：可以读取本项目里的文件，不能修改任何东西。",
    answer: (key, value) => `${key} 的值是 ${value}`,
  },
  en: {
    request: "Read timeout from config.txt",
    systemNote: "You are a read-only assistant: you may read files in this project and change nothing.",
    answer: (key, value) => `${key} is ${value}`,
  },
};

/**
 * Scenario F22: read `timeout` from `config.txt` (fixed content `timeout=30`) with one allowed, read-only tool.
 * The model has to ask for the file, because it has not seen it; once the result comes back under the same
 * call id, it answers from that result. The tools are declared to the model apart from the system note.
 * @example runScenario(f22Run(F22_WORDS.en)).outcome // "completed"
 */
export function f22Run(text: F22Words): Scenario {
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
const run = f22Run;

/** The scenario's narrative in Chinese (apart from its run, for shells that carry a ready-made trace). */
export const f22StoryZh: Story = {
  name: "F22：读取 config.txt 中的 timeout",
  kicker: "动态图解 · F22",
  title: "把一个Agent任务拆成真正发生的几轮",
  lesson: "模型只提出调用；宿主程序检查、执行，再用同一个 call_id 把结果交还模型。",
  input: "config.txt 的内容固定为 timeout=30；只声明并允许一个只读工具 read_file；预算 4 次模型调用。",
  captions: [
    // F22's own world is a file on a disk: the chapter's words for its first two steps.
    {
      when: { kind: "task" },
      text: "用户把任务交给宿主程序。模型还没有看到磁盘上的任何文件：先把用户给的任务和环境里真实的内容分开——任务只是一句请求，文件里到底写了什么，要等工具读过才知道。",
    },
    {
      when: { kind: "model_call", modelCall: 1 },
      text: "宿主把系统说明和用户任务放进上下文，工具另行声明（不写在消息里），发起第 1 次模型调用。上下文里没有文件内容：模型只知道任务，不知道文件里写了什么。",
    },
    {
      when: { kind: "finish" },
      text: "宿主不看回答里的说法，而是自己核对环境：它自己的工具确实读过 config.txt（证据），回答里的值正是那次读取返回的 30（答成 45 就通不过）。两项都成立，也没有待处理的调用，任务完成：共调用模型 2 次，执行工具 1 次。",
    },
  ],
  checkpoints: [
    {
      at: { kind: "proposal", callId: "call_1" },
      question: "模型提出了 read_file（call_1）。接下来会发生什么？",
      options: [
        { text: "模型自己打开 config.txt，读出里面的内容" },
        { text: "宿主先检查这个调用：工具是否允许、路径是否在范围内", correct: true },
        { text: "工具马上运行，不经过任何检查" },
        { text: "提供方替模型运行 read_file，再把结果告诉宿主" },
      ],
      explanation:
        "模型只提出调用。下一步（第 4 步）是宿主的检查：格式正确、工具已允许、路径在项目内，全部通过后才执行。",
    },
    {
      at: { kind: "execution", callId: "call_1" },
      question: "工具已经返回 timeout=30。模型现在知道这个值了吗？",
      options: [
        { text: "知道：工具运行了，模型自然就看到了" },
        { text: "不知道：要等宿主把带着 call_1 的结果放进下一次模型调用的上下文", correct: true },
        { text: "知道：结果带着 call_1，模型一直在等这个 ID" },
      ],
      explanation: "结果只能经由上下文到达模型：第 6 步宿主把 call_1 和它的结果追加进上下文，再调用模型。",
    },
    {
      at: { kind: "answer" },
      question: "模型回答「timeout 的值是 30」，没有再调用工具。任务完成了吗？",
      options: [
        { text: "完成了：模型已经说了答案" },
        { text: "还要看宿主核对环境：它的工具读过 config.txt 吗？回答里的值是读取返回的那个吗？", correct: true },
        { text: "没有：模型必须再调用一次工具才能结束" },
      ],
      explanation: "“模型说完成”不等于“环境里完成”：第 8 步宿主核对自己的证据，之后任务才算完成。",
    },
  ],
};

/** The scenario's narrative in English (embed.html carries it in its English pack, not in its entry). */
export const f22StoryEn: Story = {
  name: "F22: read timeout from config.txt",
  kicker: "Animated figure · F22",
  title: "One agent task, broken into the rounds that really happen",
  lesson:
    "The model only proposes a call; the host program checks and runs it, and hands the result back under the same call_id.",
  input:
    "config.txt always contains timeout=30; one read-only tool, read_file, is declared and allowed; a budget of 4 model calls.",
  captions: [
    {
      when: { kind: "task" },
      text: "The user hands the task to the host program. The model has not seen any file on disk: keep the user's task apart from what is really in the environment — the task is only a request, and what the file says is known only once a tool has read it.",
    },
    {
      when: { kind: "model_call", modelCall: 1 },
      text: "The host puts its system note and the user's task into the context, declares the tools separately (not inside the messages), and makes model call 1. The file's content is not there: the model knows the task, not what the file says.",
    },
    {
      when: { kind: "finish" },
      text: "The host checks the environment itself rather than the answer's words: its own tool really read config.txt (the evidence), and the answer gives the value that read returned, 30 (an answer of 45 would fail). Both hold and no call is pending, so the task is complete: 2 model calls, 1 tool execution.",
    },
  ],
  checkpoints: [
    {
      at: { kind: "proposal", callId: "call_1" },
      question: "The model has proposed read_file (call_1). What happens next?",
      options: [
        { text: "The model opens config.txt itself and reads what is in it" },
        { text: "The host checks the call first: is the tool allowed, is the path in scope?", correct: true },
        { text: "The tool runs at once, without any check" },
        { text: "The provider runs read_file for the model and tells the host the result" },
      ],
      explanation:
        "The model only proposes. The next step (step 4) is the host's check: well formed, tool allowed, path inside the project; only when all pass does the call run.",
    },
    {
      at: { kind: "execution", callId: "call_1" },
      question: "The tool has returned timeout=30. Does the model know the value now?",
      options: [
        { text: "Yes: the tool ran, so the model sees its output" },
        {
          text: "No: not until the host puts the result, tagged call_1, into the context of the next model call",
          correct: true,
        },
        { text: "Yes: the result carries call_1, which the model is waiting for" },
      ],
      explanation:
        "A result reaches the model only through its context: at step 6 the host appends call_1 and its result, then calls the model again.",
    },
    {
      at: { kind: "answer" },
      question: "The model replies “timeout is 30” and calls no tool. Is the task done?",
      options: [
        { text: "Yes: the model has given the answer" },
        {
          text: "Not until the host checks the environment: did its tool read config.txt, and is the answer the value that read returned?",
          correct: true,
        },
        { text: "No: the model must call a tool once more to finish" },
      ],
      explanation:
        "“The model said it is done” is not “the environment is done”: at step 8 the host checks its own evidence, and only then is the task complete.",
    },
  ],
};

/** The scenario's narrative in each language. */
export const f22Stories: Readonly<Record<Lang, Story>> = { zh: f22StoryZh, en: f22StoryEn };

export const f22: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "f22",
  run,
  words: F22_WORDS,
  stories: f22Stories,
});
