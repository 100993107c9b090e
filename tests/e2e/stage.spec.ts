/**
 * One screen per step (issue 41): on the chapter page, with the figure scrolled into view, the diagram's acting
 * row, the step's caption and Next are all inside the viewport, at every step of every built-in, in both
 * languages, on the screens a reader or a teacher has (1280×720, 1366×768).
 */
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { counterOf, expect, test, untilHydrated } from "./fixtures";

const SCREENS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
] as const;
const NEXT = { zh: "下一步", en: "Next" } as const;

/** Where the acting row and the caption are, against the viewport (in CSS px). */
const PLACES = `(() => {
  const figure = document.querySelector(":not(.alf-rehearsal) > .alf-root > .alf-figure");
  const box = (selector) => {
    const found = figure.querySelector(selector);
    if (found === null) return null;
    const r = found.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
  };
  return {
    viewport: window.innerHeight,
    row: box('.alf-row[data-status="current"]'),
    caption: box(".alf-step-caption"),
  };
})()`;

for (const screen of SCREENS) {
  test.describe(`at ${screen.width}×${screen.height}`, () => {
    test.use({ viewport: screen });
    for (const lang of ["zh", "en"] as const) {
      test(`every step of every built-in shows its acting row, its caption and Next on one screen (${lang})`, async ({
        page,
      }) => {
        test.setTimeout(240_000); // every step of nine built-ins, measured
        const misses: string[] = [];
        for (const id of SCENARIO_IDS) {
          await page.goto(`./?scenario=${id}&lang=${lang}`);
          const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
          const counter = counterOf(figure);
          // The page hydrates on its first figure, then shows the link's (resolved before hydration) at once.
          await untilHydrated(figure);
          await expect(page.getByRole("combobox").first()).toHaveValue(id);
          await expect(counter).toHaveText(/^1 \/ \d+$/);
          const total = Number((await counter.textContent())?.split("/")[1]);
          await figure.evaluate((element) => element.scrollIntoView({ block: "start" }));
          const next = figure.getByRole("button", { name: NEXT[lang], exact: true });
          for (let step = 1; step <= total; step += 1) {
            await expect(counter).toHaveText(`${step} / ${total}`);
            const at = (await page.evaluate(PLACES)) as {
              viewport: number;
              row: { top: number; bottom: number } | null;
              caption: { top: number; bottom: number } | null;
            };
            const nextBox = await next.boundingBox();
            const inView = (place: { top: number; bottom: number } | null) =>
              place !== null && place.top >= 0 && place.bottom <= at.viewport;
            const nextIn = nextBox !== null && nextBox.y >= 0 && nextBox.y + nextBox.height <= at.viewport;
            if (!inView(at.row) || !inView(at.caption) || !nextIn)
              misses.push(
                `${id} step ${step}: row ${JSON.stringify(at.row)}, caption ${JSON.stringify(at.caption)}, Next ${
                  nextBox === null ? "none" : `${Math.round(nextBox.y)}+${Math.round(nextBox.height)}`
                } (viewport ${at.viewport})`,
              );
            if (step < total) await next.click();
          }
        }
        expect(misses).toEqual([]);
      });
    }
  });
}
