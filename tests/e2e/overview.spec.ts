/**
 * A long run at a glance (issue 57), in real Chromium: the shared real Codex rollout, a day-long rollout of 4,000
 * shell calls and the bench's 100,000-message log, each loaded as a reader loads a run; the overview's marks, its
 * jumps by button and key, Find from the box and from the address, the summary's links; in both languages, on a
 * phone, and in embed.html (whose overview comes from its own pack).
 */
import { readFileSync, writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { largeCodexRollout, largeLog } from "../fixtures/large-log";
import { counterOf, expect, openTools, test } from "./fixtures";

const SHARED_ROLLOUT = readFileSync("../shared/agent-logs/codex-rollout-0.40-gpt5codex-shell.jsonl", "utf8");

/** Serve `body` at /transcripts/<name> and open the chapter page on it. */
async function openRun(page: Page, name: string, body: string, query = "") {
  await page.route(
    (url) => url.pathname === `/transcripts/${name}`,
    (route) => route.fulfill({ contentType: "application/json", body }),
  );
  await page.goto(`./?transcript=/transcripts/${name}${query}`);
  return page.locator(".alf-figure").first();
}

/** Choose a file in the transcript panel and load it, as a reader does. */
async function loadFile(page: Page, file: string) {
  await page.goto("./?lang=en");
  await openTools(page);
  await page.getByRole("button", { name: "Load transcript" }).click();
  await page.getByLabel("or choose a file").setInputFiles(file);
  await page.getByRole("button", { name: "Load", exact: true }).click();
  return page.locator(".alf-figure").first();
}

/**
 * How tall each pixel column of a strip row's marks is, in device pixels: the pixels of row `row` (of `rows`) that
 * are drawn and are not the track's colour (the canvas's own `color`, drawn as a line across every row).
 */
async function markHeights(page: Page, row: number, rows: number): Promise<number[]> {
  return page
    .locator(".alf-overview canvas")
    .first()
    .evaluate(
      (canvas: HTMLCanvasElement, [index, count]) => {
        const context = canvas.getContext("2d");
        if (context === null) return [];
        const [r, g, b] = (getComputedStyle(canvas).color.match(/\d+/g) ?? []).map(Number);
        const top = Math.floor((canvas.height * index) / count);
        const band = Math.floor(canvas.height / count);
        const { data } = context.getImageData(0, top, canvas.width, band);
        const heights = new Array<number>(canvas.width).fill(0);
        for (let y = 0; y < band; y += 1) {
          for (let x = 0; x < canvas.width; x += 1) {
            const at = (y * canvas.width + x) * 4;
            const track =
              Math.abs((data[at] ?? 0) - (r ?? 0)) +
                Math.abs((data[at + 1] ?? 0) - (g ?? 0)) +
                Math.abs((data[at + 2] ?? 0) - (b ?? 0)) <
              24;
            if ((data[at + 3] ?? 0) > 128 && !track) heights[x] = (heights[x] ?? 0) + 1;
          }
        }
        return heights;
      },
      [row, rows] as const,
    );
}

test.describe("a long run at a glance", () => {
  test("the shared real Codex rollout: its overview, a find for a command's argument landing on its call, axe clean", async ({
    page,
  }) => {
    const figure = await openRun(page, "rollout.jsonl", SHARED_ROLLOUT, "&lang=en");
    await expect(counterOf(figure)).toHaveText("1 / 106");
    const overview = figure.locator("details.alf-overview");
    await expect(overview).toHaveAttribute("open", "");
    await expect(overview.locator("summary").first()).toHaveText(
      "Run overview 35 model calls · 34 tool calls · no problems",
    );
    await expect(overview.getByRole("button", { name: "Next problem" })).toHaveAttribute("aria-disabled", "true");
    const find = overview.getByRole("searchbox", { name: "Find" });
    await find.fill("sed -n '1,200p' packages/services/src/utils/applyOrder.ts");
    await expect(overview.locator(".alf-ov-said")).toHaveText("1 found");
    await find.press("Enter");
    await expect(counterOf(figure)).toHaveText("54 / 106");
    await expect(overview.locator(".alf-ov-said")).toHaveText("1 of 1");
    await expect(figure.locator(".alf-change")).toContainText("applyOrder.ts");
    // The step change is announced once, by the figure.
    await expect(page.locator(".alf-figure [aria-live]").first()).toContainText("Step 54 of 106");
    const results = await new AxeBuilder({ page }).include(".alf-overview").analyze();
    expect(results.violations).toEqual([]);
  });

  test("a day-long rollout (4,000 shell calls): every error marked, Next problem from step 1 lands on the first, the keys and the summary", async ({
    page,
  }, testInfo) => {
    const file = testInfo.outputPath("rollout-2025-09-25T21-00-00-day.jsonl");
    writeFileSync(file, largeCodexRollout(4000));
    const figure = await loadFile(page, file);
    await expect(counterOf(figure)).toHaveText("1 / 13,201");
    const overview = figure.locator("details.alf-overview");
    await expect(overview.locator('[data-row="error"]')).toHaveText("✗ Tool errors 200");
    await expect(overview.locator('[data-row="rounds"]')).toHaveText("│ Rounds 4,400");
    // The strip is drawn: its error row (the second of two) has marks along the whole run, one in twenty calls.
    const heights = await markHeights(page, 1, 2);
    const marked = heights.filter((height) => height > 0).length / heights.length;
    expect(marked).toBeGreaterThan(0.2);
    expect(heights.slice(-heights.length / 10).some((height) => height > 0)).toBe(true);
    await overview.getByRole("button", { name: "Next problem" }).click();
    await expect(counterOf(figure)).toHaveText("64 / 13,201");
    await expect(figure.locator(".alf-step-title")).toContainText("An error comes back for shell");
    // The keys, while the figure has focus: the next problem, back, the next round, the next shell call.
    await figure.focus();
    await page.keyboard.press("p");
    await expect(counterOf(figure)).toHaveText("130 / 13,201");
    await page.keyboard.press("Shift+P");
    await expect(counterOf(figure)).toHaveText("64 / 13,201");
    await page.keyboard.press("r");
    await expect(counterOf(figure)).toHaveText("65 / 13,201");
    // From the model call after the error, the next call of the tool last called: the user spoke in between.
    await page.keyboard.press("t");
    await expect(counterOf(figure)).toHaveText("69 / 13,201");
    await expect(figure.locator(".alf-change")).toContainText("call_21");
    await expect(overview.getByRole("group", { name: "shell calls" })).toBeVisible();
    // F goes to Find.
    await page.keyboard.press("f");
    await expect(overview.getByRole("searchbox", { name: "Find" })).toBeFocused();
    await overview.getByRole("searchbox", { name: "Find" }).fill("packages/p3999");
    await expect(overview.locator('[data-row="found"]')).toHaveText(/^⌕ Found \d+$/);
    await page.keyboard.press("Enter");
    await expect(figure.locator(".alf-change")).toContainText("packages/p3999");
    // The summary's items go to their first step.
    await overview.getByText("Summary", { exact: true }).click();
    await overview.getByRole("button", { name: "200 tool errors (the tool ran and failed)" }).click();
    await expect(counterOf(figure)).toHaveText("64 / 13,201");
    await overview.getByRole("button", { name: "Ended: not recorded" }).click();
    await expect(counterOf(figure)).toHaveText("13,201 / 13,201");
  });

  test("the 100,000-message bench log: its problems marked, Next problem from step 1 lands on the first, a find for an argument on its call", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const file = testInfo.outputPath("large-100k.json");
    writeFileSync(file, largeLog(100_000));
    const figure = await loadFile(page, file);
    await expect(counterOf(figure)).toHaveText("1 / 150,002", { timeout: 60_000 });
    const overview = figure.locator("details.alf-overview");
    await expect(overview.locator('[data-row="warning"]')).toHaveText("⚠ Warnings 6");
    await overview.getByRole("button", { name: "Next problem" }).click();
    await expect(counterOf(figure)).toHaveText("11,997 / 150,002");
    await expect(figure.locator(".alf-notes-shown")).toContainText("call_2000");
    await overview.getByRole("searchbox", { name: "Find" }).fill('"reservation_id":"R24001"');
    await expect(overview.locator(".alf-ov-said")).toHaveText(/^\d+ found$/, { timeout: 30_000 });
    await overview.getByRole("searchbox", { name: "Find" }).press("Enter");
    await expect(figure.locator(".alf-change")).toContainText("call_24001");
  });

  test("in Chinese on a phone, with a find from the address", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const figure = await openRun(page, "rollout.jsonl", SHARED_ROLLOUT, "&lang=zh&find=applyOrder.ts");
    const overview = figure.locator("details.alf-overview");
    await expect(overview.getByRole("searchbox", { name: "查找" })).toHaveValue("applyOrder.ts");
    await expect(overview.locator(".alf-ov-said")).toHaveText(/^找到 \d+ 处$/);
    await expect(overview.getByRole("button", { name: "下一个问题" })).toBeVisible();
    await overview.getByRole("searchbox", { name: "查找" }).press("Enter");
    await expect(figure.locator(".alf-change")).toContainText("applyOrder.ts");
    // Nothing of the overview is wider than the phone.
    const overflow = await overview.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("on a phone it starts closed under its heading, the stage in view; P still goes to the next problem", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const figure = await openRun(page, "rollout-day.jsonl", largeCodexRollout(100), "&lang=en");
    const overview = figure.locator("details.alf-overview");
    await expect(overview.locator("summary").first()).toHaveText(
      "Run overview 110 model calls · 100 tool calls · 5 problems",
    );
    await expect(overview).not.toHaveAttribute("open", "");
    await figure.focus();
    await page.keyboard.press("p");
    await expect(counterOf(figure)).toHaveText("64 / 331");
    await overview.locator("summary").first().click();
    await expect(overview.getByRole("button", { name: "Next problem" })).toBeVisible();
  });

  test("on a phone, where errors crowd the strip is taller: a day-long rollout whose errors bunch in its first quarter", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    // 250 errors in the first thousand calls, then one in a hundred: 280 marks for the strip's 150 columns.
    const body = largeCodexRollout(4000, (call) => (call <= 1000 ? call % 4 === 0 : call % 100 === 0));
    const figure = await openRun(page, "rollout-bunched.jsonl", body, "&lang=en");
    const overview = figure.locator("details.alf-overview");
    await overview.locator("summary").first().click();
    await expect(overview.locator('[data-row="error"]')).toHaveText("✗ Tool errors 280");
    const heights = await markHeights(page, 1, 2);
    const quarter = Math.floor(heights.length / 4);
    const early = heights.slice(0, quarter - 4).filter((height) => height > 0);
    const late = heights.slice(quarter + 4).filter((height) => height > 0);
    expect(late.length).toBeGreaterThan(0);
    // Every mark is seen; those in the crowded quarter are drawn taller than any after it.
    expect(Math.min(...early)).toBeGreaterThan(Math.max(...late));
  });

  test("a lesson has it closed in the drawer; embed.html loads it from its own pack", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(new URL(request.url()).pathname.split("/").pop() ?? ""));
    await page.goto("./embed-en.html");
    const figure = page.locator(".alf-figure").first();
    await expect(counterOf(figure)).toHaveText("1 / 8");
    await expect(figure.locator(".alf-overview")).toHaveCount(0);
    await figure.locator("details.alf-drawer > summary").click();
    await expect(figure.getByRole("button", { name: "Next problem" })).toHaveAttribute("aria-disabled", "true");
    expect(loaded).toContain("embed-overview.js");
    await figure.getByRole("searchbox", { name: "Find" }).fill("config.txt");
    await figure.getByRole("searchbox", { name: "Find" }).press("Enter");
    await expect(counterOf(figure)).toHaveText("3 / 8");
    await expect(figure.locator(".alf-overview summary").first()).toHaveText(
      "Run overview 2 model calls · 1 tool call · no problems",
    );
    // A find in embed.html's address opens the drawer on it.
    await page.goto("./embed-en.html?find=timeout%3D30");
    const found = page.locator(".alf-figure").first();
    await expect(found.locator("details.alf-drawer")).toHaveAttribute("open", "");
    await expect(found.getByRole("searchbox", { name: "Find" })).toHaveValue("timeout=30");
    await expect(found.locator(".alf-ov-said")).toHaveText("1 found");
    await found.getByRole("searchbox", { name: "Find" }).press("Enter");
    await expect(counterOf(found)).toHaveText("5 / 8");
  });
});
