import { expect, test } from "@playwright/test";

test("the built page loads without console errors and shows the eight F22 steps", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("./");
  const steps = page.getByRole("list", { name: "F22" }).getByRole("listitem");
  await expect(steps).toHaveCount(8);
  await expect(steps.nth(0)).toContainText("1. 用户任务");
  await expect(steps.nth(2)).toContainText("call_1");
  await expect(steps.nth(7)).toContainText("任务完成");
  expect(problems).toEqual([]);
});
