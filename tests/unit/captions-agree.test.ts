// @vitest-environment node
/**
 * Every caption agrees with its panels, for every built-in scenario in every language: what a caption names
 * (call ids, model calls, counts, tools, files, values, what the context holds) is what the step's panels show
 * at that step: the Call ID panel (the step's call ids), the context panel (the messages up to `contextEnd`), the
 * tool result and the counters.
 */
import { describe, expect, it } from "vitest";
import { catalogs, LANGS, storyCatalog } from "../../src/content";
import { contextOf, runScenario, type Step, type Trace } from "../../src/engine";
import { SCENARIO_IDS, SCENARIOS, scenarioById } from "../../src/scenarios";

/** What a caption claims, read with each language's phrasing. */
const CLAIMS = {
  zh: {
    modelCall: /第 ?(\d+) ?次(?:模型调用|调用模型|调用)/g,
    makes: /发起第 ?(\d+) ?次模型调用/,
    modelCalls: /(?:共调用模型|模型调用) ?(\d+) ?次/,
    executions: /(?:执行工具|工具执行) ?(\d+) ?次/,
    unchanged: /上下文没有变化/,
    firstResult: /这才第一次看到结果/,
  },
  en: {
    modelCall: /model call (\d+)/g,
    makes: /makes model call (\d+)/,
    modelCalls: /(\d+) model calls?\b/,
    executions: /(\d+) tool executions?\b/,
    unchanged: /context is unchanged/,
    firstResult: /Only now does the model see any result/,
  },
} as const satisfies Record<(typeof LANGS)[number], unknown>;

/** The calls a step shows. */
const proposed = (step: Step) =>
  step.kind === "proposal" ? step.calls : step.kind === "validation" || step.kind === "execution" ? [step.call] : [];

/** Names of files a caption may mention that are not in the run: the chapter's own script. */
const OUTSIDE_FILES = new Set(["07_agent_loop.py"]);

const cases = SCENARIO_IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const));

describe.each(cases)("%s in %s: every caption agrees with its panels", (id, lang) => {
  const trace: Trace = runScenario(scenarioById(id, lang));
  const text = storyCatalog(catalogs[lang], SCENARIOS[id].stories[lang]);
  const claims = CLAIMS[lang];
  const caption = (step: Step) => text.stepCaption(step, trace);
  const upTo = (step: Step) => trace.steps.slice(0, step.number);

  it("names only call ids proposed by then", () => {
    for (const step of trace.steps) {
      const minted = new Set(upTo(step).flatMap((s) => s.callIds));
      for (const [callId] of caption(step).matchAll(/call_\d+/g))
        expect(minted, `step ${step.number}`).toContain(callId);
    }
  });

  it("numbers model calls as the steps do", () => {
    for (const step of trace.steps) {
      const made = Math.max(0, ...upTo(step).map((s) => (s.kind === "model_call" ? s.modelCall : 0)));
      for (const [, n] of caption(step).matchAll(claims.modelCall)) {
        expect(Number(n), `step ${step.number}: ${caption(step)}`).toBeLessThanOrEqual(made);
      }
      // The call a model-call step makes is that step's.
      const makes = caption(step).match(claims.makes);
      if (makes !== null) expect(step.kind === "model_call" ? step.modelCall : -1).toBe(Number(makes[1]));
    }
  });

  it("counts at the end what the counters show", () => {
    const finish = trace.steps.at(-1);
    if (finish?.kind !== "finish") throw new Error("a run ends with its finish step");
    const words = caption(finish);
    const calls = words.match(claims.modelCalls);
    if (calls !== null) expect(Number(calls[1])).toBe(finish.counters.modelCalls);
    const executions = words.match(claims.executions);
    if (executions !== null) expect(Number(executions[1])).toBe(finish.counters.toolExecutions);
  });

  it("says the context is unchanged only where it is, and that a result is first seen only where it is", () => {
    for (const step of trace.steps) {
      const previous = trace.steps[step.number - 2];
      if (claims.unchanged.test(caption(step))) expect(step.contextEnd).toBe(previous?.contextEnd);
      if (claims.firstResult.test(caption(step))) {
        expect(step.kind).toBe("model_call");
        const seen = contextOf(trace, step).filter((m) => m.role === "tool").length;
        const seenBefore =
          previous === undefined ? 0 : contextOf(trace, previous).filter((m) => m.role === "tool").length;
        expect(seen).toBeGreaterThan(0);
        const earlierCalls = upTo(step).filter((s) => s.kind === "model_call" && s.number < step.number);
        for (const earlier of earlierCalls)
          expect(contextOf(trace, earlier).some((m) => m.role === "tool")).toBe(false);
        expect(seen).toBeGreaterThanOrEqual(seenBefore);
      }
    }
  });

  it("names the tool an execution runs, and only files the run has", () => {
    const tools = new Set(trace.tools.map((tool) => tool.name));
    const known = new Set([...trace.files, ...OUTSIDE_FILES]);
    for (const step of trace.steps) {
      const words = caption(step);
      if (step.kind === "execution") {
        for (const tool of tools)
          if (tool !== step.call.name) expect(words).not.toMatch(new RegExp(`runs ${tool}\\b|执行 ${tool}\\b`));
      }
      for (const [file] of words.matchAll(/(?:\.\.\/)?[\w-]+\.(?:txt|md|json|py)\b/g)) {
        // A file the run has, or one the user or a proposal named by then (the conversation so far).
        const said = JSON.stringify([
          step.kind === "task" ? step.request : "",
          trace.messages.slice(0, step.contextEnd),
          upTo(step).flatMap(proposed),
        ]);
        expect(known.has(file) || said.includes(file), `step ${step.number} names ${file}`).toBe(true);
      }
    }
  });

  it("quotes a tool's output only once a tool has returned it", () => {
    for (const step of trace.steps) {
      const results = upTo(step).flatMap((s) => (s.toolResult === null ? [] : [s.toolResult.content]));
      for (const [quoted] of caption(step).matchAll(/\b\w+=\w+\b/g)) {
        expect(
          results.some((content) => content.includes(quoted)),
          `step ${step.number} quotes ${quoted}`,
        ).toBe(true);
      }
    }
  });
});

describe("the claims read above", () => {
  it.each(LANGS)("are found in the %s captions (each check has something to check)", (lang) => {
    const all = SCENARIO_IDS.flatMap((id) => {
      const trace = runScenario(scenarioById(id, lang));
      const text = storyCatalog(catalogs[lang], SCENARIOS[id].stories[lang]);
      return trace.steps.map((step) => text.stepCaption(step, trace));
    }).join("\n");
    for (const claim of Object.values(CLAIMS[lang])) expect(all).toMatch(new RegExp(claim.source));
    expect(all).toMatch(/call_\d+/);
    expect(all).toMatch(/\w+=\w+/);
  });
});
