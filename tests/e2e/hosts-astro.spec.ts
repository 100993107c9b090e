import { docSnippet } from "./doc-snippets";
import { expect, test, untilHydrated } from "./fixtures";
import { type HostSite, hostSite, versionOf } from "./host-site";

// A course site on Astro 5, as docs/embedding.md tells an author to set it up (its snippets, verbatim): the React component as an island
// (`client:load`, with @astrojs/react) and the web component from dist/ in public/, under `base: "/course"`. Built
// with `astro build`, served with `astro preview`. Slow: runs once, serially.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const ASTRO = "5.18.2";
const ASTRO_REACT = "4.4.2";
const PORT = 4360;

// The config and the page exactly as docs/embedding.md shows them.
const CONFIG = docSnippet("astro-config");
const PAGE = docSnippet("astro-page");

let course: HostSite | undefined;
test.afterAll(() => course?.close());

test("Astro: the React island and the web component render under a base path, step, follow the site's theme, log no error", async ({
  page,
}) => {
  const site = hostSite("astro");
  course = site;
  site.write({
    "package.json": JSON.stringify({ name: "course-astro", private: true, type: "module" }),
    "astro.config.mjs": CONFIG,
    "src/pages/index.astro": PAGE,
  });
  site.copyDist("public/figure");
  site.install([
    site.pack(),
    `astro@${ASTRO}`,
    `@astrojs/react@${ASTRO_REACT}`,
    ...["react", "react-dom"].map((name) => `${name}@${versionOf(name)}`),
  ]);
  site.run("npx", ["astro", "build"]);
  const url = `http://127.0.0.1:${PORT}/course/`;
  await site.serve("astro", ["preview", "--port", String(PORT)], url);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  const island = page.locator("astro-island .alf-figure");
  await expect(island.locator(".alf-counter > [aria-hidden]")).toHaveText("2 / 8");
  await untilHydrated(island);
  await island.locator(".alf-step-title").click();
  await page.keyboard.press("ArrowRight");
  await expect(island.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  const element = page.locator("agent-loop-figure").locator(".alf-figure");
  await expect(element.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  await expect(page.locator("astro-island .alf-root")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("agent-loop-figure").locator(".alf-root")).toHaveAttribute("data-theme", "dark");
});
