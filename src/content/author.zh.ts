import type { AuthorText } from "./types";

/** 制作页的中文文本。 */
export const author: AuthorText = {
  title: "为你的课程制作一张图",
  intro:
    "在编辑器里写图文件：任务、固定输入、工具及其行为、宿主允许什么、模型每次调用时说什么，以及宿主如何核对任务已完成。预览由真正的引擎运行它，逐步显示，随你的输入更新。",
  chapterLink: "回到图 F22",
  language: "语言",
  editorHeading: "图文件",
  editorLabel: "图文件（JSON）",
  editorHint: "Ctrl+Space 按 schema 补全字段名或取值；按 Tab 离开编辑器。问题标在所在行，并列在下方。",
  templateLabel: "从模板开始",
  templates: {
    f22: "F22：读取 config.txt 中的 timeout",
    refused: "未经批准的写入被拒绝（失败场景）",
    parallel: "两个并行调用（查两座城市的天气）",
    retry: "工具出错后重试",
    transcript: "录制的运行：粘贴一份记录…",
  },
  useTemplate: "使用",
  replaced: "编辑器里已换成新文件；撤销（Ctrl+Z）可以恢复你原来的文本。",
  transcriptLabel: "一份记录，任何导入能读的格式都可以（请求体、消息列表、Claude Code 日志……）",
  makeFromTranscript: "由它生成图文件",
  transcriptFailed: (why) => `无法读取这份记录：${why}`,
  transcriptStory: {
    title: "一次录制的运行",
    lesson: "在这里写这次运行要讲的道理。",
    input: "在这里写这次运行的输入。",
  },
  problems: (count) => `${count} 个问题`,
  noProblems: "没有问题：预览显示的就是这个文件。",
  stalePreview: "预览显示的是最近一个没有问题的版本。",
  goTo: (line, column) => `第 ${line} 行第 ${column} 列`,
  previewHeading: "预览",
  embedHeading: "放进课程页面",
  embedNote: (file) =>
    `把文件放到你的网站上（${file}），与图的文件放在一起（见 docs/embedding.md），再粘贴下面任意一段。`,
  embedIframe: "iframe（任何页面、任何 LMS）",
  embedElement: "Web 组件",
  embedReact: "React 组件",
  copy: "复制",
  copied: "已复制。",
  copyFailed: "浏览器拒绝了复制：请选中文本后自行复制。",
  shareHeading: "用链接分享",
  copyShare: "复制分享链接",
  openShare: "在嵌入页中打开",
  shareSize: (used, limit) => `链接里压缩存放着整个文件：${used} 个字符，上限 ${limit}。不会上传任何内容。`,
  shareTooLong: (used, limit) =>
    `太长，放不进链接：压缩后 ${used} 个字符，链接最多 ${limit} 个。请下载文件，放到你的网站上。`,
  download: "下载图文件",
  draftRestored: "已恢复你上次的草稿（只保存在这个浏览器里）。",
};
