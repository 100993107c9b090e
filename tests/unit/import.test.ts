// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contextOf, type Message, runScenario } from "../../src/engine";
import type { FormatId } from "../../src/formats";
import { anthropicRequest } from "../../src/formats/anthropic";
import { chatRequest } from "../../src/formats/chat";
import { detectFormat, importTranscript } from "../../src/formats/import";
import { responsesRequest } from "../../src/formats/responses";
import { wireTranscript } from "../../src/formats/wire";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { parseTraceJson } from "../../src/trace-format/schema";

const fixture = (name: string) => readFileSync(`tests/fixtures/transcripts/${name}`, "utf8");
const emit = { chat: chatRequest, responses: responsesRequest, anthropic: anthropicRequest } as const;

describe("importing a transcript", () => {
  it.each([
    ["chat-parallel.json", "chat"],
    ["responses-items.json", "responses"],
    ["anthropic-refused.json", "anthropic"],
  ] as const)("detects %s as %s and makes a valid trace", (name, format) => {
    const text = fixture(name);
    expect(detectFormat(JSON.parse(text))).toBe(format);
    const result = importTranscript(text);
    expect(result).toMatchObject({ ok: true, format, problems: [] });
    if (!result.ok) return;
    expect(parseTraceJson(JSON.stringify(result.trace)).ok).toBe(true);
  });

  it("keeps every id of parallel calls and pairs each result with its call, in any order", () => {
    const result = importTranscript(fixture("chat-parallel.json"));
    if (!result.ok) throw new Error("not imported");
    const proposal = result.trace.steps.find((s) => s.kind === "proposal");
    expect(proposal?.callIds).toEqual(["call_a", "call_b"]);
    const executions = result.trace.steps.filter((s) => s.kind === "execution");
    expect(executions.map((s) => [s.callIds[0], s.toolResult?.name, s.toolResult?.content])).toEqual([
      ["call_b", "read_file", "timeout=60"],
      ["call_a", "read_file", "timeout=30"],
    ]);
    expect(result.trace.steps.at(-1)).toMatchObject({ kind: "finish", answer: "a.txt has 30, b.txt has 60." });
    expect(result.trace.tools.map((t) => t.name)).toEqual(["read_file"]);
  });

  it("reads Anthropic's is_error as an error result, and its system and text blocks", () => {
    const result = importTranscript(fixture("anthropic-refused.json"));
    if (!result.ok) throw new Error("not imported");
    expect(result.trace.messages[0]).toEqual({ role: "system", content: "You are a project assistant." });
    expect(result.trace.messages.find((m) => m.role === "tool")).toMatchObject({
      callId: "toolu_1",
      name: "publish",
      status: "error",
    });
    expect(result.trace.messages.find((m) => m.role === "assistant")).toMatchObject({ content: "I will publish it." });
  });

  it("shows every pairing problem at its step: result before call, unknown id, duplicate id, missing result", () => {
    const result = importTranscript(fixture("chat-broken-pairing.json"));
    if (!result.ok) throw new Error("not imported");
    const steps = result.trace.steps;
    const at = (kind: string) => result.problems.find((p) => p.kind === kind);
    expect(at("result_before_call")).toMatchObject({ callId: "call_2" });
    expect(steps[(at("result_before_call")?.step ?? 0) - 1]?.kind).toBe("execution");
    expect(at("unknown_call")).toMatchObject({ callId: "call_9" });
    expect(at("duplicate_id")).toMatchObject({ callId: "call_2" });
    expect(steps[(at("duplicate_id")?.step ?? 0) - 1]?.kind).toBe("proposal");
    // The first call_2 follows its stray early result, so no result answers it; call_1 never gets one either.
    expect(result.problems.filter((p) => p.kind === "missing_result").map((p) => p.callId)).toEqual([
      "call_2",
      "call_1",
    ]);
    // The second call_2 ends the transcript: not run yet, which is no problem; both open calls are pending.
    expect(result.trace.steps.at(-1)).toMatchObject({ kind: "finish", pendingCallIds: ["call_1", "call_2"] });
  });

  it("says where malformed JSON breaks, and which field of which format is wrong", () => {
    expect(importTranscript('{"messages": [\n  {"role": "user",}\n]}')).toMatchObject({
      ok: false,
      errors: [
        {
          message: "not valid JSON: expected a property name in double quotes (a trailing comma?)",
          line: 2,
          column: 19,
        },
      ],
    });
    const wrong = importTranscript(JSON.stringify({ messages: [{ role: "tool", content: "x" }] }), "chat");
    expect(wrong).toMatchObject({ ok: false, format: "chat" });
    if (wrong.ok) return;
    expect(wrong.errors.map((e) => e.path)).toContain("messages.0.tool_call_id");
    expect(importTranscript("[]")).toMatchObject({ ok: false, errors: [{ message: "no messages" }] });
  });
});

describe("round trip: every built-in scenario → each wire format → import → the same messages", () => {
  /** What a format keeps of a neutral message: our own `replayed` never travels, and only Anthropic says error. */
  const kept = (m: Message, format: FormatId): Message =>
    m.role === "tool" ? { ...m, replayed: false, status: format === "anthropic" ? m.status : "ok" } : m;

  /**
   * A Responses item list has no turn boundary between function calls: calls with no output between them read as
   * one turn (parallel calls). That happens only when a host never fed a result back (missing-feedback).
   */
  const turns = (messages: Message[], format: FormatId): Message[] =>
    format !== "responses"
      ? messages
      : messages.reduce<Message[]>((out, m) => {
          const last = out.at(-1);
          if (m.role === "assistant" && m.content === null && last?.role === "assistant" && last.toolCalls.length > 0) {
            out[out.length - 1] = { ...last, toolCalls: [...last.toolCalls, ...m.toolCalls] };
          } else out.push(m);
          return out;
        }, []);

  it.each(SCENARIO_IDS.flatMap((id) => (["chat", "responses", "anthropic"] as const).map((f) => [id, f] as const)))(
    "%s via %s",
    (id, format) => {
      const trace = runScenario(scenarioById(id, "en"));
      const last = [...trace.steps].reverse().find((s) => s.kind === "model_call");
      if (last === undefined) throw new Error("no model call");
      const messages = contextOf(trace, last);
      const result = importTranscript(JSON.stringify(emit[format](messages, trace.tools)));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.format).toBe(format);
      expect(result.trace.messages).toEqual(
        turns(
          messages.map((m) => kept(m, format)),
          format,
        ),
      );
      // A provider's declaration says nothing of a tool's effects: `writes`, `reads` and `sideEffect` are the engine's, and do
      // not travel.
      expect(result.trace.tools).toEqual(
        trace.tools.map(({ writes: _writes, reads: _reads, sideEffect: _sideEffect, ...t }) => ({
          ...t,
          parameters: format === "anthropic" ? { ...t.parameters, type: "object" } : t.parameters,
        })),
      );
    },
  );
});

describe("a whole run exported as a transcript and imported again", () => {
  it.each(SCENARIO_IDS.flatMap((id) => (["chat", "responses", "anthropic"] as const).map((f) => [id, f] as const)))(
    "%s via %s: every message, then the final reply, whose answer step comes back",
    (id, format) => {
      const trace = runScenario(scenarioById(id, "en"));
      const result = importTranscript(JSON.stringify(wireTranscript(format, trace)));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const answer = trace.steps.find((s) => s.kind === "answer");
      const imported = result.trace.messages;
      if (answer === undefined) {
        expect(result.trace.steps.some((s) => s.kind === "answer")).toBe(false);
        return;
      }
      expect(imported.at(-1)).toEqual({ role: "assistant", content: answer.text, toolCalls: [] });
      // Every message of the run is there before the reply (format limits aside: see the round trip above).
      expect(imported.length).toBeGreaterThanOrEqual(trace.messages.length + 1 - (format === "responses" ? 1 : 0));
      const replied = result.trace.steps.filter((s) => s.kind === "answer");
      expect(replied.map((s) => (s.kind === "answer" ? s.text : ""))).toEqual([answer.text]);
      expect(result.trace.counters.toolExecutions).toBe(trace.messages.filter((m) => m.role === "tool").length);
    },
  );
});
