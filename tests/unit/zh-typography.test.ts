// @vitest-environment node
/**
 * The Chinese text follows one spacing rule everywhere a reader sees it (captions, titles, arrow labels, the
 * figure's controls, the chapter page, the stories, the conversation): a space between a Chinese character and a
 * Latin letter or digit, none between two Chinese characters, none beside full-width punctuation. Kept exactly as
 * the chapter has them, and so left out: the teaching experiment's own messages (its errors and its report) and
 * F22's title, and the key list, whose spaces separate a key from what it does.
 */
import { describe, expect, it } from "vitest";
import { catalogs, chapters, prose, runs, storyCatalog } from "../../src/content";
import { runScenario } from "../../src/engine";
import { SCENARIO_IDS, SCENARIOS, scenarioById } from "../../src/scenarios";

const HAN = "\\u4e00-\\u9fff";
const PUNCT = "\\u3000-\\u303f\\uff00-\\uffef“”‘’";
const RULES: readonly [string, RegExp][] = [
  ["a space between two Chinese characters", new RegExp(`[${HAN}] [${HAN}]`)],
  ["a space beside full-width punctuation", new RegExp(`[${PUNCT}] | [${PUNCT}]`)],
  ["a Chinese character touching a Latin letter or digit", new RegExp(`[${HAN}][A-Za-z0-9]|[A-Za-z0-9][${HAN}]`)],
];
const KEPT = new Set(["ui.keysActive", "f22.story.title"]);

/** Every string under `value`, and what its functions return for sample arguments (numbers, Latin words). */
function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === "string") out.push([path, value]);
  else if (typeof value === "function") {
    for (const args of [
      [2, 9, 30],
      ["Title", "x"],
    ]) {
      try {
        const result = (value as (...a: unknown[]) => unknown)(...args);
        if (typeof result === "string") out.push([path, result]);
      } catch {
        // a phrase that needs a step or a trace: the rendered captions below cover it
      }
    }
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) strings(item, `${path}[${i}]`, out);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) strings(item, `${path}.${key}`, out);
  }
  return out;
}

describe("Chinese spacing", () => {
  const zh = catalogs.zh;
  const seen: [string, string][] = [];
  strings(zh.ui, "ui", seen);
  strings({ lanes: zh.lanes, rules: zh.rules, outcomes: zh.outcomes, fileStates: zh.fileStates }, "labels", seen);
  strings(chapters.zh, "chapter", seen);
  strings(prose.zh, "prose", seen);
  strings(runs.zh, "runs", seen);
  for (const id of SCENARIO_IDS) {
    const story = SCENARIOS[id].stories.zh;
    const trace = runScenario(scenarioById(id, "zh"));
    const text = storyCatalog(zh, story);
    strings({ ...story, captions: [] }, `${id}.story`, seen);
    for (const step of trace.steps) {
      seen.push([`${id} step ${step.number} title`, text.stepTitle(step)]);
      seen.push([`${id} step ${step.number} caption`, text.stepCaption(step, trace)]);
      seen.push([`${id} step ${step.number} arrow`, text.arrowLabel(step)]);
    }
    for (const message of trace.messages) {
      if (message.role !== "tool" && message.content !== null) seen.push([`${id} ${message.role}`, message.content]);
    }
  }

  it("covers the text a reader sees", () => {
    expect(seen.length).toBeGreaterThan(500);
  });

  it.each(RULES)("has no %s", (_, rule) => {
    const broken = seen
      .filter(([path, text]) => !KEPT.has(path) && rule.test(text))
      .map(([path, text]) => `${path}: ${text}`);
    expect(broken).toEqual([]);
  });

  it("spaces a kicker from 的 only after a Latin letter or digit", () => {
    expect(zh.ui.nameAllSteps("动态图解 · F22")).toBe("动态图解 · F22 的全部步骤");
    expect(zh.ui.nameAllSteps("动态图解")).toBe("动态图解的全部步骤");
  });
});
