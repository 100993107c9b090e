import { cpSync } from "node:fs";
import { join } from "node:path";
import { docSnippet } from "./doc-snippets";
import { expect, test } from "./fixtures";
import { type HostSite, hostSite, ROOT, versionOf } from "./host-site";

// A course site on Docusaurus 3 (MDX), as docs/embedding.md tells an author to set it up: dist/ in static/, the
// MDX-safe iframe with its parameters in the fragment, embed-host.js site-wide (`scripts`), a baseUrl. Built with
// `docusaurus build`, served with `docusaurus serve`, whose clean URLs redirect `…/embed-en.html` to `/figure/embed-en`,
// dropping the query and, under a baseUrl, the base path too: so the frames name the clean page, `…/embed-en`, with
// their parameters in the fragment. Slow: runs once, serially.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const DOCUSAURUS = "3.10.2";
const PORT = 4350;
const CONFIG = `export default {
  title: "A course",
  url: "http://127.0.0.1",
  baseUrl: "/course/",
  favicon: "figure/favicon.svg",
  onBrokenLinks: "throw",
  presets: [["classic", { docs: false, blog: false, theme: {} }]],
  scripts: [{ src: "/course/figure/embed-host.js", defer: true }],
};
`;

// The two iframes exactly as docs/embedding.md shows them: the clean form for docusaurus serve, the file's name for
// a plain static server (a page of its own, served by this repository's static server).
const LESSON_1 = `# Lesson 1

{/* The figure, sized by embed-host.js, following the site's theme */}

${docSnippet("docusaurus-iframe-clean")}
[Lesson 2](/lesson-2)
`;

const ON_A_PLAIN_SERVER = `# On a plain static server

${docSnippet("docusaurus-iframe-static")}
`;

const LESSON_2 = `# Lesson 2

<iframe
  id="later"
  src="/course/figure/embed#step=4"
  title="Figure F22"
  style={{ display: "block", width: "100%", height: 300, border: 0 }}
/>
`;

/** A plain static server for the same build (this repository's, with its next two ports). */
const PLAIN_PORT = 4351;

let course: HostSite | undefined;
test.afterAll(() => course?.close());

test("Docusaurus: an MDX iframe opens at its fragment's step, follows the site's theme, and a soft navigation's frame is sized", async ({
  page,
}) => {
  const site = hostSite("docusaurus");
  course = site;
  site.write({
    "package.json": JSON.stringify({ name: "course-site", private: true }),
    "docusaurus.config.js": CONFIG,
    "src/pages/index.mdx": LESSON_1,
    "src/pages/lesson-2.mdx": LESSON_2,
    "src/pages/plain.mdx": ON_A_PLAIN_SERVER,
  });
  site.copyDist("static/figure");
  site.install([
    `@docusaurus/core@${DOCUSAURUS}`,
    `@docusaurus/preset-classic@${DOCUSAURUS}`,
    ...["react", "react-dom"].map((name) => `${name}@${versionOf(name)}`),
  ]);
  site.run("npx", ["docusaurus", "build"]);
  const url = `http://127.0.0.1:${PORT}/course/`;
  await site.serve("docusaurus", ["serve", "--port", String(PORT), "--no-open"], url);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  const frame = page.frameLocator('iframe[title="Figure F22"]');
  await expect(frame.locator(".alf-figure").first().locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  await expect
    .poll(() => page.locator('iframe[title="Figure F22"]').evaluate((el) => el.getBoundingClientRect().height))
    .toBeGreaterThan(800);
  // Keys step the figure once a click has focused it.
  await frame.locator(".alf-figure").first().locator(".alf-step-title").click();
  await page.keyboard.press("ArrowRight");
  await expect(frame.locator(".alf-figure").first().locator(".alf-counter > [aria-hidden]")).toHaveText("4 / 8");
  // The site's own theme toggle sets data-theme on <html>; embed-host.js relays it to the frame.
  await page.getByRole("button", { name: /Switch between dark and light mode/ }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(frame.locator(".alf-root").first()).toHaveAttribute("data-theme", "dark");
  // A client-side navigation: MDX runs no script, the site-wide embed-host.js sizes the new frame.
  await page.getByRole("link", { name: "Lesson 2" }).click();
  await expect(page).toHaveURL(/\/course\/lesson-2/);
  await expect(
    page.frameLocator("#later").locator(".alf-figure").first().locator(".alf-counter > [aria-hidden]"),
  ).toHaveText("4 / 8");
  await expect
    .poll(() => page.locator("#later").evaluate((el) => el.getBoundingClientRect().height), { timeout: 15_000 })
    .toBeGreaterThan(800);

  // The same build on a plain static server (files by their names, no clean URLs), under /course/: the page with
  // the file's name opens at its step; the clean name is not found there.
  const plain = join(site.work, "plain");
  cpSync(join(site.site, "build"), join(plain, "course"), { recursive: true });
  const plainUrl = `http://127.0.0.1:${PLAIN_PORT}/course/plain/`;
  await site.serve("node", [join(ROOT, "scripts", "serve.mjs"), String(PLAIN_PORT)], plainUrl, { DIST: plain });
  expect((await fetch(`http://127.0.0.1:${PLAIN_PORT}/course/figure/embed-en`)).status).toBe(404);
  await page.goto(plainUrl);
  await expect(
    page
      .frameLocator('iframe[title="Figure F22"]')
      .locator(".alf-figure")
      .first()
      .locator(".alf-counter > [aria-hidden]"),
  ).toHaveText("3 / 8");
});
