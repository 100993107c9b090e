// @vitest-environment node
/**
 * The recording proxy (src/live/proxy.ts) as an agent's SDK reaches it: the real `openai` and `@anthropic-ai/sdk`
 * clients, configured by environment variables alone, against a scripted model server on loopback, once direct and
 * once through the proxy. The SDK's own result is the oracle: through the proxy it must be the same.
 */
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importTranscript } from "../../src/formats/import";
import {
  reassembleAnthropic,
  reassembleChat,
  reassembleGemini,
  reassembleResponses,
  sseEvents,
} from "../../src/formats/streams";
import { type Exchange, type RecordingProxy, routeOf, startProxy, withoutKey } from "../../src/live/proxy";
import { LiveRuns } from "../../src/live/runs";
import { scripted } from "../fixtures/scripted-model";
import { anthropicClient, basesAt, KEY, LOOPS, openaiClient, withEnv } from "../fixtures/sdk-loops";

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

const openai = (base: string) => openaiClient({ ...basesAt(""), OPENAI_BASE_URL: base });
const anthropic = (base: string) => anthropicClient({ ...basesAt(""), ANTHROPIC_BASE_URL: base });

const ASK = [{ role: "user" as const, content: "Read timeout from config.txt" }];
const TOOLS = [
  {
    type: "function" as const,
    function: { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } },
  },
];

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

  for (const loop of LOOPS)
    it(`gives ${loop.name} the same results as direct: every chunk, every final message`, async () => {
      const direct = await loop.run(basesAt(upstreamUrl));
      const proxied = await loop.run({
        OPENAI_BASE_URL: proxy.bases.openai,
        ANTHROPIC_BASE_URL: proxy.bases.anthropic,
        GOOGLE_GEMINI_BASE_URL: proxy.bases.gemini,
      });
      expect(proxied).toEqual(direct);
      expect(JSON.stringify(proxied)).toContain("config.txt");
    });

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
    const from = exchanges.length;
    const loop = LOOPS.find((candidate) => candidate.name === "Anthropic Messages, streamed");
    const finals = (await loop?.run({ ...basesAt(""), ANTHROPIC_BASE_URL: proxy.bases.anthropic })) ?? [];
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

describe("runs, not requests", () => {
  it("gathers a conversation's requests into one run, keeps a side call apart, and its document imports paired", async () => {
    const runs = new LiveRuns();
    const seen: { end: string; document: string }[] = [];
    runs.subscribe((run) => seen.push({ end: run.last.exchange.end, document: runs.document(run) }));
    const live = await startProxy({
      upstreams: { anthropic: upstreamUrl },
      recorder: {
        begin: (exchange) => runs.begin(exchange),
        chunk: (exchange) => runs.progress(exchange),
        end: (exchange) => runs.progress(exchange),
      },
    });
    const client = anthropic(live.bases.anthropic);
    const tools = [{ name: "read_file", input_schema: { type: "object" as const, properties: {} } }];
    const messages: Anthropic.MessageParam[] = [...ASK];
    const first = await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage();
    // A side call between the turns (a title for the chat), as agents make them.
    await client.messages.create({
      model: "m",
      max_tokens: 10,
      messages: [{ role: "user", content: "A title for this chat" }],
    });
    messages.push(
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "timeout=30" }] },
    );
    await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage();
    await expect.poll(() => runs.runs.map((run) => run.last.exchange.end !== "open")).toEqual([true, true]);
    await live.close();

    expect(runs.runs.map((run) => run.requests)).toEqual([2, 1]);
    const main = runs.runs[0];
    if (main === undefined) throw new Error("no run");
    const imported = importTranscript(runs.document(main));
    expect(imported.ok && imported.format).toBe("anthropic");
    if (!imported.ok) return;
    expect(imported.trace.steps.map((step) => step.kind)).toEqual([
      "task",
      "model_call",
      "proposal",
      "execution",
      "model_call",
      "answer",
      "finish",
    ]);
    expect(imported.problems).toEqual([]);
    // While the first answer was still streaming, the run already showed the tool call, by name and id.
    expect(seen.some(({ end, document }) => end === "open" && document.includes('"name":"read_file"'))).toBe(true);
  });
});
