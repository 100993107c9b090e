import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { BUDGETS_KB, ratchet } from "../../scripts/budgets.mjs";
import { expect, test } from "./fixtures";
import { type HostSite, hostSite, ROOT as root, versionOf } from "./host-site";

// The npm package, as a course author gets it: `npm pack`, installed from the tarball into a fresh React + Vite
// app (the shape `npm create vite` gives), type-checked there, built, and rendered in Chromium. Slow (an npm
// install), so it runs once, serially; the packages come from npm's cache filled by our own `npm ci`.
test.describe.configure({ mode: "serial", timeout: 300_000 });

let course: HostSite | undefined;
test.afterAll(() => course?.close());

/**
 * What a fresh React app whose only content is `<AgentLoopFigure lang="en" />` may load up front beyond the same
 * app with the package's runtime dependencies alone, in KiB of gzip: the package's entry holds the player and F22;
 * the other scenarios, the figure-file reader, the codecs and the Format view are chunks loaded when used. Each
 * language's catalog is a chunk too, which the figure loads as it first renders (about 6 KiB more, in a second
 * request this count leaves out; a server that streams waits for it). A ratchet (scripts/budgets.mjs): the
 * single-module package of before was 76 over, and fails here.
 */
const PACKAGE_BUDGET_KIB = BUDGETS_KB.package;

/** The gzip bytes of the JS a built page loads up front: its module scripts and modulepreloads. */
function upFront(dist: string, html: string): number {
  const page = readFileSync(join(dist, html), "utf8");
  const sources = [
    ...page.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  return sources.reduce((sum, source) => sum + gzipSync(readFileSync(join(dist, source)), { level: 9 }).length, 0);
}

const APP = `import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { AgentLoopFigure, type Lang, type PlayerHandle } from "agent-loop-figure";
import "agent-loop-figure/style.css";
import refused from "./refused-write.json";
import weather from "./weather.json";

function Lesson() {
  const [step, setStep] = useState(2);
  const [lang, setLang] = useState<Lang>("en");
  const handle: { current: PlayerHandle | null } = { current: null };
  return (
    <main>
      <h1>A fresh app</h1>
      <p id="reported">step {step}</p>
      <AgentLoopFigure
        ref={(h) => { handle.current = h; }}
        lang={lang}
        onLangChange={setLang}
        step={step}
        onStepChange={setStep}
        theme="light"
        dwell={2}
      />
      <h2>Lessons 4 to 6, as the course's own figure files</h2>
      <AgentLoopFigure lang="en" figure={weather} defaultStep={3} onFigureLoaded={({ id, total }) => { document.title = \`\${id} \${total}\`; }} />
      <AgentLoopFigure lang="zh" figure={weather} />
      <AgentLoopFigure lang="en" figure={refused} />
      <AgentLoopFigure lang="zh" figureUrl="./refused-write.json" />
      <AgentLoopFigure lang="en" figureUrl="./retry.json" />
      <AgentLoopFigure lang="zh" figureUrl="./retry.json" />
      <h2>Lesson 7, with questions</h2>
      <AgentLoopFigure
        lang="en"
        scenario="scope-violation"
        checkpoints
        onProgress={(p) => { document.body.dataset.visited = String(p.visited); }}
        onCompleted={(p) => { document.body.dataset.completed = String(p.score); }}
        onStatement={(s) => { document.body.dataset.statements = String(Number(document.body.dataset.statements ?? 0) + 1); }}
      />
    </main>
  );
}

const container = document.getElementById("root");
if (container) createRoot(container).render(<StrictMode><Lesson /></StrictMode>);
`;

test("the packed package installs into a fresh React + Vite app, type-checks and renders", async ({ page }) => {
  const site = hostSite("package");
  course = site;
  // lib/ was built by `npm run build` before the end-to-end tests; do not rebuild it here.
  const tarball = site.pack();
  const app = site.site;
  mkdirSync(join(app, "src"), { recursive: true });
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "fresh-app", private: true, type: "module", version: "0.0.0" }, null, 2),
  );
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        module: "ESNext",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        isolatedModules: true,
        types: ["vite/client"],
        resolveJsonModule: true,
      },
      include: ["src"],
    }),
  );
  // The lessons' page, and the budget's two (tests/fixtures/package-app): the bare figure and its floor.
  writeFileSync(
    join(app, "vite.config.ts"),
    'import react from "@vitejs/plugin-react";\nimport { defineConfig } from "vite";\nexport default defineConfig({ plugins: [react()], base: "./" });\n',
  );
  // Each budget page is an app of its own, built alone (no chunk shared with another page).
  for (const entry of ["figure", "floor"])
    writeFileSync(
      join(app, `vite.${entry}.config.ts`),
      `import react from "@vitejs/plugin-react";\nimport { defineConfig } from "vite";\nexport default defineConfig({ plugins: [react()], base: "./", build: { outDir: "dist-${entry}", rollupOptions: { input: "${entry}.html" } } });\n`,
    );
  for (const [html, entry] of [
    ["index.html", "main"],
    ["figure.html", "figure"],
    ["floor.html", "floor"],
  ] as const)
    writeFileSync(
      join(app, html),
      `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Fresh app</title></head><body><div id="root"></div><script type="module" src="/src/${entry}.tsx"></script></body></html>\n`,
    );
  for (const entry of ["figure", "floor"])
    writeFileSync(
      join(app, "src", `${entry}.tsx`),
      readFileSync(join(root, "tests/fixtures/package-app", `${entry}.tsx`)),
    );
  writeFileSync(join(app, "src", "main.tsx"), APP);
  // The course's figure files: one imported into the bundle, one fetched from the site.
  const figures = join(root, "examples", "figures");
  for (const lesson of ["weather", "refused-write"])
    writeFileSync(join(app, "src", `${lesson}.json`), readFileSync(join(figures, `${lesson}.json`)));
  mkdirSync(join(app, "public"));
  for (const lesson of ["refused-write", "retry"])
    writeFileSync(join(app, "public", `${lesson}.json`), readFileSync(join(figures, `${lesson}.json`)));
  const packages = [
    "react",
    "react-dom",
    "vite",
    "@vitejs/plugin-react",
    "typescript",
    "@types/react",
    "@types/react-dom",
  ];
  site.install([tarball, ...packages.map((name) => `${name}@${versionOf(name)}`)]);
  // The package's own runtime dependencies came with it; React was the app's.
  const installed = JSON.parse(readFileSync(join(app, "node_modules/agent-loop-figure/package.json"), "utf8"));
  expect(installed.peerDependencies).toMatchObject({ react: expect.any(String), "react-dom": expect.any(String) });
  site.run("npx", ["tsc", "-p", "tsconfig.json"]);
  site.run("npx", ["vite", "build", "--logLevel", "error"]);

  const dist = join(app, "dist");
  // The budget: what the bare figure loads up front (its page's module scripts and preloads) beyond the floor.
  for (const entry of ["figure", "floor"])
    site.run("npx", ["vite", "build", "--logLevel", "error", "--config", `vite.${entry}.config.ts`]);
  const extra = upFront(join(app, "dist-figure"), "figure.html") - upFront(join(app, "dist-floor"), "floor.html");
  expect(
    ratchet(extra / 1024, PACKAGE_BUDGET_KIB),
    `the package's up-front JS: floor + ${(extra / 1024).toFixed(2)} KiB gzip`,
  ).toEqual({ verdict: "ok" });
  await page.route("http://fresh-app.test/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(dist, path === "/" ? "index.html" : path);
    return route.fulfill({ path: file });
  });
  await page.goto("http://fresh-app.test/");
  const figure = page.getByRole("region", { name: /F22/ });
  await expect(figure).toBeVisible();
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("2 / 8");
  await figure.getByRole("button", { name: "Next" }).click();
  await expect(page.locator("#reported")).toHaveText("step 3");
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  await figure.getByRole("button", { name: "中文" }).click();
  await expect(figure.getByRole("button", { name: "下一步" })).toBeVisible();
  // The stylesheet came along: the figure is laid out by it, not by the browser's defaults.
  expect(await figure.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("solid");
  // A figure file as an object (its code split off by the app's bundler), and one by URL.
  const weather = page.getByRole("region", { name: /Lesson 4/ });
  await expect(weather.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 10");
  await expect(weather.getByRole("heading", { level: 3 })).toHaveText(
    "3. Model proposes get_weather (call_1), get_weather (call_2)",
  );
  await expect(page).toHaveTitle("weather 10");
  // Each lesson in each language, in its own story's title, with its own step count.
  for (const [title, total] of [
    [/^第 4 课 · 并行工具调用/, 10],
    [/^Lesson 5 · Approval/, 7],
    [/^第 5 课 · 批准/, 7],
    [/^Lesson 6 · Tool errors/, 12],
    [/^第 6 课 · 工具错误/, 12],
  ] as const) {
    const lesson = page.getByRole("region", { name: title });
    await expect(lesson.locator(".alf-counter > [aria-hidden]")).toHaveText(`1 / ${total}`);
  }
  // Checkpoints, progress, completion and xAPI statements through the props.
  const scope = page.getByRole("region", { name: /^Scenario · out of scope/ });
  await scope.locator(".alf-step > .alf-step-title").click();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const asked = scope.getByRole("group", { name: /Which of the host's checks stops it\?$/ });
  await asked.getByRole("button", { name: /^Whether the path stays inside the project/ }).click();
  await expect(asked).toContainText("✓ Right.");
  await scope.focus();
  await page.keyboard.press("End");
  await expect(page.locator("body")).toHaveAttribute("data-completed", "50");
  await expect(page.locator("body")).toHaveAttribute("data-visited", "4");
  expect(Number(await page.locator("body").getAttribute("data-statements"))).toBe(4 + 1 + 1);
  await expect(page.getByRole("region", { name: /第 6 课/ }).getByRole("heading", { level: 3 })).toHaveText(
    "1. 用户任务：今天 100 欧元是多少美元？",
  );
});
