/** The MCP hop: a tool that lives in an MCP server, reached by the host with JSON-RPC ids of its own. The run and its own narrative, in both languages. */

import type { Lang } from "../content/languages";
import type { Checkpoint, Story } from "../content/types";
import { type ModelPolicy, readFileTool, type Scenario, type ToolDefinition } from "../engine";
import { defineScenario, type ScenarioEntry } from "./types";

const TRIP = "trip.txt";

/** What the weather server knows: one city. */
const WEATHER: Readonly<Record<string, string>> = { Paris: "18 °C, light rain" };

/**
 * `get_weather {city}`, served by an MCP server: the host asks it with `tools/call`. A city it does not know is the
 * tool's own failure, which MCP reports inside a successful response (`isError: true`).
 */
export const weatherTool: ToolDefinition = {
  name: "get_weather",
  description: "The current weather in a city, from the weather MCP server.",
  parameters: {
    type: "object",
    properties: { city: { type: "string", description: "A city's name." } },
    required: ["city"],
    additionalProperties: false,
  },
  mcp: { server: "weather" },
  wellFormed: (args) => Object.keys(args).length === 1 && typeof args.city === "string",
  inScope: () => true,
  run: (args) => {
    const city = String(args.city);
    const weather = WEATHER[city];
    return weather === undefined
      ? { status: "error", content: `Unknown city: ${city}` }
      : { status: "ok", content: weather };
  },
};

/** The conversation's words in one language. */
interface Words {
  readonly request: string;
  readonly systemNote: string;
  /** The answer, from the weather read for the first city and the error for the second. */
  readonly answer: (first: string, weather: string, second: string, error: string) => string;
}

const words: Readonly<Record<Lang, Words>> = {
  zh: {
    request: "读取 trip.txt，告诉我里面每个城市的天气",
    systemNote: "你是出行助手：可以读取本项目里的文件，天气由 weather MCP 服务器提供。",
    answer: (first, weather, second, error) =>
      `${first}：${weather}。${second}：天气服务回答“${error}”，我查不到它的天气。`,
  },
  en: {
    request: "Read trip.txt and tell me the weather in each of its cities",
    systemNote:
      "You are a travel assistant: you may read files in this project; the weather comes from the weather MCP server.",
    answer: (first, weather, second, error) =>
      `${first}: ${weather}. ${second}: the weather service answered "${error}", so I cannot tell its weather.`,
  },
};

/** Read the trip, ask for every city's weather at once, then answer from the results. */
function model(answer: Words["answer"]): ModelPolicy {
  return (context) => {
    const results = context.flatMap((m) => (m.role === "tool" ? [m] : []));
    const trip = results.find((r) => r.name === readFileTool.name && r.status === "ok");
    if (trip === undefined) return { kind: "tool_calls", calls: [{ name: readFileTool.name, args: { path: TRIP } }] };
    const cities = (trip.content.split("=")[1] ?? "").split(",").map((city) => city.trim());
    const weather = results.filter((r) => r.name === weatherTool.name);
    if (weather.length === 0)
      return { kind: "tool_calls", calls: cities.map((city) => ({ name: weatherTool.name, args: { city } })) };
    const [first = "", second = ""] = cities;
    const [ok, failed] = [weather.find((r) => r.status === "ok"), weather.find((r) => r.status === "error")];
    return { kind: "final", text: answer(first, ok?.content ?? "", second, failed?.content ?? "") };
  };
}

/**
 * The tool lives in an MCP server, a fifth lane. The model proposes get_weather twice (call_2, call_3); the host
 * checks each, then its MCP client sends a JSON-RPC `tools/call` with its own request id (3, 4: `initialize` and
 * `tools/list` came first), the server answers each id, and the host feeds the results back under call_2 and call_3.
 * The second city is unknown: the tool's failure comes back inside a successful response, `isError: true`, and
 * goes to the model as an error result.
 */
function run(text: Words): Scenario {
  return {
    id: "mcp-hop",
    request: text.request,
    systemNote: text.systemNote,
    files: { [TRIP]: "cities=Paris,Atlantis" },
    tools: [readFileTool, weatherTool],
    allowedTools: [readFileTool.name, weatherTool.name],
    model: model(text.answer),
    host: { feedResultsBack: true },
    maxModelCalls: 4,
    // Done: the server was asked for every city, and the answer gives the weather it returned for Paris.
    verify: ({ results, answer }) => {
      const asked = results.filter((r) => r.name === weatherTool.name);
      const weather = asked.find((r) => r.status === "ok")?.content;
      return asked.length === 2 && weather !== undefined && answer.includes(weather);
    },
  };
}

/** What the reader is asked to predict at this scenario's key steps, in each language. */
const CHECKPOINTS: Readonly<Record<Lang, readonly Checkpoint[]>> = {
  zh: [
    {
      at: { kind: "validation", callId: "call_2" },
      question: "宿主批准了 call_2（查询巴黎的 get_weather）。它发给 MCP 服务器的请求带着哪个 ID？",
      options: [
        { text: "call_2：模型的 call_id" },
        { text: "宿主自己的 JSON-RPC ID：3", correct: true },
        { text: "不带 ID：MCP 不需要" },
      ],
      explanation:
        "第 9 步：宿主的 MCP 客户端发送 tools/call，用的是它自己的请求 ID 3（initialize 和 tools/list 用掉了 1 和 2），并记住 3 对应 call_2。",
    },
    {
      at: { kind: "mcp_request", callId: "call_3" },
      question: "服务器不认识第二个城市。它会怎么说？",
      options: [
        { text: "返回一个 JSON-RPC 错误" },
        { text: "返回一个成功的响应，结果里标着 isError: true", correct: true },
        { text: "根本不回答" },
      ],
      explanation: "第 13 步：工具自己的失败放在成功的响应里，标上 isError；宿主把它作为 call_3 的错误结果交给模型。",
    },
  ],
  en: [
    {
      at: { kind: "validation", callId: "call_2" },
      question:
        "The host has approved call_2 (get_weather for Paris). Which id does its request to the MCP server carry?",
      options: [
        { text: "call_2: the model's call_id" },
        { text: "A JSON-RPC id of the host's own: 3", correct: true },
        { text: "None: MCP needs no id" },
      ],
      explanation:
        "Step 9: the host's MCP client sends tools/call with its own request id, 3 (initialize and tools/list used 1 and 2), and keeps in mind that 3 stands for call_2.",
    },
    {
      at: { kind: "mcp_request", callId: "call_3" },
      question: "The server does not know the second city. How does it say so?",
      options: [
        { text: "With a JSON-RPC error" },
        { text: "With a successful response whose result says isError: true", correct: true },
        { text: "It does not answer at all" },
      ],
      explanation:
        "Step 13: a tool's own failure comes back inside a successful response, marked isError; the host passes it to the model as call_3's error result.",
    },
  ],
};

/** The scenario's narrative in each language (apart from its run, for shells that carry a ready-made trace). */
export const mcpHopStories: Readonly<Record<Lang, Story>> = {
  zh: {
    name: "MCP 一跳：工具在 MCP 服务器里",
    kicker: "场景 · MCP 一跳",
    title: "宿主用自己的 ID 调用 MCP 服务器，再用模型的 call_id 交回结果",
    lesson:
      "模型的 call_id 和宿主发给 MCP 服务器的 JSON-RPC 请求 ID 是两个 ID：宿主保管二者的映射，模型只看到自己的 call_id。",
    input:
      "trip.txt 的内容固定为 cities=Paris,Atlantis；read_file 是宿主自己的工具，get_weather 在 weather MCP 服务器里（宿主已先发过 initialize 和 tools/list，请求 ID 1、2），服务器只认识 Paris；预算 4 次模型调用。",
    captions: [
      {
        when: { kind: "finish" },
        text: "宿主核对环境：两个城市都问过 MCP 服务器，回答里的 Paris 天气正是服务器返回的内容，任务完成。Atlantis 的失败没有被当作成功，而是作为错误结果如实交给了模型。",
      },
    ],
    checkpoints: CHECKPOINTS.zh,
  },
  en: {
    name: "The MCP hop: a tool in an MCP server",
    kicker: "Scenario · MCP hop",
    title: "The host calls an MCP server with ids of its own, and hands the result back under the model's call_id",
    lesson:
      "The model's call_id and the host's JSON-RPC request id to the MCP server are two ids: the host keeps the mapping, and the model only ever sees its call_id.",
    input:
      "trip.txt always contains cities=Paris,Atlantis; read_file is the host's own tool, get_weather lives in the weather MCP server (the host has already sent initialize and tools/list, request ids 1 and 2), which knows Paris only; a budget of 4 model calls.",
    captions: [
      {
        when: { kind: "finish" },
        text: "The host checks the environment: the MCP server was asked about both cities, and the answer gives the weather it returned for Paris, so the task is complete. Atlantis's failure was not taken for success: it went to the model as an error result.",
      },
    ],
    checkpoints: CHECKPOINTS.en,
  },
};

export const mcpHop: ScenarioEntry = /* @__PURE__ */ defineScenario({
  id: "mcp-hop",
  run,
  words,
  stories: mcpHopStories,
});
