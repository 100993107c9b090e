// @vitest-environment node
/**
 * The recording proxy (src/cli/live.ts) as an agent's SDK reaches it: the real `openai` and `@anthropic-ai/sdk`
 * clients, configured by environment variables alone, against a scripted model server on loopback, once direct and
 * once through the proxy. The SDK's own result is the oracle: through the proxy it must be the same.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Exchange, type RecordingProxy, routeOf, startProxy, withoutKey } from "../../src/cli/live";
import {
  reassembleAnthropic,
  reassembleChat,
  reassembleGemini,
  reassembleResponses,
  sseEvents,
} from "../../src/formats/streams";

const KEY = "sk-test-0123456789abcdef0123456789abcdef";

/** The scripted model: a tool call on the first turn, the answer once the tool's result is in the history. */
function scripted(): Server {
  return createServer((incoming, response) => {
    let text = "";
    incoming.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    incoming.on("end", () => {
      const body = JSON.parse(text || "{}") as { model?: string; stream?: boolean; messages?: unknown[] };
      const fed = JSON.stringify(body.messages ?? []).includes("timeout=30");
      if (body.model === "bad") {
        response.writeHead(400, { "content-type": "application/json", "x-request-id": "req_bad" });
        response.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: "model: bad is not a model" } }),
        );
        return;
      }
      const sse = (events: readonly string[], cut = false) => {
        response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        let i = 0;
        const tick = () => {
          if (i >= events.length) {
            if (cut) response.destroy();
            else response.end();
            return;
          }
          response.write(events[i] ?? "");
          i += 1;
          setTimeout(tick, 5);
        };
        tick();
      };
      if (incoming.url?.startsWith("/v1/chat/completions")) {
        const id = "chatcmpl-1";
        const base = { id, object: "chat.completion.chunk", created: 1, model: "m" };
        if (body.stream) {
          const chunk = (choice: unknown) => `data: ${JSON.stringify({ ...base, choices: [choice] })}\n\n`;
          const events = fed
            ? [
                chunk({ index: 0, delta: { role: "assistant", content: "timeout " }, finish_reason: null }),
                chunk({ index: 0, delta: { content: "is 30" }, finish_reason: null }),
                chunk({ index: 0, delta: {}, finish_reason: "stop" }),
                "data: [DONE]\n\n",
              ]
            : [
                chunk({
                  index: 0,
                  delta: {
                    role: "assistant",
                    tool_calls: [
                      { index: 0, id: "call_1", type: "function", function: { name: "read_file", arguments: "" } },
                    ],
                  },
                  finish_reason: null,
                }),
                chunk({
                  index: 0,
                  delta: { tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] },
                  finish_reason: null,
                }),
                chunk({
                  index: 0,
                  delta: { tool_calls: [{ index: 0, function: { arguments: '"config.txt"}' } }] },
                  finish_reason: null,
                }),
                chunk({ index: 0, delta: {}, finish_reason: "tool_calls" }),
                "data: [DONE]\n\n",
              ];
          sse(events, body.model === "cut" ? true : false);
          if (body.model === "cut") events.splice(2);
          return;
        }
        const message = fed
          ? { role: "assistant", content: "timeout is 30", refusal: null }
          : {
              role: "assistant",
              content: null,
              refusal: null,
              tool_calls: [
                { id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"config.txt"}' } },
              ],
            };
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created: 1,
            model: "m",
            choices: [{ index: 0, message, finish_reason: fed ? "stop" : "tool_calls", logprobs: null }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
        return;
      }
      if (incoming.url?.startsWith("/v1/responses")) {
        const input = JSON.stringify((body as { input?: unknown }).input ?? []);
        const done = input.includes("timeout=30");
        const item = done
          ? {
              id: "msg_r1",
              type: "message",
              status: "completed",
              role: "assistant",
              content: [{ type: "output_text", text: "timeout is 30", annotations: [] }],
            }
          : {
              id: "fc_1",
              type: "function_call",
              status: "completed",
              call_id: "call_1",
              name: "read_file",
              arguments: '{"path":"config.txt"}',
            };
        const responseOf = (output: unknown[], status: string) => ({
          id: "resp_1",
          object: "response",
          created_at: 1,
          status,
          model: "m",
          output,
          parallel_tool_calls: true,
          tool_choice: "auto",
          tools: [],
          usage: status === "completed" ? { input_tokens: 10, output_tokens: 5, total_tokens: 15 } : null,
        });
        if (body.stream) {
          const event = (data: Record<string, unknown>) =>
            `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
          const opened = done
            ? { ...item, status: "in_progress", content: [] }
            : { ...item, status: "in_progress", arguments: "" };
          sse([
            event({ type: "response.created", sequence_number: 0, response: responseOf([], "in_progress") }),
            event({ type: "response.output_item.added", sequence_number: 1, output_index: 0, item: opened }),
            ...(done
              ? [
                  event({
                    type: "response.content_part.added",
                    sequence_number: 2,
                    item_id: item.id,
                    output_index: 0,
                    content_index: 0,
                    part: { type: "output_text", text: "", annotations: [] },
                  }),
                  event({
                    type: "response.output_text.delta",
                    sequence_number: 3,
                    item_id: item.id,
                    output_index: 0,
                    content_index: 0,
                    delta: "timeout is 30",
                  }),
                  event({
                    type: "response.output_text.done",
                    sequence_number: 4,
                    item_id: item.id,
                    output_index: 0,
                    content_index: 0,
                    text: "timeout is 30",
                  }),
                  event({
                    type: "response.content_part.done",
                    sequence_number: 5,
                    item_id: item.id,
                    output_index: 0,
                    content_index: 0,
                    part: { type: "output_text", text: "timeout is 30", annotations: [] },
                  }),
                ]
              : [
                  event({
                    type: "response.function_call_arguments.delta",
                    sequence_number: 2,
                    item_id: item.id,
                    output_index: 0,
                    delta: '{"path":"config.txt"}',
                  }),
                  event({
                    type: "response.function_call_arguments.done",
                    sequence_number: 3,
                    item_id: item.id,
                    output_index: 0,
                    arguments: '{"path":"config.txt"}',
                  }),
                ]),
            event({ type: "response.output_item.done", sequence_number: 6, output_index: 0, item }),
            // As some servers send it: the completed response without its output.
            event({
              type: "response.completed",
              sequence_number: 7,
              response: { ...responseOf([], "completed"), output: undefined },
            }),
          ]);
          return;
        }
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(responseOf([item], "completed")));
        return;
      }
      if (incoming.url?.startsWith("/v1beta/models/")) {
        const contents = JSON.stringify((body as { contents?: unknown }).contents ?? []);
        const done = contents.includes("timeout=30");
        const chunks = done
          ? [
              {
                candidates: [{ content: { role: "model", parts: [{ text: "timeout " }] }, index: 0 }],
                modelVersion: "m",
              },
              {
                candidates: [
                  { content: { role: "model", parts: [{ text: "is 30" }] }, finishReason: "STOP", index: 0 },
                ],
                usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4, totalTokenCount: 14 },
                modelVersion: "m",
              },
            ]
          : [
              {
                candidates: [
                  {
                    content: {
                      role: "model",
                      parts: [
                        { functionCall: { name: "read_file", args: { path: "config.txt" } }, thoughtSignature: "c2ln" },
                      ],
                    },
                    finishReason: "STOP",
                    index: 0,
                  },
                ],
                usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4, totalTokenCount: 14 },
                modelVersion: "m",
              },
            ];
        if (incoming.url.includes(":streamGenerateContent")) {
          sse(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`));
          return;
        }
        const whole = reassembleGemini(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("")).body;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(whole));
        return;
      }
      if (incoming.url?.startsWith("/v1/messages")) {
        const start = {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "m",
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 1 },
          },
        };
        const event = (data: { type: string }) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
        if (body.stream) {
          const block = fed
            ? [
                event({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } as never),
                event({
                  type: "content_block_delta",
                  index: 0,
                  delta: { type: "text_delta", text: "timeout is 30" },
                } as never),
              ]
            : [
                event({
                  type: "content_block_start",
                  index: 0,
                  content_block: { type: "tool_use", id: "toolu_1", name: "read_file", input: {} },
                } as never),
                event({
                  type: "content_block_delta",
                  index: 0,
                  delta: { type: "input_json_delta", partial_json: '{"path":' },
                } as never),
                event({
                  type: "content_block_delta",
                  index: 0,
                  delta: { type: "input_json_delta", partial_json: '"config.txt"}' },
                } as never),
              ];
          sse([
            event(start),
            ": a comment the client ignores\n\n",
            ...block,
            event({ type: "content_block_stop", index: 0 } as never),
            event({
              type: "message_delta",
              delta: { stop_reason: fed ? "end_turn" : "tool_use", stop_sequence: null },
              usage: { output_tokens: 9 },
            } as never),
            event({ type: "message_stop" }),
          ]);
          return;
        }
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            ...start.message,
            content: fed
              ? [{ type: "text", text: "timeout is 30" }]
              : [{ type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "config.txt" } }],
            stop_reason: fed ? "end_turn" : "tool_use",
            usage: { input_tokens: 10, output_tokens: 9 },
          }),
        );
        return;
      }
      response.writeHead(404).end();
    });
  });
}

let upstream: Server;
let upstreamUrl: string;
let proxy: RecordingProxy;
const exchanges: Exchange[] = [];
const pushed: string[] = [];

beforeAll(async () => {
  upstream = scripted();
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startProxy({
    upstreams: { openai: upstreamUrl, anthropic: upstreamUrl, gemini: upstreamUrl },
    recorder: {
      begin: (exchange) => pushed.push(JSON.stringify(exchange)),
      chunk: (_exchange, text) => pushed.push(text),
      end: (exchange) => exchanges.push({ ...exchange }),
    },
  });
});

afterAll(async () => {
  await proxy.close();
  await new Promise<void>((done) => upstream.close(() => done()));
});

/** A client made as an agent's would be: from environment variables alone. */
function withEnv<T>(env: Record<string, string>, make: () => T): T {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return make();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
const openai = (base: string) => withEnv({ OPENAI_BASE_URL: base, OPENAI_API_KEY: KEY }, () => new OpenAI());
const anthropic = (base: string) =>
  withEnv({ ANTHROPIC_BASE_URL: base, ANTHROPIC_API_KEY: KEY }, () => new Anthropic({ maxRetries: 0 }));

const ASK = [{ role: "user" as const, content: "Read timeout from config.txt" }];
const TOOLS = [
  {
    type: "function" as const,
    function: { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } },
  },
];

/** A two-turn tool-calling loop with the Chat Completions client: the tool call, then the answer. */
async function chatLoop(client: OpenAI, stream: boolean): Promise<unknown[]> {
  const results: unknown[] = [];
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [...ASK];
  for (let turn = 0; turn < 2; turn += 1) {
    if (stream) {
      const chunks: unknown[] = [];
      for await (const chunk of await client.chat.completions.create({
        model: "m",
        messages,
        tools: TOOLS,
        stream: true,
      }))
        chunks.push(chunk);
      results.push(chunks);
    } else {
      results.push(await client.chat.completions.create({ model: "m", messages, tools: TOOLS }));
    }
    messages.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"config.txt"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "timeout=30" },
    );
  }
  return results;
}

async function messagesLoop(client: Anthropic, stream: boolean): Promise<unknown[]> {
  const results: unknown[] = [];
  const messages: Anthropic.MessageParam[] = [...ASK];
  const tools = [
    { name: "read_file", input_schema: { type: "object" as const, properties: { path: { type: "string" } } } },
  ];
  for (let turn = 0; turn < 2; turn += 1) {
    results.push(
      stream
        ? await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage()
        : await client.messages.create({ model: "m", max_tokens: 100, messages, tools }),
    );
    messages.push(
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "config.txt" } }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "timeout=30" }] },
    );
  }
  return results;
}

describe("the recording proxy", () => {
  it("routes each provider's API by its path, and keeps no key in a recorded path", () => {
    expect(routeOf("/v1/chat/completions")).toBe("openai");
    expect(routeOf("/v1/responses")).toBe("openai");
    expect(routeOf("/v1/messages")).toBe("anthropic");
    expect(routeOf("/v1/messages/count_tokens")).toBe("anthropic");
    expect(routeOf("/v1beta/models/gemini-2.5-flash:streamGenerateContent")).toBe("gemini");
    expect(routeOf("/v1beta/models/gemini-2.5-flash:generateContent")).toBe("gemini");
    expect(routeOf("/etc/passwd")).toBeNull();
    expect(withoutKey("/v1beta/models/g:streamGenerateContent?alt=sse&key=AIzaSECRET")).toBe(
      "/v1beta/models/g:streamGenerateContent?alt=sse",
    );
  });

  for (const stream of [false, true]) {
    it(`gives the OpenAI SDK (Chat Completions, ${stream ? "streamed" : "not streamed"}) the same results as direct`, async () => {
      const direct = await chatLoop(openai(`${upstreamUrl}/v1`), stream);
      const proxied = await chatLoop(openai(proxy.bases.openai), stream);
      expect(proxied).toEqual(direct);
    });

    it(`gives the Anthropic SDK (${stream ? "streamed" : "not streamed"}) the same final messages as direct`, async () => {
      const direct = await messagesLoop(anthropic(upstreamUrl), stream);
      const proxied = await messagesLoop(anthropic(proxy.bases.anthropic), stream);
      expect(proxied).toEqual(direct);
      expect(JSON.stringify(proxied)).toContain('"path":"config.txt"');
    });
  }

  it("passes a provider's 400 to the SDK unchanged, and records it", async () => {
    const failure = async (base: string) =>
      anthropic(base)
        .messages.create({ model: "bad", max_tokens: 10, messages: ASK })
        .then(
          () => null,
          (error: InstanceType<typeof Anthropic.APIError>) => ({
            status: error.status,
            message: error.message,
            id: error.requestID,
          }),
        );
    const [direct, proxied] = [await failure(upstreamUrl), await failure(proxy.bases.anthropic)];
    expect(direct?.status).toBe(400);
    expect(proxied).toEqual(direct);
    expect(
      exchanges.some((exchange) => exchange.status === 400 && exchange.responseBody.includes("bad is not a model")),
    ).toBe(true);
  });

  it("cuts a stream for the client when upstream cuts it, keeps it labelled, and the next request works", async () => {
    const client = openai(proxy.bases.openai);
    const cut = await (async () => {
      try {
        for await (const _ of await client.chat.completions.create({ model: "cut", messages: ASK, stream: true })) {
          // read on
        }
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(cut).not.toBeNull();
    await expect.poll(() => exchanges.some((exchange) => exchange.end === "cut")).toBe(true);
    const next = await client.chat.completions.create({ model: "m", messages: ASK });
    expect(next.choices[0]?.message.tool_calls?.[0]?.id).toBe("call_1");
  });

  it("answers 502 with one line of JSON naming an upstream it cannot reach; the other providers keep working", async () => {
    const proxy = await startProxy({ upstreams: { openai: upstreamUrl, gemini: "http://127.0.0.1:9" } });
    const answer = await fetch(`http://127.0.0.1:${proxy.port}/v1beta/models/g:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": KEY },
      body: "{}",
    });
    expect(answer.status).toBe(502);
    const text = await answer.text();
    expect(text.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(text).error.message).toContain("gemini upstream (http://127.0.0.1:9)");
    const still = await openai(proxy.bases.openai).chat.completions.create({ model: "m", messages: ASK });
    expect(still.object).toBe("chat.completion");
    await proxy.close();
  });

  it("refuses a browser page of any origin, and a Host that is not its own", async () => {
    const refused = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const sent = request(
          {
            host: "127.0.0.1",
            port: proxy.port,
            path: "/v1/chat/completions",
            method: "POST",
            headers: { host: `127.0.0.1:${proxy.port}`, "content-type": "application/json", ...headers },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        sent.on("error", reject);
        sent.end('{"model":"m","messages":[]}');
      });
    expect(await refused({ origin: "https://evil.example" })).toBe(403);
    expect(await refused({ host: `evil.example:${proxy.port}` })).toBe(403);
  });

  it("never records or pushes a byte of an API key", () => {
    expect(exchanges.length).toBeGreaterThan(8);
    const everything = JSON.stringify(exchanges) + pushed.join("");
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(KEY.slice(3, 19));
    expect(everything.toLowerCase()).not.toContain("x-api-key");
    expect(everything.toLowerCase()).not.toContain("authorization");
  });
});

describe("a recorded stream, put back together as the SDK puts it together", () => {
  it("Anthropic Messages: the SDK's finalMessage() is the reassembly of the bytes the proxy recorded", async () => {
    const client = anthropic(proxy.bases.anthropic);
    const from = exchanges.length;
    const finals = await messagesLoop(client, true);
    await expect.poll(() => exchanges.length).toBeGreaterThanOrEqual(from + 2);
    const recorded = exchanges.slice(from).filter((exchange) => exchange.provider === "anthropic");
    expect(recorded.map((exchange) => reassembleAnthropic(exchange.responseBody))).toEqual(
      // The SDK's own helper field (`parsed_output`, for structured outputs) is not on the wire.
      finals.map((final) => {
        const { parsed_output: _helper, ...body } = final as Record<string, unknown>;
        return { body, end: "complete", malformed: 0 };
      }),
    );
  });

  it("OpenAI Chat Completions: the SDK's finalChatCompletion() is the reassembly of the recorded bytes", async () => {
    const client = openai(proxy.bases.openai);
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [...ASK];
    const from = exchanges.length;
    const finals: OpenAI.Chat.ChatCompletion[] = [];
    for (let turn = 0; turn < 2; turn += 1) {
      finals.push(await client.chat.completions.stream({ model: "m", messages, tools: TOOLS }).finalChatCompletion());
      messages.push(
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"config.txt"}' } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "timeout=30" },
      );
    }
    await expect.poll(() => exchanges.length).toBeGreaterThanOrEqual(from + 2);
    const recorded = exchanges.slice(from).filter((exchange) => exchange.provider === "openai");
    // What the wire said; the SDK adds its own parsing helpers (`parsed`, `parsed_arguments`) beside it.
    const wire = (completion: OpenAI.Chat.ChatCompletion) => ({
      id: completion.id,
      model: completion.model,
      created: completion.created,
      choices: completion.choices.map((choice) => ({
        index: choice.index,
        finish_reason: choice.finish_reason,
        role: choice.message.role,
        content: choice.message.content ?? null,
        tool_calls: (choice.message.tool_calls ?? []).map((call) =>
          call.type === "function"
            ? { id: call.id, name: call.function.name, arguments: call.function.arguments }
            : call,
        ),
      })),
    });
    const reassembled = recorded.map((exchange) => reassembleChat(exchange.responseBody));
    expect(reassembled.map(({ end, malformed }) => ({ end, malformed }))).toEqual([
      { end: "complete", malformed: 0 },
      { end: "complete", malformed: 0 },
    ]);
    expect(reassembled.map(({ body }) => wire(body as unknown as OpenAI.Chat.ChatCompletion))).toEqual(
      finals.map(wire),
    );
  });

  it("OpenAI Responses: the SDK's finalResponse() is the reassembly, a response.completed without its output included", async () => {
    const client = openai(proxy.bases.openai);
    const tools = [
      { type: "function" as const, name: "read_file", strict: false, parameters: { type: "object", properties: {} } },
    ];
    const from = exchanges.length;
    const first = await client.responses
      .stream({ model: "m", input: "Read timeout from config.txt", tools })
      .finalResponse();
    const second = await client.responses
      .stream({
        model: "m",
        input: [
          { role: "user", content: "Read timeout from config.txt" },
          { type: "function_call", call_id: "call_1", name: "read_file", arguments: '{"path":"config.txt"}' },
          { type: "function_call_output", call_id: "call_1", output: "timeout=30" },
        ],
        tools,
      })
      .finalResponse();
    await expect.poll(() => exchanges.length).toBeGreaterThanOrEqual(from + 2);
    const recorded = exchanges.slice(from).filter((exchange) => exchange.path.startsWith("/v1/responses"));
    const reassembled = recorded.map((exchange) => reassembleResponses(exchange.responseBody));
    expect(reassembled.map(({ end, malformed }) => ({ end, malformed }))).toEqual([
      { end: "complete", malformed: 0 },
      { end: "complete", malformed: 0 },
    ]);
    // The wire's items; the SDK adds `output_text` and parsing helpers beside them.
    const items = (response: { output: unknown[] }) =>
      JSON.parse(
        JSON.stringify(response.output, (key, value) =>
          key === "parsed" || key === "parsed_arguments" ? undefined : value,
        ),
      );
    expect(reassembled.map(({ body }) => items(body as { output: unknown[] }))).toEqual([first, second].map(items));
    expect(JSON.stringify(first.output)).toContain('"call_id":"call_1"');
    expect(second.output_text).toBe("timeout is 30");
  });

  it("Gemini: the SDK's streamed chunks add up to the reassembly, and to the unstreamed answer", async () => {
    const client = withEnv(
      { GOOGLE_GEMINI_BASE_URL: proxy.bases.gemini, GEMINI_API_KEY: KEY },
      () => new GoogleGenAI({}),
    );
    const from = exchanges.length;
    const chunks = [];
    for await (const chunk of await client.models.generateContentStream({
      model: "m",
      contents: [
        { role: "user", parts: [{ text: "Read timeout from config.txt" }] },
        { role: "model", parts: [{ functionCall: { name: "read_file", args: { path: "config.txt" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "read_file", response: { result: "timeout=30" } } }] },
      ],
    }))
      chunks.push(chunk);
    const called = await client.models.generateContent({ model: "m", contents: "Read timeout from config.txt" });
    await expect.poll(() => exchanges.length).toBeGreaterThanOrEqual(from + 2);
    const [streamed] = exchanges.slice(from).filter((exchange) => exchange.path.includes(":streamGenerateContent"));
    const reassembled = reassembleGemini(streamed?.responseBody ?? "");
    expect(reassembled.end).toBe("complete");
    // The SDK's text of each chunk, joined, is the reassembled part's; its usage is the last chunk's.
    const body = reassembled.body as {
      candidates: { content: { parts: { text?: string }[] } }[];
      usageMetadata: unknown;
    };
    expect(body.candidates[0]?.content.parts).toEqual([{ text: chunks.map((chunk) => chunk.text).join("") }]);
    expect(body.usageMetadata).toEqual(chunks.at(-1)?.usageMetadata);
    // Unstreamed, the call comes whole, its thought signature on its part, as the SDK reads it.
    expect(called.functionCalls).toEqual([{ name: "read_file", args: { path: "config.txt" } }]);
    expect(called.candidates?.[0]?.content?.parts?.[0]?.thoughtSignature).toBe("c2ln");
    // No key: the SDK sent it as x-goog-api-key, and it is in no record.
    expect(JSON.stringify(exchanges.slice(from))).not.toContain(KEY);
  });

  it("reads server-sent events as the spec says: CRLF, data: without its space, comments, a cut last event", () => {
    const text = ': comment\r\nevent: message_start\r\ndata:{"a":1}\r\n\r\ndata: {"b":\ndata: 2}\n\ndata: {"cut":';
    expect(sseEvents(text)).toEqual([
      { event: "message_start", data: '{"a":1}' },
      { event: undefined, data: '{"b":\n2}' },
    ]);
  });

  it("labels a stream cut mid-way, keeps what it got (a tool call's input as its JSON so far), and counts what is not JSON", () => {
    const events = [
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"usage":{"input_tokens":3}}}\n\n',
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"read_file","input":{}}}\n\n',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"path\\": \\"conf"}}\n\n',
      "data: not json\n\n",
    ];
    const cut = reassembleAnthropic(events.join(""));
    expect(cut.end).toBe("cut");
    expect(cut.malformed).toBe(1);
    expect(cut.body?.content).toEqual([
      { type: "tool_use", id: "toolu_1", name: "read_file", input: '{"path": "conf' },
    ]);
    const failed = reassembleAnthropic(
      `${events[0]}event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`,
    );
    expect(failed).toMatchObject({ end: "error", error: { type: "overloaded_error", message: "Overloaded" } });
    expect(reassembleChat('data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n').end).toBe("cut");
    const responses = reassembleResponses(
      [
        'data: {"type":"response.created","response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}\n\n',
        'data: {"type":"response.output_item.added","output_index":0,"item":{"id":"fc_1","type":"function_call","call_id":"call_1","name":"read_file","arguments":""}}\n\n',
        'data: {"type":"response.function_call_arguments.delta","output_index":0,"delta":"{\\"path\\":"}\n\n',
      ].join(""),
    );
    expect(responses.end).toBe("cut");
    expect(responses.body?.output).toEqual([
      { id: "fc_1", type: "function_call", call_id: "call_1", name: "read_file", arguments: '{"path":' },
    ]);
    const gemini = reassembleGemini(
      'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"time"}]}}]}\n\n',
    );
    expect(gemini.end).toBe("cut");
  });
});
