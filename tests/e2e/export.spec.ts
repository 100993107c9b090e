import { readFileSync } from "node:fs";
import protobuf from "protobufjs/light.js";
import { counterOf, expect, openTools, test, untilHydrated } from "./fixtures";

test.describe("export", () => {
  test("downloads the trace as neutral JSON (version 2), or the whole run in a provider's format, which loads back", async ({
    page,
  }) => {
    await page.goto("./?lang=en&scenario=unauthorized-tool#step-5");
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("5 / 11");
    await openTools(page);
    const bar = page.getByRole("region", { name: "Export" });
    const [neutral] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(neutral.suggestedFilename()).toBe("unauthorized-tool.trace.json");
    const trace = JSON.parse(readFileSync((await neutral.path()) ?? "", "utf8"));
    expect(trace).toMatchObject({ version: 2, scenarioId: "unauthorized-tool", outcome: "refused" });
    expect(trace.steps).toHaveLength(11);
    // The compact form: the refused call's validation step refers to the call its message holds.
    expect(trace.steps.find((step: { kind: string }) => step.kind === "validation").call).toEqual({
      message: 2,
      call: 0,
    });

    await bar
      .getByLabel("Export format")
      .selectOption({ label: "The whole run as Anthropic Messages (every message, then the final reply)" });
    const [wire] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(wire.suggestedFilename()).toBe("unauthorized-tool.anthropic.json");
    const text = readFileSync((await wire.path()) ?? "", "utf8");
    const body = JSON.parse(text);
    // The refusal goes back as an error result under the call's id; the run ends with the model's own reply.
    expect(
      body.messages.flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : [])),
    ).toContainEqual({
      type: "tool_result",
      tool_use_id: "call_1",
      content: expect.stringContaining('"error":"tool_not_allowed"'),
      is_error: true,
    });
    expect(body.messages.at(-1)).toMatchObject({ role: "assistant" });
    expect(JSON.stringify(body.messages.at(-1))).toContain("I may not publish");

    // Loaded back, the run plays again: the same tool results, the reply as its answer step.
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("Paste JSON").fill(text);
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-conditions")).toContainText("Anthropic Messages");
    const loaded = page.locator(".alf-figure").first();
    await loaded.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await expect(loaded.locator(".alf-step-title")).toHaveText(/The model replies without a tool call$/);
  });

  test("the bar keeps its pre-rendered HTML while its chunk loads, the figure above already steps, then it works", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // The export bar's chunk held back until the figure has been stepped.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/ExportBar-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("./");
    const fig = page.locator(".alf-figure").first();
    await untilHydrated(fig);
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("2 / 8");
    await openTools(page);
    const bar = page.getByRole("region", { name: "导出" });
    await expect(bar.getByRole("button", { name: "复制这一步的链接" })).toBeVisible();
    release();
    await expect(async () => {
      await bar.getByRole("button", { name: "复制这一步的链接" }).click();
      await expect(bar.getByLabel("这一步的链接")).toHaveValue(/#step-2$/, { timeout: 500 });
    }).toPass();
    await expect(bar.getByRole("status")).toHaveText("链接已复制。");
  });

  test("copies a link to the current step of the scenario, which opens there", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("./?lang=en&scenario=claimed-done");
    const fig = page.locator(".alf-figure").first();
    await untilHydrated(fig);
    await fig.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await openTools(page);
    const bar = page.getByRole("region", { name: "Export" });
    await bar.getByRole("button", { name: "Copy a link to this step" }).click();
    const link = bar.getByLabel("Link to this step");
    await expect(link).toHaveValue(/\?lang=en&scenario=claimed-done#step-4$/);
    await expect(bar.getByRole("status")).toHaveText("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await page.goto(await link.inputValue());
    await expect(counterOf(page.locator(".alf-figure").first())).toHaveText("4 / 12");
  });

  test("says, before the download, what the chosen format cannot carry", async ({ page }) => {
    await page.goto("./?lang=en&scenario=unauthorized-tool");
    await openTools(page);
    const bar = page.getByRole("region", { name: "Export" });
    const format = bar.getByLabel("Export format");
    await format.selectOption({
      label: "The whole run as OpenAI Chat Completions (every message, then the final reply)",
    });
    const note = bar.getByRole("note");
    await expect(note).toContainText("Left out of the OpenAI Chat Completions file:");
    await expect(note.getByRole("listitem")).toHaveText([
      "the error mark of 1 tool result, its text kept (from step 4)",
    ]);
    await format.selectOption({ label: "The whole run as Anthropic Messages (every message, then the final reply)" });
    await expect(note).toHaveText("Anthropic Messages carries the whole run.");
    await format.selectOption({ label: "The whole run as Claude Code (every message, then the final reply)" });
    await expect(note.getByRole("listitem")).toHaveText([
      "the system note (from step 2)",
      "the declarations of 2 tools (from step 2)",
    ]);
    const [log] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(log.suggestedFilename()).toBe("unauthorized-tool.claude-code.jsonl");
    await format.selectOption({ label: "The whole trace (neutral JSON, version 2)" });
    await expect(note).toHaveCount(0);
  });

  test("reports from the run: a forgetful host's dropped calls, and what the Gemini writer adds", async ({ page }) => {
    await page.goto("./?lang=en&scenario=missing-feedback");
    await openTools(page);
    const bar = page.getByRole("region", { name: "Export" });
    const format = bar.getByLabel("Export format");
    const note = bar.getByRole("note");
    await format.selectOption({
      label: "The whole run as OpenAI Chat Completions (every message, then the final reply)",
    });
    await expect(note.getByRole("listitem")).toHaveText([
      "3 calls the model proposed, and their results: the host never put them in the model's context, so only the figure's trace holds them (from step 3)",
    ]);
    await page.goto("./?lang=en");
    await openTools(page);
    await format.selectOption({
      label: "The whole run as Google Gemini generateContent (every message, then the final reply)",
    });
    await expect(note).toContainText(
      "What the figure adds so that Google Gemini generateContent takes it as a request:",
    );
    await expect(note.getByRole("listitem")).toHaveText([
      "Google's placeholder thoughtSignature on the first call of 1 model turn, which Gemini 3 requires of calls no Gemini 3 model signed (from step 2)",
    ]);
  });

  test("writes the run as an Inspect AI sample and a SWE-agent demonstration, each loading back with who refused the call", async ({
    page,
  }) => {
    await page.goto("./?lang=en&scenario=scope-violation");
    await openTools(page);
    const bar = page.getByRole("region", { name: "Export" });
    const format = bar.getByLabel("Export format");
    const note = bar.getByRole("note");
    const download = async () => {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        bar.getByRole("button", { name: "Download JSON" }).click(),
      ]);
      return { name: file.suggestedFilename(), path: (await file.path()) ?? "" };
    };

    await format.selectOption({ label: "The whole run as Inspect AI sample (every message, then the final reply)" });
    await expect(note).toContainText("Left out of the Inspect AI sample file:");
    await expect(note.getByRole("listitem")).toHaveText(["the declaration of 1 tool (from step 2)"]);
    const sample = await download();
    expect(sample.name).toBe("scope-violation.inspect.json");
    const written = JSON.parse(readFileSync(sample.path, "utf8"));
    // Refused by a rule of the host's: what an Inspect approval policy does; its words are the error's message.
    expect(written.messages.find((m: { error?: unknown }) => m.error !== undefined)).toMatchObject({
      role: "tool",
      content: "",
      function: "read_file",
      error: { type: "approval" },
    });

    await format.selectOption({
      label: "The whole run as SWE-agent demonstration (every message, then the final reply)",
    });
    await expect(note).toContainText("Left out of the SWE-agent demonstration file:");
    await expect(note.getByRole("listitem")).toHaveText([
      "the declaration of 1 tool (from step 2)",
      "the error mark of 1 tool result, its text kept (from step 4)",
    ]);
    const demo = await download();
    expect(demo.name).toBe("scope-violation.traj");

    // Each file loads back, its format found from its content; the Inspect sample says who refused the call: the
    // host (its approval error), at the step the result comes back.
    for (const [file, read] of [
      [demo, "SWE-agent trajectory message list, 5 messages, 1 tool call"],
      [sample, "Inspect AI eval log message list, 5 messages, 1 tool call"],
    ] as const) {
      await openTools(page);
      await page.getByRole("button", { name: "Load transcript" }).click();
      await page.getByLabel("or choose a file").setInputFiles({
        name: file.name,
        mimeType: "application/json",
        buffer: readFileSync(file.path),
      });
      await page.getByRole("button", { name: "Load", exact: true }).click();
      await expect(page.locator(".page-conditions")).toContainText(read);
      const fig = page.locator(".alf-root > .alf-figure").first();
      await fig.focus();
      for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
      await expect(counterOf(fig)).toHaveText("4 / 7");
      const told = fig.getByRole("list", { name: "Notes at this step" }).getByRole("listitem");
      if (file === sample)
        await expect(told).toHaveText([
          "ℹ read_file did not run: the agent refused the call or could not run it, and fed back the error as its result",
        ]);
      else await expect(told).toHaveCount(0);
      await page.keyboard.press("End");
      await expect(fig.getByRole("group", { name: "Context" })).toContainText("scope_violation");
    }
  });
  test("writes the run as OTLP traces a collector takes (the protocol's own definitions hold it), which loads back", async ({
    page,
  }) => {
    await page.goto("./?lang=en&scenario=f22");
    await openTools(page);
    const bar = page.getByRole("region", { name: "Export" });
    await bar
      .getByLabel("Export format")
      .selectOption({ label: "The whole run as OTLP traces (GenAI spans) (every message, then the final reply)" });
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("f22.otlp.json");
    const text = readFileSync((await file.path()) ?? "", "utf8");
    const written = JSON.parse(text);
    // Encoded to protobuf by the protocol's .proto definitions and decoded again, nothing of it is lost.
    const descriptor = JSON.parse(readFileSync("src/live/otlp-proto.gen.json", "utf8"));
    const request = protobuf.Root.fromJSON(descriptor).lookupType(
      "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest",
    );
    const hexToBase64 = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value), (key, inner) =>
        ["traceId", "spanId", "parentSpanId"].includes(key) ? Buffer.from(inner, "hex").toString("base64") : inner,
      );
    const decoded = request.toObject(
      request.decode(request.encode(request.fromObject(hexToBase64(written) as object)).finish()),
      {
        longs: String,
        enums: Number,
        bytes: String,
      },
    );
    expect(decoded).toEqual(hexToBase64(written));
    const spans = written.resourceSpans[0].scopeSpans[0].spans as { name: string }[];
    expect(spans.map((span) => span.name)).toEqual(["invoke_agent", "chat", "chat", "execute_tool read_file"]);

    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles({
      name: "f22.otlp.json",
      mimeType: "application/json",
      buffer: Buffer.from(text),
    });
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-conditions")).toContainText("OpenTelemetry GenAI");
    const fig = page.locator(".alf-root > .alf-figure").first();
    await fig.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("4 / 7");
    // The figure wrote these spans: the tool's run is not said to be the agent's telemetry.
    await expect(fig.getByRole("list", { name: "Notes at this step" }).getByRole("listitem")).toHaveCount(0);
    await page.keyboard.press("End");
    await expect(fig.getByRole("group", { name: "Context" })).toContainText("timeout=30");
  });
});
