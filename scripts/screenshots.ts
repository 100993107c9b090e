// Screenshots of the built page for review: npx tsx scripts/screenshots.ts [baseURL] [outDir]
// (start `npm run preview` first). Widths 375, 768, 1280 at steps 1, 5 and 8, light and dark.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

const base = process.argv[2] ?? "http://localhost:4173/";
const out = process.argv[3] ?? "shots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const only = process.env.SHOTS ?? "";
for (const scheme of ["light", "dark"] as const) {
  for (const width of [375, 768, 1280]) {
    for (const step of [1, 5, 8]) {
      const name = `${scheme}-${width}-step${step}`;
      if (only && !name.includes(only)) continue;
      const page = await browser.newPage({
        viewport: { width, height: 900 },
        colorScheme: scheme,
        reducedMotion: "reduce",
      });
      await page.goto(`${base}${process.env.QUERY ?? ""}#step-${step}`);
      const figure = page.getByRole("region", { name: /F22/ }).first();
      await figure.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: process.env.FULL === "1" });
      await figure.screenshot({ path: `${out}/${name}-figure.png` });
      await page.close();
    }
  }
}
// The enlarged view and the printed page, once each.
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  await page.goto(`${base}${process.env.QUERY ?? ""}#step-6`);
  await page.getByRole("region", { name: /F22/ }).first().locator(".alf-toolbar button").last().click();
  await page.screenshot({ path: `${out}/dialog-${width}.png` });
  await page.close();
}
const printed = await browser.newPage({ viewport: { width: 800, height: 1100 } });
await printed.goto(base);
await printed.emulateMedia({ media: "print" });
await printed.locator(".alf-print").screenshot({ path: `${out}/print.png` });
await printed.close();
await browser.close();
