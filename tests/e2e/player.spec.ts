import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import {
  counterOf,
  expect,
  figureOf,
  liveRegionOf,
  openTools,
  sampleArrowScale,
  sampledScales,
  test,
  untilHydrated,
} from "./fixtures";

test.describe("the chapter page", () => {
  test("shows the chapter around figure F22, rendered from the engine", async ({ page }) => {
    await page.goto("./");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("模型提议与程序执行分离");
    for (const name of ["输入与适用条件", "运行命令", "完整教学代码", "运行结果示例"]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    for (const term of ["调用标识（call ID）", "工具结果（tool result）", "上下文（context）"]) {
      await expect(page.getByText(term)).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "完整教学代码" })).toContainText("export class Executor");
    await expect(page.getByRole("region", { name: "运行结果示例" })).toContainText('"实际模拟写入次数": 1');
    const figure = figureOf(page);
    await expect(figure).toHaveAttribute("data-state", "paused");
    await expect(counterOf(figure)).toHaveText("1 / 8");
  });
});

test.describe("embedding safety", () => {
  test("runs under a strict Content Security Policy (no inline script)", async ({ page, problems }) => {
    await page.goto("./");
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      "content",
      /script-src 'self'/,
    );
    const violated = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true });
          const script = document.createElement("script");
          script.textContent = "document.body.dataset.inlineRan = 'yes'";
          document.head.append(script);
          setTimeout(() => resolve(null), 2000);
        }),
    );
    expect(violated).toBe("script-src-elem");
    await expect(page.locator("body")).not.toHaveAttribute("data-inline-ran", "yes");
    // The browser reports the script it refused: that one console error is this test's own doing.
    await expect.poll(() => problems.some((p) => p.includes("Content Security Policy"))).toBe(true);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("Content Security Policy")));
    await figureOf(page).getByRole("button", { name: "下一步" }).click();
    await expect(counterOf(figureOf(page))).toHaveText("2 / 8");
  });
});

test.describe("the panels", () => {
  test("show the context the model was given, the call id and the result, step by step", async ({ page }) => {
    await page.goto("./#step-5");
    const figure = figureOf(page);
    const context = figure.getByRole("region", { name: "上下文" });
    await expect(context.getByRole("listitem")).toHaveCount(2);
    await expect(figure.getByRole("region", { name: "工具结果" })).toContainText("call_1 timeout=30");
    await expect(figure.locator(".alf-file-state:not([aria-hidden])")).toHaveText("已读取");
    await page.keyboard.press("Tab");
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await expect(context.getByRole("listitem")).toHaveCount(4);
    await expect(context.locator(".alf-new")).toHaveCount(2);
    await expect(figure.getByRole("list", { name: "泳道" }).locator('[aria-current="true"]')).toHaveText(/宿主/);
  });
  test("keep the newest context message in view, and a short context at the top of its box", async ({ page }) => {
    // A context longer than the box's cap (the replay lesson's, on a phone): the box scrolls, by itself, to the newest.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("./?scenario=idempotent-replay#step-99");
    const figure = page.locator(".alf-figure").first();
    const box = figure.locator(".alf-context-scroll");
    const messages = box.locator(".alf-messages > li");
    const inView = async (item: Locator) => {
      const [outer, inner] = [await box.boundingBox(), await item.boundingBox()];
      return (
        outer !== null &&
        inner !== null &&
        inner.y >= outer.y - 1 &&
        inner.y + inner.height <= outer.y + outer.height + 1
      );
    };
    await expect.poll(() => box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expect.poll(async () => inView(messages.last())).toBe(true);
    expect(await inView(box.locator(".alf-tools"))).toBe(false);
    // At step 2 the context is short: it sits at the top of its box.
    await figure.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText(/^2 \//);
    await expect(messages).toHaveCount(2);
    const [outer, first] = [await box.boundingBox(), await messages.first().boundingBox()];
    if (outer === null || first === null) throw new Error("the context box is not laid out");
    expect(first.y - outer.y).toBeLessThan(outer.height / 2);
  });
});

test.describe("keyboard", () => {
  test("walks 1→8→1 with the arrow keys while the figure has focus, announcing each step once", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    await figure.focus();
    await expect(figure.locator(".alf-keys-hint")).toBeVisible();
    for (let n = 2; n <= 8; n += 1) {
      await page.keyboard.press("ArrowRight");
      await expect(counterOf(figure)).toHaveText(`${n} / 8`);
      await expect(liveRegionOf(page)).toHaveText(new RegExp(`^第 ${n} 步，共 8 步：`));
    }
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText("8 / 8");
    for (let n = 7; n >= 1; n -= 1) {
      await page.keyboard.press("ArrowLeft");
      await expect(counterOf(figure)).toHaveText(`${n} / 8`);
    }
    await page.keyboard.press("End");
    await expect(counterOf(figure)).toHaveText("8 / 8");
    await page.keyboard.press("Home");
    await expect(counterOf(figure)).toHaveText("1 / 8");
    await expect(liveRegionOf(page)).toHaveCount(1);
  });

  test("keeps focus on Next when it reaches the end, and the keys keep working", async ({ page }) => {
    await page.goto("./#step-7");
    const figure = figureOf(page);
    const next = figure.getByRole("button", { name: "下一步" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(counterOf(figure)).toHaveText("8 / 8");
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(counterOf(figure)).toHaveText("7 / 8");
  });

  test("ignores and never swallows keys pressed outside the figure", async ({ page }) => {
    await page.goto("./");
    await page.evaluate(() => {
      (window as unknown as { prevented: string[] }).prevented = [];
      document.addEventListener("keydown", (e) => {
        if (e.defaultPrevented) (window as unknown as { prevented: string[] }).prevented.push(e.key);
      });
    });
    await page.getByRole("region", { name: "完整教学代码" }).focus();
    for (const key of ["ArrowRight", "ArrowLeft", "End", "Home", "Space"]) await page.keyboard.press(key);
    await expect(counterOf(figureOf(page))).toHaveText("1 / 8");
    expect(await page.evaluate(() => (window as unknown as { prevented: string[] }).prevented)).toEqual([]);
  });

  test("leaves the slider's arrow keys to the slider", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    const slider = figure.getByRole("slider", { name: "停留时间" });
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("3.5");
    await expect(figure.locator("output .alf-dwell-said")).toHaveText("3.5 秒");
    await expect(counterOf(figure)).toHaveText("1 / 8");
  });

  test("a step changes only what it changes: two rows, and never the dwell slider", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    await expect(page.locator(".alf-rehearsal")).toHaveCount(0);
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText("2 / 8");
    // Record every DOM write in the figure over the next step change.
    await figure.evaluate((element) => {
      const w = window as unknown as { writes: string[] };
      w.writes = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target instanceof Element ? record.target : record.target.parentElement;
          const row = target?.closest(".alf-row")?.getAttribute("data-step");
          w.writes.push(target?.closest(".alf-dwell") ? "dwell" : row ? `row ${row}` : "other");
        }
      }).observe(element, { subtree: true, attributes: true, childList: true, characterData: true });
    });
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText("3 / 8");
    const writes = await page.evaluate(() => (window as unknown as { writes: string[] }).writes);
    // Rows 2 (current → past) and 3 (future → current) change; the other six and the slider are left alone.
    expect(new Set(writes.filter((write) => write !== "other"))).toEqual(new Set(["row 2", "row 3"]));
  });

  test("focuses the figure when the reader clicks inside it", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    await figure.locator(".alf-step-caption").click();
    await expect(figure).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText("2 / 8");
  });
});

test.describe("focus", () => {
  for (const where of ["inline", "enlarged"] as const) {
    test(`stays in the figure (${where}) when a step change removes the focused call_id chip`, async ({ page }) => {
      await page.goto("./?lang=en#step-6");
      let figure = figureOf(page);
      if (where === "enlarged") {
        await figure.getByRole("button", { name: "Present" }).click();
        figure = page.getByRole("dialog").locator(".alf-figure");
      }
      // The first chip of step 6 is on its row's arrow (context #2 feeds call_1 back): at step 5 that arrow is
      // no longer the current one and its chip is gone.
      const chip = figure.locator("button.alf-chip").first();
      await chip.focus();
      await page.keyboard.press("ArrowLeft");
      await expect(figure).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(counterOf(figure)).toHaveText("3 / 8");
    });
  }
});

test.describe("playback", () => {
  test("plays to the end at the shortest dwell and stops by itself; Play at the end starts over", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    const slider = figure.getByRole("slider", { name: "停留时间" });
    await slider.focus();
    await page.keyboard.press("Home");
    await expect(figure.locator("output .alf-dwell-said")).toHaveText("1 秒");
    await figure.getByRole("button", { name: "播放" }).click();
    await expect(figure).toHaveAttribute("data-state", "playing");
    await expect(figure.getByRole("button", { name: "暂停" })).toBeVisible();
    // While playing: the setting says which dwell applies, and a line on the Pause button fills in the step's stay.
    await expect(figure.locator(".alf-dwell-now")).toHaveText("本步 1 秒");
    await expect(figure.getByRole("button", { name: "暂停" }).locator(".alf-dwell-line")).toHaveCount(1);
    await expect(counterOf(figure)).toHaveText("8 / 8", { timeout: 12_000 });
    await expect(figure).toHaveAttribute("data-state", "ended");
    await expect(figure.locator(".alf-dwell-now")).toHaveCount(0);
    await page.waitForTimeout(1500);
    await expect(counterOf(figure)).toHaveText("8 / 8");
    await figure.getByRole("button", { name: "从头播放" }).click();
    await expect(counterOf(figure)).toHaveText("1 / 8");
    await expect(figure).toHaveAttribute("data-state", "playing");
  });
});

test.describe("enlarge", () => {
  test("opens a modal dialog with the same state, keeps focus inside, closes on Escape and returns focus", async ({
    page,
  }) => {
    await page.goto("./#step-3");
    const figure = figureOf(page);
    const enlarge = figure.getByRole("button", { name: "演示" });
    await enlarge.click();
    const dialog = page.getByRole("dialog", { name: "演示模式：动态图解 · F22" });
    await expect(dialog).toBeVisible();
    const big = dialog.getByRole("region", { name: /F22/ });
    await expect(counterOf(big)).toHaveText("3 / 8");
    await expect(big).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(big)).toHaveText("4 / 8");
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    const box = await big.boundingBox();
    const inlineBox = await figure.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(inlineBox?.width ?? 0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();
    await expect(counterOf(figure)).toHaveText("4 / 8");
    await enlarge.click();
    await dialog.getByRole("button", { name: "关闭" }).click();
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();
  });

  const inside = (page: Page) =>
    page.evaluate(() => document.querySelector("dialog")?.contains(document.activeElement) ?? false);

  for (const where of ["backdrop", "padding"] as const) {
    test(`a click on the dialog's ${where} keeps focus and the keys on the figure inside`, async ({ page }) => {
      await page.goto("./#step-3");
      await figureOf(page).getByRole("button", { name: "演示" }).click();
      const dialog = page.getByRole("dialog");
      const big = dialog.getByRole("region", { name: /F22/ });
      const box = await dialog.boundingBox();
      if (box === null) throw new Error("no dialog box");
      // The backdrop: the viewport's corner, outside the dialog. The padding: just inside the dialog's edge.
      const [x, y] = where === "backdrop" ? [3, 3] : [box.x + 4, box.y + box.height / 2];
      await page.mouse.click(x, y);
      await expect(dialog).toBeVisible();
      await page.keyboard.press("ArrowRight");
      await expect(counterOf(big)).toHaveText("4 / 8");
      await page.keyboard.press("Shift+Tab");
      expect(await inside(page)).toBe(true);
      await page.mouse.click(x, y);
      await page.keyboard.press("Tab");
      expect(await inside(page)).toBe(true);
    });
  }

  test("a scripted #step link while the enlarged view is open moves the figure and keeps focus in the dialog", async ({
    page,
  }) => {
    await page.goto("./#step-2");
    await figureOf(page).getByRole("button", { name: "演示" }).click();
    const big = page.getByRole("dialog").getByRole("region", { name: /F22/ });
    await expect(big).toBeFocused();
    await page.evaluate(() => {
      window.location.hash = "step-6";
    });
    await expect(counterOf(big)).toHaveText("6 / 8");
    expect(await inside(page)).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(big)).toHaveText("7 / 8");
  });
});

test.describe("layout", () => {
  test("at 375 px every lane fits: neither the diagram nor the page scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("./#step-5");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const scroller = figureOf(page).locator(".alf-scroll");
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    // The current step's label (tool → host, at the right edge) is kept inside the diagram.
    const label = await figureOf(page).locator('.alf-row[data-status="current"] .alf-arrow-label').boundingBox();
    const box = await scroller.boundingBox();
    expect(label !== null && box !== null && label.x + label.width <= box.x + box.width).toBe(true);
  });

  test("honours reduced motion: the current arrow appears at once", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("./");
    const figure = figureOf(page);
    await figure.getByRole("button", { name: "下一步" }).click();
    const transform = await figure
      .locator('[data-status="current"] .alf-arrow-line')
      .evaluate((el) => getComputedStyle(el).transform);
    expect(["none", "matrix(1, 0, 0, 1, 0, 0)"]).toContain(transform);
    await context.close();
  });

  test("keeps the pre-rendered panels while their chunk loads, steps meanwhile, then shows the step's own", async ({
    page,
  }) => {
    // The panels' chunk (and the words only they say) held back until the figure has been stepped.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/(StepPanels|later\.zh)-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("./");
    const figure = figureOf(page);
    await untilHydrated(figure);
    const context = figure.getByRole("region", { name: "上下文" });
    // The page's HTML already shows them: the figure's first load does not carry their code.
    await expect(context).toContainText("模型还没有看到任何内容");
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText("3 / 8");
    // The stage says what step 3 changed at once; the panels below keep the first frame's HTML meanwhile.
    await expect(figure.getByRole("group", { name: "这一步改变了什么" })).toContainText("read_file");
    await expect(context).toBeVisible();
    release();
    await expect(figure.getByRole("region", { name: "调用标识" })).toContainText("call_1");
    await expect(context).toContainText("读取 config.txt 中的 timeout");
    expect(errors).toEqual([]);
  });

  test("does not move anything on load", async ({ page }) => {
    await page.addInitScript(sampleArrowScale, 200);
    await page.goto("./#step-3");
    await page.waitForTimeout(700);
    const scales = await sampledScales(page);
    expect(scales.length).toBeGreaterThan(5);
    expect(scales.every((a) => a === 1)).toBe(true);
    await expect(figureOf(page)).toHaveAttribute("data-state", "paused");
  });

  test("prints all eight steps as numbered frames", async ({ page }) => {
    await page.goto("./");
    await page.emulateMedia({ media: "print" });
    const frames = page.locator(".alf-print-frame");
    await expect(frames).toHaveCount(8);
    for (let i = 0; i < 8; i += 1) await expect(frames.nth(i)).toBeVisible();
    await expect(frames.nth(5)).toContainText("6. 宿主回填 call_1 的结果");
    await expect(frames.nth(5)).toContainText("timeout=30");
    await expect(figureOf(page)).toBeHidden();
  });

  test("follows the dark colour scheme", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("./");
    const background = await figureOf(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(22, 24, 29)");
    await context.close();
  });
});

test.describe("language and links", () => {
  test("switches every string to English with ?lang=en, and back with the toggle", async ({ page }) => {
    await page.goto("./?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The model proposes; the program executes");
    const figure = figureOf(page);
    for (const name of ["Previous", "Play", "Next", "Present"]) {
      await expect(figure.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(figure.getByRole("heading", { level: 3 })).toHaveText(
      "1. The user's task: “Read timeout from config.txt”",
    );
    await figure.getByRole("button", { name: "中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("模型提议与程序执行分离");
    await expect(figure.getByRole("button", { name: "下一步" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("lang")).toBeNull();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  });

  test("opens at #step-N or ?step=N and updates the hash without piling up history", async ({ page }) => {
    await page.goto("./#step-5");
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("5 / 8");
    await page.goto("./?step=3");
    await expect(counterOf(figure)).toHaveText("3 / 8");
    const before = await page.evaluate(() => history.length);
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/#step-5$/);
    expect(await page.evaluate(() => history.length)).toBe(before);
  });

  test("follows a #step-N link on the same page", async ({ page }) => {
    await page.goto("./");
    await page.evaluate(() => {
      window.location.hash = "step-6";
    });
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("6 / 8");
    await figure.getByRole("button", { name: "上一步" }).click();
    await expect(page).toHaveURL(/#step-5$/);
    await page.evaluate(() => {
      window.location.hash = "step-6";
    });
    await expect(counterOf(figure)).toHaveText("6 / 8");
    // Another anchor on the page leaves the figure where it is.
    await page.evaluate(() => {
      window.location.hash = "code-heading";
    });
    await page.waitForTimeout(200);
    await expect(counterOf(figure)).toHaveText("6 / 8");
  });

  test("a #step link followed while the figure plays stops it at that step", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    await figure.getByRole("button", { name: "播放" }).click();
    await expect(figure).toHaveAttribute("data-state", "playing");
    await page.evaluate(() => {
      window.location.hash = "step-7";
    });
    await expect(counterOf(figure)).toHaveText("7 / 8");
    await expect(figure).toHaveAttribute("data-state", "paused");
    // It stays there: the playback does not go on from the link's step.
    await page.waitForTimeout(2500);
    await expect(counterOf(figure)).toHaveText("7 / 8");
    await expect(page).toHaveURL(/#step-7$/);
  });

  test("a #step link right after stepping wins over the pending URL write, and the URL agrees once settled", async ({
    page,
  }) => {
    await page.goto("./#step-3");
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("3 / 8");
    await figure.focus();
    await page.keyboard.press("ArrowRight"); // the URL write for step 4 waits until stepping settles
    await page.evaluate(() => {
      window.location.hash = "step-2";
    });
    await expect(counterOf(figure)).toHaveText("2 / 8");
    await page.waitForTimeout(700);
    await expect(counterOf(figure)).toHaveText("2 / 8");
    await expect(page).toHaveURL(/#step-2$/);
  });

  test("a #step link whose event comes after a step's URL write has replaced the hash still wins (a busy page)", async ({
    page,
  }) => {
    await page.goto("./#step-3");
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("3 / 8");
    // As on a loaded machine: the link sets #step-2, and before its hashchange event is handled the figure's
    // pending URL write (for another step) replaces the hash.
    await page.evaluate(() => {
      window.location.hash = "step-2";
      window.history.replaceState(window.history.state, "", "#step-4");
    });
    await expect(counterOf(figure)).toHaveText("2 / 8");
    await expect(page).toHaveURL(/#step-2$/);
  });

  test("a link to the step the URL still names moves the figure back there", async ({ page }) => {
    await page.goto("./#step-3");
    const figure = figureOf(page);
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "#step-3";
      link.id = "see-step-3";
      link.textContent = "see step 3";
      document.querySelector("main, body")?.prepend(link);
    });
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(figure)).toHaveText("4 / 8");
    // The URL still says #step-3 (its write is pending), so following the link fires no hashchange.
    await page.locator("#see-step-3").click();
    await expect(counterOf(figure)).toHaveText("3 / 8");
    await page.waitForTimeout(700);
    await expect(page).toHaveURL(/#step-3$/);
    await expect(counterOf(figure)).toHaveText("3 / 8");
  });

  for (const [query, shown] of [
    ["?step=99", "8 / 8"],
    ["?step=0", "1 / 8"],
    ["?step=abc", "1 / 8"],
    ["#step-", "1 / 8"],
    ["#step-%E0%A4%A", "1 / 8"],
    ["?lang=fr&step=2", "2 / 8"],
  ] as const) {
    test(`copes with ${query} calmly`, async ({ page }) => {
      await page.goto(`./${query}`);
      const figure = figureOf(page);
      await expect(counterOf(figure)).toHaveText(shown);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("模型提议与程序执行分离");
      await figure.getByRole("button", { name: shown === "8 / 8" ? "上一步" : "下一步" }).click();
      await expect(counterOf(figure)).not.toHaveText(shown);
    });
  }

  test("explains a bad step link without repeating the link's own words", async ({ page }) => {
    await page.goto("./?step=99");
    await expect(page.getByRole("note")).toHaveText("链接中的步骤超出范围（本图共 8 步），已显示第 8 步。");
    await page.goto("./?lang=en&step=Trust%20me%2C%20click%20here");
    await expect(page.getByRole("note")).toHaveText("The link's step is not a number; showing step 1.");
    await expect(page.getByRole("note")).not.toContainText("Trust");
  });

  test("decodes a step link once: ?step=%2536 is not step 6", async ({ page }) => {
    await page.goto("./?step=%2536");
    await expect(counterOf(figureOf(page))).toHaveText("1 / 8");
    await expect(page.getByRole("note")).toBeVisible();
  });
});

test.describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`has no serious or critical axe violations (${scheme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      await page.goto("./#step-6");
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
      await figureOf(page).getByRole("button", { name: "演示" }).click();
      // Presenter mode's code loads on its first opening.
      await expect(page.getByRole("dialog")).toBeVisible();
      const inDialog = await new AxeBuilder({ page }).include("dialog").analyze();
      expect(inDialog.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
      await context.close();
    });
  }
});

test.describe("motion", () => {
  // Frame sampling needs the page to get frames during the 280 ms the arrow travels; on a machine busy with
  // other work a whole animation can fall between two frames. One retry, for that reason only.
  test.describe.configure({ retries: 1 });
  test("animates the current arrow when motion is allowed", async ({ page }) => {
    await page.goto("./");
    const figure = figureOf(page);
    // The page arrives pre-rendered: a click before it has hydrated and painted is replayed without motion (the
    // figure is static until then). Wait for the scripts, then two frames.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // And until the main thread is idle: on a loaded CI machine the page's start-up work (hydration, the lazily
    // loaded code listing) can still run, and one long task over the arrow's 280 ms leaves no frame in between.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 3000 })));
    // Sample the current arrow's horizontal scale on every frame, starting before the click.
    await page.evaluate(sampleArrowScale, 400);
    await figure.getByRole("button", { name: "下一步" }).click();
    await expect(counterOf(figure)).toHaveText("2 / 8");
    await page.waitForTimeout(800);
    const scales = await sampledScales(page);
    expect(
      scales.some((a) => a > 0 && a < 1),
      "an in-between frame",
    ).toBe(true);
    expect(scales.at(-1)).toBe(1);
  });
});

test.describe("the rehearsal", () => {
  test("steps a hidden copy through every step once the page is idle, and leaves no trace", async ({ page }) => {
    await page.addInitScript(() => {
      const seen = { counters: [] as string[], added: 0, removed: 0, visible: false, tall: false, shifts: 0 };
      (window as unknown as { rehearsal: typeof seen }).rehearsal = seen;
      new PerformanceObserver((list) => {
        seen.shifts += list.getEntries().length;
      }).observe({ type: "layout-shift", buffered: true });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes)
            if (node instanceof Element && node.matches(".alf-rehearsal")) seen.added += 1;
          for (const node of record.removedNodes)
            if (node instanceof Element && node.matches(".alf-rehearsal")) seen.removed += 1;
        }
        const copy = document.querySelector(".alf-rehearsal");
        if (copy === null) return;
        seen.visible ||= getComputedStyle(copy).visibility !== "hidden";
        seen.tall ||= copy.getBoundingClientRect().height > 0;
        const counter = copy.querySelector(".alf-counter > [aria-hidden]")?.textContent ?? "";
        if (counter !== seen.counters.at(-1)) seen.counters.push(counter);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("./#step-3");
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("3 / 8");
    const rehearsal = () =>
      page.evaluate(
        () => (window as unknown as { rehearsal: { counters: string[]; added: number; removed: number } }).rehearsal,
      );
    await expect.poll(async () => (await rehearsal()).removed, { timeout: 15_000 }).toBe(1);
    const { counters, ...seen } = await page.evaluate(
      () => (window as unknown as { rehearsal: { counters: string[] } }).rehearsal,
    );
    // Several steps can share an idle period (the observer then sees the last of them): from step 1, forward only,
    // to the last step.
    expect(counters[0]).toBe("1 / 8");
    expect(counters.at(-1)).toBe("8 / 8");
    const numbers = counters.map((counter) => Number.parseInt(counter, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(seen).toEqual({
      added: 1,
      removed: 1,
      visible: false,
      tall: false,
      shifts: 0,
    });
    // The figure itself never moved: its step, its link and its one announcement region are as they were.
    await expect(counterOf(figure)).toHaveText("3 / 8");
    expect(new URL(page.url()).hash).toBe("#step-3");
    await expect(page.locator(".alf-rehearsal")).toHaveCount(0);
    await expect(liveRegionOf(page)).toHaveCount(1);
  });
});

test.describe("the first frame", () => {
  test("is in the HTML: with JavaScript off the chapter and step 1 of the figure are there to read", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("./");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("模型提议与程序执行分离");
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("1 / 8");
    await expect(figure.getByRole("heading", { level: 3 })).toHaveText("1. 用户任务：读取 config.txt 中的 timeout");
    await expect(figure.getByRole("list", { name: "泳道" }).getByRole("listitem")).toHaveCount(4);
    // The code listing, loaded lazily in the browser, is in the HTML too.
    await expect(page.getByRole("region", { name: "完整教学代码" })).toContainText("export class Executor");
    await context.close();
  });

  test("a deep link switches step after hydration without a layout shift", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("./#step-6");
    await expect(counterOf(figureOf(page))).toHaveText("6 / 8");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  });

  test("plays to the end at the shortest dwell without a single layout shift", async ({ page }) => {
    test.setTimeout(40_000);
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push(JSON.stringify(entry));
      }).observe({ type: "layout-shift" });
    });
    await page.goto("./embed.html?dwell=1");
    const figure = page.getByRole("region", { name: /F22/ });
    await figure.getByRole("button", { name: "播放" }).click();
    await expect(figure).toHaveAttribute("data-state", "ended", { timeout: 20_000 });
    await expect(figure.getByRole("button", { name: "从头播放" })).toBeVisible();
    // Not even the ones the browser forgives after input (the click): every label swap and step keeps its room.
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });

  test("loads only the reader's language, and the other one when asked for", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("./");
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText("1 / 8");
    await page.waitForLoadState("networkidle");
    // Each language is its labels' chunk and its chapter text's (src/app/languages.ts), each built-in's steps'
    // words written in its own; the prose, the code listing and the words for recorded runs are not loaded for the
    // language the page is pre-rendered in, nor the step phrases, which only a figure file or a recorded run needs.
    const chunks = (lang: string) =>
      loaded.filter((path) =>
        new RegExp(`/(catalog|labels|steps|chapter|prose|runs)\\.${lang}-[\\w-]+\\.js$`).test(path),
      );
    const code = () => loaded.filter((path) => /\/ChapterCode-[\w-]+\.js$/.test(path));
    const names = (lang: string) => chunks(lang).map((path) => path.split("/").pop()?.split("-")[0]);
    expect(names("zh").sort()).toEqual(["chapter.zh", "labels.zh"]);
    expect(chunks("en")).toEqual([]);
    expect(code()).toEqual([]);
    await expect(page.locator("#guide-heading")).toHaveText("沿着对象与状态理解本章");

    // Another language brings its prose: the page reads in it throughout, the code section's headings too.
    await figure.getByRole("button", { name: "English" }).click();
    await expect(figure.getByRole("button", { name: "Next" })).toBeVisible();
    await expect(page.locator("#guide-heading")).toHaveText("Follow the objects and their state");
    await expect(page.locator(".page-question")).toHaveText(/^Why can one user request call the model/);
    await expect(page.locator("#run-heading")).toHaveText("Run it");
    await expect(page.locator("#code-heading")).toBeVisible();
    await expect(page.locator("#output-heading")).toHaveText("Sample output");
    await expect(page.locator("#guide-heading")).toHaveCount(1);
    expect(names("en").sort()).toEqual(["chapter.en", "labels.en", "prose.en"]);

    // And back: the first language's prose, now from its words, once each.
    await figureOf(page).getByRole("button", { name: "中文" }).click();
    await expect(page.locator("#guide-heading")).toHaveText("沿着对象与状态理解本章");
    await expect(page.locator("#output-heading")).toHaveText("运行结果示例");
    await expect(page.locator(".page-panel")).toHaveCount(5);
    expect(errors).toEqual([]);
  });

  test("a built-in's words, written at build time, are the step phrases' own", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
    const phrases = () => loaded.filter((path) => /\/steps\.(zh|en)-[\w-]+\.js$/.test(path));
    await page.goto("./");
    const figure = figureOf(page);
    // Every arrow's label (the diagram at the last step), and every step's title and caption (the frames printed).
    const words = async () => {
      await figureOf(page).press("End");
      await expect(counterOf(figureOf(page))).toHaveText("8 / 8");
      const diagram = await figureOf(page)
        .getByRole("group", { name: /泳道图/ })
        .textContent();
      await page.emulateMedia({ media: "print" });
      const frames = page
        .locator(".alf-print")
        .first()
        .locator(".alf-print-frame > :is(.alf-step-title, .alf-step-caption)");
      await expect(frames).toHaveCount(16);
      const print = await frames.allTextContents();
      await page.emulateMedia({ media: null });
      return { diagram, print };
    };
    await figure.focus();
    const written = await words();
    expect(written.print[10]).toBe("6. 宿主回填 call_1 的结果，第 2 次调用模型 · 宿主");
    await page.waitForLoadState("networkidle");
    expect(phrases()).toEqual([]);

    // Another built-in comes with its own words, written too: its module, and no phrases.
    await openTools(page);
    const picker = page.getByRole("combobox", { name: "场景" });
    await picker.selectOption("scope-violation");
    await expect(page.getByRole("region", { name: /F22/ })).toHaveCount(0);
    await expect(page.locator(".alf-figure").first()).toHaveAccessibleName(/作用域/);
    expect(loaded.filter((path) => /\/scope-violation\.zh-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(phrases()).toEqual([]);
    // F22's own figure file (as dist/figures/ has it) is told by the phrases: the same words as the build wrote.
    await page.goto("./?figure=figures/builtin-f22.json");
    await expect(counterOf(figureOf(page))).toHaveText("1 / 8");
    await expect(page.getByLabel("场景")).toHaveValue("imported");
    await expect(page.getByLabel("场景").locator("option:checked")).toContainText("F22");
    await expect.poll(() => phrases().map((path) => path.split("/").pop()?.split("-")[0])).toEqual(["steps.zh"]);
    await figureOf(page).focus();
    expect(await words()).toEqual(written);
  });

  test("a link in English switches language after hydration", async ({ page }) => {
    await page.goto("./?lang=en#step-6");
    await expect(counterOf(figureOf(page))).toHaveText("6 / 8");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The model proposes; the program executes");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
  });
});
