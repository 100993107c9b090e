import { LOOP_ERROR_MESSAGES, type Step } from "../engine";
import type { Catalog } from "./types";

function title(step: Step): string {
  switch (step.kind) {
    case "task":
      return `用户任务：${step.request}`;
    case "model_call":
      return step.toolResult === null
        ? `宿主构建上下文，第${step.modelCall}次调用模型`
        : `宿主回填 ${step.toolResult.callId} 的结果，第${step.modelCall}次调用模型`;
    case "proposal":
      return `模型提议调用 ${step.calls.map((c) => `${c.name}（${c.callId}）`).join("、")}`;
    case "validation":
      return {
        approved: `宿主校验 ${step.callId}：获准`,
        refused: `宿主校验 ${step.callId}：拒绝`,
        replayed: `宿主校验 ${step.callId}：重复调用，返回已有结果`,
      }[step.verdict];
    case "execution":
      return `工具执行 ${step.call.name}，结果标记为 ${step.callId}`;
    case "answer":
      return "模型给出最终回答（没有工具调用）";
    case "finish":
      return {
        completed: "宿主判定任务完成，把答案交给用户",
        unverified: "宿主判定：回答缺少依据，任务未完成",
        budget_exhausted: "宿主停止：模型调用预算已用完",
      }[step.outcome];
    default: {
      const never: never = step;
      return never;
    }
  }
}

function caption(step: Step): string {
  switch (step.kind) {
    case "task":
      return "用户把任务交给宿主程序。模型还什么都没看到，磁盘上的文件也没有被读取。";
    case "model_call":
      return step.toolResult === null
        ? `宿主把系统说明和用户任务放进上下文，发起第${step.modelCall}次模型调用。上下文里没有文件内容：模型只知道任务，不知道文件里写了什么。`
        : `宿主把模型的工具调用和 ${step.toolResult.callId} 的结果按同一标识追加进上下文，发起第${step.modelCall}次模型调用。直到这一刻，模型才第一次看到工具结果。`;
    case "proposal":
      return `模型只输出了一个提议（${step.callId ?? "无标识"}）。这只是文本形式的请求：文件没有被读取，宿主也还没有执行任何动作。`;
    case "validation":
      return {
        approved: `宿主检查提议：工具在允许列表里，参数没有越出项目范围，${step.callId} 是新的标识。检查通过后，动作才交给工具执行。`,
        replayed: `${step.callId} 已经执行过，动作也完全相同。宿主直接返回记录下的结果，不再执行第二次。`,
        refused: `宿主拒绝了 ${step.callId}：${step.errorCode === null ? "校验未通过" : LOOP_ERROR_MESSAGES[step.errorCode].zh}。工具没有运行，拒绝原因会作为结果交还模型。`,
      }[step.verdict];
    case "execution":
      return `工具真正执行了 ${step.call.name}，返回的内容带着同一个 ${step.callId}。模型还没看到它：结果此刻只在宿主手里，上下文没有变化。`;
    case "answer":
      return `模型依据上下文中 ${step.citedCallIds.join("、") || "（无）"} 的结果作答，不再请求工具。这仍然只是提议：模型说“完成了”，不等于环境里的任务真的完成。`;
    case "finish":
      return {
        completed: `宿主确认没有待处理的调用，回答也以 ${step.groundedIn.join("、")} 的结果为依据，于是判定任务完成。本次共调用模型 ${step.counters.modelCalls} 次，执行工具 ${step.counters.toolExecutions} 次。`,
        unverified: "模型声称完成，但回答找不到已回填的工具结果作依据，宿主不把它当作完成。",
        budget_exhausted: `模型调用次数达到上限（${step.counters.modelCalls} 次），宿主停止循环，任务没有完成。`,
      }[step.outcome];
    default: {
      const never: never = step;
      return never;
    }
  }
}

function arrowLabel(step: Step): string {
  switch (step.kind) {
    case "task":
      return "任务";
    case "model_call":
      return `上下文 #${step.modelCall}`;
    case "proposal":
      return step.calls.map((c) => c.name).join("、");
    case "validation":
      return { approved: "校验通过", refused: "拒绝", replayed: "返回记录" }[step.verdict];
    case "execution":
      return `结果 ${step.toolResult?.content ?? ""}`;
    case "answer":
      return `“${step.text}”`;
    case "finish":
      return step.outcome === "completed" ? "交付答案" : "未完成";
    default: {
      const never: never = step;
      return never;
    }
  }
}

/** 中文 catalog (the default language). */
export const zh = {
  lang: "zh",
  htmlLang: "zh-CN",
  languageName: "中文",
  lanes: { user: "用户", model: "模型", host: "宿主", tool: "工具" },
  kinds: {
    task: "用户任务",
    model_call: "调用模型",
    proposal: "工具调用提议",
    validation: "宿主校验",
    execution: "工具执行",
    answer: "最终回答",
    finish: "结束判定",
  },
  rules: {
    well_formed: "调用格式正确",
    tool_allowed: "工具获准",
    in_scope: "在作用域内",
    new_call_id: "调用标识是新的",
  },
  outcomes: { completed: "已完成", unverified: "未经验证", budget_exhausted: "预算耗尽" },
  fileStates: { unread: "未读取", read: "已读取" },
  stepTitle: title,
  stepCaption: caption,
  arrowLabel,
  roles: { system: "系统", user: "用户", assistant: "模型", tool: "工具结果" },
  ui: {
    figureKicker: "动态图解 · F22",
    figureTitle: "把一个Agent任务拆成真正发生的几轮",
    figureLabel: "动态图解 · F22：把一个Agent任务拆成真正发生的几轮",
    keysActive: "键盘已启用：← → 逐步，空格 播放/暂停，Home/End 第一步/最后一步",
    diagramLabel: "泳道图：用户、模型、宿主、工具之间依次传递的消息",
    lanesLabel: "泳道",
    actingLane: "正在行动",
    prev: "上一步",
    next: "下一步",
    play: "播放",
    pause: "暂停",
    replay: "从头播放",
    counter: (n, total) => `${n} / ${total}`,
    counterLabel: (n, total) => `第 ${n} 步，共 ${total} 步`,
    dwell: "停留时间",
    dwellValue: (seconds) => `${seconds} 秒`,
    announce: (n, total, stepTitle) => `步骤第${n}步，共${total}步：${stepTitle}`,
    contextHeading: "上下文",
    contextEmpty: "模型还没有看到任何内容。",
    callIdHeading: "调用标识",
    resultHeading: "工具结果",
    noneYet: "暂无",
    fileLabel: "文件",
    enlarge: "放大图形",
    close: "关闭",
    dialogLabel: "放大的图形 F22",
    language: "语言",
    controlsLabel: "步骤控制",
    stepLinkProblem: (problem, total, shown) =>
      `${problem === "not_a_number" ? "链接中的步骤不是数字" : `链接中的步骤超出范围（本图共 ${total} 步）`}，已显示第 ${shown} 步。`,
    printStepsHeading: "F22 的全部步骤",
    edge: (from, to) => `${from} → ${to}`,
    newInContext: "新增",
    replayed: "重放",
  },
} as const satisfies Catalog;
