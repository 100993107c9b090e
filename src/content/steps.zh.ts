/**
 * The 中文 step phrases: every step's title, caption and arrow label, from its facts, for any trace, and the
 * engine's errors in words. The figure's other words are ./labels.zh.ts; ./catalog.zh.ts is both.
 */
import {
  type DoneCheck,
  type Evidence,
  type FinishStep,
  type RecordedCause,
  type RecordedCheck,
  rpcOf,
  type StoppedCall,
} from "../engine";
import type { ResultKind, StepFacts, TitleFacts, ToolEffect, TranscriptEnd } from "./facts";
import { labels } from "./labels.zh";
import { clip, resultLabel, stepWords, toolTally } from "./step-words";
import type { StepPhrases, StepPhrasing } from "./types";

/** A tool's name, or a mark that the transcript did not say it (a result whose call is missing). */
const named = (name: string): string => (name === "" ? "（名称未知）" : name);

/** 模型调用回填的是什么（中文的“结果”不分单复数）。 */
const FED_TITLE: Readonly<Record<Exclude<TitleFacts["fedKind"], "none">, string>> = {
  result: "结果",
  error: "错误结果",
  results: "结果",
};

/** A recorded model call that did not complete, after its title. */
const STOPPED_TITLE: Readonly<Record<StoppedCall, string>> = {
  aborted: "——被用户中止",
  error: "——以错误结束",
};

/** A recorded model call that did not complete, as a sentence: it is not a reply, and nothing it proposed ran. */
const STOPPED: Readonly<Record<StoppedCall, string>> = {
  aborted:
    "用户在这次模型调用完成之前中止了它：记录保留模型已写出的部分，其中的调用都没有执行。循环不是因为模型的选择而结束的；用户的下一条消息开始新的一轮。",
  error:
    "这次模型调用以错误结束，而不是一次回复：请求失败了（这一步的注释给出日志的原话），所以模型已写出的部分就是全部，其中的调用都没有执行。",
};

const TITLES: StepPhrases<TitleFacts> = {
  task: (step, facts) => {
    return facts.laterTurn ? `用户发来：${step.request}` : `用户任务：${step.request}`;
  },
  model_call: (step, facts) => {
    // A transcript that starts at the model's answer holds none of the request that asked for it.
    if (step.contextEnd === 0) return `第 ${step.modelCall} 次模型调用：记录里没有它的请求`;
    return facts.fedKind === "none"
      ? `宿主构建上下文，第 ${step.modelCall} 次调用模型`
      : `宿主回填 ${facts.fedCallIds.join("、")} 的${FED_TITLE[facts.fedKind]}，第 ${step.modelCall} 次调用模型`;
  },
  proposal: (step) => {
    return `模型提议调用 ${step.calls.map((c) => `${c.name}（${c.callId}）`).join("、")}${step.stopped === undefined ? "" : STOPPED_TITLE[step.stopped]}`;
  },
  validation: (step) => {
    return {
      approved: `宿主校验 ${step.call.callId}：获准`,
      refused: `宿主校验 ${step.call.callId}：拒绝`,
      replayed: `宿主校验 ${step.call.callId}：同一操作已执行过，返回记录`,
    }[step.verdict];
  },
  execution: (step) => {
    if (step.lost === true) return `工具执行 ${named(step.call.name)}；回复在途中丢失，宿主只收到超时`;
    if (step.fromRecord === true)
      return `工具按自己的记录答复 ${named(step.call.name)}；宿主给结果附上 ${step.call.callId}`;
    if (step.recordedCause === "interrupted")
      return `工具执行 ${named(step.call.name)}，在返回前被取消；宿主给结果附上 ${step.call.callId}`;
    if (step.recordedCause === "cancelled")
      return `${named(step.call.name)} 在返回前被取消；结果是这次取消，附上 ${step.call.callId}`;
    if (step.recordedCause !== undefined && step.recordedCause !== "tool")
      return `${named(step.call.name)} 没有运行；结果是${{ host: "智能体的错误", user: "用户的拒绝", skipped: "这次取消" }[step.recordedCause]}，附上 ${step.call.callId}`;
    if (step.toolResult?.status === "error")
      return `${named(step.call.name)} 的结果是一个错误；宿主给它附上 ${step.call.callId}`;
    return `工具执行 ${named(step.call.name)}；宿主给结果附上 ${step.call.callId}`;
  },
  mcp_request: (step) => {
    return `宿主请求 MCP 服务器：tools/call ${step.call.name}，请求 ID ${rpcOf(step).id} 对应 ${step.call.callId}`;
  },
  mcp_response: (step) => {
    return rpcOf(step).isError
      ? `MCP 服务器以 isError 回应请求 ${rpcOf(step).id}；宿主把它作为 ${step.call.callId} 的错误结果回填`
      : `MCP 服务器回应请求 ${rpcOf(step).id}；宿主把它作为 ${step.call.callId} 的结果回填`;
  },
  answer: (step) => {
    if (step.stopped === "aborted") return "用户在模型回复之前中止了这次调用";
    if (step.stopped === "error") return "模型调用以错误结束，没有回复";
    return "模型的回复里没有工具调用";
  },
  finish: (step) => {
    // A recorded run's end, whatever its log's own check decided: the verdict is beside the title, by its maker.
    if (step.recorded !== undefined) return "记录到此结束";
    return {
      completed: "宿主核对环境：任务完成，把回答交给用户",
      refused: "宿主核对环境：任务未完成，途中有调用被拒绝",
      verification_missing: "宿主核对环境：未通过验证，任务未完成",
      budget_exhausted: "宿主停止：模型调用预算已用完",
      not_recorded: "记录到此结束",
    }[step.outcome];
  },
};

/** 记录以什么结尾，用中文说。 */
const TRANSCRIPT_ENDS: Readonly<Record<TranscriptEnd, (step: FinishStep) => string>> = {
  proposal: (step) => `记录停在模型的提议上（${step.pendingCallIds.join("、")}）：这些调用还没有执行，也没有记录结果。`,
  results: () => "记录以工具结果结尾，这些结果还没有交给任何一次模型调用：下一次模型调用尚未发生，记录里也没有它。",
  user: () => "记录以用户的一句话结尾，还没有哪次模型调用回应它。",
  reply: () => "模型最后一次回复里没有工具调用，记录到此为止。",
  finished: (step) =>
    `模型调用了 ${step.ended?.tool ?? "结束工具"}，也就是智能体用来结束运行的工具，智能体于是在这里结束了运行${step.ended?.status === null || step.ended?.status === undefined ? "" : `（它的退出状态：“${step.ended.status}”）`}：运行的结束是智能体对模型这次提议的决定，没有待发生的模型调用。`,
};

/** A check the log records, as a clause: who made it, what it gave, against what. */
const scorerGave = (check: RecordedCheck) =>
  check.by === "reviewer"
    ? check.passed === null
      ? `审阅者给出 ${check.value}（及格线在这次运行的配置里，不在记录里）`
      : `审阅者${check.passed ? "接受了" : "没有接受"}这次提交（accept: ${check.value}）`
    : `评分器 ${check.name} 给出 ${check.value}${check.target === null ? "" : `（目标是 ${check.target}）`}`;

/** The end of a run whose log records checks of the task (an evaluation's scorers): they, not the reply, decide. */
function recordedFinish(step: FinishStep, checks: readonly RecordedCheck[], facts: StepFacts): string {
  const those = checks.length > 1 ? "这些核对" : "这次核对";
  const open = checks.filter((check) => check.passed === null).map((check) => check.name);
  const reviewed = checks.every((check) => check.by === "reviewer");
  const verdict =
    step.outcome === "verification_missing"
      ? `按${those}，任务没有完成${step.answer === null ? "" : "，不论回复里怎么说"}${reviewed ? "：这是预测，不是测试" : ""}。`
      : step.outcome === "completed"
        ? reviewed
          ? `按${those}，任务完成了：这是一个模型的预测，不是对补丁的测试。`
          : `按${those}，任务完成了：这是评分器的判定，不是模型的说法。`
        : reviewed
          ? "所以记录里没有任务是否完成的判定：里面没有对补丁的测试。"
          : `记录没有给 ${open.join("、")} 的分数定及格线，所以没有记下任务是否完成的判定。`;
  const who = reviewed
    ? "智能体提交之后，让另一个模型根据轨迹和补丁评判这次提交"
    : "模型停下之后，评测自己核对了任务，而不是看回复里的说法";
  return `${TRANSCRIPT_ENDS[facts.transcriptEnd ?? "reply"](step)}${who}：${checks.map(scorerGave).join("；")}。${verdict}`;
}

/**
 * Every engine error, by code: the teaching experiment's own messages (the chapter's script raises them in
 * Chinese).
 */
const ERRORS: StepPhrasing["errors"] = {
  invalid_call_fields: "调用字段必须为 id/tool/args",
  invalid_call_id: "调用ID必须是非空字符串",
  tool_not_allowed: "工具未授权",
  scope_violation: "作用域越界",
  policy_refused: "参数取值违反了宿主的一条规则",
  idempotency_conflict: "同一幂等ID不能指向不同动作",
  missing_evidence: "缺少前置证据",
  unknown_tool: "未知教学工具",
  invalid_budget: "轮次预算必须为正整数",
};

/** A fed result's name, by what it is. */
const FED: Readonly<Record<ResultKind, (callId: string) => string>> = {
  ok: (callId) => `${callId} 的结果`,
  refused: (callId) => `${callId} 的错误结果（宿主拒绝它的原因）`,
  failed: (callId) => `${callId} 的错误结果（工具运行了，但失败了）`,
  lost: (callId) => `${callId} 的错误结果（超时：工具的回复在途中丢失了）`,
  error: (callId) => `${callId} 的错误结果`,
};

/** Why the operation-id check does not apply, by what the tool does. */
const NO_OPERATION_ID: Readonly<Record<ToolEffect, string>> = {
  reads: "这个工具只读取、没有操作 ID，这一项不适用。",
  side_effect:
    "这个工具会在文件之外产生作用（发送、打印或扣款），却没有操作 ID：这一项不适用，重复的请求也会再作用一次。",
  writes: "这个工具会改动东西，却没有操作 ID：这一项不适用，重复的请求也会再执行一次。",
  unknown: "这个工具没有操作 ID，这一项不适用。",
};

/** What went wrong on the way to a completed run: failed executions, answers lost (nothing when neither). */
function onTheWay(facts: StepFacts): string {
  return [
    facts.failedExecutions > 0 ? `途中有 ${facts.failedExecutions} 次工具执行失败` : "",
    facts.lostAnswers > 0 ? `途中有 ${facts.lostAnswers} 次回复丢失，但工作已经完成` : "",
  ]
    .filter(Boolean)
    .join("，");
}

/** Checks in quotes, as the host's checklist words them. */
const quoted = (checks: readonly DoneCheck[]): string => checks.map((c) => `“${labels.ui.doneCheck(c)}”`).join("、");

/** Which of the host's checks did not pass, in words: the one check, or those of several that do not hold. */
function unheld(step: FinishStep, facts: StepFacts): string {
  if ((step.checks?.length ?? 1) <= 1 || facts.failedChecks.length === 0) return "检查没有通过";
  return `${quoted(facts.failedChecks)}未通过`;
}

/** What a precondition wanted and did not find, in words. */
function wantedText(wanted: Evidence, tool: string): string {
  if ("file" in wanted) return `${tool} 需要先读取 ${wanted.file}，而还没有工具读过它`;
  const values = Object.entries(wanted.args).map(([key, value]) => `${key} 为 ${JSON.stringify(value)}`);
  return `${tool} 需要先有一次${values.length > 0 ? ` ${values.join("、")} 的` : ""} ${wanted.tool} 成功结果，而现在没有`;
}

/** That a result comes back before the results of calls proposed ahead of it (nothing when it overtakes none). */
/** 智能体日志记下的错误来由，作为这一步的第一句。 */
const recordedCause = (cause: RecordedCause, name: string): string =>
  `日志记下${
    {
      tool: ` ${name} 运行了，但失败了。`,
      host: `智能体没有运行 ${name}：它拒绝了这次调用或无法运行它，结果是它自己的错误。`,
      user: `用户拒绝了 ${name}：它没有运行，结果是这次拒绝。`,
      skipped: ` ${name} 在运行前被取消，结果是这次取消。`,
      cancelled: ` ${name} 在返回前被取消（它是否已经开始运行，日志没有说），结果是这次取消。`,
      interrupted: ` ${name} 开始运行后、返回之前被取消；它此前打印的内容和这次取消就是结果。`,
    }[cause]
  }`;

function overtakes(overtaken: readonly string[], callId: string): string {
  if (overtaken.length === 0) return "";
  return `这个结果比先提出的 ${overtaken.join(" 和 ")} 的结果先回来：结果到达的先后不能用来配对，只有 ${callId} 说明它回答的是哪个请求。`;
}

const CAPTIONS: StepPhrases<StepFacts> = {
  task: (_step, facts) => {
    if (facts.laterTurn) return "用户的下一句话交给宿主，宿主把它加进下一次模型调用的上下文；模型要到那时才看到它。";
    return "用户把任务交给宿主程序。模型还没有看到环境里的任何东西：先把用户给的任务和环境里真实的内容分开——任务只是一句请求，环境里到底有什么，要等工具查看过才知道。";
  },
  model_call: (step, facts) => {
    if (step.modelCall === 1 && facts.request === "none")
      return "记录从模型的回答开始：请求这个回答的那次请求（用户的任务，以及可能有的工具）不在记录里，所以模型拿到了什么没有记录。";
    if (step.modelCall === 1 && facts.request === "no_tools")
      return `宿主把${facts.systemNote ? "系统说明和用户任务" : "用户任务"}放进上下文，调用模型（第 ${step.modelCall} 次模型调用）。记录里没有声明任何工具，所以看不出模型可以请求哪些工具。上下文里还没有来自环境的内容：模型只知道任务，不知道工具会查到什么。`;
    if (step.modelCall === 1) {
      return `宿主把${facts.systemNote ? "系统说明和用户任务" : "用户任务"}放进上下文，调用模型（第 ${step.modelCall} 次模型调用）。模型可以请求的工具写在消息之外，放在请求自己的 tools 字段里。上下文里还没有来自环境的内容：模型只知道任务，不知道工具会查到什么。`;
    }
    if (facts.fed.length === 0) {
      return `宿主发起第 ${step.modelCall} 次模型调用，但没有把任何工具结果追加进上下文：模型看到的和上一次一样。`;
    }
    const fed = facts.fed.map((r) => FED[r.kind](r.callId)).join("、");
    const paired =
      facts.fed.length === 1
        ? `模型上一轮的工具调用和 ${fed}追加进上下文，两者用同一个 call_id 配对`
        : `模型上一轮的工具调用和它们的 ${facts.fed.length} 个结果（${fed}）追加进上下文，每个结果用各自的 call_id 与它的调用配对`;
    return `宿主把${paired}，发起第 ${step.modelCall} 次模型调用。${facts.firstResult ? "模型这才第一次看到结果。" : ""}`;
  },
  proposal: (step, facts) => {
    const ids = step.calls.map((c) => c.callId).join("、");
    if (step.stopped !== undefined)
      return `模型已开始提议${step.calls.length > 1 ? ` ${step.calls.length} 个调用（${ids}）` : `调用 ${named(step.calls[0]?.name ?? "")}（${ids}）`}。${STOPPED[step.stopped]}`;
    const many = step.calls.length > 1;
    const what = many ? ` ${step.calls.length} 个调用（${ids}）` : `调用 ${named(step.calls[0]?.name ?? "")}（${ids}）`;
    if (step.idsBy === "parsed")
      return `模型在回复的文字里写下${many ? "几条命令" : "一条命令"}，智能体从中解析出${what}，什么都还没有执行。这个智能体的工具是写在系统消息里描述给模型的，不是以工具的形式声明的，服务方也没有产生工具调用；本图给${many ? "每个调用" : "它"}一个自己的 ID，用来和结果配对。`;
    if (step.idsBy === "agent")
      return `模型只是提议${what}，什么都还没有执行。服务方把模型生成的 token 解析成${many ? "结构化的工具调用" : "这个结构化的工具调用"}，但没有给 ID：这个 ID 是智能体自己生成的，用来把调用和结果配对。`;
    if (step.idsBy === "byName")
      return `模型只是提议${what}，什么都还没有执行。服务方把模型生成的 token 解析成${many ? "结构化的工具调用" : "这个结构化的工具调用"}，但这种请求格式不给调用 ID：结果按函数名回应它的调用。本图给${many ? "每个调用" : "它"}一个自己的 ID，用来画出配对。`;
    if (step.idsBy === "figure")
      return `模型只是提议${what}，什么都还没有执行。服务方把模型生成的 token 解析成${many ? "结构化的工具调用" : "这个结构化的工具调用"}；日志没有记下 ID，所以这个 ID 是本图生成的，用来把调用和结果配对。`;
    const scripted = facts.scriptedIds
      ? "（这里的模型是脚本模拟的，服务方由本图扮演：它像服务方给 ID 那样给调用编号。）"
      : "";
    return step.calls.length > 1
      ? `模型只是一次提议了 ${step.calls.length} 个调用（${ids}），什么都还没有执行。服务方把模型生成的 token 解析成结构化的工具调用，并给每个调用一个 ID；每个 call_id 只用来把它的请求和将来的结果配对。${scripted}`
      : `模型只是提议调用 ${named(step.calls[0]?.name ?? "")}（${ids}），什么都还没有执行。服务方把模型生成的 token 解析成这个结构化的工具调用，并给它一个 ID；call_id 只用来把这个请求和它将来的结果配对。${scripted}`;
  },
  validation: (step, facts) => {
    switch (step.verdict) {
      case "approved":
        return `宿主按自己的每条规则检查这个提议，全部通过才交给工具。${facts.noOperationId ? (facts.toolEffect === "reads" ? "" : `防重复执行看的是操作 ID，不是 call_id；${NO_OPERATION_ID[facts.toolEffect]}`) : "防重复执行看的是操作 ID，不是 call_id。"}`;
      case "replayed":
        return "这个操作 ID 已经执行过完全相同的动作。宿主返回记录下的结果（标为重放），附上这次请求的 call_id，不再执行第二次。";
      case "refused":
        return `宿主拒绝了 ${step.call.callId}：${facts.wanted !== null ? wantedText(facts.wanted, named(step.call.name)) : step.errorCode === null ? "校验未通过" : ERRORS[step.errorCode]}。工具没有运行；拒绝原因会作为带同一 call_id 的错误结果交还模型。`;
    }
  },
  execution: (step, facts) => {
    if (facts.resultLost)
      return `工具完成了 ${named(step.call.name)} 的工作，但回复在途中丢失：宿主只收到一个超时错误，无法判断工作是否已经完成。它给这个错误附上 ${step.call.callId}。${facts.resultReachesModel ? "模型还没看到它：上下文没有变化。" : "这个结果不会进入模型的上下文。"}${overtakes(facts.overtaken, step.call.callId)}`;
    if (facts.fromRecord)
      return `工具在自己的记录里找到了这个操作 ID：之前做过这件事，只是回复丢了。它按记录答复，不再做一遍，所以这件事只做了一次。宿主给答复附上 ${step.call.callId}。${facts.resultReachesModel ? "模型还没看到它：上下文没有变化。" : "这个结果不会进入模型的上下文。"}${overtakes(facts.overtaken, step.call.callId)}`;
    return `${facts.causeUnrecorded ? `记录里 ${named(step.call.name)} 的结果是一个错误，却没有记下原因：是宿主拒绝了这次调用，还是工具运行后失败了。` : facts.recordedCause !== null ? recordedCause(facts.recordedCause, named(step.call.name)) : `工具真正执行了 ${named(step.call.name)}，把${facts.toolFailed ? "错误（它运行了，但失败了）" : "输出"}交还宿主；`}${facts.recordedCause === null || facts.recordedCause === "tool" || facts.recordedCause === "interrupted" ? "工具本身不知道 call_id，是宿主" : "宿主"}在组装工具结果消息时附上了 ${step.call.callId}。${facts.resultReachesModel ? "模型还没看到它：上下文没有变化。" : "这个结果不会进入模型的上下文。"}${overtakes(facts.overtaken, step.call.callId)}`;
  },
  mcp_request: (step, facts) => {
    return `这个工具在 MCP 服务器里，宿主请服务器来执行。宿主的 MCP 客户端发出 JSON-RPC tools/call 请求，用自己的请求 ID ${facts.rpcId}（不是 call_id），并记下 ${facts.rpcId} 对应 ${step.call.callId}。模型看不到这一跳。`;
  },
  mcp_response: (step, facts) => {
    return `${
      facts.mcpError
        ? `调用到达了工具，工具执行失败：MCP 把这种失败放在一个成功的响应里（isError: true），而不是 JSON-RPC 错误。宿主把 ID ${facts.rpcId} 映射回 ${step.call.callId}，把失败作为它的错误结果交给模型，让模型据此应对。`
        : `服务器用同一个 JSON-RPC ID ${facts.rpcId} 回应。宿主把它映射回去：${facts.rpcId} 对应 ${step.call.callId}，所以结果以 ${step.call.callId} 交给模型。两个 ID、两跳、一份映射，都由宿主保管。`
    }${overtakes(facts.overtaken, step.call.callId)}`;
  },
  answer: (step, facts) => {
    if (step.stopped !== undefined) return STOPPED[step.stopped];
    return `模型用文字作答，没有请求工具，循环于是不再调用它：它说“完成”只是一个说法，不是结果。${facts.hostChecks ? "是否真的完成，由宿主检查环境。" : facts.recordedCheck !== null ? `是否属实要靠核对来说，而这份记录里有一次：${facts.recordedCheck === "reviewer" ? "智能体的审阅者（另一个模型的判断）" : "评测"}在最后做的核对。` : "是否属实要由宿主核对，而这份记录里没有这样的核对。"}结束循环的正是这种不带工具调用的回复（Chat Completions 的 finish_reason 为“stop”，Anthropic 的 stop_reason 为“end_turn”）。`;
  },
  finish: (step, facts) => {
    if (step.recorded !== undefined) return recordedFinish(step, step.recorded, facts);
    switch (step.outcome) {
      case "completed":
        return `宿主不看回答里的说法，而是自己核对环境：${(step.checks?.length ?? 1) > 1 ? `${step.checks?.length} 项检查全部通过` : "检查通过"}，也没有待处理的调用，于是判定任务完成${onTheWay(facts) === "" ? "" : `（就${(step.checks?.length ?? 1) > 1 ? "这些检查" : "这项检查"}而言；${onTheWay(facts)}）`}。共调用模型 ${step.counters.modelCalls} 次，执行工具 ${step.counters.toolExecutions} 次。`;
      case "refused":
        return `模型不再请求工具。宿主核对环境：${unheld(step, facts)}，途中还有调用被宿主拒绝（那一步说明了原因），所以任务没有完成。宿主把这一点如实告诉用户，而不是当作完成。`;
      case "verification_missing":
        return `模型不再请求工具，但宿主核对环境时检查没有通过${facts.failedChecks.length > 0 && (step.checks?.length ?? 0) > 1 ? `（${quoted(facts.failedChecks)}未通过）` : ""}${step.pendingCallIds.length > 0 ? `（还有未回填结果的调用：${step.pendingCallIds.join("、")}）` : ""}，所以不算完成。`;
      case "budget_exhausted":
        return `模型调用次数达到上限（${step.counters.modelCalls} 次），宿主停止循环，任务没有完成。`;
      case "not_recorded":
        return `${TRANSCRIPT_ENDS[facts.transcriptEnd ?? "reply"](step)}对话记录里没有宿主对环境的核对，所以任务是否完成没有记录${step.answer === null ? "" : "，不论回复里怎么说"}。`;
    }
  },
};

const ARROWS: StepPhrases = {
  task: () => {
    return "任务";
  },
  model_call: (step) => {
    return `上下文 #${step.modelCall}`;
  },
  proposal: (step) => {
    return toolTally(step.calls).join("、");
  },
  validation: (step) => {
    return { approved: "校验通过", refused: "拒绝", replayed: "返回记录" }[step.verdict];
  },
  execution: (step) => {
    return `结果 ${resultLabel(step.toolResult?.content ?? "")}`;
  },
  mcp_request: (step) => {
    return `tools/call #${rpcOf(step).id}`;
  },
  mcp_response: (step) => {
    return rpcOf(step).isError ? `#${rpcOf(step).id} isError` : `结果 #${rpcOf(step).id}`;
  },
  answer: (step) => {
    return `“${clip(step.text)}”`;
  },
  finish: (step) => {
    // A recorded run ends with its transcript, whatever its log's own check decided (said beside the title).
    return step.outcome === "not_recorded" || step.recorded !== undefined
      ? "记录结束"
      : step.outcome === "completed"
        ? "交付答案"
        : "未完成";
  },
};

export const steps = {
  ...stepWords({ title: TITLES, caption: CAPTIONS, arrow: ARROWS }),
  errors: ERRORS,
} as const satisfies StepPhrasing;
