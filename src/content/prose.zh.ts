import type { ChapterProse } from "./types";

/**
 * The chapter page's prose around the figure (中文): what never changes with the figure shown. The built page
 * has it pre-rendered, and loads it only when the reader switches to this language.
 */
export const prose = {
  guideHeading: "沿着对象与状态理解本章",
  guide: [
    "把模型、宿主、工具放进不同的泳道，“到底是谁改动了文件”就有了明确的答案。",
    "跟着每一条返回的消息走，再判断下一步：再调用一次模型、执行一个工具，还是结束。模型说“完成了”，不等于环境里的事情真的完成了。",
    "下图的固定输入写在“输入与适用条件”里。它只用来说明本章的机制，和本章其他独立例子的数值没有暗中衔接。",
  ],
  question: "同一句用户任务，为什么可能调用模型不止一次？",
  loopsNote:
    "模型生成下一步的提议，宿主执行获准的动作，再把结果交回模型：这是外层的任务循环。每一次模型调用的内部，还有逐个 token 生成的过程。外层循环里的一轮工具行动，不等于内部生成一个 token，这两种“循环”不能混为一谈。",
  glossaryHeading: "术语",
  glossary: [
    { term: "调用标识（call ID）", definition: "把某一次工具请求和它的结果连在一起的 ID。" },
    { term: "工具结果（tool result）", definition: "程序实际执行之后返回的内容。" },
    { term: "上下文（context）", definition: "这一轮明确交给模型的信息，而不是整台电脑的状态。" },
  ],
  narrowHint:
    "手机上每条泳道都在屏幕内，按钮停在屏幕底部；投影时点“演示”，图形铺满全屏。换场景、载入记录和导出都在图下的“工具”里。文字解释紧跟在图后。",
  playerHint:
    "默认静止：用“下一步”读完说明再继续，播放到最后一步会自动停下。播放器获得焦点后，可以用左右方向键逐步查看，空格键播放或暂停。图中的颜色只作辅助，每种含义都同时用文字标明。",
  panels: [
    { heading: "为什么需要", body: "借助工具，模型可以获得新的证据，而不必把一切都塞进参数里。" },
    { heading: "怎样实现", body: "把循环组织成：请求、校验、执行、结果回填、继续决策。" },
    {
      heading: "可能的代价与误解",
      body: "忘记回填工具结果，模型会一再请求同一件事；把模型输出的文字当作执行的证明，就会误报完成。",
    },
    { heading: "如何判断是否做对", body: "对照每一轮的模型输入和工具日志，确认每个结果都和它的 call_id 对得上。" },
    {
      heading: "怎样观察与验证",
      body: "在本章的实验里（见“运行命令”下的脚本），完整任务只有一次模拟写入；重复同一个操作 ID 不会重复写入；未授权的 publish 会被拒绝。整个过程没有调用真实的 LLM，也不读写真实的工程文件。",
    },
  ],
  runHeading: "运行命令",
  runNote:
    "本章自带的脚本是 07_agent_loop.py，运行方式为 python3 reading-notes/experiments/07_agent_loop.py（随本章附带，不在本项目里）。本项目的 TypeScript 移植打印逐字节相同的报告：",
  runCommand: "npm run --silent demo",
  codeHeading: "完整教学代码",
  codeNote:
    "下面是本项目对本章脚本 07_agent_loop.py 的 TypeScript 移植（src/engine/experiment.ts），构建页面时直接从文件读出。它逐条保留了原脚本的规则和检查顺序。",
  outputHeading: "运行结果示例",
  outputNote:
    "以下结果是移植版在构建页面时实际运行得到的，也就是上面的命令打印的内容。它们不是 LLM 或任何产品的性能数据。",
} as const satisfies ChapterProse;
