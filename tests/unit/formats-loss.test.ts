// @vitest-environment node
/**
 * What each format carries, proved by a round trip: a run with one feature (a system note, reasoning, an error
 * result, …) is written in the format and read back; the feature survives exactly when the codec says it carries
 * it, so the loss report (src/formats/loss.ts) lists what a conversion really drops.
 */
import { describe, expect, it } from "vitest";
import type { Message, ToolDeclaration, Trace } from "../../src/engine";
import { runScenario } from "../../src/engine";
import { CODECS } from "../../src/formats/codecs";
import { importTranscript, toTrace } from "../../src/formats/import";
import { WRITABLE_FORMAT_IDS } from "../../src/formats/index";
import { FEATURES, type Feature, featuresOf, lossesIn } from "../../src/formats/loss";
import { SCENARIO_IDS, type ScenarioId, scenarioById } from "../../src/scenarios";

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

/** A run with each feature, and nothing else a format could drop (as messages; a run's own doings, as a scenario). */
const RUNS: Readonly<Record<Feature, { messages: Message[]; tools: ToolDeclaration[] } | ScenarioId>> = {
  system: { messages: [{ role: "system", content: "Answer briefly." }, user("hi"), reply("hello")], tools: [] },
  mid_run_system: {
    messages: [
      { role: "system", content: "Answer briefly." },
      user("hi"),
      reply("hello"),
      { role: "system", content: "The user's time is 09:00." },
      user("what time is it?"),
      reply("nine"),
    ],
    tools: [],
  },
  clear_at: {
    messages: [
      user("hi"),
      reply("hello"),
      { role: "system", content: "The user is typing on a phone.", clearAt: "next_user_message" },
      reply("ok"),
    ],
    tools: [],
  },
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
  unfed_calls: "missing-feedback",
  host_hops: "mcp-hop",
  result_order: {
    messages: [
      user("define loop and cycle"),
      { role: "assistant", content: null, toolCalls: [call("c1"), { ...call("c2"), args: { word: "cycle" } }] },
      result("c2"),
      result("c1"),
      reply("a cycle, both"),
    ],
    tools: [],
  },
};

const runOf = (feature: Feature): Trace => {
  const run = RUNS[feature];
  return typeof run === "string"
    ? runScenario(scenarioById(run, "en"))
    : toTrace({ ...run, shape: "messages" }, "run").trace;
};

describe.each(WRITABLE_FORMAT_IDS.filter((id) => id !== "neutral"))(
  "%s carries what it says, and only that",
  (format) => {
    it.each(FEATURES)("%s", (feature) => {
      const run = runOf(feature);
      expect(featuresOf(run).map((f) => f.feature)).toContain(feature);
      const written = JSON.stringify(CODECS[format].transcript(run));
      const back = importTranscript(written, format);
      if (!back.ok) throw new Error(back.errors.map((e) => e.message).join("; "));
      const kept = featuresOf(back.trace).some((f) => f.feature === feature);
      expect(kept).toBe(CODECS[format].carries.includes(feature));
      expect(lossesIn(format, run).some((loss) => loss.feature === feature)).toBe(!kept);
    });
  },
);

describe("the loss report", () => {
  it("is empty for the figure's own format, and counts each loss with its first step", () => {
    const run = runOf("error_status");
    expect(lossesIn("neutral", run)).toEqual([]);
    expect(lossesIn("chat", run)).toEqual([{ feature: "error_status", count: 1, step: 4 }]);
  });

  it("says what a forgetful host dropped, and the MCP hop, from the run rather than its last context", () => {
    expect(lossesIn("chat", runOf("unfed_calls"))).toEqual([{ feature: "unfed_calls", count: 3, step: 3 }]);
    expect(lossesIn("anthropic", runOf("host_hops"))).toContainEqual({ feature: "host_hops", count: 2, step: 9 });
    expect(lossesIn("neutral", runOf("unfed_calls"))).toEqual([]);
  });

  it("tells what a format has a place for, but the figure cannot fill, from what the format has no place for", async () => {
    const run = runOf("reasoning");
    const reasoning = (format: (typeof WRITABLE_FORMAT_IDS)[number]) =>
      lossesIn(format, run).find((l) => l.feature === "reasoning");
    for (const format of ["anthropic", "gemini", "bedrock", "responses"] as const)
      expect([format, reasoning(format)?.hasPlace]).toEqual([format, true]);
    expect(reasoning("chat")?.hasPlace).toBeUndefined();
    const { runs } = await import("../../src/content/runs.en");
    const said = (format: "anthropic" | "chat") => {
      const loss = reasoning(format);
      if (loss === undefined) throw new Error(`no reasoning lost in ${format}`);
      return runs.exportReport.loss(loss);
    };
    expect(said("anthropic")).toContain("the format has a place for this, but the figure keeps no signature");
    expect(said("chat")).not.toContain("has a place");
    expect(runs.exportReport.lossHeading("Anthropic Messages")).toBe("Left out of the Anthropic Messages file:");
  });

  // Every scenario in every format, read back: what the run had and the export lost is exactly what the report says,
  // and every call the model proposed is in the file or counted as dropped.
  it.each(SCENARIO_IDS)("%s: each format's export, read back, lost just what its report says", (id) => {
    const trace = runScenario(scenarioById(id, "en"));
    const had = featuresOf(trace);
    const proposed = trace.steps.flatMap((s) => (s.kind === "proposal" ? s.callIds : []));
    for (const format of WRITABLE_FORMAT_IDS.filter((f) => f !== "neutral")) {
      const back = importTranscript(JSON.stringify(CODECS[format].transcript(trace)), format);
      if (!back.ok) throw new Error(`${id} in ${format} not read back`);
      const kept = new Set(featuresOf(back.trace).map((f) => f.feature));
      const lost = had.filter((f) => !kept.has(f.feature)).map((f) => f.feature);
      expect([format, lossesIn(format, trace).map((l) => l.feature)]).toEqual([format, lost]);
      const written = new Set(
        back.trace.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : [])),
      );
      const dropped = proposed.filter((callId) => !written.has(callId)).length;
      const reported = lossesIn(format, trace).find((l) => l.feature === "unfed_calls")?.count ?? 0;
      expect([format, dropped]).toEqual([format, reported]);
    }
  });
});
