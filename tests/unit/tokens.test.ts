// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendedOf,
  approxMessageTokens,
  approxTokens,
  contextOf,
  longRunScenario,
  type Message,
  messageText,
  NOT_RECORDED,
  runScenario,
  teachingTokens,
  tokenPrefixSums,
  tokenSums,
} from "../../src/engine";
import { scenarioById } from "../../src/scenarios";

describe("token estimates", () => {
  it("count about four Latin characters or one Chinese character per token", () => {
    expect(approxTokens("")).toBe(0);
    expect(approxTokens("abcd")).toBe(1);
    expect(approxTokens("abcde")).toBe(2);
    expect(approxTokens("超时")).toBe(2);
    expect(approxTokens("读取 config.txt 中的 timeout")).toBe(4 + Math.ceil(20 / 4));
  });

  it("count per code point for any text: the ASCII shortcut agrees with the character-by-character count", () => {
    const byCharacter = (text: string) => {
      const chars = [...text];
      const han = chars.filter((c) => /\p{Script=Han}/u.test(c)).length;
      return han + Math.ceil((chars.length - han) / 4);
    };
    const pieces = fc.constantFrom("a", "Z", "0", " ", "{", "~", "\u007f", "超", "时", "é", "😀", "\u0080");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((parts) => parts.join("")),
        ),
        (text) => {
          expect(approxTokens(text)).toBe(byCharacter(text));
        },
      ),
    );
  });

  it("add up over messages, and a model call adds exactly what it appended", () => {
    const trace = runScenario(scenarioById("f22", "en"));
    const steps = trace.steps;
    const calls = steps.filter((s) => s.kind === "model_call");
    expect(calls).toHaveLength(2);
    const [first, second] = calls;
    if (first?.kind !== "model_call" || second?.kind !== "model_call") throw new Error("no model calls");
    expect(approxMessageTokens(contextOf(trace, second))).toBe(
      approxMessageTokens(contextOf(trace, first)) + approxMessageTokens(appendedOf(trace, second)),
    );
    const sums = tokenPrefixSums(trace.messages);
    expect(sums[second.contextEnd]).toBe(approxMessageTokens(contextOf(trace, second)));
    expect(messageText(appendedOf(trace, second)[1] ?? { role: "user", content: "" })).toBe("call_1 timeout=30");
  });

  it("split a model's output into tokens that put it back together exactly", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(teachingTokens(text).join("")).toBe(text);
      }),
    );
    expect(teachingTokens("timeout 的值是 30")).toEqual(["timeout", " ", "的", "值", "是", " ", "30"]);
  });

  it("lazily: the running totals asked for in any order, or filled ahead a slice at a time, are the whole run's", () => {
    const { messages } = runScenario(longRunScenario(60));
    const whole = tokenPrefixSums(messages);
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: messages.length + 3 }), { maxLength: 30 }),
        fc.nat({ max: 50 }),
        (ends, slice) => {
          const lazy = tokenSums(messages);
          if (slice > 0) lazy.fill(slice);
          for (const end of ends) expect(lazy.upTo(end)).toBe(whole[Math.min(end, messages.length)]);
        },
      ),
    );
    const filled = tokenSums(messages);
    let slices = 0;
    while (!filled.fill(50)) slices += 1;
    expect(slices).toBe(Math.ceil(messages.length / 50) - 1);
    expect(filled.upTo(messages.length)).toBe(whole.at(-1));
  });

  it("count no placeholder of a text the record did not hold, and count those texts instead, in any order asked", () => {
    const messages: Message[] = [
      { role: "user", content: "read timeout from config.txt" },
      { role: "assistant", content: NOT_RECORDED, toolCalls: [{ callId: "call_1", name: "read_file", args: {} }] },
      { role: "tool", callId: "call_1", name: "read_file", status: "ok", content: NOT_RECORDED, replayed: false },
      { role: "assistant", content: "timeout=30", toolCalls: [] },
    ];
    const whole = tokenPrefixSums(messages);
    // The placeholders weigh nothing: the model never saw those words.
    expect(whole).toEqual([0, 7, 11, 13, 16]);
    expect(approxMessageTokens(messages)).toBe(16);
    const missingUpTo = [0, 0, 1, 2, 2];
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: messages.length + 2 }), { maxLength: 12 }),
        fc.nat({ max: 3 }),
        (ends, slice) => {
          const lazy = tokenSums(messages);
          if (slice > 0) lazy.fill(slice);
          for (const end of ends) {
            const at = Math.min(end, messages.length);
            expect([lazy.upTo(end), lazy.unrecordedUpTo(end)]).toEqual([whole[at], missingUpTo[at]]);
          }
        },
      ),
    );
    // A run that recorded everything counts none missing.
    const f22 = tokenSums(runScenario(scenarioById("f22", "en")).messages);
    expect(f22.unrecordedUpTo(100)).toBe(0);
  });
});
