import { type ChildProcess, spawn } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { scripted } from "../fixtures/scripted-model";
import { expect, test } from "./fixtures";
import { ROOT } from "./host-site";

// `agent-loop-figure live` as an engineer runs it: the built command, its upstream a scripted model server on
// loopback, the agent an SDK configured by the environment variables the command printed, the viewer in Chromium.
let upstream: Server | undefined;
let live: ChildProcess | undefined;
test.afterAll(() => {
  live?.kill("SIGTERM");
  upstream?.close();
});

test("live: an Anthropic SDK's two-turn loop through the proxy is drawn in the viewer as one run, as it happens", async ({
  page,
}) => {
  upstream = scripted();
  await new Promise<void>((done) => upstream?.listen(0, "127.0.0.1", done));
  const model = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  live = spawn(
    "node",
    [
      join(ROOT, "lib/cli/agent-loop-figure.js"),
      "live",
      "--upstream",
      `anthropic=${model}`,
      "--no-open",
      "--lang",
      "en",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let printed = "";
  live.stdout?.setEncoding("utf8");
  live.stdout?.on("data", (chunk: string) => {
    printed += chunk;
  });
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^export GOOGLE_GEMINI_BASE_URL=\S+$/m);
  const url = /^viewer: (\S+)$/m.exec(printed)?.[1] ?? "";
  const base = /^export ANTHROPIC_BASE_URL=(\S+)$/m.exec(printed)?.[1] ?? "";
  expect(/^export OPENAI_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1$/m.test(printed)).toBe(true);

  await page.goto(url);
  await expect(page.getByRole("status").first()).toHaveText("Waiting for the agent's first request through the proxy…");

  // The agent: configured by the environment alone, as `eval "$(agent-loop-figure live …)"` would leave it.
  const saved = { base: process.env.ANTHROPIC_BASE_URL, key: process.env.ANTHROPIC_API_KEY };
  process.env.ANTHROPIC_BASE_URL = base;
  process.env.ANTHROPIC_API_KEY = "sk-ant-test-key-never-stored";
  const client = new Anthropic({ maxRetries: 0 });
  process.env.ANTHROPIC_BASE_URL = saved.base;
  process.env.ANTHROPIC_API_KEY = saved.key;
  const tools = [{ name: "read_file", input_schema: { type: "object" as const, properties: {} } }];
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Read timeout from config.txt" }];
  const first = await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage();
  expect(first.stop_reason).toBe("tool_use");

  const figure = page.locator(".alf-figure").first();
  const counter = figure.locator(".alf-counter > [aria-hidden]");
  await expect(page.getByRole("status").first()).toContainText("anthropic · run 1, as it was at");
  // The model's proposal is drawn: its tool and its call_id.
  await expect(figure.locator(".alf-row").filter({ hasText: "read_file" }).first()).toBeAttached();
  await expect(figure.getByText("toolu_1").first()).toBeAttached();

  messages.push(
    { role: "assistant", content: first.content },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "timeout=30" }] },
  );
  const second = await client.messages.stream({ model: "m", max_tokens: 100, messages, tools }).finalMessage();
  expect(second.content).toEqual([{ type: "text", text: "timeout is 30" }]);
  // The same run goes on: the result fed back, the second model call, the answer.
  await expect(page.getByRole("combobox", { name: "Run" })).toHaveCount(0);
  await expect(counter).toHaveText(/^\d+ \/ 7$/, { timeout: 10_000 });
  await figure.focus();
  await page.keyboard.press("End");
  await expect(counter).toHaveText("7 / 7");
  // No key byte reached the page.
  expect(await page.content()).not.toContain("never-stored");
});
