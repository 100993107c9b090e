// The figure as readers see it, for docs/screenshots/: F22's steps 1, 5, 7 and 8, its first checkpoint's question
// (step 3 with ?checkpoints=1) and out-of-order's pairing step (8: both results fed back, each under its call's id),
// in both languages, on a phone (375×667, the diagram scrolled to the top), a tablet (768×1024), a laptop (1280×720)
// and a projector in presenter mode (1920×1080, ?present=1); and a long run's overview (issue 57: a day-long Codex
// rollout of 4,000 shell calls, one in forty failing but one in four for a stretch of 600, at its first error, its
// summary open) on a laptop and a phone, in both languages.
// Against the built page: `npm run build`, `node scripts/serve.mjs 4173`, then `npm run screenshots:docs` (or
// `npm run screenshots:docs -- <base> overview` for the overview's alone).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { largeCodexRollout } from "../tests/fixtures/large-log";
import { chromiumLaunchOptions } from "./chromium";

const base = process.argv[2] ?? "http://127.0.0.1:4173/";
const out = "docs/screenshots";
mkdirSync(out, { recursive: true });
const SCREENS = [
  { name: "phone-375", width: 375, height: 667, query: "", scroll: ".alf-scroll" },
  { name: "tablet-768", width: 768, height: 1024, query: "", scroll: ".alf-figure" },
  { name: "laptop-1280", width: 1280, height: 720, query: "", scroll: ".alf-figure" },
  { name: "presenter-1920", width: 1920, height: 1080, query: "&present=1", scroll: null },
] as const;
const browser = await chromium.launch(chromiumLaunchOptions);
const overviewOnly = process.argv[3] === "overview";
for (const lang of overviewOnly ? [] : (["zh", "en"] as const)) {
  for (const screen of SCREENS) {
    const page = await browser.newPage({
      viewport: { width: screen.width, height: screen.height },
      reducedMotion: "reduce",
    });
    const shots = [
      ...[1, 5, 7, 8].map((step) => ({ file: `f22-${lang}-${screen.name}-step${step}`, query: "", step })),
      { file: `f22-${lang}-${screen.name}-checkpoint`, query: "&checkpoints=1", step: 3 },
      { file: `out-of-order-${lang}-${screen.name}-step8`, query: "&scenario=out-of-order", step: 8 },
    ];
    for (const { file, query, step } of shots) {
      await page.goto(`${base}?lang=${lang}${screen.query}${query}#step-${step}`);
      const figure = screen.scroll === null ? page.locator("dialog .alf-figure") : page.locator(".alf-figure").first();
      await figure.waitFor();
      await page.waitForFunction(`document.fonts.status === "loaded"`);
      if (screen.scroll !== null)
        await page.evaluate(`document.querySelector('${screen.scroll}').scrollIntoView({ block: "start" })`);
      // Let the step land and the sticky bar settle before the picture.
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${file}.png` });
    }
    await page.close();
  }
}
// A stretch that went badly, so the strip shows where errors crowd.
const rollout = largeCodexRollout(4000, (call) => (call > 1200 && call <= 1800 ? call % 4 === 0 : call % 40 === 0));
for (const lang of ["zh", "en"] as const) {
  for (const screen of [SCREENS[0], SCREENS[2]]) {
    const page = await browser.newPage({
      viewport: { width: screen.width, height: screen.height },
      reducedMotion: "reduce",
    });
    await page.route(
      (url) => url.pathname === "/transcripts/rollout-day.jsonl",
      (route) => route.fulfill({ contentType: "application/json", body: rollout }),
    );
    await page.goto(`${base}?lang=${lang}&transcript=/transcripts/rollout-day.jsonl`);
    const overview = page.locator(".alf-figure .alf-overview").first();
    await overview.waitFor();
    await page.waitForFunction(`document.fonts.status === "loaded"`);
    await page.locator(".alf-figure").first().focus();
    await page.keyboard.press("p");
    // A phone's starts closed: opened, as a reader opens it.
    if (!(await overview.evaluate((element) => (element as HTMLDetailsElement).open)))
      await overview.locator("summary").first().click();
    await overview.locator(".alf-ov-summary > summary").click();
    await overview.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/overview-${lang}-${screen.name}.png` });
    await page.close();
  }
}
await browser.close();
