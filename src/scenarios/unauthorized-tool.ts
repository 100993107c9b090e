/** A declared tool the run's policy refuses; the refusal goes back as an error result and the model adapts. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import { type ModelPolicy, readFileTool, type Scenario, type ToolDefinition } from "../engine";
import { defineScenario, type ScenarioEntry } from "./types";

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

/** The conversation's words in one language. */
interface Words {
  readonly request: string;
  readonly systemNote: string;
  readonly answer: (notes: string) => string;
}

const words: Readonly<Record<Lang, Words>> = {
  zh: {
    request: "把 release-notes.md 发布到项目网站",
    systemNote: "你是项目助手：可以读取本项目里的文件；发布需要有人批准。",
    answer: (notes) => `我无权发布：宿主拒绝了 publish。release-notes.md 的内容是“${notes}”，请有权限的人发布。`,
  },
  en: {
    request: "Publish release-notes.md on the project website",
    systemNote:
      "You are a project assistant: you may read files in this project; publishing needs a person's approval.",
    answer: (notes) =>
      `I may not publish: the host refused publish. release-notes.md says "${notes}"; someone with the rights needs to publish it.`,
  },
};

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

/**
 * A declared tool this run's policy does not allow. The user asks to publish the release notes; the model
 * proposes `publish`; the host refuses (tool not allowed) and sends the refusal back as an error result under
 * the same call_id. The model adapts: it reads the notes and hands them to the user to publish. What the task
 * asked for did not happen, and the host says so: `refused`.
 */
function run(text: Words): Scenario {
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

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "proposal", callId: "call_1" },
      question: "模型提出 publish（call_1），这是一个已声明的工具。宿主会执行它吗？",
      options: [
        { text: "会：这个工具已经声明给模型了" },
        { text: "不会：本次的策略不允许 publish，宿主会拒绝", correct: true },
        { text: "会，但只执行一次" },
      ],
      explanation:
        "第 4 步：声明不等于允许。宿主拒绝（工具未获允许），publish 没有运行，拒绝作为 call_1 的错误结果交还模型。",
    },
    {
      at: { kind: "answer" },
      question: "模型告诉用户它无法发布，并引用了发布说明的内容。结果是什么？",
      options: [
        { text: "完成：模型礼貌地回答了" },
        { text: "被拒绝：任务要求的发布并没有发生", correct: true },
        { text: "预算耗尽" },
      ],
      explanation: "第 11 步宿主核对环境：什么都没有发布，而且有调用被拒绝，所以结果是被拒绝。",
    },
  ],
  en: [
    {
      at: { kind: "proposal", callId: "call_1" },
      question: "The model proposes publish (call_1), a declared tool. Will the host run it?",
      options: [
        { text: "Yes: the tool is declared to the model" },
        { text: "No: this run's policy does not allow publish, so the host refuses it", correct: true },
        { text: "Yes, but only once" },
      ],
      explanation:
        "Step 4: declared is not allowed. The host refuses (tool not allowed), publish never runs, and the refusal goes back as call_1's error result.",
    },
    {
      at: { kind: "answer" },
      question: "The model tells the user it could not publish, and quotes the notes. What is the outcome?",
      options: [
        { text: "Completed: the model answered politely" },
        { text: "Refused: what the task asked for, publishing, did not happen", correct: true },
        { text: "Budget exhausted" },
      ],
      explanation:
        "Step 11: the host checks the environment: nothing was published, and a call was refused, so the outcome is refused.",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const unauthorizedToolStories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "未授权的工具：publish 被拒绝",
    kicker: "场景 · 未授权的工具",
    title: "宿主拒绝未授权的工具，模型随之调整",
    lesson: "工具能否执行由宿主的策略决定；拒绝也是一个结果，带着同一个 call_id 交还模型。",
    input:
      "release-notes.md 的内容固定为 v1.2: default timeout is now 30；声明了 read_file 和 publish，本次只允许 read_file；预算 4 次模型调用。",
    captions: [
      {
        when: { kind: "proposal", callId: "call_1" },
        text: "模型提议调用 publish。宿主确实声明了这个工具，但本次运行的策略不允许宿主自行发布（发布需要人来批准）：这只是一个提议。",
      },
      {
        when: { kind: "validation", callId: "call_1" },
        text: "宿主拒绝：publish 不在本次允许的工具里。工具没有运行；拒绝原因作为 call_1 的错误结果交还模型（Anthropic 在 tool_result 里标 is_error: true）。",
      },
      {
        when: { kind: "model_call", modelCall: 2 },
        text: "宿主把 call_1 的错误结果追加进上下文，再调用模型。模型由此知道发布被拒绝，而不会以为已经发布。",
      },
      {
        when: { kind: "proposal", callId: "call_2" },
        text: "模型调整做法：改为读取 release-notes.md（call_2），这是允许的。",
      },
      {
        when: { kind: "finish" },
        text: "宿主核对环境：发布并没有发生。它如实报告任务被拒绝，而不是把模型礼貌的回复当作完成。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "Unauthorized tool: publish is refused",
    kicker: "Scenario · unauthorized tool",
    title: "The host refuses a tool it may not run, and the model adapts",
    lesson:
      "Whether a tool may run is the host's policy; a refusal is a result too, and goes back to the model under the same call_id.",
    input:
      "release-notes.md always contains v1.2: default timeout is now 30; read_file and publish are declared, only read_file is allowed in this run; a budget of 4 model calls.",
    captions: [
      {
        when: { kind: "proposal", callId: "call_1" },
        text: "The model proposes publish. The host does declare that tool, but this run's policy does not let the host publish on its own authority (publishing needs a person's approval): this is only a proposal.",
      },
      {
        when: { kind: "validation", callId: "call_1" },
        text: "The host refuses: publish is not on this run's allowed list. The tool does not run; the reason goes back to the model as call_1's error result (Anthropic marks it is_error: true in the tool_result).",
      },
      {
        when: { kind: "model_call", modelCall: 2 },
        text: "The host appends call_1's error result and calls the model again. Now the model knows the publish was refused, instead of assuming it happened.",
      },
      {
        when: { kind: "proposal", callId: "call_2" },
        text: "The model adapts: it asks to read release-notes.md instead (call_2), which is allowed.",
      },
      {
        when: { kind: "finish" },
        text: "The host checks the environment: nothing was published. It reports the task as refused rather than taking the model's polite reply for done.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const unauthorizedTool: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "unauthorized-tool",
  run,
  words: words,
  stories: unauthorizedToolStories,
});
