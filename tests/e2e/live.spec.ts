import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { importTranscript } from "../../src/formats/import";
import { scripted } from "../fixtures/scripted-model";
import { anthropicClient, type Bases, basesAt, geminiClient, KEY, LOOPS, openaiClient } from "../fixtures/sdk-loops";
import { counterOf, expect, test } from "./fixtures";
import { ROOT } from "./host-site";

// `agent-loop-figure live` as an engineer runs it: the built command, its upstream a scripted model server on
// loopback, the agent an SDK configured by the environment variables the command printed, the viewer in Chromium.
// The SDK's own result is the oracle: through the proxy it is what it is direct.
test.describe.configure({ mode: "serial" });

const started: ChildProcess[] = [];
const servers: Server[] = [];
const folders: string[] = [];
test.afterAll(() => {
  for (const live of started) live.kill("SIGTERM");
  for (const server of servers) server.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A scripted model server on loopback; `gate` holds a "gated" stream halfway until it resolves. */
async function upstream(gate?: () => Promise<void>): Promise<string> {
  const server = scripted(gate === undefined ? {} : { gate });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The built command, started as a reader starts it: what it printed, the viewer's URL and the SDKs' base URLs. */
async function startLive(args: readonly string[]): Promise<{ url: string; bases: Bases; printed: () => string }> {
  const live = spawn(
    "node",
    [join(ROOT, "lib/cli/agent-loop-figure.js"), "live", "--no-open", "--lang", "en", ...args],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  started.push(live);
  let printed = "";
  live.stdout?.setEncoding("utf8");
  live.stdout?.on("data", (chunk: string) => {
    printed += chunk;
  });
  live.stderr?.setEncoding("utf8");
  live.stderr?.on("data", (chunk: string) => {
    printed += chunk;
  });
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^export GOOGLE_GEMINI_BASE_URL=\S+$/m);
  const line = (name: string) => new RegExp(`^export ${name}=(\\S+)$`, "m").exec(printed)?.[1] ?? "";
  return {
    url: /^viewer: (\S+)$/m.exec(printed)?.[1] ?? "",
    bases: {
      OPENAI_BASE_URL: line("OPENAI_BASE_URL"),
      ANTHROPIC_BASE_URL: line("ANTHROPIC_BASE_URL"),
      GOOGLE_GEMINI_BASE_URL: line("GOOGLE_GEMINI_BASE_URL"),
    },
    printed: () => printed,
  };
}

/** Every event the viewer's server pushes to the page, kept in the page for the test to read. */
const recordEvents = (page: Page) =>
  page.evaluate(() => {
    const kept: string[] = [];
    (window as unknown as { pushed: string[] }).pushed = kept;
    const source = new EventSource("api/events");
    for (const type of ["runs", "change"]) source.addEventListener(type, (event) => kept.push(String(event.data)));
  });

const figureOf = (page: Page) => page.locator(".alf-figure").first();
/** The notes the figure shows at its current step (not the invisible copy that keeps their room). */
const shownNotes = (page: Page) => figureOf(page).locator(".alf-notes ul[aria-label] li");
const pickRun = (page: Page, name: string) => page.getByRole("combobox", { name: "Run" }).selectOption({ label: name });

test("live: an Anthropic SDK's two-turn loop is drawn as one run as it happens; the host's part is marked as inferred", async ({
  page,
}) => {
  const model = await upstream();
  const live = await startLive(["--upstream", `anthropic=${model}`]);
  expect(live.printed()).toMatch(/^export OPENAI_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1$/m);
  // Codex CLI's lines: its own provider, over the Responses API, the key from the environment.
  expect(live.printed()).toMatch(/^ {2}base_url = "http:\/\/127\.0\.0\.1:\d+\/v1"$/m);
  expect(live.printed()).toMatch(/^ {2}wire_api = "responses"$/m);

  await page.goto(live.url);
  await expect(page.getByRole("status").first()).toHaveText("Waiting for the agent's first request through the proxy…");

  const client = anthropicClient(live.bases);
  const tools = [{ name: "read_file", input_schema: { type: "object" as const, properties: {} } }];
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Read timeout from config.txt" }];
  const first = await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage();
  expect(first.stop_reason).toBe("tool_use");

  const figure = figureOf(page);
  const counter = counterOf(figure);
  await expect(page.getByRole("status").first()).toContainText("anthropic · run 1, as it was at");
  await expect(figure.locator(".alf-row").filter({ hasText: "read_file" }).first()).toBeAttached();
  await expect(figure.getByText("toolu_1").first()).toBeAttached();
  const follow = page.getByRole("checkbox", { name: "Follow the latest step" });
  await expect(follow).toBeChecked();

  messages.push(
    { role: "assistant", content: first.content },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "timeout=30" }] },
  );
  const second = await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage();
  expect(second.content).toEqual([{ type: "text", text: "timeout is 30" }]);
  // The same run goes on, and the figure follows it to its newest step.
  await expect(page.getByRole("combobox", { name: "Run" })).toHaveCount(0);
  await expect(counter).toHaveText("7 / 7", { timeout: 10_000 });
  // Stepping back stops the following; the tool's result is marked as inferred from the next request.
  await figure.focus();
  await page.keyboard.press("Home");
  for (let step = 1; step < 4; step += 1) await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("4 / 7");
  await expect(follow).not.toBeChecked();
  await expect(
    shownNotes(page).filter({ hasText: "Inferred from the next request: the proxy saw this result fed back" }),
  ).toHaveCount(1);
  await follow.check();
  await expect(counter).toHaveText("7 / 7");
  // The viewer with its live notes, the toggle and the export bar: no accessibility violation.
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  expect(await page.content()).not.toContain(KEY);
});

test("live: every SDK and API, streamed and not, gets what it gets direct; each run is drawn and saved, paired, with no key", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const model = await upstream();
  const saved = mkdtempSync(join(tmpdir(), "alf-live-save-"));
  folders.push(saved);
  const folder = join(saved, "runs");
  const live = await startLive([
    "--save",
    folder,
    ...["openai", "anthropic", "gemini"].flatMap((provider) => ["--upstream", `${provider}=${model}`]),
  ]);
  const fetched: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/runs"))
      void response.text().then(
        (text) => fetched.push(text),
        () => {},
      );
  });
  await page.goto(live.url);
  await recordEvents(page);

  for (const loop of LOOPS) {
    const direct = await loop.run(basesAt(model));
    const proxied = await loop.run(live.bases);
    expect(proxied, loop.name).toEqual(direct);
  }

  // Eight runs, one per loop, each drawn whole: the call, the result fed back, the second call, the answer.
  const picker = page.getByRole("combobox", { name: "Run" });
  await expect(picker.locator("option")).toHaveCount(LOOPS.length, { timeout: 10_000 });
  const figure = figureOf(page);
  for (const [i, loop] of LOOPS.entries()) {
    await pickRun(page, `${loop.provider} · run ${i + 1}`);
    await expect(counterOf(figure), loop.name).toHaveText("7 / 7", { timeout: 10_000 });
    await expect(figure.getByText("timeout is 30").first(), loop.name).toBeAttached();
  }

  // The page downloads a run in any format the import reads: here the Anthropic one, written as Gemini contents.
  await pickRun(page, "anthropic · run 5");
  await page.getByRole("combobox", { name: "Export format" }).selectOption("gemini");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download JSON" }).click();
  const file = await (await downloading).path();
  const written = importTranscript(readFileSync(file, "utf8"));
  expect(written.ok && written.format).toBe("gemini");
  expect(written.ok && written.trace.steps.map((step) => step.kind)).toContain("execution");

  // Saved as they went: one file a run, the owner's only, each a trace the import reads with its call paired.
  await expect.poll(() => (statSync(folder, { throwIfNoEntry: false }) ? readdirSync(folder).length : 0)).toBe(8);
  expect(statSync(folder).mode & 0o777).toBe(0o700);
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    expect(statSync(path).mode & 0o777, name).toBe(0o600);
    const text = readFileSync(path, "utf8");
    expect(text, name).not.toContain(KEY);
    const imported = importTranscript(text);
    if (!imported.ok) throw new Error(`${name} does not import`);
    expect(imported.problems, name).toEqual([]);
    const kinds = imported.trace.steps.map((step) => step.kind);
    expect(kinds, name).toEqual(["task", "model_call", "proposal", "execution", "model_call", "answer", "finish"]);
    const [proposal, execution] = [imported.trace.steps[2], imported.trace.steps[3]];
    expect(execution?.callIds, name).toEqual(proposal?.callIds);
  }
  // No key byte in anything the page was pushed or fetched.
  const pushed = await page.evaluate(() => (window as unknown as { pushed: string[] }).pushed);
  expect(pushed.length).toBeGreaterThan(8);
  expect([...pushed, ...fetched].join("\n")).not.toContain(KEY);
  expect(fetched.length).toBeGreaterThan(8);
});

test("live: the page shows a tool call while its stream is still coming, says it is still streaming, then the answer", async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A CI machine running the whole suite is slow: each wait here is for the live page's next re-read, not a goal.
  const slow = { timeout: 15_000 };
  let release = () => {};
  const model = await upstream(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  const live = await startLive(
    ["openai", "anthropic", "gemini"].flatMap((provider) => ["--upstream", `${provider}=${model}`]),
  );
  await page.goto(live.url);
  const figure = figureOf(page);
  const streamed = LOOPS.filter((loop) => loop.stream && !loop.name.includes("not"));
  expect(streamed.map((loop) => loop.name)).toEqual([
    "OpenAI Chat Completions, streamed",
    "OpenAI Responses, streamed",
    "Anthropic Messages, streamed",
    "Gemini, streamed",
  ]);
  for (const [i, loop] of streamed.entries()) {
    let settled = false;
    const running = loop.run(live.bases, "gated", "gated").finally(() => {
      settled = true;
    });
    if (i > 0) await pickRun(page, `${loop.provider} · run ${i + 1}`);
    // The proposal is drawn, by its tool's name, while the scripted server holds the rest of the stream.
    await expect(figure.locator(".alf-row").filter({ hasText: "read_file" }).first(), loop.name).toBeAttached(slow);
    await expect(
      shownNotes(page).filter({ hasText: "Still streaming: this is the answer so far" }),
      loop.name,
    ).toHaveCount(1, slow);
    await expect(figure.getByText(/are not a JSON object/)).toHaveCount(0);
    expect(settled, `${loop.name}: the SDK has not had its whole answer yet`).toBe(false);
    // The tool's result goes back; the answer streams in, held halfway: the figure follows it at its own step, its
    // text in the context panel and, token by token, in the inner loop, still marked as streaming.
    const proposal = release;
    proposal();
    await expect.poll(() => release !== proposal, { message: loop.name, ...slow }).toBe(true);
    const inner = figure.getByRole("list", { name: "Tokens, generated one by one" });
    // Each run is its own figure, with the inner loop off until it is switched on.
    const toggle = figure.getByRole("button", { name: "Inner loop" });
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    await expect(inner, loop.name).toContainText("timeout", slow);
    await expect(counterOf(figure), loop.name).toHaveText("6 / 7", slow);
    await expect(
      shownNotes(page).filter({ hasText: "Still streaming: this is the answer so far" }),
      loop.name,
    ).toHaveCount(1, slow);
    expect(settled, `${loop.name}: the answer is still held`).toBe(false);
    release();
    await running;
    await expect(counterOf(figure), loop.name).toHaveText("7 / 7", slow);
    await expect(figure.getByText("timeout is 30").first(), loop.name).toBeAttached(slow);
    await expect(shownNotes(page).filter({ hasText: "Still streaming" })).toHaveCount(0, slow);
  }
});

test("live: faults pass through as they would direct, are kept in the run and said at their step", async ({ page }) => {
  test.setTimeout(90_000);
  const model = await upstream();
  // An upstream that cannot be reached: a port that was just free.
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
  const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((done) => closed.close(() => done()));
  const live = await startLive([
    "--upstream",
    `anthropic=${model}`,
    "--upstream",
    `openai=${model}`,
    "--upstream",
    `gemini=${nowhere}`,
  ]);
  await page.goto(live.url);
  const outcome = <T>(promise: Promise<T>) =>
    promise.then(
      () => "no error",
      (error: { status?: number; message?: string; constructor: { name: string } }) =>
        `${error.constructor.name} ${error.status ?? ""} ${error.message ?? ""}`,
    );

  // A 400: the SDK's error is the one it gets direct, and the run says the provider's words at its model call.
  const bad = (bases: Bases) =>
    outcome(
      anthropicClient(bases).messages.create({
        model: "bad",
        max_tokens: 10,
        messages: [{ role: "user", content: "hi" }],
      }),
    );
  const direct400 = await bad(basesAt(model));
  expect(direct400).toMatch(/^BadRequestError 400/);
  expect(await bad(live.bases)).toBe(direct400);
  await expect(
    shownNotes(page).filter({
      hasText: "The provider answered 400: “model: bad is not a model”. This model call got no answer.",
    }),
  ).toHaveCount(1, { timeout: 10_000 });

  // A stream cut upstream fails the SDK as it does direct; the next request works.
  const chat = {
    messages: [{ role: "user" as const, content: "Read timeout from config.txt" }],
    stream: true as const,
  };
  const cut = async (bases: Bases) =>
    outcome(
      openaiClient(bases)
        .chat.completions.create({ model: "cut", ...chat })
        .then(async (stream) => {
          for await (const _chunk of stream);
        }),
    );
  const directCut = await cut(basesAt(model));
  expect(directCut).not.toBe("no error");
  expect(await cut(live.bases)).toBe(directCut);
  const after = await openaiClient(live.bases).chat.completions.create({ model: "m", messages: chat.messages });
  expect(after.choices[0]?.message.tool_calls?.[0]?.id).toBe("call_1");

  // Malformed SSE reaches the client byte for byte, as sent; the SDK fails on it as it does direct.
  const raw = async (bases: Bases) =>
    fetch(`${bases.OPENAI_BASE_URL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ model: "malformed", ...chat }),
    }).then((response) => response.text());
  const sent = await raw(basesAt(model));
  expect(sent).toContain("data: {this is not json");
  expect(await raw(live.bases)).toBe(sent);
  const malformed = async (bases: Bases) =>
    outcome(
      openaiClient(bases)
        .chat.completions.create({ model: "malformed", ...chat })
        .then(async (stream) => {
          for await (const _chunk of stream);
        }),
    );
  expect(await malformed(live.bases)).toBe(await malformed(basesAt(model)));

  // The runs: the cut stream and the malformed one are said at their model calls.
  // The chat requests are one run: the same history sent again after each failure, each said at its model call.
  await pickRun(page, "openai · run 2");
  for (const said of [
    "The answer's stream was cut before its end",
    "The same request was sent again.",
    "1 event of the answer's stream was not one this provider sends",
  ])
    await expect(shownNotes(page).filter({ hasText: said }).first(), said).toBeAttached({ timeout: 10_000 });

  // An upstream that cannot be reached: the proxy's 502 names it; the other providers keep working.
  const unreachable = await outcome(geminiClient(live.bases).models.generateContent({ model: "m", contents: "hi" }));
  expect(unreachable).toMatch(/ 502 /);
  expect(unreachable).toContain("the gemini upstream");
  const still = await anthropicClient(live.bases).messages.create({
    model: "m",
    max_tokens: 10,
    messages: [{ role: "user", content: "Read timeout from config.txt" }],
  });
  expect(still.stop_reason).toBe("tool_use");
  expect(await page.content()).not.toContain(KEY);
});
