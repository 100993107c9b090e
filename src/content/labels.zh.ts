import type { FigureLabels } from "./types";

/** A count as this language writes it (149,180). */
const count = (n: number): string => n.toLocaleString("zh-CN");

/** The 中文 labels: everything the figure says but its steps' words (./steps.zh.ts). */
/** 宿主要找的文字，加上引号；它自带引号时（JSON 字符串的 `"passed"`）照原样，前面留一个空格。 */
const quoted = (text: string): string => (/^".*"$/s.test(text) ? ` ${text}` : `“${text}”`);

export const labels = {
  lang: "zh",
  lanes: { user: "用户", model: "模型", host: "宿主", tool: "工具", mcp: "MCP 服务器" },
  rules: {
    well_formed: "调用格式正确",
    tool_allowed: "工具在允许列表里",
    in_scope: "参数没有越出作用域",
    policy: "参数取值符合宿主的规则",
    operation_id: "操作 ID 没有被用于不同的动作",
    precondition: "前置条件（证据）已满足",
  },
  checkResults: { passed: "通过", failed: "未通过", not_applicable: "不适用" },
  outcomes: {
    completed: "已完成",
    refused: "已拒绝",
    verification_missing: "未通过验证",
    budget_exhausted: "预算耗尽",
    not_recorded: "未记录",
  },
  fileStates: { unread: "未读写", read: "已读取", changed: "已修改" },
  roles: { system: "系统", user: "用户", assistant: "模型", tool: "工具结果" },
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
    figureNext: [],
    goOn: "接着看：",
    storyElsewhere: (language) => `这节课的故事是用 ${language} 写的；这里的说明文字是图解自带的中文说明。`,
    languageMark: (language) => `（${language}）`,
    figureTitle: "Agent 循环里真正发生的每一步",
    figureLesson: "模型只提出调用；检查、执行、把结果交还模型、决定何时停止，都由宿主程序完成。",
    figureLabel: "动态图解：Agent 循环里真正发生的每一步",
    nameFigure: (kicker, figureTitle) => `${kicker}：${figureTitle}`,
    nameDialog: (kicker) => `演示模式：${kicker}`,
    // A space only after a Latin letter or digit ("… · F22 的全部步骤", "动态图解的全部步骤").
    nameAllSteps: (kicker) => `${kicker}${/[A-Za-z0-9]$/.test(kicker) ? " " : ""}的全部步骤`,
    keysActive: "键盘已启用：← → 逐步，空格 播放/暂停，Home/End 第一步/最后一步",
    diagramLabel: "泳道图：用户、模型、宿主、工具之间依次传递的消息",
    lanesLabel: "泳道",
    actingLane: "正在行动",
    round: (n) => `第 ${n} 轮`,
    claimTag: "说法",
    prev: "上一步",
    next: "下一步",
    play: "播放",
    pause: "暂停",
    replay: "从头播放",
    counter: (n, total) => `${count(n)} / ${count(total)}`,
    counterLabel: (n, total) => `第 ${count(n)} 步，共 ${count(total)} 步`,
    dwell: "停留时间",
    dwellValue: (seconds) => `${seconds} 秒`,
    dwellNow: (seconds, reading) =>
      `本步 ${seconds.toLocaleString("zh-CN", { maximumFractionDigits: 1 })} 秒${reading ? "（按阅读时长）" : ""}`,
    dwellAtLeast: (seconds) => `${seconds} 秒或按阅读时长`,
    announce: (n, total, stepTitle) => `第 ${n} 步，共 ${total} 步：${stepTitle}`,
    announceWarnings: (warnings, notes) =>
      `（此步有 ${[warnings === 0 ? null : `${warnings} 条警告`, notes === 0 ? null : `${notes} 条说明`]
        .filter((part) => part !== null)
        .join("、")}）`,
    announceChange: (label, callIds) => `。箭头上：${label}${callIds.length === 0 ? "" : `，${callIds.join("、")}`}`,
    announceOutcome: (outcome) => `。运行已结束，结局：${outcome}。`,
    warningsLabel: "此步的警告",
    notesLabel: "此步的说明",
    callIdHeading: "调用标识",
    resultHeading: "工具结果",
    enlarge: "演示",
    close: "关闭",
    dialogLabel: "演示模式：动态图解",
    language: "语言",
    controlsLabel: "步骤控制",
    printStepsHeading: "动态图解的全部步骤",
    edge: (from, to) => `${from} → ${to}`,
    newInContext: "新增",
    replayed: "重放",
    checksHeading: "宿主的检查",
    changedLabel: "这一步改变了什么",
    changeHeadings: {
      task: "交给宿主的任务",
      context: "模型上下文里新增的",
      call: "模型提出的调用",
      checks: "宿主的核对",
      recorded: "评测的核对",
      reviewed: "智能体的审阅者",
      result: "工具结果",
      answer: "模型的回复",
      rpc: "MCP 消息",
    },
    rowChecks: (held, total) => `宿主的核对：${total} 项中 ${held} 项通过`,
    ruleColon: "：",
    captionDetails: "细节",
    presentShort: "（适合这块较矮的屏幕）",
    skip: "跳过",
    skipQuestion: "跳过这道题",
    doneChecksHeading: "宿主核对环境",
    doneCheck: (check) => {
      switch (check.kind) {
        case "fileRead":
          return `工具读过 ${check.path}`;
        case "fileChanged":
          return `工具改过 ${check.path}`;
        case "resultOk":
          return `${check.tool} 执行没有出错`;
        case "allOk":
          return `${check.tool} 的每次调用都没有出错`;
        case "resultIncludes":
          return `${check.tool} 的结果里有${quoted(check.text)}`;
        case "answerIncludes":
          return `回复里有${quoted(check.text)}`;
        case "count": {
          const what =
            check.writes !== undefined
              ? `${check.writes} 被写`
              : check.succeeded !== undefined
                ? `${check.succeeded} 成功执行`
                : `${check.calls ?? ""} 执行`;
          const bounds = [
            check.exactly === undefined ? null : `恰好 ${check.exactly} 次`,
            check.atLeast === undefined ? null : `至少 ${check.atLeast} 次`,
            check.atMost === undefined ? null : `至多 ${check.atMost} 次`,
          ].filter((bound) => bound !== null);
          return `${what}${bounds.join("、")}`;
        }
      }
    },
    doneCheckHeld: (held, neverRan) =>
      held ? "：通过" : neverRan === null ? "：未通过" : `：未通过（${neverRan} 从未执行）`,
    recordedCheck: (check) =>
      check.by === "reviewer"
        ? `智能体的审阅者（模型的判断，不是测试）给出 ${check.value}`
        : `评分器 ${check.name} 给出 ${check.value}${check.target === null ? "" : `（目标：${check.target}）`}`,
    recordedVerdict: (passed) => (passed === null ? "：没有记录及格线" : passed ? "：通过" : "：未通过"),
    recordedAnswer: "它评的答案：",
    recordedExplanation: "它的说明：",
    rowRecorded: (passed, total, by) =>
      `${by === "reviewer" ? "智能体的审阅者" : "评测的核对"}：${total} 项中 ${passed} 项通过`,
    recordedOutcome: (passed, by) =>
      by === "reviewer"
        ? passed
          ? "审阅者判断已完成"
          : "审阅者判断未完成"
        : passed
          ? "评分器判定完成"
          : "评分器判定未完成",
    evidenceAt: (step) => `证据：第 ${step} 步`,
    answeredFromRecord: "该操作已执行过：按记录作答，不再执行",
    counters: (counters, budget) =>
      budget === null
        ? `模型调用 ${counters.modelCalls} · 工具结果 ${counters.toolExecutions}`
        : `模型调用 ${counters.modelCalls} / ${budget} · 工具执行 ${counters.toolExecutions} · 模拟写入 ${counters.simulatedWrites}`,
    partReasoning: "模型的推理：",
    partRedacted: "服务方已加密，无法阅读",
    partMedia: (media) => `${media}，不显示`,
    partRefusal: "拒绝回答：",
    partProviderTool: (name) => `${name}，由服务方执行：`,
    partProviderResult: (name) => `${name} 的结果，来自服务方：`,
    partOther: (type) => `${type}：本图不认识的类型`,
    outcome: (label) => `结局：${label}`,
    threadLabel: (callId) => `${callId}：高亮它出现的每一处`,
    innerLoop: "内循环",
    showAll: (length) => `显示全部（${length} 字）`,
    showLess: "收起",
    checkpointCaptionWaits: "这一步的说明在你作答之后出现：先预测接下来会发生什么。",
    checkpointVerdict: (right, explanation) => `${right ? "答对了。" : "不对。"}${explanation}`,
    figureProblems: "这个图文件无法显示",
    figureLoading: "正在加载图…",
    figureFetchFailed: "无法从课程网站加载这一课的图。",
    fetchFailure: (failure) => {
      switch (failure.kind) {
        case "status":
          return `给作者：${failure.url} 的应答是 HTTP ${failure.status}${
            failure.status === 401 || failure.status === 403
              ? "（没有权限：缺少登录或许可）"
              : failure.status === 404
                ? "（那里没有文件）"
                : ""
          }。`;
        case "page":
          return failure.redirectedTo === null
            ? `给作者：${failure.url} 是网页，不是图文件。`
            : `给作者：对 ${failure.url} 的请求被重定向到 ${failure.redirectedTo}，得到的是网页，不是图文件。可能是登录页：这个网站是否只把文件提供给已登录的读者？`;
        case "network":
          return failure.crossOrigin
            ? `给作者：${failure.url} 没有应答，或它的服务器不允许本页读取这个文件（CORS）。`
            : `给作者：${failure.url} 没有应答：网站无法访问，或连接中断了。`;
        case "script":
          return `给作者：${failure.url} 已经送达，却没有作为本页的代码运行：它和本页出自同一次构建吗？`;
      }
    },
    figureOtherOrigin: "图文件在另一个网站上，本页不从那里加载。",
    shareDamaged: "这个链接已损坏或被截断：无法读出它携带的图。请重新索取链接，或直接索取图文件。",
    shareTooLong: "这个链接携带的内容超过了分享链接的上限（8,000 个字符）：请改为索取图文件。",
    earlierFold: (n) => `↑ 更早的 ${count(n)} 条`,
    rowsAbove: (first, last) => (first === last ? `↑ 第 ${count(first)} 步` : `↑ 第 ${count(first)}–${count(last)} 步`),
    rowsAboveLabel: (first, last) =>
      first === last ? `上方还有第 ${count(first)} 步：显示` : `上方还有第 ${count(first)}–${count(last)} 步：显示`,
  },
} as const satisfies FigureLabels;
