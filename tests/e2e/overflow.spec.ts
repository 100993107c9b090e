/**
 * At 375 px, at every step of every built-in and every example lesson, in both languages, and of a recorded run with
 * a provider's long call ids: nothing the figure draws crosses its card, a clipping box, or the diagram's scroll area
 * (issue 44). What is hidden on purpose is not looked at: the screen-reader copies, the words a phone does without (a
 * button's, the acting lane's, a file's state beside its mark), and the dot that travels along an arrow; a file's name
 * cut with an ellipsis in a phone's narrow lane is whole on pointing.
 */
import { readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { counterOf, expect, test, untilHydrated } from "./fixtures";

/** In the page: what crosses the box it must stay in, in words (element, text, box). */
const OVERFLOWING = `(() => {
  const fig = document.querySelector('.alf-figure');
  const card = fig.getBoundingClientRect();
  const found = [];
  const boxOf = (el) => {
    for (let a = el.parentElement; a && a !== fig; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible') return a;
    return fig;
  };
  const named = (el) => (String(el.className) || el.tagName) + ' "' + (el.textContent || '').slice(0, 40) + '"';
  for (const el of fig.querySelectorAll('*')) {
    if (el.children.length > 0 && !el.classList.contains('alf-chip')) continue;
    if (el.closest('.alf-sr-only, [hidden], .alf-button-words, .alf-skip-long, .alf-lane-acting, .alf-file-word, .alf-packet'))
      continue;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || style.visibility === 'hidden') continue;
    const box = boxOf(el);
    const b = box.getBoundingClientRect();
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
    const left = box === fig ? card.left : scrolls ? b.left - box.scrollLeft : b.left;
    const right = box === fig ? card.right : scrolls ? left + box.scrollWidth : b.right;
    if (r.right > right + 1 || r.left < left - 1) found.push(named(el) + ' crosses ' + (String(box.className) || box.tagName));
    // A name cut with an ellipsis on purpose says so, and is whole on pointing (its title).
    const meant = style.textOverflow === 'ellipsis' && el.title !== '';
    if (['hidden', 'clip'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1 && !meant)
      found.push(named(el) + ' is cut off');
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push('the page scrolls sideways');
  return found;
})()`;

/** Every step of the figure on the page, from the first: what overflows at each. */
async function overflowAtEveryStep(page: Page, lang: "en" | "zh"): Promise<string[]> {
  const figure = page.locator(".alf-figure").first();
  const counter = counterOf(figure);
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  // The page arrives with F22's first frame drawn: a click before the figure is live is lost.
  await untilHydrated(figure);
  const total = Number(/\/ (\d+)/.exec((await counter.textContent()) ?? "")?.[1]);
  const found: string[] = [];
  for (let step = 1; step <= total; step += 1) {
    if (step > 1) {
      await figure.getByRole("button", { name: lang === "en" ? "Next" : "下一步" }).click();
      await expect(counter).toHaveText(`${step} / ${total}`);
    }
    for (const what of (await page.evaluate(OVERFLOWING)) as string[]) found.push(`step ${step}: ${what}`);
  }
  return found;
}

const EXAMPLES = readdirSync("examples/figures").filter((file) => file.endsWith(".json") && !file.includes("schema"));
const SOURCES = [
  ...SCENARIO_IDS.map((id) => `scenario=${id}`),
  ...EXAMPLES.map((file) => `figure=figures/${file}`),
  // A recorded Anthropic run: two parallel calls with toolu_… ids of 30 characters, two tools declared.
  "transcript=/transcripts/e2e-long-ids.json",
];

test.describe("at 375 px nothing overflows", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const lang of ["en", "zh"] as const)
    for (const source of SOURCES)
      test(`${source} (${lang}), every step`, async ({ page }) => {
        await page.goto(`./?lang=${lang}&${source}`);
        // Another figure, a figure file or a run may replace the page's own (F22) after it is drawn: wait for it.
        if (source !== "scenario=f22")
          await expect(page.locator(".alf-figure").first()).not.toHaveAccessibleName(/F22/);
        expect(await overflowAtEveryStep(page, lang)).toEqual([]);
      });

  test("a long call id: the diagram draws its tail, the panels and the title the whole id, which wraps", async ({
    page,
  }) => {
    await page.goto("./?lang=en&transcript=/transcripts/e2e-long-ids.json#step-4");
    const figure = page.locator(".alf-figure").first();
    await expect(counterOf(figure)).toHaveText("4 / 8");
    const row = figure.locator(".alf-row").nth(3);
    await expect(row.locator(".alf-chip")).toHaveText("…lq9kXQtoolu_01A09q90qw90lq917835lq9kXQ");
    await expect(row.locator(".alf-chip")).toHaveAttribute("title", "toolu_01A09q90qw90lq917835lq9kXQ");
    await expect(figure.locator(".alf-step-title")).toContainText("toolu_01A09q90qw90lq917835lq9kXQ");
    await expect(figure.getByRole("region", { name: "Call ID" })).toContainText("toolu_01A09q90qw90lq917835lq9kXQ");
    // The declarations, each whole, with a separator between them.
    await expect(figure.getByRole("group", { name: "Context" }).locator(".alf-tools .alf-message-body")).toHaveText(
      "lookup_order(order_id) · refund(order_id, amount)",
    );
  });
});
