import { writeFileSync } from "node:fs";
import { largeCodexRollout, largeLog } from "../fixtures/large-log";
import { counterOf, expect, openTools, test } from "./fixtures";

/** An OpenAI Chat assistant message with one tool call. */
const callMessage = (id: string, name: string, args: object) => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
});

/** An OpenAI Chat request with `calls` tool calls, each answered: 2 + 2 × calls messages. */
function longChat(calls: number): string {
  const messages: unknown[] = [
    { role: "system", content: "You may read log files and change nothing." },
    { role: "user", content: `Read all ${calls} log parts and say whether any has errors` },
  ];
  for (let i = 1; i <= calls; i += 1) {
    messages.push(callMessage(`call_${i}`, "read_file", { path: `logs/part-${i}.txt` }));
    messages.push({ role: "tool", tool_call_id: `call_${i}`, content: `part ${i}: 200 lines, no errors` });
  }
  messages.push({ role: "assistant", content: "No part has errors." });
  return JSON.stringify({ model: "any", messages });
}

test.describe("a long transcript (1,000 tool calls)", () => {
  test("plays in the same player with only the rows and messages in view mounted", async ({ page }) => {
    await page.route(
      (url) => url.pathname === "/transcripts/long-generated.json",
      (route) => route.fulfill({ contentType: "application/json", body: longChat(1000) }),
    );
    await page.goto("./?lang=en&transcript=/transcripts/long-generated.json");
    const fig = page.locator(".alf-figure").first();
    // task, 1,001 model calls, 1,000 proposals, 1,000 results, the answer, the host's finish.
    await expect(counterOf(fig)).toHaveText("1 / 3,004");
    const rows = fig.locator(".alf-row");
    const box = fig.locator(".alf-body[data-windowed]");
    await expect(box).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(40);
    await expect(fig.locator('.alf-row[data-step="1"]')).toHaveAttribute("aria-setsize", "3004");

    // The last step: its row is mounted and inside the scroll box; the first rows are gone.
    await fig.focus();
    await page.keyboard.press("End");
    await expect(counterOf(fig)).toHaveText("3,004 / 3,004");
    const last = fig.locator('.alf-row[data-step="3004"]');
    await expect(last).toHaveAttribute("data-status", "current");
    await expect(fig.locator('.alf-row[data-step="1"]')).toHaveCount(0);
    expect(await rows.count()).toBeLessThanOrEqual(40);
    const [boxRect, lastRect] = [await box.boundingBox(), await last.boundingBox()];
    expect(lastRect !== null && boxRect !== null).toBe(true);
    if (lastRect !== null && boxRect !== null) {
      expect(lastRect.y).toBeGreaterThanOrEqual(boxRect.y - 1);
      expect(lastRect.y + lastRect.height).toBeLessThanOrEqual(boxRect.y + boxRect.height + 1);
    }

    // The context holds 2,003 messages; the panel mounts its newest page and offers the earlier ones.
    const context = fig.getByRole("region", { name: "Context" });
    const earlier = context.getByRole("button", { name: /^Show 60 earlier messages/ });
    await expect(earlier).toBeVisible();
    const shown = await context.locator(".alf-context-scroll .alf-messages > li").count();
    expect(shown).toBeLessThanOrEqual(61);
    await earlier.click();
    await expect(context.locator(".alf-context-scroll .alf-messages > li")).toHaveCount(shown + 60);

    // Scrolling the diagram by hand mounts the rows scrolled to.
    await box.hover();
    await page.mouse.wheel(0, -20_000);
    await expect(fig.locator('.alf-row[data-step="3004"]')).toHaveCount(0);
    expect(await rows.count()).toBeLessThanOrEqual(40);

    // Stepping still works, one row at a time.
    await fig.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(counterOf(fig)).toHaveText("3,003 / 3,004");
    await expect(fig.locator('.alf-row[data-step="3003"]')).toHaveAttribute("data-status", "current");
  });
});

test.describe("a large log (20,000 messages), read off the main thread", () => {
  test("shows its progress while it loads, the figure answers keys meanwhile, and Cancel leaves the figure as it was", async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/transcripts/large.json",
      async (route) => {
        await held;
        await route.fulfill({ contentType: "application/json", body: largeLog(20_000) }).catch(() => {});
      },
    );
    await page.goto("./?lang=en&transcript=/transcripts/large.json");
    await expect(page.getByRole("status").filter({ hasText: "Loading large.json" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Loading large.json" })).toBeVisible();
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("1 / 8");
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("2 / 8");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByRole("note").filter({ hasText: "Loading was cancelled" })).toBeVisible();
    await expect(counterOf(fig)).toHaveText("2 / 8");
    release();
  });

  test("a chosen file of 20,000 messages is read in a worker and plays, from its first step to its last", async ({
    page,
  }, testInfo) => {
    const file = testInfo.outputPath("large.json");
    writeFileSync(file, largeLog(20_000));
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles(file);
    // Too large to show in the paste box: named, and read on Load.
    await expect(page.getByText(/^large\.json \(\d+\.\d MB\) is read when you press Load\.$/)).toBeVisible();
    await expect(page.getByLabel("Paste JSON")).toHaveValue("");
    const [worker] = await Promise.all([
      page.waitForEvent("worker"),
      page.getByRole("button", { name: "Load", exact: true }).click(),
    ]);
    expect(worker.url()).toMatch(/import\.worker-[\w-]+\.js$/);
    await expect(page.locator(".page-imported")).toContainText(
      "OpenAI Chat Completions message list, 20,000 messages, 5,000 tool calls",
    );
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText(/^1 \/ \d{2},\d{3}$/);
    await fig.focus();
    await page.keyboard.press("End");
    await expect(counterOf(fig)).toHaveText(/^(\d{2},\d{3}) \/ \1$/);
    await expect(fig.getByRole("region", { name: "Tool result" })).toContainText("call_5000");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });

  test("a day-long Codex CLI rollout (11 MB, 4,000 shell calls) chosen as a file is read in a worker and plays", async ({
    page,
  }, testInfo) => {
    const file = testInfo.outputPath("rollout-2025-09-25T21-00-00-day.jsonl");
    writeFileSync(file, largeCodexRollout(4000));
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles(file);
    await expect(page.getByText(/^rollout-.*\.jsonl \(\d+\.\d MB\) is read when you press Load\.$/)).toBeVisible();
    const [worker] = await Promise.all([
      page.waitForEvent("worker"),
      page.getByRole("button", { name: "Load", exact: true }).click(),
    ]);
    expect(worker.url()).toMatch(/import\.worker-[\w-]+\.js$/);
    await expect(page.locator(".page-imported")).toContainText(
      "Codex CLI rollout message list, 8,800 messages, 4,000 tool calls",
    );
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("1 / 13,201");
    await fig.focus();
    await page.keyboard.press("End");
    await expect(counterOf(fig)).toHaveText("13,201 / 13,201");
    await expect(fig.getByRole("region", { name: "Tool result" })).toContainText("call_4000");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });
});
