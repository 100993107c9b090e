// @vitest-environment node
/**
 * Every request body the figure can show — every scenario, both languages, every step with a context, every
 * provider format — follows that provider's documented ordering rules, the ones whose breach is an HTTP 400:
 * - Chat Completions: an assistant message with `tool_calls` is followed by a tool message for each of its ids
 *   before any other message, and a tool message answers a call of the assistant message before it;
 * - Responses: every `function_call_output` follows a `function_call` with its `call_id`, and a request sent to
 *   the model has an output for every `function_call` in it;
 * - Anthropic Messages: the first message is the user's and the roles alternate; every `tool_use` is answered by
 *   a `tool_result` in the next message, those results come first in it, and each answers a `tool_use` of the
 *   message before; the last message is the user's (an assistant one would be a prefill).
 */
import { describe, expect, it } from "vitest";
import { LANGS } from "../../src/content";
import { runScenario } from "../../src/engine";
import type { AnthropicRequest } from "../../src/formats/anthropic";
import type { ChatRequest } from "../../src/formats/chat";
import type { ResponsesRequest } from "../../src/formats/responses";
import { wireRequest } from "../../src/formats/wire";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

/** What breaks Chat's ordering rule, if anything. */
function chatBreach(request: ChatRequest): string | null {
  const { messages } = request;
  for (let i = 0; i < messages.length; i += 1) {
    const m = messages[i];
    if (m?.role === "tool") {
      let j = i - 1;
      while (messages[j]?.role === "tool") j -= 1;
      const owner = messages[j];
      const ids = owner?.role === "assistant" ? (owner.tool_calls ?? []).map((c) => c.id) : [];
      if (!ids.includes(m.tool_call_id))
        return `messages.${i}: tool message ${m.tool_call_id} answers no call before it`;
    }
    if (m?.role === "assistant" && m.tool_calls !== undefined) {
      const answered = new Set<string>();
      for (let j = i + 1; messages[j]?.role === "tool"; j += 1) {
        const next = messages[j];
        if (next?.role === "tool") answered.add(next.tool_call_id);
      }
      for (const call of m.tool_calls)
        if (!answered.has(call.id)) return `messages.${i}: ${call.id} has no tool message`;
    }
  }
  return null;
}

/** What breaks Responses' pairing rule, if anything. */
function responsesBreach(request: ResponsesRequest): string | null {
  const called = new Set<string>();
  const answered = new Set<string>();
  for (const [i, item] of request.input.entries()) {
    if ("type" in item && item.type === "function_call") called.add(item.call_id);
    if ("type" in item && item.type === "function_call_output") {
      if (!called.has(item.call_id)) return `input.${i}: no function_call for ${item.call_id}`;
      answered.add(item.call_id);
    }
  }
  for (const id of called) if (!answered.has(id)) return `no function_call_output for ${id}`;
  return null;
}

/** What breaks Anthropic's ordering rules, if anything. */
function anthropicBreach(request: AnthropicRequest): string | null {
  const { messages } = request;
  if (messages[0]?.role !== "user") return "the first message is not the user's";
  if (messages.at(-1)?.role !== "user") return "the last message is not the user's";
  for (const [i, m] of messages.entries()) {
    if (i > 0 && messages[i - 1]?.role === m.role) return `messages.${i}: two ${m.role} turns in a row`;
    const blocks = typeof m.content === "string" ? [] : m.content;
    const results = blocks.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []));
    const firstOther = blocks.findIndex((b) => b.type !== "tool_result");
    if (firstOther >= 0 && blocks.slice(firstOther).some((b) => b.type === "tool_result"))
      return `messages.${i}: a tool_result after other content`;
    const previous = messages[i - 1]?.content;
    const uses = typeof previous === "object" ? previous.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])) : [];
    for (const id of results) if (!uses.includes(id)) return `messages.${i}: ${id} answers no tool_use before it`;
    for (const id of uses) if (!results.includes(id)) return `messages.${i}: tool_use ${id} has no tool_result`;
  }
  return null;
}

describe("every request the Format view can show follows its provider's ordering rules", () => {
  it.each(SCENARIO_IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const)))("%s (%s)", (id, lang) => {
    const trace = runScenario(scenarioById(id, lang));
    let walked = 0;
    for (const step of trace.steps) {
      if (step.contextEnd === 0) continue; // the panel says the model has seen nothing; no request is shown
      walked += 1;
      const where = `step ${step.number}`;
      expect(chatBreach(wireRequest("chat", trace, step) as ChatRequest), where).toBeNull();
      expect(responsesBreach(wireRequest("responses", trace, step) as ResponsesRequest), where).toBeNull();
      expect(anthropicBreach(wireRequest("anthropic", trace, step) as AnthropicRequest), where).toBeNull();
    }
    expect(walked).toBeGreaterThan(3);
  });

  it("would catch a host that keeps a call without its result", () => {
    const call = { id: "call_1", type: "function" as const, function: { name: "read_file", arguments: "{}" } };
    const kept: ChatRequest = {
      model: "m",
      messages: [
        { role: "user", content: "read it" },
        { role: "assistant", content: null, tool_calls: [call] },
      ],
    };
    expect(chatBreach(kept)).toBe("messages.1: call_1 has no tool message");
    expect(
      anthropicBreach({
        model: "m",
        max_tokens: 1,
        messages: [
          { role: "user", content: "read it" },
          { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read_file", input: {} }] },
          { role: "user", content: "again" },
        ],
      }),
    ).toBe("messages.2: tool_use t1 has no tool_result");
    expect(
      responsesBreach({ model: "m", input: [{ type: "function_call", call_id: "c", name: "f", arguments: "{}" }] }),
    ).toBe("no function_call_output for c");
  });
});
