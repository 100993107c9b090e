import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { counterOf, expect, liveRegionOf, openTools, test, untilHydrated } from "./fixtures";

/** The figure, whatever scenario it shows. */
const figure = (page: Page): Locator => page.locator(".alf-root > .alf-figure").first();
/** The host's checks as the stage's box of what the step changed shows them (the Call ID panel repeats them). */
const checksOf = (scope: Locator): Locator =>
  scope
    .getByRole("group", { name: /^(这一步改变了什么|What this step changed)$/ })
    .getByRole("list", { name: /宿主的检查|Host checks/ });

test.describe("scenarios on the chapter page", () => {
  test("the picker switches scenario: its own title, step count, URL and story", async ({ page }) => {
    // Each other built-in (its run, story and steps' words, made at build time) is a chunk of its own in each
    // language, which the page loads when it is chosen, not up front.
    const scenarioChunks: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/idempotent-replay\.zh-[\w-]+\.js$/.test(request.url())) scenarioChunks.push(request.url());
    });
    await page.goto("./#step-3");
    await page.waitForLoadState("networkidle");
    expect(scenarioChunks).toEqual([]);
    await openTools(page);
    const picker = page.getByRole("combobox", { name: "场景" });
    await expect(picker.locator("option")).toHaveCount(SCENARIO_IDS.length);
    await expect(picker).toHaveValue("f22");
    await expect(counterOf(figure(page))).toHaveText("3 / 8");

    await picker.selectOption("idempotent-replay");
    await expect(figure(page)).toHaveAccessibleName(/幂等重放/);
    expect(scenarioChunks).toHaveLength(1);
    await expect(counterOf(figure(page))).toHaveText("1 / 22");
    await expect(page).toHaveURL(/\?scenario=idempotent-replay$/);
    await expect(page.locator(".page-conditions")).toContainText("op-2 的补丁发了两次");

    // Keys, counter and the live region follow the new length.
    await figure(page).focus();
    await page.keyboard.press("End");
    await expect(counterOf(figure(page))).toHaveText("22 / 22");
    await expect(liveRegionOf(page)).toHaveText(/第 22 步，共 22 步/);

    await picker.selectOption("f22");
    await expect(page).not.toHaveURL(/scenario=/);
    await expect(counterOf(figure(page))).toHaveText("1 / 8");
  });

  test("?scenario= opens a scenario at a step; the replay's validation list and counters say what the host did", async ({
    page,
  }) => {
    await page.goto("./?scenario=idempotent-replay&lang=en#step-12");
    const fig = figure(page);
    await expect(counterOf(fig)).toHaveText("12 / 22");
    await expect(fig.locator(".alf-step-title")).toHaveText(/Host checks call_3: operation already done/);
    const checks = checksOf(fig);
    await expect(checks.getByRole("listitem")).toHaveText([
      /call is well formed.*passed/,
      /tool is on the allowed list.*passed/,
      /arguments stay in scope.*passed/,
      /operation id not used for a different action.*passed/,
      /operation already ran: answered from the record, not run again/,
    ]);
    await expect(fig.locator(".alf-counts")).toHaveText("Model calls 3 / 8 · Tool executions 2 · Simulated writes 1");
    await expect(fig.getByRole("region", { name: "Tool result" })).toContainText("replayed");
    // The patched project wears the changed badge: the word, and a mark and ring of its own.
    const badge = fig.locator(".alf-file").first();
    await expect(badge).toHaveAttribute("data-state", "changed");
    await expect(badge.locator(".alf-file-state:not([aria-hidden])")).toHaveText("changed");
    expect(
      await badge
        .locator(".alf-file-state:not([aria-hidden])")
        .evaluate((el) => getComputedStyle(el, "::before").content),
    ).toBe('"✎ "');

    await fig.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("15 / 22");
    await expect(checks.getByRole("listitem").last()).toHaveText(
      /operation id not used for a different action.*failed/,
    );
    await expect(fig.locator(".alf-counts")).toContainText("Simulated writes 1");
  });

  test("the outcome banner appears at the last step only, in words and a symbol, with the counters", async ({
    page,
  }) => {
    await page.goto("./?scenario=claimed-done&lang=en#step-11");
    const fig = figure(page);
    const banner = fig.locator(".alf-outcome");
    await expect(counterOf(fig)).toHaveText("11 / 12");
    await expect(banner).toBeHidden();
    // The figure's full panels load a moment after its first frame: measured once they are in.
    await expect(fig.getByRole("region", { name: "Context" })).toBeVisible();
    const before = await fig.boundingBox();
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText("? Outcome: not verified");
    await expect(fig.locator(".alf-counts")).toHaveText("Model calls 3 / 6 · Tool executions 2 · Simulated writes 1");
    await expect(fig.locator(".alf-step-caption")).toContainText("no evidence of a passing test");
    // Its room was kept: the figure did not grow.
    expect((await fig.boundingBox())?.height).toBe(before?.height);
  });

  test("a refused call shows the failed check and goes back to the model as an error result", async ({ page }) => {
    await page.goto("./?scenario=unauthorized-tool#step-4");
    const fig = figure(page);
    await expect(checksOf(fig).getByRole("listitem").last()).toHaveText(/工具在允许列表里.*未通过/);
    await expect(fig.getByRole("region", { name: "工具结果" })).toContainText("tool_not_allowed");
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(fig.getByRole("region", { name: "上下文" }).getByText("tool_not_allowed")).toBeVisible();
    await page.keyboard.press("End");
    await expect(fig.locator(".alf-outcome")).toHaveText("⊘ 结局：已拒绝");
  });

  test("an unknown scenario shows the default figure and says so, without echoing the link", async ({ page }) => {
    await page.goto("./?scenario=%3Cb%3Enope%3C%2Fb%3E");
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
    await expect(counterOf(figure(page))).toHaveText("1 / 8");
    const notice = page.getByRole("note");
    await expect(notice).toHaveText("链接中的场景不存在，已显示“F22：读取 config.txt 中的 timeout”。");
    await expect(page.locator("b")).toHaveCount(0);
  });

  test("every scenario is axe clean at its last step", async ({ page }) => {
    test.setTimeout(90_000); // three full axe runs
    for (const id of ["experiment-07", "missing-feedback", "scope-violation"]) {
      await page.goto(`./?scenario=${id}`);
      // A key pressed before hydration does nothing: the first frame is static HTML.
      await untilHydrated(figure(page));
      await figure(page).focus();
      await page.keyboard.press("End");
      await expect(figure(page).locator(".alf-outcome")).toBeVisible();
      const results = await new AxeBuilder({ page }).include(".alf-figure").analyze();
      expect(results.violations, id).toEqual([]);
    }
  });
});

test.describe("scenarios in the embed", () => {
  test("embed.html?scenario= loads the language's built-ins pack (and English) on demand and opens at the step", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("./embed.html?scenario=scope-violation&lang=en&step=4");
    const fig = figure(page);
    await expect(fig).toHaveAccessibleName(/out of scope/);
    await expect(counterOf(fig)).toHaveText("4 / 7");
    await expect(checksOf(fig).getByRole("listitem").last()).toHaveText(/arguments stay in scope.*failed/);
    expect(scripts.map((s) => s.split("/").pop()).sort()).toEqual(["embed-builtins-en.js", "embed-en.js", "embed.js"]);

    // Switching language loads that language's built-ins (its words are in the entry).
    await fig.getByRole("button", { name: "中文" }).click();
    await expect(fig).toHaveAccessibleName(/越出作用域/);
    await expect(counterOf(fig)).toHaveText("4 / 7");
    expect(scripts.map((s) => s.split("/").pop()).sort()).toEqual([
      "embed-builtins-en.js",
      "embed-builtins-zh.js",
      "embed-en.js",
      "embed.js",
    ]);
  });

  test("the default embed loads neither pack", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.split("/").pop() ?? "");
    });
    await page.goto("./embed.html");
    await expect(counterOf(figure(page))).toHaveText("1 / 8");
    expect(scripts).toEqual(["embed.js"]);
    await figure(page).getByRole("button", { name: "English" }).click();
    await expect(figure(page)).toHaveAccessibleName(/F22/);
    await expect(figure(page).getByRole("button", { name: "Next" })).toBeVisible();
    expect(scripts).toEqual(["embed.js", "embed-en.js"]);
  });

  test("embed-en.html without its language pack shows the Chinese figure in place of its English frame", async ({
    page,
    problems,
  }) => {
    await page.route("**/embed-en.js", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("./embed-en.html?step=2");
    const fig = figure(page);
    await expect(fig.getByRole("button", { name: "下一步" })).toBeVisible();
    await expect(counterOf(fig)).toHaveText("2 / 8");
    await expect(page.locator(".alf-root > .alf-figure")).toHaveCount(1);
    await expect.poll(() => problems.filter((p) => p.includes('could not load "en"')).length).toBe(1);
    // Only the missing pack is reported: no hydration error from putting a Chinese figure over the English frame.
    problems.splice(0, problems.length, ...problems.filter((p) => !/could not load "en"|404/.test(p)));
  });

  test("a missing pack leaves the default figure working, with one warning", async ({ page, problems }) => {
    await page.route("**/embed-builtins-*.js", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("./embed.html?scenario=claimed-done&step=12");
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
    await expect(counterOf(figure(page))).toHaveText("1 / 8");
    await expect.poll(() => problems.filter((p) => p.includes("could not load scenario")).length).toBe(1);
    // The step was checked against the figure shown (8 steps), so it was refused too.
    problems.splice(
      0,
      problems.length,
      ...problems.filter((p) => !/could not load scenario|ignored "step"|404/.test(p)),
    );
  });
});

test.describe("F22's links onward", () => {
  test("on the chapter page: under the figure at every step; one opens its built-in in place, focused, its URL the link's", async ({
    page,
  }) => {
    await page.goto("./?lang=en");
    await untilHydrated(figure(page));
    const fig = figure(page);
    const onward = fig.getByRole("navigation", { name: "Go on:" });
    await expect(onward.getByRole("link")).toHaveText(["Two calls, results out of order →", "Who writes the file →"]);
    await fig.focus();
    await page.keyboard.press("End");
    await expect(counterOf(fig)).toHaveText("8 / 8");
    const link = onward.getByRole("link", { name: "Two calls, results out of order →" });
    await expect(link).toHaveAttribute("href", "?scenario=out-of-order&lang=en");
    await link.click();
    await expect(figure(page)).toHaveAccessibleName(/out of order/i);
    await expect(counterOf(figure(page))).toHaveText("1 / 10");
    await expect(figure(page)).toBeFocused();
    await expect(page).toHaveURL(/\?(?=.*scenario=out-of-order)(?=.*lang=en)/);
    // Its story gives no links onward, so none are shown.
    await expect(figure(page).getByRole("navigation", { name: "Go on:" })).toHaveCount(0);
    // A new tab from the link opens the same.
    await page.goto("./?scenario=experiment-07");
    await expect(figure(page)).toHaveAccessibleName(/07/);
  });

  test("in embed.html: the link opens its built-in in the frame, the page's parameters kept", async ({ page }) => {
    await page.goto("./embed-en.html?lang=en&checkpoints=1&step=8");
    const fig = figure(page);
    await expect(counterOf(fig)).toHaveText("8 / 8");
    const link = fig.getByRole("link", { name: "Who writes the file →" });
    await expect(link).toHaveAttribute("href", "?scenario=experiment-07&lang=en");
    await link.click();
    await expect(page).toHaveURL(/embed-en\.html\?lang=en&checkpoints=1&scenario=experiment-07$/);
    await expect(counterOf(figure(page))).toHaveText(/^1 \/ \d+$/);
    await expect(figure(page)).toHaveAccessibleName(/07/);
  });
});

test.describe("the MCP hop", () => {
  test("draws the MCP server as a fifth lane and shows the JSON-RPC message of each hop with the host's id mapping", async ({
    page,
  }) => {
    await page.goto("./?lang=en&scenario=mcp-hop#step-9");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("9 / 16");
    await expect(fig.getByRole("list", { name: "Lanes" }).getByRole("listitem")).toHaveText([
      /^User/,
      /^Model/,
      /^Host/,
      /^Tool/,
      /^MCP server/,
    ]);
    await expect(fig.locator(".alf-step-title")).toHaveText(
      "9. Host asks the MCP server: tools/call get_weather, request id 3 for call_2",
    );
    // In the Call ID panel (the stage's box of what the step changed shows it too).
    const rpc = fig.getByRole("region", { name: "Call ID" }).locator(".alf-rpc");
    await expect(rpc).toContainText("JSON-RPC request 3 ↔ call_2, kept by the host");
    await expect(rpc.locator("pre")).toContainText('"method": "tools/call"');
    await fig.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press("ArrowRight");
    await expect(fig.locator(".alf-step-title")).toHaveText(
      "13. MCP server answers request 4 with isError; the host feeds it back as the error result of call_3",
    );
    await expect(rpc.locator("pre")).toContainText('"isError": true');
    await expect(fig.getByRole("group", { name: "Context" })).not.toContainText("jsonrpc");
  });
});
