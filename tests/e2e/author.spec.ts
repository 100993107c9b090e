import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The authoring page (author.html): a figure file in CodeMirror beside its live preview, by keyboard alone.
const root = resolve(import.meta.dirname, "../..");
const chatParallel = readFileSync(resolve(root, "tests/fixtures/transcripts/chat-parallel.json"), "utf8");

const editorOf = (page: Page) => page.locator(".cm-content");
const preview = (page: Page) => page.getByRole("region", { name: "Preview" }).locator(".alf-figure").first();
const counter = (page: Page) => preview(page).locator(".alf-counter > [aria-hidden]");
/** The editor's whole text, as the page keeps it once it has settled (CodeMirror draws only the lines in view). */
const editorText = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem("agent-loop-figure:author-draft") ?? "");
/** Start from a template, as an author would, and wait for its preview (`steps` long) at step 1. */
async function startFrom(page: Page, label: string, steps: number) {
  await page.getByLabel("Start from").selectOption({ label });
  await page.getByRole("button", { name: "Use this" }).click();
  await expect(counter(page)).toHaveText(`1 / ${steps}`);
}
/** Select the next `text` in the editor with its search panel (Ctrl+F, type, Enter, Esc), as an author would. */
async function find(page: Page, text: string) {
  await page.keyboard.press("Control+f");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
}

test.describe("the authoring page", () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  test("by keyboard alone: a template, an edit the preview follows at its step, a problem at its line, and back", async ({
    page,
  }) => {
    await page.goto("/author.html?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make a figure of your own lesson");
    await expect(counter(page)).toHaveText("1 / 8");
    // Tab to the template picker, choose the retry lesson, use it.
    const picker = page.getByLabel("Start from");
    await picker.focus();
    await picker.selectOption({ label: "A retry after a tool error" });
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Use this" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").first()).toHaveText(/undo \(Ctrl\+Z\) brings your text back/);
    await expect(counter(page)).toHaveText("1 / 12");
    // The preview, stepped by keyboard to the retry's proposal (step 7).
    await preview(page).focus();
    for (let n = 1; n < 7; n += 1) await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText("7 / 12");
    // Into the editor with Tab (never trapped there), and an edit of that step's caption.
    const editor = editorOf(page);
    await editor.focus();
    await expect(editor).toBeFocused();
    const text = await editorText(page);
    expect(text).toContain("The model retries with the same arguments.");
    await find(page, "The model retries with");
    await page.keyboard.insertText("Once more, the model tries");
    await expect(preview(page).locator(".alf-step-caption")).toHaveText(
      /^Once more, the model tries the same arguments\./,
    );
    await expect(counter(page)).toHaveText("7 / 12");
    // A mistake: the budget as a word. Its problem is listed at its line, marked in the editor, and the preview
    // keeps the last file without problems.
    await find(page, '"maxModelCalls": 4');
    await page.keyboard.insertText('"maxModelCalls": "four"');
    const problems = page.locator(".author-problems");
    await expect(problems).toContainText("1 problem");
    await expect(problems).toContainText("The preview shows the last version without problems.");
    await expect(problems.getByRole("listitem")).toContainText("scenario.host.maxModelCalls: expected number");
    await expect(page.locator(".cm-lintRange-error")).toHaveCount(1);
    await expect(counter(page)).toHaveText("7 / 12");
    const line = (await editorText(page)).split("\n").findIndex((l) => l.includes('"four"')) + 1;
    const goTo = problems.getByRole("button", { name: new RegExp(`^Line ${line}, column \\d+$`) });
    await goTo.focus();
    await page.keyboard.press("Enter");
    await expect(editor).toBeFocused();
    // Undo takes the mistake back; Tab leaves the editor.
    await page.keyboard.press("Control+z");
    await expect(problems).toContainText("No problems");
    await page.keyboard.press("Tab");
    await expect(editor).not.toBeFocused();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("completion from the schema: the fields a place may have, with what each is", async ({ page }) => {
    await page.goto("/author.html?lang=en");
    await expect(counter(page)).toHaveText("1 / 8");
    const editor = editorOf(page);
    await editor.focus();
    // Into the host object, after its opening brace.
    await find(page, '"host": {');
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Space");
    const options = page.getByRole("listbox");
    await expect(options.getByRole("option")).toHaveText(
      ["allow", "feedBack", "rules"].map((name) => new RegExp(`^${name}`)),
    );
    // `allow`, with nothing in it: the host now runs no tool on its own authority, so F22's read is refused.
    // (CodeMirror ignores Enter for its first 75 ms after the list opens, so that typing on does not pick.)
    await page.waitForTimeout(150);
    await page.keyboard.press("Enter");
    await page.keyboard.insertText("[],");
    await expect(counter(page)).toHaveText("1 / 7");
    await preview(page).focus();
    await page.keyboard.press("End");
    await expect(preview(page).locator(".alf-outcome")).toContainText("refused");
  });

  test("a recorded run from a pasted transcript, with its story to fill in; zh", async ({ page }) => {
    await page.goto("/author.html?lang=zh");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("为你的课程制作一张图");
    await page.getByLabel("从模板开始").selectOption({ label: "录制的运行：粘贴一份记录…" });
    await page.getByRole("textbox", { name: /^一份记录/ }).fill("{ not json");
    await page.getByRole("button", { name: "由它生成图文件" }).click();
    await expect(page.getByRole("alert")).toHaveText(/^无法读取这份记录：not valid JSON/);
    await page.getByRole("textbox", { name: /^一份记录/ }).fill(chatParallel);
    await page.getByRole("button", { name: "由它生成图文件" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    const text = await editorText(page);
    expect(text).toContain('"recorded": {');
    expect(text).toContain('"title": "一次录制的运行"');
    await expect(page.getByRole("region", { name: "预览" }).getByRole("heading", { level: 3 })).toHaveText(/^1\. /);
    await expect(page.locator(".author-problems")).toContainText("没有问题");
  });

  test("the share link round-trips through the author page and the embed page; the download is the file", async ({
    page,
  }) => {
    await page.goto("/author.html?lang=en");
    await startFrom(page, "Two parallel calls (the weather in two cities)", 10);
    const file = await editorText(page);
    await expect(
      page.getByText(/^The link carries the whole file, compressed: \d+ characters, of at most 8000\./),
    ).toBeVisible();
    await page.getByRole("button", { name: "Copy the share link" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Copied.");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/author\.html\?lang=en#figureData=[A-Za-z0-9_-]+$/);
    // The embed code names the figure's file.
    await expect(page.getByRole("region", { name: "An iframe (any page, any LMS)" })).toContainText(
      "figure=figures/weather.json",
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download the figure file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("weather.json");
    const path = await download.path();
    expect(readFileSync(path, "utf8")).toBe(file);
    // The link opens the same file in a fresh page: in the author page, and (its fragment) in the embed page.
    await page.goto("about:blank");
    await page.evaluate(() => window.localStorage.clear()).catch(() => {});
    await page.goto(link);
    await expect(counter(page)).toHaveText("1 / 10");
    await expect(preview(page).getByRole("heading", { level: 3 })).toHaveText(
      "1. The user's task: “What is the weather in Paris and in Rome?”",
    );
    const embed = await page.getByRole("link", { name: "Open it in the embed page" }).getAttribute("href");
    await page.goto("about:blank");
    await page.goto(embed ?? "");
    await expect(page.locator(".alf-figure").first().locator(".alf-counter > [aria-hidden]")).toHaveText("1 / 10");
    await expect(page.getByRole("region", { name: /Two calls in one turn/ })).toBeVisible();
  });

  test("a share link: a damaged one says so and never lands in the editor; a new one in the fragment opens without a reload; none for a file with problems", async ({
    page,
  }) => {
    await page.goto("/author.html?lang=en");
    await startFrom(page, "Two parallel calls (the weather in two cities)", 10);
    await page.getByRole("button", { name: "Copy the share link" }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const payload = link.split("#figureData=")[1] ?? "";
    // A link cut short: the page says so, and the editor holds the draft, not the broken payload.
    await page.goto("about:blank");
    await page.goto(`/author.html?lang=en#figureData=${payload.slice(0, 60)}`);
    await expect(page.getByRole("status").first()).toHaveText(/^This link is damaged or cut short/);
    expect(await editorText(page)).not.toContain(payload.slice(0, 60));
    await expect(counter(page)).toHaveText("1 / 10");
    // Another figure's link pasted over this page's own: only the fragment changes, and the page opens it.
    await startFrom(page, "A write refused without approval (a failure)", 7);
    await page.getByRole("button", { name: "Copy the share link" }).click();
    const refusedLink = await page.evaluate(() => navigator.clipboard.readText());
    const marker = await page.evaluate(() => {
      (window as unknown as { unreloaded: boolean }).unreloaded = true;
      return true;
    });
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `figureData=${payload}`);
    await expect(counter(page)).toHaveText("1 / 10");
    await expect(page.getByRole("status").first()).toHaveText("The editor now holds the figure the link carries.");
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(marker);
    expect(refusedLink).not.toBe(link);
    // A file with problems gets no share link, and is told why.
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(",");
    await expect(page.getByText("A share link is offered once the file has no problems.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy the share link" })).toHaveCount(0);
  });

  test("the draft is kept in this browser, and a reload brings it back", async ({ page }) => {
    await page.goto("/author.html?lang=en");
    await startFrom(page, "A write refused without approval (a failure)", 7);
    await page.reload();
    await expect(page.getByRole("status").first()).toHaveText(/Your draft from your last visit is back/);
    await expect(counter(page)).toHaveText("1 / 7");
  });
});
