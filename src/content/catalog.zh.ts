import type { Evidence, FinishStep } from "../engine";
import { type ResultKind, rpcOf, type StepFacts, type ToolEffect, type TranscriptEnd } from "./facts";
import { type Catalog, clip, type FailureCaptions, resultLabel, type StepPhrases, stepWords } from "./types";

/** A count as this language writes it (149,180). */
const count = (n: number): string => n.toLocaleString("zh-CN");

/** A tool's name, or a mark that the transcript did not say it (a result whose call is missing). */
const named = (name: string): string => (name === "" ? "（名称未知）" : name);

const TITLES: StepPhrases = {
  task: (step) => {
    // 之后的用户发言出现在某次模型调用之后：任务是在第一句里给出的。
    return step.contextEnd === 0 ? `用户任务：${step.request}` : `用户发来：${step.request}`;
  },
  model_call: (step) => {
    return step.toolResult === null
      ? `宿主构建上下文，第 ${step.modelCall} 次调用模型`
      : `宿主回填 ${(step.callIds.length > 0 ? step.callIds : [step.toolResult.callId]).join("、")} 的${step.callIds.length <= 1 && step.toolResult.status === "error" ? "错误结果" : "结果"}，第 ${step.modelCall} 次调用模型`;
  },
  proposal: (step) => {
    return `模型提议调用 ${step.calls.map((c) => `${c.name}（${c.callId}）`).join("、")}`;
  },
  validation: (step) => {
    return {
      approved: `宿主校验 ${step.call.callId}：获准`,
      refused: `宿主校验 ${step.call.callId}：拒绝`,
      replayed: `宿主校验 ${step.call.callId}：同一操作已执行过，返回记录`,
    }[step.verdict];
  },
  execution: (step) => {
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
  answer: () => {
    return "模型的回复里没有工具调用";
  },
  finish: (step) => {
    return {
      completed: "宿主核对环境：任务完成，把回答交给用户",
      refused: "宿主核对环境：所需的动作被拒绝，任务未完成",
      verification_missing: "宿主核对环境：缺少验证，任务未完成",
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
};

/**
 * Every engine error, by code: the teaching experiment's own messages (the chapter's script raises them in
 * Chinese).
 */
const ERRORS: Catalog["errors"] = {
  invalid_call_fields: "调用字段必须为 id/tool/args",
  invalid_call_id: "调用ID必须是非空字符串",
  tool_not_allowed: "工具未授权",
  scope_violation: "作用域越界",
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
  error: (callId) => `${callId} 的错误结果`,
};

/** Why the operation-id check does not apply, by what the tool does. */
const NO_OPERATION_ID: Readonly<Record<ToolEffect, string>> = {
  reads: "这个工具只读取、没有操作 ID，这一项不适用。",
  writes: "这个工具会改动东西，却没有操作 ID：这一项不适用，重复的请求也会再执行一次。",
  unknown: "这个工具没有操作 ID，这一项不适用。",
};

/** What a precondition wanted and did not find, in words. */
function wantedText(wanted: Evidence, tool: string): string {
  if ("file" in wanted) return `${tool} 需要先读取 ${wanted.file}，而还没有工具读过它`;
  const values = Object.entries(wanted.args).map(([key, value]) => `${key} 为 ${JSON.stringify(value)}`);
  return `${tool} 需要先有一次${values.length > 0 ? `${values.join("、")}的` : ""} ${wanted.tool} 成功结果，而现在没有`;
}

/** The failure modes' captions. */
const FAILURES: FailureCaptions = {
  refused: (step, facts) =>
    `宿主拒绝了 ${step.call.callId}：${facts.wanted !== null ? wantedText(facts.wanted, named(step.call.name)) : step.errorCode === null ? "校验未通过" : ERRORS[step.errorCode]}。工具没有运行；拒绝原因会作为带同一 call_id 的错误结果交还模型。`,
  replayed:
    "这个操作 ID 已经执行过完全相同的动作。宿主返回记录下的结果（标为重放），附上这次请求的 call_id，不再执行第二次。",
  unfinished: {
    refused: () =>
      "模型不再请求工具。宿主核对环境：检查没有通过，途中有调用被宿主拒绝，任务需要的动作没有发生。宿主把这一点如实告诉用户，而不是当作完成。",
    verification_missing: (step) =>
      `模型不再请求工具，但宿主核对环境时检查没有通过${step.pendingCallIds.length > 0 ? `（还有未回填结果的调用：${step.pendingCallIds.join("、")}）` : ""}，所以不算完成。`,
    budget_exhausted: (step) => `模型调用次数达到上限（${step.counters.modelCalls} 次），宿主停止循环，任务没有完成。`,
  },
};

const CAPTIONS: StepPhrases<StepFacts> = {
  task: (_step, facts) => {
    if (facts.laterTurn) return "用户的下一句话交给宿主，宿主把它加进下一次模型调用的上下文；模型要到那时才看到它。";
    return "用户把任务交给宿主程序。模型还没有看到环境里的任何东西：先把用户给的任务和环境里真实的内容分开——任务只是一句请求，环境里到底有什么，要等工具查看过才知道。";
  },
  model_call: (step, facts) => {
    if (step.modelCall === 1) {
      return `宿主把${facts.systemNote ? "系统说明和用户任务" : "用户任务"}放进上下文，工具另行声明（不写在消息里），发起第 ${step.modelCall} 次模型调用。上下文里还没有来自环境的内容：模型只知道任务，不知道工具会查到什么。`;
    }
    if (facts.fed.length === 0) {
      return `宿主发起第 ${step.modelCall} 次模型调用，但没有把任何工具结果追加进上下文：模型看到的和上一次一样。`;
    }
    const fed = facts.fed.map((r) => FED[r.kind](r.callId)).join("、");
    const paired =
      facts.fed.length === 1
        ? `模型上一轮的工具调用和 ${fed}追加进上下文，两者用同一个 call_id 配对`
        : `模型上一轮的工具调用和它们的 ${facts.fed.length} 个结果（${fed}）追加进上下文，每个结果用各自的 call_id 与它的调用配对`;
    return `宿主把${paired}，发起第 ${step.modelCall} 次模型调用。${facts.firstResult ? "模型这才第一次看到工具结果。" : ""}`;
  },
  proposal: (step) => {
    return step.calls.length > 1
      ? `模型一次提议了 ${step.calls.length} 个调用（${step.calls.map((c) => c.callId).join("、")}）：服务方把模型生成的 token 解析成结构化的工具调用，并给每个调用一个 ID；什么都还没有执行。每个 call_id 只用来把它的请求和将来的结果配对。`
      : `模型只输出了一个提议（${step.calls.map((c) => c.callId).join("、")}）：服务方把模型生成的 token 解析成结构化的工具调用，并给它一个 ID；什么都还没有执行。call_id 只用来把这个请求和它将来的结果配对。`;
  },
  validation: (step, facts) => {
    if (step.verdict === "refused") return FAILURES.refused(step, facts);
    if (step.verdict === "replayed") return FAILURES.replayed;
    return `宿主逐项检查这个提议（见下方清单），全部通过后才把动作交给工具。${facts.noOperationId ? `防止重复执行看的是操作 ID，不是 call_id；${NO_OPERATION_ID[facts.toolEffect]}` : "防止重复执行看的是操作 ID，不是 call_id。"}`;
  },
  execution: (step, facts) => {
    return `工具真正执行了 ${named(step.call.name)}，把${facts.toolFailed ? "错误（它运行了，但失败了）" : "输出"}交还宿主；工具本身不知道 call_id，是宿主在组装工具结果消息时附上了 ${step.call.callId}。${facts.resultReachesModel ? "模型还没看到它：上下文没有变化。" : "这个结果不会进入模型的上下文。"}`;
  },
  mcp_request: (step, facts) => {
    return `这个工具在 MCP 服务器里，宿主不自己执行它：宿主的 MCP 客户端发出一个 JSON-RPC tools/call 请求，用的是自己的请求 ID ${facts.rpcId}，不是模型的 call_id，并记下请求 ${facts.rpcId} 对应 ${step.call.callId}。这一跳模型完全看不到。`;
  },
  mcp_response: (step, facts) => {
    return facts.mcpError
      ? `调用到达了工具，工具执行失败：MCP 把这种失败放在一个成功的响应里（isError: true），而不是 JSON-RPC 错误。宿主把 ID ${facts.rpcId} 映射回 ${step.call.callId}，把失败作为它的错误结果交给模型，让模型据此应对。`
      : `服务器用同一个 JSON-RPC ID ${facts.rpcId} 回应。宿主把它映射回去：${facts.rpcId} 对应 ${step.call.callId}，所以结果以 ${step.call.callId} 交给模型。两个 ID、两跳、一份映射，都由宿主保管。`;
  },
  answer: () => {
    return "这次回复里没有工具调用（Chat Completions 的 finish_reason 为“stop”；Responses 的输出里没有 function_call 项；Anthropic Messages 的 stop_reason 为“end_turn”；因长度上限或内容过滤而中断的回复也没有工具调用），循环据此不再调用模型。回复里不论说了什么，都仍只是一个说法：环境里任务是否真的完成，要由宿主检查。";
  },
  finish: (step, facts) => {
    if (step.outcome === "not_recorded")
      return `${TRANSCRIPT_ENDS[facts.transcriptEnd ?? "reply"](step)}对话记录里没有宿主对环境的核对，所以任务是否完成没有记录${step.answer === null ? "" : "，不论回复里怎么说"}。`;
    if (step.outcome !== "completed") return FAILURES.unfinished[step.outcome](step);
    return `宿主不看回答里的说法，而是自己核对环境：检查通过，也没有待处理的调用，于是判定任务完成${facts.failedExecutions > 0 ? `（就这项检查而言；途中有 ${facts.failedExecutions} 次工具执行失败）` : ""}。共调用模型 ${step.counters.modelCalls} 次，执行工具 ${step.counters.toolExecutions} 次。`;
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
    return step.calls.map((c) => c.name).join("、");
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
    return step.outcome === "completed" ? "交付答案" : step.outcome === "not_recorded" ? "记录结束" : "未完成";
  },
};

/** 中文: the default language, the chapter's. */
export const catalog = {
  lang: "zh",
  lanes: { user: "用户", model: "模型", host: "宿主", tool: "工具", mcp: "MCP 服务器" },
  rules: {
    well_formed: "调用格式正确",
    tool_allowed: "工具在允许列表里",
    in_scope: "参数没有越出作用域",
    operation_id: "操作 ID 没有被用于不同的动作",
    precondition: "前置条件（证据）已满足",
  },
  checkResults: { passed: "通过", failed: "未通过", not_applicable: "不适用" },
  outcomes: {
    completed: "已完成",
    refused: "已拒绝",
    verification_missing: "缺少验证",
    budget_exhausted: "预算耗尽",
    not_recorded: "未记录",
  },
  fileStates: { unread: "未读取", read: "已读取", changed: "已修改" },
  ...stepWords({ title: TITLES, caption: CAPTIONS, arrow: ARROWS }),
  roles: { system: "系统", user: "用户", assistant: "模型", tool: "工具结果" },
  errors: ERRORS,
  // The script's own keys and disclaimer: the report prints byte for byte as run_demo() does.
  report: {
    nature: "性质",
    status: "最终状态",
    writes: "实际模拟写入次数",
    events: "事件",
    disclaimer: "模拟模型与内存工具，不代表真实Agent性能",
  },
  ui: {
    rpcMapping: (rpcId, callId) => `JSON-RPC 请求 ${rpcId} ↔ ${callId}，由宿主保管`,
    rpcMessage: (direction) =>
      direction === "request" ? "发给 MCP 服务器的消息（JSON-RPC）：" : "MCP 服务器发回的消息（JSON-RPC）：",
    figureKicker: "动态图解",
    figureWordsLang: "",
    figureStoryNote: "",
    storyElsewhere: (language) => `这节课的故事是用 ${language} 写的；这里的说明文字是图解自带的中文说明。`,
    languageMark: (language) => `（${language}）`,
    figureTitle: "Agent 循环里真正发生的每一步",
    figureLesson: "模型只提出调用；检查、执行、把结果交还模型、决定何时停止，都由宿主程序完成。",
    figureLabel: "动态图解：Agent 循环里真正发生的每一步",
    nameFigure: (kicker, figureTitle) => `${kicker}：${figureTitle}`,
    nameDialog: (kicker) => `放大的图形：${kicker}`,
    // A space only after a Latin letter or digit ("… · F22 的全部步骤", "动态图解的全部步骤").
    nameAllSteps: (kicker) => `${kicker}${/[A-Za-z0-9]$/.test(kicker) ? " " : ""}的全部步骤`,
    keysActive: "键盘已启用：← → 逐步，空格 播放/暂停，Home/End 第一步/最后一步",
    diagramLabel: "泳道图：用户、模型、宿主、工具之间依次传递的消息",
    lanesLabel: "泳道",
    actingLane: "正在行动",
    prev: "上一步",
    next: "下一步",
    play: "播放",
    pause: "暂停",
    replay: "从头播放",
    counter: (n, total) => `${count(n)} / ${count(total)}`,
    counterLabel: (n, total) => `第 ${count(n)} 步，共 ${count(total)} 步`,
    dwell: "停留时间",
    dwellValue: (seconds) => `${seconds} 秒`,
    announce: (n, total, stepTitle) => `步骤第 ${n} 步，共 ${total} 步：${stepTitle}`,
    announceWarnings: (count) => `（此步有 ${count} 条警告）`,
    warningsLabel: "此步的警告",
    contextHeading: "上下文",
    contextEmpty: "模型还没有看到任何内容。",
    callIdHeading: "调用标识",
    resultHeading: "工具结果",
    noneYet: "暂无",
    enlarge: "放大图形",
    close: "关闭",
    dialogLabel: "放大的图形：动态图解",
    language: "语言",
    controlsLabel: "步骤控制",
    printStepsHeading: "动态图解的全部步骤",
    edge: (from, to) => `${from} → ${to}`,
    newInContext: "新增",
    replayed: "重放",
    checksHeading: "宿主的检查",
    answeredFromRecord: "该操作已执行过：按记录作答，不再执行",
    counters: (counters, budget) =>
      budget === null
        ? `模型调用 ${counters.modelCalls} · 工具结果 ${counters.toolExecutions}`
        : `模型调用 ${counters.modelCalls} / ${budget} · 工具执行 ${counters.toolExecutions} · 模拟写入 ${counters.simulatedWrites}`,
    toolsDeclared: "声明的工具",
    builtInTool: (name, type) => (name === type ? `${name}（内置）` : `${name}（内置：${type}）`),
    partReasoning: "模型的推理：",
    partRedacted: "服务方已加密，无法阅读",
    partMedia: (media) => `${media}，不显示`,
    partRefusal: "拒绝回答：",
    partProviderTool: (name) => `${name}，由服务方执行：`,
    partProviderResult: (name) => `${name} 的结果，来自服务方：`,
    partOther: (type) => `${type}：本图不认识的类型`,
    outcome: (label) => `结局：${label}`,
    threadLabel: (callId) => `${callId}：高亮它出现的每一处`,
    contextAdded: (messages, tokens, total) =>
      `这次调用新增 ${messages} 条消息，约 ${count(tokens)} 个 token；消息共约 ${count(total)} 个 token`,
    contextSize: (total) => `模型上一次收到的上下文：约 ${count(total)} 个 token`,
    tokenMethod: "token 数为估算：约 4 个拉丁字符或 1 个汉字算 1 个 token，未计工具声明；实际数目取决于模型的分词器。",
    innerLoop: "内循环",
    innerLoopHeading: "内循环：一次模型调用之内",
    innerLoopNote: (tokens) =>
      `模型逐个生成 token（这里按简单的固定切分，共 ${tokens} 个），直到输出完整。图中的泳道是外循环：宿主一轮轮调用模型、执行工具。`,
    innerLoopIdle: "这一步没有调用模型生成输出：内循环只在模型写出提议或回复时运行。",
    innerLoopTokens: "逐个生成的 token",
    format: "格式",
    neutralFormat: "中性（本图的消息）",
    wireNote: {
      chat: "宿主在最近一次模型调用时发送的 Chat Completions 请求体。model 名称和调用 ID 都是占位符（OpenAI 会生成自己的 call_… ID）。",
      responses:
        "宿主在最近一次模型调用时发送的 Responses 请求体，按无状态方式展示：每次重发全部项，不用 previous_response_id。model 名称和调用 ID 都是占位符（OpenAI 会生成 call_… ID，每个调用另有 fc_… 项 ID，这里不写）。",
      anthropic:
        "宿主在最近一次模型调用时发送的 Messages 请求体。model 名称和调用 ID 都是占位符（Anthropic 会生成 toolu_… ID）。",
      gemini:
        "宿主在最近一次模型调用时发送的 generateContent 请求体（模型名写在 URL 里）。调用 ID 是本图的（Gemini 会自己设定）。每一轮模型消息的第一个调用带有 Google 给出的占位 thoughtSignature，这是 Gemini 3 的要求。",
      bedrock:
        '宿主在最近一次模型调用时发送的 Converse 请求（SDK 的 ConverseCommand 输入）。modelId 和调用 ID 都是占位符。按 AWS 的说法，结果的 status "error" 只有 Anthropic Claude 模型支持。',
      "ai-sdk":
        "这不是服务方的请求：这是宿主在最近一次模型调用时交给 Vercel AI SDK 的 ModelMessage 列表，SDK 再把它转换成所选服务方的请求。调用 ID 是占位符。",
    },
    wireLoading: "正在加载格式……",
    showAll: (length) => `显示全部（${length} 字）`,
    showLess: "收起",
    wireFailed: "无法加载这个格式，显示的仍是中性格式。",
    checkpointKicker: "先预测",
    checkpointHint: "选一个答案；也可以直接下一步，跳过这道题。",
    checkpointYours: "你的选择",
    checkpointRightOption: "正确答案",
    checkpointMarks: (marks) => `（${marks.join("，")}）`,
    checkpointVerdict: (right, explanation) => `${right ? "答对了。" : "不对。"}${explanation}`,
    checkpointSkipped: (explanation) => `已跳过：你在选择之前就往下走了。${explanation}`,
    figureProblems: "这个图文件无法显示",
    figureProblemsNote: "请在下列位置修改文件，然后重新加载：",
    problemPlace: (line, column) => `第 ${line} 行第 ${column} 列`,
    theFile: "整个文件",
    moreProblems: (count) => `另有 ${count} 处`,
    figureLoading: "正在加载图…",
    figureFetchFailed: "无法获取这个图文件。",
    figureOtherOrigin: "图文件在另一个网站上，本页不从那里加载。",
    shareDamaged: "这个链接已损坏或被截断：无法读出它携带的图。请重新索取链接，或直接索取图文件。",
    shareTooLong: "这个链接携带的内容超过了分享链接的上限（8,000 个字符）：请改为索取图文件。",
    earlierMessages: (next, hidden) => `再显示 ${next} 条更早的消息（共 ${count(hidden)} 条未显示）`,
    wireExcerpt: (shown, total) =>
      `这里显示的是用本步上下文 ${count(total)} 条消息中最新的 ${shown} 条（以及系统消息，如果有）组成的请求；宿主在这一步发出的请求包含全部 ${count(total)} 条。`,
  },
} as const satisfies Catalog;
