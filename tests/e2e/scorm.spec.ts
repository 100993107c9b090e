import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { checkpointKey, optionOrder } from "../../src/course/reader";
import { expect, test } from "./fixtures";

// The SCORM 1.2 packages `npm run build` writes, and an author's own (`--scorm … --figure …`), run by a real SCORM
// runtime (scorm-again's Scorm12API) in a harness page that frames the launch page as an LMS does: every API call is
// recorded, the manifest's mastery score reaches the SCO as cmi.student_data.mastery_score, and the package's files
// are served to a logged-in session only — a request without the session cookie is redirected to the login page,
// as Moodle's pluginfile.php does.
const root = resolve(import.meta.dirname, "../..");
const runtime = readFileSync(resolve(root, "node_modules/scorm-again/dist/scorm12.min.js"), "utf8");

type Call = { method: string; args: string[]; result: string };
type Files = Record<string, Uint8Array>;

const HARNESS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An LMS</title>
<script src="/vendor/scorm12.min.js"></script>
<script>
  window.calls = [];
  const api = new Scorm12API({ logLevel: 5, autocommit: false });
  const saved = new URLSearchParams(location.search).get("cmi");
  if (saved) api.loadFromJSON(JSON.parse(saved), "");
  for (const method of ["LMSInitialize", "LMSFinish", "LMSGetValue", "LMSSetValue", "LMSCommit", "LMSGetLastError"]) {
    const call = api[method].bind(api);
    api[method] = (...args) => { const result = call(...args); window.calls.push({ method, args, result: String(result) }); return result; };
  }
  window.API = api;
</script></head>
<body><h1>A course in an LMS</h1><iframe id="sco" title="The activity" src="/pkg/index.html" style="width:100%;height:1400px;border:0"></iframe>
<script>
  // An LMS that gives the activity a frame of the window's height (?height=N), as Moodle's player does.
  const height = new URLSearchParams(location.search).get("height");
  if (height) document.getElementById("sco").style.height = height + "px";
</script></body></html>`;

const LOGIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in to the site</title></head>
<body><h1>Log in to the site</h1><form><label>Username <input name="username"></label></form></body></html>`;

const unzipped = (zip: string): Files => unzipSync(new Uint8Array(readFileSync(zip)));
const made = (name: string, ...args: string[]): Files => {
  // As an author makes one: the command, from this checkout's build.
  const out = join(mkdtempSync(join(tmpdir(), "alf-scorm-")), name);
  execFileSync(resolve(root, "node_modules/.bin/tsx"), ["src/cli/demo.ts", "--scorm", out, ...args], {
    cwd: root,
    stdio: "pipe",
  });
  return unzipped(out);
};
const built = (name: string): Files => unzipped(resolve(root, "dist/scorm", name));
const manifestOf = (files: Files) => strFromU8(files["imsmanifest.xml"] ?? new Uint8Array());
const masteryOf = (files: Files) => /<adlcp:masteryscore>(\d+)<\/adlcp:masteryscore>/.exec(manifestOf(files))?.[1];

const servers: Server[] = [];
test.afterEach(async () => {
  // The page may still hold a connection open (keep-alive): close those too, or close() waits for them.
  await Promise.all(
    servers.splice(0).map((server) => {
      const closed = new Promise((done) => server.close(done));
      server.closeAllConnections();
      return closed;
    }),
  );
});

/**
 * An LMS on loopback: the harness, the runtime and the package's files on one origin, served as Moodle serves them —
 * to a request with the learner's session cookie only (the learner has logged in: the cookie is set); any other is
 * redirected (303) to the login page. `missing` files answer 404. Returns the LMS's origin.
 */
async function lms(page: Page, files: Files, missing: readonly string[] = []): Promise<string> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://lms").pathname;
    const send = (type: string, body: string | Uint8Array) =>
      response.writeHead(200, { "content-type": `${type}; charset=utf-8` }).end(body);
    if (path === "/harness.html") return send("text/html", HARNESS);
    if (path === "/vendor/scorm12.min.js") return send("text/javascript", runtime);
    if (path === "/login/index.php") return send("text/html", LOGIN_PAGE);
    if (path === "/favicon.ico") return response.writeHead(204).end(); // the browser asks; the harness has none
    if (!/(^|;\s*)MoodleSession=/.test(request.headers.cookie ?? ""))
      return response.writeHead(303, { location: "/login/index.php" }).end();
    const name = path.replace(/^\/pkg\//, "");
    const file = files[name];
    if (!path.startsWith("/pkg/") || file === undefined || missing.includes(name)) return response.writeHead(404).end();
    const type = path.endsWith(".html")
      ? "text/html"
      : path.endsWith(".css")
        ? "text/css"
        : path.endsWith(".json")
          ? "application/json"
          : "text/javascript";
    return send(type, file);
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await page.context().addCookies([{ name: "MoodleSession", value: "learner", url: origin }]);
  return origin;
}

/** The harness's address for a launch: the LMS's record of the learner so far, and the manifest's mastery score. */
function launch(at: string, files: Files, record: Record<string, unknown> = {}): string {
  const mastery = masteryOf(files);
  const cmi = mastery === undefined ? record : { ...record, student_data: { mastery_score: mastery } };
  return `${at}/harness.html?cmi=${encodeURIComponent(JSON.stringify(cmi))}`;
}
const calls = (page: Page) => page.evaluate(() => (window as unknown as { calls: Call[] }).calls);
const sets = async (page: Page, element: string) =>
  (await calls(page)).filter((c) => c.method === "LMSSetValue" && c.args[0] === element).map((c) => c.args[1]);
/** F22 in English, from step 1 to its last: its three checkpoints answered, two right and one wrong (67). */
async function answerF22(page: Page, figure: Locator): Promise<void> {
  await figure.focus();
  for (const answer of [
    /^The host checks the call first/,
    /^Yes: the tool ran/,
    /^Not until the host checks the environment/,
  ]) {
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await figure.getByRole("button", { name: answer }).click();
  }
  await page.keyboard.press("ArrowRight");
}
const figureIn = (frame: FrameLocator) => frame.locator(".alf-root > .alf-figure").first();
const counterIn = (frame: FrameLocator) => figureIn(frame).locator(".alf-counter > [aria-hidden]");

test.describe("the SCORM 1.2 package", () => {
  test("the manifest: at the root, one SCO whose href is the launch page, a mastery score, every file listed", () => {
    const files = built("agent-loop-figure-f22-en.zip");
    const manifest = manifestOf(files);
    expect(manifest).toContain(
      '<resource identifier="figure" type="webcontent" adlcp:scormtype="sco" href="index.html">',
    );
    expect(manifest).toContain("<adlcp:masteryscore>60</adlcp:masteryscore>");
    expect(manifest).toContain("<schemaversion>1.2</schemaversion>");
    const listed = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      Object.keys(files)
        .filter((f) => f !== "imsmanifest.xml")
        .sort(),
    );
    expect(listed).toEqual(expect.arrayContaining(["index.html", "embed.js", "embed-scorm.js", "embed-en.js"]));
    const launch = strFromU8(files["index.html"] ?? new Uint8Array());
    expect(launch).toContain('http-equiv="Content-Security-Policy"');
    expect(launch).toMatch(/<div id="alf-embed"[^>]* data-scorm=""/);
    // The Chinese package too.
    const zh = built("agent-loop-figure-f22-zh.zip");
    expect(strFromU8(zh["index.html"] ?? new Uint8Array())).toContain('data-lang="zh"');
  });

  test("a first launch: initialize once, incomplete, the location per step, answers saved, passed with its score, commit, finish", async ({
    page,
  }) => {
    const files = built("agent-loop-figure-f22-en.zip");
    const at = await lms(page, files);
    await page.goto(launch(at, files));
    const frame = page.frameLocator("#sco");
    const figure = figureIn(frame);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    const first = await calls(page);
    expect(first.filter((c) => c.method === "LMSInitialize")).toEqual([
      { method: "LMSInitialize", args: [""], result: "true" },
    ]);
    expect(await sets(page, "cmi.core.lesson_status")).toEqual(["incomplete"]);
    // Checkpoints are always asked in a package: two right, one wrong.
    await answerF22(page, figure);
    await expect(counterIn(frame)).toHaveText("8 / 8");
    // The package is its lesson: F22's links onward to other built-ins are not offered in it.
    await expect(figure.locator(".alf-go-on")).toHaveCount(1);
    await expect(figure.locator(".alf-go-on")).toBeHidden();
    await expect.poll(() => sets(page, "cmi.core.lesson_status")).toEqual(["incomplete", "passed"]);
    expect(await sets(page, "cmi.core.lesson_location")).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    const saved = await sets(page, "cmi.suspend_data");
    expect(saved).toHaveLength(3);
    expect(JSON.parse(saved.at(-1) ?? "")).toEqual({
      v: 1,
      f: 7,
      a: [
        [0, 2],
        [1, 2],
        [2, 1],
      ],
    });
    expect(await sets(page, "cmi.core.score.raw")).toEqual(["67"]);
    expect(await sets(page, "cmi.core.score.min")).toEqual(["0"]);
    expect(await sets(page, "cmi.core.score.max")).toEqual(["100"]);
    const before = await calls(page);
    const passedAt = before.findIndex((c) => c.method === "LMSSetValue" && c.args[1] === "passed");
    expect(before.slice(passedAt).some((c) => c.method === "LMSCommit")).toBe(true);
    expect(before.filter((c) => c.method === "LMSSetValue").every((c) => c.result === "true")).toBe(true);
    // The LMS navigates the frame away: finish, once.
    await page.evaluate(() => {
      (document.getElementById("sco") as HTMLIFrameElement).src = "about:blank";
    });
    await expect
      .poll(async () => (await calls(page)).filter((c) => c.method === "LMSFinish"))
      .toEqual([{ method: "LMSFinish", args: [""], result: "true" }]);
    expect(await sets(page, "cmi.core.exit")).toEqual([""]);
    // The time spent, as SCORM 1.2's CMITimespan, so the LMS's total time and reports are not 00:00:00.
    const time = await sets(page, "cmi.core.session_time");
    expect(time).toHaveLength(1);
    expect(time[0]).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
    expect(time[0]).not.toBe("0000:00:00.00");
  });

  test("in a 720 px-high LMS frame: Next and what each step changed (or its question) are in view at every step", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const files = built("agent-loop-figure-f22-en.zip");
    const at = await lms(page, files);
    await page.goto(`${launch(at, files)}&height=720`);
    const frame = page.frameLocator("#sco");
    const figure = figureIn(frame);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    // The learner scrolls the LMS's page to the activity: its frame fills the window.
    await page.locator("#sco").evaluate((element) => element.scrollIntoView({ block: "start" }));
    const next = figure.getByRole("button", { name: /^(Next|Skip this question)$/ });
    const misses: string[] = [];
    for (let step = 1; step <= 8; step += 1) {
      await expect(counterIn(frame)).toHaveText(`${step} / 8`);
      // The package asks F22's questions: the first is what step 3's box holds.
      if (step === 3)
        await expect(
          figure
            .getByRole("group", { name: "What this step changed" })
            .getByRole("group", { name: /What happens next\?$/ }),
        ).toBeVisible();
      const [change, button] = await Promise.all([
        figure.locator("section.alf-change").boundingBox(),
        next.boundingBox(),
      ]);
      for (const [name, box] of [
        ["the change's box", change],
        ["Next", button],
      ] as const)
        if (box === null || box.y < 0 || box.y + box.height > 720)
          misses.push(`step ${step}: ${name} at ${JSON.stringify(box)}`);
      if (step < 8) await next.click();
    }
    expect(misses).toEqual([]);
  });

  test("a resumed launch opens at the saved step with its answers, never marks incomplete again, and fails below mastery", async ({
    page,
  }) => {
    const files = built("agent-loop-figure-f22-en.zip");
    const at = await lms(page, files);
    await page.goto(
      launch(at, files, {
        core: { entry: "resume", lesson_status: "incomplete", lesson_location: "5" },
        suspend_data: JSON.stringify({ v: 1, f: 5, a: [[0, 0]] }),
      }),
    );
    const frame = page.frameLocator("#sco");
    await expect(counterIn(frame)).toHaveText("5 / 8");
    await figureIn(frame).focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    // The first answer, as saved: the wrong one.
    await expect(figureIn(frame).getByRole("group", { name: /What happens next\?$/ })).toContainText("✗ Not quite.");
    // No step 1 written before the saved one: the first location set is the learner's own step back.
    expect(await sets(page, "cmi.core.lesson_location")).toEqual(["4", "3"]);
    // A step change is committed by itself, a moment later (a crashed browser resumes at the last step).
    await expect
      .poll(async () => {
        const made = await calls(page);
        const lastStep = made
          .map((c) => c.method === "LMSSetValue" && c.args[0] === "cmi.core.lesson_location")
          .lastIndexOf(true);
        return made.slice(lastStep).some((c) => c.method === "LMSCommit");
      })
      .toBe(true);
    await page.keyboard.press("End");
    await expect(counterIn(frame)).toHaveText("8 / 8");
    // 0 of 3 right: below the mastery score.
    await expect.poll(() => sets(page, "cmi.core.lesson_status")).toEqual(["failed"]);
    expect(await sets(page, "cmi.core.score.raw")).toEqual(["0"]);
  });

  test("the learner's id (cmi.core.student_id) is who the options are shuffled for: the same learner, the same order at every launch", async ({
    page,
  }) => {
    const files = built("agent-loop-figure-f22-en.zip");
    const at = await lms(page, files);
    const f22 = JSON.parse(readFileSync(resolve(root, "src/scenarios/01-f22.json"), "utf8")) as {
      story: { en: { checkpoints: { options: { text: string; correct?: true }[] }[] } };
    };
    const options = f22.story.en.checkpoints[0]?.options ?? [];
    const orderFor = (learner: string) =>
      optionOrder(`scorm:${learner}`, checkpointKey("f22", 0), options.length).map((i) => options[i]?.text);
    expect(orderFor("2042")).not.toEqual(orderFor("2043"));
    const frame = page.frameLocator("#sco");
    const question = figureIn(frame).getByRole("group", { name: /What happens next\?$/ });
    const shownTo = async (learner: string, record: Record<string, unknown> = {}) => {
      await page.goto(launch(at, files, { ...record, core: { student_id: learner, ...(record.core ?? {}) } }));
      await expect(counterIn(frame)).not.toHaveText("");
      await figureIn(frame).focus();
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(counterIn(frame)).toHaveText("3 / 8");
      return (await question.getByRole("button").allTextContents()).map((text) =>
        text.replace(/^[✓✗] /, "").replace(/ ?\([^)]*\)$/, ""),
      );
    };
    expect(await shownTo("2042")).toEqual(orderFor("2042"));
    // The right option, wherever it is shown, is saved as itself: option 3 of the file.
    await question.getByRole("button", { name: /^The host checks the call first/ }).click();
    await expect(question).toContainText("✓ Right.");
    await expect.poll(() => sets(page, "cmi.suspend_data")).toEqual([JSON.stringify({ v: 1, f: 3, a: [[0, 2]] })]);
    // Another learner, another order.
    expect(await shownTo("2043")).toEqual(orderFor("2043"));
    // The first learner again (another launch, another device): the same order, their answer still the right one.
    const again = await shownTo("2042", {
      core: { entry: "resume", lesson_status: "incomplete", lesson_location: "3" },
      suspend_data: JSON.stringify({ v: 1, f: 3, a: [[0, 2]] }),
    });
    expect(again).toEqual(orderFor("2042"));
    await expect(question).toContainText("✓ Right.");
  });

  test("a launch after a final status sets no status again; and without an LMS the package is a plain figure", async ({
    page,
  }) => {
    const files = built("agent-loop-figure-f22-zh.zip");
    const at = await lms(page, files);
    await page.goto(launch(at, files, { core: { entry: "resume", lesson_status: "passed", lesson_location: "8" } }));
    const frame = page.frameLocator("#sco");
    await expect(counterIn(frame)).toHaveText("8 / 8");
    await page.waitForTimeout(300);
    expect(await sets(page, "cmi.core.lesson_status")).toEqual([]);
    expect(await sets(page, "cmi.core.score.raw")).toEqual([]);
    // The launch page alone: no API anywhere, no errors, checkpoints still asked.
    await page.goto(`${at}/pkg/index.html?step=3`);
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]").first()).toHaveText("3 / 8");
    await expect(page.getByRole("group", { name: /接下来会发生什么？$/ })).toBeVisible();
  });

  test("an author's lesson (--figure, with a checkpoint), behind the LMS's login: launched, shown, asked, graded, resumed, passed", async ({
    page,
  }) => {
    const files = made("booking.zip", "--figure", "examples/figures/booking.json", "--lang", "en");
    const at = await lms(page, files);
    expect(masteryOf(files)).toBe("60");
    expect(Object.keys(files)).not.toContain("figure.json");
    await page.goto(launch(at, files));
    const frame = page.frameLocator("#sco");
    const figure = figureIn(frame);
    await expect(figure).toHaveAccessibleName(/A check of room A is no check of room B/);
    await expect(counterIn(frame)).toHaveText("1 / 19");
    // The harness keeps Moodle's rule: a package file asked for without the learner's cookie is the login page.
    const sco = page.frame({ url: /\/pkg\/index\.html/ });
    expect(
      await sco?.evaluate(() =>
        fetch("index.html", { credentials: "omit" }).then((response) => ({ url: response.url, ok: response.ok })),
      ),
    ).toEqual({ url: `${at}/login/index.php`, ok: true });
    expect(await sets(page, "cmi.core.lesson_status")).toEqual(["incomplete"]);
    await figure.focus();
    for (let step = 1; step < 7; step += 1) await page.keyboard.press("ArrowRight");
    await figure.getByRole("button", { name: /^Refuses: no check of room B/ }).click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("9 / 19");
    await expect.poll(() => sets(page, "cmi.suspend_data")).toEqual([JSON.stringify({ v: 1, f: 7, a: [[0, 1]] })]);
    // The step is committed a second later; then the learner leaves.
    await expect
      .poll(async () => {
        const made = await calls(page);
        const at = made.map((c) => c.method === "LMSSetValue" && c.args[1] === "9").lastIndexOf(true);
        return at >= 0 && made.slice(at).some((c) => c.method === "LMSCommit");
      })
      .toBe(true);
    await page.evaluate(() => {
      (document.getElementById("sco") as HTMLIFrameElement).src = "about:blank";
    });
    await expect.poll(async () => (await calls(page)).filter((c) => c.method === "LMSFinish")).toHaveLength(1);
    expect(await sets(page, "cmi.core.exit")).toEqual(["suspend"]);

    // The next visit: the LMS hands back what it kept, as Moodle does for a suspended attempt.
    const kept = {
      core: { entry: "resume", lesson_status: "incomplete", lesson_location: "9" },
      suspend_data: (await sets(page, "cmi.suspend_data")).at(-1),
    };
    await page.goto(launch(at, files, kept));
    await expect(counterIn(frame)).toHaveText("9 / 19");
    await figure.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(figure.getByRole("group", { name: /What does the host do\?$/ })).toContainText("✓ Right.");
    await page.keyboard.press("End");
    await expect(counterIn(frame)).toHaveText("19 / 19");
    await expect.poll(() => sets(page, "cmi.core.lesson_status")).toEqual(["passed"]);
    expect(await sets(page, "cmi.core.score.raw")).toEqual(["100"]);
  });

  test("the same lesson, a first attempt answered wrong: failed, with its score", async ({ page }) => {
    const files = made("booking-zh.zip", "--figure", "examples/figures/booking.json");
    const at = await lms(page, files);
    await page.goto(launch(at, files));
    const frame = page.frameLocator("#sco");
    const figure = figureIn(frame);
    await expect(counterIn(frame)).toHaveText("1 / 19");
    await figure.focus();
    for (let step = 1; step < 7; step += 1) await page.keyboard.press("ArrowRight");
    await figure.getByRole("button", { name: /^订下 B 会议室/ }).click();
    await page.keyboard.press("End");
    await expect.poll(() => sets(page, "cmi.core.lesson_status")).toEqual(["incomplete", "failed"]);
    expect(await sets(page, "cmi.core.score.raw")).toEqual(["0"]);
  });

  test("--mastery 80: the manifest says 80, the LMS hands it to the SCO, and two answers right of three fail", async ({
    page,
  }) => {
    const files = made("f22-80.zip", "--scenario", "f22", "--lang", "en", "--mastery", "80");
    const at = await lms(page, files);
    expect(manifestOf(files)).toContain("<adlcp:masteryscore>80</adlcp:masteryscore>");
    await page.goto(launch(at, files));
    const frame = page.frameLocator("#sco");
    const figure = figureIn(frame);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    expect(
      await page.evaluate(() =>
        (window as unknown as { API: { LMSGetValue(e: string): string } }).API.LMSGetValue(
          "cmi.student_data.mastery_score",
        ),
      ),
    ).toBe("80");
    await answerF22(page, figure);
    await expect(counterIn(frame)).toHaveText("8 / 8");
    // 67 passes the default 60 (the first launch above); against 80 it fails.
    await expect.poll(() => sets(page, "cmi.core.lesson_status")).toEqual(["incomplete", "failed"]);
    expect(await sets(page, "cmi.core.score.raw")).toEqual(["67"]);
  });

  test("a lesson whose figure cannot be shown says so and leaves no attempt behind", async ({ page, problems }) => {
    const files = made("booking-en.zip", "--figure", "examples/figures/booking.json", "--lang", "en");
    const at = await lms(page, files, ["embed-figure.js"]);
    await page.goto(launch(at, files));
    const box = page.frameLocator("#sco").locator(".alf-problems");
    await expect(box.getByRole("alert")).toContainText(
      "This lesson's figure could not be loaded from the course site.",
    );
    // Why, by cause: asked again, the LMS answers 404 (a script's own error says nothing of it).
    await expect(box).toContainText(`For the author: ${at}/pkg/embed-figure.js answered HTTP 404 (no file there).`);
    // No figure stands in for the lesson, and the LMS never heard of the launch.
    await expect(page.frameLocator("#sco").locator(".alf-counter")).toHaveCount(0);
    await page.waitForTimeout(300);
    expect((await calls(page)).filter((c) => c.method === "LMSInitialize")).toEqual([]);
    expect(problems.splice(0)).toEqual([
      "Failed to load resource: the server responded with a status of 404 (Not Found)",
      "Failed to load resource: the server responded with a status of 404 (Not Found)",
      "agent-loop-figure: could not load embed-figure.js",
    ]);
  });
});
