import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "./fixtures";
import { type HostSite, hostSite, ROOT, versionOf } from "./host-site";

// The command as an engineer gets it: this checkout packed, installed into an empty folder with react and react-dom
// and production dependencies only (`--omit=dev`), and run there with `npx agent-loop-figure …`: no TypeScript, no
// build of a checkout. Then its viewer in Chromium, following a log as an agent appends to it. Slow (an npm install),
// so it runs once, serially; the packages come from npm's cache filled by our own `npm ci`.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const TRANSCRIPTS = resolve(ROOT, "../shared/real-transcripts");
const AGENT_LOGS = resolve(ROOT, "../shared/agent-logs");
let folder: HostSite | undefined;
const viewers: ChildProcess[] = [];
test.afterAll(() => {
  for (const viewer of viewers) viewer.kill("SIGTERM");
  folder?.close();
});

/** `npx agent-loop-figure ARGS` in the installed folder: exit code, stdout, stderr. */
function npx(args: readonly string[], input?: string): { code: number; stdout: string; stderr: string } {
  if (folder === undefined) throw new Error("not installed");
  const ran = spawnSync("npx", ["--no-install", "agent-loop-figure", ...args], {
    cwd: folder.site,
    encoding: "utf8",
    ...(input === undefined ? {} : { input }),
    maxBuffer: 64 * 2 ** 20,
  });
  return { code: ran.status ?? -1, stdout: ran.stdout, stderr: ran.stderr };
}

/** Start `agent-loop-figure view ARGS --no-open` from the installed folder; its `viewer: URL` line. */
async function view(args: readonly string[]): Promise<string> {
  if (folder === undefined) throw new Error("not installed");
  const viewer = spawn(join(folder.site, "node_modules", ".bin", "agent-loop-figure"), ["view", ...args, "--no-open"], {
    cwd: folder.site,
    stdio: ["ignore", "pipe", "pipe"],
  });
  viewers.push(viewer);
  let printed = "";
  viewer.stdout.setEncoding("utf8");
  viewer.stdout.on("data", (chunk: string) => {
    printed += chunk;
  });
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^viewer: http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/m);
  return /^viewer: (\S+)$/m.exec(printed)?.[1] ?? "";
}

test("installed from its tarball with production dependencies only, the command runs on plain Node", async () => {
  folder = hostSite("command");
  folder.write({ "package.json": JSON.stringify({ name: "an-engineers-folder", private: true, type: "module" }) });
  const tarball = folder.pack();
  folder.install([tarball, `react@${versionOf("react")}`, `react-dom@${versionOf("react-dom")}`, "--omit=dev"]);
  // Nothing of the checkout's tools came along.
  for (const dev of ["typescript", "tsx", "vite", "fflate"])
    expect(existsSync(join(folder.site, "node_modules", dev)), dev).toBe(false);

  const help = npx(["--help"]);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain("usage: agent-loop-figure <command>");
  expect(npx(["--version"]).stdout.trim()).toBe(
    (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version,
  );

  const scenario = npx(["scenario", "f22", "--lang", "en"]);
  expect(scenario.code).toBe(0);
  expect(JSON.parse(scenario.stdout)).toMatchObject({ scenario: "f22", lang: "en", outcome: "completed" });
  expect(npx(["experiment"]).stdout).toContain('"最终状态": "completed"');

  writeFileSync(join(folder.site, "weather.json"), readFileSync(join(ROOT, "examples/figures/weather.json")));
  const figure = npx(["figure", "weather.json", "--lang", "en"]);
  expect(figure.code).toBe(0);
  expect(JSON.parse(figure.stdout)).toMatchObject({ scenario: "weather" });

  // A SCORM package from the package's own files (no dist/ here).
  const scorm = npx(["scorm", "lesson.zip", "--figure", "weather.json", "--lang", "en"]);
  expect(scorm.code, scorm.stderr).toBe(0);
  expect(scorm.stderr).toContain("lesson.zip: a SCORM 1.2 package");
  expect(statSync(join(folder.site, "lesson.zip")).size).toBeGreaterThan(10_000);

  // The F22 run written as a Claude Code log, read back from standard input.
  const exported = npx(["export", "claude-code", "--scenario", "f22", "--lang", "en"]);
  expect(exported.code).toBe(0);
  const imported = npx(["import", "-"], exported.stdout);
  expect(imported.code, imported.stderr).toBe(0);
  expect(imported.stderr).toContain("-: read Claude Code");

  // What goes wrong is one line and exit 2.
  for (const args of [["frobnicate"], ["import", "missing.json"], ["import", "weather.json", "--lang", "en"]]) {
    const failed = npx(args);
    expect(failed.code, args.join(" ")).toBe(2);
    expect(failed.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  }
});

test("every recorded run in the shared folder imports and checks as in a checkout", async () => {
  test.skip(!existsSync(TRANSCRIPTS), "../shared/real-transcripts is not beside this checkout");
  for (const file of readdirSync(TRANSCRIPTS).filter((name) => name.endsWith(".json"))) {
    const path = join(TRANSCRIPTS, file);
    const installed = npx(["import", path]);
    // The checkout's own `npm run demo` is the oracle: the same output, exit code and messages.
    const checkout = (() => {
      try {
        return {
          code: 0,
          stdout: execFileSync("npx", ["tsx", "src/cli/demo.ts", "--import", path], {
            cwd: ROOT,
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
            maxBuffer: 64 * 2 ** 20,
          }),
        };
      } catch (error) {
        return { code: (error as { status: number }).status, stdout: (error as { stdout: string }).stdout };
      }
    })();
    expect(installed.code, file).toBe(checkout.code);
    expect(installed.stdout, file).toBe(checkout.stdout);
    expect(installed.code, file).toBeLessThanOrEqual(2);
    const checked = npx(["check", path, "--for", "anthropic"]);
    expect([0, 1, 2], file).toContain(checked.code);
  }
});

test("show --json tells every shared run as the figure does, in both languages, from the installed command", async () => {
  test.skip(!existsSync(AGENT_LOGS) || !existsSync(TRANSCRIPTS), "../shared is not beside this checkout");
  const files = [AGENT_LOGS, TRANSCRIPTS].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name !== "SOURCES.md")
      .map((name) => join(dir, name)),
  );
  type Told = {
    steps: {
      number: number;
      title: string;
      caption: string;
      result: string | null;
      notes: string[];
      problems: string[];
    }[];
    outcome: string;
  };
  const told = new Map<string, Told>();
  for (const file of files)
    for (const lang of ["zh", "en"] as const) {
      const shown = npx(["show", file, "--lang", lang, "--json"]);
      expect(shown.code, `${file} ${lang}: ${shown.stderr}`).toBe(0);
      const report = JSON.parse(shown.stdout) as Told;
      expect(report.steps.length, file).toBeGreaterThan(1);
      // Numbered 1…n, each with its words in the language asked for.
      expect(report.steps.map((step) => step.number)).toEqual(report.steps.map((_, i) => i + 1));
      for (const step of report.steps) {
        expect(step.title.length, `${file} ${lang} ${step.number}`).toBeGreaterThan(0);
        expect(step.caption.length, `${file} ${lang} ${step.number}`).toBeGreaterThan(0);
      }
      told.set(`${file.split("/").pop()} ${lang}`, report);
    }
  // What the figure says at the shared Inspect log's end: the scorer's 0 against 42.7, beside the model's "done".
  const inspect = told.get("inspect-log-v3-dedup-hardcoded-tools.eval en");
  expect(inspect?.outcome).toBe("not done, by its scorer");
  expect(inspect?.steps.at(-1)?.caption).toContain("the scorer closeness_log gave 0 against the target 42.7");
  expect(told.get("inspect-log-v3-dedup-hardcoded-tools.eval zh")?.steps.at(-1)?.caption).toContain(
    "评分器 closeness_log 给出 0（目标是 42.7）",
  );
  // A pi request the user aborted is told as such; one step alone with --step.
  const pi = told.get("pi-session-before-compaction-opus.jsonl en");
  const stopped = pi?.steps.find((step) => step.title.endsWith("— stopped by the user"));
  expect(stopped?.notes.some((note) => note.startsWith("the user stopped this model call"))).toBe(true);
  const one = npx([
    "show",
    join(AGENT_LOGS, "pi-session-before-compaction-opus.jsonl"),
    "--lang",
    "en",
    "--step",
    String(stopped?.number),
    "--json",
  ]);
  expect((JSON.parse(one.stdout) as Told).steps).toEqual([stopped]);
  // The terminal's own layout: each step's number and title, its caption under it, the outcome last.
  const text = npx(["show", join(AGENT_LOGS, "swe-agent-fc-gpt4o-missing-colon.traj"), "--lang", "en"]);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/^1\. The user's task: /);
  expect(text.stdout).toContain("The model called submit, the agent's own tool for ending the run");
  expect(text.stdout.trimEnd().split("\n").at(-1)).toBe("Outcome: not recorded");
  expect(npx(["show", "missing.json"]).code).toBe(2);
});

test("view shows a run in the figure, follows the file as an agent appends to it, and shows nothing without its token", async ({
  page,
}) => {
  if (folder === undefined) throw new Error("not installed");
  // A Claude Code log of F22, written as Claude Code writes one: the task and the tool call first.
  const lines = npx(["export", "claude-code", "--scenario", "f22", "--lang", "en"]).stdout.trim().split("\n");
  const log = join(folder.site, "session.jsonl");
  writeFileSync(log, `${lines.slice(0, 2).join("\n")}\n`);
  const url = await view(["session.jsonl"]);

  const anonymous = await page.request.get(url.replace(/\?token=\S+$/, "api/runs"));
  expect(anonymous.status()).toBe(401);

  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Your runs in the figure", level: 1 })).toBeVisible();
  // The token is now in the page's cookie, not its address.
  expect(page.url()).not.toContain("token=");
  const figure = page.locator(".alf-figure").first();
  const counter = figure.locator(".alf-counter > [aria-hidden]");
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const before = Number((await counter.textContent())?.split("/")[1]);
  await expect(page.getByRole("status").first()).toContainText("session.jsonl, as it was at");
  // At the last step, the figure follows the run's end as it grows.
  await figure.focus();
  await page.keyboard.press("End");
  await expect(counter).toHaveText(`${before} / ${before}`);
  // The tool's result, and half of the model's last line (an agent mid-write): the half line waits for its end.
  const total = async () => Number((await counter.textContent())?.split("/")[1]);
  const last = lines[3] ?? "";
  appendFileSync(log, `${lines[2]}\n${last.slice(0, 40)}`);
  await expect.poll(total, { timeout: 15_000 }).toBeGreaterThan(before);
  const middle = await total();
  await expect(counter).toHaveText(`${middle} / ${middle}`);
  await expect(page.getByRole("status").first()).not.toContainText("cannot be shown");
  appendFileSync(log, `${last.slice(40)}\n`);
  await expect.poll(total, { timeout: 15_000 }).toBeGreaterThan(middle);
  const after = await total();
  await expect(counter).toHaveText(`${after} / ${after}`);
  await expect(figure.locator(".alf-step-caption")).not.toBeEmpty();
});

/** A Codex CLI rollout (0.40's shape) of F22's task, line by line as Codex appends them. */
function rollout(): string[] {
  const at = (second: number) => `2026-12-05T10:00:${String(second).padStart(2, "0")}.000Z`;
  const usage = { input_tokens: 1200, cached_input_tokens: 0, output_tokens: 40, reasoning_output_tokens: 0 };
  const tokens = (n: number) => ({
    type: "token_count",
    info: { total_token_usage: usage, last_token_usage: usage, model_context_window: 272000 },
    n,
  });
  const turn = {
    cwd: "/work/demo",
    approval_policy: "on-request",
    sandbox_policy: { mode: "read-only" },
    model: "gpt-5-codex",
    summary: "auto",
  };
  return [
    {
      type: "session_meta",
      payload: {
        id: "0199a0f0-0000-7000-8000-000000000001",
        timestamp: at(0),
        cwd: "/work/demo",
        originator: "codex_cli_rs",
        cli_version: "0.40.0",
      },
    },
    {
      type: "response_item",
      payload: {
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: "What is timeout in config.txt?" }],
      },
    },
    { type: "turn_context", payload: turn },
    {
      type: "response_item",
      payload: {
        type: "function_call",
        name: "shell",
        arguments: JSON.stringify({ command: ["bash", "-lc", "cat config.txt"] }),
        call_id: "call_cfg1",
      },
    },
    { type: "event_msg", payload: tokens(1) },
    {
      type: "response_item",
      payload: {
        type: "function_call_output",
        call_id: "call_cfg1",
        output: JSON.stringify({ output: "timeout=30\n", metadata: { exit_code: 0, duration_seconds: 0.01 } }),
      },
    },
    { type: "turn_context", payload: turn },
    {
      type: "response_item",
      payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "timeout is 30" }] },
    },
    { type: "event_msg", payload: tokens(2) },
  ].map((line, i) => JSON.stringify({ timestamp: at(i), ...line }));
}

test("view follows a Codex CLI rollout as Codex appends to it, a half-written line waiting for its end", async ({
  page,
}) => {
  if (folder === undefined) throw new Error("not installed");
  const lines = rollout();
  const log = join(folder.site, "rollout-2026-12-05T10-00-00-0199a0f0.jsonl");
  writeFileSync(log, `${lines.slice(0, 5).join("\n")}\n`);
  await page.goto(await view([log, "--lang", "en"]));
  const figure = page.locator(".alf-figure").first();
  const counter = figure.locator(".alf-counter > [aria-hidden]");
  const total = async () => Number((await counter.textContent())?.split("/")[1]);
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const before = await total();
  await figure.focus();
  await page.keyboard.press("End");
  await expect(counter).toHaveText(`${before} / ${before}`);
  // The shell's output and half of the model's answer: the figure takes the output, and the half line waits.
  const answer = lines[7] ?? "";
  appendFileSync(log, `${lines[5]}\n${lines[6]}\n${answer.slice(0, 50)}`);
  await expect.poll(total, { timeout: 15_000 }).toBeGreaterThan(before);
  const middle = await total();
  await expect(counter).toHaveText(`${middle} / ${middle}`);
  await expect(page.getByRole("status").first()).not.toContainText("cannot be shown");
  appendFileSync(log, `${answer.slice(50)}\n${lines[8]}\n`);
  await expect.poll(total, { timeout: 15_000 }).toBeGreaterThan(middle);
  const after = await total();
  await expect(counter).toHaveText(`${after} / ${after}`);
  await expect(figure).toContainText("timeout is 30");
});

test("view on the shared folder of agents' own logs: every log shown in the figure, as the checkout imports it", async ({
  page,
}) => {
  test.skip(!existsSync(AGENT_LOGS), "../shared/agent-logs is not beside this checkout");
  const names = readdirSync(AGENT_LOGS)
    .filter((name) => /\.(json|jsonl|eval|traj)$/.test(name))
    .sort();
  // The folder's own list of what it holds (SOURCES.md's table, a file per row): a log added there is one more to show.
  const listed = [
    ...readFileSync(join(AGENT_LOGS, "SOURCES.md"), "utf8").matchAll(/^\| ([\w.-]+\.(?:json|jsonl|eval|traj)) \(/gm),
  ]
    .map((match) => match[1])
    .sort();
  expect(names).toEqual(listed);
  test.setTimeout(60_000 + names.length * 15_000);
  // With a find in the address (issue 57), which each run's overview starts with.
  const address = new URL(await view([AGENT_LOGS, "--lang", "en"]));
  address.searchParams.set("find", "applyOrder.ts");
  await page.goto(address.href);
  const picker = page.getByRole("combobox", { name: "Run" });
  await expect(picker.getByRole("option")).toHaveText(names);
  const figure = page.locator(".alf-figure").first();
  for (const name of names) {
    await picker.selectOption({ label: name });
    const checkout = spawnSync("npx", ["tsx", "src/cli/demo.ts", "--import", join(AGENT_LOGS, name)], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 2 ** 20,
    });
    // 1: read, with problems the checkout names on stderr (a pi session's aborted replies leave calls without results).
    expect([0, 1], `${name}: ${checkout.stderr}`).toContain(checkout.status);
    const steps = (JSON.parse(checkout.stdout) as { trace: { steps: unknown[] } }).trace.steps.length;
    await expect(page.getByRole("status").first()).toContainText(`${name}, as it was at`);
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText(`1 / ${steps.toLocaleString("en")}`);
    // A run longer than a screen opens with its overview; the real Codex rollout's find lands on its call.
    if (steps > 40) await expect(figure.locator("details.alf-overview")).toHaveAttribute("open", "");
    if (name.startsWith("codex-rollout")) {
      const find = figure.getByRole("searchbox", { name: "Find" });
      await expect(find).toHaveValue("applyOrder.ts");
      await expect(figure.locator(".alf-ov-said")).toHaveText(/^\d+ found$/);
      await find.press("Enter");
      await expect(figure.locator(".alf-change")).toContainText("applyOrder.ts");
    }
  }
});

test("view on the shared folder of recorded runs: a picker, and each run shown in the figure or said why not", async ({
  page,
}) => {
  test.skip(!existsSync(TRANSCRIPTS), "../shared/real-transcripts is not beside this checkout");
  const names = readdirSync(TRANSCRIPTS)
    .filter((name) => name.endsWith(".json"))
    .sort();
  await page.goto(await view([TRANSCRIPTS, "--lang", "en"]));
  const picker = page.getByRole("combobox", { name: "Run" });
  await expect(picker.getByRole("option")).toHaveText(names);
  const figure = page.locator(".alf-figure").first();
  for (const name of names) {
    await picker.selectOption({ label: name });
    const status = page.getByRole("status").first();
    // The checkout's own import is the oracle: a run it reads is shown, with as many steps; one it refuses is said.
    const checkout = spawnSync("npx", ["tsx", "src/cli/demo.ts", "--import", join(TRANSCRIPTS, name)], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 2 ** 20,
    });
    if (checkout.status === 2) {
      await expect(page.getByRole("alert")).toContainText(/could not|cannot|not/i);
      await expect(figure).toHaveCount(0);
      continue;
    }
    const steps = (JSON.parse(checkout.stdout) as { trace: { steps: unknown[] } }).trace.steps.length;
    await expect(status).toContainText(`${name}, as it was at`);
    await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText(`1 / ${steps}`);
    await expect(figure.locator(".alf-kicker")).toBeVisible();
  }
});
