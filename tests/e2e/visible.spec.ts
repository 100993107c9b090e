import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { counterOf, expect, figureOf, test, untilHydrated } from "./fixtures";

/** The call_ids that are lit (their thread highlighted) in the figure, in document order. */
const litIds = (page: Page) => figureOf(page).locator(".alf-chip[data-thread]").allTextContents();

test.describe("the call_id thread", () => {
  test("pointing at a call_id lights every place it appears, across the diagram and the panels", async ({ page }) => {
    await page.goto("./?scenario=idempotent-replay&lang=en#step-14");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("14 / 22");
    // The panels below the stage (their chunk follows the figure's first load) hold the context's chips too.
    await expect(fig.getByRole("region", { name: "Context" })).toBeVisible();
    const everywhere = fig.locator(".alf-chip", { hasText: /^call_2$/ });
    const count = await everywhere.count();
    expect(count).toBeGreaterThanOrEqual(6); // proposal, approval, result and feedback rows, plus the context
    await fig
      .getByRole("button", { name: /^call_2:/ })
      .first()
      .hover();
    await expect(fig.locator(".alf-chip[data-thread]")).toHaveCount(count);
    expect(new Set(await fig.locator(".alf-chip[data-thread]").allTextContents())).toEqual(new Set(["call_2"]));
    // Told by shape, not colour alone: a ring and an underline.
    await expect(everywhere.first()).toHaveCSS("text-decoration-line", "underline");
    await page.mouse.move(0, 0);
    await expect(fig.locator(".alf-chip[data-thread]")).toHaveCount(0);
  });

  test("is reachable by keyboard: focus lights the thread, Enter pins it, the arrow keys still step", async ({
    page,
  }) => {
    await page.goto("./#step-8");
    const fig = figureOf(page);
    const chip = fig.getByRole("button", { name: "call_1：高亮它出现的每一处" }).first();
    await chip.focus();
    await expect(chip).toBeFocused();
    expect(new Set(await litIds(page))).toEqual(new Set(["call_1"]));
    expect((await litIds(page)).length).toBeGreaterThanOrEqual(5);
    await page.keyboard.press("Enter");
    await expect(chip).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(counterOf(fig)).toHaveText("7 / 8");
    // Pinned: still lit once focus has gone elsewhere.
    await fig.getByRole("button", { name: "上一步" }).focus();
    expect((await litIds(page)).length).toBeGreaterThan(0);
    await fig.getByRole("button", { name: "call_1：高亮它出现的每一处" }).first().click();
    await fig.getByRole("button", { name: "上一步" }).focus();
    await expect(fig.locator(".alf-chip[data-thread]")).toHaveCount(0);
  });
});

test.describe("the host's final check", () => {
  test("is a checklist at the last step: each check held, its evidence the step and call_id it came from", async ({
    page,
  }) => {
    await page.goto("./?lang=en#step-8");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("8 / 8");
    // In the stage's box under its own heading, each check's evidence on a line of its own (and in the panel below).
    const change = fig.getByRole("group", { name: "What this step changed" });
    await expect(change.getByRole("heading", { name: "The host's check" })).toBeVisible();
    const list = change.getByRole("list", { name: "The host checks the environment" });
    await expect(list.getByRole("listitem")).toHaveText([
      "✓ a tool read config.txt: holdsevidence: step 5 call_1",
      "✓ the reply says “30”: holdsevidence: step 5 call_1",
    ]);
    const [check, evidence] = await Promise.all([
      list.getByRole("listitem").first().locator(".alf-check-result").boundingBox(),
      list.getByRole("listitem").first().locator(".alf-evidence").boundingBox(),
    ]);
    expect((evidence?.y ?? 0) >= (check?.y ?? 0) + (check?.height ?? 0) - 1).toBe(true);
    await expect(fig.getByRole("list", { name: "The host checks the environment" })).toHaveCount(2);
    // The evidence's call_id lights its thread: the diagram's row 5, where the read came back.
    await list
      .getByRole("button", { name: /^call_1:/ })
      .first()
      .hover();
    await expect(fig.locator('.alf-row[data-step="5"] .alf-chip[data-thread]')).toHaveCount(1);
    // The reply itself is drawn as a claim, apart from the check.
    await expect(fig.locator('.alf-row[data-step="7"] .alf-claim')).toHaveText("claim");
  });

  test("says which check failed when one does (a claimed, unverified done)", async ({ page }) => {
    await page.goto("./?lang=en&scenario=claimed-done");
    const fig = page.locator(".alf-figure").first();
    await untilHydrated(fig);
    await fig.focus();
    await page.keyboard.press("End");
    const list = fig.getByRole("list", { name: "The host checks the environment" });
    await expect(list.locator('[data-result="failed"]').first()).toContainText("does not hold");
  });
});

test.describe("the context diff", () => {
  test("says what each model call adds, with an estimated token count and how it is estimated", async ({ page }) => {
    await page.goto("./?lang=en#step-2");
    const fig = figureOf(page);
    const size = fig.locator(".alf-context-size");
    // The page opens in Chinese at step 1 (its pre-rendered frame); wait for the English step 2 it links to.
    const sentence = /adds 2 messages, about (\d+) tokens; about (\d+) tokens in the messages/;
    await expect(size).toHaveText(sentence);
    const first = (await size.textContent()) ?? "";
    const [, added, total] = first.match(sentence) ?? [];
    expect(Number(added)).toBeGreaterThan(0);
    expect(added).toBe(total); // the first call's context is all new
    // Marked new in the Context panel (and landing in the stage's box of what the step changed).
    await expect(fig.getByRole("region", { name: "Context" }).locator(".alf-message[data-new]")).toHaveCount(2);
    await expect(fig.getByRole("group", { name: "What this step changed" }).locator(".alf-message")).toHaveCount(2);
    await expect(fig.locator(".alf-token-note")).toContainText(
      "about 4 Latin characters or 1 Chinese character per token",
    );

    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(size).toHaveText(`The context the model last received: about ${total} tokens`);
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("6 / 8");
    const second = (await size.textContent()) ?? "";
    const [, added2, total2] =
      second.match(/adds 2 messages, about (\d+) tokens; about (\d+) tokens in the messages/) ?? [];
    expect(Number(total2)).toBe(Number(total) + Number(added2));
    await expect(fig.getByRole("region", { name: "Context" }).locator(".alf-message[data-new]")).toHaveCount(2);
  });

  test("is as tall as the run's largest context: F22's whole context shows at every step, the box never resizes", async ({
    page,
  }) => {
    await page.goto("./?lang=en#step-1");
    const fig = figureOf(page);
    await untilHydrated(fig);
    const box = fig.getByRole("group", { name: "Context" });
    const heights = new Set<number>();
    await fig.focus();
    for (let step = 1; step <= 8; step += 1) {
      await expect(counterOf(fig)).toHaveText(`${step} / 8`);
      heights.add(Math.round((await box.boundingBox())?.height ?? 0));
      // Nothing is scrolled away: the box holds the context, and says nothing is folded.
      expect(await box.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
      await expect(fig.locator(".alf-fold")).toBeHidden();
      await page.keyboard.press("ArrowRight");
    }
    expect(heights.size).toBe(1);
    await expect(box.getByText("Tools declared")).toBeVisible();
  });

  test("folds what is above its cap with “↑ n earlier”, counted truly, and unfolds it a screen at a time", async ({
    page,
  }) => {
    // A narrow column (the panels one under another): more lines, several screens of context above the cap.
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto("./?lang=en&scenario=idempotent-replay#step-99");
    const fig = page.locator(".alf-figure").first();
    await untilHydrated(fig);
    const box = fig.getByRole("group", { name: "Context" });
    await box.scrollIntoViewIfNeeded();
    const fold = fig.getByRole("button", { name: /^↑ \d+ earlier$/ });
    const label = fig.locator(".alf-fold");
    // The messages above the box's top edge, in whole or in part, read from the layout: the label's number.
    const above = () =>
      box.evaluate((element) => {
        const top = element.getBoundingClientRect().top;
        return [...element.querySelectorAll(".alf-messages > li")].filter(
          (item) => item.getBoundingClientRect().top < top - 0.5,
        ).length;
      });
    const count = async () => Number(((await label.textContent()) ?? "").match(/\d+/)?.[0]);
    await expect(fold).toBeVisible();
    const first = await above();
    expect(first).toBeGreaterThan(0);
    await expect.poll(count).toBe(first);
    // Unfolding moves up a screen; the number follows; at the top the label goes and the focus stays in the panel.
    await fold.focus();
    await page.keyboard.press("Enter");
    await expect.poll(count).toBeLessThan(first);
    await expect.poll(async () => (await count()) === (await above())).toBe(true);
    for (let press = 0; press < 20 && (await label.isVisible()); press += 1) {
      const before = await count();
      // The label fading out at the top (a slow machine catches it) says 0: nothing is above.
      if (before === 0) break;
      await page.keyboard.press("Enter");
      await expect.poll(count).toBeLessThan(before);
    }
    await expect(label).toBeHidden();
    expect(await above()).toBe(0);
    await expect(box).toBeFocused();
  });
});

test.describe("a long run's past", () => {
  test("the steps above the box are counted over its corner and come back a box at a time, nothing else moving", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("./?lang=en&scenario=idempotent-replay#step-22");
    const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
    await untilHydrated(figure);
    await expect(counterOf(figure)).toHaveText("22 / 22");
    const box = figure.locator(".alf-body");
    const task = figure.locator(".alf-row").first();
    const inBox = async () => {
      const [outer, row] = [await box.boundingBox(), await task.boundingBox()];
      return outer !== null && row !== null && row.y >= outer.y - 1 && row.y + row.height <= outer.y + outer.height + 1;
    };
    expect(await inBox()).toBe(false);
    const above = figure.locator(".alf-rows-fold");
    await expect(above).toBeVisible();
    await expect(above).toHaveAccessibleName("Steps 1–15 are above: show them");
    await expect(above).toHaveText("↑ steps 1–15");
    // Where the step's words are in the figure (the page may scroll to the diagram as it takes the focus).
    const captionAt = () =>
      figure.evaluate(
        (element) =>
          (element.querySelector(".alf-step-caption")?.getBoundingClientRect().top ?? 0) -
          element.getBoundingClientRect().top,
      );
    const caption = await captionAt();
    await above.click();
    await expect(above).toHaveText("↑ steps 1–8");
    await above.click();
    await above.click();
    await expect(above).toBeHidden();
    await expect.poll(inBox).toBe(true);
    await expect(figure.getByRole("group", { name: /^Swimlane diagram/ })).toBeFocused();
    // The pill took no room: the step's words are where they were.
    expect(await captionAt()).toBe(caption);
    // Stepping brings the box back to the current step.
    await page.keyboard.press("ArrowLeft");
    await expect(counterOf(figure)).toHaveText("21 / 22");
    await expect(figure.getByRole("button", { name: "Steps 1–14 are above: show them" })).toBeVisible();
    await expect.poll(inBox).toBe(false);
  });
});

test.describe("the inner loop", () => {
  test("is off by default; switched on, it opens in the step's change box, over no row, and writes the output token by token", async ({
    page,
  }) => {
    await page.goto("./?lang=en#step-3");
    const fig = figureOf(page);
    await expect(fig.locator(".alf-inner")).toHaveCount(0);
    const toggle = fig.getByRole("button", { name: "Inner loop" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const inner = fig.getByRole("region", { name: "Inner loop: inside one model call" });
    await expect(inner).toBeVisible();
    // It opens in the box of what the step changed, beside the diagram: it covers none of the diagram's rows.
    await expect(fig.getByRole("group", { name: "What this step changed" }).locator(".alf-inner")).toBeVisible();
    await expect(fig.locator(".alf-row .alf-inner")).toHaveCount(0);
    const [diagramBox, innerBox] = await Promise.all([fig.locator(".alf-scroll").boundingBox(), inner.boundingBox()]);
    expect(innerBox?.x).toBeGreaterThanOrEqual((diagramBox?.x ?? 0) + (diagramBox?.width ?? 0));
    const tokens = inner.getByRole("list", { name: "Tokens, generated one by one" }).getByRole("listitem");
    // read_file({"path":"config.txt"}) in the fixed split: read _ file ( { " path " : " config . txt " } )
    await expect(tokens).toHaveText([
      "read",
      "_",
      "file",
      "(",
      "{",
      '"',
      "path",
      '"',
      ":",
      '"',
      "config",
      ".",
      "txt",
      '"',
      "}",
      ")",
    ]);
    await expect(inner).toContainText("16 tokens");
    // They appear one after another: each token's fade starts later than the one before (read from the styles the
    // page asks for, so the check does not depend on how fast this machine is).
    const delays = await tokens.evaluateAll((items) =>
      items.map((item) => ({
        name: getComputedStyle(item).animationName,
        delay: getComputedStyle(item).animationDelay,
      })),
    );
    expect(delays).toHaveLength(16);
    for (const { name } of delays) expect(name).toBe("alf-token-in");
    const seconds = delays.map(({ delay }) => Number.parseFloat(delay));
    expect(seconds[0]).toBe(0);
    for (let i = 1; i < seconds.length; i += 1) expect(seconds[i]).toBeGreaterThan(seconds[i - 1] ?? Infinity);
    await expect(tokens.last()).toHaveCSS("opacity", "1");

    // Not a model step: the box says why it is empty; the figure's height never changes.
    const height = (await fig.boundingBox())?.height;
    await page.keyboard.press("ArrowRight");
    await expect(fig.locator(".alf-change .alf-inner")).toContainText("No model output at this step");
    await expect(fig.locator(".alf-inner")).toHaveCount(1);
    expect((await fig.boundingBox())?.height).toBe(height);
  });

  test("shows every token at once under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("./?lang=en#step-7");
    const fig = figureOf(page);
    await fig.getByRole("button", { name: "Inner loop" }).click();
    const tokens = fig.locator(".alf-tokens > li");
    await expect(tokens).toHaveText(["timeout", "␣", "is", "␣", "30"]);
    const styles = await tokens.evaluateAll((items) =>
      items.map((item) => `${getComputedStyle(item).opacity} ${getComputedStyle(item).animationName}`),
    );
    expect(styles.every((style) => style === "1 none")).toBe(true);
    await context.close();
  });
});

test("the chapter page with its scenario picker, a pinned thread and the inner loop on is axe clean", async ({
  page,
}) => {
  await page.goto("./?scenario=experiment-07#step-7");
  const fig = page.locator(".alf-figure").first();
  await fig.getByRole("button", { name: "内循环" }).click();
  await fig
    .getByRole("button", { name: /^call_1：/ })
    .first()
    .click();
  await expect(fig.locator(".alf-tokens > li").first()).toBeVisible();
  // The tokens fade in one after another: check the colours once they have (a token caught mid-fade, on a busy
  // machine, is a frame's contrast, not the page's).
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState !== "finished").length))
    .toBe(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
