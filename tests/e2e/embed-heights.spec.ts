/**
 * The iframe heights the docs give (docs/embedding-heights.json, the table in docs/embedding.md) are measured, and
 * stay true: at each width, every scenario in both languages fits its documented height at every step, and the
 * documented height is not more than a measurement away (npm run measure-heights writes the file again).
 */
import { readFileSync } from "node:fs";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { expect, test } from "./fixtures";
import { documented, FRAMES, tallest, WIDTHS } from "./heights";

const HEIGHTS = JSON.parse(readFileSync("docs/embedding-heights.json", "utf8")) as Record<
  string,
  Record<string, number>
>;

test.describe("documented iframe heights", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const width of WIDTHS) {
    test(`every scenario fits its documented height at ${width} px, in both languages`, async ({
      browser,
      baseURL,
    }) => {
      for (const id of SCENARIO_IDS) {
        const measured = await tallest(browser, (baseURL ?? "").replace(/\/$/, ""), id, width);
        const given = HEIGHTS[id]?.[width];
        expect(given, `${id} at ${width} px`).toBeGreaterThanOrEqual(measured);
        expect(given, `${id} at ${width} px: run npm run measure-heights`).toBeLessThanOrEqual(
          documented(measured) + 20,
        );
      }
    });
  }
});

test.describe("a frame of the documented height, in a page", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const frame of FRAMES) {
    test(`at ${frame.width} px (${frame.where}): no scrollbar inside at any step, every step as tall; a shorter frame keeps its counter in view`, async ({
      page,
      baseURL,
    }) => {
      const base = (baseURL ?? "").replace(/\/$/, "");
      const height = HEIGHTS.f22?.[frame.width] ?? 0;
      for (const file of ["embed.html", "embed-en.html"]) {
        for (const given of [height, 480]) {
          await page.setViewportSize({ width: frame.width + 32, height: 900 });
          await page.setContent(
            `<body style="margin:0; padding:16px"><iframe src="${base}/${file}" title="figure" style="display:block; width:${frame.width}px; height:${given}px; border:0"></iframe></body>`,
          );
          const inside = page.frameLocator("iframe");
          const counter = inside.locator(".alf-root > .alf-figure .alf-counter > [aria-hidden]");
          await expect(counter).toHaveText("1 / 8");
          await inside.locator(".alf-root > .alf-figure").focus();
          const tall: number[] = [];
          for (let step = 1; step <= 8; step += 1) {
            await expect(counter).toHaveText(`${step} / 8`);
            const [scroll, box, view] = await inside.locator("body").evaluate((body) => {
              const root = document.scrollingElement ?? document.documentElement;
              const c = body.querySelector(".alf-counter")?.getBoundingClientRect();
              return [
                root.scrollHeight - root.clientHeight,
                c === undefined ? null : { top: c.top, bottom: c.bottom },
                window.innerHeight,
              ] as const;
            });
            if (given === height) expect(scroll, `${file} step ${step}: scrolls inside`).toBeLessThanOrEqual(0);
            tall.push(await inside.locator("body").evaluate((body) => Math.ceil(body.getBoundingClientRect().height)));
            // The counter is in the frame's view, whatever its height.
            expect(box).not.toBeNull();
            expect(box?.top ?? -1).toBeGreaterThanOrEqual(0);
            expect(box?.bottom ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(view);
            await page.keyboard.press("ArrowRight");
          }
          // No step is taller than another: a frame that fits one fits all.
          expect(new Set(tall).size, `${file}: heights by step ${tall.join(", ")}`).toBe(1);
        }
      }
    });
  }
});
