import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "./fixtures";

// The authoring page measures an author's lesson as the docs' heights are measured (every step, both languages, in
// frames of each width) and puts its height in the iframe code: F22's file, measured there, gets F22's documented
// heights.
const heights = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "../../docs/embedding-heights.json"), "utf8"),
) as Record<string, Record<string, number>>;

test("the author page measures a lesson's iframe heights by frame width and puts its own in the iframe code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/author.html?lang=en");
  await page.getByLabel("Start from").selectOption({ index: 0 });
  await page.getByRole("button", { name: "Use this" }).click();
  const iframeCode = page.getByRole("region", { name: "An iframe (any page, any LMS)" });
  await expect(iframeCode).toContainText("height:1140px");
  await page.getByRole("button", { name: "Measure its heights" }).click();
  const table = page.getByRole("table", { name: /The height this lesson's iframe needs/ });
  await expect(table).toBeVisible({ timeout: 90_000 });
  const f22 = heights.f22 ?? {};
  for (const [width, height] of Object.entries(f22))
    await expect(table.getByRole("row", { name: new RegExp(`^${width} px`) })).toContainText(`${height} px`);
  await expect(iframeCode).toContainText(`height:${f22["1248"]}px`);
  await expect(page.getByRole("status").first()).toContainText(`${f22["1248"]} px`);
  // No frame is left behind in the page.
  await expect(page.locator("iframe")).toHaveCount(0);
});
