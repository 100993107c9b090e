import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, FrameLocator, Locator, Page } from "@playwright/test";
import { checkpointKey, optionOrder, READER_STORAGE_KEY } from "../../src/course/reader";
import { expect, test, untilHydrated } from "./fixtures";

// Checkpoints (predict, then reveal) and the course's events: a reader's walk through F22 by keyboard and by
// pointer, in a course page on another origin that frames embed.html and logs every message it receives.
const FIGURE = "http://127.0.0.1:4173";
const COURSE = "http://127.0.0.1:4174";

type Message = { origin: string; data: { type: string } & Record<string, unknown> };
const messages = (page: Page) => page.evaluate(() => (window as unknown as { events: Message[] }).events);
const named = async (page: Page, name: string) =>
  (await messages(page)).map((m) => m.data).filter((d) => d.type === `agent-loop-figure:${name}`);

async function openCourse(page: Page, figureUrl: string, extra = "") {
  await page.goto(`${COURSE}/hosts/iframe.html?figure=${encodeURIComponent(figureUrl)}${extra}`);
  await expect.poll(async () => (await named(page, "ready")).length).toBe(1);
  return page.frameLocator("#figure");
}
const figureIn = (frame: FrameLocator) => frame.locator(".alf-root > .alf-figure").first();
const counterIn = (frame: FrameLocator) => figureIn(frame).locator(".alf-counter > [aria-hidden]");

test.describe("predict, then see", () => {
  test("Play stops at a question not yet answered, and the step's caption waits for the answer", async ({ page }) => {
    await page.goto("./embed-en.html?checkpoints=1&dwell=1");
    const figure = page.locator(".alf-root > .alf-figure").first();
    const caption = figure.locator(".alf-step > .alf-step-caption");
    await figure.getByRole("button", { name: "Play" }).click();
    // Step 3 asks what happens after the model's proposal: playback waits there, and so does the caption.
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8", { timeout: 10_000 });
    await expect(figure.getByRole("button", { name: "Play" })).toBeVisible();
    await page.waitForTimeout(1200);
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
    await expect(caption).toHaveText("What this step means comes after your answer: first predict what happens next.");
    const asked = figure.getByRole("group", { name: /What happens next\?$/ });
    await asked.getByRole("button", { name: /^The host checks the call first/ }).click();
    await expect(caption).toContainText("call_1");
    await expect(caption).not.toContainText("first predict");
    // Play again: on to the next question, which waits in turn.
    await figure.getByRole("button", { name: "Play" }).click();
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("5 / 8", { timeout: 10_000 });
    await expect(caption).toHaveText(/first predict what happens next/);
  });
});

test.describe("checkpoints in the embed", () => {
  test("by keyboard: a right answer, a wrong one, one skipped; the verdict said once; completed once with the score", async ({
    page,
  }) => {
    const frame = await openCourse(page, `${FIGURE}/embed-en.html?checkpoints=1`);
    const figure = figureIn(frame);
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("3 / 8");
    const first = figure.getByRole("group", { name: "The model has proposed read_file (call_1). What happens next?" });
    await expect(first).toBeVisible();
    await expect(first.getByRole("button")).toHaveCount(4);
    // Tab reaches the options; Enter chooses.
    const right = first.getByRole("button", { name: /^The host checks the call first/ });
    await right.focus();
    await page.keyboard.press("Enter");
    await expect(first).toContainText("✓ Right. The model only proposes.");
    await expect(right).toHaveAccessibleName(/\(your choice, the right answer\)$/);
    const live = figure.locator("[aria-live]");
    await expect(live).toHaveText(/^Right\. The model only proposes\./);
    // A second choice changes nothing (a settled option says so: aria-disabled); the keys still step the figure
    // from a settled option.
    await first.getByRole("button", { name: /^read_file runs at once/ }).click({ force: true });
    await expect(first).toContainText("✓ Right.");
    await right.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("5 / 8");
    await expect(live).toHaveText(/^Step 5 of 8/);
    // Wrong, by keyboard.
    const second = figure.getByRole("group", { name: /Does the model know the value now\?$/ });
    await second.getByRole("button", { name: /^Yes: the tool ran/ }).focus();
    await page.keyboard.press("Space");
    await expect(second).toContainText("✗ Not quite. A result reaches the model only through its context");
    await expect(live).toHaveText(/^Not quite\./);
    // Skip the third: step past it, then come back: it stays skipped, its answer shown.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("7 / 8");
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("8 / 8");
    await page.keyboard.press("ArrowLeft");
    const third = figure.getByRole("group", { name: /Is the task done\?$/ });
    await expect(third).toContainText("Skipped: you stepped on before choosing.");
    await third.getByRole("button", { name: /^Yes: a reply without a tool call/ }).click({ force: true });
    await expect(third).toContainText("Skipped");
    // completed exactly once, with the score; the progress events as documented.
    await expect.poll(async () => (await named(page, "completed")).length).toBe(1);
    expect(await named(page, "completed")).toEqual([
      { type: "agent-loop-figure:completed", version: 1, score: 33, answered: 2, correct: 1, checkpoints: 3 },
    ]);
    const progress = await named(page, "progress");
    expect(progress[0]).toEqual({
      type: "agent-loop-figure:progress",
      version: 1,
      step: 1,
      total: 8,
      visited: 1,
      answered: 0,
      correct: 0,
    });
    expect(progress.at(-1)).toEqual({
      type: "agent-loop-figure:progress",
      version: 1,
      step: 7,
      total: 8,
      visited: 8,
      answered: 2,
      correct: 1,
    });
    // xAPI: a step experienced once each, two answers, one completion.
    const statements = (await named(page, "xapi")).map(
      (m) => m.statement as { verb: { id: string }; result?: unknown },
    );
    const verbs = statements.map((s) => s.verb.id.split("/").at(-1));
    expect(verbs.filter((v) => v === "experienced")).toHaveLength(8);
    // Each response names the option itself (its place in the file), not the place this reader was shown it.
    expect(statements.filter((s) => s.verb.id.endsWith("/answered")).map((s) => s.result)).toEqual([
      { success: true, response: "option-3" },
      { success: false, response: "option-3" },
    ]);
    expect(statements.filter((s) => s.verb.id.endsWith("/completed")).map((s) => s.result)).toEqual([
      { completion: true, score: { scaled: 0.33, raw: 33, min: 0, max: 100 } },
    ]);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    // A reload (a resumed session in the same tab) does not say completed again.
    await page.reload();
    await expect.poll(async () => (await named(page, "ready")).length).toBe(1);
    await figureIn(frame).focus();
    await page.keyboard.press("End");
    await expect(counterIn(frame)).toHaveText("8 / 8");
    await expect.poll(async () => (await named(page, "progress")).at(-1)).toMatchObject({ step: 8, visited: 2 });
    await page.waitForTimeout(300);
    expect(await named(page, "completed")).toEqual([]);
  });

  test("by pointer, in Chinese (right, wrong, skipped); where storage is refused (a sandboxed frame) it works on and completes once", async ({
    page,
  }) => {
    const frame = await openCourse(page, `${FIGURE}/embed.html?checkpoints=1&step=3`, "&sandbox");
    const figure = figureIn(frame);
    await expect(counterIn(frame)).toHaveText("3 / 8");
    const first = figure.getByRole("group", { name: "模型提出了 read_file（call_1）。接下来会发生什么？" });
    await first.getByRole("button", { name: /^宿主先检查这个调用/ }).click();
    await expect(first).toContainText("✓ 答对了。模型只提出调用。");
    await figure.getByRole("button", { name: "下一步" }).click();
    await figure.getByRole("button", { name: "下一步" }).click();
    const second = figure.getByRole("group", { name: /模型现在知道这个值了吗？$/ });
    await second.getByRole("button", { name: /^知道：结果带着 call_1/ }).click();
    await expect(second).toContainText("✗ 不对。结果只能经由上下文到达模型");
    await expect(second.getByRole("button", { name: /^不知道/ })).toHaveAccessibleName(/（正确答案）$/);
    // The third, skipped: Next past it, then Next to the end.
    await figure.getByRole("button", { name: "下一步" }).click();
    await figure.getByRole("button", { name: "下一步" }).click();
    await expect(figure.getByRole("group", { name: /任务完成了吗？$/ })).toContainText("选一个答案");
    // While the question waits, Next says that it skips it.
    await figure.getByRole("button", { name: "跳过这道题" }).click();
    await expect(counterIn(frame)).toHaveText("8 / 8");
    await expect.poll(async () => (await named(page, "completed")).length).toBe(1);
    expect((await named(page, "completed"))[0]).toMatchObject({ score: 33, answered: 2, correct: 1, checkpoints: 3 });
    // The sandboxed frame's messages come from an opaque origin.
    expect((await messages(page)).find((m) => m.data.type === "agent-loop-figure:completed")?.origin).toBe("null");
    // (axe reads no stylesheets here: an opaque origin cannot fetch them.)
    const results = await new AxeBuilder({ page }).options({ preload: false }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("a figure file's own checkpoints, asked in its language", async ({ page }) => {
    const frame = await openCourse(page, `${FIGURE}/embed-en.html?figure=figures/weather.json&checkpoints=1&step=3`);
    const question = figureIn(frame).getByRole("group", { name: /What does the host do with them\?$/ });
    await question.getByRole("button", { name: /^Checks each call on its own/ }).click();
    await expect(question).toContainText("✓ Right. Steps 4 to 7");
  });

  test("without checkpoints=1 no question is asked, and reaching the last step completes with score 100", async ({
    page,
  }) => {
    const frame = await openCourse(page, `${FIGURE}/embed-en.html?scenario=scope-violation`);
    await figureIn(frame).focus();
    await page.keyboard.press("End");
    await expect(counterIn(frame)).toHaveText("7 / 7");
    await expect(figureIn(frame).getByRole("group", { name: /\?$/ })).toHaveCount(0);
    await expect.poll(async () => (await named(page, "completed")).length).toBe(1);
    expect((await named(page, "completed"))[0]).toMatchObject({ score: 100, answered: 0, correct: 0, checkpoints: 0 });
  });
});

test('the web component asks with checkpoints="1" and fires progress, completed and statement', async ({ page }) => {
  await page.route(`${COURSE}/hosts/checkpoints.html`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkpoints in the web component</title>
<script>window.events = []; for (const type of ["progress", "completed", "statement"]) document.addEventListener(type, (e) => window.events.push({ type, detail: e.detail }));</script>
<script type="module" src="/agent-loop-figure.js"></script></head>
<body><h1>A lesson with questions</h1><agent-loop-figure lang="en" scenario="missing-feedback" checkpoints="1"></agent-loop-figure></body></html>`,
    }),
  );
  await page.goto(`${COURSE}/hosts/checkpoints.html`);
  const figure = page.locator("agent-loop-figure").locator(".alf-figure").first();
  await figure.locator(".alf-step > .alf-step-title").click();
  for (let n = 1; n < 5; n += 1) await page.keyboard.press("ArrowRight");
  const question = figure.getByRole("group", { name: /What will this host put into the context for model call 2\?$/ });
  await question.getByRole("button", { name: /^Nothing new/ }).click();
  await expect(question).toContainText("✓ Right.");
  await figure.focus();
  await page.keyboard.press("End");
  const events = () =>
    page.evaluate(() => (window as unknown as { events: { type: string; detail: Record<string, unknown> }[] }).events);
  await expect.poll(async () => (await events()).filter((e) => e.type === "completed").length).toBe(1);
  const all = await events();
  expect(all.find((e) => e.type === "completed")?.detail).toEqual({
    score: 50,
    answered: 1,
    correct: 1,
    checkpoints: 2,
  });
  expect(all.filter((e) => e.type === "progress").at(-1)?.detail).toEqual({
    step: 14,
    total: 14,
    visited: 6,
    answered: 1,
    correct: 1,
  });
  const answered = all.find(
    (e) => e.type === "statement" && String((e.detail.verb as { id: string }).id).endsWith("answered"),
  );
  expect(answered?.detail.object).toMatchObject({
    objectType: "Activity",
    id: `${COURSE}/hosts/agent-loop-figure/missing-feedback/checkpoint/1`,
  });
});

test("the chapter page asks the checkpoints when the reader switches them on, and its link keeps them", async ({
  page,
}) => {
  await page.goto("/?lang=en&scenario=unauthorized-tool");
  const figure = page.getByRole("region", { name: /unauthorized tool/i }).first();
  await untilHydrated(figure);
  await figure.locator(".alf-step > .alf-step-title").click();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(figure.getByRole("group", { name: /\?$/ })).toHaveCount(0);
  await page.getByLabel("Ask me to predict what happens next at key steps").check();
  const asked = figure.getByRole("group", { name: /Will the host run it\?$/ });
  await asked.getByRole("button", { name: /^No: this run's policy does not allow publish/ }).click();
  await expect(asked).toContainText("✓ Right. Step 4: declared is not allowed.");
  await expect.poll(() => new URL(page.url()).searchParams.get("checkpoints")).toBe("1");
  await page.goto("/?lang=zh&checkpoints=1&step=3");
  await expect(page.getByLabel("在关键步骤先让我预测接下来会发生什么")).toBeChecked();
  await expect(page.getByRole("group", { name: /接下来会发生什么？$/ })).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toContain("checkpoints=1");
});

test("the chapter page loads F22's checkpoints only when they are switched on", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  const checkpointChunks = () => loaded.filter((path) => /\/f22\.zh\.checkpoints-[\w-]+\.js$/.test(path));
  await page.goto("/#step-3");
  const figure = page.locator(".alf-root > .alf-figure").first();
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  await page.waitForLoadState("networkidle");
  expect(checkpointChunks()).toEqual([]);
  await expect(figure.getByRole("group", { name: /？$/ })).toHaveCount(0);
  await page.getByLabel("在关键步骤先让我预测接下来会发生什么").check();
  // Step 3's question, asked at once where the reader is.
  await expect(figure.getByRole("group", { name: /接下来会发生什么？$/ })).toBeVisible();
  expect(checkpointChunks()).toHaveLength(1);
});

// Each reader's own order (issue 54): the options of F22's checkpoints, as the file has them, and as a reader with
// a given seed is shown them.
const F22_EN = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../src/scenarios/01-f22.json"), "utf8")) as {
  story: { en: { checkpoints: { question: string; options: { text: string; correct?: true }[] }[] } };
};
const F22_QUESTIONS = F22_EN.story.en.checkpoints;
const orderFor = (reader: string) =>
  F22_QUESTIONS.map((c, key) =>
    optionOrder(reader, checkpointKey("f22", key), c.options.length).map((i) => c.options[i]?.text),
  );
/** The options of the question asked in `scope`, as shown, in order (before any is chosen), once it is there. */
async function shownIn(scope: Locator): Promise<string[]> {
  const options = scope.getByRole("group", { name: /\?$/ }).getByRole("button");
  await expect(options.first()).toBeVisible();
  return options.allTextContents();
}
/** Each of F22's three questions as `page` shows them, walking from step 1 by keyboard. */
async function walkF22(page: Page): Promise<string[][]> {
  const figure = page.locator(".alf-root > .alf-figure").first();
  await untilHydrated(figure);
  await figure.focus();
  const shown: string[][] = [];
  for (const step of ["3 / 8", "5 / 8", "7 / 8"]) {
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText(step);
    shown.push(await shownIn(figure));
  }
  return shown;
}
/** A new browser profile whose kept reader seed is `seed` (as a returning reader's is), or none yet. */
async function readerPage(browser: Browser, seed: string | null): Promise<Page> {
  const context = await browser.newContext();
  if (seed !== null)
    await context.addInitScript(
      ([key, value]) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      },
      [READER_STORAGE_KEY, seed] as const,
    );
  return context.newPage();
}

test.describe("each reader's own order of the options", () => {
  test("two readers see different orders; each sees the same one after a reload, in presenter mode too, graded by the option", async ({
    browser,
  }) => {
    // Two returning readers, each with the seed their browser kept.
    const [ana, ben] = [await readerPage(browser, "reader-a"), await readerPage(browser, "reader-c")];
    expect(orderFor("reader-a")).not.toEqual(orderFor("reader-c"));
    await ana.goto("./embed-en.html?checkpoints=1");
    await ben.goto("./embed-en.html?checkpoints=1");
    const anaSees = await walkF22(ana);
    expect(anaSees).toEqual(orderFor("reader-a"));
    expect(await walkF22(ben)).toEqual(orderFor("reader-c"));
    // The same reader, the same order after a reload.
    await ana.reload();
    expect(await walkF22(ana)).toEqual(anaSees);
    expect(await ana.evaluate((key) => window.localStorage.getItem(key), READER_STORAGE_KEY)).toBe("reader-a");
    // Once more (those were stepped past, so skipped): presenter mode shows the first question in the same order as
    // the figure inline.
    await ana.reload();
    const figure = ana.locator(".alf-root > .alf-figure").first();
    await untilHydrated(figure);
    await figure.focus();
    await ana.keyboard.press("ArrowRight");
    await ana.keyboard.press("ArrowRight");
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
    expect(await shownIn(figure)).toEqual(anaSees[0]);
    await figure.getByRole("button", { name: "Present" }).click();
    // (The dialog's code loads when it is first opened.)
    const dialog = ana.getByRole("dialog", { name: /presenter mode/ });
    expect(await shownIn(dialog)).toEqual(anaSees[0]);
    // Graded by the option: the right one, wherever this reader sees it, is right; the tab order is the shown one.
    const group = dialog.getByRole("group", { name: /What happens next\?$/ });
    const right = F22_QUESTIONS[0]?.options.find((o) => o.correct)?.text ?? "";
    const place = anaSees[0]?.indexOf(right) ?? -1;
    expect(place).toBeGreaterThanOrEqual(0);
    await group.getByRole("button").first().focus();
    for (let i = 0; i < place; i += 1) await ana.keyboard.press("Tab");
    await expect(group.getByRole("button", { name: right })).toBeFocused();
    await ana.keyboard.press("Enter");
    await expect(group).toContainText("✓ Right. The model only proposes.");
    await expect(dialog.locator("[aria-live]")).toHaveText(/^Right\. The model only proposes\./);
    await ana.keyboard.press("Escape");
    await expect(
      figure.getByRole("group", { name: /What happens next\?$/ }).getByRole("button", { name: right }),
    ).toHaveAccessibleName(/\(your choice, the right answer\)$/);
    await Promise.all([ana.context().close(), ben.context().close()]);
  });

  test("a first-time reader gets a seed of their own, kept for the next visit; a course may name its reader", async ({
    page,
  }) => {
    await page.goto("./embed-en.html?checkpoints=1");
    const first = await walkF22(page);
    const seed = await page.evaluate((key) => window.localStorage.getItem(key), READER_STORAGE_KEY);
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(first).toEqual(orderFor(seed ?? ""));
    await page.reload();
    expect(await walkF22(page)).toEqual(first);
    // `reader=…`: the course's own name for the reader, whatever this browser keeps.
    await page.goto("./embed-en.html?checkpoints=1&reader=learner-7");
    expect(await walkF22(page)).toEqual(orderFor("learner-7"));
  });

  test("in a course page, the xAPI response names the option chosen, not the place it was shown in", async ({
    page,
  }) => {
    const frame = await openCourse(page, `${FIGURE}/embed-en.html?checkpoints=1&step=3&reader=learner-8`);
    const figure = figureIn(frame);
    const group = figure.getByRole("group", { name: /What happens next\?$/ });
    expect(await group.getByRole("button").allTextContents()).toEqual(orderFor("learner-8")[0]);
    // The option shown first to this reader is a wrong one, the file's first: reported as option-1.
    expect(optionOrder("learner-8", checkpointKey("f22", 0), 4)[0]).toBe(0);
    await group.getByRole("button").first().click();
    await expect(group).toContainText("✗ Not quite.");
    await expect
      .poll(async () =>
        (await named(page, "xapi"))
          .map((m) => m.statement as { verb: { id: string }; result?: unknown })
          .filter((s) => s.verb.id.endsWith("/answered"))
          .map((s) => s.result),
      )
      .toEqual([{ success: false, response: "option-1" }]);
  });
});
