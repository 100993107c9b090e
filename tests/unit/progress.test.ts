// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DEFAULT_LANG, LANGS } from "../../src/content/languages";
import { placeCheckpoints, progressOf } from "../../src/course/progress";
import { answeredStatement, completedStatement, defaultActivity, experiencedStatement } from "../../src/course/xapi";
import { runScenario } from "../../src/engine";
import { createPlayerStore } from "../../src/player/store/createPlayerStore";
import { SCENARIO_IDS, SCENARIOS, scenarioById } from "../../src/scenarios";

const f22 = () => runScenario(scenarioById("f22", DEFAULT_LANG));
const stories = SCENARIOS.f22.stories;

describe("checkpoints and progress", () => {
  it("places each checkpoint at the first step it names; one without a single right option is left out", () => {
    const placed = placeCheckpoints(f22(), stories.en.checkpoints);
    expect(placed.map((p) => [p.key, p.stepIndex + 1, p.right])).toEqual([
      [0, 3, 2],
      [1, 5, 0],
      [2, 7, 1],
    ]);
    // Without a reader, the options in the file's order.
    expect(placed.map((p) => p.order)).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2],
      [0, 1, 2],
    ]);
    const broken = { ...stories.en.checkpoints?.[0], options: [{ text: "a" }, { text: "b" }] } as never;
    expect(placeCheckpoints(f22(), [broken])).toEqual([]);
  });

  it("counts answers, right answers and checkpoints stepped past; complete at the last step with none open", () => {
    const placed = placeCheckpoints(f22(), stories.en.checkpoints);
    const at = (visited: number[], answers: [number, number][]) =>
      progressOf(Math.max(...visited), 8, { visited: new Set(visited), answers: new Map(answers) }, placed);
    expect(at([0, 1, 2], [])).toMatchObject({ step: 3, visited: 3, answered: 0, skipped: 0, complete: false });
    expect(at([0, 1, 2, 3], [[0, 2]])).toMatchObject({ answered: 1, correct: 1, skipped: 0, complete: false });
    expect(at([0, 1, 2, 3, 4, 5], [[0, 0]])).toMatchObject({ answered: 1, correct: 0, skipped: 1 });
    // Straight to the last step: every question skipped, complete, score 0.
    expect(at([0, 7], [])).toMatchObject({ skipped: 3, complete: true, score: 0, checkpoints: 3 });
    expect(
      at(
        [0, 1, 2, 3, 4, 5, 6, 7],
        [
          [0, 2],
          [1, 1],
          [2, 1],
        ],
      ),
    ).toMatchObject({ correct: 2, complete: true, score: 67 });
    // No checkpoints: complete at the last step, score 100.
    expect(progressOf(7, 8, { visited: new Set([0, 7]), answers: new Map() }, [])).toMatchObject({
      complete: true,
      score: 100,
    });
  });

  it("the store records steps seen and one answer per checkpoint; a resumed record is taken up", () => {
    const store = createPlayerStore({ trace: f22() });
    store.getState().goTo(2);
    store.getState().answer(0, 1);
    store.getState().answer(0, 3);
    expect([...store.getState().visited]).toEqual([0, 2]);
    expect([...store.getState().answers]).toEqual([[0, 1]]);
    expect(store.getState().justAnswered).toBe(0);
    store.getState().next();
    expect(store.getState().justAnswered).toBeNull();
    store.getState().restore({ visited: [5, 99], answers: [[2, 1]] });
    expect([...store.getState().visited].sort()).toEqual([0, 2, 3, 5]);
    expect([...store.getState().answers]).toEqual([
      [0, 1],
      [2, 1],
    ]);
  });

  it("every built-in scenario asks 2–3 questions in each language, each placed, with one right option of 3–4", () => {
    for (const id of SCENARIO_IDS) {
      for (const lang of LANGS) {
        const checkpoints = SCENARIOS[id].stories[lang].checkpoints ?? [];
        const placed = placeCheckpoints(runScenario(scenarioById(id, lang)), checkpoints);
        expect([id, lang, checkpoints.length >= 2 && checkpoints.length <= 3]).toEqual([id, lang, true]);
        expect([id, lang, placed.length]).toEqual([id, lang, checkpoints.length]);
        for (const checkpoint of checkpoints) {
          expect(checkpoint.question).toMatch(/[?？]$/);
          expect(checkpoint.options.length).toBeGreaterThanOrEqual(3);
          expect(checkpoint.options.length).toBeLessThanOrEqual(4);
        }
      }
      // The same questions in every language, at the same steps.
      const [first, ...others] = LANGS.map((lang) => SCENARIOS[id].stories[lang].checkpoints ?? []);
      for (const other of others) {
        expect(other.map((c) => [c.at, c.options.findIndex((o) => o.correct)])).toEqual(
          first?.map((c) => [c.at, c.options.findIndex((o) => o.correct)]),
        );
      }
    }
  });
});

describe("xAPI statements", () => {
  const context = {
    activity: "https://course.example/figure/agent-loop-figure/f22",
    title: "F22",
    lang: "en" as const,
  };
  const now = new Date("2026-12-01T12:00:00Z");

  it("names the activity under the page's directory by default", () => {
    expect(defaultActivity("https://course.example/figure/embed.html?step=3#x", "f22")).toBe(context.activity);
  });

  it("experienced a step, answered a choice with its success and response, completed with the score", () => {
    expect(experiencedStatement(context, 3, "3. Model proposes read_file (call_1)", now)).toEqual({
      verb: { id: "http://adlnet.gov/expapi/verbs/experienced", display: { "en-US": "experienced" } },
      object: {
        objectType: "Activity",
        id: `${context.activity}/step/3`,
        definition: {
          name: { en: "3. Model proposes read_file (call_1)" },
          type: "http://adlnet.gov/expapi/activities/module",
        },
      },
      context: { language: "en", contextActivities: { parent: [{ objectType: "Activity", id: context.activity }] } },
      timestamp: "2026-12-01T12:00:00.000Z",
    });
    const checkpoint = stories.en.checkpoints?.[0];
    if (checkpoint === undefined) throw new Error("F22 has checkpoints");
    const answered = answeredStatement(
      { ...context, actor: { mbox: "mailto:reader@course.example" } },
      0,
      checkpoint,
      0,
      now,
    );
    expect(answered.actor).toEqual({ mbox: "mailto:reader@course.example" });
    expect(answered.verb.id).toBe("http://adlnet.gov/expapi/verbs/answered");
    expect(answered.object.definition).toMatchObject({
      type: "http://adlnet.gov/expapi/activities/cmi.interaction",
      interactionType: "choice",
      correctResponsesPattern: ["option-3"],
    });
    expect(answered.object.definition.choices?.map((c) => c.id)).toEqual([
      "option-1",
      "option-2",
      "option-3",
      "option-4",
    ]);
    expect(answered.result).toEqual({ success: false, response: "option-1" });
    const progress = progressOf(
      7,
      8,
      { visited: new Set([0, 7]), answers: new Map([[0, 2]]) },
      placeCheckpoints(f22(), stories.en.checkpoints),
    );
    expect(completedStatement(context, progress, now).result).toEqual({
      completion: true,
      score: { scaled: 0.33, raw: 33, min: 0, max: 100 },
    });
  });
});
