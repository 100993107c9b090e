// @vitest-environment node
/**
 * Wire formats: golden requests for F22's second model call, the refused-call case, results that came back out of
 * order in every provider's request, and every built-in scenario at every model call type-checked against the
 * official SDKs' request types (types only; nothing is sent).
 */
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import type { Content } from "@google/genai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { contextOf, runScenario, type Step } from "../../src/engine";
import { WRITABLE_FORMAT_IDS } from "../../src/formats";
import { anthropicRequest } from "../../src/formats/anthropic";
import { bedrockRequest } from "../../src/formats/bedrock";
import { chatRequest } from "../../src/formats/chat";
import { CHECK_PROVIDERS, checkReplay } from "../../src/formats/check";
import { geminiRequest } from "../../src/formats/gemini";
import { lossesIn } from "../../src/formats/loss";
import { responsesRequest } from "../../src/formats/responses";
import { wireRequest } from "../../src/formats/wire";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

const f22 = runScenario(scenarioById("f22", "en"));
const secondCall = f22.steps[5] as Step;
const context = contextOf(f22, secondCall);
const SYSTEM = "You are a read-only assistant: you may read files in this project and change nothing.";
const READ_FILE = {
  name: "read_file",
  description: "Read a text file inside this project.",
  parameters: {
    type: "object",
    properties: { path: { type: "string", description: "A path relative to the project root." } },
    required: ["path"],
    additionalProperties: false,
  },
};

describe("wire formats, F22's second model call", () => {
  it("OpenAI Chat Completions: tool_calls[].id, then role tool with tool_call_id", () => {
    const body: ChatCompletionCreateParamsNonStreaming = chatRequest(context, f22.tools);
    expect(body).toEqual({
      model: "MODEL_NAME",
      tools: [{ type: "function", function: READ_FILE }],
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: "Read timeout from config.txt" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"config.txt"}' } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "timeout=30" },
      ],
    });
  });

  it("OpenAI Responses: instructions, function_call with call_id, function_call_output", () => {
    const body: ResponseCreateParamsNonStreaming = responsesRequest(context, f22.tools);
    expect(body).toEqual({
      model: "MODEL_NAME",
      instructions: SYSTEM,
      tools: [{ type: "function", ...READ_FILE, strict: true }], // its schema meets strict mode: every property required, no others
      input: [
        { role: "user", content: "Read timeout from config.txt" },
        { type: "function_call", call_id: "call_1", name: "read_file", arguments: '{"path":"config.txt"}' },
        { type: "function_call_output", call_id: "call_1", output: "timeout=30" },
      ],
    });
  });

  it("Anthropic Messages: top-level system, tool_use id, tool_result tool_use_id in the next user turn", () => {
    const body: MessageCreateParamsNonStreaming = anthropicRequest(context, f22.tools);
    expect(body).toEqual({
      model: "MODEL_NAME",
      max_tokens: 1024,
      system: SYSTEM,
      tools: [{ name: "read_file", description: READ_FILE.description, input_schema: READ_FILE.parameters }],
      messages: [
        { role: "user", content: "Read timeout from config.txt" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "call_1", name: "read_file", input: { path: "config.txt" } }],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "timeout=30" }] },
      ],
    });
  });

  it("never carries the neutral form's own fields (status, replayed) into a wire format", () => {
    for (const format of ["chat", "responses", "anthropic"] as const) {
      const text = JSON.stringify(wireRequest(format, f22, secondCall));
      expect(text).not.toMatch(/"status"|"replayed"|"callId"|"toolCalls"/);
    }
  });
});

describe("a refused call", () => {
  const trace = runScenario(scenarioById("unauthorized-tool", "en"));
  const after = trace.steps.find((s) => s.kind === "model_call" && s.modelCall === 2) as Step;

  it("is is_error: true in Anthropic's tool_result, and the error text in OpenAI's tool message", () => {
    const anthropic = anthropicRequest(contextOf(trace, after), trace.tools);
    const refusal = JSON.stringify({
      error: "tool_not_allowed",
      message:
        "publish was not run: this host does not allow it in this run. Do not call it again; ask the user, or go on without it.",
    });
    expect(anthropic.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "call_1", content: refusal, is_error: true }],
    });
    expect(chatRequest(contextOf(trace, after), trace.tools).messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: refusal,
    });
  });
});

describe("every built-in scenario, at every model call", () => {
  it.each(SCENARIO_IDS)("%s: each format type-checks against the SDKs and pairs every id", (id) => {
    const trace = runScenario(scenarioById(id, "zh"));
    for (const step of trace.steps) {
      if (step.kind !== "model_call") continue;
      const messages = contextOf(trace, step);
      const chat: ChatCompletionCreateParamsNonStreaming = chatRequest(messages, trace.tools);
      const responses: ResponseCreateParamsNonStreaming = responsesRequest(messages, trace.tools);
      const anthropic: MessageCreateParamsNonStreaming = anthropicRequest(messages, trace.tools);
      // Every tool result answers a call made before it, by the same id, in each format.
      const calls = messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : []));
      const results = messages.flatMap((m) => (m.role === "tool" ? [m.callId] : []));
      for (const result of results) expect(calls).toContain(result);
      expect(JSON.stringify(chat).match(/"tool_call_id":"[^"]+"/g)?.length ?? 0).toBe(results.length);
      expect(JSON.stringify(responses).match(/"type":"function_call_output"/g)?.length ?? 0).toBe(results.length);
      expect(JSON.stringify(anthropic).match(/"tool_use_id":"[^"]+"/g)?.length ?? 0).toBe(results.length);
      // Anthropic's rule: every tool_use is answered by a tool_result in the very next (user) message. It holds
      // exactly when every call has its result (tests/unit/provider-rules.test.ts walks every rule of the three).
      const answered = anthropic.messages.every((m, i) => {
        if (typeof m.content === "string") return true;
        const uses = m.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
        const next = anthropic.messages[i + 1]?.content;
        const replies =
          typeof next === "object" ? next.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : [])) : [];
        return uses.every((use) => replies.includes(use));
      });
      expect(answered).toBe(calls.every((call) => results.includes(call)));
    }
  });
});

describe("results that came back in another order than their calls (out-of-order's second model call)", () => {
  const trace = runScenario(scenarioById("out-of-order", "en"));
  const second = trace.steps.find((s) => s.kind === "model_call" && s.modelCall === 2) as Step;
  const messages = contextOf(trace, second);
  const LISBON = "19 °C, sunny";
  const OSLO = "3 °C, snow";

  it("the run's context holds them as they came back: call_2's (Lisbon) before call_1's (Oslo)", () => {
    expect(messages.flatMap((m) => (m.role === "tool" ? [[m.callId, m.content]] : []))).toEqual([
      ["call_2", LISBON],
      ["call_1", OSLO],
    ]);
  });

  it("OpenAI Chat Completions: one tool message per call right after the assistant's, each by tool_call_id", () => {
    const chat: ChatCompletionCreateParamsNonStreaming = chatRequest(messages, trace.tools);
    expect(chat.messages.slice(-3)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
          { id: "call_2", type: "function", function: { name: "get_weather", arguments: '{"city":"Lisbon"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_2", content: LISBON },
      { role: "tool", tool_call_id: "call_1", content: OSLO },
    ]);
  });

  it("OpenAI Responses: a function_call_output per call, each by call_id", () => {
    const responses: ResponseCreateParamsNonStreaming = responsesRequest(messages, trace.tools);
    const input = responses.input as unknown as readonly Record<string, unknown>[];
    expect(input.slice(-4).map((item) => [item.type, item.call_id, item.output ?? item.arguments])).toEqual([
      ["function_call", "call_1", '{"city":"Oslo"}'],
      ["function_call", "call_2", '{"city":"Lisbon"}'],
      ["function_call_output", "call_2", LISBON],
      ["function_call_output", "call_1", OSLO],
    ]);
  });

  it("Anthropic Messages: both tool_result blocks, each by tool_use_id, first in the next user message", () => {
    const anthropic: MessageCreateParamsNonStreaming = anthropicRequest(messages, trace.tools);
    expect(anthropic.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "call_2", content: LISBON },
        { type: "tool_result", tool_use_id: "call_1", content: OSLO },
      ],
    });
  });

  it("Gemini: the functionResponse parts in the order of the functionCall parts, each with its call's id", () => {
    const contents: Content[] = geminiRequest(messages, trace.tools).contents;
    const [model, user] = contents.slice(-2);
    expect(model?.parts?.map((part) => part.functionCall?.id)).toEqual(["call_1", "call_2"]);
    expect(user).toEqual({
      role: "user",
      parts: [
        { functionResponse: { id: "call_1", name: "get_weather", response: { output: OSLO } } },
        { functionResponse: { id: "call_2", name: "get_weather", response: { output: LISBON } } },
      ],
    });
    // The order is what a Gemini file loses, and the export says so; the other formats keep it.
    expect(lossesIn("gemini", trace)).toContainEqual({ feature: "result_order", count: 1, step: 6 });
    for (const format of WRITABLE_FORMAT_IDS.filter((id) => id !== "gemini"))
      expect(lossesIn(format, trace).map((loss) => loss.feature)).not.toContain("result_order");
  });

  it("Bedrock Converse: both toolResult blocks, each by toolUseId, in the next user message", () => {
    const bedrock: ConverseCommandInput = bedrockRequest(messages, trace.tools);
    expect(bedrock.messages?.at(-1)).toEqual({
      role: "user",
      content: [
        { toolResult: { toolUseId: "call_2", content: [{ text: LISBON }] } },
        { toolResult: { toolUseId: "call_1", content: [{ text: OSLO }] } },
      ],
    });
  });

  it.each(CHECK_PROVIDERS)("%s: the whole history replays under the provider's rules", (provider) => {
    expect(checkReplay(trace, provider)).toEqual([]);
  });
});
