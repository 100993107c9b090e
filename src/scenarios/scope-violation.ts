/** A read outside the project, refused before it runs. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import { type ModelPolicy, readFileTool, type Scenario } from "../engine";
import { F22_FILES } from "./f22";
import { defineScenario, type ScenarioEntry } from "./types";

const SECRETS = "../secrets.txt";

/** The conversation's words in one language. */
interface Words {
  readonly request: string;
  readonly systemNote: string;
  readonly answer: string;
}

const words: Readonly<Record<Lang, Words>> = {
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
};

function model(answer: string): ModelPolicy {
  return (context) =>
    context.some((m) => m.role === "tool" && m.status === "error")
      ? { kind: "final", text: answer }
      : { kind: "tool_calls", calls: [{ name: readFileTool.name, args: { path: SECRETS } }] };
}

/**
 * A call outside the task's scope. The user asks for a file above the project; the model proposes reading
 * `../secrets.txt`; the host refuses (out of scope) and sends the refusal back as an error result under the same
 * call_id. The model tells the user it cannot; nothing was read: `refused`.
 */
function run(text: Words): Scenario {
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

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "proposal", callId: "call_1" },
      question: "模型提出用 ../secrets.txt 调用 read_file。宿主的哪项检查会拦住它？",
      options: [
        { text: "文件是否存在" },
        { text: "路径是否还在项目之内（范围）", correct: true },
        { text: "模型是否有把握" },
      ],
      explanation: "第 4 步：.. 会走出项目，超出范围，宿主拒绝。什么都没有读取，原因作为 call_1 的错误结果交还模型。",
    },
    {
      at: { kind: "model_call", modelCall: 2 },
      question: "第 2 次模型调用时，模型看到了什么？",
      options: [
        { text: "../secrets.txt 的内容" },
        { text: "它的 call_1，以及同一个 call_1 下宿主的拒绝", correct: true },
        { text: "没有新内容：宿主会丢掉被拒绝的调用" },
      ],
      explanation:
        "第 5 步：拒绝就是 call_1 的结果，像别的结果一样交还，所以模型能告诉用户它读不了这个文件（第 6 步）。",
    },
  ],
  en: [
    {
      at: { kind: "proposal", callId: "call_1" },
      question: "The model proposes read_file with ../secrets.txt. Which of the host's checks stops it?",
      options: [
        { text: "Whether the file exists" },
        { text: "Whether the path stays inside the project (the scope)", correct: true },
        { text: "Whether the model is sure" },
      ],
      explanation:
        "Step 4: the .. leads out of the project, so the host refuses it as out of scope. Nothing is read, and the reason goes back as call_1's error result.",
    },
    {
      at: { kind: "model_call", modelCall: 2 },
      question: "What does the model see at model call 2?",
      options: [
        { text: "The content of ../secrets.txt" },
        { text: "Its call_1, and the host's refusal under the same call_1", correct: true },
        { text: "Nothing new: the host drops refused calls" },
      ],
      explanation:
        "Step 5: the refusal is call_1's result, fed back like any other, so the model can tell the user it cannot read the file (step 6).",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const scopeViolationStories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "越出作用域：读取 ../secrets.txt",
    kicker: "场景 · 越出作用域",
    title: "越界的读取在执行之前被拦下",
    lesson: "参数是否越界要由宿主在执行前检查：工具本身会照做不误。",
    input:
      "项目里只有 config.txt（内容 timeout=30）；只允许只读工具 read_file，路径必须留在项目内；预算 3 次模型调用。",
    captions: [
      {
        when: { kind: "proposal", callId: "call_1" },
        text: "模型提议读取 ../secrets.txt。路径里的 .. 指向项目之外；工具本身只会照读，所以宿主必须在执行之前检查路径（真实的工具也应该自己限定路径范围）。",
      },
      {
        when: { kind: "validation", callId: "call_1" },
        text: "宿主拒绝：参数越出了作用域。工具没有运行，文件没有被读取；拒绝原因作为 call_1 的错误结果交还模型。",
      },
      { when: { kind: "answer" }, text: "模型如实告诉用户它读不到那个文件，没有编造内容。" },
      {
        when: { kind: "finish" },
        text: "宿主核对环境：什么都没有读到，任务没有完成，结局是“已拒绝”。越界的请求在执行之前就被挡下了。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "Out of scope: reading ../secrets.txt",
    kicker: "Scenario · out of scope",
    title: "A read outside the project is stopped before it runs",
    lesson:
      "The host checks that arguments stay in scope before anything runs: the tool itself would do as it is told.",
    input:
      "The project holds only config.txt (timeout=30); one read-only tool, read_file, for paths inside the project; a budget of 3 model calls.",
    captions: [
      {
        when: { kind: "proposal", callId: "call_1" },
        text: "The model proposes reading ../secrets.txt. The .. leads out of the project; the tool would simply read it, so the host must check the path before running the call (and a real tool should confine its paths as well).",
      },
      {
        when: { kind: "validation", callId: "call_1" },
        text: "The host refuses: the argument is out of scope. The tool does not run and no file is read; the reason goes back to the model as call_1's error result.",
      },
      {
        when: { kind: "answer" },
        text: "The model tells the user plainly that it could not read the file, and makes nothing up.",
      },
      {
        when: { kind: "finish" },
        text: "The host checks the environment: nothing was read, the task is not done, and the outcome is refused. The out-of-scope request was stopped before it ran.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const scopeViolation: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "scope-violation",
  run,
  words: words,
  stories: scopeViolationStories,
});
