/** A host that never feeds its exchanges back: the model asks again until the budget runs out. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import type { Scenario } from "../engine";
import { F22_WORDS, type F22Words, f22Run } from "./f22";
import { defineScenario, type ScenarioEntry } from "./types";

/**
 * F22 with a host that forgets to feed back: it drops each whole exchange (the model's call and its result, which
 * no provider would accept apart). The read runs every time, but the model never sees what it returned, so each
 * call looks like the first to it and it asks again, until the model-call budget runs out.
 */
function run(text: F22Words): Scenario {
  return { ...f22Run(text), id: "missing-feedback", host: { feedResultsBack: false }, maxModelCalls: 3 };
}

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "execution", callId: "call_1" },
      question: "工具读到了 timeout=30（call_1）。这个宿主会在第 2 次模型调用的上下文里放进什么？",
      options: [
        { text: "call_1 和它的结果" },
        { text: "什么新内容都没有：它丢掉整组交换", correct: true },
        { text: "只放结果，不放调用" },
      ],
      explanation:
        "第 6 步：这个宿主从不回传，模型看到的和第 1 次调用时完全一样：只有任务。（只保留调用、不带结果，会是一个每家提供方都拒绝的请求。）",
    },
    {
      at: { kind: "proposal", callId: "call_2" },
      question: "模型又提出 read_file。为什么？",
      options: [
        { text: "它忘了答案" },
        { text: "它从没见过第一次的结果，对它来说这还是第一次", correct: true },
        { text: "第一次读取失败了" },
      ],
      explanation:
        "第一次读取是成功的（第 5 步），但结果没有进入上下文。提供方给重复的调用一个新 ID：call_2，循环一直走到预算用完（第 14 步）。",
    },
  ],
  en: [
    {
      at: { kind: "execution", callId: "call_1" },
      question: "The tool has read timeout=30 (call_1). What will this host put into the context for model call 2?",
      options: [
        { text: "call_1 and its result" },
        { text: "Nothing new: it drops the whole exchange", correct: true },
        { text: "The result alone, without the call" },
      ],
      explanation:
        "Step 6: this host never feeds back, so the model sees exactly what it saw at model call 1: the task alone. (A call kept without its result would be a request every provider rejects.)",
    },
    {
      at: { kind: "proposal", callId: "call_2" },
      question: "The model proposes read_file again. Why?",
      options: [
        { text: "It forgot the answer" },
        { text: "It never saw the first result, so to it this is the first try", correct: true },
        { text: "The first read failed" },
      ],
      explanation:
        "The first read succeeded (step 5), but its result never reached the context. The provider gives the repeat a new id, call_2, and the loop goes on until the budget is spent (step 14).",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const missingFeedbackStories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "忘记回填：模型一直看不到结果",
    kicker: "场景 · 忘记回填结果",
    title: "宿主不回填结果，循环只会原地打转",
    lesson: "工具执行了不等于模型知道了：结果必须带着 call_id 追加进上下文，否则模型只能一再请求。",
    input:
      "与 F22 相同：config.txt 的内容为 timeout=30，只允许 read_file；但宿主不把工具结果追加进上下文；预算 3 次模型调用。",
    captions: [
      {
        when: { kind: "execution", callId: "call_1" },
        text: "工具读到了 timeout=30，宿主也拿到了结果，但这个宿主把这一轮交换整个丢掉：模型的调用和它的结果都不会进入上下文。",
      },
      {
        when: { kind: "model_call", modelCall: 2 },
        text: "与 F22 的对照：F22 的宿主在这一步把 call_1 和它的结果追加进上下文；这里的宿主什么都没有追加，模型看到的和第 1 次调用时完全一样：只有任务。（只留调用、不留结果会更糟：每家服务方都会拒绝这样的请求——Chat 要求每个 tool_call_id 都有 tool 消息，Responses 要求每个 function_call 都有 function_call_output，Anthropic 要求每个 tool_use 在下一条消息里有 tool_result。）",
      },
      {
        when: { kind: "proposal", callId: "call_2" },
        text: "看到同样的上下文，模型再次提议同样的读取；服务方给它一个新的 call_id：call_2。",
      },
      {
        when: { kind: "finish" },
        text: "第 3 次模型调用之后预算用完，宿主停止：文件读了 3 次，模型一次结果也没有看到，任务没有完成。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "Missing feedback: the model never sees the result",
    kicker: "Scenario · missing feedback",
    title: "A host that does not feed results back goes round in circles",
    lesson:
      "A tool having run does not mean the model knows: the result must go into the context under its call_id, or the model can only ask again.",
    input:
      "As in F22: config.txt contains timeout=30 and only read_file is allowed, but this host never appends tool results; a budget of 3 model calls.",
    captions: [
      {
        when: { kind: "execution", callId: "call_1" },
        text: "The tool reads timeout=30 and the host has the result, but this host drops the whole exchange: neither the model's call nor its result goes into the context.",
      },
      {
        when: { kind: "model_call", modelCall: 2 },
        text: "Compare F22: there the host appends call_1 and its result at this step; here it appends nothing, so the model sees exactly what it saw at model call 1: the task alone. (Keeping the call without its result would be worse: every provider rejects such a request — Chat wants a tool message for every tool_call_id, Responses a function_call_output for every function_call, Anthropic a tool_result for every tool_use in the next message.)",
      },
      {
        when: { kind: "proposal", callId: "call_2" },
        text: "Seeing the same context, the model proposes the same read again; the provider gives it a new call_id, call_2.",
      },
      {
        when: { kind: "finish" },
        text: "After the third model call the budget is spent and the host stops: the file was read three times, the model never saw it once, and the task is not done.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const missingFeedback: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "missing-feedback",
  run,
  words: F22_WORDS, // F22's own words: the same task, told to a forgetful host
  stories: missingFeedbackStories,
});
