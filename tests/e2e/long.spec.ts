import { counterOf, expect, test } from "./fixtures";

/** An OpenAI Chat request with `calls` tool calls, each answered: 2 + 2 × calls messages. */
function longChat(calls: number): string {
  const messages: unknown[] = [
    { role: "system", content: "You may read log files and change nothing." },
    { role: "user", content: `Read all ${calls} log parts and say whether any has errors` },
  ];
  for (let i = 1; i <= calls; i += 1) {
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: `call_${i}`,
          type: "function",
          function: { name: "read_file", arguments: JSON.stringify({ path: `logs/part-${i}.txt` }) },
        },
      ],
    });
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
    await expect(counterOf(fig)).toHaveText("1 / 3004");
    const rows = fig.locator(".alf-row");
    const box = fig.locator(".alf-body[data-windowed]");
    await expect(box).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(40);
    await expect(fig.locator('.alf-row[data-step="1"]')).toHaveAttribute("aria-setsize", "3004");

    // The last step: its row is mounted and inside the scroll box; the first rows are gone.
    await fig.focus();
    await page.keyboard.press("End");
    await expect(counterOf(fig)).toHaveText("3004 / 3004");
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
    const shown = await context.locator(".alf-messages > li").count();
    expect(shown).toBeLessThanOrEqual(61);
    await earlier.click();
    await expect(context.locator(".alf-messages > li")).toHaveCount(shown + 60);

    // Scrolling the diagram by hand mounts the rows scrolled to.
    await box.hover();
    await page.mouse.wheel(0, -20_000);
    await expect(fig.locator('.alf-row[data-step="3004"]')).toHaveCount(0);
    expect(await rows.count()).toBeLessThanOrEqual(40);

    // Stepping still works, one row at a time.
    await fig.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(counterOf(fig)).toHaveText("3003 / 3004");
    await expect(fig.locator('.alf-row[data-step="3003"]')).toHaveAttribute("data-status", "current");
  });
});
