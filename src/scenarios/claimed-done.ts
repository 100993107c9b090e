/** The model claims done without a passing test: verification missing. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Story } from "../content/types";
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
  },
};

export const claimedDone: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "claimed-done",
  run,
  words: TOY_WORDS,
  stories: claimedDoneStories,
});
