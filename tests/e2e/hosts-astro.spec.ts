import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { docSnippet } from "./doc-snippets";
import { expect, test, untilHydrated } from "./fixtures";

// A course site on Astro 5, as docs/embedding.md tells an author to set it up (its snippets, verbatim): the React component as an island
// (`client:load`, with @astrojs/react) and the web component from dist/ in public/, under `base: "/course"`. Built
// with `astro build`, served with `astro preview`. Slow: runs once, serially.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const ASTRO = "5.18.2";
const ASTRO_REACT = "4.4.2";
const PORT = 4360;
const root = resolve(import.meta.dirname, "../..");
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

// The config and the page exactly as docs/embedding.md shows them.
const CONFIG = docSnippet("astro-config");
const PAGE = docSnippet("astro-page");

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

test("Astro: the React island and the web component render under a base path, step, follow the site's theme, log no error", async ({
  page,
}) => {
  work = mkdtempSync(join(tmpdir(), "alf-astro-"));
  run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], root);
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  if (tarball === undefined) throw new Error("npm pack made no tarball");
  const site = join(work, "site");
  mkdirSync(join(site, "src", "pages"), { recursive: true });
  writeFileSync(join(site, "package.json"), JSON.stringify({ name: "course-astro", private: true, type: "module" }));
  writeFileSync(join(site, "astro.config.mjs"), CONFIG);
  writeFileSync(join(site, "src", "pages", "index.astro"), PAGE);
  // dist/ was built by `npm run build` before the end-to-end tests.
  cpSync(join(root, "dist"), join(site, "public", "figure"), { recursive: true });
  run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      join(work, tarball),
      `astro@${ASTRO}`,
      `@astrojs/react@${ASTRO_REACT}`,
      ...["react", "react-dom"].map((name) => `${name}@${versionOf(name)}`),
    ],
    site,
  );
  run("npx", ["astro", "build"], site);
  const url = `http://127.0.0.1:${PORT}/course/`;
  expect(
    await fetch(url).then(
      () => "taken",
      () => "free",
    ),
  ).toBe("free");
  server = spawn(join(site, "node_modules", ".bin", "astro"), ["preview", "--port", String(PORT)], {
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
