// @vitest-environment node
/**
 * The six formats beyond the first three providers: Gemini, Bedrock Converse, the AI SDK, OpenTelemetry GenAI,
 * LangChain and Claude Code. The shared real files (read from ../shared/real-transcripts/, never copied) import
 * right; the project's own fixtures cover parallel calls, error results and missing ids; what the request
 * formats write type-checks against the providers' own SDK types (types only; nothing is sent).
 */
import { existsSync, readFileSync } from "node:fs";
import type { ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import type { Content, Tool } from "@google/genai";
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { contextOf, type Message, runScenario } from "../../src/engine";
import { aiSdkRequest } from "../../src/formats/ai-sdk";
import { bedrockRequest } from "../../src/formats/bedrock";
import { geminiRequest } from "../../src/formats/gemini";
import { importTranscript } from "../../src/formats/import";
import { SCENARIO_IDS, scenarioById } from "../../src/scenarios";

const REAL = "../shared/real-transcripts";
const real = (name: string) => readFileSync(`${REAL}/${name}`, "utf8");
const fixture = (name: string) => readFileSync(`tests/fixtures/transcripts/${name}`, "utf8");

function imported(text: string, name = "run.json") {
  const result = importTranscript(text, undefined, name);
  if (!result.ok) throw new Error(`not imported: ${result.errors.map((e) => e.message).join("; ")}`);
  return result;
}

/** Every call id a run proposes, and every result's, in order. */
function pairs(messages: readonly Message[]) {
  return {
    calls: messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : [])),
    results: messages.flatMap((m) => (m.role === "tool" ? [m.callId] : [])),
  };
}

/**
 * The shared transcripts sit beside the project (../shared/real-transcripts/, with their licences), never inside
 * it: where a checkout has no such folder, as on a clean CI machine, these tests cannot run and are skipped.
 */
const HAVE_REAL = existsSync(REAL);

describe.skipIf(!HAVE_REAL)("the shared real transcripts", () => {
  it("11 (Gemini, pydantic-ai): the system instruction, 6 calls in 4 model turns, 3 of them parallel, every one answered by id", () => {
    const r = imported(real("11-pydanticai-gemini-parallel-functioncall.json"));
    expect(r.format).toBe("gemini");
    expect(r.problems).toEqual([]);
    expect(r.notes).toEqual([]); // every functionResponse has its id
    const { messages, tools } = r.trace;
    expect(messages[0]).toMatchObject({
      role: "system",
      content: "Tell three jokes. Generate topics with the generate_topic tool.",
    });
    const { calls, results } = pairs(messages);
    expect(calls).toHaveLength(6);
    expect(results).toEqual(calls);
    const turns = messages.filter((m) => m.role === "assistant");
    expect(turns.map((m) => (m.role === "assistant" ? m.toolCalls.length : 0))).toEqual([3, 1, 1, 1]);
    // Each turn's thought signature is kept, before the call it came with.
    for (const turn of turns)
      expect(turn.parts?.[0]).toEqual({ type: "reasoning", text: "", redacted: true, signed: true });
    // The first user turn is an empty text, kept as the user's turn.
    expect(messages[1]).toEqual({ role: "user", content: "" });
    expect(tools.map((t) => t.name)).toEqual(["generate_topic", "final_result"]);
    // The results read as the file wrote them: {"return_value": "cars"} is the text "cars".
    expect(messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual([
      "cars",
      "penguins",
      "cars",
      "penguins",
      "cars",
      "penguins",
    ]);
  });

  it("12 (AI SDK ModelMessages): text before calls, a parallel pair, every result by toolCallId, the final text", () => {
    const r = imported(real("12-vercel-ai-sdk-modelmessages.json"));
    expect(r.format).toBe("ai-sdk");
    expect(r.problems).toEqual([]);
    const { calls, results } = pairs(r.trace.messages);
    expect(calls).toEqual(["call-1", "call-2", "call-3", "call-4"]);
    expect(results).toEqual(calls);
    expect(r.trace.messages[2]).toMatchObject({ role: "assistant", content: "i am gonna use tool2 and tool3" });
    expect(r.trace.messages.at(-1)).toMatchObject({ role: "assistant", content: "final response", toolCalls: [] });
    expect(r.trace.steps.find((s) => s.kind === "execution")?.toolResult?.content).toBe("result-1");
  });

  it("15 (OpenTelemetry gen_ai.input.messages): the user's question, the call by part id and its response", () => {
    const r = imported(real("15-otel-genai-input-messages-tool-call.json"));
    expect(r.format).toBe("otel-genai");
    expect(r.problems).toEqual([]);
    expect(r.trace.messages).toEqual([
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: null,
        toolCalls: [{ callId: "call_VSPygqKTWdrhaFErNvMV18Yl", name: "get_weather", args: { location: "Paris" } }],
      },
      {
        role: "tool",
        callId: "call_VSPygqKTWdrhaFErNvMV18Yl",
        name: "get_weather",
        status: "ok",
        content: "rainy, 57°F",
        replayed: false,
      },
    ]);
  });

  const claudeCode = HAVE_REAL ? real("16-claude-code-session-jsonl-as-array.json") : "[]";
  const asLines = (JSON.parse(claudeCode) as unknown[]).map((line) => JSON.stringify(line)).join("\n");
  it.each([
    ["as the JSON array", claudeCode],
    ["as the .jsonl it came from", asLines],
  ])("16 (Claude Code session log) %s: 5 user turns, 2 tool uses answered, the summary line left out", (_, text) => {
    const r = imported(text, "session.jsonl");
    expect(r.format).toBe("claude-code");
    expect(r.problems).toEqual([]);
    const { messages } = r.trace;
    expect(messages.filter((m) => m.role === "user")).toHaveLength(4);
    const { calls, results } = pairs(messages);
    expect(calls).toEqual(["tool_001", "tool_002"]);
    expect(results).toEqual(calls);
    expect(messages.find((m) => m.role === "tool")).toMatchObject({ name: "Edit", status: "ok" });
    expect(JSON.stringify(messages)).not.toContain("User learned about Python decorators"); // the summary line
  });
});

describe("the project's own fixtures", () => {
  it("Gemini: parallel calls by id, a thought and its signature kept, an error result, the declarations", () => {
    const r = imported(fixture("gemini-parallel.json"));
    expect(r.format).toBe("gemini");
    expect(r.problems).toEqual([]);
    const [, , turn, fare, hotel] = r.trace.messages;
    expect(turn).toMatchObject({ role: "assistant", toolCalls: [{ callId: "fc-fare-1" }, { callId: "fc-hotel-1" }] });
    expect(turn?.role === "assistant" ? turn.parts?.slice(0, 2) : undefined).toEqual([
      { type: "reasoning", text: "I need the fare and the nightly rate; both can be asked at once.", redacted: false },
      { type: "reasoning", text: "", redacted: true, signed: true },
    ]);
    expect(fare).toMatchObject({ role: "tool", callId: "fc-fare-1", status: "ok", content: '{"fare_eur":42}' });
    expect(hotel).toMatchObject({
      role: "tool",
      callId: "fc-hotel-1",
      status: "error",
      content: "rate service unavailable",
    });
    expect(r.trace.tools.map((t) => t.name)).toEqual(["train_fare", "hotel_rate"]);
  });

  it("Gemini without ids: calls numbered, each result paired with the earliest open call of its name, said in a note at its step", () => {
    const r = imported(fixture("gemini-no-ids.json"));
    expect(r.problems).toEqual([]);
    const { calls, results } = pairs(r.trace.messages);
    expect(calls).toEqual(["functionCall_1", "functionCall_2"]);
    expect(results).toEqual(calls);
    const executions = r.trace.steps.filter((s) => s.kind === "execution").map((s) => s.number);
    expect(r.notes).toEqual(executions.map((step) => ({ kind: "paired_by_order", name: "to_km", step })));
    // The first result (16.09 km) answers the first call (10 miles).
    expect(r.trace.steps.find((s) => s.kind === "execution")).toMatchObject({ call: { args: { miles: 10 } } });
  });

  it("Bedrock Converse: system, toolConfig, parallel toolUse, a json result and an error result", () => {
    const r = imported(fixture("bedrock-parallel.json"));
    expect(r.format).toBe("bedrock");
    expect(r.problems).toEqual([]);
    const results = r.trace.messages.filter((m) => m.role === "tool");
    expect(results).toMatchObject([
      { callId: "tooluse_birch", name: "room_status", status: "ok", content: '{"free":true}' },
      { callId: "tooluse_cedar", name: "room_status", status: "error", content: "no such room" },
    ]);
    expect(r.trace.messages[0]).toMatchObject({ role: "system" });
    expect(r.trace.tools[0]?.parameters).toMatchObject({ required: ["room"] });
  });

  it.each([
    ["ai-sdk-v5.json", ["call-blue", "call-red"], ["ok", "error"]],
    ["ai-sdk-v4.json", ["call_mul"], ["ok"]],
    ["langchain.json", ["call_dune", "call_emma"], ["ok", "error"]],
    ["otel-otlp.json", ["call_oslo", "call_bergen"], ["ok", "ok"]],
    ["claude-code.jsonl", ["toolu_read", "toolu_edit"], ["ok", "error"]],
  ] as const)("%s: calls and results paired, statuses read", (name, ids, statuses) => {
    const r = imported(fixture(name), name);
    expect(r.problems).toEqual([]);
    const { calls, results } = pairs(r.trace.messages);
    expect(calls).toEqual(ids);
    expect(results).toEqual(ids);
    expect(r.trace.messages.flatMap((m) => (m.role === "tool" ? [m.status] : []))).toEqual(statuses);
  });

  it("OTLP export: the last span's history, its output, its system instructions and tool definitions", () => {
    const r = imported(fixture("otel-otlp.json"));
    expect(r.format).toBe("otel-genai");
    expect(r.trace.messages[0]).toEqual({ role: "system", content: "You report the weather. Use the tool." });
    expect(r.trace.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "Oslo: snow, -3 °C. Bergen's station is offline.",
    });
    // The second result was written under `result`, as some instrumentations do.
    expect(r.trace.messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual([
      "snow, -3 °C",
      '{"error":"station offline"}',
    ]);
    expect(r.trace.tools.map((t) => t.name)).toEqual(["weather"]);
  });

  it("Claude Code: a response split over two lines is one model turn; a side chain is left out", () => {
    const r = imported(fixture("claude-code.jsonl"), "session.jsonl");
    const turns = r.trace.messages.filter((m) => m.role === "assistant");
    expect(turns).toHaveLength(3);
    expect(turns[0]).toMatchObject({
      content: "I'll read the file first.",
      toolCalls: [{ callId: "toolu_read", name: "Read" }],
    });
    expect(JSON.stringify(r.trace.messages)).not.toContain("subagent");
  });

  it("refuses a Gemini call with no name, and a Bedrock toolResult with no toolUseId, at their paths", () => {
    const gemini = importTranscript(
      JSON.stringify({ contents: [{ role: "model", parts: [{ functionCall: { args: {} } }] }] }),
    );
    expect(gemini).toMatchObject({
      ok: false,
      errors: [{ path: "contents.0.parts.0.functionCall.name", message: "missing" }],
    });
    const bedrock = importTranscript(
      JSON.stringify({ messages: [{ role: "user", content: [{ toolResult: { content: [{ text: "x" }] } }] }] }),
    );
    expect(bedrock).toMatchObject({ ok: false, errors: [{ path: "messages.0.content.0.toolResult.toolUseId" }] });
  });
});

describe("what the request formats write, against the providers' SDK types", () => {
  const cases = SCENARIO_IDS.flatMap((id) => {
    const trace = runScenario(scenarioById(id, "en"));
    return trace.steps
      .filter((s) => s.kind === "model_call")
      .map((step) => ({ id, step: step.number, trace, context: contextOf(trace, step) }));
  });

  it.each(cases)(
    "$id at step $step: Gemini contents, Bedrock ConverseCommandInput, AI SDK ModelMessage[]",
    ({ trace, context }) => {
      const gemini: { contents: Content[]; systemInstruction?: Content; tools?: Tool[] } = geminiRequest(
        context,
        trace.tools,
      );
      const bedrock: ConverseCommandInput = bedrockRequest(context, trace.tools);
      const aiSdk: ModelMessage[] = aiSdkRequest(context, trace.tools);
      // The roles alternate in Gemini's and Bedrock's (consecutive turns of one role are joined).
      for (const list of [gemini.contents.map((c) => c.role), (bedrock.messages ?? []).map((m) => m.role)]) {
        for (let i = 1; i < list.length; i += 1) expect(list[i]).not.toBe(list[i - 1]);
      }
      // Every result goes back under its call's id (the results of one turn in one tool message).
      expect(
        aiSdk.flatMap((m) => (m.role === "tool" ? m.content.map((p) => ("toolCallId" in p ? p.toolCallId : "")) : [])),
      ).toEqual(context.flatMap((m) => (m.role === "tool" ? [m.callId] : [])));
    },
  );
});
