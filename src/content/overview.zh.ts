import type { OverviewLabels } from "./types";

/** A count as this language writes it. */
const count = (n: number): string => n.toLocaleString("zh-CN");

/** The overview's rows, by what they mark. */
const OVERVIEW_KINDS = {
  error: "工具出错",
  refused: "被拒绝",
  stopped: "取消或中止",
  warning: "警告",
  retry: "重试",
  compaction: "上下文压缩",
  note: "说明",
} as const;

/**
 * The Chinese words of a run's overview (its strip, jumps, Find and summary: src/player/dom/run-overview.ts), loaded
 * with the overview's code: ./types.ts, `OverviewLabels`.
 */
export const overview = {
  heading: "运行概览",
  glance: (calls, tools, problems) =>
    `模型调用 ${count(calls)} 次 · 工具调用 ${count(tools)} 次 · ${problems === 0 ? "没有问题" : `问题 ${count(problems)} 个`}`,
  position: "在运行中的位置",
  positionText: (step, steps, round, rounds, kinds) =>
    `第 ${count(step)} 步，共 ${count(steps)} 步；第 ${count(round)} 轮，共 ${count(rounds)} 轮${
      kinds.length === 0 ? "" : `：${kinds.map((kind) => OVERVIEW_KINDS[kind]).join("、")}`
    }`,
  kinds: OVERVIEW_KINDS,
  rounds: "轮次",
  matches: "查找结果",
  problemGroup: "问题",
  prevProblem: "上一个问题",
  nextProblem: "下一个问题",
  roundGroup: "轮次",
  prevRound: "上一轮",
  nextRound: "下一轮",
  toolGroup: (name) => (name === null ? "同一工具" : `${name} 调用`),
  prevTool: (name) => `上一次调用 ${name}`,
  nextTool: (name) => `下一次调用 ${name}`,
  keys: "按键：P / Shift+P 问题，R / Shift+R 轮次，T / Shift+T 同一工具，F 查找",
  find: "查找",
  findPlaceholder: "查找：工具、call_id、文本",
  findCount: (at, total) => (at === 0 ? `找到 ${count(total)} 处` : `第 ${count(at)} 处，共 ${count(total)} 处`),
  findNone: "没有找到",
  findSearching: "正在查找…",
  summary: "摘要",
  modelCalls: (n) => `模型调用 ${count(n)} 次`,
  toolCalls: (n) => `工具调用 ${count(n)} 次：`,
  toolCount: (name, n) => `${name} ×${count(n)}`,
  moreTools: (n) => `另有 ${count(n)} 个工具`,
  errorsBy: (by, n) =>
    ({
      tool: `工具出错 ${count(n)} 次（工具运行了，但失败了）`,
      host: `宿主拒绝 ${count(n)} 次调用`,
      user: `用户拒绝 ${count(n)} 次调用`,
      unsaid: `错误结果 ${count(n)} 个，记录没有说明由谁造成`,
    })[by],
  kindCount: (kind, n) => `${OVERVIEW_KINDS[kind]}：${count(n)}`,
  noProblems: "没有错误、拒绝或警告",
  ended: (outcome) => `结束：${outcome}`,
} as const satisfies OverviewLabels;
