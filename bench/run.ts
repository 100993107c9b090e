/**
 * npm run bench — how fast the figure feels, against two references measured in the same run:
 *   floor    React + react-dom + framer-motion + zustand, one animated element (bench/floor)
 *   mermaid  the same eight steps as a Mermaid sequence diagram, what an author would otherwise paste
 * Pages: the chapter page (dist/index.html) and the embed page (dist/embed.html).
 * Measures, interleaved over ROUNDS rounds (page order rotates each round), median and range:
 *   - JS bytes (gzip) of every script the page loaded;
 *   - navigation → figure painted (first frame in which the figure's element is in the DOM);
 *   - step-change latency p50/p95/max over 56 key presses at 1× and 4× CPU, from a settled page (two whole idle
 *     periods in a row with no DOM change between them; see SETTLED for the earlier rules), and when that was:
 *     the rAF fallback (key event →
 *     the frame after the change, via rAF + message) and Event Timing (entries ≥ 16 ms; the browser does not
 *     report shorter ones, so a press without an entry counts as "< 16");
 *   - where a press's time goes (one traced run of 28 presses at 1×): the main thread's busy time and the raster
 *     threads' time per press, for comparing pages and builds (tracing slows both);
 *   - during a full playback at the shortest dwell (from the Play click to the end): long tasks and layout shift
 *     (CLS, shifts without recent input);
 *   - a 2,000-message transcript (1,000 tool calls, OpenAI Chat format, made from longRunScenario) loaded with
 *     ?transcript=: navigation → its first step painted, step latency over it, and the JS heap after loading
 *     (against the page's heap with no transcript).
 * Writes bench/results.json and BENCHMARKS.md. Options: --rounds N, --label TEXT, --dist DIR (measure another
 * build, e.g. a worktree of an older commit), --out FILE (results JSON path), --report (only rewrite
 * BENCHMARKS.md's table from the results file).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, expect, type Locator, type Page } from "@playwright/test";
import protobuf from "protobufjs/light.js";
import { chromiumLaunchOptions } from "../scripts/chromium";
import { longRunScenario, runScenario } from "../src/engine";
import { chatRequest } from "../src/formats/chat";
import { importTranscript } from "../src/formats/import";
import { otlpTranscript } from "../src/formats/otlp";
import { wireTranscript } from "../src/formats/wire";
import { startOtlpReceiver } from "../src/live/otlp-receiver";
import { OtlpRuns } from "../src/live/otlp-runs";
import type { Exchange } from "../src/live/proxy";
import { LiveRuns } from "../src/live/runs";
import { savedText } from "../src/live/save";
import { largeCodexRollout, largeLog, largePiSession } from "../tests/fixtures/large-log";
import { claudeCodeSession } from "../tests/fixtures/long-session";
import { type Summary, withGoals } from "./goals";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROUNDS = Number(option("rounds") ?? 5);
/** `--large-only`: measure the large logs alone (issue 30), not the pages' rounds. */
const LARGE_ONLY = args.includes("--large-only");
/** `--live-only`: measure the recording proxy of `live` alone (issue 43): no build, no pages; about a minute. */
const LIVE_ONLY = args.includes("--live-only");
const LABEL = option("label") ?? "current";
const DIST = option("dist");
const OUT = option("out") ?? "bench/results.json";
const PORT = 4273;
const BASE = `http://127.0.0.1:${PORT}`;

interface Target {
  readonly id: string;
  readonly url: string;
  /** The figure's element: painted when it is in the DOM at a frame. */
  readonly figure: string;
  readonly steps: boolean;
  readonly autoplay: string | null;
}
const TARGETS: readonly Target[] = [
  { id: "chapter", url: "/", figure: ".alf-figure", steps: true, autoplay: "/" },
  { id: "embed", url: "/embed.html", figure: ".alf-figure", steps: true, autoplay: "/embed.html?dwell=1" },
  { id: "floor", url: "/bench/floor/", figure: ".alf-figure", steps: true, autoplay: null },
  { id: "mermaid", url: "/bench/mermaid/", figure: "#diagram svg", steps: false, autoplay: null },
];

type Samples = Record<string, number[]>;
const results: Record<string, Samples> = {};
const record = (target: string, metric: string, value: number) => {
  results[target] ??= {};
  const samples = results[target];
  if (samples === undefined) return;
  samples[metric] ??= [];
  samples[metric]?.push(value);
};

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const median = (values: readonly number[]) => percentile(values, 50);

// In-page scripts are plain strings: tsx would decorate functions with helpers the page does not have.

/** In the page: when the figure's element first exists at an animation frame (recorded at the frame after). */
const watchPaint = (selector: string) => `
  (() => {
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)}) !== null) {
        requestAnimationFrame(() => { window.painted = performance.now(); });
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;

/** In the page: per key press, the time to the frame after it (rAF + message) and Event Timing entries. */
const WATCH_KEYS = `
  (() => {
    window.latencies = [];
    window.eventDurations = [];
    document.addEventListener("keydown", (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.latencies.push(performance.now() - start);
        channel.port2.postMessage(0);
      });
    }, true);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "keydown") window.eventDurations.push(entry.duration);
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  })();`;

/** In the page: layout shifts without recent input, and long tasks. */
const WATCH_STABILITY = `
  (() => {
    window.shift = 0;
    window.shifts = 0;
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) { window.shift += entry.value; window.shifts += 1; }
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  })();`;

async function newPage(browser: Browser): Promise<Page> {
  // bypassCSP: the pages' strict CSP forbids eval, which Playwright's polling waitForFunction uses; the policy
  // itself costs nothing measurable.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: "no-preference",
    bypassCSP: true,
  });
  return context.newPage();
}

async function measureLoad(browser: Browser, target: Target) {
  const page = await newPage(browser);
  const scripts: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    }
  });
  await page.addInitScript(watchPaint(target.figure));
  await page.goto(`${BASE}${target.url}`, { waitUntil: "load" });
  await page.waitForFunction("window.painted !== undefined", null, { timeout: 30_000 });
  const painted = (await page.evaluate("window.painted")) as number;
  const fcp = (await page.evaluate(
    'performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN',
  )) as number;
  await page.waitForTimeout(300);
  record(target.id, "paint_ms", painted);
  record(target.id, "fcp_ms", fcp);
  record(
    target.id,
    "js_gzip_bytes",
    (await Promise.all(scripts)).reduce((a, b) => a + b, 0),
  );
  await page.context().close();
}

/**
 * In the page: resolves (with the time since navigation) once the page has settled — loading done, lazy chunks
 * run, fonts in, and whatever the page does with its idle time done too: two idle periods in a row were whole
 * (50 ms free) and the DOM did not change between them — or after 5 s. Until 2026-12-01 one whole idle period was
 * enough, and the presses could begin while a page was still using its idle time (our rehearsal runs there).
 */
const SETTLED = `new Promise((done) => {
  const give = Date.now() + 5000;
  let changes = 0;
  const observer = new MutationObserver((records) => { changes += records.length; });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  let seen = -1;
  const wait = () => requestIdleCallback((deadline) => {
    const whole = deadline.timeRemaining() >= 49;
    if ((whole && changes === seen) || Date.now() > give) {
      observer.disconnect();
      done(performance.now());
      return;
    }
    seen = whole ? changes : -1;
    wait();
  });
  wait();
})`;

/**
 * Brings the figure into view and waits for the page to settle; resolves with when that was (since navigation).
 * A reader's first press comes after reading, with the figure in view: on the chapter page the figure is below the
 * fold, and until 2026-12-01 the focus() before the presses scrolled it into view just before the first press, so
 * that press's frame also laid out the part of the page the scroll revealed (the code listing, under
 * content-visibility: auto; ~1,000 layout objects, 15 ms).
 */
async function settleInView(page: Page, figure: Locator): Promise<number> {
  await figure.scrollIntoViewIfNeeded();
  return (await page.evaluate(SETTLED)) as number;
}

/** In the page: resolves at the frame after the next one, when a press's change has been drawn. */
const NEXT_FRAME = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))";

/** One lap over a focused eight-step figure: seven presses forward and seven back, each given its frame. */
async function lap(page: Page) {
  for (const key of ["ArrowRight", "ArrowLeft"]) {
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press(key);
      await page.evaluate(NEXT_FRAME);
    }
  }
}

async function measureSteps(browser: Browser, target: Target, throttle: number) {
  const page = await newPage(browser);
  await page.addInitScript(WATCH_KEYS);
  await page.goto(`${BASE}${target.url}`, { waitUntil: "load" });
  const figure = page.locator(target.figure).first();
  await figure.waitFor();
  // Measured from a settled page with its figure in view, not while the page is still loading (the load itself
  // is measured above).
  const settled = await settleInView(page, figure);
  if (throttle === 1) record(target.id, "settled_ms", settled);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await figure.focus();
  for (let i = 0; i < 4; i += 1) await lap(page);
  await page.waitForTimeout(200);
  const { latencies, eventDurations } = (await page.evaluate(
    "({ latencies: window.latencies, eventDurations: window.eventDurations })",
  )) as { latencies: number[]; eventDurations: number[] };
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const suffix = `${throttle}x`;
  record(target.id, `step_raf_p50_${suffix}`, median(latencies));
  record(target.id, `step_raf_p95_${suffix}`, percentile(latencies, 95));
  record(target.id, `step_raf_max_${suffix}`, Math.max(...latencies));
  // Presses the browser did not report took under 16 ms: count them as 16 (an upper bound).
  const events = [...eventDurations, ...Array(Math.max(0, latencies.length - eventDurations.length)).fill(16)];
  record(target.id, `step_event_p50_${suffix}`, median(events));
  record(target.id, `step_event_p95_${suffix}`, percentile(events, 95));
  record(target.id, `step_event_max_${suffix}`, Math.max(...events));
  record(target.id, `step_presses_${suffix}`, latencies.length);
  await page.context().close();
}

/**
 * Where a press's time goes, from a trace of two laps (28 presses) at 1× after a warm lap: per press (the time
 * from one keydown to the next), the main thread's busy time (every top-level task: event handlers, style,
 * layout, paint, commit, animation frames; the bench's own rAF waits too, on every page alike) and the raster
 * threads' time. Tracing slows both, so these are for comparing pages and builds in one run, not absolute.
 */
async function measureWork(browser: Browser, target: Target) {
  const page = await newPage(browser);
  await page.goto(`${BASE}${target.url}`, { waitUntil: "load" });
  const figure = page.locator(target.figure).first();
  await figure.waitFor();
  await settleInView(page, figure);
  await figure.focus();
  await lap(page);
  const file = join(tmpdir(), `alf-bench-trace-${process.pid}.json`);
  await browser.startTracing(page, {
    path: file,
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await lap(page);
  await lap(page);
  await browser.stopTracing();
  type TraceEvent = {
    name: string;
    ph: string;
    ts: number;
    dur?: number;
    tid: number;
    args?: { data?: { type?: string } };
  };
  const events = (JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents.filter(
    (event) => event.ph === "X",
  );
  rmSync(file, { force: true });
  const presses = events
    .filter((event) => event.name === "EventDispatch" && event.args?.data?.type === "keydown")
    .sort((a, b) => a.ts - b.ts);
  const main = presses[0]?.tid;
  const sum = (name: string, from: number, to: number, tid?: number) =>
    events
      .filter((e) => e.name === name && e.ts >= from && e.ts < to && (tid === undefined || e.tid === tid))
      .reduce((total, e) => total + (e.dur ?? 0) / 1000, 0);
  const busy: number[] = [];
  const raster: number[] = [];
  for (let i = 0; i + 1 < presses.length; i += 1) {
    // From just before this press's task to just before the next one's (timestamps in µs).
    const [from, to] = [(presses[i]?.ts ?? 0) - 1000, (presses[i + 1]?.ts ?? 0) - 1000];
    busy.push(sum("RunTask", from, to, main));
    raster.push(sum("RasterTask", from, to));
  }
  record(target.id, "step_main_ms", median(busy));
  record(target.id, "step_raster_ms", median(raster));
  await page.context().close();
}

async function measureAutoplay(browser: Browser, target: Target) {
  if (target.autoplay === null) return;
  const page = await newPage(browser);
  await page.addInitScript(WATCH_STABILITY);
  await page.goto(`${BASE}${target.autoplay}`, { waitUntil: "load" });
  const figure = page.locator(".alf-figure").first();
  await figure.waitFor();
  if (target.id === "chapter") {
    await figure.getByRole("slider").focus();
    await page.keyboard.press("Home"); // the shortest dwell (the embed page has it from ?dwell=1)
  }
  // Only what happens during playback counts: not loading and hydrating before it.
  await page.waitForTimeout(500);
  await page.evaluate("window.shift = 0; window.shifts = 0; window.longTasks = [];");
  // The click is input, so shifts in the 500 ms after it do not count (as for CLS in the field).
  await figure.locator(".alf-button-primary").click();
  await page.waitForFunction(
    () => document.querySelector(".alf-figure")?.getAttribute("data-state") === "ended",
    null,
    {
      timeout: 60_000,
    },
  );
  await page.waitForTimeout(500);
  const stability = (await page.evaluate(
    "({ shift: window.shift, shifts: window.shifts, longTasks: window.longTasks })",
  )) as {
    shift: number;
    shifts: number;
    longTasks: number[];
  };
  record(target.id, "autoplay_cls", stability.shift);
  record(target.id, "autoplay_shifts", stability.shifts);
  record(target.id, "autoplay_long_tasks", stability.longTasks.length);
  record(target.id, "autoplay_longest_task_ms", Math.max(0, ...stability.longTasks));
  await page.context().close();
}

function buildAll(): void {
  if (DIST === undefined) {
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
    // The byte budgets exactly as `npm test` counts them (its floor built alone), for the goals table; before the
    // bench's own build, which that one's replaces.
    const out = spawnSync("node", ["scripts/check-budgets.mjs", "--json"], { encoding: "utf8" }).stdout;
    const line = out.split("\n").find((text) => text.startsWith("budgets: "));
    if (line !== undefined) {
      const { floor, pages } = JSON.parse(line.slice("budgets: ".length)) as {
        floor: number;
        pages: Record<string, number>;
      };
      record("floor", "budget_kb", floor / 1024);
      for (const [target, html] of [
        ["chapter", "dist/index.html"],
        ["embed", "dist/embed.html"],
      ] as const) {
        const bytes = pages[html];
        if (bytes !== undefined) record(target, "budget_kb", bytes / 1024);
      }
    }
  }
  execFileSync("npx", ["vite", "build", "-c", "bench/vite.config.ts", "--logLevel", "error"], { stdio: "inherit" });
  // The transcript for the import measure: a real engine run, written as the request a host would send.
  const run = runScenario(longRunScenario(1000));
  const last = [...run.steps].reverse().find((step) => step.kind === "model_call");
  const messages = last === undefined ? run.messages : run.messages.slice(0, last.contextEnd);
  writeFileSync(join("bench/dist", LONG_TRANSCRIPT), JSON.stringify(chatRequest(messages, run.tools)));
}

const LONG_TRANSCRIPT = "long-chat.json";

/**
 * In the page: the time (since navigation) of the first frame in which the figure shows the loaded transcript (its
 * counter names the run's thousands of steps, where F22's names 8). Until 2026-12-02 the frame in which the page's bar for a loaded run
 * appeared, which then came with the figure.
 */
const WATCH_IMPORT = `
  (() => {
    const check = () => {
      const counter = document.querySelector(".alf-counter");
      if (counter && /\\/ \\d{1,3}(,\\d{3})+/.test(counter.textContent)) { window.imported = performance.now(); return; }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;

async function measureImport(browser: Browser) {
  const page = await newPage(browser);
  await page.addInitScript(WATCH_IMPORT);
  await page.addInitScript(WATCH_KEYS);
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${BASE}/`, { waitUntil: "load" });
  await page.waitForTimeout(300);
  await cdp.send("HeapProfiler.collectGarbage");
  const before = (await page.evaluate("performance.memory.usedJSHeapSize")) as number;
  await page.goto(`${BASE}/?transcript=/bench/${LONG_TRANSCRIPT}`, { waitUntil: "load" });
  await page.waitForFunction("window.imported !== undefined", null, { timeout: 60_000 });
  const imported = (await page.evaluate("window.imported")) as number;
  record("import", "import_first_step_ms", imported);
  // The issue's measure: from the transcript's last byte to the frame that shows its first step.
  // Until 2026-12-02 also "last byte received → first step", from the page's Resource Timing; the transcript is
  // now fetched by the import's worker, whose requests the page's timeline does not hold.
  await page.waitForTimeout(300);
  await cdp.send("HeapProfiler.collectGarbage");
  const after = (await page.evaluate("performance.memory.usedJSHeapSize")) as number;
  record("import", "import_heap_mb", after / 2 ** 20);
  record("import", "import_heap_growth_mb", (after - before) / 2 ** 20);
  const figure = page.locator(".alf-figure").first();
  await settleInView(page, figure);
  await figure.focus();
  await page.evaluate("window.latencies = []");
  for (const key of ["End", "Home", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft", "ArrowLeft"]) {
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press(key);
      await page.evaluate(NEXT_FRAME);
    }
  }
  const latencies = (await page.evaluate("window.latencies")) as number[];
  record("import", "import_step_p50_ms", median(latencies));
  record("import", "import_step_p95_ms", percentile(latencies, 95));
  await page.context().close();
}

/** The large logs of issue 30: made on the spot (tests/fixtures/large-log.ts), written next to the bench pages. */
const LARGE_LOGS = [
  { id: "large20k", file: "large-20k.json", label: "20,000 messages, 11 MB (OpenAI Chat)", find: "R4999" },
  { id: "large100k", file: "large-100k.json", label: "100,000 messages, 56 MB (OpenAI Chat)", find: "R24001" },
  {
    id: "largecc",
    file: "large-claude-code.jsonl",
    label: "72,000 messages, 50 MB (a Claude Code JSON Lines log)",
    find: "R17001",
  },
  // Issue 45's day-long agent logs, in the agents' own shapes.
  {
    id: "largecodex",
    file: "large-codex-rollout.jsonl",
    label: "a Codex CLI rollout: 4,000 shell calls, 11 MB",
    find: "packages/p3999",
  },
  { id: "largepi", file: "large-pi-session.jsonl", label: "a pi session: 1,000 records, 0.4 MB", find: "ls" },
] as const;

function writeLargeLogs(): void {
  writeFileSync(join("bench/dist", "large-20k.json"), largeLog(20_000));
  const big = largeLog(100_000);
  writeFileSync(join("bench/dist", "large-100k.json"), big);
  // A Claude Code session log of about 50 MB: the same kind of run, written as Claude Code writes its log.
  const imported = importTranscript(largeLog(72_000), "chat", "large.json");
  if (!imported.ok) throw new Error("the large log imports");
  const lines = wireTranscript("claude-code", imported.trace) as unknown[];
  writeFileSync(
    join("bench/dist", "large-claude-code.jsonl"),
    `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`,
  );
  writeFileSync(join("bench/dist", "large-codex-rollout.jsonl"), largeCodexRollout(4000));
  writeFileSync(join("bench/dist", "large-pi-session.jsonl"), largePiSession(1000));
}

/** In the page: long tasks from now on, and the time of the first frame that shows a loaded run's first step. */
const WATCH_LARGE = `
  (() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
    document.addEventListener("click", (event) => {
      if (event.target instanceof HTMLButtonElement && event.target.type === "submit") {
        window.loadClicked = performance.now();
        const check = () => {
          const counter = document.querySelector(".page-imported") && document.querySelector(".alf-counter > [aria-hidden]");
          if (counter && counter.textContent.startsWith("1 / ")) { window.firstStep = performance.now(); return; }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }
    }, true);
  })();`;

/** Issue 30's goals: a large log chosen as a file and loaded on the chapter page, then stepped deep inside. */
async function measureLargeImports(browser: Browser) {
  for (const log of LARGE_LOGS) {
    const page = await newPage(browser);
    await page.addInitScript(WATCH_LARGE);
    await page.addInitScript(WATCH_KEYS);
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${BASE}/?lang=en`, { waitUntil: "load" });
    await page.waitForTimeout(1000);
    // Loading a run is in the page's tools drawer, after the figure.
    await page.locator("details.page-tools > summary").click();
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles(join("bench/dist", log.file));
    await page.waitForTimeout(300);
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await page.waitForFunction("window.firstStep !== undefined", null, { timeout: 120_000, polling: 100 });
    const [clicked, first] = (await page.evaluate("[window.loadClicked, window.firstStep]")) as [number, number];
    record(log.id, "large_first_step_ms", first - clicked);
    await page.waitForTimeout(1000);
    const longest = (await page.evaluate(
      `Math.max(0, ...window.longTasks.filter(([start]) => start >= ${clicked}).map(([, duration]) => duration))`,
    )) as number;
    record(log.id, "large_longest_task_ms", longest);
    await cdp.send("HeapProfiler.collectGarbage");
    record(log.id, "large_heap_mb", ((await page.evaluate("performance.memory.usedJSHeapSize")) as number) / 2 ** 20);
    const total = Number(
      ((await page.locator(".alf-counter > [aria-hidden]").first().textContent()) ?? "")
        .split("/")[1]
        ?.replace(/\D/g, ""),
    );
    record(log.id, "large_steps", total);
    // Step 50,000 (or the middle of a shorter run), by the page's own step link; then Next, eight times.
    const deep = Math.min(50_000, Math.floor(total / 2));
    await page.evaluate(`location.hash = "#step-${deep}"`);
    const figure = page.locator(".alf-figure").first();
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText(
      `${deep.toLocaleString("en")} / ${total.toLocaleString("en")}`,
    );
    await settleInView(page, figure);
    await figure.focus();
    await page.evaluate("window.latencies = []");
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press("ArrowRight");
      await page.evaluate(NEXT_FRAME);
    }
    const latencies = (await page.evaluate("window.latencies")) as number[];
    record(log.id, "large_step_p50_ms", median(latencies));
    record(log.id, "large_step_max_ms", Math.max(...latencies));
    // Issue 57: the run's overview used, from the first step: Next problem, a round, a Find typed and gone to, the
    // strip clicked; the longest main-thread task meanwhile (its drawing with the run is in the load's).
    const overview = figure.locator("details.alf-overview");
    await page.keyboard.press("Home");
    const using = (await page.evaluate("performance.now()")) as number;
    await overview.getByRole("button", { name: "Next problem" }).click();
    await page.keyboard.press("r");
    const find = overview.getByRole("searchbox", { name: "Find" });
    await find.fill(log.find);
    await expect(overview.locator(".alf-ov-said")).toHaveText(/found|Not found/, { timeout: 60_000 });
    await find.press("Enter");
    await overview.locator(".alf-ov-track").click({ position: { x: 200, y: 4 } });
    await page.evaluate(NEXT_FRAME);
    await page.waitForTimeout(500);
    record(
      log.id,
      "overview_longest_task_ms",
      (await page.evaluate(
        `Math.max(0, ...window.longTasks.filter(([start]) => start >= ${using}).map(([, duration]) => duration))`,
      )) as number,
    );
    await page.context().close();
  }
}

/** The CLI's --import of the 100,000-message log: wall time, peak resident memory, output over input. */
function measureCliImport(): void {
  const input = join("bench/dist", "large-100k.json");
  const output = join("bench/dist", "large-100k.trace.json");
  const started = performance.now();
  const timed = spawnSync("/usr/bin/time", ["-f", "%M", "npx", "tsx", "src/cli/demo.ts", "--import", input], {
    stdio: ["ignore", openSync(output, "w"), "pipe"],
    encoding: "utf8",
  });
  record("cli", "cli_import_s", (performance.now() - started) / 1000);
  const kib = Number(timed.stderr.trim().split("\n").at(-1));
  if (Number.isFinite(kib)) record("cli", "cli_import_rss_mb", kib / 1024);
  record("cli", "cli_output_ratio", statSync(output).size / statSync(input).size);
}

/** What `npm pack` would publish (issue 42): the tarball and the files unpacked, in KiB; the bin's own file. */
function measurePack(): void {
  const packed = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8" });
  const [info] = JSON.parse(packed.stdout) as { size: number; unpackedSize: number; entryCount: number }[];
  if (info === undefined) return;
  record("pack", "pack_tarball_kib", info.size / 1024);
  record("pack", "pack_unpacked_kib", info.unpackedSize / 1024);
  record("pack", "pack_files", info.entryCount);
  if (existsSync("lib/cli/agent-loop-figure.js"))
    record("pack", "pack_bin_kib", statSync("lib/cli/agent-loop-figure.js").size / 1024);
}

/*
 * The recording proxy of `agent-loop-figure live` (issue 43; `--live-only` runs this alone). Its goals: the time to
 * first byte and the delay of each streamed chunk the proxy adds, against the same scripted server reached direct,
 * on loopback (p95 ≤ 2 ms added); and the time from a chunk leaving the scripted server to its text on the viewer's
 * page (≤ 100 ms). The scripted server, the client and (for the first two) the proxy run in this process, so one
 * clock times both ends of every chunk.
 */

/** Time to first byte: requests each way, one after the other, the order swapped each time; after a warm-up. */
const LIVE_TTFB_REQUESTS = 200;
/** Chunk delay: streams each way, alternating, each of LIVE_CHUNKS chunks LIVE_CHUNK_MS apart. */
const LIVE_STREAMS = 8;
const LIVE_CHUNKS = 50;
const LIVE_CHUNK_MS = 20;
/** Chunk → page: one streamed answer, a word at a time, through the built command with its viewer open. */
const LIVE_WORDS = 50;
const LIVE_WORD_MS = 300;
/** Before the first word: the run is already drawn (its request), so its first reading is not in any word's time. */
const LIVE_LEAD_MS = 1000;
const LIVE_CLI = "lib/cli/agent-loop-figure.js";

/**
 * A scripted OpenAI Chat Completions server for timing: each request streams `?chunks=N` text deltas `w0 `, `w1 `, …
 * (each word unique, so a reader can tell which one it got), the first `?lead=MS` after the answer's headers and its
 * role chunk, then one every `?interval=MS`, and records, per `?id=`, when it wrote each (both clocks: this process's
 * `performance.now()` and the epoch's, which the page shares). Nagle's algorithm is off on its sockets, as it is on
 * the proxy's (Node's default for servers and for its agent), so a chunk is sent when it is written.
 */
async function timingUpstream(): Promise<{
  readonly url: string;
  readonly writes: Map<string, { at: number[]; epoch: number[] }>;
  close(): Promise<void>;
}> {
  const writes = new Map<string, { at: number[]; epoch: number[] }>();
  const event = (id: string, delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: `chatcmpl-${id}`,
      object: "chat.completion.chunk",
      created: 0,
      model: "m",
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const query = new URL(request.url ?? "/", "http://upstream.invalid").searchParams;
      const id = query.get("id") ?? "0";
      const [chunks, interval, lead] = ["chunks", "interval", "lead"].map((name) => Number(query.get(name) ?? 0)) as [
        number,
        number,
        number,
      ];
      const times = { at: [] as number[], epoch: [] as number[] };
      writes.set(id, times);
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
      response.write(event(id, { role: "assistant", content: "" }));
      const start = performance.now();
      const send = (i: number) => {
        if (i === chunks) {
          response.end(`${event(id, {}, "stop")}data: [DONE]\n\n`);
          return;
        }
        times.at[i] = performance.now();
        times.epoch[i] = Date.now();
        response.write(event(id, { content: `w${i} ` }));
        const due = start + lead + (i + 1) * interval;
        if (interval === 0) send(i + 1);
        else setTimeout(() => send(i + 1), Math.max(0, due - performance.now()));
      };
      if (lead === 0 && chunks > 0) send(0);
      else setTimeout(() => send(0), lead);
    });
  });
  server.on("connection", (socket) => socket.setNoDelay(true));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    writes,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * One streamed Chat Completions request, as an SDK sends it (POST, JSON body, keep-alive, no Origin): when its first
 * byte of body arrived (ms after it was sent), and when each word arrived (`performance.now()`, by the word's index;
 * a word that shares a read with the one before shares its time).
 */
function streamed(url: string, agent: Agent): Promise<{ ttfb: number; arrived: number[] }> {
  const body = JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] });
  return new Promise((done, fail) => {
    const arrived: number[] = [];
    let ttfb = Number.NaN;
    let text = "";
    const request = httpRequest(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: "Bearer sk-bench",
        },
      },
      (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const now = performance.now();
          if (Number.isNaN(ttfb)) ttfb = now - sent;
          text += chunk;
          for (const match of text.matchAll(/"content":"w(\d+) "/g)) arrived[Number(match[1])] ??= now;
          text = text.slice(text.lastIndexOf("\n\n") + 1);
        });
        response.on("end", () => done({ ttfb, arrived }));
        response.on("error", fail);
      },
    );
    request.on("socket", (socket) => socket.setNoDelay(true));
    request.on("error", fail);
    const sent = performance.now();
    request.end(body);
  });
}

/** Each percentile's difference, through the proxy against direct, as the goals read it: p(proxy) − p(direct). */
function recordAdded(name: string, direct: readonly number[], proxied: readonly number[]): void {
  for (const p of [50, 95]) {
    record("live", `live_${name}_direct_p${p}_ms`, percentile(direct, p));
    record("live", `live_${name}_proxy_p${p}_ms`, percentile(proxied, p));
    record("live", `live_${name}_added_p${p}_ms`, percentile(proxied, p) - percentile(direct, p));
  }
  record("live", `live_${name}_direct_max_ms`, Math.max(...direct));
  record("live", `live_${name}_proxy_max_ms`, Math.max(...proxied));
}

/** The built command, `live --upstream openai=URL --no-open`, started: its viewer's address and its OpenAI base. */
async function startLive(upstream: string): Promise<{ viewer: string; base: string; command: ChildProcess }> {
  const command = spawn("node", [LIVE_CLI, "live", "--upstream", `openai=${upstream}`, "--no-open", "--lang", "en"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let printed = "";
  command.stdout?.setEncoding("utf8");
  await new Promise<void>((done, fail) => {
    command.stdout?.on("data", (chunk: string) => {
      printed += chunk;
      if (/^export OPENAI_BASE_URL=\S+$/m.test(printed)) done();
    });
    command.on("exit", () => fail(new Error(`live: the command ended before it printed its addresses: ${printed}`)));
  });
  const viewer = /^viewer: (\S+)$/m.exec(printed)?.[1] ?? "";
  const base = /^export OPENAI_BASE_URL=(\S+)$/m.exec(printed)?.[1] ?? "";
  return { viewer, base, command };
}

/**
 * The proxy as its users run it, the built command in its own process (with the record it keeps of each request,
 * chunk and end), between a client and the timing server, against the same server direct: the time to first byte
 * of LIVE_TTFB_REQUESTS requests each way (a short answer), and each chunk's delay (its arrival at the client less
 * its write upstream, both in this process) over LIVE_STREAMS streams each way. Each way has its own keep-alive
 * connection, warmed first.
 */
async function measureLiveProxy(): Promise<void> {
  const upstream = await timingUpstream();
  const live = await startLive(upstream.url);
  const bare = await startBare(upstream.url);
  const agent = () => new Agent({ keepAlive: true, maxSockets: 1 });
  const ways = {
    direct: { base: `${upstream.url}/v1`, agent: agent() },
    bare: { base: `${bare.base}/v1`, agent: agent() },
    proxy: { base: live.base, agent: agent() },
  };
  type Way = keyof typeof ways;
  // Each round takes the ways in a different order, so none is always first after a pause.
  const orders: readonly (readonly Way[])[] = [
    ["direct", "bare", "proxy"],
    ["proxy", "direct", "bare"],
    ["bare", "proxy", "direct"],
  ];
  let next = 0;
  const once = (way: Way, query: string) => {
    const id = `${way}-${next++}`;
    return streamed(`${ways[way].base}/chat/completions?id=${id}&${query}`, ways[way].agent).then((got) => ({
      id,
      ...got,
    }));
  };
  try {
    const short = "chunks=3&interval=0&lead=0";
    for (let i = 0; i < 20; i += 1) for (const way of orders[0] ?? []) await once(way, short);
    const ttfb: Record<Way, number[]> = { direct: [], bare: [], proxy: [] };
    for (let i = 0; i < LIVE_TTFB_REQUESTS; i += 1)
      for (const way of orders[i % orders.length] ?? []) ttfb[way].push((await once(way, short)).ttfb);
    recordAdded("ttfb", ttfb.direct, ttfb.proxy);
    recordAdded("ttfb_bare", ttfb.direct, ttfb.bare);
    const delay: Record<Way, number[]> = { direct: [], bare: [], proxy: [] };
    const paced = `chunks=${LIVE_CHUNKS}&interval=${LIVE_CHUNK_MS}&lead=${LIVE_CHUNK_MS}`;
    for (let i = 0; i < LIVE_STREAMS; i += 1) {
      for (const way of orders[i % orders.length] ?? []) {
        const { id, arrived } = await once(way, paced);
        const written = upstream.writes.get(id)?.at ?? [];
        for (let chunk = 0; chunk < LIVE_CHUNKS; chunk += 1)
          delay[way].push((arrived[chunk] ?? Number.NaN) - (written[chunk] ?? Number.NaN));
      }
    }
    recordAdded("chunk", delay.direct, delay.proxy);
    recordAdded("chunk_bare", delay.direct, delay.bare);
    const all = Object.values(delay).flat();
    record("live", "live_chunk_missing", all.filter((d) => !Number.isFinite(d)).length);
  } finally {
    for (const { agent } of Object.values(ways)) agent.destroy();
    live.command.kill("SIGTERM");
    bare.child.kill("SIGTERM");
    await upstream.close();
  }
}

/**
 * The floor any proxy pays here: a bare Node reverse proxy (each request piped to the upstream and its answer piped
 * back, nothing read or kept), in its own process as the command is. What the command adds beyond it is its own cost.
 */
const BARE_PROXY = `
  const http = require("node:http");
  const upstream = new URL(process.argv[1]);
  const server = http.createServer((incoming, response) => {
    const outgoing = http.request(new URL(incoming.url, upstream), { method: incoming.method, headers: { ...incoming.headers, host: upstream.host } }, (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      response.flushHeaders();
      answer.pipe(response);
    });
    incoming.pipe(outgoing);
  });
  server.listen(0, "127.0.0.1", () => console.log("bare http://127.0.0.1:" + server.address().port));`;

async function startBare(upstream: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn("node", ["-e", BARE_PROXY, upstream], { stdio: ["ignore", "pipe", "ignore"] });
  child.stdout?.setEncoding("utf8");
  const base = await new Promise<string>((done, fail) => {
    child.stdout?.on("data", (line: string) => done(/^bare (\S+)/.exec(line)?.[1] ?? ""));
    child.on("exit", () => fail(new Error("live: the bare proxy ended before it listened")));
  });
  return { base, child };
}

/**
 * In the page: each word `wN` of the streamed answer, the first time the page's text holds it (a MutationObserver
 * over the whole document), told to the bench with the epoch time of the animation frame that follows (the frame
 * that shows it).
 */
const WATCH_WORDS = `
  (() => {
    const shown = new Set();
    const scan = () => {
      const text = document.body === null ? "" : document.body.textContent;
      const fresh = [];
      for (const match of text.matchAll(/(?<![\\w-])w(\\d+)(?![\\w-])/g)) {
        const index = Number(match[1]);
        if (!shown.has(index)) { shown.add(index); fresh.push(index); }
      }
      if (fresh.length > 0) requestAnimationFrame(() => { const at = Date.now(); for (const index of fresh) window.alfWordShown(index, at); });
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
  })();`;

/**
 * Chunk → page, as a reader sees it: the built command (`live --upstream openai=…`, proxy and viewer in one process),
 * its viewer open in Chromium, and one streamed answer of LIVE_WORDS words LIVE_WORD_MS apart sent through it after
 * the page waits for a run; for each word, from the server writing it to the frame after the page's text first holds
 * it (epoch clocks, the same machine's). The client's side of the same stream is recorded too: each chunk's delay
 * through the command while its viewer is reading the run.
 */
async function measureLivePage(browser: Browser): Promise<void> {
  const upstream = await timingUpstream();
  const { viewer, base, command } = await startLive(upstream.url);
  const page = await newPage(browser);
  const agent = new Agent({ keepAlive: true });
  try {
    const shown = new Map<number, number>();
    await page.exposeFunction("alfWordShown", (index: number, at: number) => {
      if (!shown.has(index)) shown.set(index, at);
    });
    await page.addInitScript(WATCH_WORDS);
    await page.goto(viewer, { waitUntil: "load" });
    await expect(page.getByRole("status").first()).toContainText("Waiting", { timeout: 20_000 });
    const id = "page";
    const { arrived } = await streamed(
      `${base}/chat/completions?id=${id}&chunks=${LIVE_WORDS}&interval=${LIVE_WORD_MS}&lead=${LIVE_LEAD_MS}`,
      agent,
    );
    const written = upstream.writes.get(id) ?? { at: [], epoch: [] };
    const last = Date.now();
    while (shown.size < LIVE_WORDS && Date.now() - last < 5000) await page.waitForTimeout(100);
    const latencies: number[] = [];
    for (let word = 0; word < LIVE_WORDS; word += 1) {
      const [at, from] = [shown.get(word), written.epoch[word]];
      if (at !== undefined && from !== undefined) latencies.push(at - from);
    }
    record("live", "live_page_words", latencies.length);
    record("live", "live_page_p50_ms", percentile(latencies, 50));
    record("live", "live_page_p95_ms", percentile(latencies, 95));
    record("live", "live_page_max_ms", Math.max(...latencies));
    const through = written.at.map((from, word) => (arrived[word] ?? Number.NaN) - from).filter(Number.isFinite);
    record("live", "live_cli_chunk_p95_ms", percentile(through, 95));
    record("live", "live_cli_chunk_max_ms", Math.max(...through));
  } finally {
    agent.destroy();
    await page.context().close();
    command.kill("SIGTERM");
    await upstream.close();
  }
}

/** How many model calls the long session has (issue 53), and the call its compaction comes before. */
const SESSION_CALLS = 500;

/**
 * A long Claude Code session through the proxy's record (issue 53): its requests in the agent's real shape
 * (tests/fixtures/long-session.ts: 500 calls, the caching mark moving, reminders rewritten, one compaction) handed to
 * the runs as the proxy hands them, each request's run saved as `--save` saves it. Measured: how many runs it makes
 * (one), the heap the record holds at the end (after a collection, where `--expose-gc` allows one), and the save's
 * cost per request (read by the import, written as a trace), with the last document's size.
 */
function measureLiveSession(): void {
  const session = claudeCodeSession({ calls: SESSION_CALLS, compactAt: SESSION_CALLS / 2 });
  const collect = () => (globalThis as { gc?: () => void }).gc?.();
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const runs = new LiveRuns();
  const saves: number[] = [];
  session.forEach(({ path, headers, body, answer }, id) => {
    const exchange: Exchange = {
      id,
      provider: "anthropic",
      method: "POST",
      path,
      requestHeaders: { "content-type": "application/json", ...headers },
      requestBody: JSON.stringify(body),
      started: Date.now(),
      status: 200,
      responseHeaders: { "content-type": "application/json" },
      responseBody: JSON.stringify(answer),
      end: "complete",
    };
    runs.begin(exchange);
    runs.progress(exchange);
    const run = runs.runs.at(-1);
    if (run === undefined) return;
    const started = performance.now();
    savedText(runs, run, "session.json");
    saves.push(performance.now() - started);
  });
  collect();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const last = runs.runs.at(-1);
  record("live", "live_session_requests", SESSION_CALLS);
  record("live", "live_session_runs", runs.runs.length);
  record("live", "live_session_heap_mb", heapMb);
  record("live", "live_session_document_kb", last === undefined ? Number.NaN : runs.document(last).length / 1024);
  record("live", "live_session_save_p50_ms", percentile(saves, 50));
  record("live", "live_session_save_p95_ms", percentile(saves, 95));
  record("live", "live_session_save_max_ms", Math.max(...saves));
  console.log(
    `live: a ${SESSION_CALLS}-call Claude Code session: ${runs.runs.length} run(s), ${heapMb.toFixed(1)} MB held, save p95 ${percentile(saves, 95).toFixed(1)} ms`,
  );
}

/** How many spans the OTLP measures' trace has (issue 56): a long run written as `export otlp` writes it. */
const OTLP_SPANS = 500;
/** The OTLP export messages, from the protocol's own .proto files (src/live/otlp-proto/). */
const otlpDescriptor = JSON.parse(readFileSync("src/live/otlp-proto.gen.json", "utf8")) as protobuf.INamespace;
/** How many spans each export request carries when the receiver's throughput is measured. */
const OTLP_BATCH = 100;

/** A long run as OTLP/JSON spans (an invoke_agent, a chat per model call, an execute_tool per result), OTLP_SPANS of them. */
function otlpTrace(traceId: string): { document: { resourceSpans: unknown[] }; spans: number } {
  // calls tool calls: calls + 1 chat spans, calls execute_tool spans and the root.
  const calls = (OTLP_SPANS - 2) / 2;
  const document = otlpTranscript(runScenario(longRunScenario(calls)), { traceId });
  const spans = (document.resourceSpans[0] as { scopeSpans: { spans: unknown[] }[] }).scopeSpans[0]?.spans.length ?? 0;
  return { document, spans };
}

/** An OTLP/JSON export encoded as protobuf with the protocol's own definitions (what most SDKs send). */
function otlpProtobuf(document: { resourceSpans: unknown[] }): Uint8Array {
  const type = protobuf.Root.fromJSON(otlpDescriptor).lookupType(
    "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest",
  );
  const ids = JSON.parse(JSON.stringify(document), (key, value) =>
    ["traceId", "spanId", "parentSpanId"].includes(key) ? Buffer.from(value, "hex").toString("base64") : value,
  );
  return type.encode(type.fromObject(ids)).finish();
}

/**
 * The OTLP receiver (issue 56): how many spans a second it takes (in this process: a 500-span trace sent as protobuf
 * exports of OTLP_BATCH spans each over loopback HTTP, each gathered into its run as it comes), and a reader's delay:
 * the built `view --otlp` with its page open, from posting a 500-span trace to its last step on the page.
 */
async function measureOtlp(browser: Browser): Promise<void> {
  const runs = new OtlpRuns(() => {}, { settleMs: 0 });
  const receiver = await startOtlpReceiver({
    port: 0,
    received: (signal, request) => runs.add(signal, request),
    say: () => {},
  });
  const headers = Object.fromEntries([receiver.headers.split("=") as [string, string]]);
  try {
    for (let round = 0; round < 3; round += 1) {
      const { document, spans } = otlpTrace(`${String(round).padStart(2, "0")}${"ab".repeat(15)}`);
      const all = (document.resourceSpans[0] as { scopeSpans: { spans: unknown[] }[] }).scopeSpans[0]?.spans ?? [];
      const batches: Uint8Array[] = [];
      for (let at = 0; at < all.length; at += OTLP_BATCH)
        batches.push(
          otlpProtobuf({
            resourceSpans: [
              { ...(document.resourceSpans[0] as object), scopeSpans: [{ spans: all.slice(at, at + OTLP_BATCH) }] },
            ],
          }),
        );
      const started = performance.now();
      for (const body of batches) {
        const answer = await fetch(`${receiver.endpoint}/v1/traces`, {
          method: "POST",
          headers: { "content-type": "application/x-protobuf", ...headers },
          body: Buffer.from(body),
        });
        if (!answer.ok) throw new Error(`the receiver answered ${answer.status}`);
      }
      record("live", "otlp_spans_per_s", spans / ((performance.now() - started) / 1000));
    }
  } finally {
    await receiver.close();
  }
  if (!existsSync(LIVE_CLI)) return;
  const command = spawn("node", [LIVE_CLI, "view", "--otlp", "--otlp-port", "0", "--no-open", "--lang", "en"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let printed = "";
  command.stdout?.setEncoding("utf8");
  command.stdout?.on("data", (chunk: string) => {
    printed += chunk;
  });
  const page = await newPage(browser);
  try {
    await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^viewer: /m);
    const line = (name: string) => new RegExp(`^export ${name}=(\\S+)$`, "m").exec(printed)?.[1] ?? "";
    const [name, token] = line("OTEL_EXPORTER_OTLP_HEADERS").split("=") as [string, string];
    await page.goto(/^viewer: (\S+)$/m.exec(printed)?.[1] ?? "", { waitUntil: "load" });
    await expect(page.getByRole("status").first()).toContainText("Waiting", { timeout: 20_000 });
    const { document } = otlpTrace("cd".repeat(16));
    const started = Date.now();
    const answer = await fetch(`${line("OTEL_EXPORTER_OTLP_ENDPOINT")}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/json", [name]: token },
      body: JSON.stringify(document),
    });
    if (!answer.ok) throw new Error(`view --otlp answered ${answer.status}`);
    const counter = page.locator(".alf-figure").first().locator(".alf-counter > [aria-hidden]");
    await expect(counter).toHaveText(/^(\d+) \/ \1$/, { timeout: 60_000 });
    record("live", "otlp_page_500_spans_ms", Date.now() - started);
  } finally {
    await page.context().close();
    command.kill("SIGTERM");
  }
  console.log(
    `live: OTLP receiver ${fmt(median(results.live?.otlp_spans_per_s ?? []), 0)} spans/s; a ${OTLP_SPANS}-span trace on the page in ${fmt(median(results.live?.otlp_page_500_spans_ms ?? []), 0)} ms`,
  );
}

/** Issue 43's measures of `agent-loop-figure live`, issue 53's long session and issue 56's OTLP receiver. */
async function measureLive(browser: Browser): Promise<void> {
  measureLiveSession();
  await measureOtlp(browser);
  if (!existsSync(LIVE_CLI)) {
    console.log(`live: no ${LIVE_CLI} (npm run build makes it); not measured`);
    return;
  }
  console.log("live: the recording proxy against direct, then a chunk's way to the viewer's page");
  await measureLiveProxy();
  await measureLivePage(browser);
}

function startServer(): ChildProcess {
  const env = { ...process.env, ...(DIST === undefined ? {} : { DIST: resolve(DIST) }) };
  return spawn("node", ["scripts/serve.mjs", String(PORT)], { env, stdio: "ignore" });
}

function summarise(): Summary {
  const summary: Summary = {};
  for (const [target, metrics] of Object.entries(results)) {
    summary[target] = {};
    for (const [metric, values] of Object.entries(metrics)) {
      const finite = values.filter(Number.isFinite);
      const entry = { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), n: finite.length };
      const row = summary[target];
      if (row !== undefined) row[metric] = entry;
    }
  }
  return summary;
}

const fmt = (value: number | undefined, digits = 1) =>
  value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits);

function markdown(summary: Summary, meta: Record<string, string>): string {
  const get = (target: string, metric: string) => summary[target]?.[metric];
  const cell = (target: string, metric: string, digits = 1) => {
    const m = get(target, metric);
    return m === undefined ? "—" : `${fmt(m.median, digits)} (${fmt(m.min, digits)}–${fmt(m.max, digits)})`;
  };
  const ratio = (target: string, metric: string, reference: string) => {
    const [a, b] = [get(target, metric)?.median, get(reference, metric)?.median];
    return a === undefined || b === undefined || b === 0 ? "—" : `${(a / b).toFixed(2)}×`;
  };
  const rows: string[] = [];
  const metric = (title: string, key: string, digits = 1) => {
    const ratios = ["floor", "mermaid"].flatMap((reference) =>
      ["chapter", "embed"].map((t) => ratio(t, key, reference)),
    );
    rows.push(
      `| ${title} | ${["chapter", "embed", "floor", "mermaid"].map((t) => cell(t, key, digits)).join(" | ")} | ${ratios.join(" | ")} |`,
    );
  };
  metric("JS gzip (KB)", "js_gzip_kb");
  metric("navigation → figure painted (ms)", "paint_ms");
  metric("first contentful paint (ms)", "fcp_ms");
  metric("navigation → settled, presses begin (ms)", "settled_ms");
  for (const t of ["1x", "4x"]) {
    metric(`step, rAF p50 ${t} (ms)`, `step_raf_p50_${t}`);
    metric(`step, rAF p95 ${t} (ms)`, `step_raf_p95_${t}`);
    metric(`step, rAF max ${t} (ms)`, `step_raf_max_${t}`);
    metric(`step, Event Timing p50 ${t} (ms, ≤16 = under a frame)`, `step_event_p50_${t}`);
    metric(`step, Event Timing p95 ${t} (ms, ≤16 = under a frame)`, `step_event_p95_${t}`);
    metric(`step, Event Timing max ${t} (ms)`, `step_event_max_${t}`);
  }
  metric("step, main-thread busy per press, 1× (ms, traced)", "step_main_ms");
  metric("step, raster per press, 1× (ms, traced)", "step_raster_ms");
  metric("autoplay CLS", "autoplay_cls", 4);
  metric("autoplay layout shifts", "autoplay_shifts", 0);
  metric("autoplay long tasks", "autoplay_long_tasks", 0);
  const imported = [
    ["2,000-message transcript: navigation → first step painted (ms)", "import_first_step_ms", 0],
    ["2,000-message transcript: step, rAF p50 (ms)", "import_step_p50_ms", 1],
    ["2,000-message transcript: step, rAF p95 (ms)", "import_step_p95_ms", 1],
    ["2,000-message transcript: JS heap after loading (MB)", "import_heap_mb", 1],
    ["2,000-message transcript: JS heap growth over the page without it (MB)", "import_heap_growth_mb", 1],
  ] as const;
  const importRows = imported
    .filter(([, key]) => get("import", key) !== undefined)
    .map(([title, key, digits]) => `| ${title} | ${cell("import", key, digits)} |`);
  const largeMeasures = [
    ["Load pressed → first step painted (ms)", "large_first_step_ms", 0],
    ["longest main-thread task from Load on (ms)", "large_longest_task_ms", 0],
    ["JS heap after loading (MB)", "large_heap_mb", 0],
    ["steps", "large_steps", 0],
    ["Next at step 50,000 (or mid-run), rAF p50 (ms)", "large_step_p50_ms", 1],
    ["Next at step 50,000 (or mid-run), rAF max (ms)", "large_step_max_ms", 1],
  ] as const;
  const largeRows = LARGE_LOGS.some((log) => get(log.id, "large_first_step_ms") !== undefined)
    ? [
        `Chapter page, a large log chosen as a file (issue 30; made by tests/fixtures/large-log.ts), one load each${meta.large === undefined ? "" : ` (measured ${meta.large} with \`--large-only\`)`}:`,
        "",
        `| measure | ${LARGE_LOGS.map((log) => log.label).join(" | ")} |`,
        `|---|${LARGE_LOGS.map(() => "---|").join("")}`,
        ...largeMeasures.map(
          ([title, key, digits]) => `| ${title} | ${LARGE_LOGS.map((log) => cell(log.id, key, digits)).join(" | ")} |`,
        ),
        "",
        "Command line, `--import` of the 100,000-message log:",
        "",
        "| measure | value |",
        "|---|---|",
        `| wall time (s) | ${cell("cli", "cli_import_s", 1)} |`,
        `| peak resident memory (MB) | ${cell("cli", "cli_import_rss_mb", 0)} |`,
        `| output size / input size | ${cell("cli", "cli_output_ratio", 2)} |`,
        "",
      ]
    : [];
  const packRows =
    get("pack", "pack_tarball_kib") === undefined
      ? []
      : [
          "The npm package as `npm pack` would publish it (the component, the command and its viewer, the embed's files):",
          "",
          "| measure | value |",
          "|---|---|",
          `| tarball (KiB) | ${cell("pack", "pack_tarball_kib", 0)} |`,
          `| unpacked (KiB) | ${cell("pack", "pack_unpacked_kib", 0)} |`,
          `| files | ${cell("pack", "pack_files", 0)} |`,
          `| the command's bundle, lib/cli/agent-loop-figure.js (KiB) | ${cell("pack", "pack_bin_kib", 0)} |`,
          "",
        ];
  // One session's figures: its value alone (a range of one is no range).
  const one = (target: string, key: string, digits: number) =>
    get(target, key)?.n === 1 ? fmt(get(target, key)?.median, digits) : cell(target, key, digits);
  const signed = (target: string, key: string) => {
    const value = get(target, key)?.median;
    return value === undefined || !Number.isFinite(value)
      ? "—"
      : `${value >= 0 ? "+" : "−"} ${fmt(Math.abs(value), 2)}`;
  };
  const added = (name: string, stat: string) =>
    stat === "max" ? "—" : signed("live", `live_${name}_added_${stat}_ms`);
  const proxyRow = (title: string, name: string, stat: string) =>
    `| ${title} | ${one("live", `live_${name}_direct_${stat}_ms`, 2)} | ${one("live", `live_${name}_proxy_${stat}_ms`, 2)} | ${added(name, stat)} | ${one("live", `live_${name}_bare_proxy_${stat}_ms`, 2)} | ${added(`${name}_bare`, stat)} |`;
  const liveRows =
    get("live", "live_ttfb_added_p95_ms") === undefined
      ? []
      : [
          `The recording proxy of \`agent-loop-figure live\` (issue 43), on loopback: the built command in its own process (keeping its record of each run), a bare Node reverse proxy in its own process (piping, nothing read: the floor any proxy pays on this machine) and the same scripted server direct; ${LIVE_TTFB_REQUESTS} requests each way for the time to first byte, ${LIVE_STREAMS} streams of ${LIVE_CHUNKS} chunks ${LIVE_CHUNK_MS} ms apart each way for a chunk's delay (server's write → client's read)${meta.live === undefined ? "" : `; measured ${meta.live} with \`--live-only\``}:`,
          "",
          "| measure | direct | through the proxy | added | through a bare Node proxy | added |",
          "|---|---|---|---|---|---|",
          ...["p50", "p95", "max"].map((stat) => proxyRow(`time to first byte, ${stat} (ms)`, "ttfb", stat)),
          ...["p50", "p95", "max"].map((stat) => proxyRow(`a streamed chunk's delay, ${stat} (ms)`, "chunk", stat)),
          "",
          ...(get("live", "otlp_spans_per_s") === undefined
            ? []
            : [
                `The OTLP receiver (\`view --otlp\`, issue 56): a ${OTLP_SPANS}-span trace (a long run as \`export otlp\` writes it):`,
                "",
                "| measure | value |",
                "|---|---|",
                `| spans a second the receiver takes (protobuf, ${OTLP_BATCH} spans a request, gathered into runs as they come) | ${one("live", "otlp_spans_per_s", 0)} |`,
                `| the trace posted → its last step on the viewer's page (ms) | ${one("live", "otlp_page_500_spans_ms", 0)} |`,
                "",
              ]),
          ...(get("live", "live_page_p95_ms") === undefined
            ? []
            : [
                `The built command (\`live --upstream openai=…\`) with its viewer open in Chromium, one streamed answer of ${LIVE_WORDS} words ${LIVE_WORD_MS} ms apart:`,
                "",
                "| measure | value |",
                "|---|---|",
                `| a word: written by the server → on the viewer's page, p50 (ms) | ${one("live", "live_page_p50_ms", 0)} |`,
                `| a word: written by the server → on the viewer's page, p95 (ms) | ${one("live", "live_page_p95_ms", 0)} |`,
                `| a word: written by the server → on the viewer's page, max (ms) | ${one("live", "live_page_max_ms", 0)} |`,
                `| words seen on the page (of ${LIVE_WORDS}) | ${one("live", "live_page_words", 0)} |`,
                `| a chunk's delay to the agent through the command, viewer reading, p95 (ms) | ${one("live", "live_cli_chunk_p95_ms", 2)} |`,
                `| a chunk's delay to the agent through the command, viewer reading, max (ms) | ${one("live", "live_cli_chunk_max_ms", 2)} |`,
                "",
              ]),
        ];
  return [
    `### ${meta.label} — ${meta.date}`,
    "",
    `Machine: ${meta.machine}. Chromium ${meta.chromium}. ${meta.rounds} rounds, interleaved; median (min–max).`,
    "Ratios: this page's median over a reference's (the dependency floor, the Mermaid diagram), same run.",
    "",
    "| measure | chapter | embed | floor | mermaid | chapter/floor | embed/floor | chapter/mermaid | embed/mermaid |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...(importRows.length === 0
      ? []
      : [
          "Chapter page, a loaded transcript (2,002 messages, 1,000 tool calls: 3,002 steps once imported):",
          "",
          "| measure | value |",
          "|---|---|",
          ...importRows,
          "",
        ]),
    ...largeRows,
    ...packRows,
    ...liveRows,
  ].join("\n");
}

/** Whether the build being measured has this page (an older build may not have the embed page). */
function available(target: Target): boolean {
  if (target.url.startsWith("/bench/")) return true;
  const file = target.url === "/" ? "index.html" : target.url.slice(1);
  return existsSync(join(resolve(DIST ?? "dist"), file));
}

/**
 * Rewrite BENCHMARKS.md's goals table and latest run from a run's results (after a run, or `--report`: no build,
 * nothing measured, from the results file).
 */
function writeReport(summary: Summary, meta: Record<string, string>): void {
  const table = markdown(summary, meta);
  console.log(`\n${table}`);
  const doc = "BENCHMARKS.md";
  const existing = existsSync(doc) ? readFileSync(doc, "utf8") : "";
  const marker = "<!-- bench:latest -->";
  const latest = `${marker}\n${table}${marker}`;
  const next = existing.includes(marker)
    ? existing.replace(new RegExp(`${marker}[\\s\\S]*${marker}`), latest)
    : `${existing}\n## Latest run (npm run bench)\n\n${latest}\n`;
  writeFileSync(doc, withGoals(next, summary));
}

if (args.includes("--report")) {
  const { summary, meta } = JSON.parse(readFileSync(OUT, "utf8")) as { summary: Summary; meta: Record<string, string> };
  writeReport(summary, meta);
  console.log("rewrote BENCHMARKS.md from", OUT);
  process.exit(0);
}

// `--live-only` needs neither the pages' build nor their server: the command's bundle in lib/ is what it measures.
if (!LIVE_ONLY) buildAll();
const targets = TARGETS.filter(available);
const server = LIVE_ONLY ? null : startServer();
await new Promise((done) => setTimeout(done, LIVE_ONLY ? 0 : 800));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (let round = 0; round < (LARGE_ONLY || LIVE_ONLY ? 0 : ROUNDS); round += 1) {
    const order = targets
      .map((_, i) => targets[(i + round) % targets.length])
      .filter((t): t is Target => t !== undefined);
    console.log(`round ${round + 1}/${ROUNDS}: ${order.map((t) => t.id).join(", ")}`);
    for (const target of order) await measureLoad(browser, target);
    for (const target of order) {
      if (!target.steps) continue;
      await measureSteps(browser, target, 1);
      await measureSteps(browser, target, 4);
      await measureWork(browser, target);
    }
    for (const target of order) await measureAutoplay(browser, target);
    if (DIST === undefined) await measureImport(browser);
  }
  if (DIST === undefined && !LIVE_ONLY) {
    console.log("large logs: writing them, then one load each");
    writeLargeLogs();
    await measureLargeImports(browser);
    measureCliImport();
    measurePack();
  }
  if (DIST === undefined && !LARGE_ONLY) await measureLive(browser);
  for (const metrics of Object.values(results)) {
    if (metrics.js_gzip_bytes !== undefined) metrics.js_gzip_kb = metrics.js_gzip_bytes.map((b) => b / 1024);
  }
  let summary = summarise();
  const date = new Date().toISOString().slice(0, 10);
  let meta: Record<string, string> = {
    label: LABEL,
    date,
    machine: `${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    chromium: browser.version(),
    rounds: String(ROUNDS),
  };
  let samples = results;
  // A part measured alone replaces its own targets in the results file and keeps the others' (and their run's
  // meta, with the part's date beside it).
  const part = LIVE_ONLY ? "live" : LARGE_ONLY ? "large" : null;
  if (part !== null && existsSync(OUT)) {
    const before = JSON.parse(readFileSync(OUT, "utf8")) as {
      meta: Record<string, string>;
      summary: Summary;
      samples?: Record<string, Samples>;
    };
    // Merged per target and metric: a part measures some metrics of a target (the build's bytes of the pages, say)
    // and must not drop the others the last whole run measured.
    const merged = <T>(old: Record<string, Record<string, T>> = {}, now: Record<string, Record<string, T>>) =>
      Object.fromEntries(
        [...new Set([...Object.keys(old), ...Object.keys(now)])].map((target) => [
          target,
          { ...old[target], ...now[target] },
        ]),
      );
    summary = merged(before.summary, summary);
    samples = merged(before.samples, results);
    meta = { ...before.meta, [part]: date };
  }
  writeFileSync(OUT, `${JSON.stringify({ meta, summary, samples }, null, 2)}\n`);
  if (LABEL === "current") writeReport(summary, meta);
  else console.log(`\n${markdown(summary, meta)}`);
  console.log(`wrote ${OUT}${LABEL === "current" ? " and BENCHMARKS.md" : ""}`);
} finally {
  await browser.close();
  server?.kill();
}
