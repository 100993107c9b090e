// @vitest-environment node
/**
 * What each format carries, proved by a round trip: a run with one feature (a system note, reasoning, an error
 * result, …) is written in the format and read back; the feature survives exactly when the codec says it carries
 * it, so the loss report (src/formats/loss.ts) lists what a conversion really drops.
 */
import { describe, expect, it } from "vitest";
import type { Message, ToolDeclaration } from "../../src/engine";
import { runScenario } from "../../src/engine";
import { CODECS } from "../../src/formats/codecs";
import { importTranscript, toTrace } from "../../src/formats/import";
import { FORMAT_IDS } from "../../src/formats/index";
import { FEATURES, type Feature, featuresOf, lossesIn } from "../../src/formats/loss";
import { SCENARIO_IDS, scenarioById } from "../../src/scenarios";

const user = (content: string): Message => ({ role: "user", content });
const reply = (content: string): Message => ({ role: "assistant", content, toolCalls: [] });
const TOOL: ToolDeclaration = {
  name: "lookup",
  description: "Look a word up.",
  parameters: { type: "object", properties: { word: { type: "string" } } },
};
const call = (callId: string, extra: object = {}) => ({ callId, name: "lookup", args: { word: "loop" }, ...extra });
const result = (callId: string, status: "ok" | "error" = "ok"): Message => ({
  role: "tool",
  callId,
  name: "lookup",
  status,
  content: status === "ok" ? "a cycle" : "lookup is not allowed",
  replayed: false,
});

/** A run with each feature, and nothing else a format could drop. */
const RUNS: Readonly<Record<Feature, { messages: Message[]; tools: ToolDeclaration[] }>> = {
  system: { messages: [{ role: "system", content: "Answer briefly." }, user("hi"), reply("hello")], tools: [] },
  tool_declarations: { messages: [user("hi"), reply("hello")], tools: [TOOL] },
  built_in_tools: {
    messages: [user("hi"), reply("hello")],
    tools: [{ name: "web_search", description: "", parameters: {}, builtIn: "web_search" }],
  },
  error_status: {
    messages: [
      user("define loop"),
      { role: "assistant", content: null, toolCalls: [call("c1")] },
      result("c1", "error"),
      reply("I could not look it up."),
    ],
    tools: [],
  },
  reasoning: {
    messages: [
      user("hi"),
      {
        role: "assistant",
        content: "hello",
        toolCalls: [],
        parts: [
          { type: "reasoning", text: "A greeting.", redacted: false },
          { type: "text", text: "hello" },
        ],
      },
    ],
    tools: [],
  },
  media: {
    messages: [
      {
        role: "user",
        content: "what is this?",
        parts: [
          { type: "text", text: "what is this?" },
          { type: "media", media: "image" },
        ],
      },
      reply("a cat"),
    ],
    tools: [],
  },
  provider_tools: {
    messages: [
      user("news?"),
      {
        role: "assistant",
        content: "Nothing new.",
        toolCalls: [],
        parts: [
          { type: "provider_tool", id: "ws_1", name: "web_search", input: '{"query":"news"}' },
          { type: "provider_result", id: "ws_1", name: "web_search", content: "[]" },
          { type: "text", text: "Nothing new." },
        ],
      },
    ],
    tools: [],
  },
  raw_arguments: {
    messages: [
      user("define loop"),
      { role: "assistant", content: null, toolCalls: [call("c1", { args: {}, rawArguments: "loop" })] },
      result("c1"),
      reply("a cycle"),
    ],
    tools: [],
  },
  unknown_parts: {
    messages: [
      {
        role: "user",
        content: "hi",
        parts: [
          { type: "text", text: "hi" },
          { type: "other", original: "hologram" },
        ],
      },
      reply("hello"),
    ],
    tools: [],
  },
};

describe.each(FORMAT_IDS.filter((id) => id !== "neutral"))("%s carries what it says, and only that", (format) => {
  it.each(FEATURES)("%s", (feature) => {
    const run = toTrace({ ...RUNS[feature], shape: "messages" }, "run").trace;
    expect(featuresOf(run).map((f) => f.feature)).toContain(feature);
    const written = JSON.stringify(CODECS[format].transcript(run));
    const back = importTranscript(written, format);
    if (!back.ok) throw new Error(back.errors.map((e) => e.message).join("; "));
    const kept = featuresOf(back.trace).some((f) => f.feature === feature);
    expect(kept).toBe(CODECS[format].carries.includes(feature));
    expect(lossesIn(format, run).some((loss) => loss.feature === feature)).toBe(!kept);
  });
});

describe("the loss report", () => {
  it("is empty for the figure's own format, and counts each loss with its first step", () => {
    const run = toTrace({ ...RUNS.error_status, shape: "messages" }, "run").trace;
    expect(lossesIn("neutral", run)).toEqual([]);
    expect(lossesIn("chat", run)).toEqual([{ feature: "error_status", count: 1, step: 4 }]);
  });

  it("says what each built-in scenario loses in each format: only error statuses, system notes and declarations", () => {
    for (const id of SCENARIO_IDS) {
      const trace = runScenario(scenarioById(id, "en"));
      for (const format of FORMAT_IDS) {
        for (const loss of lossesIn(format, trace))
          expect(["error_status", "system", "tool_declarations"]).toContain(loss.feature);
      }
    }
  });
});
