/** One write per operation id: a repeat is replayed, a different action under the same id refused. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import { type Scenario, scriptedReplies, toyCall } from "../engine";
import { TOY_WORDS, type ToyWords, toyScenario } from "./toy";
import { defineScenario, type ScenarioEntry } from "./types";

/**
 * One write per operation id. The model proposes patch `op-2` a second time (the provider gives the repeat a
 * fresh call_id, as it does every call): the host answers from its record, marked replayed, and the write count
 * stays 1. Then it sends `op-2` with a different fix: same key, different action, refused as a conflict. The
 * tests run once and pass.
 */
function run(text: ToyWords): Scenario {
  return toyScenario(text, {
    id: "idempotent-replay",
    model: scriptedReplies([
      { kind: "tool_calls", calls: [toyCall("read", "op-1")] },
      { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.fix)] },
      { kind: "tool_calls", calls: [toyCall("patch", "op-2", text.otherFix)] },
      { kind: "tool_calls", calls: [toyCall("test", "op-3")] },
      { kind: "final", text: text.done },
    ]),
    maxModelCalls: 8,
  });
}

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "proposal", callId: "call_3" },
      question: "模型又提出了同一个补丁 op-2，这次是 call_3。宿主会怎么做？",
      options: [
        { text: "再运行一次补丁（写入两次）" },
        { text: "返回 op-2 已记录的结果，标上 replayed，放在 call_3 下：不再写入", correct: true },
        { text: "作为冲突拒绝这个调用" },
        { text: "把 call_2 当作这个调用的 ID" },
      ],
      explanation:
        '第 12 步：操作 ID op-2 已经以完全相同的参数执行过，宿主从记录里作答，标上 "replayed": true，放在这次请求自己的 call_3 下。仍然只写入一次。',
    },
    {
      at: { kind: "proposal", callId: "call_4" },
      question: "现在 op-2 带着一个不同的补丁来了（call_4）。宿主会怎么做？",
      options: [
        { text: "执行：call_id 是新的" },
        { text: "重放 op-2 记录的结果" },
        { text: "拒绝：一个操作 ID 不能代表两个不同的动作", correct: true },
      ],
      explanation: "第 15 步：同一个键，不同的动作，这是幂等冲突。工具不运行，拒绝原因作为 call_4 的错误结果交还模型。",
    },
  ],
  en: [
    {
      at: { kind: "proposal", callId: "call_3" },
      question: "The model proposes the same patch, op-2, again, now as call_3. What does the host do?",
      options: [
        { text: "Runs the patch a second time (two writes)" },
        { text: "Returns op-2's recorded result, marked replayed, under call_3: no second write", correct: true },
        { text: "Refuses the call as a conflict" },
        { text: "Takes call_2 as this call's id" },
      ],
      explanation:
        'Step 12: operation op-2 has already run with exactly these arguments, so the host answers from its record, marked "replayed": true, under this request\'s own call_3. Still one write.',
    },
    {
      at: { kind: "proposal", callId: "call_4" },
      question: "Now op-2 comes with a different fix (call_4). What does the host do?",
      options: [
        { text: "Runs it: the call_id is new" },
        { text: "Replays op-2's recorded result" },
        { text: "Refuses: one operation id cannot stand for two different actions", correct: true },
      ],
      explanation:
        "Step 15: the same key with a different action is an idempotency conflict. The tool does not run, and the refusal goes back as call_4's error result.",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const idempotentReplayStories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "幂等重放：同一个操作 ID 收到两次",
    kicker: "场景 · 幂等重放",
    title: "同一个操作只写入一次",
    lesson: "去重看操作 ID 而不是 call_id：同一动作重复到达时宿主返回记录，同一 ID 配不同动作时宿主拒绝。",
    input: "与教学实验 07 相同的 toy-project 和工具；模型把 op-2 的补丁发了两次，又用 op-2 发了一个不同的补丁。",
    captions: [
      {
        when: { kind: "proposal", callId: "call_3" },
        text: "模型再次提议 op-2 的补丁，参数完全相同。服务方给这次调用一个新的 call_id（call_3）：同一个动作再次到达时 call_id 并不相同，所以单靠 call_id 认不出重复，要看操作 ID。",
      },
      {
        when: { kind: "validation", callId: "call_3" },
        text: '宿主按操作 ID 查到 op-2 已经执行过同一个动作：不运行工具，直接返回记录下的结果，结果里注明 "replayed": true（模型能看到），附上这次的 call_3。模拟写入仍是 1 次。',
      },
      {
        when: { kind: "proposal", callId: "call_4" },
        text: "这次 op-2 配的是另一个补丁。同一个操作 ID 只能代表一个动作。",
      },
      {
        when: { kind: "validation", callId: "call_4" },
        text: "宿主拒绝：同一个操作 ID 不能指向不同的动作（幂等冲突）。工具没有运行，拒绝原因作为 call_4 的错误结果交还模型。",
      },
      {
        when: { kind: "finish" },
        text: "测试通过，任务完成：模型调用 6 次，工具执行 3 次，补丁只写入 1 次。重放和冲突都没有带来第二次写入。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "Idempotent replay: one operation id, twice",
    kicker: "Scenario · idempotent replay",
    title: "One operation, one write",
    lesson:
      "Duplicates are caught by operation id, not call_id: a repeated action gets the recorded result, and the same id for a different action is refused.",
    input:
      "The toy-project and tools of experiment 07; the model sends the op-2 patch twice, then sends op-2 with a different patch.",
    captions: [
      {
        when: { kind: "proposal", callId: "call_3" },
        text: "The model proposes the op-2 patch again, with exactly the same arguments. The provider gives this call a new call_id (call_3): the same action arriving again does not bring the same call_id, so the call_id alone does not reveal the repeat; the operation id does.",
      },
      {
        when: { kind: "validation", callId: "call_3" },
        text: 'The host looks up operation id op-2: this exact action has already run. It does not run the tool; it returns the recorded result with "replayed": true in it (the model sees that), under this request\'s call_3. Still one simulated write.',
      },
      {
        when: { kind: "proposal", callId: "call_4" },
        text: "This time op-2 comes with a different patch. One operation id can stand for one action only.",
      },
      {
        when: { kind: "validation", callId: "call_4" },
        text: "The host refuses: one operation id cannot stand for two different actions (an idempotency conflict). The tool does not run; the reason goes back to the model as call_4's error result.",
      },
      {
        when: { kind: "finish" },
        text: "The tests pass and the task is complete: 6 model calls, 3 tool executions, and the patch written once. Neither the replay nor the conflict caused a second write.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const idempotentReplay: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "idempotent-replay",
  run,
  words: TOY_WORDS,
  stories: idempotentReplayStories,
});
