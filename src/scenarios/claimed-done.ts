/** The model claims done without a passing test: verification missing. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import type { Scenario } from "../engine";
import { TOY_WORDS, type ToyWords, toyFixModel, toyScenario } from "./toy";
import { defineScenario, type ScenarioEntry } from "./types";

/**
 * "The model said it is done" is not "the environment is done": the model reads and patches, then replies that
 * it is finished without running the tests. The loop stops (no tool call), and the host's own check finds no
 * passing test: `verification_missing`.
 */
function run(text: ToyWords): Scenario {
  const fixer = toyFixModel({ fix: text.fix, done: text.claimed });
  return toyScenario(text, {
    id: "claimed-done",
    // The experiment's model, except that once the patch is in it claims success instead of testing.
    model: (context, modelCall) => {
      const reply = fixer(context, modelCall);
      return reply.kind === "tool_calls" && reply.calls[0]?.name === "test"
        ? { kind: "final", text: text.claimed }
        : reply;
    },
    maxModelCalls: 6,
  });
}

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "proposal", callId: "call_2" },
      question: "模型提出 patch（call_2）。补丁执行之后，任务就完成了吗？",
      options: [
        { text: "完成了：修复已经写进去了" },
        { text: "还没有：任务要求用测试确认，测试通过才算", correct: true },
        { text: "只要模型说完成就完成了" },
      ],
      explanation:
        "补丁只是一次修改，不是它有效的证据。只有测试通过，任务才算完成；而这里模型始终没有运行测试：第 12 步，缺少验证。",
    },
    {
      at: { kind: "answer" },
      question: "模型回答「已完成：补丁已经打好。」，没有再要工具。循环会停下吗？",
      options: [
        { text: "会：不带工具调用的回复结束循环", correct: true },
        { text: "不会：宿主会一直调用模型，直到它运行测试" },
        { text: "不会：宿主会自己运行测试" },
      ],
      explanation:
        "没有工具调用的回复结束循环（第 12 步就是最后一步）。剩下的是宿主自己对环境的核对，而它找不到测试通过的证据。",
    },
  ],
  en: [
    {
      at: { kind: "proposal", callId: "call_2" },
      question: "The model proposes patch (call_2). Once the patch has run, is the task done?",
      options: [
        { text: "Yes: the fix is written" },
        { text: "Not yet: the task asked to confirm it with the tests, so only passing tests count", correct: true },
        { text: "Yes, as soon as the model says so" },
      ],
      explanation:
        "A patch is a change, not evidence that it works. The task is done only when the tests pass, and here the model never runs them: step 12, verification missing.",
    },
    {
      at: { kind: "answer" },
      question: "The model replies “Done: the patch is in.” and asks for no tool. Does the loop stop?",
      options: [
        { text: "Yes: a reply without a tool call ends the loop", correct: true },
        { text: "No: the host calls the model again until it runs the tests" },
        { text: "No: the host runs the tests itself" },
      ],
      explanation:
        "A reply with no tool call ends the loop (step 12 is the last). What is left is the host's own check of the environment, which finds no passing test.",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const claimedDoneStories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "声称完成：没有测试就说“完成了”",
    kicker: "场景 · 声称完成",
    title: "模型说完成，不等于环境里完成",
    lesson: "没有工具调用只表示模型停下了；任务是否完成，要由宿主用环境里的证据来判断。",
    input: "与教学实验 07 相同的 toy-project 和工具；模型打完补丁后没有运行测试就回复“已完成”；预算 6 次模型调用。",
    captions: [
      {
        when: { kind: "answer" },
        text: "模型回复“已完成”，不再请求工具，也没有运行测试。没有工具调用，循环就此停下，但这只是模型的说法。",
      },
      {
        when: { kind: "finish" },
        text: "宿主核对环境：补丁写入了，却没有任何测试通过的证据。结局是“缺少验证”：模型说完成，不等于环境里完成。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "Claimed done: “done” without a test",
    kicker: "Scenario · claimed done",
    title: "The model saying done is not the environment being done",
    lesson:
      "No tool call only means the model stopped; whether the task is done is for the host to judge from evidence in the environment.",
    input:
      "The toy-project and tools of experiment 07; after patching, the model replies “done” without running the tests; a budget of 6 model calls.",
    captions: [
      {
        when: { kind: "answer" },
        text: "The model replies “done”, asks for no more tools and has not run the tests. With no tool call the loop stops, but “done” is only the model's claim.",
      },
      {
        when: { kind: "finish" },
        text: "The host checks the environment: the patch was written, but there is no evidence of a passing test. The outcome is verification missing: the model saying done is not the environment being done.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const claimedDone: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "claimed-done",
  run,
  words: TOY_WORDS,
  stories: claimedDoneStories,
});
