// @vitest-environment node
/**
 * The figure's own words are true in any lesson: over random valid figure files (tools that read or write, fail or
 * succeed, refusals of every kind, parallel calls, a host that feeds back or not) and recorded runs made from them
 * (with and without a system message), every generic caption and title is checked against the step's facts as
 * this test works them out itself from the trace, through a small table of claims: each claim is a phrase a
 * catalog may say, and the condition under which saying it is true. A phrase said when its condition is false,
 * or a required one left out, fails.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogs, LANGS } from "../../src/content";
import type { Lang } from "../../src/content/languages";
import type { Message, Step, Trace } from "../../src/engine";
import { openFigure } from "../../src/figure";
import { anthropicRequest } from "../../src/formats/anthropic";
import { chatRequest } from "../../src/formats/chat";
import { importTranscript } from "../../src/formats/import";

/** What the test itself knows of a step, from the trace alone (naively: it may look at every step). */
interface Truth {
  readonly step: Step;
  readonly trace: Trace;
  /** At a model call: the results it appends. */
  readonly fed: readonly Extract<Message, { role: "tool" }>[];
  readonly refused: ReadonlySet<string>;
  readonly failed: ReadonlySet<string>;
  /** The calls whose answer timed out on the way (naively, by their error's content). */
  readonly lost: ReadonlySet<string>;
  readonly recorded: boolean;
}

/** A result the host got as a timeout: the work's answer lost on the way (naively, by its content). */
const timedOut = (step: Step): boolean =>
  step.kind === "execution" && step.toolResult?.status === "error" && step.toolResult.content.includes('"timeout"');

const truthOf = (trace: Trace, step: Step): Truth => ({
  step,
  trace,
  fed:
    step.kind === "model_call"
      ? trace.messages
          .slice(step.appendedFrom, step.contextEnd)
          .filter((m): m is Extract<Message, { role: "tool" }> => m.role === "tool")
      : [],
  refused: new Set(
    trace.steps.flatMap((s) => (s.kind === "validation" && s.verdict === "refused" ? [s.call.callId] : [])),
  ),
  failed: new Set(
    trace.steps.flatMap((s) =>
      (s.kind === "execution" || s.kind === "mcp_response") && s.toolResult?.status === "error" ? [s.call.callId] : [],
    ),
  ),
  lost: new Set(trace.steps.flatMap((s) => (timedOut(s) && s.kind === "execution" ? [s.call.callId] : []))),
  recorded: trace.outcome === "not_recorded",
});

const toolOf = (t: Truth) => {
  const { step } = t;
  return "call" in step ? t.trace.tools.find((tool) => tool.name === step.call.name) : null;
};
const approvedWithoutOperationId = (t: Truth) =>
  t.step.kind === "validation" &&
  t.step.verdict === "approved" &&
  t.step.checks.some((c) => c.rule === "operation_id" && c.result === "not_applicable");

/** A claim: a phrase in each language, and when saying it is true (`iff`: it must be said exactly then). */
interface Claim {
  readonly name: string;
  readonly said: Readonly<Record<Lang, (t: Truth) => string | RegExp>>;
  /** The steps whose caption the claim is about. */
  readonly about: (t: Truth) => boolean;
  readonly iff: (t: Truth) => boolean;
}

const fixed = (text: string) => () => text;

/**
 * The calls proposed with this step's call, before it, whose results come at a later step (naively: the whole run's
 * steps, and the first step after the proposal that holds each call's result).
 */
const overtakenIn = (t: Truth): string[] => {
  const { step, trace } = t;
  if (step.kind !== "execution" && step.kind !== "mcp_response") return [];
  const proposal = trace.steps
    .slice(0, step.number - 1)
    .filter((s) => s.kind === "proposal" && s.callIds.includes(step.call.callId))
    .at(-1);
  if (proposal === undefined) return [];
  const earlier = proposal.callIds.slice(0, proposal.callIds.indexOf(step.call.callId));
  const backAt = (id: string) =>
    trace.steps.find(
      (s) =>
        s.number > proposal.number && s.toolResult !== null && s.toolResult.callId === id && s.kind !== "model_call",
    )?.number ?? Number.POSITIVE_INFINITY;
  return earlier.filter((id) => backAt(id) > step.number);
};

/** How many checks the host's verdict at a finish came from (a run that lists none made one). */
const checksAt = (t: Truth): number => (t.step.kind === "finish" ? (t.step.checks?.length ?? 1) : 0);

const CLAIMS: readonly Claim[] = [
  {
    name: "the host's one check passes",
    said: { en: fixed("the check passes"), zh: fixed("：检查通过") },
    about: (t) => t.step.kind === "finish" && t.step.outcome === "completed",
    iff: (t) => checksAt(t) === 1,
  },
  {
    name: "every one of the host's several checks passes",
    said: { en: (t) => `all ${checksAt(t)} checks pass`, zh: (t) => `${checksAt(t)} 项检查全部通过` },
    about: (t) => t.step.kind === "finish" && t.step.outcome === "completed",
    iff: (t) => checksAt(t) > 1,
  },
  {
    name: "a fed result is the host's refusal",
    said: { en: fixed("(why the host refused it)"), zh: fixed("宿主拒绝它的原因") },
    about: (t) => t.step.kind === "model_call",
    iff: (t) => t.fed.some((m) => m.status === "error" && t.refused.has(m.callId)),
  },
  {
    name: "a fed result is a tool's failure",
    said: { en: fixed("(the tool ran and failed)"), zh: fixed("工具运行了，但失败了") },
    about: (t) => t.step.kind === "model_call",
    // A recorded run does not say why a result is an error; a lost answer is no failure of the tool.
    iff: (t) =>
      !t.recorded && t.fed.some((m) => m.status === "error" && t.failed.has(m.callId) && !t.lost.has(m.callId)),
  },
  {
    name: "a fed result is a timeout for an answer lost on the way",
    said: { en: fixed("the tool's answer was lost on the way"), zh: fixed("工具的回复在途中丢失了") },
    about: (t) => t.step.kind === "model_call",
    iff: (t) => !t.recorded && t.fed.some((m) => t.lost.has(m.callId)),
  },
  {
    name: "the host checks the environment after the answer",
    said: { en: fixed("The host checks the environment."), zh: fixed("是否真的完成，由宿主检查环境") },
    about: (t) => t.step.kind === "answer",
    iff: (t) => !t.recorded,
  },
  {
    name: "the model is scripted and the figure plays the provider, said once at the first proposal of a lesson",
    said: {
      en: fixed("Here the model is scripted and the figure plays the provider"),
      zh: fixed("这里的模型是脚本模拟的"),
    },
    about: (t) => t.step.kind === "proposal",
    iff: (t) => !t.recorded && t.trace.steps.find((s) => s.kind === "proposal") === t.step,
  },
  {
    name: "one result fed back, paired by its call_id",
    said: { en: fixed("paired by the same call_id"), zh: fixed("两者用同一个 call_id 配对") },
    about: (t) => t.step.kind === "model_call",
    iff: (t) => t.fed.length === 1,
  },
  {
    name: "N results fed back, each by its own call_id",
    said: { en: (t) => `their ${t.fed.length} results`, zh: (t) => `${t.fed.length} 个结果` },
    about: (t) => t.step.kind === "model_call",
    iff: (t) => t.fed.length > 1,
  },
  {
    name: "the context holds a system note",
    said: { en: fixed("its system note"), zh: fixed("系统说明和用户任务") },
    about: (t) => t.step.kind === "model_call" && t.step.modelCall === 1,
    iff: (t) => t.trace.messages[0]?.role === "system",
  },
  {
    name: "the tool writes",
    said: { en: fixed("changes something"), zh: fixed("会改动东西") },
    about: approvedWithoutOperationId,
    iff: (t) => !t.recorded && toolOf(t)?.writes === true && toolOf(t)?.sideEffect !== true,
  },
  {
    name: "the tool acts outside the files",
    said: { en: fixed("acts outside the files"), zh: fixed("在文件之外产生作用") },
    about: approvedWithoutOperationId,
    iff: (t) => !t.recorded && toolOf(t)?.sideEffect === true,
  },
  {
    name: "the tool failed",
    said: { en: fixed("it ran, and failed"), zh: fixed("它运行了，但失败了") },
    about: (t) => t.step.kind === "execution",
    iff: (t) => !t.recorded && t.step.toolResult?.status === "error" && !timedOut(t.step),
  },
  {
    name: "the tool's answer was lost on the way",
    said: { en: fixed("its answer is lost on the way"), zh: fixed("回复在途中丢失") },
    about: (t) => t.step.kind === "execution",
    iff: (t) => !t.recorded && timedOut(t.step),
  },
  {
    name: "the tool answers from its record",
    said: { en: fixed("answers from the record and does nothing again"), zh: fixed("按记录答复，不再做一遍") },
    about: (t) => t.step.kind === "execution",
    // Naively: an earlier execution of the same tool under the same operation id timed out.
    iff: (t) => {
      const { step } = t;
      if (t.recorded || step.kind !== "execution" || step.call.args.op === undefined) return false;
      return t.trace.steps.some(
        (s) =>
          s.number < step.number &&
          s.kind === "execution" &&
          s.call.name === step.call.name &&
          s.call.args.op === step.call.args.op &&
          timedOut(s),
      );
    },
  },
  {
    name: "a call refused by the host's own rule on its values",
    said: { en: fixed("break one of the host's rules"), zh: fixed("违反了宿主的一条规则") },
    about: (t) => t.step.kind === "validation",
    // Naively: the random lessons' one rule refuses item "c" to a tool that has it, once the earlier checks passed.
    iff: (t) =>
      t.step.kind === "validation" &&
      t.step.verdict === "refused" &&
      t.step.call.args.item === "c" &&
      t.step.checks.some((c) => c.rule === "policy"),
  },
  {
    name: "the finish names which of several checks do not hold",
    said: { en: fixed("not hold"), zh: fixed("”未通过") },
    about: (t) =>
      t.step.kind === "finish" && (t.step.outcome === "verification_missing" || t.step.outcome === "refused"),
    iff: (t) => t.step.kind === "finish" && checksAt(t) > 1 && (t.step.checks ?? []).some((c) => !c.held),
  },
  {
    name: "a recorded error result, whose cause the run does not record",
    said: {
      en: fixed("whether the host refused the call or the tool ran and failed"),
      zh: fixed("是宿主拒绝了这次调用，还是工具运行后失败了"),
    },
    about: (t) => t.step.kind === "execution",
    iff: (t) => t.recorded && t.step.toolResult?.status === "error",
  },
  {
    name: "the model gets this result later",
    said: { en: fixed("The model has not seen it yet"), zh: fixed("模型还没看到它") },
    about: (t) => t.step.kind === "execution",
    // Naively: some later model call's context holds the result (a recorded run that ends on it: it is appended).
    iff: (t) => {
      const { step, trace } = t;
      if (step.kind !== "execution") return false;
      const holds = (end: number) =>
        trace.messages.slice(step.contextEnd, end).some((m) => m.role === "tool" && m.callId === step.call.callId);
      const later = trace.steps.filter((s) => s.number > step.number && s.kind === "model_call");
      return later.length > 0 ? holds(later[0]?.contextEnd ?? 0) : t.recorded && holds(trace.messages.length);
    },
  },
  {
    name: "a result comes back before those of calls proposed ahead of it",
    said: {
      en: (t) => `This result comes back before that of ${overtakenIn(t).join(" and ")}, proposed earlier`,
      zh: (t) => `这个结果比先提出的 ${overtakenIn(t).join(" 和 ")} 的结果先回来`,
    },
    about: (t) => t.step.kind === "execution" || t.step.kind === "mcp_response",
    iff: (t) => overtakenIn(t).length > 0,
  },
  {
    name: "a precondition's missing evidence, by its tool and values, or its file",
    said: {
      en: (t) => {
        const wanted = t.step.kind === "validation" ? t.step.wanted : undefined;
        if (wanted === undefined) return /needs a successful|read first/;
        return "tool" in wanted
          ? `needs a successful ${wanted.tool} result for item ${JSON.stringify(wanted.args.item)} first`
          : `needs ${wanted.file} read first`;
      },
      zh: (t) => {
        const wanted = t.step.kind === "validation" ? t.step.wanted : undefined;
        if (wanted === undefined) return /成功结果，而现在没有|需要先读取/;
        return "tool" in wanted
          ? `一次 item 为 ${JSON.stringify(wanted.args.item)} 的 ${wanted.tool} 成功结果`
          : `需要先读取 ${wanted.file}`;
      },
    },
    about: (t) => t.step.kind === "validation",
    iff: (t) => t.step.kind === "validation" && t.step.errorCode === "missing_evidence",
  },
];

/** What no generic sentence may say in any lesson: F22's file, task and tool, the experiment's "read before you patch" (a timeout error, the words of a lost answer, is any lesson's). */
const NEVER = /config\.txt|timeout(?!"| error|:|$)|read_file|read before you patch|read the project|读取项目|先读后改/;

const says = (text: string, phrase: string | RegExp) =>
  typeof phrase === "string" ? text.includes(phrase) : phrase.test(text);

/** Every claim about every step of `trace`, in every language: the claims that fail, in words. */
function falseClaims(trace: Trace): string[] {
  const wrong: string[] = [];
  for (const lang of LANGS) {
    const text = catalogs[lang];
    for (const step of trace.steps) {
      const t = truthOf(trace, step);
      const caption = text.stepCaption(step, trace);
      const title = text.stepTitle(step);
      for (const words of [caption, title])
        if (NEVER.test(words)) wrong.push(`${lang} step ${step.number}: names what is not this lesson's: ${words}`);
      for (const claim of CLAIMS) {
        if (!claim.about(t)) continue;
        const said = says(caption, claim.said[lang](t));
        if (said !== claim.iff(t))
          wrong.push(
            `${lang} step ${step.number} (${step.kind}): "${claim.name}" ${said ? "said, and false" : "true, and not said"}: ${caption}`,
          );
      }
    }
  }
  for (const m of trace.messages)
    if (m.role === "tool" && NEVER.test(m.content))
      wrong.push(`a result names what is not this lesson's: ${m.content}`);
  return wrong;
}

const ITEMS = ["a", "b", "c"] as const;

/**
 * A random tool's results: its one result, taking time for every call, for item "a" only (so a later call to the
 * same tool overtakes it), or never; a tool with an operation id answers at once (the checker refuses seconds on it).
 */
const resultsOf = (
  tool: { writes: boolean; fails: boolean; lost: boolean; operationId: boolean; slowFor: "none" | "a" | "every" },
  i: number,
) => {
  const result = {
    ...(tool.lost
      ? { returns: { done: i }, lost: true }
      : tool.fails
        ? { error: true, returns: "it broke" }
        : { text: { en: `done ${i}`, zh: `完成 ${i}` } }),
    ...(tool.writes ? { changes: { "notes.txt": `written by tool_${i}` } } : {}),
  };
  if (tool.operationId || tool.slowFor === "none") return [result];
  return tool.slowFor === "a"
    ? [{ ...result, when: { args: { item: "a" } }, seconds: 2 }, result]
    : [{ ...result, seconds: 1 }];
};

/** A random valid figure file: 1–3 tools that read or write, fail or succeed, take time or not, with or without scope, an operation id, a precondition; any allow list; 1–4 rounds of 1–3 calls. */
const figureFiles = fc
  .record({
    tools: fc.array(
      fc.record({
        writes: fc.boolean(),
        effect: fc.constantFrom("default", "reads", "writes", "sideEffect"),
        fails: fc.boolean(),
        lost: fc.boolean(),
        rule: fc.boolean(),
        scoped: fc.boolean(),
        operationId: fc.boolean(),
        needs: fc.boolean(),
        needsRead: fc.boolean(),
        slowFor: fc.constantFrom("none", "a", "every"),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    allowed: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    turns: fc.array(
      fc.array(fc.record({ tool: fc.nat(2), item: fc.constantFrom(...ITEMS), op: fc.constantFrom("op-1", "op-2") }), {
        minLength: 1,
        maxLength: 3,
      }),
      { minLength: 1, maxLength: 4 },
    ),
    feedBack: fc.boolean(),
    budget: fc.integer({ min: 1, max: 6 }),
    checks: fc.integer({ min: 1, max: 4 }),
  })
  .map(({ tools, allowed, turns, feedBack, budget, checks }) => ({
    figure: 1,
    id: "random-lesson",
    scenario: {
      task: "Do the random lesson's task",
      system: "You are a helpful assistant in a random lesson.",
      files: { "notes.txt": "first notes" },
      tools: tools.map((tool, i) => ({
        name: `tool_${i}`,
        description: `Tool number ${i}.`,
        parameters: {
          type: "object",
          properties: { item: { type: "string" }, op: { type: "string" } },
          required: ["item"],
          additionalProperties: false,
        },
        ...(tool.scoped ? { scope: { argument: "item", oneOf: ["a", "b"] } } : {}),
        ...(tool.operationId ? { operationId: "op" } : {}),
        ...(tool.needs && i > 0 ? { needs: { tool: "tool_0", sameArgs: ["item"] } } : {}),
        ...(tool.needsRead ? { needsRead: "notes.txt" } : {}),
        // A declared effect agrees with the results: one that only reads changes nothing.
        ...(tool.effect === "reads" && !tool.writes
          ? { effect: "reads" }
          : tool.effect === "writes"
            ? { effect: { writes: "notes.txt" } }
            : tool.effect === "sideEffect"
              ? { effect: { sideEffect: "sends a note" } }
              : {}),
        results: resultsOf(tool, i),
      })),
      host: {
        rules: tools.flatMap((tool, i) =>
          tool.rule
            ? [
                {
                  tool: `tool_${i}`,
                  refuseWhen: { item: { oneOf: ["c"] } },
                  refusal: { en: "Item c needs a person's approval.", zh: "c 项需要人工批准。" },
                },
              ]
            : [],
        ),
        allow: tools.flatMap((_, i) => (allowed[i] === true ? [`tool_${i}`] : [])),
        feedBack,
        maxModelCalls: budget,
      },
      model: [
        ...turns.map((calls) => ({
          calls: calls.map((call) => {
            const tool = call.tool % tools.length;
            return {
              tool: `tool_${tool}`,
              args: tools[tool]?.operationId === true ? { item: call.item, op: call.op } : { item: call.item },
            };
          }),
        })),
        { answer: "All done, I think." },
      ],
      done: [
        { resultOk: "tool_0" },
        ...(checks > 1 ? [{ answerIncludes: "done" }] : []),
        ...(checks > 2 ? [{ allOk: "tool_0" }] : []),
        ...(checks > 3 ? [{ count: { succeeded: "tool_0", atLeast: 2 } }] : []),
      ],
    },
  }));

/** A figure file's run, from the engine. */
function run(file: unknown): Trace {
  const opened = openFigure(file, "en");
  if (!opened.ok) throw new Error(`the generator wrote a file with problems: ${JSON.stringify(opened.problems)}`);
  return opened.figure.trace;
}

describe("the figure's own words, in any lesson", () => {
  it("say of every step of an engine run only what its facts make true, in every language", () => {
    fc.assert(
      fc.property(figureFiles, (file) => {
        expect(falseClaims(run(file))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("say of every step of a recorded run (Chat or Anthropic, with or without a system message) only what is true", () => {
    fc.assert(
      fc.property(figureFiles, fc.boolean(), fc.constantFrom("chat", "anthropic"), (file, system, format) => {
        const trace = run(file);
        const messages = trace.messages.filter((m) => system || m.role !== "system");
        const body = format === "chat" ? chatRequest(messages, trace.tools) : anthropicRequest(messages, trace.tools);
        const imported = importTranscript(JSON.stringify(body));
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
        expect(falseClaims(imported.trace)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("the claims table is not idle: each claim is both said and left unsaid somewhere in these runs", () => {
    const seen = new Map(CLAIMS.map((claim) => [claim.name, new Set<boolean>()]));
    fc.assert(
      fc.property(figureFiles, (file) => {
        const trace = run(file);
        // The run, and the run recorded as an Anthropic request (whose error results keep their is_error).
        const recorded = importTranscript(JSON.stringify(anthropicRequest(trace.messages, trace.tools)));
        for (const each of recorded.ok ? [trace, recorded.trace] : [trace])
          for (const step of each.steps) {
            const t = truthOf(each, step);
            for (const claim of CLAIMS) if (claim.about(t)) seen.get(claim.name)?.add(claim.iff(t));
          }
      }),
      { numRuns: 300, seed: 28 },
    );
    // A recorded run made from an engine run ends on the results, with no answer: that claim is false in none of them.
    const always = ["the context holds a system note", "the host checks the environment after the answer"];
    for (const claim of CLAIMS.filter((c) => !always.includes(c.name)))
      expect([claim.name, [...(seen.get(claim.name) ?? [])].sort()]).toEqual([claim.name, [false, true]]);
  });
});
