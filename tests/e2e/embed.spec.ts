import AxeBuilder from "@axe-core/playwright";
import type { Frame, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Three origins from one static server (scripts/serve.mjs): the figure, a course page, a foreign page.
const FIGURE = "http://127.0.0.1:4173";
const COURSE = "http://127.0.0.1:4174";
const FOREIGN = "http://127.0.0.1:4175";

type Logged = { origin: string; data: Record<string, unknown> & { type: string } };
const events = (page: Page): Promise<Logged[]> =>
  page.evaluate(() => (window as unknown as { events: Logged[] }).events);
const named = async (page: Page, name: string) =>
  (await events(page)).filter((e) => e.data.type === `agent-loop-figure:${name}`).map((e) => e.data);
const send = (page: Page, name: string, fields: Record<string, unknown> = {}) =>
  page.evaluate(
    ([n, f]) =>
      (window as unknown as { send: (m: unknown) => void }).send({ type: `agent-loop-figure:${n}`, version: 1, ...f }),
    [name, fields] as const,
  );
const figureFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => /\/embed(-en)?\.html$/.test(new URL(f.url()).pathname));
  if (frame === undefined) throw new Error("no figure frame");
  return frame;
};
const counterIn = (frame: Frame) => frame.locator(".alf-counter > [aria-hidden]").first();

/** Hold embed.js back until the returned function is called: the page shows only its pre-rendered frame. */
async function holdEmbedScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === "/embed.js",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

async function openCourse(page: Page, figureQuery: string, extra = "", file = "embed.html") {
  const figure = encodeURIComponent(`${FIGURE}/${file}${figureQuery}`);
  await page.goto(`${COURSE}/hosts/iframe.html?figure=${figure}${extra}`);
  await expect.poll(async () => (await named(page, "ready")).length).toBe(1);
}

test.describe("the iframe route (embed.html on another origin)", () => {
  test("opens at ?step=3&lang=en and says ready with the right payload", async ({ page }) => {
    await openCourse(page, "?step=3&lang=en");
    expect(await named(page, "ready")).toEqual([
      { type: "agent-loop-figure:ready", version: 1, step: 3, total: 8, lang: "en" },
    ]);
    expect((await events(page))[0]?.origin).toBe(FIGURE);
    const frame = figureFrame(page);
    await expect(counterIn(frame)).toHaveText("3 / 8");
    await expect(frame.getByRole("heading", { level: 3 })).toHaveText("3. Model proposes read_file (call_1)");
    // The figure alone: no chapter text around it.
    await expect(frame.getByRole("heading", { level: 1 })).toHaveCount(0);
  });

  test("a linked step over the hydrated first frame: ready reports it, and no stepchange is sent", async ({ page }) => {
    await openCourse(page, "?step=6");
    expect(await named(page, "ready")).toEqual([
      { type: "agent-loop-figure:ready", version: 1, step: 6, total: 8, lang: "zh" },
    ]);
    await expect(counterIn(figureFrame(page))).toHaveText("6 / 8");
    await page.waitForTimeout(300);
    expect(await named(page, "stepchange")).toEqual([]);
  });

  test("obeys every command and reports each change", async ({ page }) => {
    await openCourse(page, "?step=3&lang=en&dwell=1");
    const frame = figureFrame(page);
    await send(page, "goto", { step: 6 });
    await expect(counterIn(frame)).toHaveText("6 / 8");
    await send(page, "next");
    await expect(counterIn(frame)).toHaveText("7 / 8");
    await send(page, "prev");
    await send(page, "prev");
    await expect(counterIn(frame)).toHaveText("5 / 8");
    expect(await named(page, "stepchange")).toEqual(
      [6, 7, 6, 5].map((step) => ({ type: "agent-loop-figure:stepchange", version: 1, step, total: 8, lang: "en" })),
    );
    // Out of range, not an integer, a string: ignored, without an error.
    for (const step of [0, 9, 2.5, "4", null]) await send(page, "goto", { step });
    await send(page, "setLang", { lang: "fr" });
    await page.waitForTimeout(200);
    await expect(counterIn(frame)).toHaveText("5 / 8");
    await send(page, "setLang", { lang: "zh" });
    await expect(frame.getByRole("button", { name: "下一步" })).toBeVisible();
    await send(page, "play");
    await expect.poll(async () => (await named(page, "play")).length).toBe(1);
    await expect(counterIn(frame)).toHaveText("6 / 8");
    await send(page, "pause");
    await expect.poll(async () => (await named(page, "pause")).length).toBe(1);
    await send(page, "goto", { step: 7 });
    await send(page, "play");
    await expect.poll(async () => (await named(page, "ended")).length, { timeout: 5000 }).toBe(1);
    await expect(counterIn(frame)).toHaveText("8 / 8");
    // (The course's events — progress, completed, xapi — are checked in checkpoints.spec.ts.)
    const last = (await events(page))
      .map((e) => e.data.type.split(":")[1])
      .filter((t) => !["resize", "progress", "completed", "xapi"].includes(t ?? ""));
    expect(last.slice(-4)).toEqual(["play", "stepchange", "pause", "ended"]);
    const before = (await named(page, "resize")).length;
    await send(page, "measure");
    await expect.poll(async () => (await named(page, "resize")).length).toBe(before + 1);
    expect((await named(page, "resize")).at(-1)?.height).toBeGreaterThan(300);
  });

  test("ignores malformed, unknown and wrongly versioned messages", async ({ page }) => {
    await openCourse(page, "?lang=en");
    const frame = figureFrame(page);
    for (const message of [
      null,
      "agent-loop-figure:next",
      42,
      [],
      { type: "agent-loop-figure:next" },
      { type: "agent-loop-figure:next", version: 2 },
      { type: "agent-loop-figure:explode", version: 1 },
      { type: "other:next", version: 1 },
      { type: "agent-loop-figure:goto", version: 1, step: { valueOf: 3 } },
    ]) {
      await page.evaluate((m) => (window as unknown as { send: (m: unknown) => void }).send(m), message);
    }
    await page.waitForTimeout(200);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await send(page, "next");
    await expect(counterIn(frame)).toHaveText("2 / 8");
  });

  test("with allowOrigin, takes commands only from its parent on that origin", async ({ page }) => {
    const allow = encodeURIComponent(COURSE);
    await openCourse(
      page,
      `?lang=en&allowOrigin=${allow}`,
      `&foreign=${encodeURIComponent(`${FOREIGN}/hosts/foreign.html`)}`,
    );
    const frame = figureFrame(page);
    const foreign = page.frames().find((f) => new URL(f.url()).pathname.endsWith("/foreign.html"));
    if (foreign === undefined) throw new Error("no foreign frame");
    await foreign.waitForFunction(() => "attack" in window);
    await foreign.evaluate(() =>
      (window as unknown as { attack: (m: unknown) => void }).attack({
        type: "agent-loop-figure:goto",
        version: 1,
        step: 7,
      }),
    );
    await page.waitForTimeout(300);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await send(page, "goto", { step: 4 });
    await expect(counterIn(frame)).toHaveText("4 / 8");
    expect((await events(page)).every((e) => e.origin === FIGURE)).toBe(true);
  });

  test("with allowOrigin naming another site, sends nothing to this page and obeys nothing from it", async ({
    page,
  }) => {
    const figure = encodeURIComponent(`${FIGURE}/embed.html?lang=en&allowOrigin=${encodeURIComponent(FOREIGN)}`);
    await page.goto(`${COURSE}/hosts/iframe.html?figure=${figure}`);
    const frame = figureFrame(page);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await send(page, "goto", { step: 5 });
    await page.waitForTimeout(300);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    expect(await events(page)).toEqual([]);
  });

  test("fails closed on an allowOrigin that is not an origin, and says which parameter", async ({ page, problems }) => {
    const figure = encodeURIComponent(`${FIGURE}/embed.html?lang=en&allowOrigin=${encodeURIComponent("*")}`);
    await page.goto(`${COURSE}/hosts/iframe.html?figure=${figure}`);
    const frame = figureFrame(page);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await send(page, "next");
    await page.waitForTimeout(300);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    expect(await events(page)).toEqual([]);
    expect(problems).toEqual([expect.stringContaining('"allowOrigin"')]);
    problems.length = 0;
  });

  test("ignores each bad parameter with one warning naming it, and still shows the figure", async ({
    page,
    problems,
  }) => {
    await openCourse(page, "?step=99&lang=fr&autoplay=yes&dwell=0.2&theme=neon&controls=none&scenario=nope");
    const frame = figureFrame(page);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await expect(frame.getByRole("button", { name: "下一步" })).toBeVisible();
    const named = ["step", "lang", "autoplay", "dwell", "theme", "controls", "scenario"];
    expect(problems).toHaveLength(named.length);
    for (const name of named) expect(problems.some((p) => p.includes(`"${name}"`))).toBe(true);
    expect(problems.join(" ")).not.toContain("neon");
    problems.length = 0;
  });

  test("arrow keys pressed on the host page never move the figure; a click inside gives it the keys", async ({
    page,
  }) => {
    await openCourse(page, "?lang=en");
    const frame = figureFrame(page);
    await page.locator("#host-button").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("End");
    await expect(counterIn(frame)).toHaveText("1 / 8");
    await frame.getByRole("heading", { level: 3 }).click();
    await page.keyboard.press("ArrowRight");
    await expect(counterIn(frame)).toHaveText("2 / 8");
    // Keys the figure uses do not scroll the host page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("auto-height with embed-host.js", () => {
  const heightOf = (page: Page) => page.locator("#figure").evaluate((el) => el.getBoundingClientRect().height);
  const contentHeightOf = (page: Page) =>
    figureFrame(page).evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));

  test("sizes the iframe to its figure, and follows a language switch and a narrow viewport", async ({ page }) => {
    await openCourse(page, "?lang=en&step=6", "&hostScript=before");
    await expect.poll(async () => Math.abs((await heightOf(page)) - (await contentHeightOf(page)))).toBeLessThan(2);
    await send(page, "setLang", { lang: "zh" });
    await expect.poll(async () => Math.abs((await heightOf(page)) - (await contentHeightOf(page)))).toBeLessThan(2);
    const wide = await heightOf(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => heightOf(page)).toBeGreaterThan(wide);
    await expect.poll(async () => Math.abs((await heightOf(page)) - (await contentHeightOf(page)))).toBeLessThan(2);
    const narrow = await heightOf(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => heightOf(page)).toBeLessThan(narrow);
  });

  test('a frame marked data-fit="screen" is as tall as the window at most, and Next is on the screen at every step', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openCourse(page, "?lang=en", "&hostScript=before&fitScreen");
    const frame = figureFrame(page);
    await expect(counterIn(frame)).toHaveText("1 / 8");
    // The figure is taller than the window: the frame takes the window's height, and the figure scrolls inside it.
    await expect.poll(() => contentHeightOf(page)).toBeGreaterThan(720);
    await expect.poll(() => heightOf(page)).toBe(720);
    // The reader brings the frame to the screen once; from there Next stays on it, step after step.
    await page.locator("#figure").evaluate((element) => element.scrollIntoView());
    const next = frame.getByRole("button", { name: /Next/ });
    const onScreen = async () => {
      const box = await next.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 720;
    };
    for (let step = 1; step < 8; step += 1) {
      await next.click();
      expect(await onScreen()).toBe(true);
    }
    await expect(counterIn(frame)).toHaveText("8 / 8");
    // A shorter window: the frame follows it.
    await page.setViewportSize({ width: 1280, height: 600 });
    await expect.poll(() => heightOf(page)).toBe(600);
  });

  test("a clean-URL server that drops the query: the fragment's options survive, and embed-host.js still sizes the frame", async ({
    page,
  }) => {
    // As `npx serve` does: …/clean/embed?step=5 redirects to …/embed.html, without the query; a browser keeps the
    // fragment across the redirect.
    await page.route(`${FIGURE}/clean/embed?*`, (route) =>
      route.fulfill({ status: 301, headers: { location: `${FIGURE}/embed.html` } }),
    );
    await page.route(`${FIGURE}/clean/embed-host.js`, (route) =>
      route.fulfill({ status: 302, headers: { location: `${FIGURE}/embed-host.js` } }),
    );
    await openCourse(page, "?step=5#step=3&lang=en", "&hostScript=before", "clean/embed");
    expect(await named(page, "ready")).toEqual([
      { type: "agent-loop-figure:ready", version: 1, step: 3, total: 8, lang: "en" },
    ]);
    await expect.poll(async () => Math.abs((await heightOf(page)) - (await contentHeightOf(page)))).toBeLessThan(2);
  });

  test("sizes a figure frame added later (a client-side navigation), and one marked data-agent-loop-figure", async ({
    page,
  }) => {
    await page.route(`${FIGURE}/renamed/figure.html`, (route) =>
      route.fulfill({ status: 302, headers: { location: `${FIGURE}/embed-en.html?step=2` } }),
    );
    await openCourse(page, "?lang=en", "&hostScript=before");
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.id = "later";
      frame.setAttribute("data-agent-loop-figure", "");
      frame.style.height = "120px";
      frame.style.width = "100%";
      // A page the host renamed: only the attribute says it is a figure.
      frame.src = src;
      document.body.append(frame);
    }, `${FIGURE}/renamed/figure.html`);
    const later = page.locator("#later");
    await expect.poll(() => later.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(400);
  });

  test("also works when the script loads after the figure (embed-en.html)", async ({ page }) => {
    await openCourse(page, "", "&hostScript=after&height=150", "embed-en.html");
    await expect(figureFrame(page).getByRole("button", { name: "Next" })).toBeVisible();
    // The figure has loaded, and without the host script its iframe keeps the page's own height.
    await figureFrame(page)
      .locator("body")
      .evaluate(() => new Promise((done) => setTimeout(done, 500)));
    expect(await heightOf(page)).toBe(150);
    await page.evaluate(() => (window as unknown as { loadHostScript: () => void }).loadHostScript());
    await expect.poll(async () => Math.abs((await heightOf(page)) - (await contentHeightOf(page)))).toBeLessThan(2);
  });
});

test.describe("the sandboxed iframe", () => {
  test('runs in <iframe sandbox="allow-scripts"> (opaque origin) and still talks to its host', async ({ page }) => {
    await openCourse(page, "?lang=en&step=2", "&sandbox");
    expect((await events(page))[0]?.origin).toBe("null");
    const frame = figureFrame(page);
    await expect(counterIn(frame)).toHaveText("2 / 8");
    await send(page, "next");
    await expect(counterIn(frame)).toHaveText("3 / 8");
  });
});

test.describe("embed.html's first frame in the HTML", () => {
  test("reads with scripts off: F22 at step 1 with its panels", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${FIGURE}/embed.html`);
    const figure = page.getByRole("region", { name: /F22/ });
    await expect(figure.locator(".alf-step-title")).toHaveText("1. 用户任务：读取 config.txt 中的 timeout");
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("1 / 8");
    await expect(figure.getByRole("region", { name: "上下文" })).toContainText("模型还没有看到任何内容。");
    await context.close();
  });

  test("is hydrated: the same elements come alive, a linked step follows without a layout shift", async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // Hold the script back: the pre-rendered figure is already there, painted.
    const release = await holdEmbedScript(page);
    // A deferred script holds DOMContentLoaded back too, so wait only for the response.
    await page.goto(`${FIGURE}/embed.html?step=5`, { waitUntil: "commit" });
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]")).toHaveText("1 / 8");
    // Remember the pre-rendered elements (a property, not an attribute: the markup stays as built).
    await page.evaluate(() => {
      (window as unknown as { built: Element | null }).built = document.querySelector(".alf-figure");
    });
    release();
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]")).toHaveText("5 / 8");
    await expect(page.locator(".alf-root > .alf-figure .alf-step-title")).toHaveText(/^5\. 工具执行 read_file/);
    expect(
      await page.evaluate(
        () => (window as unknown as { built: Element | null }).built === document.querySelector(".alf-figure"),
      ),
    ).toBe(true);
    // Live: the figure answers the keys; one figure.
    const figure = page.locator(".alf-root > .alf-figure");
    await figure.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]")).toHaveText("4 / 8");
    await expect(figure).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });

  test("embed-en.html has the English first frame: readable with scripts off, hydrated, and it takes ?lang=zh", async ({
    browser,
    page,
  }) => {
    const off = await browser.newContext({ javaScriptEnabled: false });
    const still = await off.newPage();
    await still.goto(`${FIGURE}/embed-en.html`);
    await expect(still.locator("html")).toHaveAttribute("lang", "en");
    await expect(still.getByRole("region", { name: /F22/ }).locator(".alf-step-title")).toHaveText(
      /^1\. The user's task: /,
    );
    await off.close();

    // With scripts on, the English frame is there before embed.js runs, and comes alive in place.
    const release = await holdEmbedScript(page);
    await page.goto(`${FIGURE}/embed-en.html?step=3`, { waitUntil: "commit" });
    await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { built: Element | null }).built = document.querySelector(".alf-figure");
    });
    release();
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]")).toHaveText("3 / 8");
    await expect(page.locator(".alf-root > .alf-figure .alf-step-title")).toHaveText(/^3\. Model proposes read_file/);
    expect(
      await page.evaluate(
        () => (window as unknown as { built: Element | null }).built === document.querySelector(".alf-figure"),
      ),
    ).toBe(true);

    await page.unroute((url) => url.pathname === "/embed.js");
    await page.goto(`${FIGURE}/embed-en.html?lang=zh`);
    await expect(page.getByRole("button", { name: "下一步" })).toBeVisible();
    await expect(page.locator(".alf-root > .alf-figure")).toHaveCount(1);
  });

  test("a URL that asks for another figure drops the pre-rendered one for its own", async ({ page }) => {
    await page.goto(`${FIGURE}/embed.html?step=5&theme=dark&lang=en`);
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]")).toHaveText("5 / 8");
    await expect(page.locator(".alf-root")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator(".alf-root > .alf-figure")).toHaveCount(1);
    await expect(page.locator(".alf-root > .alf-figure .alf-step-title")).toHaveText(/^5\. Tool runs read_file/);
  });
});

test.describe("dist/ under a sub-path", () => {
  test("the chapter page and the embed page work from /sub/dir/", async ({ page }) => {
    await page.goto(`${FIGURE}/sub/dir/`);
    await expect(page.getByRole("region", { name: /F22/ }).first()).toBeVisible();
    await page.getByRole("button", { name: "下一步" }).first().click();
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]").first()).toHaveText("2 / 8");
    await page.goto(`${FIGURE}/sub/dir/embed.html?lang=en&step=4`);
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]").first()).toHaveText("4 / 8");
    await expect(page.getByRole("button", { name: "Present" })).toBeVisible();
  });
});

test.describe("the web component", () => {
  const counterOf = (page: Page, id: string) => page.locator(`#${id} .alf-counter > [aria-hidden]`).first();

  test("rehearses no hidden copy of its figures: the warm-up is for the chapter page and embed.html only", async ({
    page,
  }) => {
    // Watch every shadow root from its creation: the copy would come and go within a few idle periods.
    await page.addInitScript(() => {
      const seen = { copies: 0, roots: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init);
        seen.roots += 1;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof Element && (node.matches(".alf-rehearsal") || node.querySelector(".alf-rehearsal")))
                seen.copies += 1;
        }).observe(root, { subtree: true, childList: true });
        return root;
      };
    });
    await page.goto(`${COURSE}/hosts/components.html`);
    await expect(counterOf(page, "first")).toHaveText("2 / 8");
    await expect(counterOf(page, "second")).toHaveText("1 / 8");
    await page.waitForTimeout(3000);
    const seen = await page.evaluate(() => (window as unknown as { seen: { copies: number; roots: number } }).seen);
    expect(seen).toEqual({ copies: 0, roots: 2 });
  });

  test("a story's link onward opens its built-in in that element alone, its scenario attribute set", async ({
    page,
  }) => {
    await page.goto(`${COURSE}/hosts/components.html`);
    await expect(counterOf(page, "second")).toHaveText("1 / 8");
    const second = page.locator("#second");
    await second.getByRole("button", { name: "Two calls, results out of order →" }).click();
    await expect(counterOf(page, "second")).toHaveText("1 / 10");
    await expect(second).toHaveAttribute("scenario", "out-of-order");
    await expect(counterOf(page, "first")).toHaveText("2 / 8");
  });

  test("two figures on one page step independently, with keys only in the focused one", async ({ page }) => {
    await page.goto(`${COURSE}/hosts/components.html`);
    await expect(counterOf(page, "first")).toHaveText("2 / 8");
    await expect(counterOf(page, "second")).toHaveText("1 / 8");
    const ready = await page.evaluate(() => (window as unknown as { events: unknown[] }).events);
    expect(ready).toEqual(
      expect.arrayContaining([
        { id: "first", type: "ready", detail: { step: 2, total: 8, lang: "zh" } },
        { id: "second", type: "ready", detail: { step: 1, total: 8, lang: "en" } },
      ]),
    );
    await page.locator("#first").getByRole("region", { name: /F22/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(page, "first")).toHaveText("3 / 8");
    await expect(counterOf(page, "second")).toHaveText("1 / 8");
    await page.locator("#second").getByRole("button", { name: "Next" }).click();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(page, "second")).toHaveText("3 / 8");
    await expect(counterOf(page, "first")).toHaveText("3 / 8");
    // Minimal controls: no dwell slider, no enlarge, no language switch.
    await expect(page.locator("#second").getByRole("slider")).toHaveCount(0);
    await expect(page.locator("#second").getByRole("button", { name: "Present" })).toHaveCount(0);
    await page.locator("#between").focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(page, "first")).toHaveText("3 / 8");
    const steps = await page.evaluate(() =>
      (window as unknown as { events: { id: string; type: string; detail: unknown }[] }).events.filter(
        (e) => e.type === "stepchange",
      ),
    );
    expect(steps).toEqual([
      { id: "first", type: "stepchange", detail: { step: 3, total: 8, lang: "zh" } },
      { id: "second", type: "stepchange", detail: { step: 2, total: 8, lang: "en" } },
      { id: "second", type: "stepchange", detail: { step: 3, total: 8, lang: "en" } },
    ]);
  });

  test("follows its attributes live and plays to the end with play, pause and ended events", async ({ page }) => {
    await page.goto(`${COURSE}/hosts/components.html`);
    const second = page.locator("#second");
    await expect(counterOf(page, "second")).toHaveText("1 / 8");
    await second.evaluate((el) => el.setAttribute("step", "7"));
    await expect(counterOf(page, "second")).toHaveText("7 / 8");
    await second.evaluate((el) => el.setAttribute("lang", "zh"));
    await expect(second.getByRole("button", { name: "下一步" })).toBeVisible();
    await second.evaluate((el) => el.setAttribute("theme", "dark"));
    await expect(second.locator(".alf-root")).toHaveAttribute("data-theme", "dark");
    await second.evaluate((el) => (el as unknown as { play: () => void }).play());
    await expect(counterOf(page, "second")).toHaveText("8 / 8");
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { events: { id: string; type: string }[] }).events
            .filter((e) => e.id === "second" && e.type !== "stepchange" && e.type !== "ready")
            .map((e) => e.type),
        ),
      )
      .toEqual(["play", "pause", "ended"]);
  });

  test("a host page's hostile global CSS reaches neither the figure nor is touched by it", async ({ page }) => {
    await page.goto(`${COURSE}/hosts/hostile.html`);
    const figure = page.locator("#figure");
    await expect(figure.getByRole("button", { name: "Next" })).toBeVisible();
    await expect(figure.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]")).toHaveText("5 / 8");
    const look = await figure.locator(".alf-root > .alf-figure").evaluate((el) => {
      const style = getComputedStyle(el);
      const title = getComputedStyle(el.querySelector("h3") as Element);
      return {
        family: style.fontFamily,
        size: style.fontSize,
        boxSizing: style.boxSizing,
        transform: style.transform,
        titleTransform: title.textTransform,
        titleSpacing: title.letterSpacing,
        titleBorder: title.borderTopStyle,
      };
    });
    expect(look.family).not.toMatch(/^serif/);
    expect(look).toMatchObject({
      size: "15.2px",
      boxSizing: "border-box",
      transform: "none",
      titleTransform: "none",
      titleSpacing: "normal",
      titleBorder: "none",
    });
    const host = await page.locator("#host-element").evaluate((el) => {
      const style = getComputedStyle(el);
      return { lane: style.getPropertyValue("--alf-lane"), visibility: style.visibility, outline: style.outlineStyle };
    });
    expect(host).toEqual({ lane: "", visibility: "visible", outline: "none" });
  });
});

test.describe("the light-DOM figure (chapter page, React package)", () => {
  test("keeps its look under hostile global CSS and leaves a host element with its attribute names alone", async ({
    browser,
  }) => {
    // bypassCSP: this test injects the hostile page styles that the chapter page's own policy would refuse.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/#step-5");
    const figure = page.getByRole("region", { name: /F22/ }).first();
    const measure = () =>
      figure.evaluate((el) => {
        // Heights of parts whose height does not depend on the width the host page leaves the figure.
        const box = (selector: string, withHeight: boolean) => {
          const found = el.querySelector(selector);
          if (found === null) throw new Error(`no ${selector}`);
          const s = getComputedStyle(found);
          const look = [s.fontSize, s.fontFamily, s.display, s.boxSizing, s.textTransform, s.letterSpacing, s.padding];
          return withHeight ? [Math.round(found.getBoundingClientRect().height), ...look] : look;
        };
        return {
          next: box(".alf-buttons .alf-button", true),
          // A lane's name (its header's height follows a file badge, which wraps in a narrower lane).
          lane: box(".alf-lane-name", true),
          row: box(".alf-row", true),
          chip: box(".alf-chip", true),
          title: box(".alf-step-title", false),
          panel: box(".alf-panel", false),
        };
      });
    const before = await measure();
    await page.addStyleTag({ url: `${COURSE}/hosts/hostile.css` });
    // hostile.css turns the chapter's own sections into flex rows that squeeze the figure to a sliver: how wide
    // the host lays out its own boxes is the host's business, so give the figure its column back and compare.
    await page.addStyleTag({ content: ".page-figure { display: block !important; }" });
    await page.evaluate(() => {
      const host = document.createElement("p");
      host.id = "host-element";
      host.textContent = "A host element with the figure's attribute names";
      for (const [name, value] of Object.entries({ lane: "user", state: "read", status: "current", step: "3" })) {
        host.dataset[name] = value;
      }
      document.body.prepend(host);
    });
    expect(
      await page.locator("#host-element").evaluate((el) => getComputedStyle(el).getPropertyValue("--alf-lane")),
    ).toBe("");
    await expect(figure.getByRole("button", { name: "下一步" })).toBeVisible();
    expect(await measure()).toEqual(before);
    await context.close();
  });
});

test.describe("examples/course-page.html", () => {
  test("embeds an iframe and a web component, drives both and logs their events", async ({ page }) => {
    await page.goto(`${COURSE}/examples/course-page.html`);
    const log = page.locator("#log");
    await expect(log).toContainText('iframe: ready {"step":1,"total":8,"lang":"en"}');
    await expect(log).toContainText('component: ready {"step":3,"total":8,"lang":"en"}');
    await page.getByRole("button", { name: "Show step 6 in the iframe" }).click();
    await expect(log).toContainText('iframe: stepchange {"step":6,"total":8,"lang":"en"}');
    await page.getByRole("button", { name: "Next step in the web component" }).click();
    await expect(log).toContainText('component: stepchange {"step":4,"total":8,"lang":"en"}');
    // embed-host.js has fitted the iframe to its figure.
    const frame = page.locator("#iframe-figure");
    await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().height)).not.toBe(1050);
  });
});

test.describe("accessibility of the embed routes", () => {
  const serious = (violations: { impact?: string | null; id: string }[]) =>
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);

  for (const [file, theme] of [
    ["embed-en.html?", "light"],
    ["embed.html?lang=en&", "dark"],
  ] as const) {
    test(`${file.split("?")[0]} has no serious axe violations (${theme})`, async ({ page }) => {
      await page.goto(`${FIGURE}/${file}step=6&theme=${theme}`);
      await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]").first()).toHaveText("6 / 8");
      expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    });
  }

  test("the web components have no serious axe violations, inside their shadow roots", async ({ page }) => {
    await page.goto(`${COURSE}/hosts/components.html`);
    await expect(page.locator("#second .alf-counter > [aria-hidden]").first()).toHaveText("1 / 8");
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  });
});

test.describe("containers that size their items to their content", () => {
  for (const width of [375, 1280]) {
    test(`the web component takes a figure's width in a centred grid and a flex column (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${COURSE}/hosts/shrink.html`);
      for (const id of ["in-grid", "in-column"]) {
        const figure = page.locator(`#${id}`);
        await expect(figure.locator(".alf-figure")).toBeVisible();
        const box = await figure.evaluate((element) => element.getBoundingClientRect().width);
        // As wide as the window allows, up to a figure's 60 rem (960 px), and never wider than the window.
        expect(box).toBeGreaterThanOrEqual(Math.min(960, width - 40));
        expect(box).toBeLessThanOrEqual(width);
      }
    });
  }
});

test.describe("following the host page's theme toggle", () => {
  test("a web component with theme auto follows <html data-theme>, as a site's dark-mode toggle sets it", async ({
    page,
  }) => {
    await page.goto(`${COURSE}/hosts/components.html`);
    const root = page.locator("#second").locator(".alf-root");
    await expect(root).toHaveAttribute("data-theme", "auto");
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await expect(root).toHaveAttribute("data-theme", "dark");
    await page.evaluate(() => document.documentElement.classList.add("light"));
    await page.evaluate(() => document.documentElement.removeAttribute("data-theme"));
    await expect(root).toHaveAttribute("data-theme", "light");
  });

  test("an iframe marked data-follow-theme takes the page's theme from embed-host.js, and its changes", async ({
    page,
  }) => {
    await openCourse(page, "?lang=en", "&hostScript=before&followTheme");
    const root = figureFrame(page).locator(".alf-root");
    await expect(root).toHaveAttribute("data-theme", "auto");
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await expect(root).toHaveAttribute("data-theme", "dark");
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await expect(root).toHaveAttribute("data-theme", "auto");
  });
});

test.describe("the web component's fallback content", () => {
  test("shows until the figure has started (a page that cannot load module scripts keeps it), then gives way", async ({
    page,
  }) => {
    await page.goto(`${COURSE}/hosts/fallback.html`);
    // No module has run yet: the element is unknown, its children show.
    await expect(page.getByRole("link", { name: "Open the figure" })).toBeVisible();
    await page.addScriptTag({ url: "/agent-loop-figure.js", type: "module" });
    await expect(page.locator("#figure").locator(".alf-figure")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the figure" })).toBeHidden();
  });
});

test.describe("the web component's properties (Vue, React 19 and Lit set properties when an element has them)", () => {
  test("every attribute it reads can be set as a property, which sets the attribute; a read gives it back", async ({
    page,
  }) => {
    await page.goto(`${COURSE}/hosts/components.html`);
    const second = page.locator("#second");
    const counter = second.locator(".alf-counter > [aria-hidden]");
    await expect(counter).toHaveText("1 / 8");
    await second.evaluate((el) => {
      Object.assign(el, { step: 3 });
    });
    await expect(counter).toHaveText("3 / 8");
    await expect(second).toHaveAttribute("step", "3");
    await second.evaluate((el) => {
      Object.assign(el, { theme: "dark", controls: "full", dwell: 2, checkpoints: true, lang: "zh" });
    });
    await expect(second).toHaveAttribute("theme", "dark");
    await expect(second.locator(".alf-root")).toHaveAttribute("data-theme", "dark");
    await expect(second).toHaveAttribute("dwell", "2");
    await expect(second).toHaveAttribute("checkpoints", "1");
    await expect(second).toHaveAttribute("controls", "full");
    // At step 3, F22's first question waits: Next says it skips it.
    await expect(second.getByRole("button", { name: "跳过这道题" })).toBeVisible();
    expect(
      await second.evaluate((el) => {
        const figure = el as HTMLElement & Record<string, unknown>;
        return [figure.theme, figure.dwell, figure.checkpoints, figure.controls, figure.lang, figure.step];
      }),
    ).toEqual(["dark", 2, true, "full", "zh", 3]);
    await second.evaluate((el) => {
      Object.assign(el, { scenario: "claimed-done", theme: null });
    });
    await expect(second).toHaveAttribute("scenario", "claimed-done");
    await expect(second.locator(".alf-figure")).toHaveAccessibleName(/声称完成/);
    await expect(second).not.toHaveAttribute("theme");
    await second.evaluate((el) => {
      Object.assign(el, { activity: "https://course.example/figures/booking", autoplay: false, lang: "en" });
    });
    await expect(second).toHaveAttribute("activity", "https://course.example/figures/booking");
    await expect(second).toHaveAttribute("autoplay", "0");
    // A figure file, by its property.
    await second.evaluate((el) => {
      Object.assign(el, { src: "/figures/booking.json" });
    });
    await expect(second).toHaveAttribute("src", "/figures/booking.json");
    await expect(second.locator(".alf-figure")).toHaveAccessibleName(/A check of room A is no check of room B/);
  });

  test("a property set before the element is defined, as a framework that renders first sets it, is kept", async ({
    page,
  }) => {
    await page.goto(`${COURSE}/hosts/fallback.html`);
    await page.locator("#figure").evaluate((el) => {
      Object.assign(el, { step: 5, theme: "dark" });
    });
    await page.addScriptTag({ url: "/agent-loop-figure.js", type: "module" });
    const figure = page.locator("#figure");
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("5 / 8");
    await expect(figure.locator(".alf-root")).toHaveAttribute("data-theme", "dark");
    await expect(figure).toHaveAttribute("step", "5");
  });
});

test.describe("the embed page's small courtesies", () => {
  test("reads the chapter page's #step-N link form, and declares an icon (no favicon.ico request)", async ({
    page,
  }) => {
    const icons: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("favicon")) icons.push(request.url());
    });
    await page.goto(`${FIGURE}/embed-en.html#step-3`);
    await expect(page.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]").first()).toHaveText("3 / 8");
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /^data:image\/svg\+xml,/);
    await page.waitForLoadState("networkidle");
    expect(icons).toEqual([]);
  });
});

test.describe("an iframe in a container that sizes itself to its content", () => {
  test("the documented width (60rem, at most the container's) gives a figure's width where 100% gives 300 px", async ({
    page,
  }) => {
    const frame = (style: string) =>
      `<div style="display:inline-block"><iframe src="${FIGURE}/embed-en.html" title="figure" style="display:block; ${style}; height:400px; border:0"></iframe></div>`;
    for (const [width, expected] of [
      [1280, 960],
      [375, 343],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.setContent(
        `<body style="margin:0; padding:16px">${frame("width:100%")}${frame("width:60rem; max-width:100%")}</body>`,
      );
      const widths = await page
        .locator("iframe")
        .evaluateAll((frames) => frames.map((f) => f.getBoundingClientRect().width));
      expect(widths).toEqual([300, expected]);
    }
  });
});
