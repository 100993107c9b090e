/** The chapter's teaching experiment as a figure: read → patch → test, one write. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import type { Scenario } from "../engine";
import { TOY_WORDS, type ToyWords, toyFixModel, toyScenario } from "./toy";
import { defineScenario, type ScenarioEntry } from "./types";

/**
 * The chapter's experiment as a loop run: the scripted model proposes read → patch → test (operation ids op-1,
 * op-2, op-3, like the script), the host checks and runs each, and the run completes with one simulated write.
 * The model is the script's `fake_model`: it proposes the next step its context shows is missing.
 */
function run(text: ToyWords): Scenario {
  // The script's own budget: six turns.
  return toyScenario(text, { id: "experiment-07", model: toyFixModel(text), maxModelCalls: 6 });
}

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "proposal", callId: "call_2" },
      question: "模型提出 patch（call_2）。宿主放行之前，什么必须已经成立？",
      options: [
        { text: "什么都不需要：补丁只是一个提议" },
        { text: "项目必须先被读取过（证据），范围也必须是 toy-project", correct: true },
        { text: "测试必须已经通过" },
        { text: "模型必须说它有把握" },
      ],
      explanation:
        "第 8 步宿主检查这个补丁：格式正确、已允许、范围是 toy-project、操作 ID 是新的，还有前置条件：第 5 步的读取就是补丁需要的证据。",
    },
    {
      at: { kind: "answer" },
      question: "模型回答补丁 toy:v2 通过了测试。宿主凭什么判断任务完成？",
      options: [
        { text: "凭模型的回答" },
        { text: "凭它自己的 test 工具返回的结果（passed）", correct: true },
        { text: "凭模型调用的次数" },
      ],
      explanation: "第 16 步宿主核对环境：test 工具自己的结果是 passed，所以任务完成，不论回答怎么说。",
    },
  ],
  en: [
    {
      at: { kind: "proposal", callId: "call_2" },
      question: "The model proposes patch (call_2). What must already hold before the host lets it run?",
      options: [
        { text: "Nothing: a patch is only a proposal" },
        {
          text: "The project must have been read first (the evidence), and the scope must be toy-project",
          correct: true,
        },
        { text: "The tests must already pass" },
        { text: "The model must say it is sure" },
      ],
      explanation:
        "At step 8 the host checks the patch: well formed, allowed, in scope (toy-project), a new operation id, and its precondition: the read of step 5 is the evidence a patch needs.",
    },
    {
      at: { kind: "answer" },
      question: "The model replies that patch toy:v2 passes the tests. What does the host judge the task by?",
      options: [
        { text: "The model's reply" },
        { text: "The result its own test tool returned (passed)", correct: true },
        { text: "How many model calls it took" },
      ],
      explanation:
        "At step 16 the host checks the environment: the test tool's own result says passed, so the task is complete, whatever the reply says.",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const experiment07Stories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "教学实验 07：读取 → 修补 → 测试",
    kicker: "场景 · 教学实验 07",
    title: "章节实验：读取、修补、测试，只写入一次",
    lesson: "每个动作先过宿主的检查：修补要有读取的证据，测试通过才算完成，整个过程只写入一次。",
    input:
      "内存中的 toy-project（版本 toy:v1）；工具 read、patch、test，作用域只能是 toy-project，每个动作带操作 ID；预算 6 次模型调用。",
    captions: [
      {
        when: { kind: "validation", callId: "call_2" },
        text: "修补是写入动作。宿主除了格式、授权和作用域，还核对前置证据：op-1 的读取已经执行过，所以放行。",
      },
      {
        when: { kind: "execution", callId: "call_2" },
        text: "补丁执行了，模拟写入计为 1。宿主记下操作 ID op-2：以后再收到 op-2 的同一个动作，只返回记录，不会写第二次。",
      },
      {
        when: { kind: "execution", callId: "call_3" },
        text: "测试通过。这是环境给出的证据：宿主判断任务是否完成，依据的是它，而不是模型的话。",
      },
      {
        when: { kind: "finish" },
        text: "宿主核对环境：测试已通过，任务完成。这和 07_agent_loop.py 的报告一致：最终状态 completed，模拟写入 1 次。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "Experiment 07: read → patch → test",
    kicker: "Scenario · experiment 07",
    title: "The chapter's experiment: read, patch, test, and write once",
    lesson:
      "Every action passes the host's checks first: a patch needs the evidence of a read, only a passing test means done, and the run writes once.",
    input:
      "An in-memory toy-project (version toy:v1); tools read, patch and test, scope toy-project only, an operation id on every action; a budget of 6 model calls.",
    captions: [
      {
        when: { kind: "validation", callId: "call_2" },
        text: "A patch is a write. Besides form, permission and scope, the host checks the precondition: the read (op-1) has run, so the evidence is there and the patch may go ahead.",
      },
      {
        when: { kind: "execution", callId: "call_2" },
        text: "The patch runs: one simulated write. The host records operation id op-2, so if op-2 arrives again for the same action it answers from the record and writes nothing.",
      },
      {
        when: { kind: "execution", callId: "call_3" },
        text: "The tests pass. That is the environment's evidence, and it is what the host will judge the task by, not the model's words.",
      },
      {
        when: { kind: "finish" },
        text: "The host checks the environment: the tests passed, so the task is complete. Same as the report of 07_agent_loop.py: final status completed, one simulated write.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const experiment07: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "experiment-07",
  run,
  words: TOY_WORDS,
  stories: experiment07Stories,
});
