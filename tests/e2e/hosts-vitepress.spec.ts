import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { docSnippet } from "./doc-snippets";
import { expect, test } from "./fixtures";

// A course site on VitePress (a Vue-based host), as docs/embedding.md tells an author to set it up: dist/ in the
// site's public folder, the web component's module and embed-host.js in the site-wide `head`, `isCustomElement`
// for the element, the site under a base path. Built with `vitepress build`, served with `vitepress preview`.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const VITEPRESS = "1.6.4";
const PORT = 4340;
const root = resolve(import.meta.dirname, "../..");
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

// The config exactly as docs/embedding.md shows it.
const CONFIG = docSnippet("vitepress-config");

let server: ChildProcess | undefined;
let work = "";

test.afterAll(() => {
  if (server?.pid !== undefined) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (work !== "") rmSync(work, { recursive: true, force: true });
});

test("VitePress: the web component renders and steps, follows the site's dark toggle, and a soft navigation's iframe is sized", async ({
  page,
}) => {
  work = mkdtempSync(join(tmpdir(), "alf-vitepress-"));
  const site = join(work, "site");
  mkdirSync(join(site, "docs", ".vitepress"), { recursive: true });
  writeFileSync(join(site, "package.json"), JSON.stringify({ name: "course-docs", private: true, type: "module" }));
  writeFileSync(join(site, "docs", ".vitepress", "config.mts"), CONFIG);
  writeFileSync(
    join(site, "docs", "index.md"),
    '# Lesson 1\n\n<agent-loop-figure id="figure" lang="en" step="2"></agent-loop-figure>\n\n[Lesson 2](./lesson-2)\n',
  );
  writeFileSync(
    join(site, "docs", "lesson-2.md"),
    '# Lesson 2\n\n<iframe id="frame" src="/docs/figure/embed-en.html#step=3" title="Figure F22" style="display:block;width:100%;height:300px;border:0"></iframe>\n\n<agent-loop-figure id="second" lang="en" step="4"></agent-loop-figure>\n',
  );
  // dist/ was built by `npm run build` before the end-to-end tests.
  cpSync(join(root, "dist"), join(site, "docs", "public", "figure"), { recursive: true });
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `vitepress@${VITEPRESS}`], site);
  run("npx", ["vitepress", "build", "docs"], site);
  const url = `http://127.0.0.1:${PORT}/docs/`;
  expect(
    await fetch(url).then(
      () => "taken",
      () => "free",
    ),
  ).toBe("free");
  server = spawn(join(site, "node_modules", ".bin", "vitepress"), ["preview", "docs", "--port", String(PORT)], {
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
