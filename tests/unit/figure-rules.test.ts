// @vitest-environment node
/**
 * What issue 44's lessons need, as the engine promises it: a host rule on argument values refuses before the tool
 * runs, in the author's words by language; a result lost on the way back is retried under its operation id and
 * answered from the tool's record, written once; done checks over results; a tool's declared effect; the warnings
 * and problems for the traps around them.
 */
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import type { Lang } from "../../src/content/languages";
import { storyCatalog } from "../../src/content/types";
import type { Step, Trace } from "../../src/engine";
import { openFigure } from "../../src/figure";

const refundTool = (extra: Record<string, unknown> = {}) => ({
  name: "refund",
  description: { en: "Refund an order.", zh: "为订单退款。" },
  parameters: {
    type: "object",
    properties: { order: { type: "string" }, amount: { type: "number" }, key: { type: "string" } },
    required: ["order", "amount"],
    additionalProperties: false,
  },
  effect: { writes: "ledger.txt" },
  results: [{ text: { en: "Refunded.", zh: "已退款。" }, changes: { "ledger.txt": "refunded" } }],
  ...extra,
});

/** A lesson around the refund tool: its turns, host and checks given. */
const lesson = (scenario: Record<string, unknown>) => ({
  figure: 1,
  id: "rules-lesson",
  scenario: {
    task: "Refund order A-1.",
    system: "You are a support agent.",
    files: { "ledger.txt": "" },
    tools: [refundTool()],
    host: { maxModelCalls: 4 },
    model: [{ answer: "Done." }],
    done: [{ fileChanged: "ledger.txt" }],
    ...scenario,
  },
});

function open(file: unknown, lang: Lang = "en") {
  const opened = openFigure(file, lang);
  if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
  return opened.figure;
}

const stepsOf = (trace: Trace, kind: Step["kind"]) => trace.steps.filter((step) => step.kind === kind);
const problemsOf = (file: unknown) => {
  const opened = openFigure(file, "en");
  return opened.ok ? [] : opened.problems.map((p) => `${p.path}: ${p.message}`);
};

const RULE = {
  tool: "refund",
  refuseWhen: { amount: { gt: 100 } },
  refusal: { en: "Refunds over 100 need a manager.", zh: "超过 100 的退款需要经理批准。" },
};

describe("a host rule on argument values", () => {
  const file = lesson({
    host: { maxModelCalls: 4, rules: [RULE] },
    model: [
      { calls: [{ tool: "refund", args: { order: "A-1", amount: 140 } }] },
      { calls: [{ tool: "refund", args: { order: "A-1", amount: 60 } }] },
      { answer: "Refunded 60; the rest needs a manager." },
    ],
  });

  it("refuses a call that breaks it before the tool runs, in the rule's words in each language", () => {
    for (const [lang, words] of [
      ["en", "Refunds over 100 need a manager."],
      ["zh", "超过 100 的退款需要经理批准。"],
    ] as const) {
      const { trace } = open(file, lang);
      const [first, second] = stepsOf(trace, "validation");
      if (first?.kind !== "validation" || second?.kind !== "validation") throw new Error("two validations expected");
      expect(first.verdict).toBe("refused");
      expect(first.errorCode).toBe("policy_refused");
      expect(first.checks.at(-1)).toEqual({ rule: "policy", result: "failed" });
      expect(JSON.parse(first.toolResult?.content ?? "{}")).toEqual({ error: "policy_refused", message: words });
      expect(second.verdict).toBe("approved");
      expect(second.checks.map((c) => `${c.rule}:${c.result}`)).toContain("policy:passed");
      // Only the allowed refund ran, and wrote once.
      const executions = stepsOf(trace, "execution");
      expect(executions.map((s) => s.kind === "execution" && s.call.args.amount)).toEqual([60]);
      expect(trace.steps.at(-1)?.counters).toMatchObject({ toolExecutions: 1, simulatedWrites: 1 });
      expect(executions[0]?.toolResult?.content).toBe(lang === "en" ? "Refunded." : "已退款。");
    }
  });

  it("is named in the caption and the checklist in each language", () => {
    for (const lang of ["en", "zh"] as const) {
      const { trace } = open(file, lang);
      const refused = stepsOf(trace, "validation")[0];
      if (refused === undefined) throw new Error("no validation");
      expect(catalogs[lang].stepCaption(refused, trace)).toContain(catalogs[lang].errors.policy_refused);
      expect(catalogs[lang].rules.policy).not.toBe("");
    }
  });

  it("adds no policy row for a tool the host has no rule for", () => {
    const { trace } = open(
      lesson({
        model: [{ calls: [{ tool: "refund", args: { order: "A-1", amount: 140 } }] }, { answer: "Done." }],
      }),
    );
    const validation = stepsOf(trace, "validation")[0];
    expect(validation?.kind === "validation" && validation.checks.map((c) => c.rule)).not.toContain("policy");
  });

  it("is a problem when it names a tool or an argument that is not declared", () => {
    expect(
      problemsOf(
        lesson({
          host: {
            maxModelCalls: 2,
            rules: [
              { ...RULE, tool: "pay" },
              { ...RULE, refuseWhen: { total: { gt: 1 } } },
              { ...RULE, refuseWhen: {} },
            ],
          },
        }),
      ),
    ).toEqual([
      'scenario.host.rules.0.tool: "pay" is not a declared tool',
      "scenario.host.rules.1.refuseWhen.total: \"total\" is not among refund's parameters' properties",
      "scenario.host.rules.2.refuseWhen: expected at least one argument to compare",
    ]);
  });
});

describe("a result lost on the way back", () => {
  const lost = (operationId: boolean) =>
    lesson({
      tools: [
        refundTool({
          ...(operationId ? { operationId: "key" } : {}),
          results: [
            { when: { attempt: 1 }, returns: { refunded: 60 }, changes: { "ledger.txt": "refunded 60" }, lost: true },
            { returns: { refunded: 60 }, changes: { "ledger.txt": "refunded 60 twice" } },
          ],
        }),
      ],
      model: [
        { calls: [{ tool: "refund", args: { order: "A-1", amount: 60, key: "op-A-1" } }] },
        { calls: [{ tool: "refund", args: { order: "A-1", amount: 60, key: "op-A-1" } }] },
        { answer: "Refunded 60." },
      ],
      done: [{ count: { writes: "ledger.txt", exactly: 1 } }],
    });

  it("gives the host a timeout; the retry under the same operation id is answered from the tool's record, written once", () => {
    const { trace } = open(lost(true));
    const [first, second] = stepsOf(trace, "execution");
    if (first?.kind !== "execution" || second?.kind !== "execution") throw new Error("two executions expected");
    expect(first.lost).toBe(true);
    expect(first.toolResult?.status).toBe("error");
    expect(JSON.parse(first.toolResult?.content ?? "{}")).toMatchObject({ error: "timeout" });
    // The host kept no record of a call that came back as an error: the retry goes to the tool, which answers
    // from its own record with what it did the first time.
    const retry = stepsOf(trace, "validation")[1];
    expect(retry?.kind === "validation" && retry.verdict).toBe("approved");
    expect(second.fromRecord).toBe(true);
    expect(second.toolResult).toMatchObject({ status: "ok", content: '{"refunded":60}', replayed: false });
    expect(second.fileChanges).toEqual([]);
    const finish = trace.steps.at(-1);
    expect(finish?.counters).toMatchObject({ toolExecutions: 2, simulatedWrites: 1 });
    expect(trace.outcome).toBe("completed");
    expect(catalogs.en.stepCaption(first, trace)).toContain("its answer is lost on the way");
    expect(catalogs.en.stepCaption(second, trace)).toContain("answers from the record and does nothing again");
    expect(catalogs.zh.stepTitle(second)).toContain("按自己的记录答复");
  });

  it("without an operation id, the retry does the work again: two writes, and the check fails", () => {
    const { trace } = open(lost(false));
    const executions = stepsOf(trace, "execution");
    expect(executions.map((s) => s.kind === "execution" && s.fromRecord === true)).toEqual([false, false]);
    expect(trace.steps.at(-1)?.counters).toMatchObject({ simulatedWrites: 2 });
    expect(trace.outcome).toBe("verification_missing");
  });

  it("cannot also be an error result", () => {
    expect(
      problemsOf(
        lesson({
          tools: [refundTool({ results: [{ returns: "x", lost: true, error: true }] })],
          done: [{ allOk: "x" }],
        }),
      ),
    ).toEqual([
      "scenario.tools.0.results.0.error: a lost result is the answer the tool gave and the host never got: leave out `error`",
      'scenario.done.0.allOk: "x" is not a declared tool',
    ]);
  });
});

describe("done checks over results", () => {
  const cities = (checks: unknown[]) =>
    lesson({
      tools: [
        {
          name: "get_weather",
          description: "Weather in a city.",
          parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
          effect: "reads",
          results: [{ when: { args: { city: "Oslo" } }, error: true, returns: "timeout" }, { returns: "sunny" }],
        },
      ],
      files: {},
      model: [
        {
          calls: ["Paris", "Oslo", "Rome"].map((city) => ({ tool: "get_weather", args: { city } })),
        },
        { answer: "Paris and Rome are sunny; Oslo did not answer." },
      ],
      done: checks,
    });

  it("allOk fails when one execution failed; count.succeeded counts only the successes", () => {
    const finish = (checks: unknown[]) => {
      const { trace } = open(cities(checks));
      const last = trace.steps.at(-1);
      return last?.kind === "finish" ? last.checks?.map((c) => c.held) : null;
    };
    expect(finish([{ allOk: "get_weather" }])).toEqual([false]);
    expect(
      finish([
        { count: { succeeded: "get_weather", atLeast: 2 } },
        { count: { succeeded: "get_weather", atLeast: 3 } },
      ]),
    ).toEqual([true, false]);
    expect(finish([{ count: { calls: "get_weather", exactly: 3 } }])).toEqual([true]);
    // An error result's text is not a result that says it.
    expect(finish([{ resultIncludes: { tool: "get_weather", text: "timeout" } }])).toEqual([false]);
  });

  it("the finish says which of several checks does not hold, in each language", () => {
    const file = cities([{ resultOk: "get_weather" }, { allOk: "get_weather" }]);
    const en = open(file, "en").trace;
    const zh = open(file, "zh").trace;
    const finish = (trace: Trace) => trace.steps.at(-1) as Step;
    expect(en.outcome).toBe("verification_missing");
    expect(catalogs.en.stepCaption(finish(en), en)).toContain(
      "(“every get_weather call ran without an error” does not hold)",
    );
    expect(catalogs.zh.stepCaption(finish(zh), zh)).toContain("（“get_weather 的每次调用都没有出错”未通过）");
  });

  it("warns of a resultIncludes only an error result matches", () => {
    const warnings = open(cities([{ resultIncludes: { tool: "get_weather", text: "timeout" } }])).warnings;
    expect(warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      "scenario.done.0.resultIncludes: only an error result of get_weather says this, and an error result does not count: the check does not hold",
    ]);
  });
});

describe("a tool's declared effect", () => {
  const printer = (effect: unknown) =>
    lesson({
      tools: [
        {
          name: "print_label",
          description: "Print a shipping label.",
          parameters: { type: "object", properties: { order: { type: "string" } }, required: ["order"] },
          effect,
          results: [{ returns: "printed" }],
        },
      ],
      model: [{ calls: [{ tool: "print_label", args: { order: "A-1" } }] }, { answer: "Printed." }],
      done: [{ resultOk: "print_label" }],
    });

  it("a side effect counts as a write, and its call without an operation id is said to be unprotected", () => {
    const { trace } = open(printer({ sideEffect: { en: "prints a label", zh: "打印标签" } }));
    expect(trace.tools[0]).toMatchObject({ writes: true, sideEffect: true });
    expect(trace.steps.at(-1)?.counters.simulatedWrites).toBe(1);
    const validation = stepsOf(trace, "validation")[0];
    if (validation === undefined) throw new Error("no validation");
    expect(catalogs.en.stepCaption(validation, trace)).toContain("acts outside the files");
    expect(catalogs.en.stepCaption(validation, trace)).not.toContain("only reads");
  });

  it("a tool that only reads is told no operation-id sentence: a repeated read does nothing twice", () => {
    const { trace } = open(printer("reads"));
    expect(trace.tools[0]?.writes).toBeUndefined();
    const validation = stepsOf(trace, "validation")[0];
    if (validation === undefined) throw new Error("no validation");
    expect(catalogs.en.stepCaption(validation, trace)).not.toMatch(/operation id/);
  });

  it("is a problem when the results contradict it", () => {
    expect(
      problemsOf(
        lesson({
          tools: [
            refundTool({ effect: "reads" }),
            { ...refundTool({ effect: { writes: "notes.txt" } }), name: "refund_2" },
          ],
        }),
      ),
    ).toEqual([
      'scenario.tools.0.results.0.changes: refund is declared to only read (`effect: "reads"`), yet this result changes a file',
      'scenario.tools.1.effect.writes: "notes.txt" is not an input file (files: "ledger.txt")',
      'scenario.tools.1.results.0.changes.ledger.txt: refund_2 is declared to write "notes.txt" only',
    ]);
  });
});

describe("warnings for silent traps", () => {
  it("a schema constraint no host rule enforces, and an error result that changes a file", () => {
    const warned = (rules: unknown[]) =>
      open(
        lesson({
          tools: [
            refundTool({
              parameters: {
                type: "object",
                properties: { order: { type: "string", pattern: "^A-" }, amount: { type: "number", maximum: 100 } },
                required: ["order", "amount"],
              },
              results: [{ error: true, returns: "failed", changes: { "ledger.txt": "half" } }],
            }),
          ],
          host: { maxModelCalls: 2, rules },
        }),
      ).warnings.map((w) => `${w.path}: ${w.message.split(":")[0]}`);
    expect(warned([])).toEqual([
      "scenario.tools.0.parameters.properties.order.pattern: `pattern` is sent to the model, but no host rule enforces it",
      "scenario.tools.0.parameters.properties.amount.maximum: `maximum` is sent to the model, but no host rule enforces it",
      "scenario.tools.0.results.0.changes: an error result that changes a file",
    ]);
    // A rule about the argument is the host enforcing it.
    expect(warned([RULE])).toEqual([
      "scenario.tools.0.parameters.properties.order.pattern: `pattern` is sent to the model, but no host rule enforces it",
      "scenario.tools.0.results.0.changes: an error result that changes a file",
    ]);
  });
});

/** A recorded Anthropic run whose one call comes back as an error (a validation error), and what follows it. */
const stockRun = (...after: unknown[]) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  tools: [{ name: "get_stock", description: "Stock level.", input_schema: { type: "object", properties: {} } }],
  messages: [
    { role: "user", content: "How many left?" },
    { role: "assistant", content: [{ type: "tool_use", id: "toolu_01A", name: "get_stock", input: {} }] },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_01A", is_error: true, content: "sku: field required" }],
    },
    ...after,
  ],
});

describe("an author's own titles", () => {
  it("name a recorded run's steps in the story's words, the others keep the figure's", () => {
    const file = {
      figure: 1,
      id: "recorded-titles",
      recorded: {
        transcript: stockRun(),
      },
      story: {
        en: {
          title: "A validation error",
          captions: [
            {
              when: { kind: "execution", callId: "toolu_01A" },
              title: "get_stock's arguments fail validation",
              text: "The call comes back as an error: the arguments were missing sku.",
            },
          ],
        },
      },
    };
    const opened = openFigure(file, "en");
    if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
    const { trace, story } = opened.figure;
    const text = storyCatalog(catalogs.en, story);
    const execution = stepsOf(trace, "execution")[0];
    const proposal = stepsOf(trace, "proposal")[0];
    if (execution === undefined || proposal === undefined) throw new Error("steps expected");
    expect(text.stepTitle(execution)).toBe("get_stock's arguments fail validation");
    expect(text.stepTitle(proposal)).toBe(catalogs.en.stepTitle(proposal));
  });

  it("a recorded run's error is not said to be the tool's failure, nor its answer checked by a host it does not record", () => {
    const transcript = stockRun(
      { role: "assistant", content: "I could not look it up." },
      { role: "user", content: "Fine." },
    );
    const opened = openFigure({ figure: 1, id: "recorded-error", recorded: { transcript } }, "en");
    if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
    const { trace } = opened.figure;
    for (const lang of ["en", "zh"] as const) {
      const words = trace.steps.map(
        (step) => `${catalogs[lang].stepTitle(step)} ${catalogs[lang].stepCaption(step, trace)}`,
      );
      expect(words.join("\n")).not.toMatch(
        /\(the tool ran and failed\)|it ran, and failed|（工具运行了，但失败了）|Tool runs get_stock|工具执行 get_stock|the host checks the environment\.|由宿主检查环境/,
      );
    }
    const answer = trace.steps.find((step) => step.kind === "answer");
    if (answer === undefined) throw new Error("an answer step expected");
    expect(catalogs.en.stepCaption(answer, trace)).toContain("this run records no such check");
  });
});

describe("one notion of a write (issue 55)", () => {
  it("a write tool that fails changes nothing and is no write: the counter, the file and done.count agree", () => {
    const figure = open(
      lesson({
        tools: [
          refundTool({
            results: [
              { when: { attempt: 1 }, returns: { error: "ledger_locked" }, error: true },
              { text: { en: "Refunded.", zh: "已退款。" }, changes: { "ledger.txt": "refunded" } },
            ],
          }),
        ],
        model: [
          { calls: [{ tool: "refund", args: { order: "A-1", amount: 20 } }] },
          { calls: [{ tool: "refund", args: { order: "A-1", amount: 20 } }] },
          { answer: "Done." },
        ],
        done: [{ count: { writes: "ledger.txt", exactly: 1 } }],
      }),
    );
    const { trace } = figure;
    // Two runs of the write tool: the first failed and wrote nothing, the second wrote the file once.
    expect(stepsOf(trace, "execution").map((s) => s.toolResult?.status)).toEqual(["error", "ok"]);
    expect(trace.counters).toMatchObject({ toolExecutions: 2, simulatedWrites: 1 });
    const finish = trace.steps.at(-1);
    expect(finish?.kind === "finish" ? finish.checks?.map((c) => c.held) : null).toEqual([true]);
    for (const lang of ["en", "zh"] as const) {
      const counters = catalogs[lang].ui.counters(trace.counters, trace.budget);
      expect(counters).toMatch(lang === "en" ? /simulated writes 1$/i : /模拟写入 1$/);
    }
  });
});

describe("a changed rule never silently reverses a lesson (issue 55)", () => {
  const retried = (first: Record<string, unknown>) =>
    lesson({
      tools: [
        refundTool({
          operationId: "key",
          results: [
            { when: { attempt: 1 }, ...first },
            { text: { en: "Refunded.", zh: "已退款。" }, changes: { "ledger.txt": "refunded" } },
          ],
        }),
      ],
      model: [
        { calls: [{ tool: "refund", args: { order: "A-1", amount: 20, key: "op-1" } }] },
        { calls: [{ tool: "refund", args: { order: "A-1", amount: 20, key: "op-1" } }] },
        { answer: "Done." },
      ],
    });

  it("a retry under the same operation id after a plain error result: the author is told the tool runs again, and how to keep the old behaviour", () => {
    const figure = open(retried({ returns: { error: "timeout" }, error: true }));
    // Under the rule, the host did not keep the failed operation: the tool ran again.
    expect(
      stepsOf(figure.trace, "execution").map((s) => (s.kind === "execution" ? s.fromRecord === true : null)),
    ).toEqual([false, false]);
    expect(figure.warnings.map((w) => String(w.path))).toEqual(["scenario.tools.0.operationId"]);
    expect(figure.warnings[0]?.message).toMatch(
      /^call_2 repeats operation id "op-1" after call_1 came back as an error, so the tool runs it again: the host keeps an operation's result only when it succeeded\. .*give its result `lost: true`/,
    );
  });

  it("with `lost: true` the retry is answered from the tool's record: no warning", () => {
    const figure = open(
      retried({ lost: true, text: { en: "Refunded.", zh: "已退款。" }, changes: { "ledger.txt": "refunded" } }),
    );
    expect(
      stepsOf(figure.trace, "execution").map((s) => (s.kind === "execution" ? s.fromRecord === true : null)),
    ).toEqual([false, true]);
    expect(figure.warnings).toEqual([]);
  });
});

describe("what a tool does, only as declared (issue 55)", () => {
  const printTool = (effect: unknown) => ({
    name: "print",
    description: "Print a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    ...(effect === undefined ? {} : { effect }),
    results: [{ returns: "printed" }],
  });
  const printing = (effect: unknown) =>
    open(
      lesson({
        tools: [printTool(effect)],
        model: [{ calls: [{ tool: "print", args: { path: "ledger.txt" } }] }, { answer: "Printed." }],
        done: [{ resultOk: "print" }],
      }),
    );
  const approved = (figure: ReturnType<typeof open>, lang: Lang) => {
    const step = figure.trace.steps.find((s) => s.kind === "validation");
    if (step === undefined) throw new Error("a validation step expected");
    return catalogs[lang].stepCaption(step, figure.trace);
  };

  it("left out, a tool that runs is not said to only read, and its author is warned", () => {
    const figure = printing(undefined);
    expect(approved(figure, "en")).not.toContain("only reads");
    expect(approved(figure, "en")).toContain("this tool has no operation id, so that check does not apply.");
    expect(approved(figure, "zh")).not.toContain("只读");
    expect(figure.warnings.map((w) => String(w.path))).toEqual(["scenario.tools.0.name"]);
    expect(figure.warnings[0]?.message).toMatch(/^what print does to the world is not declared/);
    expect(figure.trace.counters.simulatedWrites).toBe(0);
  });

  it('declared "reads", it needs no operation id; declared a side effect, nothing stops a repeat, and it counts', () => {
    const reads = printing("reads");
    expect(reads.warnings).toEqual([]);
    expect(approved(reads, "en")).not.toContain("operation id");
    const prints = printing({ sideEffect: "prints the pages" });
    expect(prints.warnings).toEqual([]);
    expect(approved(prints, "en")).toContain("nothing stops a repeat from acting twice");
    expect(prints.trace.counters.simulatedWrites).toBe(1);
  });
});
