// @vitest-environment node
/**
 * A checkpoint's answer must not be guessable from where it is or how it is written (issue 54): each reader sees
 * the options in an order shuffled for them, a pure function of (reader, checkpoint); grading and every report go
 * by the option, never by its place; and the built-in lessons write their wrong options as long and as specific as
 * the right one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGS } from "../../src/content/languages";
import type { Checkpoint } from "../../src/content/types";
import { placeCheckpoints, progressOf } from "../../src/course/progress";
import {
  actorReader,
  checkpointKey,
  freshReader,
  givenReader,
  keptReader,
  optionOrder,
  READER_STORAGE_KEY,
  type SeedStorage,
  scormReader,
} from "../../src/course/reader";
import { answeredStatement } from "../../src/course/xapi";
import { runScenario } from "../../src/engine";
import { SCENARIO_IDS, SCENARIOS, scenarioById } from "../../src/scenarios";

const f22 = runScenario(scenarioById("f22", "en"));
const f22Checkpoints = SCENARIOS.f22.stories.en.checkpoints ?? [];
const counted = <T>(values: readonly T[]) => {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};
const readers = (n: number) => Array.from({ length: n }, (_, i) => `reader-${i}`);

describe("the order a reader sees a checkpoint's options in", () => {
  it("is a permutation of the options' indexes", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 0, max: 9 }), (reader, checkpoint, count) => {
        const order = optionOrder(reader, checkpoint, count);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
      }),
    );
  });

  it("is the same every time for the same reader and checkpoint (a reload, another step, presenter mode)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 1, max: 6 }), (reader, checkpoint, count) => {
        expect(optionOrder(reader, checkpoint, count)).toEqual(optionOrder(reader, checkpoint, count));
      }),
    );
    // Pinned: a change to the shuffle reorders every reader's options, which learners mid-course would notice.
    expect(placeCheckpoints(f22, f22Checkpoints, "reader-a").map((p) => p.order)).toEqual([
      [1, 3, 2, 0],
      [0, 2, 1],
      [0, 2, 1],
    ]);
  });

  it("differs from reader to reader: 200 readers see nearly every one of the 24 orders of four options", () => {
    const orders = new Set(readers(200).map((reader) => optionOrder(reader, "f22/checkpoint/1", 4).join("")));
    expect(orders.size).toBeGreaterThanOrEqual(22);
  });

  it("differs from checkpoint to checkpoint and from figure to figure for one reader", () => {
    const differs = (a: string, b: string) =>
      readers(100).filter((reader) => optionOrder(reader, a, 4).join() !== optionOrder(reader, b, 4).join()).length;
    // Two random orders of four agree one time in 24.
    expect(differs(checkpointKey("f22", 0), checkpointKey("f22", 1))).toBeGreaterThan(85);
    expect(differs(checkpointKey("f22", 0), checkpointKey("experiment-07", 0))).toBeGreaterThan(85);
  });

  it("shows each order, and so the right option in each place, about equally often", () => {
    const many = readers(24_000).map((reader) => optionOrder(reader, "f22/checkpoint/1", 4).join(""));
    const byOrder = counted(many);
    expect(byOrder.size).toBe(24);
    // 1000 expected each; the standard deviation is about 31.
    for (const count of byOrder.values()) expect(count).toBeGreaterThan(850);
    for (const count of byOrder.values()) expect(count).toBeLessThan(1150);
    const right = 2; // F22's first checkpoint's right option, in the file
    const places = counted(readers(3000).map((reader) => optionOrder(reader, "f22/checkpoint/1", 4).indexOf(right)));
    for (const place of [0, 1, 2, 3]) expect(places.get(place) ?? 0).toBeGreaterThan(600);
  });
});

describe("a placed checkpoint, shown in its reader's order", () => {
  it("is graded by the option chosen, never by the place it was shown in", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (reader) => {
        const placed = placeCheckpoints(f22, f22Checkpoints, reader);
        for (const point of placed) {
          expect(point.order).toEqual(optionOrder(reader, checkpointKey("f22", point.key), point.order.length));
          const shownAt = point.order.indexOf(point.right);
          // The reader presses the button at `shownAt`: the right option, wherever it was.
          const chosen = point.order[shownAt] ?? -1;
          const record = { visited: new Set([0, 7]), answers: new Map([[point.key, chosen]]) };
          expect(progressOf(7, 8, record, placed).correct).toBe(1);
          // The option in the right one's file place, when the shuffle moved another there, is wrong.
          const other = point.order[point.right] ?? -1;
          const wrong = { visited: new Set([0, 7]), answers: new Map([[point.key, other]]) };
          expect(progressOf(7, 8, wrong, placed).correct).toBe(other === point.right ? 1 : 0);
          // And the xAPI response names the option itself.
          const statement = answeredStatement(
            { activity: "https://course.example/f22", title: "F22", lang: "en" },
            point.key,
            point.checkpoint,
            chosen,
          );
          expect(statement.result).toEqual({ success: true, response: `option-${point.right + 1}` });
          expect(statement.object.definition.correctResponsesPattern).toEqual([`option-${point.right + 1}`]);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe("the reader's seed", () => {
  const memory = (): SeedStorage & { readonly items: Map<string, string> } => {
    const items = new Map<string, string>();
    return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
  };

  it("is made once and kept in storage, then read back on every visit", () => {
    const storage = memory();
    let made = 0;
    const fresh = () => `seed-${++made}`;
    expect(keptReader(storage, fresh)).toBe("seed-1");
    expect(storage.items.get(READER_STORAGE_KEY)).toBe("seed-1");
    expect(keptReader(storage, fresh)).toBe("seed-1");
    expect(made).toBe(1);
    storage.items.set(READER_STORAGE_KEY, "");
    expect(keptReader(storage, fresh)).toBe("seed-2");
  });

  it("is null where storage is missing or refuses, so the figure keeps one of its own", () => {
    const refusing = (which: "get" | "set"): SeedStorage => ({
      getItem: () => {
        if (which === "get") throw new DOMException("denied", "SecurityError");
        return null;
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    });
    expect(keptReader(null)).toBeNull();
    expect(keptReader(refusing("get"))).toBeNull();
    expect(keptReader(refusing("set"))).toBeNull();
  });

  it("is fresh: 128 random bits as hex, different each time", () => {
    expect(freshReader()).toMatch(/^[0-9a-f]{32}$/);
    expect(freshReader()).not.toBe(freshReader());
    expect(freshReader((bytes) => bytes.fill(171))).toBe("ab".repeat(16));
  });

  it("comes from the learner where the course or the LMS knows them", () => {
    expect(actorReader({ mbox: "mailto:ana@course.example", name: "Ana" })).toBe("xapi:mbox:mailto:ana@course.example");
    expect(actorReader({ account: { homePage: "https://lms.example", name: "2042" } })).toBe(
      "xapi:account:https://lms.example|2042",
    );
    expect(actorReader({ name: "Ana" })).toBeUndefined();
    expect(actorReader("ana")).toBeUndefined();
    expect(scormReader(" 2042 ")).toBe("scorm:2042");
    expect(scormReader("")).toBeUndefined();
    expect(givenReader("  learner-7 ")).toBe("learner-7");
    expect(givenReader(" ")).toBeUndefined();
    expect(givenReader(null)).toBeUndefined();
  });
});

describe("the built-in lessons' checkpoints", () => {
  const all = (lang: (typeof LANGS)[number]) =>
    SCENARIO_IDS.flatMap((id) => (SCENARIOS[id].stories[lang].checkpoints ?? []).map((c) => ({ id, c })));
  const rightOf = (c: Checkpoint) => c.options.findIndex((o) => o.correct === true);
  const lengths = (c: Checkpoint) => c.options.map((o) => [...o.text].length);

  it("write every wrong option at least two thirds as long as the right one", () => {
    for (const lang of LANGS)
      for (const { id, c } of all(lang)) {
        const right = lengths(c)[rightOf(c)] ?? 0;
        const short = c.options.filter((o, i) => i !== rightOf(c) && [...o.text].length < (2 * right) / 3);
        expect([id, lang, c.question, short.map((o) => o.text)]).toEqual([id, lang, c.question, []]);
      }
  });

  it("make the right option the longest, or the shortest, in at most a third of them", () => {
    for (const lang of LANGS) {
      const checkpoints = all(lang).map(({ c }) => c);
      const longest = checkpoints.filter((c) => {
        const own = lengths(c);
        return own.every((n, i) => i === rightOf(c) || n < (own[rightOf(c)] ?? 0));
      });
      const shortest = checkpoints.filter((c) => {
        const own = lengths(c);
        return own.every((n, i) => i === rightOf(c) || n > (own[rightOf(c)] ?? 0));
      });
      expect([lang, longest.length <= checkpoints.length / 3]).toEqual([lang, true]);
      expect([lang, shortest.length <= checkpoints.length / 3]).toEqual([lang, true]);
    }
  });

  it("put the right option in no one place: not every time in a lesson, not in half of them overall", () => {
    for (const lang of LANGS) {
      for (const id of SCENARIO_IDS) {
        const places = new Set((SCENARIOS[id].stories[lang].checkpoints ?? []).map(rightOf));
        expect([id, lang, places.size > 1]).toEqual([id, lang, true]);
      }
      const places = counted(all(lang).map(({ c }) => rightOf(c)));
      for (const [place, count] of places)
        expect([lang, place, count <= all(lang).length / 2]).toEqual([lang, place, true]);
    }
  });
});
