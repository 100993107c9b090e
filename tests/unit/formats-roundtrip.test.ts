// @vitest-environment node
/**
 * Round trips through every format: a run written out in a format and imported again keeps its call ids, its
 * results and its number of model calls — over random runs (fast-check) and every built-in scenario.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Message, runScenario, type Trace } from "../../src/engine";
import { WRITABLE_FORMAT_IDS, type WritableFormatId } from "../../src/formats";
import { chatRequest } from "../../src/formats/chat";
import { CODECS } from "../../src/formats/codecs";
import { importTranscript } from "../../src/formats/import";
import { runMessages } from "../../src/formats/types";
import { wireTranscript } from "../../src/formats/wire";
import { scenarioById } from "../../src/scenarios";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

/**
 * What must survive a round trip: the proposed call ids in order, each result by id, the model calls. The results
 * are in the order they came back, or (`byCall`, for a format that writes them in the order of the calls: it does
 * not carry `result_order`) in the order of their calls.
 */
function essentials(trace: Trace, byCall = false) {
  const callIds = trace.steps.flatMap((s) => (s.kind === "proposal" ? s.callIds : []));
  const results = trace.steps.flatMap((s) =>
    s.kind === "execution" ? [[s.callIds[0] ?? "", s.toolResult?.content] as const] : [],
  );
  if (byCall) results.sort((a, b) => callIds.indexOf(a[0]) - callIds.indexOf(b[0]));
  return {
    callIds,
    results,
    modelCalls: trace.steps.filter((s) => s.kind === "model_call").length,
    answers: trace.steps.flatMap((s) => (s.kind === "answer" ? [s.text] : [])),
  };
}
/** Whether a format writes results in the order they came back. */
const keepsOrder = (format: WritableFormatId) => CODECS[format].carries.includes("result_order");

const word = fc.stringMatching(/^[a-z]{1,8}( [a-z]{1,8}){0,4}$/);
const args = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(word, fc.integer(), fc.boolean()), {
  maxKeys: 3,
});

/** A model turn: one to three parallel calls (with or without words), their results in any order; or a reply. */
const turn = fc.oneof(
  fc.record({
    kind: fc.constant("calls" as const),
    text: fc.option(word, { nil: null }),
    calls: fc.array(fc.record({ name: fc.constantFrom("read_file", "search", "get_weather"), args }), {
      minLength: 1,
      maxLength: 3,
    }),
    results: fc.array(word, { minLength: 3, maxLength: 3 }),
    order: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("reply" as const), text: word, next: word }),
);

/** A well-formed run from random turns: every call id unique, every call answered. */
type Turn = typeof turn extends fc.Arbitrary<infer T> ? T : never;

function runOf(system: string | null, task: string, turns: readonly Turn[]): Message[] {
  const messages: Message[] = [];
  if (system !== null) messages.push({ role: "system", content: system });
  messages.push({ role: "user", content: task });
  let n = 0;
  turns.forEach((t, i) => {
    if (t.kind === "reply") {
      messages.push({ role: "assistant", content: t.text, toolCalls: [] });
      if (i < turns.length - 1) messages.push({ role: "user", content: t.next });
      return;
    }
    const calls = t.calls.map((c, j) => ({ callId: `call_${n + j + 1}`, name: c.name, args: c.args }));
    n += calls.length;
    messages.push({ role: "assistant", content: t.text, toolCalls: calls });
    const answered = t.order ? calls : [...calls].reverse();
    answered.forEach((c, j) => {
      messages.push({
        role: "tool",
        callId: c.callId,
        name: c.name,
        status: "ok",
        content: t.results[j] ?? "",
        replayed: false,
      });
    });
  });
  return messages;
}

const imported = (text: string): Trace => {
  const result = importTranscript(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.trace;
};

describe("a random run, written in each format and imported again", () => {
  it("keeps its call ids, its results and its number of model calls", () => {
    fc.assert(
      fc.property(fc.option(word, { nil: null }), word, fc.array(turn, { minLength: 1, maxLength: 6 }), (s, t, ts) => {
        const messages = runOf(s, t, ts);
        const tools = [{ name: "read_file", description: "Read a file.", parameters: { type: "object" } }];
        const base = imported(JSON.stringify(chatRequest(messages, tools)));
        expect(essentials(base).modelCalls).toBe(ts.length);
        for (const format of WRITABLE_FORMAT_IDS) {
          const again = imported(JSON.stringify(wireTranscript(format, base)));
          const byCall = !keepsOrder(format);
          expect(essentials(again, byCall), format).toEqual(essentials(base, byCall));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("every built-in scenario, written in each format and imported again", () => {
  it.each(SCENARIO_IDS.flatMap((id) => WRITABLE_FORMAT_IDS.map((format) => [id, format] as const)))(
    "%s via %s keeps its call ids, results and model calls",
    (id, format) => {
      const trace = runScenario(scenarioById(id, "en"));
      const again = imported(JSON.stringify(wireTranscript(format, trace)));
      const want = essentials(trace);
      const got = essentials(again);
      if (format === "neutral") {
        expect(again).toEqual(trace); // the figure's own export loads back as it was, steps and all
        return;
      }
      // A transcript holds what the host recorded: its proposals, results and replies are the run's own, minus
      // the validation steps. A host that drops its exchanges (missing-feedback) recorded none of them.
      const recorded = runMessages(trace);
      const calls = recorded.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : []));
      expect(got.callIds).toEqual(calls);
      if (id !== "missing-feedback") expect(got.callIds).toEqual(want.callIds);
      expect(got.modelCalls).toBe(recorded.filter((m) => m.role === "assistant").length);
      const fed = trace.messages.flatMap((m) => (m.role === "tool" ? [[m.callId, m.content] as const] : []));
      if (!keepsOrder(format)) fed.sort((a, b) => calls.indexOf(a[0]) - calls.indexOf(b[0]));
      expect(got.results).toEqual(fed);
      expect(got.answers).toEqual(want.answers);
    },
  );
});
