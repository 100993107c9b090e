// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/app/highlight";
import { langFromUrl, stepFromUrl } from "../../src/app/url";

const at = (hash: string, search = "") => stepFromUrl({ hash, search }, 8);

describe("stepFromUrl", () => {
  it("opens at #step-N or ?step=N (1-based), the hash first", () => {
    expect(at("#step-5")).toEqual({ index: 4, invalid: null });
    expect(at("", "?step=3")).toEqual({ index: 2, invalid: null });
    expect(at("#step-2", "?step=7")).toEqual({ index: 1, invalid: null });
    expect(at("", "")).toEqual({ index: 0, invalid: null });
  });

  it.each([
    ["#step-99", 7, "out_of_range"],
    ["#step-0", 0, "out_of_range"],
    ["#step-abc", 0, "not_a_number"],
    ["#step--1", 0, "not_a_number"],
    ["#step-2.5", 0, "not_a_number"],
    ["#step-", 0, "not_a_number"],
  ])("turns %s into a real step and says what was wrong", (hash, index, problem) => {
    expect(at(hash)).toEqual({ index, invalid: problem });
  });

  it("decodes a step once: ?step=%2536 is not step 6", () => {
    expect(at("", "?step=%2536")).toEqual({ index: 0, invalid: "not_a_number" });
    expect(at("#step-%2536")).toEqual({ index: 0, invalid: "not_a_number" });
    expect(at("#step-%36")).toEqual({ index: 5, invalid: null });
  });

  it("does not choke on malformed percent-encoding or very long values", () => {
    expect(at("#step-%E0%A4%A")).toEqual({ index: 0, invalid: "not_a_number" });
    expect(at(`#step-${"9".repeat(500)}`)).toEqual({ index: 7, invalid: "out_of_range" });
  });
});

describe("langFromUrl", () => {
  it.each([
    ["?lang=en", "en"],
    ["?lang=zh", "zh"],
    ["?lang=fr", "zh"],
    ["", "zh"],
    ["?lang=EN", "zh"],
  ])("%s → %s", (search, lang) => expect(langFromUrl(search)).toBe(lang));
});

describe("tokenize", () => {
  const source = readFileSync("src/engine/experiment.ts", "utf8");

  it("gives the source back unchanged when its tokens are joined", () => {
    expect(
      tokenize(source)
        .map(([, text]) => text)
        .join(""),
    ).toBe(source);
  });

  it("colours keywords, strings, comments and numbers", () => {
    const kinds = new Map(tokenize('const a = "x"; // note\nreturn 42;').map(([kind, text]) => [text, kind]));
    expect(kinds.get("const")).toBe("keyword");
    expect(kinds.get('"x"')).toBe("string");
    expect(kinds.get("// note")).toBe("comment");
    expect(kinds.get("42")).toBe("number");
  });
});
