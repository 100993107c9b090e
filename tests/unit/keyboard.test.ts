import { describe, expect, it } from "vitest";
import { intentOf, keyToIntent } from "../../src/player/keyboard/keyToIntent";

const event = (key: string, extra: Partial<Parameters<typeof intentOf>[0]> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  target: document.createElement("div"),
  ...extra,
});

describe("keyToIntent", () => {
  it.each([
    ["ArrowRight", "next"],
    ["ArrowLeft", "prev"],
    ["Home", "first"],
    ["End", "last"],
    [" ", "toggle"],
  ])("maps %j to %s", (key, intent) => expect(keyToIntent(key)).toBe(intent));

  it.each(["ArrowUp", "ArrowDown", "Enter", "Tab", "a", "PageDown", "Escape"])("ignores %s", (key) =>
    expect(keyToIntent(key)).toBeNull(),
  );
});

describe("intentOf", () => {
  it("leaves modified keys to the browser and assistive technology", () => {
    for (const modifier of ["altKey", "ctrlKey", "metaKey", "shiftKey"] as const) {
      expect(intentOf(event("ArrowRight", { [modifier]: true }))).toBeNull();
    }
  });

  it("leaves an event a handler before it already took", () => {
    expect(intentOf(event("ArrowRight", { defaultPrevented: true }))).toBeNull();
  });

  it("leaves every key to a slider or text field", () => {
    const slider = Object.assign(document.createElement("input"), { type: "range" });
    for (const key of ["ArrowRight", "ArrowLeft", "Home", "End", " "]) {
      expect(intentOf(event(key, { target: slider }))).toBeNull();
    }
  });

  it("lets Space press a focused button, but steps with arrows from it", () => {
    const button = document.createElement("button");
    expect(intentOf(event(" ", { target: button }))).toBeNull();
    expect(intentOf(event("ArrowRight", { target: button }))).toBe("next");
  });
});
