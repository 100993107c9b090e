import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { docSnippet } from "./doc-snippets";
import { expect, test } from "./fixtures";

// A course site on Docusaurus 3 (MDX), as docs/embedding.md tells an author to set it up: dist/ in static/, the
// MDX-safe iframe with its parameters in the fragment, embed-host.js site-wide (`scripts`), a baseUrl. Built with
// `docusaurus build`, served with `docusaurus serve`, whose clean URLs redirect `…/embed-en.html` to `/figure/embed-en`,
// dropping the query and, under a baseUrl, the base path too: so the frames name the clean page, `…/embed-en`, with
// their parameters in the fragment. Slow: runs once, serially.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const DOCUSAURUS = "3.10.2";
const PORT = 4350;
const root = resolve(import.meta.dirname, "../..");
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

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

let server: ChildProcess | undefined;
let plainServer: ChildProcess | undefined;
/** A plain static server for the same build (this repository's, with its next two ports). */
const PLAIN_PORT = 4351;
let work = "";

test.afterAll(() => {
  for (const running of [server, plainServer]) {
    if (running?.pid === undefined) continue;
    try {
      process.kill(-running.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (work !== "") rmSync(work, { recursive: true, force: true });
});

test("Docusaurus: an MDX iframe opens at its fragment's step, follows the site's theme, and a soft navigation's frame is sized", async ({
  page,
}) => {
  work = mkdtempSync(join(tmpdir(), "alf-docusaurus-"));
  const site = join(work, "site");
  mkdirSync(join(site, "src", "pages"), { recursive: true });
  writeFileSync(join(site, "package.json"), JSON.stringify({ name: "course-site", private: true }));
  writeFileSync(join(site, "docusaurus.config.js"), CONFIG);
  writeFileSync(join(site, "src", "pages", "index.mdx"), LESSON_1);
  writeFileSync(join(site, "src", "pages", "lesson-2.mdx"), LESSON_2);
  writeFileSync(join(site, "src", "pages", "plain.mdx"), ON_A_PLAIN_SERVER);
  // dist/ was built by `npm run build` before the end-to-end tests.
  cpSync(join(root, "dist"), join(site, "static", "figure"), { recursive: true });
  run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `@docusaurus/core@${DOCUSAURUS}`,
      `@docusaurus/preset-classic@${DOCUSAURUS}`,
      ...["react", "react-dom"].map((name) => `${name}@${versionOf(name)}`),
    ],
    site,
  );
  run("npx", ["docusaurus", "build"], site);
  const url = `http://127.0.0.1:${PORT}/course/`;
  expect(
    await fetch(url).then(
      () => "taken",
      () => "free",
    ),
  ).toBe("free");
  server = spawn(join(site, "node_modules", ".bin", "docusaurus"), ["serve", "--port", String(PORT), "--no-open"], {
    cwd: site,
    stdio: "ignore",
    detached: true,
  });
  await expect
    .poll(
      () =>
        fetch(url).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);

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
  const plain = join(work, "plain");
  cpSync(join(site, "build"), join(plain, "course"), { recursive: true });
  plainServer = spawn("node", [join(root, "scripts", "serve.mjs"), String(PLAIN_PORT)], {
    env: { ...process.env, DIST: plain },
    stdio: "ignore",
    detached: true,
  });
  const plainUrl = `http://127.0.0.1:${PLAIN_PORT}/course/plain/`;
  await expect
    .poll(
      () =>
        fetch(plainUrl).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
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
