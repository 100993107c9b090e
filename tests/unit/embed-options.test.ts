// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  checkStep,
  DEFAULT_OPTIONS,
  embedParams,
  followedSearch,
  hydratesFirstFrame,
  parseOption,
  readOptions,
  scenarioSearch,
} from "../../src/embed/options";

const fromQuery = (query: string) => {
  const params = new URLSearchParams(query);
  return readOptions(
    (name) => params.get(name),
    ["step", "lang", "autoplay", "dwell", "theme", "controls", "scenario", "checkpoints", "present"],
  );
};

describe("embed options", () => {
  it("has quiet defaults: F22 in Chinese, static, every control", () => {
    expect(fromQuery("")).toEqual({ options: DEFAULT_OPTIONS, warnings: [] });
  });

  it("reads every parameter", () => {
    expect(
      fromQuery("step=3&lang=en&autoplay=1&dwell=2.5&theme=dark&controls=minimal&scenario=f22&checkpoints=1&present=1")
        .options,
    ).toEqual({
      scenario: "f22",
      lang: "en",
      step: 3,
      dwell: 2.5,
      autoplay: true,
      theme: "dark",
      controls: "minimal",
      checkpoints: true,
      present: true,
    });
  });

  it("drops each bad value with one warning naming the parameter, never echoing the value", () => {
    const { options, warnings } = fromQuery(
      "step=abc&lang=fr&autoplay=yes&dwell=9&theme=neon&controls=none&scenario=%3Cscript%3E&checkpoints=on&present=yes",
    );
    expect(options).toEqual(DEFAULT_OPTIONS);
    expect(warnings).toHaveLength(9);
    for (const name of ["step", "lang", "autoplay", "dwell", "theme", "controls", "scenario", "checkpoints"]) {
      expect(warnings.filter((w) => w.includes(`"${name}"`))).toHaveLength(1);
    }
    expect(warnings.join(" ")).not.toMatch(/abc|fr\b|neon|script|yes/);
  });

  it.each([
    ["step", "0"],
    ["step", "-1"],
    ["step", "2.5"],
    ["step", "1e3"],
    ["step", ""],
    ["dwell", "0.5"],
    ["dwell", "8.5"],
    ["dwell", "NaN"],
    ["dwell", "Infinity"],
    ["dwell", "0x3"],
    ["autoplay", "true"],
    ["scenario", "__proto__"],
    ["scenario", "toString"],
  ] as const)("refuses %s=%j", (name, raw) => {
    expect(parseOption(name, raw).ok).toBe(false);
  });

  it("checks the step against the trace once its length is known", () => {
    expect(checkStep(8, 8)).toEqual({ step: 8 });
    expect(checkStep(undefined, 8)).toEqual({ step: undefined });
    const tooFar = checkStep(9, 8);
    expect(tooFar.step).toBeUndefined();
    expect(tooFar.warning).toContain('"step"');
  });
});

describe("which URLs hydrate an embed page's pre-rendered first frame", () => {
  it("the defaults do, also with a step (applied after hydration) or autoplay (it starts after mounting)", () => {
    for (const query of ["", "?step=1", "?step=5", "?autoplay=1", "?lang=zh&scenario=f22&theme=auto&controls=full"]) {
      expect(hydratesFirstFrame(fromQuery(query).options, "zh")).toBe(true);
    }
  });

  it("embed-en.html's English frame: an English figure does, a Chinese one does not", () => {
    expect(hydratesFirstFrame({ ...fromQuery("?step=4").options, lang: "en" }, "en")).toBe(true);
    expect(hydratesFirstFrame(fromQuery("?lang=zh").options, "en")).toBe(false);
  });

  it("anything that changes the first frame does not", () => {
    for (const query of ["?lang=en", "?scenario=claimed-done", "?dwell=2", "?theme=dark", "?controls=minimal"]) {
      expect(hydratesFirstFrame(fromQuery(query).options, "zh")).toBe(false);
    }
  });
});

describe("embedParams", () => {
  it("reads the query, and the fragment for what the query lacks (a clean-URL redirect keeps only the fragment)", () => {
    const params = embedParams("?lang=en", "#step=3&lang=zh");
    expect(params.get("lang")).toBe("en");
    expect(params.get("step")).toBe("3");
    expect(params.get("dwell")).toBeNull();
    expect(embedParams("", "#top").get("step")).toBeNull(); // an anchor, not parameters
    expect(embedParams("", "").get("step")).toBeNull();
  });

  it("reads the chapter page's step link form, #step-3, as step=3 (the query still wins)", () => {
    expect(embedParams("", "#step-3").get("step")).toBe("3");
    expect(embedParams("?lang=en", "#step-12").get("lang")).toBe("en");
    expect(embedParams("?step=5", "#step-3").get("step")).toBe("5");
    // Whatever follows the dash is the step's value, checked as any step is (a warning, never an echo).
    expect(embedParams("", "#step-x").get("step")).toBe("x");
  });
});

describe("a link onward to another built-in, in the embed page", () => {
  it("has an address made of the options a first frame is rendered with, and no others", () => {
    expect(scenarioSearch(DEFAULT_OPTIONS, "out-of-order")).toBe("?scenario=out-of-order");
    expect(
      scenarioSearch(
        { ...DEFAULT_OPTIONS, lang: "en", theme: "dark", controls: "minimal", dwell: 4, step: 3, checkpoints: true },
        "experiment-07",
      ),
    ).toBe("?scenario=experiment-07&lang=en&theme=dark&controls=minimal&dwell=4");
  });

  it("followed, keeps the page's parameters but the figure's, the step and what is read once", () => {
    expect(
      followedSearch(
        "?lang=en&step=8&allowOrigin=https%3A%2F%2Fcourse.example&checkpoints=1&autoplay=1&present=1&figure=a.json&figureData=x",
        "out-of-order",
      ),
    ).toBe("?lang=en&allowOrigin=https%3A%2F%2Fcourse.example&checkpoints=1&scenario=out-of-order");
  });
});
