// @vitest-environment node

import { describe, expect, it } from "vitest";
import { catalogs, chapters, LANGS, prose, runs } from "../../src/content";
import { resultLabel } from "../../src/content/step-words";
import { storyCatalog } from "../../src/content/types";
import { runScenario, type Step, type Trace } from "../../src/engine";
import { REQUEST_FORMATS } from "../../src/formats";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

/** Every key path of a catalog, with the type of what sits there. */
function shape(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [`${prefix}:${typeof value}`];
  return Object.entries(value).flatMap(([key, item]) => shape(item, prefix === "" ? key : `${prefix}.${key}`));
}

describe("the catalogs", () => {
  it.each([
    ["figure", catalogs],
    ["chapter", chapters],
    ["chapter prose", prose],
    ["recorded runs", runs],
  ] as const)("have exactly the same keys in every language (%s)", (_, table) => {
    const [first, ...others] = LANGS.map((lang) => shape(table[lang]).sort());
    expect(first?.length).toBeGreaterThan(10);
    for (const other of others) expect(other).toEqual(first);
  });

  it.each(LANGS)("give every F22 step a title and a caption in %s", (lang) => {
    const text = catalogs[lang];
    const trace = runScenario(scenarioById("f22", lang));
    for (const step of trace.steps) {
      expect(text.stepTitle(step).length).toBeGreaterThan(3);
      const sentences = text
        .stepCaption(step, trace)
        .split(/[。.!?](?:\s|$)/)
        .filter((s) => s.trim() !== "");
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
    }
  });

  it("say at step 3 that nothing has run yet", () => {
    const trace = runScenario(scenarioById("f22", "zh"));
    const step = trace.steps[2];
    if (step === undefined) throw new Error("no step 3");
    expect(catalogs.zh.stepCaption(step, trace)).toContain("什么都还没有执行");
    expect(catalogs.en.stepCaption(step, trace)).toContain("nothing has run");
  });

  describe("tell F22 the way real hosts work", () => {
    const f22 = { zh: runScenario(scenarioById("f22", "zh")), en: runScenario(scenarioById("f22", "en")) };
    const caption = (lang: "zh" | "en", n: number) => {
      const step = f22[lang].steps[n - 1];
      if (step === undefined) throw new Error(`no step ${n}`);
      // As the figure tells F22: its story's captions where it has them, the catalog's elsewhere.
      return storyCatalog(catalogs[lang], SCENARIOS.f22.stories[lang]).stepCaption(step, f22[lang]);
    };

    it("step 1 keeps the user's task apart from what is really in the environment", () => {
      expect(caption("zh", 1)).toContain("任务和环境里真实的内容分开");
      expect(caption("en", 1)).toContain("apart from what is really in the environment");
    });
    it("says 'file on disk' only of F22, whose config.txt is one; the toy project lives in memory", () => {
      expect(caption("en", 1)).toContain("file on disk");
      const toy = runScenario(SCENARIOS["experiment-07"].build("en"));
      for (const lang of ["en", "zh"] as const) {
        const told = storyCatalog(catalogs[lang], SCENARIOS["experiment-07"].stories[lang]);
        for (const step of toy.steps.slice(0, 2))
          expect(told.stepCaption(step, toy)).not.toMatch(/disk|磁盘|文件里写了什么/);
      }
    });
    it("step 4 says the host checks the proposal, and nothing of operation ids, which a read does not need", () => {
      expect(caption("en", 4)).toMatch(/^The host checks the proposal against each of its rules/);
      expect(caption("en", 4)).not.toMatch(/operation id|the list below/);
      expect(caption("zh", 4)).not.toMatch(/操作 ID|下方清单/);
      expect(caption("en", 4)).not.toMatch(/call_1 is a new id/);
    });
    it("step 5 has the host, not the tool, attach the call_id", () => {
      expect(caption("en", 5)).toContain("the host attaches call_1");
      expect(caption("zh", 5)).toContain("是宿主在组装工具结果消息时附上了 call_1");
    });
    it("step 7 stops on a reply without a tool call (finish_reason / stop_reason), and step 8 checks the environment", () => {
      expect(caption("en", 7)).toContain("finish_reason “stop”");
      expect(caption("en", 7)).toContain("stop_reason “end_turn”");
      expect(caption("zh", 7)).toContain("finish_reason 为“stop”");
      expect(caption("en", 7)).toContain("is a claim, not a result");
      expect(caption("en", 8)).toContain("checks the environment, not the answer's words");
      expect(caption("zh", 8)).toContain("自己核对环境");
      for (const lang of ["zh", "en"] as const) {
        for (const n of [7, 8]) expect(caption(lang, n)).not.toMatch(/cite|依据|（无）|\(none\)/);
      }
    });
  });
});

describe("the failure modes", () => {
  it.each(LANGS)("are explained in %s, each in more words than its title, a refusal with its reason", (lang) => {
    const text = catalogs[lang];
    const failures: [Step, Trace][] = Object.values(SCENARIOS).flatMap((entry) => {
      const trace = runScenario(entry.build(lang));
      return trace.steps
        .filter(
          (step) =>
            (step.kind === "validation" && step.verdict !== "approved") ||
            (step.kind === "finish" && step.outcome !== "completed"),
        )
        .map((step): [Step, Trace] => [step, trace]);
    });
    const kinds = new Set(failures.map(([step]) => (step.kind === "validation" ? step.verdict : step.kind)));
    expect([...kinds].sort()).toEqual(["finish", "refused", "replayed"]);
    for (const [step, trace] of failures) {
      const caption = text.stepCaption(step, trace);
      expect(caption).not.toBe(text.stepTitle(step));
      expect(caption.length).toBeGreaterThan(text.stepTitle(step).length);
      if (step.kind === "validation" && step.errorCode !== null) expect(caption).toContain(text.errors[step.errorCode]);
    }
  });
});

describe("a tool result's arrow label", () => {
  it("reads a flat JSON object as its values, and anything else as its text, clipped", () => {
    expect(resultLabel('{"status":"ok","version":"toy:v2"}')).toBe("ok · toy:v2");
    expect(resultLabel('{"status":"passed"}')).toBe("passed");
    expect(resultLabel("timeout=30")).toBe("timeout=30");
    expect(resultLabel('{"nested":{"a":1}}')).toBe('{"nested":{"a":1}}');
    expect(resultLabel("{not json")).toBe("{not json");
    expect(resultLabel("{}")).toBe("{}");
    expect(resultLabel("x".repeat(40))).toBe(`${"x".repeat(27)}…`);
  });
});

describe("sentences checked against the APIs", () => {
  const f22 = runScenario(scenarioById("f22", "en"));
  const step = (n: number) => f22.steps[n - 1] as Step;
  it("names a model call as one, apart from call_1", () => {
    expect(catalogs.en.stepTitle(step(2))).toBe("Host builds the context and calls the model (model call 1)");
    expect(catalogs.en.stepTitle(step(6))).toBe(
      "Host feeds back the result of call_1 and calls the model (model call 2)",
    );
  });
  it("says the provider gives a proposed call its id", () => {
    expect(catalogs.en.stepCaption(step(3), f22)).toContain("gives it its id");
    expect(catalogs.zh.stepCaption(step(3), runScenario(scenarioById("f22", "zh")))).toContain("并给它一个 ID");
  });
  it("tells a result that will reach the model from one a forgetful host drops", () => {
    expect(catalogs.en.stepCaption(step(5), f22)).toContain("has not seen it yet");
    const forgetful = runScenario(SCENARIOS["missing-feedback"].build("en"));
    const execution = forgetful.steps.find((s) => s.kind === "execution") as Step;
    expect(catalogs.en.stepCaption(execution, forgetful)).toContain("never reaches the model's context");
    expect(catalogs.en.stepCaption(execution, forgetful)).not.toContain("not seen it yet");
  });
  it("counts the tokens of the messages, which leave the tool declarations out", () => {
    expect(catalogs.en.later.contextAdded(2, 10, 30, 0)).toBe(
      "This call adds 2 messages, about 10 tokens; about 30 tokens in the messages",
    );
  });
  it("says which texts an estimate leaves out when the record did not hold them, and nothing when it held all", () => {
    expect(catalogs.en.later.contextAdded(2, 10, 30, 3)).toBe(
      "This call adds 2 messages, about 10 tokens; about 30 tokens in the messages, not counting 3 texts the record did not hold",
    );
    expect(catalogs.en.later.contextSize(0, 1)).toBe(
      "The context the model last received: about 0 tokens, not counting 1 text the record did not hold",
    );
    expect(catalogs.zh.later.contextSize(12, 0)).toBe("模型上一次收到的上下文：约 12 个 token");
    expect(catalogs.zh.later.contextSize(12, 4)).toBe(
      "模型上一次收到的上下文：约 12 个 token，其中 4 段文本记录里没有，未计入",
    );
  });
  it("says for every request format what in it is the figure's: the ids, the model name, Gemini's placeholder signature, the AI SDK's conversion", () => {
    for (const { id } of REQUEST_FORMATS) {
      if (id === "neutral") continue;
      expect([id, /call ids (are placeholders|are the figure's)/.test(catalogs.en.later.wireNote[id])]).toEqual([
        id,
        true,
      ]);
      expect([id, /调用 ID (都)?是(占位符|本图的)/.test(catalogs.zh.later.wireNote[id])]).toEqual([id, true]);
    }
    expect(catalogs.en.later.wireNote.gemini).toContain("placeholder thoughtSignature");
    // AWS's ToolResultBlock reference: "only supported by Amazon Nova and Anthropic Claude 3 and 4 models".
    expect(catalogs.en.later.wireNote.bedrock).toContain(
      'status "error" is supported only by Amazon Nova and Anthropic Claude 3 and 4 models',
    );
    expect(catalogs.zh.later.wireNote.bedrock).toContain("Amazon Nova 和 Anthropic Claude 3、4");
    expect(catalogs.en.later.wireNote["ai-sdk"]).toContain("which the SDK converts");
    expect(catalogs.zh.later.wireNote["ai-sdk"]).toContain("SDK 再把它转换");
  });
});

describe("a finish check's words", () => {
  it("quote what the host looks for once: a text written with its own quotes keeps them alone", () => {
    const check = { kind: "resultIncludes", tool: "test", text: '"passed"' } as const;
    expect(catalogs.en.ui.doneCheck(check)).toBe('a test result says "passed"');
    expect(catalogs.zh.ui.doneCheck(check)).toBe('test 的结果里有 "passed"');
    expect(catalogs.en.ui.doneCheck({ kind: "answerIncludes", text: "30" })).toBe("the reply says “30”");
    expect(catalogs.zh.ui.doneCheck({ kind: "answerIncludes", text: "30" })).toBe("回复里有“30”");
  });
});
