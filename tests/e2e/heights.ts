/**
 * The tallest an embed page gets for a scenario at a window width: the height an iframe needs to show every
 * step of it without a scrollbar inside the frame, in either language. Shared by the e2e test that keeps
 * docs/embedding-heights.json true and the script that writes it (npm run measure-heights).
 */
import type { Browser } from "@playwright/test";

export { COLUMN, documented, FRAMES, WIDE, WIDTHS } from "../../src/embed/frames";

/** The languages' embed pages. */
const PAGES = ["embed.html", "embed-en.html"] as const;

/** The tallest body height over every step of `scenario`, in both languages, in a frame `width` wide. */
export async function tallest(browser: Browser, base: string, scenario: string, width: number): Promise<number> {
  let worst = 0;
  for (const file of PAGES) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    await page.goto(`${base}/${file}?scenario=${scenario}`);
    const figure = page.locator(".alf-figure").first();
    await figure.waitFor();
    const total = Number((await figure.locator(".alf-counter > [aria-hidden]").textContent())?.split("/")[1]?.trim());
    await figure.focus();
    for (let i = 1; i <= total; i += 1) {
      await page.waitForFunction(
        (n) => document.querySelector(".alf-counter > [aria-hidden]")?.textContent?.startsWith(`${n} `),
        i,
      );
      worst = Math.max(worst, await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)));
      await page.keyboard.press("ArrowRight");
    }
    await page.close();
  }
  return worst;
}
