import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { OTLPLogExporter as JsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as ProtoLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { BatchLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { Page } from "@playwright/test";
import { importTranscript } from "../../src/formats/import";
import {
  aiSdkLoop,
  legacyOpenLlmetryLoop,
  officialLoop,
  openInferenceLoop,
  openLlmetryLoop,
} from "../fixtures/otel-agents";
import { scripted } from "../fixtures/scripted-model";
import { LOOPS } from "../fixtures/sdk-loops";
import { counterOf, expect, test } from "./fixtures";
import { ROOT } from "./host-site";

// `agent-loop-figure view --otlp` as an engineer runs it: the built command; an agent written with the real `openai`
// SDK, instrumented by the real instrumentations, calling the scripted model server directly (no proxy sees it),
// its telemetry sent by OpenTelemetry's own OTLP exporters, configured by nothing but the lines the command printed.
test.describe.configure({ mode: "serial" });

const started: ChildProcess[] = [];
const servers: Server[] = [];
const folders: string[] = [];
const ENV = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_HEADERS",
  "OTEL_EXPORTER_OTLP_COMPRESSION",
  "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT",
];
test.afterAll(() => {
  for (const process of started) process.kill("SIGTERM");
  for (const server of servers) server.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
test.afterEach(() => {
  for (const name of ENV) delete process.env[name];
});

async function model(): Promise<string> {
  const server = scripted();
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The built command with --otlp; the environment set as its printed `export` lines say. */
async function startReceiving(args: readonly string[]): Promise<{ url: string; printed: () => string }> {
  const child = spawn(
    "node",
    [join(ROOT, "lib/cli/agent-loop-figure.js"), "view", "--otlp-port", "0", "--no-open", ...args],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  started.push(child);
  let printed = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      printed += chunk;
    });
  }
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^viewer: \S+$/m);
  for (const line of printed.matchAll(/^export (OTEL_\w+)=(\S+)$/gm)) process.env[line[1] ?? ""] = line[2] ?? "";
  return { url: /^viewer: (\S+)$/m.exec(printed)?.[1] ?? "", printed: () => printed };
}

const figureOf = (page: Page) => page.locator(".alf-figure").first();
const shownNotes = (page: Page) => figureOf(page).locator(".alf-notes ul[aria-label] li");

test("view --otlp: the official instrumentation's protobuf and OpenInference's JSON telemetry each drawn as one run as it comes, saved, the tool's run observed", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const origin = await model();
  const saved = mkdtempSync(join(tmpdir(), "alf-otlp-save-"));
  folders.push(saved);
  const folder = join(saved, "runs");
  const receiving = await startReceiving(["--lang", "en", "--save", folder]);
  expect(receiving.printed()).toMatch(/^export OTEL_EXPORTER_OTLP_ENDPOINT=http:\/\/127\.0\.0\.1:\d+$/m);
  expect(receiving.printed()).toMatch(/^export OTEL_EXPORTER_OTLP_HEADERS=x-agent-loop-figure-token=[\w-]{43}$/m);
  expect(receiving.printed()).toMatch(/^export OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true$/m);
  await page.goto(receiving.url);
  await expect(page.getByRole("status").first()).toHaveText(
    "Waiting for the agent's first spans at the OTLP receiver…",
  );

  // Without the token, nothing is taken: the exporter's request is refused and no run appears.
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "";
  const refused = await fetch(`${endpoint}/v1/traces`, {
    method: "POST",
    headers: { "content-type": "application/x-protobuf" },
    body: new Uint8Array(),
  });
  expect(refused.status).toBe(401);

  // The official instrumentation, in its default encoding (protobuf), message content captured as printed.
  const official = await officialLoop(origin, {
    capture: process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT === "true",
    spans: new BatchSpanProcessor(new ProtoTraceExporter()),
    logs: new BatchLogRecordProcessor({ exporter: new ProtoLogExporter() }),
  });
  expect(official.answer).toBe("timeout is 30");
  await official.flush();
  await official.shutdown();

  const figure = figureOf(page);
  const counter = counterOf(figure);
  await expect(page.getByRole("status").first()).toContainText("OpenTelemetry · run 1, as it was at");
  await expect(counter).toHaveText("7 / 7", { timeout: 10_000 });
  await expect(figure.getByText("timeout is 30").first()).toBeAttached();
  // The tool's run, at its step: observed by the agent's own span, and not said to be inferred.
  await page.getByRole("checkbox", { name: "Follow the latest step" }).uncheck();
  await figure.focus();
  await page.keyboard.press("Home");
  for (let step = 1; step < 4; step += 1) await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("4 / 7");
  await expect(
    shownNotes(page).filter({ hasText: /the agent's telemetry recorded this run of read_file \(an execute_tool span/ }),
  ).toHaveCount(1);
  await expect(shownNotes(page).filter({ hasText: /Inferred from the next request: the proxy/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  // OpenInference, over OTLP/JSON with gzip: a second run, listed as it comes.
  process.env.OTEL_EXPORTER_OTLP_COMPRESSION = "gzip";
  const phoenix = await openInferenceLoop(origin, new BatchSpanProcessor(new JsonTraceExporter()));
  await phoenix.flush();
  await phoenix.shutdown();
  const picker = page.getByRole("combobox", { name: "Run" });
  await expect(picker.locator("option")).toHaveText(["OpenTelemetry · run 1", "OpenTelemetry · run 2"], {
    timeout: 10_000,
  });
  await picker.selectOption({ label: "OpenTelemetry · run 2" });
  await expect(counter).toHaveText(/ \/ 7$/, { timeout: 10_000 });
  await expect(figure.getByText("timeout is 30").first()).toBeAttached();
  await expect(page.locator(".viewer-summary")).toContainText("OpenInference");

  // Saved as they came: one file a run, the owner's only, each importing to the loop with its call paired; no token.
  await expect
    .poll(() => (statSync(folder, { throwIfNoEntry: false }) ? readdirSync(folder).sort() : []))
    .toEqual([
      expect.stringMatching(/^live-\d{8}-\d{6}-run1-otlp\.json$/),
      expect.stringMatching(/^live-\d{8}-\d{6}-run2-otlp\.json$/),
    ]);
  expect(statSync(folder).mode & 0o777).toBe(0o700);
  const token = (process.env.OTEL_EXPORTER_OTLP_HEADERS ?? "").split("=")[1] ?? "";
  for (const name of readdirSync(folder)) {
    const text = readFileSync(join(folder, name), "utf8");
    expect(statSync(join(folder, name)).mode & 0o777, name).toBe(0o600);
    expect(text, name).not.toContain(token);
    const imported = importTranscript(text);
    if (!imported.ok) throw new Error(`${name} does not import`);
    const kinds = imported.trace.steps.map((step) => step.kind);
    expect(kinds, name).toEqual(["task", "model_call", "proposal", "execution", "model_call", "answer", "finish"]);
    expect(imported.trace.steps[3]?.callIds, name).toEqual(imported.trace.steps[2]?.callIds);
  }
});

test("view --otlp in Chinese, JSON telemetry of the official instrumentation: its run drawn, the tool's run observed", async ({
  page,
}) => {
  const origin = await model();
  const receiving = await startReceiving(["--lang", "zh"]);
  await page.goto(receiving.url);
  await expect(page.getByRole("status").first()).toHaveText("正在等待 Agent 发到 OTLP 接收器的第一批 span……");
  const loop = await officialLoop(origin, {
    capture: true,
    spans: new BatchSpanProcessor(new JsonTraceExporter()),
    logs: new BatchLogRecordProcessor({ exporter: new JsonLogExporter() }),
  });
  await loop.flush();
  await loop.shutdown();
  const figure = figureOf(page);
  const counter = counterOf(figure);
  await expect(counter).toHaveText("7 / 7", { timeout: 10_000 });
  await page.getByRole("checkbox", { name: "跟随最新一步" }).uncheck();
  await figure.focus();
  await page.keyboard.press("Home");
  for (let step = 1; step < 4; step += 1) await page.keyboard.press("ArrowRight");
  await expect(shownNotes(page).filter({ hasText: "智能体的遥测记录了 read_file 的这次运行" })).toHaveCount(1);
  await expect(shownNotes(page).filter({ hasText: "由下一个请求推断：代理" })).toHaveCount(0);
});

test("view --otlp: the Vercel AI SDK's own telemetry (protobuf), OpenLLMetry's (JSON) and OpenLLMetry's older spans each drawn and saved as one run", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const origin = await model();
  const saved = mkdtempSync(join(tmpdir(), "alf-otlp-save-"));
  folders.push(saved);
  const receiving = await startReceiving(["--lang", "en", "--save", saved]);
  await page.goto(receiving.url);
  const vercel = await aiSdkLoop(origin, new BatchSpanProcessor(new ProtoTraceExporter()));
  expect(vercel.answer).toBe("timeout is 30");
  await vercel.flush();
  await vercel.shutdown();
  const traceloop = await openLlmetryLoop(origin, new BatchSpanProcessor(new JsonTraceExporter()));
  await traceloop.flush();
  await traceloop.shutdown();
  const older = await legacyOpenLlmetryLoop(origin, new BatchSpanProcessor(new ProtoTraceExporter()));
  await older.flush();
  await older.shutdown();
  const picker = page.getByRole("combobox", { name: "Run" });
  await expect(picker.locator("option")).toHaveText(
    ["OpenTelemetry · run 1", "OpenTelemetry · run 2", "OpenTelemetry · run 3"],
    { timeout: 15_000 },
  );
  const figure = figureOf(page);
  const counter = counterOf(figure);
  for (const [label, format, span] of [
    ["OpenTelemetry · run 1", "Vercel AI SDK telemetry", "ai.toolCall"],
    ["OpenTelemetry · run 2", "OpenTelemetry GenAI", "execute_tool"],
  ] as const) {
    await picker.selectOption({ label });
    await expect(page.locator(".viewer-summary")).toContainText(format);
    await expect(counter).toHaveText(/ \/ 7$/, { timeout: 10_000 });
    await page.getByRole("checkbox", { name: "Follow the latest step" }).uncheck();
    await figure.focus();
    await page.keyboard.press("Home");
    for (let step = 1; step < 4; step += 1) await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("4 / 7");
    await expect(
      shownNotes(page).filter({ hasText: `the agent's telemetry recorded this run of read_file (an ${span} span` }),
    ).toHaveCount(1);
  }
  // The older OpenLLMetry spans record no ids: the result is said to be paired by order.
  await picker.selectOption({ label: "OpenTelemetry · run 3" });
  await expect(page.locator(".viewer-summary")).toContainText("OpenLLMetry (Traceloop, before 0.25)");
  await expect(counter).toHaveText(/ \/ 7$/, { timeout: 10_000 });
  await figure.focus();
  await page.keyboard.press("Home");
  for (let step = 1; step < 4; step += 1) await page.keyboard.press("ArrowRight");
  await expect(shownNotes(page).filter({ hasText: "this result of read_file has no id" })).toHaveCount(1);
  await expect.poll(() => readdirSync(saved).length).toBe(3);
  for (const name of readdirSync(saved)) {
    const imported = importTranscript(readFileSync(join(saved, name), "utf8"));
    if (!imported.ok) throw new Error(`${name} does not import`);
    expect(imported.trace.steps[3]?.callIds, name).toEqual(imported.trace.steps[2]?.callIds);
  }
});

test("view --otlp with message content not captured (the official instrumentation's default): each call drawn as its shape, its texts not recorded, the first step saying why", async ({
  page,
}) => {
  const origin = await model();
  const receiving = await startReceiving(["--lang", "en"]);
  // The agent's shell without the printed capture line (the instrumentation reads it over its own setting).
  delete process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT;
  await page.goto(receiving.url);
  const loop = await officialLoop(origin, {
    capture: false,
    spans: new BatchSpanProcessor(new ProtoTraceExporter()),
    logs: new BatchLogRecordProcessor({ exporter: new ProtoLogExporter() }),
  });
  await loop.flush();
  await loop.shutdown();
  // Each call a trace of its own and no words to join them: a run per call, once the messages have not come.
  const picker = page.getByRole("combobox", { name: "Run" });
  await expect(picker.locator("option")).toHaveText(["OpenTelemetry · run 1", "OpenTelemetry · run 2"], {
    timeout: 15_000,
  });
  const figure = figureOf(page);
  await expect(counterOf(figure)).toHaveText(/ \/ 4$/, { timeout: 10_000 });
  await page.getByRole("checkbox", { name: "Follow the latest step" }).uncheck();
  await figure.focus();
  await page.keyboard.press("Home");
  await expect(shownNotes(page).filter({ hasText: "the telemetry recorded no message content" })).toHaveCount(1);
  await page.keyboard.press("ArrowRight");
  await expect(figure.getByRole("group", { name: "Context" })).toContainText("[not recorded]");
  // Its token estimate counts no placeholder, and says so.
  await expect(figure.locator(".alf-context-size")).toHaveText(
    /about \d+ tokens[^;]*, not counting \d+ texts? the record did not hold/,
  );
  // The telemetry declared no tools: no empty "Tools declared" row in the context.
  await expect(figure.getByText("Tools declared")).toBeHidden();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test("live --otlp-endpoint to view --otlp: a run the proxy recorded, sent as OTLP when live stops, is drawn by the other viewer", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const origin = await model();
  const collector = await startReceiving(["--lang", "en"]);
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "";
  const header = process.env.OTEL_EXPORTER_OTLP_HEADERS ?? "";
  const live = spawn(
    "node",
    [
      join(ROOT, "lib/cli/agent-loop-figure.js"),
      "live",
      "--no-open",
      "--upstream",
      `anthropic=${origin}`,
      "--otlp-endpoint",
      endpoint,
      "--otlp-header",
      header,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  started.push(live);
  let printed = "";
  for (const stream of [live.stdout, live.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      printed += chunk;
    });
  }
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^export ANTHROPIC_BASE_URL=(\S+)$/m);
  expect(printed).toContain(`sending each run to the OpenTelemetry collector at ${endpoint}/v1/traces`);
  const base = /^export ANTHROPIC_BASE_URL=(\S+)$/m.exec(printed)?.[1] ?? "";
  const loop = LOOPS.find((one) => one.provider === "anthropic" && !one.stream);
  await loop?.run({ OPENAI_BASE_URL: "", ANTHROPIC_BASE_URL: base, GOOGLE_GEMINI_BASE_URL: "" });
  const exited = new Promise((done) => live.once("exit", done));
  live.kill("SIGTERM");
  await exited;
  expect(printed).toContain(`sent 1 run to ${endpoint}/v1/traces`);

  await page.goto(collector.url);
  const figure = figureOf(page);
  await expect(counterOf(figure)).toHaveText("7 / 7", { timeout: 10_000 });
  await expect(figure.getByText("timeout is 30").first()).toBeAttached();
  await expect(page.locator(".viewer-summary")).toContainText("OpenTelemetry GenAI");
});
