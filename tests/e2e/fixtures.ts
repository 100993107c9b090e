import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Every test fails if the page logs an error or warning, or throws. */
export const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await use(problems);
      expect(problems, "console errors, warnings or uncaught exceptions").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The inline figure (the first F22 region on the page). */
export const figureOf = (page: Page): Locator => page.getByRole("region", { name: /F22/ }).first();
/**
 * Until React has hydrated the server-rendered figure (its element carries React's own fiber key then): a key
 * pressed before that is lost.
 */
export const untilHydrated = (figure: Locator): Promise<void> =>
  expect
    .poll(
      () => figure.first().evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);

export const counterOf = (figure: Locator): Locator => figure.locator(".alf-counter > [aria-hidden]");
export const liveRegionOf = (page: Page): Locator => page.locator("[aria-live]");

/**
 * In the page: record the horizontal scale of the current step's arrow on every animation frame, into
 * `window.scales` (for addInitScript or evaluate).
 */
export function sampleArrowScale(frames: number): void {
  const scales: number[] = [];
  (window as unknown as { scales: number[] }).scales = scales;
  const sample = () => {
    const line = document.querySelector('[data-status="current"] .alf-arrow-line');
    if (line !== null) scales.push(new DOMMatrix(getComputedStyle(line).transform).a);
    if (scales.length < frames) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

/** The scales `sampleArrowScale` recorded. */
export const sampledScales = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { scales: number[] }).scales);

/** Open the chapter page's tools drawer (scenario picker, transcript loading, export), once the page is live. */
export async function openTools(page: Page): Promise<void> {
  await untilHydrated(page.locator(".alf-figure").first());
  const drawer = page.locator("details.page-tools");
  if (!(await drawer.evaluate((element) => (element as HTMLDetailsElement).open)))
    await drawer.locator("summary").click();
  await expect(drawer).toHaveAttribute("open", "");
}

/**
 * The figure's Format switch, in its own drawer ("Request format and token counts"), which is opened first if it is
 * closed (the summary is the drawer's first child in every language).
 */
export async function formatSwitchOf(figure: Locator, name = "Format"): Promise<Locator> {
  const drawer = figure.locator("details.alf-drawer");
  const combobox = drawer.getByRole("combobox", { name });
  // Opened again if a render closed it (a loaded machine can hydrate the figure after the first click).
  await expect(async () => {
    if ((await drawer.getAttribute("open")) === null) await drawer.locator("summary").click();
    await expect(combobox).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return combobox;
}
