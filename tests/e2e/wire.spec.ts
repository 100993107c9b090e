import { counterOf, expect, figureOf, formatSwitchOf, test } from "./fixtures";

test.describe("the format switch", () => {
  test("shows the request each provider would get at that model call, ids paired and lit with their thread", async ({
    page,
  }) => {
    await page.goto("./?lang=en#step-6");
    const fig = figureOf(page);
    await expect(counterOf(fig)).toHaveText("6 / 8");
    // The format is the engineer's choice, in the figure's drawer: closed, out of the reader's way.
    await expect(fig.getByRole("combobox", { name: "Format" })).toBeHidden();
    const format = await formatSwitchOf(fig);
    await expect(format).toBeVisible();
    await expect(format).toHaveValue("neutral");
    const box = fig.getByRole("group", { name: "Context" });

    await format.selectOption("anthropic");
    const json = box.locator("pre.alf-wire");
    await expect(json).toContainText('"tool_use_id": "call_1"');
    await expect(json).toContainText('"system": "You are a read-only assistant');
    await expect(json).toContainText('"type": "tool_use"');
    await expect(json).not.toContainText('"status"');
    await expect(json).not.toContainText('"replayed"');
    // Both ids in the JSON are chips of the call_1 thread.
    await expect(json.locator(".alf-chip", { hasText: "call_1" })).toHaveCount(2);
    await fig
      .getByRole("button", { name: /^call_1: / })
      .first()
      .hover();
    await expect(json.locator(".alf-chip[data-thread]")).toHaveCount(2);

    await format.selectOption("chat");
    await expect(json).toContainText('"tool_call_id": "call_1"');
    await expect(json).toContainText('"arguments": "{\\"path\\":\\"config.txt\\"}"');
    await format.selectOption("responses");
    await expect(json).toContainText('"type": "function_call_output"');
    await expect(json).toContainText('"instructions"');

    // The choice stays while stepping; the neutral form comes back when asked for.
    await fig.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(json).not.toContainText("function_call_output");
    await format.selectOption("neutral");
    await expect(box.locator(".alf-messages > li")).toHaveCount(2);
  });

  test("a host that drops its exchanges sends the task alone: a request the provider accepts, the caption agreeing", async ({
    page,
  }) => {
    await page.goto("./?scenario=missing-feedback&lang=en#step-10");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("10 / 14");
    await expect(fig.locator(".alf-step-caption")).toContainText("the model sees the same context as before");
    await (await formatSwitchOf(fig)).selectOption("anthropic");
    const json = fig.locator("pre.alf-wire");
    await expect(json).toContainText('"content": "Read timeout from config.txt"');
    await expect(json).not.toContainText("tool_use");
    await (await formatSwitchOf(fig)).selectOption("neutral");
    await expect(fig.getByRole("group", { name: "Context" }).locator(".alf-messages > li")).toHaveCount(2);
  });

  test("marks a refused call is_error in Anthropic's format", async ({ page }) => {
    await page.goto("./?scenario=unauthorized-tool&lang=en#step-5");
    const fig = page.locator(".alf-figure").first();
    await (await formatSwitchOf(fig)).selectOption("anthropic");
    await expect(fig.locator("pre.alf-wire")).toContainText('"is_error": true');
  });

  test("in the embed, the emitters load on first use from embed-wire.js", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.split("/").pop() ?? "");
    });
    await page.goto("./embed.html?step=6");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("6 / 8");
    expect(scripts).toEqual(["embed.js"]);
    await (await formatSwitchOf(fig, "格式")).selectOption("chat");
    await expect(fig.locator("pre.alf-wire")).toContainText('"tool_call_id": "call_1"');
    // The drawer that holds the switch holds the lesson's run overview too, whose pack loads as it opens.
    expect(scripts).toEqual(["embed.js", "embed-overview.js", "embed-wire.js"]);
  });
});
