import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Page } from "@playwright/test";
import { importTranscript } from "../../src/formats/import";
import { type AgentModel, FINAL_ANSWER, startAgentModel, UNKNOWN_TOOL } from "../fixtures/agent-model";
import { type Agent, CLAUDE_CODE, CODEX, GEMINI_CLI, KEY_MARKER, KEYS, PI, runAgent } from "../fixtures/agents";
import { claudeCodeSession } from "../fixtures/long-session";
import { counterOf, expect, test } from "./fixtures";
import { ROOT } from "./host-site";

// The agents people run, through the built `live` command, each from its lines in docs/cli.md as a reader would type
// them: the agent's own binary (package.json's exact versions), a fresh HOME, offline, its model a scripted server on
// loopback that proposes a tool the agent does not have and then answers. What each agent sends and how its host
// answers is the agent's own; when an agent changes it, this is what fails.
test.describe.configure({ mode: "serial" });

const CLI = join(ROOT, "lib/cli/agent-loop-figure.js");
const CLI_DOC = readFileSync(join(ROOT, "docs/cli.md"), "utf8");
const folders: string[] = [];
const closers: (() => unknown)[] = [];
test.afterAll(async () => {
  for (const close of closers) await close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The code block after `<!-- agent: NAME -->` in docs/cli.md. */
function docBlock(name: string): string {
  const marker = `<!-- agent: ${name} -->`;
  const at = CLI_DOC.indexOf(marker);
  if (at < 0) throw new Error(`docs/cli.md has no block "${name}"`);
  const fence = /^```[\w-]*\n([\s\S]*?)^```/m.exec(CLI_DOC.slice(at + marker.length));
  if (fence === null) throw new Error(`docs/cli.md: "${name}" has no code block after it`);
  return fence[1] ?? "";
}

/** A POSIX shell line's words: plain words and double-quoted ones (all the doc's lines use). */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? "");

/** The docs' lines for an agent: the variables it exports (each a key: the fake one given) and the `live` command. */
function docLines(name: string): { exported: string[]; live: string[] } {
  const lines = docBlock(name)
    .split("\n")
    .filter((line) => line.trim() !== "");
  const exported = lines.flatMap((line) => /^export (\w+)=/.exec(line)?.slice(1, 2) ?? []);
  const command = lines.find((line) => line.startsWith("npx agent-loop-figure live"));
  if (command === undefined) throw new Error(`docs/cli.md: "${name}" has no live line`);
  return { exported, live: words(command).slice(2) };
}

test("README gives each agent the live line docs/cli.md gives it, which the tests below run", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /<!-- agents:begin[^>]*-->\n```sh\n([\s\S]*?)```\n<!-- agents:end -->/.exec(readme)?.[1] ?? "";
  const lines = CASES.map(({ agent }) =>
    docBlock(agent.name)
      .split("\n")
      .find((line) => line.startsWith("npx agent-loop-figure live")),
  );
  expect(block.trim().split("\n")).toEqual(lines);
});

/** A free port on loopback, for the lines that fix one (`--port 8787`). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** What each agent's own host feeds back for the tool it does not have. */
const ANSWERS: Readonly<Record<string, RegExp>> = {
  "claude-code": /^<tool_use_error>Error: No such tool available: read_config<\/tool_use_error>$/,
  codex: /^unsupported call: read_config$/,
  "gemini-cli": /^Tool "read_config" not found\. Did you mean one of: /,
  pi: /^Tool read_config not found$/,
};

/** The four, each with what its run needs offline besides its docs' lines (no update check, no telemetry). */
const CASES: readonly { agent: Agent; files: (port: number) => Record<string, string>; runs: number }[] = [
  { agent: CLAUDE_CODE, files: () => ({}), runs: 1 },
  {
    agent: CODEX,
    files: () => ({ ".codex/config.toml": "check_for_update_on_startup = false\n\n[analytics]\nenabled = false\n" }),
    runs: 1,
  },
  // Gemini CLI's model router is a side call, a run of its own.
  { agent: GEMINI_CLI, files: () => ({ ".gemini/settings.json": docBlock("gemini-cli settings") }), runs: 2 },
  {
    agent: PI,
    files: (port) => ({ ".pi/agent/models.json": docBlock("pi settings").replace("8787", String(port)) }),
    runs: 1,
  },
];

let model: AgentModel;
test.beforeAll(async () => {
  model = await startAgentModel();
  closers.push(() => model.close());
});

const saved: Record<string, string> = {};

for (const { agent, files, runs } of CASES) {
  test(`${agent.name}, run from docs/cli.md through live, is saved whole, its tool call paired with its host's own answer`, async () => {
    test.setTimeout(120_000);
    const { exported, live } = docLines(agent.name);
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), `alf-agent-${agent.name}-`));
    folders.push(dir);
    const save = join(dir, "runs");
    const upstreams = ["openai", "anthropic", "gemini"].flatMap((provider) => [
      "--upstream",
      `${provider}=${new URL(model.url).origin}`,
    ]);
    const [verb, ...rest] = live.map((word) => (word === "8787" ? String(port) : word));
    expect(verb).toBe("live");
    const command = ["node", CLI, "live", "--no-open", "--lang", "en", "--save", save, ...upstreams, ...rest];
    // Each exported key, as the reader's shell would hold it (a fake one), and the agents' binaries on PATH.
    const keys: Record<string, string> = {
      ANTHROPIC_API_KEY: KEYS.anthropic,
      OPENAI_API_KEY: KEYS.openai,
      GEMINI_API_KEY: KEYS.gemini,
    };
    const env = Object.fromEntries(exported.map((name) => [name, keys[name] ?? ""]));
    const offline = agent.env({ OPENAI_BASE_URL: "", ANTHROPIC_BASE_URL: "", GOOGLE_GEMINI_BASE_URL: "" }, "");
    const run = await runAgent(
      { ...agent, command, files: () => files(port) },
      { OPENAI_BASE_URL: "", ANTHROPIC_BASE_URL: "", GOOGLE_GEMINI_BASE_URL: "" },
      {
        env: {
          ...Object.fromEntries(
            Object.entries(offline).filter(([name]) => !/_BASE_URL$|_KEY$|^CODEX_HOME$/.test(name)),
          ),
          ...env,
          PATH: [join(ROOT, "node_modules/.bin"), dirname(process.execPath), process.env.PATH ?? ""].join(":"),
        },
        prepare: (work) => {
          // Codex CLI runs in a git repository (as a reader's project is).
          if (agent.name === "codex") execFileSync("git", ["init", "-q"], { cwd: work });
        },
        timeoutMs: 90_000,
      },
    );
    expect(run.stdout, run.stderr).toContain(FINAL_ANSWER);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain("cannot be drawn");
    const names = readdirSync(save).sort();
    expect(names.filter((name) => name.endsWith(".raw.json"))).toEqual([]);
    expect(names).toHaveLength(runs);
    for (const name of names) expect(readFileSync(join(save, name), "utf8")).not.toContain(KEY_MARKER);
    const holding = names.filter((name) => readFileSync(join(save, name), "utf8").includes(UNKNOWN_TOOL));
    expect(holding).toHaveLength(1);
    const imported = importTranscript(readFileSync(join(save, holding[0] ?? ""), "utf8"));
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const steps = imported.trace.steps;
    const proposal = steps.find((step) => step.kind === "proposal");
    const execution = steps.find((step) => step.kind === "execution");
    expect(proposal?.kind === "proposal" && proposal.calls.map((call) => call.name)).toEqual([UNKNOWN_TOOL]);
    expect(execution?.callIds).toEqual(proposal?.callIds);
    expect(execution?.toolResult?.content).toMatch(ANSWERS[agent.name] ?? /^$/);
    expect(steps.at(-1)).toMatchObject({ kind: "finish", answer: FINAL_ANSWER });
    expect(imported.problems).toEqual([]);
    saved[agent.name] = save;
  });
}

/** The built command `view` on folders, its page's URL. */
async function view(paths: readonly string[]): Promise<string> {
  const child = spawn("node", [CLI, "view", "--no-open", "--lang", "en", ...paths], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  closers.push(() => child.kill("SIGTERM"));
  let printed = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    printed += chunk;
  });
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/);
  return /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(printed)?.[0] ?? "";
}

const figureOf = (page: Page) => page.locator(".alf-figure").first();

test("the viewer draws each agent's saved run: the unknown tool's call on the model's lane, the answer at the end", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const folders = Object.values(saved);
  expect(folders).toHaveLength(CASES.length);
  await page.goto(await view(folders));
  const picker = page.getByRole("combobox", { name: "Run" });
  // The picker fills once the page has the viewer's list: wait for it, as a reader would.
  await expect(picker.locator("option")).toHaveCount(CASES.reduce((sum, { runs }) => sum + runs, 0));
  const options = await picker.locator("option").allTextContents();
  let drawn = 0;
  for (const option of options) {
    await picker.selectOption({ label: option });
    const figure = figureOf(page);
    await expect(counterOf(figure)).toHaveText(/^\d+ \/ \d+$/);
    if ((await figure.getByText(UNKNOWN_TOOL).count()) === 0) continue;
    drawn += 1;
    await figure.focus();
    await page.keyboard.press("End");
    await expect(figure.getByText(FINAL_ANSWER).first()).toBeAttached();
  }
  expect(drawn).toBe(CASES.length);
});

test("a long Claude Code session through live is one run, followed by the viewer to its last step", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const session = claudeCodeSession({ calls: 200, compactAt: 100 });
  // Its model: each request answered, in order, with the session's answer (a Bash call, then the final text).
  let asked = 0;
  const upstream: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const answer = session[Math.min(asked, session.length - 1)]?.answer;
      asked += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  closers.push(() => upstream.close());
  const dir = mkdtempSync(join(tmpdir(), "alf-session-"));
  folders.push(dir);
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const live: ChildProcess = spawn(
    "node",
    [CLI, "live", "--no-open", "--lang", "en", "--save", dir, "--upstream", `anthropic=${origin}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  closers.push(() => live.kill("SIGTERM"));
  let printed = "";
  live.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    printed += chunk;
  });
  live.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    printed += chunk;
  });
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^export ANTHROPIC_BASE_URL=\S+$/m);
  const base = /^export ANTHROPIC_BASE_URL=(\S+)$/m.exec(printed)?.[1] ?? "";
  await page.goto(/^viewer: (\S+)$/m.exec(printed)?.[1] ?? "");
  const { "content-length": _length, host: _host, connection: _connection, ...headers } = session[0]?.headers ?? {};
  for (const request of session) {
    const response = await fetch(`${base}${request.path}`, {
      method: "POST",
      headers: { ...headers, "x-api-key": KEYS.anthropic },
      body: JSON.stringify(request.body),
    });
    expect(response.status).toBe(200);
    await response.text();
  }
  const figure = figureOf(page);
  await expect(page.getByRole("combobox", { name: "Run" })).toHaveCount(0);
  await expect(figure.getByText("All the checks pass.").first()).toBeAttached({ timeout: 20_000 });
  const counter = await counterOf(figure).textContent();
  const [at, of] = (counter ?? "").split(" / ").map(Number);
  expect(at).toBe(of);
  expect(printed).not.toContain("cannot be drawn");
  await expect.poll(() => readdirSync(dir).filter((name) => name.endsWith(".json")).length).toBe(1);
  const text = readFileSync(join(dir, readdirSync(dir)[0] ?? ""), "utf8");
  expect(text).not.toContain(KEY_MARKER);
  const imported = importTranscript(text);
  expect(imported.ok && imported.trace.counters.modelCalls).toBe(101);
});

test("a run live cannot draw is saved raw and named at once, in the terminal and in the viewer; import names it", async ({
  page,
}) => {
  // A provider that answers anything; the agent's request body is cut off mid-JSON, with its key beside it.
  const upstream: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"type":"message","role":"assistant","content":[{"type":"text","text":"hi"}]}');
    });
  });
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  closers.push(() => upstream.close());
  const dir = mkdtempSync(join(tmpdir(), "alf-raw-"));
  folders.push(dir);
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const live = spawn(
    "node",
    [CLI, "live", "--no-open", "--lang", "en", "--save", dir, "--upstream", `anthropic=${origin}`],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  closers.push(() => live.kill("SIGTERM"));
  let printed = "";
  for (const stream of [live.stdout, live.stderr])
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      printed += chunk;
    });
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^export ANTHROPIC_BASE_URL=\S+$/m);
  const base = /^export ANTHROPIC_BASE_URL=(\S+)$/m.exec(printed)?.[1] ?? "";
  await page.goto(/^viewer: (\S+)$/m.exec(printed)?.[1] ?? "");
  const sent = await fetch(`${base}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": KEYS.anthropic },
    body: `{"model":"m","messages":[{"role":"user","content":"my key is ${KEYS.anthropic}"`,
  });
  expect(sent.status).toBe(200);
  await expect
    .poll(() => printed)
    .toMatch(
      /^agent-loop-figure: live: anthropic · run 1 cannot be drawn: not valid JSON: .*; saved raw in \S+\.raw\.json$/m,
    );
  await expect(page.getByRole("status").first()).toHaveText(
    "anthropic · run 1 cannot be drawn: the import cannot read it, for the reasons below. The terminal that started this viewer says so too, and --save keeps the run raw.",
  );
  await expect(page.getByRole("alert")).toContainText("Why it cannot be drawn:");
  await expect(page.getByRole("alert")).toContainText("not valid JSON");
  await expect(page.getByRole("alert")).not.toContainText("still shows what it showed");
  const raw = join(dir, readdirSync(dir).find((name) => name.endsWith(".raw.json")) ?? "");
  const text = readFileSync(raw, "utf8");
  expect(text).not.toContain(KEY_MARKER);
  expect(JSON.parse(text)).toMatchObject({ agent_loop_figure_live_raw: 1, provider: "anthropic", requests: 1 });
  const imported = spawn("node", [CLI, "import", raw], { stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  imported.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    said += chunk;
  });
  const code = await new Promise((done) => imported.on("exit", done));
  expect(code).toBe(2);
  expect(said).toContain("this is a run agent-loop-figure live saved raw");
  expect(said).toContain("not valid JSON");
});
