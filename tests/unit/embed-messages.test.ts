// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptsCommand,
  eventMessage,
  eventTargetOrigin,
  parseAllowOrigin,
  parseCommand,
} from "../../src/embed/messages";

const command = (name: string, fields: Record<string, unknown> = {}) => ({
  type: `agent-loop-figure:${name}`,
  version: 1,
  ...fields,
});

describe("parseCommand", () => {
  it.each([
    [command("goto", { step: 3 }), { name: "goto", step: 3 }],
    [command("next"), { name: "next" }],
    [command("prev"), { name: "prev" }],
    [command("play"), { name: "play" }],
    [command("pause"), { name: "pause" }],
    [command("measure"), { name: "measure" }],
    [command("setLang", { lang: "en" }), { name: "setLang", lang: "en" }],
  ])("reads %j", (data, expected) => {
    expect(parseCommand(data)).toEqual(expected);
  });

  it.each([
    ["no data", undefined],
    ["a string", "agent-loop-figure:next"],
    ["an array", [command("next")]],
    ["no version", { type: "agent-loop-figure:next" }],
    ["another version", command("next", { version: 2 })],
    ["a version as text", command("next", { version: "1" })],
    ["another prefix", { type: "other:next", version: 1 }],
    ["an unknown command", command("reload")],
    ["an event name", command("ready")],
    ["goto without a step", command("goto")],
    ["goto with a fraction", command("goto", { step: 2.5 })],
    ["goto with text", command("goto", { step: "3" })],
    ["goto with NaN", command("goto", { step: Number.NaN })],
    ["setLang with an unknown language", command("setLang", { lang: "fr" })],
    ["a prototype name", command("__proto__")],
  ])("ignores %s", (_, data) => {
    expect(parseCommand(data)).toBeNull();
  });

  it("never throws and returns null or a known command, whatever arrives", () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const parsed = parseCommand(data);
        expect(
          parsed === null || ["goto", "next", "prev", "play", "pause", "measure", "setLang"].includes(parsed.name),
        ).toBe(true);
      }),
    );
  });
});

describe("allowOrigin", () => {
  it("takes an exact origin", () => {
    expect(parseAllowOrigin("https://course.example")).toEqual({ kind: "only", origin: "https://course.example" });
    expect(parseAllowOrigin("http://127.0.0.1:4174")).toEqual({ kind: "only", origin: "http://127.0.0.1:4174" });
  });
  it("allows any parent when not set", () => {
    expect(parseAllowOrigin(null)).toEqual({ kind: "any" });
  });
  it.each([
    "*",
    "",
    "course.example",
    "https://course.example/",
    "https://course.example/page",
    "javascript:1",
    "null",
  ])("fails closed on %j", (raw) => {
    expect(parseAllowOrigin(raw)).toEqual({ kind: "invalid" });
  });

  const parent = { name: "parent" };
  const sibling = { name: "sibling" };
  it("accepts commands only from the parent window, and from the allowed origin when one is set", () => {
    const only = parseAllowOrigin("https://course.example");
    expect(acceptsCommand(only, { source: parent, origin: "https://course.example" }, parent)).toBe(true);
    expect(acceptsCommand(only, { source: parent, origin: "https://evil.example" }, parent)).toBe(false);
    expect(acceptsCommand(only, { source: sibling, origin: "https://course.example" }, parent)).toBe(false);
    expect(acceptsCommand({ kind: "any" }, { source: parent, origin: "https://any.example" }, parent)).toBe(true);
    expect(acceptsCommand({ kind: "any" }, { source: sibling, origin: "https://any.example" }, parent)).toBe(false);
    expect(acceptsCommand({ kind: "invalid" }, { source: parent, origin: "https://course.example" }, parent)).toBe(
      false,
    );
  });
  it("sends events to the allowed origin, to any parent, or nowhere", () => {
    expect(eventTargetOrigin(parseAllowOrigin("https://course.example"))).toBe("https://course.example");
    expect(eventTargetOrigin({ kind: "any" })).toBe("*");
    expect(eventTargetOrigin({ kind: "invalid" })).toBeNull();
  });
});

describe("eventMessage", () => {
  it("builds versioned, prefixed events", () => {
    expect(eventMessage("stepchange", { step: 2, total: 8, lang: "en" })).toEqual({
      type: "agent-loop-figure:stepchange",
      version: 1,
      step: 2,
      total: 8,
      lang: "en",
    });
    expect(eventMessage("ended", {})).toEqual({ type: "agent-loop-figure:ended", version: 1 });
  });
});
