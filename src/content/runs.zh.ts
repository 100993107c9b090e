import type { RunText } from "./types";

/** A size in megabytes, one decimal: "57.4 MB". */
const megabytes = (bytes: number): string =>
  `${(bytes / 1e6).toLocaleString("zh-CN", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

/**
 * The chapter page's words for loading a recorded run and for what an export keeps and drops (中文): loaded
 * with the transcript panel or the export's report, not with the page.
 */
export const runs = {
  showMore: (next, left) => `再显示 ${next} 条（还有 ${left} 条未显示）`,
  importing: {
    heading: "载入你自己的 Agent 运行记录",
    paste: "粘贴 JSON（请求体、消息 / 输入项列表，或响应体）",
    file: "或选择文件",
    format: "格式",
    detect: "自动识别",
    traceFormat: "本图的轨迹（本图导出的 JSON）",
    load: "载入",
    close: "关闭",
    failed: (format) =>
      `没有载入：${format === null ? "" : `按 ${format} 格式读取时，`}发现下列问题。图中仍显示原来的内容。`,
    at: (line, column) => `第 ${line} 行第 ${column} 列`,
    otherOrigin: "只能载入本站的记录：链接指向了别的来源，已忽略。",
    fetchFailed: "链接中的记录无法获取，图中仍显示原来的内容。",
    fileChosen: (name, bytes) => `已选择 ${name}（${megabytes(bytes)}），按“载入”时读取。`,
    loading: (name) => `正在载入 ${name}`,
    progress: ({ phase, bytes, total, messages, steps, received }) =>
      phase === "reading"
        ? `正在读取：${megabytes(bytes)}${total === null ? "" : ` / ${megabytes(total)}`}`
        : phase === "building"
          ? "已读完，正在配对调用标识并生成步骤"
          : `${(messages ?? 0).toLocaleString("zh-CN")} 条消息，${(steps ?? 0).toLocaleString("zh-CN")} 个步骤：已交给图 ${received.toLocaleString("zh-CN")} 个`,
    cancel: "取消",
    cancelled: "已取消载入，图仍显示原来的内容。",
    viewing: (name) => `正在查看载入的记录：${name}`,
    back: "回到内置场景",
    problemsHeading: "记录中的问题",
    problem: ({ kind, callId }) =>
      ({
        missing_result: `${callId} 没有结果，记录却继续往下走了`,
        unknown_call: `结果 ${callId} 找不到对应的调用`,
        duplicate_id: `${callId} 之前已被另一个调用用过`,
        second_result: `${callId} 已经有了结果：这是第二个`,
        result_before_call: `${callId} 的结果出现在调用之前`,
        bad_arguments: `${callId} 的参数不是 JSON 对象（按原文保留）`,
      })[kind],
    note: (note) => {
      switch (note.kind) {
        case "provider_tool":
          return `${note.name} 由模型服务方在这次模型调用内部执行，不是宿主执行的`;
        case "paired_by_order":
          return `这条 ${note.name} 的结果没有 ID：按顺序配给最早一个还没有结果的 ${note.name} 调用`;
        case "unknown_type":
          return `“${note.name}”是本图不认识的类型：以占位符保留`;
        case "torn_line":
          return `日志第 ${note.name} 行不完整（写入方还没写完），没有读取`;
        case "cancelled":
          return note.started === true
            ? `${note.name} 在运行中被${note.by === null ? "" : { user: "用户", host: "宿主" }[note.by]}取消：它此前打印的内容随取消信息一起传回`
            : `${note.name} 在${note.started === false ? "运行" : "返回"}之前被${note.by === null ? "" : { user: "用户", host: "宿主" }[note.by]}取消：传回的是取消信息，不是工具的结果`;
        case "stopped":
          return note.how === "aborted"
            ? `用户在这次模型调用完成之前中止了它${note.reason === null ? "" : `（“${note.reason}”）`}：它已写出的内容保留，它提出的调用都没有执行`
            : `这次模型调用以错误结束${note.reason === null ? "" : `：“${note.reason}”`}；它已写出的内容保留，它提出的调用都没有执行`;
        case "observed":
          return `智能体的遥测记录了 ${note.name} 的这次运行（一个带有调用 ID 的 ${note.span} span${note.ms === null ? "" : note.ms === 0 ? "，耗时不到 1 毫秒" : `，耗时 ${note.ms} 毫秒`}${note.failed ? "，以错误结束" : ""}）：工具的运行是观察到的，不是从下一次请求推断出来的`;
        case "not_captured":
          return `遥测没有记录消息内容（这是插桩的默认设置），所以这里的文本都显示为 [not recorded]：画出的是这次运行的结构，即它的 ${note.calls} 次模型调用，以及智能体带着调用 ID 运行的工具；设置 OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true 后重新记录，才能看到文字`;
        case "running":
          return `智能体交回 ${note.name} 目前的输出时，它仍在运行（时限内没有新的输出）：它没有失败，模型可以再等等，也可以停止它`;
        case "aborted":
          return `这一轮在 ${note.name} 返回之前被中止${note.reason === null ? "" : `（${note.reason}）`}：日志里没有它的结果`;
        case "error_by":
          return {
            tool: `${note.name} 执行了，但失败了：日志表明错误来自工具`,
            host: `${note.name} 没有执行：智能体拒绝了这次调用或无法执行它，把错误作为结果传回`,
            user: `用户拒绝了 ${note.name}：它没有执行，拒绝作为结果传回`,
          }[note.by];
        case "compacted":
          return `智能体在这次调用之前压缩了上下文：模型拿到的是摘要，而不是之前的${note.dropped === null ? "消息" : ` ${note.dropped.toLocaleString("zh-CN")} 条消息`}（上下文里仍列出它们）`;
        case "system_message":
          return `宿主在这次调用之前往模型的上下文里放了一条系统消息，夹在消息之间：这段文字不是用户写的${note.clearAt === null ? "" : "；它只在下一条用户消息之前给模型看，之后留在历史里但不再给模型看（clear_at）"}`;
        case "host_text":
          return `这一轮用户消息里有 ${note.blocks} 段是宿主加的，不是用户写的：Agent 在用户输入旁边放进的 <system-reminder> 文字`;
        case "context_edits":
          return `这个请求要求服务方在模型读取之前先编辑上下文（${note.edits.join("、")}）：模型读到的可能比这里显示的上下文少`;
        case "log_error":
          return `智能体在这里记录了一个错误：“${note.message}”`;
        case "usage":
          return `日志记录 ${note.calls.toLocaleString("zh-CN")} 次模型调用共${[
            note.input === null ? null : `输入 ${note.input.toLocaleString("zh-CN")} 个 token`,
            note.output === null ? null : `输出 ${note.output.toLocaleString("zh-CN")} 个`,
            note.cost === null
              ? null
              : `花费 ${note.cost.toLocaleString("zh-CN", { maximumSignificantDigits: 3 })} 美元`,
          ]
            .filter((part) => part !== null)
            .join("，")}`;
      }
    },
    summary: ({ shape, messages, toolCalls, others = [] }, format) =>
      `${format} ${{ request: "请求体", messages: "消息列表", response: "响应体" }[shape]}，${messages.toLocaleString("zh-CN")} 条消息，${toolCalls.toLocaleString("zh-CN")} 个工具调用${others.length === 0 ? "" : `；显示的是第一个样本，日志里另外 ${others.length} 个没有显示（${others.join("、")}）`}`,
    more: (count) => `另有 ${count} 条`,
    goToStep: (step) => `第 ${step} 步`,
    stepSeparator: "：",
    checkLabel: "能否重放？按此服务方检查",
    checkNone: "（选择服务方）",
    checkPassed: (provider, models) =>
      `用这段历史组成的请求符合 ${provider} 的文档规则${models.length === 0 ? "" : `（${models.join("、")}）`}。`,
    checkFailed: (count, provider) => `${provider} 会拒绝用这段历史组成的请求：${count} 个问题。`,
    checkProblem: ({ rule, callId, path }) =>
      `${
        {
          call_without_result: `${callId} 在模型下一轮之前没有结果`,
          result_not_right_after_call: `${callId} 的结果不在这家服务方要求的位置：应紧跟在调用之后、位于下一轮的最前面`,
          result_without_call: `${callId} 的结果没有对应上一轮的调用（或它的调用已经有过结果）`,
          duplicate_call_id: `调用 ID ${callId} 用了两次`,
          call_id_pattern: `调用 ID ${callId} 含有这家服务方不接受的字符`,
          first_message_not_user: "对话以模型的一轮开头，而不是用户的",
          result_turn_has_other_content: "回填工具结果的那一轮里还有用户的文字",
          tools_not_declared: "历史里有工具调用，但没有声明任何工具",
          arguments_not_object: `${callId} 的参数不是 JSON 对象`,
          thinking_not_kept: `调用 ${callId} 的那一轮有思考内容，却没有它的签名`,
          empty_message: `有一条消息没有内容（${path}），只有最后一轮模型消息可以为空`,
          thinking_block_missing: `调用 ${callId} 的那一轮不是以思考块开头；开启思考时，最后一轮工具调用必须如此`,
          blank_text: `有一个文本块是空白的（${path}）：这家服务方不接受空的或只有空白字符的文本`,
          null_content: `按记录原样，一条模型消息的 content 为 null 且没有工具调用（${path}）`,
          signature_missing: `${callId} 是当前这一轮中某一步的第一个调用，记录里却没有它的 thoughtSignature，而 Gemini 3 模型要求有`,
        }[rule]
      }（${rule}，位置 ${path}）`,
    story: (name, summary, scored) => ({
      name,
      kicker: "载入的记录",
      title: name,
      lesson: "同样的循环，来自真实的运行：每个结果都要带着 call_id 找到它的调用。",
      input:
        scored === "reviewer"
          ? `${summary}。记录里有智能体对自己提交的审阅：这是智能体提交之后另一个模型的判断，最后一步会显示它；它若给出“是”或“否”，结局由它决定（只给分数则结局仍是“未记录”）。这是预测，不是对补丁的测试。`
          : scored === "scorer"
            ? `${summary}。记录里有评测在模型停下之后对任务的核对：最后一步把它放在模型的回复旁边，结局由它决定。`
            : `${summary}。记录里没有宿主对环境的核对，所以结局是“未记录”。`,
      captions: [],
    }),
  },
  viewer: {
    title: "在图中查看你的运行记录",
    pick: "运行记录",
    reading: (name) => `正在读取 ${name}……`,
    following: (name, time) => `${name}，${time} 时的内容；有变化时随之更新。`,
    stale: (name) => `${name} 已变为（暂时）无法显示的内容：这里显示的是最后一个可以显示的版本。`,
    waiting: ({ proxy, telemetry }) =>
      proxy && telemetry
        ? "正在等待 Agent 经代理发出的第一个请求，或它发到 OTLP 接收器的第一批 span……"
        : telemetry
          ? "正在等待 Agent 发到 OTLP 接收器的第一批 span……"
          : "正在等待 Agent 经代理发出的第一个请求……",
    noAccess: "没有令牌，查看器不显示任何内容：请打开 agent-loop-figure view 打印的链接（带 ?token=）。",
    gone: "无法连接查看器：它已停止，或这份运行记录已无法读取。",
    figureProblems: (name) => `${name} 是一个无法显示的图解文件：`,
    notDrawn: (name, live) =>
      `${name} 无法绘制：导入读不了它，原因见下。${live ? "启动这个查看器的终端里也会说明；用 --save 时，这次运行会原样保存。" : ""}`,
    notDrawnReasons: (format) => `${format === null ? "" : `按 ${format} 读取时，`}这次运行无法绘制的原因：`,
    follow: "跟随最新一步",
    live: {
      inferred: "由下一个请求推断：代理看到的是这个结果被送回模型，而不是宿主程序运行工具。",
      streaming: "仍在流式传输：这是目前收到的回答。工具调用的参数要等它的块结束才完整。",
      awaiting: "已发送：请求已发往服务商，回答尚未开始。",
      event: (event) => {
        switch (event.kind) {
          case "error":
            return `服务商返回 ${event.status}：“${event.message}”。这次模型调用没有得到回答。`;
          case "stream_error":
            return `回答的流以服务商的错误结束：“${event.message}”。`;
          case "cut":
            return "回答的流在结束前被切断：Agent 的 SDK 看到它提前结束，和直连时一样。";
          case "client_closed":
            return "Agent 在回答结束前停止了读取。";
          case "unreachable":
            return "无法连接服务商：Agent 收到的是代理的 502 回答。";
          case "malformed":
            return `回答的流中有 ${event.count} 个事件不是这个服务商会发送的：已按原样转给 Agent，未计入这里显示的回答。`;
          case "retried":
            return "同一个请求又发送了一次。";
          case "rewritten":
            return `这个请求没有接着它之前发送的历史：它保留了之前发送的 ${event.before} 条消息中的前 ${event.kept} 条，改动或删去了其余部分（压缩或编辑）。各步骤显示的是这个请求的历史。`;
          case "thinking_cleared":
            return `这个请求不再发送之前历史里的 ${event.blocks} 个思考块（被 Agent 或它的上下文管理清除）：模型在这次调用中没有读到它们。上下文显示的是这个请求的历史。`;
          default: {
            const never: never = event;
            return never;
          }
        }
      },
    },
  },
  exportReport: {
    lossHeading: (formatName) => `${formatName} 文件里不会有的内容：`,
    loss: ({ feature, count, step, hasPlace }) =>
      `${
        {
          system: `${count} 条系统说明`,
          mid_run_system: `宿主在运行中途放进的 ${count} 条系统消息的位置：它们被并进系统说明`,
          clear_at: `有 ${count} 条系统消息只在下一条用户消息之前给模型看（clear_at，只有测试版 Messages API 接受）：写出时没有它，这些消息会一直留在模型面前`,
          tool_declarations: `${count} 个工具的声明`,
          built_in_tools: `${count} 个内置工具的声明`,
          error_status: `${count} 个工具结果的错误标记，文字保留`,
          reasoning: `${count} 段推理：思考内容或其签名`,
          media: `${count} 个图片、音频或文档`,
          provider_tools: `${count} 个由服务方执行的工具调用或结果`,
          raw_arguments: `${count} 个调用里不是 JSON 对象的参数原文`,
          unknown_parts: `${count} 个本图不认识类型的内容`,
          unfed_calls: `模型提出的 ${count} 个调用及其结果：宿主从没把它们放进模型的上下文，只有本图的轨迹记着`,
          host_hops: `宿主与 MCP 服务器之间的 ${count} 次 JSON-RPC 往返（tools/call），不在任何一次模型请求里`,
          result_order: `${count} 轮调用的结果回来的先后：写出时按调用的顺序排列，每个结果仍带着自己的调用 ID`,
        }[feature]
      }${hasPlace ? "：该格式有对应的位置，但本图没有保留可写入的签名或原始数据" : ""}（从第 ${step} 步起）`,
    noLoss: (formatName) => `${formatName} 能承载整次运行。`,
    additionHeading: (formatName) => `为了让 ${formatName} 把它当作请求接受，本图加上了：`,
    addition: ({ kind, count, step }) =>
      `${
        {
          placeholder_signature: `${count} 轮模型消息的第一个调用上 Google 文档给出的占位 thoughtSignature：调用不是 Gemini 3 模型签名的时候，Gemini 3 要求这样做`,
        }[kind]
      }（从第 ${step} 步起）`,
    refusedHeading: (formatName, count) => `当作请求发送时，${formatName} 仍会拒绝这段历史：${count} 个问题。`,
  },
} as const satisfies RunText;
