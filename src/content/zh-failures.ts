import { LOOP_ERRORS_ZH } from "../engine";
import type { FailureCaptions } from "./types";

/** 中文 captions for the failure modes (see {@link FailureCaptions}): part of the full catalog `zh`. */
export const zhFailureCaptions: FailureCaptions = {
  refused: (step) =>
    `宿主拒绝了 ${step.call.callId}：${step.errorCode === null ? "校验未通过" : LOOP_ERRORS_ZH[step.errorCode]}。工具没有运行；拒绝原因会作为带同一 call_id 的错误结果交还模型。`,
  replayed:
    "这个操作ID已经执行过完全相同的动作。宿主返回记录下的结果（标为重放），附上这次请求的 call_id，不再执行第二次。",
  unfinished: {
    refused: () =>
      "模型不再请求工具。宿主核对环境：检查没有通过，途中有调用被宿主拒绝，任务需要的动作没有发生。宿主把这一点如实告诉用户，而不是当作完成。",
    verification_missing: (step) =>
      `模型不再请求工具，但宿主核对环境时检查没有通过${step.pendingCallIds.length > 0 ? `（还有未回填结果的调用：${step.pendingCallIds.join("、")}）` : ""}，所以不算完成。`,
    budget_exhausted: (step) => `模型调用次数达到上限（${step.counters.modelCalls} 次），宿主停止循环，任务没有完成。`,
  },
};
