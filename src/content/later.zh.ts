import type { LaterLabels } from "./types";

/** A count as this language writes it. */
const count = (n: number): string => n.toLocaleString("zh-CN");

/** What a token estimate leaves out: the texts the record did not hold (none, most often: then nothing is said). */
const unrecordedClause = (n: number): string => (n === 0 ? "" : `，其中 ${count(n)} 段文本记录里没有，未计入`);

/**
 * The 中文 words of the figure's parts that load a moment after it (its full panels, the Format view, the inner
 * loop, a checkpoint's box): ./types.ts, `LaterLabels`.
 */
export const later = {
  contextHeading: "上下文",
  contextEmpty: "模型还没有看到任何内容。",
  callIdEarlier: "此前",
  callIdEarlierTitle: "来自之前的步骤：这一步没有进行中的调用。",
  noneYet: "暂无",
  toolsDeclared: "声明的工具",
  builtInTool: (name, type) => (name === type ? `${name}（内置）` : `${name}（内置：${type}）`),
  contextAdded: (messages, tokens, total, unrecorded) =>
    `这次调用新增 ${messages} 条消息，约 ${count(tokens)} 个 token；消息共约 ${count(total)} 个 token${unrecordedClause(unrecorded)}`,
  contextSize: (total, unrecorded) =>
    `模型上一次收到的上下文：约 ${count(total)} 个 token${unrecordedClause(unrecorded)}`,
  tokenMethod: "token 数为估算：约 4 个拉丁字符或 1 个汉字算 1 个 token，未计工具声明；实际数目取决于模型的分词器。",
  innerLoopHeading: "内循环：一次模型调用之内",
  innerLoopNote: (tokens) =>
    `在这一次调用之内，模型逐个生成 token（这里按简单的固定切分，共 ${tokens} 个）。图中的一行行是外循环。`,
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
      '宿主在最近一次模型调用时发送的 Converse 请求（SDK 的 ConverseCommand 输入）。modelId 和调用 ID 都是占位符。按 AWS 的说法，结果的 status "error" 只有 Amazon Nova 和 Anthropic Claude 3、4 模型支持。',
    "ai-sdk":
      "这不是服务方的请求：这是宿主在最近一次模型调用时交给 Vercel AI SDK 的 ModelMessage 列表，SDK 再把它转换成所选服务方的请求。调用 ID 是占位符。",
  },
  wireLoading: "正在加载格式……",
  wireFailed: "无法加载这个格式，显示的仍是中性格式。",
  checkpointKicker: "先预测",
  checkpointHint: "选一个答案；也可以直接下一步，跳过这道题。",
  checkpointYours: "你的选择",
  checkpointRightOption: "正确答案",
  checkpointMarks: (marks) => `（${marks.join("，")}）`,
  checkpointSkipped: (explanation) => `已跳过：你在选择之前就往下走了。${explanation}`,
  earlierMessages: (next, hidden) => `再显示 ${next} 条更早的消息（共 ${count(hidden)} 条未显示）`,
  figureToolsOverview: "运行概览、请求格式与 token 估算",
  figureTools: "请求格式与 token 估算",
  wireExcerpt: (shown, total) =>
    `这里显示的是用本步上下文 ${count(total)} 条消息中最新的 ${shown} 条（以及系统消息，如果有）组成的请求；宿主在这一步发出的请求包含全部 ${count(total)} 条。`,
  figureUnread: "这张图无法显示",
  figureProblemsNote: "请在下列位置修改文件，然后重新加载：",
  figureBrokenForReaders: "这张图的文件有错误，因此无法显示。请告诉课程的作者。",
  figureProblemsForAuthor: "给作者：请在下列位置修改文件，然后重新加载：",
  problemPlace: (line, column) => `第 ${line} 行第 ${column} 列`,
  theFile: "整个文件",
  moreProblems: (count) => `另有 ${count} 处`,
} as const satisfies LaterLabels;
