import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FrameLocator, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "./fixtures";

// The SCORM 1.2 packages `npm run build` writes, run by a real SCORM runtime (scorm-again's Scorm12API) in a
// harness page that frames the launch page, as an LMS does: every API call is recorded.
const root = resolve(import.meta.dirname, "../..");
const LMS = "http://lms.test";
const runtime = readFileSync(resolve(root, "node_modules/scorm-again/dist/scorm12.min.js"), "utf8");

type Call = { method: string; args: string[]; result: string };

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
<body><h1>A course in an LMS</h1><iframe id="sco" title="The activity" src="/pkg/index.html" style="width:100%;height:1400px;border:0"></iframe></body></html>`;

/** Serve the harness, the runtime and the package's files (unzipped) on one origin, as an LMS serves them. */
async function lms(page: Page, zip: string) {
  const files = unzipSync(new Uint8Array(readFileSync(resolve(root, "dist/scorm", zip))));
  await page.route(`${LMS}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/harness.html") return route.fulfill({ contentType: "text/html", body: HARNESS });
    if (path === "/vendor/scorm12.min.js") return route.fulfill({ contentType: "text/javascript", body: runtime });
    const file = files[path.replace(/^\/pkg\//, "")];
    if (!path.startsWith("/pkg/") || file === undefined) return route.fulfill({ status: 404, body: "" });
    const type = path.endsWith(".html")
      ? "text/html"
      : path.endsWith(".css")
        ? "text/css"
        : path.endsWith(".json")
          ? "application/json"
          : "text/javascript";
    return route.fulfill({ contentType: `${type}; charset=utf-8`, body: Buffer.from(file) });
  });
  return files;
}
const calls = (page: Page) => page.evaluate(() => (window as unknown as { calls: Call[] }).calls);
const sets = async (page: Page, element: string) =>
  (await calls(page)).filter((c) => c.method === "LMSSetValue" && c.args[0] === element).map((c) => c.args[1]);
const figureIn = (frame: FrameLocator) => frame.locator(".alf-root > .alf-figure").first();
const counterIn = (frame: FrameLocator) => figureIn(frame).locator(".alf-counter > [aria-hidden]");

test.describe("the SCORM 1.2 package", () => {
  test("the manifest: at the root, one SCO whose href is the launch page, a mastery score, every file listed", async ({
    page,
  }) => {
    const files = await lms(page, "agent-loop-figure-f22-en.zip");
    const manifest = strFromU8(files["imsmanifest.xml"] ?? new Uint8Array());
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
    const zh = unzipSync(new Uint8Array(readFileSync(resolve(root, "dist/scorm/agent-loop-figure-f22-zh.zip"))));
    expect(strFromU8(zh["index.html"] ?? new Uint8Array())).toContain('data-lang="zh"');
  });

  test("a first launch: initialize once, incomplete, the location per step, answers saved, passed with its score, commit, finish", async ({
    page,
  }) => {
    await lms(page, "agent-loop-figure-f22-en.zip");
    await page.goto(`${LMS}/harness.html`);
    const frame = page.frameLocator("#sco");
    const figure = figureIn(frame);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    const first = await calls(page);
    expect(first.filter((c) => c.method === "LMSInitialize")).toEqual([
      { method: "LMSInitialize", args: [""], result: "true" },
    ]);
    expect(await sets(page, "cmi.core.lesson_status")).toEqual(["incomplete"]);
    // Checkpoints are always asked in a package: two right, one wrong.
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await figure.getByRole("button", { name: /^The host checks the call first/ }).click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await figure.getByRole("button", { name: /^Yes: the tool ran/ }).click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await figure.getByRole("button", { name: /^Not until the host checks the environment/ }).click();
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("8 / 8");
    await expect.poll(() => sets(page, "cmi.core.lesson_status")).toEqual(["incomplete", "passed"]);
    expect(await sets(page, "cmi.core.lesson_location")).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    const saved = await sets(page, "cmi.suspend_data");
    expect(saved).toHaveLength(3);
    expect(JSON.parse(saved.at(-1) ?? "")).toEqual({
      v: 1,
      f: 7,
      a: [
        [0, 1],
        [1, 0],
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

  test("a resumed launch opens at the saved step with its answers, never marks incomplete again, and fails below mastery", async ({
    page,
  }) => {
    await lms(page, "agent-loop-figure-f22-en.zip");
    const cmi = {
      core: { entry: "resume", lesson_status: "incomplete", lesson_location: "5" },
      suspend_data: JSON.stringify({ v: 1, f: 5, a: [[0, 0]] }),
    };
    await page.goto(`${LMS}/harness.html?cmi=${encodeURIComponent(JSON.stringify(cmi))}`);
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

  test("a launch after a final status sets no status again; and without an LMS the package is a plain figure", async ({
    page,
  }) => {
    await lms(page, "agent-loop-figure-f22-zh.zip");
    const cmi = { core: { entry: "resume", lesson_status: "passed", lesson_location: "8" } };
    await page.goto(`${LMS}/harness.html?cmi=${encodeURIComponent(JSON.stringify(cmi))}`);
    const frame = page.frameLocator("#sco");
    await expect(counterIn(frame)).toHaveText("8 / 8");
    await page.waitForTimeout(300);
    expect(await sets(page, "cmi.core.lesson_status")).toEqual([]);
    expect(await sets(page, "cmi.core.score.raw")).toEqual([]);
    // The launch page alone: no API anywhere, no errors, checkpoints still asked.
    await page.goto(`${LMS}/pkg/index.html?step=3`);
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]").first()).toHaveText("3 / 8");
    await expect(page.getByRole("group", { name: /接下来会发生什么？$/ })).toBeVisible();
  });
});
