import { readFileSync } from "node:fs";
import { counterOf, expect, test } from "./fixtures";

test.describe("export", () => {
  test("downloads the trace as neutral JSON (version 1) or the current step's request in a provider's format", async ({
    page,
  }) => {
    await page.goto("./?lang=en&scenario=unauthorized-tool#step-5");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("5 / 11");
    const bar = page.getByRole("region", { name: "Export" });
    const [neutral] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(neutral.suggestedFilename()).toBe("unauthorized-tool.trace.json");
    const trace = JSON.parse(readFileSync((await neutral.path()) ?? "", "utf8"));
    expect(trace).toMatchObject({ version: 1, scenarioId: "unauthorized-tool", outcome: "refused" });
    expect(trace.steps).toHaveLength(11);

    await bar.getByLabel("Export format").selectOption("anthropic");
    const [wire] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(wire.suggestedFilename()).toBe("unauthorized-tool.step-5.anthropic.json");
    const body = JSON.parse(readFileSync((await wire.path()) ?? "", "utf8"));
    expect(body.messages.at(-1).content[0]).toEqual({
      type: "tool_result",
      tool_use_id: "call_1",
      content: "tool_not_allowed",
      is_error: true,
    });
  });

  test("copies a link to the current step of the scenario, which opens there", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("./?lang=en&scenario=claimed-done");
    const fig = page.locator(".alf-figure").first();
    await fig.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    const bar = page.getByRole("region", { name: "Export" });
    await bar.getByRole("button", { name: "Copy a link to this step" }).click();
    const link = bar.getByLabel("Link to this step");
    await expect(link).toHaveValue(/\?lang=en&scenario=claimed-done#step-4$/);
    await expect(bar.getByRole("status")).toHaveText("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await page.goto(await link.inputValue());
    await expect(counterOf(page.locator(".alf-figure").first())).toHaveText("4 / 12");
  });
});
