import { docSnippet } from "./doc-snippets";
import { expect, test } from "./fixtures";
import { type HostSite, hostSite } from "./host-site";

// A course site on VitePress (a Vue-based host), as docs/embedding.md tells an author to set it up: dist/ in the
// site's public folder, the web component's module and embed-host.js in the site-wide `head`, `isCustomElement`
// for the element, the site under a base path. Built with `vitepress build`, served with `vitepress preview`.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const VITEPRESS = "1.6.4";
const PORT = 4340;

// The config exactly as docs/embedding.md shows it.
const CONFIG = docSnippet("vitepress-config");

let course: HostSite | undefined;
test.afterAll(() => course?.close());

test("VitePress: the web component renders and steps, follows the site's dark toggle, and a soft navigation's iframe is sized", async ({
  page,
}) => {
  const site = hostSite("vitepress");
  course = site;
  site.write({
    "package.json": JSON.stringify({ name: "course-docs", private: true, type: "module" }),
    "docs/.vitepress/config.mts": CONFIG,
    "docs/index.md":
      '# Lesson 1\n\n<agent-loop-figure id="figure" lang="en" step="2"></agent-loop-figure>\n\n[Lesson 2](./lesson-2)\n',
    "docs/lesson-2.md":
      '# Lesson 2\n\n<iframe id="frame" src="/docs/figure/embed-en.html#step=3" title="Figure F22" style="display:block;width:100%;height:300px;border:0"></iframe>\n\n<agent-loop-figure id="second" lang="en" step="4"></agent-loop-figure>\n',
  });
  site.copyDist("docs/public/figure");
  site.install([`vitepress@${VITEPRESS}`]);
  site.run("npx", ["vitepress", "build", "docs"]);
  const url = `http://127.0.0.1:${PORT}/docs/`;
  await site.serve("vitepress", ["preview", "docs", "--port", String(PORT)], url);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  const figure = page.locator("#figure").locator(".alf-figure");
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("2 / 8");
  await figure.locator(".alf-step-title").click();
  await page.keyboard.press("ArrowRight");
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  // The site's own appearance toggle sets a dark class on <html>.
  await page
    .getByRole("switch", { name: /dark theme/i })
    .first()
    .click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("#figure").locator(".alf-root")).toHaveAttribute("data-theme", "dark");
  // A client-side navigation: the page's scripts do not run again, the site-wide embed-host.js sizes the new frame.
  await page.getByRole("link", { name: "Lesson 2" }).click();
  await expect(page).toHaveURL(/\/docs\/lesson-2/);
  const frame = page.locator("#frame");
  await expect
    .poll(() => frame.evaluate((el) => el.getBoundingClientRect().height), { timeout: 15_000 })
    .toBeGreaterThan(800);
  await expect(
    page.frameLocator("#frame").locator(".alf-figure").first().locator(".alf-counter > [aria-hidden]"),
  ).toHaveText("3 / 8");
  // The element on the page reached by the link: Vue set its step as a property, and it opens there.
  await expect(page.locator("#second").locator(".alf-figure .alf-counter > [aria-hidden]")).toHaveText("4 / 8");
});
