/**
 * The tallest an embed page gets for a scenario at a window width: the height an iframe needs to show every
 * step of it without a scrollbar inside the frame, in either language. Shared by the e2e test that keeps
 * docs/embedding-heights.json true and the script that writes it (npm run measure-heights).
 */
import type { Browser } from "@playwright/test";

/**
 * The frame widths the docs give heights for, and where a course page has a frame that wide: a frame is usually
 * narrower than the window (a content column, a page's padding), and its own width is what the figure lays out to.
 */
export const FRAMES = [
  { width: 288, where: "a 320 px phone, 16 px padding" },
  { width: 343, where: "a 375 px phone, 16 px padding" },
  { width: 700, where: "a content column (Docusaurus, VitePress, Moodle at a 1280 px window)" },
  { width: 1248, where: "a 1280 px window, 16 px padding" },
] as const;

/** The frame widths alone. */
export const WIDTHS = FRAMES.map((frame) => frame.width);

/** The width whose height the general snippets give (a page as wide as the window), and a content column's. */
export const WIDE = 1248;
export const COLUMN = 700;

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

/** The height the docs give: the tallest measured, with room for a font that sets a little taller, to 10 px. */
export const documented = (measured: number): number => Math.ceil((measured + 24) / 10) * 10;
