// @vitest-environment node
/**
 * The writers of the two agent formats the figure writes as well as reads: an Inspect AI sample, checked against
 * Inspect's own published schema (cut in tests/fixtures/inspect-sample.schema.json), and a SWE-agent demonstration,
 * checked against what SWE-agent sends the model from it (its history is Chat Completions messages with SWE-agent's
 * fields beside them). Each over every built-in scenario, and read back without being told its format.
 */
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { runScenario, type Trace } from "../../src/engine";
import { writtenName } from "../../src/formats";
import { chatRequest } from "../../src/formats/chat";
import { importTranscript } from "../../src/formats/import";
import { runMessages } from "../../src/formats/types";
import { wireFile, wireTranscript } from "../../src/formats/wire";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import schema from "../fixtures/inspect-sample.schema.json";

const traceOf = (id: (typeof SCENARIO_IDS)[number]): Trace => runScenario(scenarioById(id, "en"));

type Item = Record<string, unknown>;
const items = (value: unknown, key: string): Item[] => (value as Record<string, Item[]>)[key] ?? [];

describe("an Inspect AI sample", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  const components = schema.components.schemas as unknown as Record<string, { properties?: Record<string, unknown> }>;
  const MESSAGE_SCHEMA: Record<string, string> = {
    system: "ChatMessageSystem",
    user: "ChatMessageUser",
    assistant: "ChatMessageAssistant",
    tool: "ChatMessageTool",
  };
  /** The fields a value has that its schema does not declare (the schema lets extra fields through). */
  const undeclared = (value: Item, name: string): string[] =>
    Object.keys(value).filter((key) => !(key in (components[name]?.properties ?? {})));

  it.each(SCENARIO_IDS)("%s: is a sample Inspect's schema takes, with no field it does not declare", (id) => {
    const sample = wireTranscript("inspect", traceOf(id));
    expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
    // The schema does refuse what Inspect would: an epoch that is not a number, a tool call without its function.
    expect(validate({ ...(sample as Item), epoch: "1" })).toBe(false);
    const called = items(sample, "messages").map((m) =>
      m.tool_calls === undefined ? m : { ...m, tool_calls: [{ id: "x", arguments: {}, type: "function" }] },
    );
    if (called.some((m) => m.tool_calls !== undefined))
      expect(validate({ ...(sample as Item), messages: called })).toBe(false);
    for (const message of items(sample, "messages")) {
      expect(undeclared(message, MESSAGE_SCHEMA[String(message.role)] ?? "")).toEqual([]);
      for (const call of (message.tool_calls as Item[] | undefined) ?? [])
        expect(undeclared(call, "ToolCall")).toEqual([]);
      for (const part of Array.isArray(message.content) ? (message.content as Item[]) : [])
        expect(undeclared(part, part.type === "reasoning" ? "ContentReasoning" : "ContentText")).toEqual([]);
    }
  });

  it("holds the run's messages, its input the messages before the first reply", () => {
    const trace = traceOf("f22");
    const sample = wireTranscript("inspect", trace) as { input: Item[]; messages: Item[]; target: string };
    expect(sample.messages).toHaveLength(runMessages(trace).length);
    expect(sample.input.map((m) => m.role)).toEqual(["system", "user"]);
    expect(sample.messages.map((m) => m.source ?? null)).toEqual(["input", "input", "generate", null, "generate"]);
    expect(sample.target).toBe("");
  });

  it("types each error as Inspect does, from the step that made it, and the import says who made it", () => {
    const errorOf = (id: (typeof SCENARIO_IDS)[number]) =>
      items(wireTranscript("inspect", traceOf(id)), "messages").find((m) => m.error !== undefined);
    // The host did not have the tool: Inspect's own "Tool … not found" is a parsing error.
    expect(errorOf("unauthorized-tool")).toMatchObject({ content: "", error: { type: "parsing" } });
    // A rule of the host's refused it: what Inspect's approval policies do.
    expect(errorOf("scope-violation")?.error).toMatchObject({ type: "approval" });
    expect(errorOf("idempotent-replay")?.error).toMatchObject({ type: "approval" });
    // The tool ran and failed.
    expect(errorOf("mcp-hop")?.error).toEqual({ type: "unknown", message: "Unknown city: Atlantis" });

    const back = importTranscript(wireFile("inspect", traceOf("scope-violation"), "run").text);
    if (!back.ok) throw new Error(back.errors.map((e) => e.message).join("; "));
    expect(back.summary.format).toBe("inspect");
    expect(back.notes.map((n) => n.kind)).toContain("error_by");
    const refused = back.trace.messages.find((m) => m.role === "tool" && m.status === "error");
    expect(refused?.role === "tool" ? refused.content : "").toContain("scope_violation");
  });

  it("writes reasoning without a signature, and arguments that were not an object as a parse error", () => {
    const sample = sampleWithReasoning();
    const [, assistant, , last] = items(sample, "messages");
    expect(assistant?.content).toEqual([
      { type: "reasoning", reasoning: "Look it up.", redacted: false },
      { type: "text", text: "Looking." },
    ]);
    expect(assistant?.tool_calls).toEqual([
      {
        id: "c1",
        function: "lookup",
        arguments: {},
        parse_error: "the arguments were not a JSON object: loop",
        type: "function",
      },
    ]);
    expect(last).toEqual({ role: "assistant", content: "a cycle", source: "generate" });
    expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
  });
});

/** A small run with reasoning and arguments that are not JSON, written as an Inspect sample. */
function sampleWithReasoning(): unknown {
  const trace = importTranscript(
    JSON.stringify({
      messages: [
        { role: "user", content: "define loop" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Look it up.", signature: "sig" },
            { type: "text", text: "Looking." },
            { type: "tool_use", id: "c1", name: "lookup", input: {} },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "a cycle" }] },
        { role: "assistant", content: "a cycle" },
      ],
    }),
    "anthropic",
  );
  if (!trace.ok) throw new Error("not read");
  // The call's arguments as a model wrote them, not JSON.
  const messages = trace.trace.messages.map((m) =>
    m.role === "assistant" && m.toolCalls.length > 0
      ? { ...m, toolCalls: m.toolCalls.map((c) => ({ ...c, args: {}, rawArguments: "loop" })) }
      : m,
  );
  return wireTranscript("inspect", { ...trace.trace, messages });
}

describe("a SWE-agent demonstration", () => {
  /** What SWE-agent sends the model from history items (sweagent/agent/models.py, `_history_to_messages`). */
  const sent = (history: readonly Item[]) =>
    history.map((item) =>
      item.role === "tool"
        ? { role: "tool", content: item.content, tool_call_id: (item.tool_call_ids as string[])[0] }
        : item.tool_calls !== undefined
          ? { role: item.role, content: item.content, tool_calls: item.tool_calls }
          : { role: item.role, content: item.content },
    );
  /** HistoryItem's fields (sweagent/types.py). */
  const HISTORY_ITEM = new Set([
    "role",
    "content",
    "message_type",
    "agent",
    "is_demo",
    "thought",
    "action",
    "tool_calls",
    "tool_call_ids",
    "tags",
    "cache_control",
    "thinking_blocks",
  ]);

  it.each(SCENARIO_IDS)(
    "%s: is the history SWE-agent loads, and sends the model the Chat messages of the run",
    (id) => {
      const trace = traceOf(id);
      const written = wireTranscript("swe-agent", trace);
      expect(Object.keys(written as object)).toEqual(["history"]);
      const history = items(written, "history");
      for (const item of history) {
        expect(Object.keys(item).filter((key) => !HISTORY_ITEM.has(key))).toEqual([]);
        // SWE-agent joins a demonstration's contents as text: each is a string.
        expect(typeof item.content).toBe("string");
        expect(item.agent).toBe("main");
      }
      const chat = chatRequest(runMessages(trace), []).messages.map((m) =>
        m.role === "assistant" && m.content === null ? { ...m, content: "" } : m,
      );
      expect(sent(history)).toEqual(chat);
    },
  );

  it("is read back as SWE-agent's without being told, and saved as a .traj file", () => {
    const { file, text } = wireFile("swe-agent", traceOf("unauthorized-tool"), "unauthorized-tool");
    expect(file).toBe("unauthorized-tool.traj");
    const back = importTranscript(text);
    if (!back.ok) throw new Error(back.errors.map((e) => e.message).join("; "));
    expect(back.summary.format).toBe("swe-agent");
    expect(back.summary.toolCalls).toBe(2);
    expect(back.problems).toEqual([]);
  });

  it("is named for what it is, in the export's words", () => {
    expect(writtenName("swe-agent")).toBe("SWE-agent demonstration");
    expect(writtenName("inspect")).toBe("Inspect AI sample");
    expect(writtenName("chat")).toBe("OpenAI Chat Completions");
  });
});
