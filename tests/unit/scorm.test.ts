// @vitest-environment jsdom
/**
 * The SCORM 1.2 run-time of a package's launch page, against a real SCORM runtime (scorm-again's Scorm12API),
 * and the package's structure, built from a stand-in dist/.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import * as scorm12 from "scorm-again/scorm12";
import { afterAll, describe, expect, it } from "vitest";
import { packageFigure } from "../../src/cli/scorm";
import { FIGURE_BLOCK_ID } from "../../src/course/figure-block";
import {
  decodeRecord,
  encodeRecord,
  findApi,
  type Scorm12Api,
  ScormSession,
  SUSPEND_DATA_LIMIT,
  sessionTime,
} from "../../src/course/scorm-runtime";
import { standInDist } from "./stand-in-dist";

// The ES module exports the class by name; its type declarations say default.
const { Scorm12API } = scorm12 as unknown as {
  Scorm12API: new (settings: object) => { loadFromJSON(json: unknown, prefix: string): void };
};

const runtime = (cmi?: unknown) => {
  const api = new Scorm12API({ logLevel: 5, autocommit: false });
  if (cmi !== undefined) api.loadFromJSON(cmi as never, "");
  return api as unknown as Scorm12Api & { cmi: { toJSON(): { core: Record<string, unknown>; suspend_data: string } } };
};

describe("the SCORM 1.2 session", () => {
  it("a first launch: incomplete, the location, the answers, passed against the mastery score, finished once", () => {
    const api = runtime();
    const session = new ScormSession(api, { mastery: 60 });
    expect(session.start()).toEqual({ step: null, record: null, resumed: false, learner: "" });
    expect(api.LMSGetValue("cmi.core.lesson_status")).toBe("incomplete");
    session.step(3);
    session.save({ answers: [[0, 1]], furthest: 3 });
    session.complete({ score: 67, checkpoints: 3 });
    session.complete({ score: 0, checkpoints: 3 });
    session.finish();
    session.finish();
    const { core, suspend_data } = api.cmi.toJSON();
    expect(core).toMatchObject({
      lesson_status: "passed",
      lesson_location: "3",
      score: { raw: "67", min: "0", max: "100" },
    });
    expect(JSON.parse(suspend_data)).toEqual({ v: 1, f: 3, a: [[0, 1]] });
    expect(api.LMSGetLastError()).toBe("0");
  });

  it("a resumed launch: its step and record back, no status set until it completes, failed below mastery", () => {
    const api = runtime({
      core: { entry: "resume", lesson_status: "incomplete", lesson_location: "5", student_id: "2042" },
      suspend_data: '{"v":1,"f":6,"a":[[0,1]]}',
    });
    const session = new ScormSession(api, { mastery: 80 });
    // The learner's id comes back too: who the checkpoints' options are shuffled for.
    expect(session.start()).toEqual({
      step: 5,
      record: { furthest: 6, answers: [[0, 1]] },
      resumed: true,
      learner: "2042",
    });
    expect(api.LMSGetValue("cmi.core.lesson_status")).toBe("incomplete");
    session.complete({ score: 67, checkpoints: 3 });
    expect(api.LMSGetValue("cmi.core.lesson_status")).toBe("failed");
    // Without checkpoints: completed.
    const plain = new ScormSession(runtime(), { mastery: null });
    plain.start();
    plain.complete({ score: 100, checkpoints: 0 });
  });

  it("commits a step change a moment later, once for a run of steps; writes the session's time on finish", () => {
    const api = runtime();
    const commits: string[] = [];
    const commit = api.LMSCommit.bind(api);
    api.LMSCommit = (parameter) => {
      commits.push(api.LMSGetValue("cmi.core.lesson_location"));
      return commit(parameter);
    };
    let now = 1_000;
    const waiting: (() => void)[] = [];
    const clock = {
      now: () => now,
      later: (run: () => void) => {
        waiting.push(run);
        return () => waiting.splice(waiting.indexOf(run), 1);
      },
    };
    const session = new ScormSession(api, { mastery: 60, clock });
    session.start();
    commits.length = 0;
    session.step(2);
    session.step(3);
    session.step(4);
    expect([commits, waiting.length]).toEqual([[], 1]);
    waiting.shift()?.();
    expect(commits).toEqual(["4"]);
    // An answer commits at once, and carries a pending step with it.
    session.step(5);
    session.save({ answers: [[0, 1]], furthest: 5 });
    expect([commits, waiting.length]).toEqual([["4", "5"], 0]);
    now += 3_723_450;
    // cmi.core.session_time is write-only: what the runtime accepted is what was set, with no error.
    const set = api.LMSSetValue.bind(api);
    const written: [string, string, string, string][] = [];
    api.LMSSetValue = (element, value) => {
      const result = set(element, value);
      written.push([element, value, result, api.LMSGetLastError()]);
      return result;
    };
    session.finish();
    expect(written.find(([element]) => element === "cmi.core.session_time")).toEqual([
      "cmi.core.session_time",
      "0001:02:03.45",
      "true",
      "0",
    ]);
    expect(sessionTime(0)).toBe("0000:00:00.00");
    expect(sessionTime(1e15)).toBe("9999:59:59.99");
  });

  it("a final status is never set again", () => {
    const api = runtime({ core: { entry: "resume", lesson_status: "passed" } });
    const session = new ScormSession(api, { mastery: 60 });
    session.start();
    session.complete({ score: 0, checkpoints: 3 });
    expect(api.LMSGetValue("cmi.core.lesson_status")).toBe("passed");
  });

  it("suspend_data stays within SCORM 1.2's 4,096 characters, and reads back only what is ours", () => {
    const answers = Array.from({ length: 2000 }, (_, i) => [i, 1] as const);
    const text = encodeRecord({ answers, furthest: 9 });
    expect(text.length).toBeLessThanOrEqual(SUSPEND_DATA_LIMIT);
    expect(decodeRecord(text)?.answers.length).toBeGreaterThan(100);
    expect(decodeRecord("not ours")).toBeNull();
    expect(decodeRecord('{"v":2}')).toBeNull();
  });

  it("finds the API up to 7 frames up, then in the opener; none is none", () => {
    const api = runtime();
    const frame = (parent: unknown, own?: unknown) => {
      const win = { API: own, opener: null } as unknown as Window & { parent: Window };
      (win as { parent: unknown }).parent = parent ?? win;
      return win;
    };
    const top = frame(undefined, api);
    let win = top;
    for (let level = 0; level < 7; level += 1) win = frame(win);
    expect(findApi(win)).toBe(api);
    expect(findApi(frame(win))).toBeNull();
    const popup = { ...frame(undefined), opener: top } as unknown as Window;
    expect(findApi(popup)).toBe(api);
  });
});

describe("the package", () => {
  const { dist, remove } = standInDist();
  afterAll(remove);

  it("has imsmanifest.xml at its root, one SCO launching index.html, the mastery score, every file listed", async () => {
    const made = await packageFigure(dist, { scenario: "f22" }, "en");
    expect(made.name).toBe("agent-loop-figure-f22-en.zip");
    const files = unzipSync(made.bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        "imsmanifest.xml",
        "index.html",
        "embed.js",
        "embed.css",
        "embed-en.js",
        "embed-scorm.js",
        "embed-builtins-zh.js",
        "embed-builtins-en.js",
      ].sort(),
    );
    const manifest = strFromU8(files["imsmanifest.xml"] ?? new Uint8Array());
    expect(manifest).toContain('xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"');
    // No schema location naming files the package does not carry.
    expect(manifest).not.toContain("schemaLocation");
    expect(manifest).toContain(
      '<resource identifier="figure" type="webcontent" adlcp:scormtype="sco" href="index.html">',
    );
    expect(manifest).toContain("<adlcp:masteryscore>60</adlcp:masteryscore>");
    expect(manifest).toContain("<title>One agent task, round by round</title>");
    const launch = strFromU8(files["index.html"] ?? new Uint8Array());
    expect(launch).toContain('<div id="alf-embed" data-lang="en" data-scenario="f22" data-scorm="" data-mastery="60">');
    expect(launch).toContain("<title>One agent task, round by round</title>");
    // The same input makes the same bytes.
    expect((await packageFigure(dist, { scenario: "f22" }, "en")).bytes).toEqual(made.bytes);
  });

  it("carries a figure file inside the launch page (no request an LMS could refuse), and says where a bad one breaks", async () => {
    const figure = JSON.stringify({
      figure: 1,
      id: "lesson",
      recorded: {
        transcript: [
          { role: "user", content: "hi </script><script>alert(1)</script> <!-- $& $1" },
          { role: "assistant", content: "hello" },
        ],
      },
      story: { en: { title: "A <small> lesson" } },
    });
    const made = await packageFigure(dist, { figure, name: "lesson.json" }, "en");
    const files = unzipSync(made.bytes);
    expect(Object.keys(files)).not.toContain("figure.json");
    const launch = strFromU8(files["index.html"] ?? new Uint8Array());
    expect(launch).not.toContain("data-figure=");
    // The page as a browser reads it: one data block holding the file, which reads back as the same JSON.
    const document = new DOMParser().parseFromString(launch, "text/html");
    const block = document.getElementById(FIGURE_BLOCK_ID);
    expect(block?.getAttribute("type")).toBe("application/json");
    expect(JSON.parse(block?.textContent ?? "")).toEqual(JSON.parse(figure));
    expect(document.querySelectorAll("script")).toHaveLength(1);
    // No checkpoints: no mastery score, and none can be asked.
    expect(made.mastery).toBeNull();
    expect(strFromU8(files["imsmanifest.xml"] ?? new Uint8Array())).not.toContain("masteryscore");
    expect(strFromU8(files["imsmanifest.xml"] ?? new Uint8Array())).toContain("<title>A &lt;small&gt; lesson</title>");
    await expect(packageFigure(dist, { figure, name: "lesson.json" }, "en", 80)).rejects.toThrow(
      "--mastery 80: lesson.json asks no checkpoints in en, so a learner has no score to reach",
    );
    await expect(packageFigure(dist, { figure: "{", name: "bad.json" }, "en")).rejects.toThrow(
      "bad.json: the file (line 1, column 2): not valid JSON",
    );
  });

  it("writes the mastery score asked: --mastery, else the figure file's course.mastery, else 60", async () => {
    const booking = readFileSync(resolve(import.meta.dirname, "../../examples/figures/booking.json"), "utf8");
    const masteryOf = (made: { bytes: Uint8Array }) => {
      const files = unzipSync(made.bytes);
      const manifest = strFromU8(files["imsmanifest.xml"] ?? new Uint8Array());
      const launch = strFromU8(files["index.html"] ?? new Uint8Array());
      return [
        manifest.match(/<adlcp:masteryscore>(\d+)<\/adlcp:masteryscore>/)?.[1],
        launch.match(/data-mastery="(\d+)"/)?.[1],
      ];
    };
    const named = { figure: booking, name: "booking.json" };
    expect(masteryOf(await packageFigure(dist, named, "en"))).toEqual(["60", "60"]);
    expect(masteryOf(await packageFigure(dist, named, "en", 80))).toEqual(["80", "80"]);
    const own = JSON.stringify({ ...JSON.parse(booking), course: { mastery: 75 } });
    expect(masteryOf(await packageFigure(dist, { figure: own, name: "own.json" }, "en"))).toEqual(["75", "75"]);
    expect(masteryOf(await packageFigure(dist, { figure: own, name: "own.json" }, "en", 100))).toEqual(["100", "100"]);
    expect(masteryOf(await packageFigure(dist, { scenario: "f22" }, "en", 0))).toEqual(["0", "0"]);
    await expect(
      packageFigure(
        dist,
        { figure: JSON.stringify({ ...JSON.parse(booking), course: { mastery: 101 } }), name: "x.json" },
        "en",
      ),
    ).rejects.toThrow("x.json: course.mastery (line 1");
  });
});
