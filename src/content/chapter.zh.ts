import type { PageText } from "./types";

/** The chapter page around the figure (中文). Not part of the figure: an embedded figure never loads it. */
export const chapter = {
  title: "模型提议与程序执行分离",
  conditionsHeading: "输入与适用条件",
  conditionsNote: "泳道只表示职责边界，不代表调用了任何真实的商业模型 API；数据和动作顺序都是固定的。",
  stepLinkProblem: (problem, total, shown) =>
    `${problem === "not_a_number" ? "链接中的步骤不是数字" : `链接中的步骤超出范围（本图共 ${total} 步）`}，已显示第 ${shown} 步。`,
  scenario: "场景",
  checkpoints: "在关键步骤先让我预测接下来会发生什么",
  scenarioProblem: (shown) => `链接中的场景不存在，已显示“${shown}”。`,
  exporting: {
    label: "导出",
    format: "导出格式",
    neutral: "整条记录（中性 JSON，第 2 版）",
    transcript: (formatName) => `整次运行，${formatName} 格式（全部消息，加上最后的回复）`,
    download: "下载 JSON",
    copyLink: "复制这一步的链接",
    linkLabel: "这一步的链接",
    copied: "链接已复制。",
    noLink: "载入的记录没有链接：可以下载它的 JSON。",
  },
  openTranscript: "载入记录",
  toolsHeading: "工具：换一个场景、载入自己的记录、导出",
} as const satisfies PageText;
