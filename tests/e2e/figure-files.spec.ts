import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Lang } from "../../src/content/languages";
import { type OpenFigure, openFigure } from "../../src/figure";
import { encodeShare } from "../../src/figure/share";
import { expect, openTools, test } from "./fixtures";

// Figure files a course author wrote from docs/authoring.md — four lessons of other courses — played through
// every route: the chapter page, the embed pages (by URL, by the `load` command, by a share link), the web
// component (`src`, an inline JSON child). The npm package's `figure` and `figureUrl` props are in package.spec.ts.
const FIGURE = "http://127.0.0.1:4173";
const COURSE = "http://127.0.0.1:4174";
const FOREIGN = "http://127.0.0.1:4175";
const LESSONS = ["weather", "refused-write", "retry", "booking"] as const;
const LANGS: readonly Lang[] = ["zh", "en"];
const examples = resolve(import.meta.dirname, "../../examples/figures");
const source = (lesson: string) => readFileSync(resolve(examples, `${lesson}.json`), "utf8");

/** What the figure must show: the engine's own run of the file, told in the file's story. */
function expected(lesson: string, lang: Lang): OpenFigure & { caption: { step: number; text: string } } {
  const opened = openFigure(source(lesson), lang);
  if (!opened.ok) throw new Error(`${lesson}: ${JSON.stringify(opened.problems)}`);
  const { figure } = opened;
  // The story's caption for its first captioned step after the task (the step the links below open at).
  const caption = figure.story.captions.find((c) => c.when.kind !== "task");
  const step = figure.trace.steps.find(
    (s) =>
      caption !== undefined &&
      s.kind === caption.when.kind &&
      ("callId" in caption.when ? s.callIds.includes(caption.when.callId) : true) &&
      ("modelCall" in caption.when ? s.kind === "model_call" && s.modelCall === caption.when.modelCall : true),
  );
  if (caption === undefined || step === undefined) throw new Error(`${lesson}: no caption to check`);
  return { ...figure, caption: { step: step.number, text: caption.text } };
}

/** The figure itself (not the idle-time rehearsal's hidden copy). */
const figureIn = (page: Page | ReturnType<Page["frameLocator"]>) => page.locator(".alf-figure").first();
const counterIn = (page: Page | ReturnType<Page["frameLocator"]>) =>
  figureIn(page).locator(".alf-counter > [aria-hidden]");

test.describe("a course author's figure file", () => {
  for (const lesson of LESSONS) {
    for (const lang of LANGS) {
      test(`${lesson} (${lang}): the chapter page, embed.html and the web component play it in its own words`, async ({
        page,
      }) => {
        const want = expected(lesson, lang);
        const total = want.trace.steps.length;
        const { step, text } = want.caption;

        // The chapter page: ?figure= (same origin), in the page's language.
        await page.goto(`/?figure=/figures/${lesson}.json&lang=${lang}&step=${step}`);
        const chapter = page.getByRole("region", { name: new RegExp(want.story.title) });
        await expect(chapter.locator(".alf-counter > [aria-hidden]")).toHaveText(`${step} / ${total}`);
        await expect(chapter.locator(".alf-step-caption")).toHaveText(text);
        // The page's section names the lesson; the figure's own header has its title.
        await expect(page.getByRole("heading", { level: 2, name: want.story.name })).toBeVisible();

        // embed.html / embed-en.html: ?figure= on the page's own origin, opened at a linked step.
        const file = lang === "en" ? "embed-en.html" : "embed.html";
        await page.goto(`${FIGURE}/${file}?figure=figures/${lesson}.json&step=${step}`);
        const embedded = figureIn(page);
        await expect(embedded.locator(".alf-counter > [aria-hidden]")).toHaveText(`${step} / ${total}`);
        await expect(embedded.locator(".alf-step-caption")).toHaveText(text);
        await expect(page.getByRole("region", { name: new RegExp(want.story.title) })).toBeVisible();
        // It steps by keyboard, as any figure.
        await embedded.focus();
        await page.keyboard.press("End");
        await expect(embedded.locator(".alf-counter > [aria-hidden]")).toHaveText(`${total} / ${total}`);
        await expect(embedded.locator(".alf-outcome")).toBeVisible();

        // The web component, from its src attribute.
        await page.goto(
          `${COURSE}/hosts/figure-file.html?src=${encodeURIComponent(`/figures/${lesson}.json`)}&lang=${lang}`,
        );
        const element = page.locator("agent-loop-figure").locator(".alf-figure");
        await expect(element.locator(".alf-counter > [aria-hidden]")).toHaveText(`1 / ${total}`);
        await element.focus();
        for (let n = 1; n < step; n += 1) await page.keyboard.press("ArrowRight");
        await expect(element.locator(".alf-step-caption")).toHaveText(text);
        expect(await page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual([
          "ready",
          `loaded ${lesson}`,
          ...Array.from({ length: step - 1 }, () => "stepchange"),
        ]);
      });
    }
  }

  test("on the chapter page, the picker says a figure file is shown, and choosing a scenario leaves it (and the URL)", async ({
    page,
  }) => {
    await page.goto("/?figure=/figures/weather.json&lang=en");
    await expect(page.getByRole("region", { name: /Two calls in one turn/ })).toBeVisible();
    await openTools(page);
    const picker = page.getByLabel("Scenario");
    await expect(picker.locator("option:checked")).toHaveText(
      "Lesson 4 · Parallel tool calls: Two cities at once: parallel calls",
    );
    await picker.selectOption("scope-violation");
    await expect(page.getByRole("region", { name: /Two calls in one turn/ })).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).search).toBe("?lang=en&scenario=scope-violation");
  });

  test("the web component reads an inline JSON child; a bad file beside it shows its problems, the good one plays on", async ({
    page,
  }) => {
    const good = source("weather");
    const bad = '{\n  "figure": 1,\n  "id": "weather",\n  "scenario": { "task": 5 }\n}';
    const inline = (json: string, id: string) =>
      `<agent-loop-figure id="${id}" lang="en"><script type="application/json">${json.replaceAll("</", "<\\/")}</script></agent-loop-figure>`;
    await page.route(`${COURSE}/hosts/inline.html`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inline figure files</title>
<script type="module" src="/agent-loop-figure.js"></script></head>
<body><h1>Two inline figure files</h1>${inline(bad, "bad")}${inline(good, "good")}</body></html>`,
      }),
    );
    await page.goto(`${COURSE}/hosts/inline.html`);
    const broken = page.locator("#bad");
    await expect(broken.getByRole("alert")).toContainText("This figure file cannot be shown");
    // Its readers are told what happened, and the author what to fix.
    await expect(broken.getByRole("alert")).toContainText(
      "This figure's file has mistakes in it, so it cannot be shown. Please let the course's author know.For the author: fix the file at these places",
    );
    const list = broken.getByRole("listitem");
    await expect(list.first()).toHaveText(
      "scenario.task (line 4, column 25): expected a string, or an object of strings by language code",
    );
    await expect(list.nth(1)).toHaveText('scenario.system (line 4, column 15): missing field "system"');
    const fine = page.locator("#good").locator(".alf-figure");
    await fine.locator(".alf-step-title").click();
    await page.keyboard.press("ArrowRight");
    await expect(fine.locator(".alf-counter > [aria-hidden]")).toHaveText("2 / 10");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("a file's text is text, never markup: a caption, a task and an answer that look like HTML", async ({ page }) => {
    const hostile = JSON.parse(source("refused-write"));
    const html = '<img src=x onerror="window.injected=1"><b>bold</b>';
    hostile.scenario.task = html;
    hostile.scenario.model[1].answer = html;
    hostile.story.en.title = html;
    hostile.story.en.captions[0].text = html;
    await page.goto(`${FIGURE}/embed-en.html`);
    await page.evaluate((figure) => {
      window.postMessage({ type: "agent-loop-figure:load", version: 1, figure }, "*");
    }, hostile);
    // A page's own message is not its parent's: only a framing page may load a figure.
    await page.waitForTimeout(300);
    await expect(figureIn(page).locator(".alf-counter > [aria-hidden]")).toHaveText("1 / 8");
    await page.goto(`${COURSE}/hosts/iframe.html?figure=${encodeURIComponent(`${FIGURE}/embed-en.html`)}`);
    const frame = page.frameLocator("#figure");
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await page.evaluate(
      (figure) =>
        (window as unknown as { send: (m: unknown) => void }).send({
          type: "agent-loop-figure:load",
          version: 1,
          figure,
        }),
      hostile,
    );
    await expect(counterIn(frame)).toHaveText("1 / 7");
    await expect(frame.getByRole("heading", { level: 3 })).toHaveText(`1. The user's task: “${html}”`);
    await frame.getByRole("button", { name: "Next" }).click();
    await frame.getByRole("button", { name: "Next" }).click();
    // The figure's own caption (not its rehearsal's: an inert copy the embed warms up in idle time).
    await expect(frame.locator(".alf-root > .alf-figure .alf-step-caption")).toHaveText(html);
    await expect(frame.locator("img, b")).toHaveCount(0);
    expect(await page.frame({ url: /embed-en\.html/ })?.evaluate(() => "injected" in window)).toBe(false);
  });

  test("the load command from the framing page: loaded with its id, loaderror with each problem at its place", async ({
    page,
  }) => {
    await page.goto(`${COURSE}/hosts/iframe.html?figure=${encodeURIComponent(`${FIGURE}/embed.html?step=4`)}`);
    const frame = page.frameLocator("#figure");
    await expect(counterIn(frame)).toHaveText("4 / 8");
    const send = (message: unknown) =>
      page.evaluate((m) => (window as unknown as { send: (m: unknown) => void }).send(m), message);
    const events = () =>
      page.evaluate(() =>
        (window as unknown as { events: { data: { type: string } }[] }).events
          .map((e) => e.data)
          .filter((d) => d.type === "agent-loop-figure:loaded" || d.type === "agent-loop-figure:loaderror"),
      );
    await send({ type: "agent-loop-figure:load", version: 1, figure: source("retry") });
    await expect(counterIn(frame)).toHaveText("1 / 12");
    await expect(frame.getByRole("heading", { level: 3 })).toHaveText("1. 用户任务：今天 100 欧元是多少美元？");
    await expect
      .poll(events)
      .toEqual([{ type: "agent-loop-figure:loaded", version: 1, id: "retry", step: 1, total: 12, lang: "zh" }]);
    // The reader's language switch reopens the file in the other language.
    await frame.getByRole("button", { name: "English" }).click();
    await expect(frame.getByRole("heading", { level: 3 })).toHaveText(
      "1. The user's task: “What is 100 euros in US dollars today?”",
    );
    await send({
      type: "agent-loop-figure:load",
      version: 1,
      figure: '{"figure": 1, "id": "x",\n "recorded": {"transcript": 3}}',
    });
    await expect(frame.getByRole("alert")).toContainText("This figure file cannot be shown");
    await expect(frame.getByRole("alert")).toContainText("For the author: fix the file at these places");
    await expect.poll(async () => (await events()).length).toBe(2);
    const [, error] = await events();
    expect(error).toMatchObject({ type: "agent-loop-figure:loaderror", version: 1 });
    expect((error as unknown as { problems: unknown[] }).problems.length).toBeGreaterThan(0);
    // Malformed commands are dropped, and the figure's problems stay as they were.
    await send({ type: "agent-loop-figure:load", version: 1, figure: 42 });
    await send({ type: "agent-loop-figure:load", version: 2, figure: source("weather") });
    await page.waitForTimeout(300);
    expect((await events()).length).toBe(2);
    // A good file after a bad one plays.
    await send({ type: "agent-loop-figure:load", version: 1, figure: JSON.parse(source("weather")) });
    await expect(counterIn(frame)).toHaveText("1 / 10");
  });

  test("a share link opens the figure it carries in embed.html, at its step; a cut link says so in place", async ({
    page,
  }) => {
    const payload = encodeShare(source("weather"));
    expect(payload).not.toBeNull();
    await page.goto(`${FIGURE}/embed-en.html#figureData=${payload}&step=3`);
    await expect(figureIn(page).locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 10");
    await expect(page.getByRole("region", { name: /Two calls in one turn/ })).toBeVisible();
    // A new page, not a jump within this one (a fragment alone would not reload it).
    await page.goto("about:blank");
    await page.goto(`${FIGURE}/embed-en.html#figureData=${payload?.slice(0, 40)}`);
    await expect(page.getByRole("alert")).toContainText("This figure cannot be shown");
    await expect(page.getByRole("alert")).toContainText("This link is damaged or cut short");
    await expect(page.getByRole("alert")).not.toContainText("not valid JSON");
    // Longer than any share link the authoring page makes: refused unread.
    await page.goto("about:blank");
    await page.goto(`${FIGURE}/embed-en.html#figureData=${"A".repeat(8001)}`);
    await expect(page.getByRole("alert")).toContainText("This link carries more than a share link may");
    // A new share link in the fragment (no reload): the page opens it.
    await page.goto("about:blank");
    await page.goto(`${FIGURE}/embed-en.html#figureData=${payload}`);
    await expect(figureIn(page).locator(".alf-counter > [aria-hidden]")).toHaveText("1 / 10");
    const booking = encodeShare(source("booking"));
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `figureData=${booking}`);
    await expect(figureIn(page).locator(".alf-counter > [aria-hidden]")).toHaveText("1 / 19");
    await expect(page.getByRole("region", { name: /A check of room A is no check of room B/ })).toBeVisible();
  });

  test("a lesson told in Chinese only, read in English: it says so, marks the title's language, asks its checkpoint in Chinese", async ({
    page,
  }) => {
    const lesson = JSON.parse(source("booking"));
    delete lesson.story.en;
    const payload = encodeShare(JSON.stringify(lesson));
    await page.goto(`${FIGURE}/embed-en.html?checkpoints=1#figureData=${payload}&step=7`);
    const figure = figureIn(page);
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("7 / 19");
    await expect(figure.locator(".alf-title")).toHaveText("查过 A 会议室，不等于查过 B 会议室 (中文)");
    await expect(figure.locator(".alf-title bdi")).toHaveAttribute("lang", "zh-CN");
    await expect(figure.locator(".alf-story-note")).toHaveText(
      "This lesson's story is written in 中文; the captions here are the figure's own, in English.",
    );
    // The checkpoint is the story's, in its language; the caption waits for the answer, and is the figure's own,
    // in English.
    const question = figure.getByRole("group", { name: "模型查的是 A 会议室，现在要订 B 会议室。宿主会怎么做？" });
    await expect(question).toHaveAttribute("lang", "zh-CN");
    await expect(figure.locator(".alf-step > .alf-step-caption")).toHaveText(
      /^What this step means comes after your answer/,
    );
    await question.getByRole("button", { name: /还没有一次 B 会议室/ }).click();
    await expect(question.locator(".alf-checkpoint-verdict")).toContainText("Right.");
    await expect(figure.locator(".alf-step > .alf-step-caption")).toHaveText(
      /^The model only proposes a call, book_room \(call_2\)/,
    );
    expect(
      await new AxeBuilder({ page })
        .include(".alf-figure")
        .analyze()
        .then((r) => r.violations),
    ).toEqual([]);
  });

  test("a figure file on another origin, or missing, is refused with a notice and no blank page", async ({
    page,
    problems,
  }) => {
    await page.goto(`${FIGURE}/embed-en.html?figure=${encodeURIComponent(`${COURSE}/figures/weather.json`)}`);
    await expect(page.getByRole("alert")).toContainText("This figure cannot be shown");
    await expect(page.locator(".alf-problems")).toContainText("on another site");
    // …unless the page's allowOrigin names that origin (served without CORS headers here, so it cannot be read,
    // and the author is told that CORS may be why).
    await page.goto(
      `${FIGURE}/embed-en.html?allowOrigin=${encodeURIComponent(COURSE)}&figure=${encodeURIComponent(`${COURSE}/figures/weather.json`)}`,
    );
    await expect(page.locator(".alf-problems")).toContainText(
      `For the author: ${COURSE}/figures/weather.json did not answer, or its server does not let this page read the file (CORS).`,
    );
    expect(problems.splice(0).length).toBeGreaterThan(0); // the browser's own lines for the refused read
    await page.goto(`${FIGURE}/embed-en.html?figure=/figures/nope.json`);
    await expect(page.locator(".alf-problems")).toContainText(
      "This lesson's figure could not be loaded from the course site.",
    );
    await expect(page.locator(".alf-problems")).toContainText(`${FIGURE}/figures/nope.json answered HTTP 404`);
    // The browser's own line for the 404, and nothing else.
    expect(problems.splice(0)).toEqual([
      "Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
    await page.goto(`/?figure=${encodeURIComponent(`${COURSE}/figures/weather.json`)}&lang=en`);
    await expect(page.getByRole("note").filter({ hasText: "on another site" })).toBeVisible();
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
  });

  test("a figure file behind the site's login: loaded with the reader's session, and without one said to be a login page, not a broken file", async ({
    page,
    problems,
  }) => {
    // /private/ answers a request without the session cookie with a redirect to the login page (scripts/serve.mjs).
    const lesson = "/private/figures/weather.json";
    await page.goto(`${FIGURE}/embed-en.html?figure=${encodeURIComponent(lesson)}`);
    const box = page.locator(".alf-problems");
    await expect(box.getByRole("alert")).toContainText(
      "This lesson's figure could not be loaded from the course site.",
    );
    await expect(box).toContainText(
      `For the author: the request for ${FIGURE}${lesson} was redirected to ${FIGURE}/login/, a web page, not a figure file.`,
    );
    await expect(box).not.toContainText("not valid JSON");
    await page.goto(`${FIGURE}/?figure=${encodeURIComponent(lesson)}&lang=zh`);
    const note = page.getByRole("note").filter({ hasText: "无法从课程网站加载这一课的图。" });
    await expect(note).toContainText(`被重定向到 ${FIGURE}/login/，得到的是网页`);
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
    await page.goto(`${FIGURE}/hosts/figure-file.html?src=${encodeURIComponent(lesson)}&lang=en`);
    const element = page.locator("agent-loop-figure");
    await expect(element.locator(".alf-problems")).toContainText(`was redirected to ${FIGURE}/login/`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events))
      .toContain("loaderror");
    expect(problems.splice(0)).toEqual([]);
    // Logged in: the same links show the lesson, on the embed page, the chapter page and the web component.
    await page.context().addCookies([{ name: "alf-session", value: "learner", url: FIGURE }]);
    await page.goto(`${FIGURE}/embed-en.html?figure=${encodeURIComponent(lesson)}`);
    await expect(page.locator(".alf-root > .alf-figure")).toHaveAccessibleName(/Two calls in one turn/);
    await page.goto(`${FIGURE}/?figure=${encodeURIComponent(lesson)}&lang=en`);
    await expect(page.locator(".alf-root > .alf-figure").first()).toHaveAccessibleName(/Two calls in one turn/);
    await expect(page.getByRole("note").filter({ hasText: "could not be loaded" })).toHaveCount(0);
    await page.goto(`${FIGURE}/hosts/figure-file.html?src=${encodeURIComponent(lesson)}&lang=en`);
    await expect(page.locator("agent-loop-figure .alf-figure")).toHaveAccessibleName(/Two calls in one turn/);
  });

  test("a figure file on the origin allowOrigin names loads when that server sends CORS headers; no other origin is reachable", async ({
    page,
    problems,
  }) => {
    const lesson = source("weather");
    for (const origin of [COURSE, FOREIGN])
      await page.route(`${origin}/lessons/weather.json`, (route) =>
        route.fulfill({
          contentType: "application/json",
          headers: { "Access-Control-Allow-Origin": "*" },
          body: lesson,
        }),
      );
    const url = encodeURIComponent(`${COURSE}/lessons/weather.json`);
    await page.goto(`${FIGURE}/embed-en.html?figure=${url}&allowOrigin=${encodeURIComponent(COURSE)}`);
    await expect(page.locator(".alf-root > .alf-figure")).toHaveAccessibleName(/Two calls in one turn/);
    // The page's connections are narrowed to its own origin and that one: another is refused by the policy itself.
    const reach = (target: string) =>
      page.evaluate(
        (href) =>
          fetch(href).then(
            () => "fetched",
            () => "refused",
          ),
        target,
      );
    expect(await reach(`${FOREIGN}/lessons/weather.json`)).toBe("refused");
    // The browser's own reports of that refusal (the policy's, the fetch's), and nothing else.
    const refusals = problems.splice(0);
    expect(refusals.length).toBeGreaterThan(0);
    for (const line of refusals) expect(line).toMatch(/Content Security Policy/);
    for (const line of refusals) expect(line).toContain(FOREIGN);
    expect(refusals.join("\n")).toContain(`connect-src 'self' ${COURSE}`);
    expect(await reach(`${COURSE}/lessons/weather.json`)).toBe("fetched");
  });
});
