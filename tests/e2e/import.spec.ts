import { existsSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { strToU8, zipSync } from "fflate";
import { counterOf, expect, formatSwitchOf, openTools, test } from "./fixtures";

const fixture = (name: string) => readFileSync(`tests/fixtures/transcripts/${name}`, "utf8");

test.describe("loading a transcript", () => {
  test("paste: the run plays in the same player, with its own story, and the built-in scenarios come back", async ({
    page,
  }) => {
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("Paste JSON").fill(fixture("chat-parallel.json"));
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText("Viewing a loaded transcript: transcript.json");
    const fig = page.locator(".alf-figure").first();
    await expect(fig).toHaveAccessibleName(/Loaded transcript/);
    await expect(counterOf(fig)).toHaveText("1 / 8");
    await expect(page.locator(".page-conditions")).toContainText(
      "OpenAI Chat Completions request, 6 messages, 2 tool calls",
    );
    // Parallel calls keep both ids.
    await fig.focus();
    for (let i = 0; i < 2; i += 1) await page.keyboard.press("ArrowRight");
    await expect(fig.locator(".alf-step-title")).toHaveText(/read_file \(call_a\), read_file \(call_b\)/);
    await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("imported");
    await page.getByRole("button", { name: "Back to the built-in scenarios" }).click();
    await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("f22");
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
  });

  test("file: Anthropic's refused call is an error result; pasted text is never HTML", async ({ page }) => {
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles("tests/fixtures/transcripts/anthropic-refused.json");
    await expect(page.getByLabel("Paste JSON")).toHaveValue(/tool_not_allowed/);
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText("anthropic-refused.json");
    const fig = page.locator(".alf-figure").first();
    await fig.focus();
    await page.keyboard.press("End");
    await expect(fig.getByRole("group", { name: "Context" })).toContainText("tool_not_allowed");

    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    const html = JSON.stringify({ messages: [{ role: "user", content: "<img src=x onerror=alert(1)><b>bold</b>" }] });
    await page.getByLabel("Paste JSON").fill(html);
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(fig.locator(".alf-step-title")).toContainText("<img src=x onerror=alert(1)><b>bold</b>");
    await expect(fig.locator("img, b")).toHaveCount(0);
  });

  test("bad input gets a clear error with its place, and the figure keeps working as it was", async ({ page }) => {
    await page.goto("./?lang=en#step-3");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("Paste JSON").fill('{"messages": [\n  {"role": "user",}\n]}');
    await page.getByRole("button", { name: "Load", exact: true }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Nothing was loaded");
    await expect(alert).toContainText(
      "not valid JSON: expected a property name in double quotes (a trailing comma?) (line 2, column 19)",
    );
    await page.getByLabel("Paste JSON").fill(JSON.stringify({ messages: [{ role: "tool", content: "x" }] }));
    await page.locator(".page-import").getByLabel("Format").selectOption("chat");
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(alert).toContainText("read as OpenAI Chat Completions");
    await expect(alert).toContainText("messages.0.tool_call_id");
    const fig = page.getByRole("region", { name: /F22/ });
    await expect(counterOf(fig)).toHaveText("3 / 8");
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("4 / 8");
  });

  test("?transcript= loads a same-origin file and lists its pairing problems at their steps", async ({ page }) => {
    await page.goto("./?lang=en&transcript=/transcripts/chat-broken-pairing.json");
    await expect(page.locator(".page-imported")).toContainText("chat-broken-pairing.json");
    const problems = page.locator(".page-imported").getByRole("listitem");
    await expect(problems).toHaveText([
      "step 2: the result of call_2 comes before its call",
      "step 4: call_2 has no result, and the transcript goes on without one",
      "step 4: call_1 has no result, and the transcript goes on without one",
      "step 5: result call_9 matches no call",
      "step 7: call_2 is used by an earlier call too",
    ]);
    await page.getByRole("link", { name: "step 5" }).click();
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText(/^5 \//);

    // Inside the figure, at its step: the warning in words, and a named mark on the step's row.
    const warnings = fig.getByRole("list", { name: "Warnings at this step" });
    await expect(warnings.getByRole("listitem")).toHaveText(["⚠ result call_9 matches no call"]);
    const marked = fig.locator(".alf-row:has(.alf-row-warning)");
    await expect(marked).toHaveCount(4); // steps 2, 4, 5 and 7
    await expect(fig.locator('.alf-row[data-step="5"] .alf-row-warning')).toHaveText("⚠Warnings at this step");
    await expect(fig.locator(".alf-sr-only[aria-live]")).toContainText("(1 warning at this step)");
    const axe = await new AxeBuilder({ page }).include(".alf-figure").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);

    // A step without warnings shows none, and nothing below the warnings' room moves.
    const panels = fig.locator(".alf-panels");
    const offset = async () => ((await panels.boundingBox())?.y ?? 0) - ((await fig.boundingBox())?.y ?? 0);
    const before = await offset();
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText(/^6 \//);
    await expect(warnings).toHaveCount(0);
    expect(await offset()).toBe(before);

    // The end: the calls still waiting for a result are the ones in play, and the caption says they never ran.
    await page.keyboard.press("End");
    await expect(fig.locator(".alf-panel-call").getByRole("button")).toHaveText(["call_1", "call_2"]);
    await expect(fig.locator(".alf-step-caption")).toContainText("those calls have not been run");
  });

  test("paste: thinking, the model's words beside its call, and a truthful end (no host check, no budget)", async ({
    page,
  }) => {
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("Paste JSON").fill(fixture("e2e-anthropic-thinking.json"));
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText("Anthropic Messages request, 4 messages, 1 tool call");
    const fig = page.locator(".alf-figure").first();
    // task, call 1, proposal, result, call 2, answer, end
    await expect(counterOf(fig)).toHaveText("1 / 7");
    await fig.focus();
    await page.keyboard.press("End");
    const context = fig.getByRole("group", { name: "Context" });
    // The model's reasoning, marked as such, then its words, then its call: in the order the model wrote them.
    await expect(context).toContainText(
      "Model's reasoning: The user wants tomorrow's weather in Lyon; the forecast tool answers that.",
    );
    await expect(context).toContainText("Let me look up the forecast.");
    await expect(context).toContainText('get_forecast({"city":"Lyon"})');
    await expect(context).toContainText("Model's reasoning: encrypted by the provider, not readable");
    await expect(context).toContainText("web_search (built in: web_search_20250305)");
    // The outcome beside the last title: not recorded, said so.
    await expect(fig.locator(".alf-step-title")).toHaveText(/^7\. The transcript ends here ◌ not recorded/);
    await expect(fig.locator(".alf-step-caption")).toContainText("so whether the task got done is not recorded");
    await expect(fig.locator(".alf-outcome")).toContainText("Outcome: not recorded");
    await expect(fig.locator(".alf-counts")).toHaveText("Model calls 2 · Tool results 1");
    const axe = await new AxeBuilder({ page }).include(".alf-figure").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  test("file: OpenTelemetry telemetry (a collector's file, spans and events): the run, its tool's run observed at its step, in both languages", async ({
    page,
  }) => {
    // What an agent instrumented as the official OpenAI instrumentation does (older per-message events) sends, with
    // its own execute_tool span, as a collector's file exporter writes it: one export per line.
    const trace = "4babd45b8dcdd64631341feef4255c91";
    const at = (ms: number) => `${1_764_590_000_000 + ms}000000`;
    const value = (v: unknown): Record<string, unknown> =>
      typeof v === "string"
        ? { stringValue: v }
        : typeof v === "number"
          ? { intValue: v }
          : Array.isArray(v)
            ? { arrayValue: { values: v.map(value) } }
            : {
                kvlistValue: {
                  values: Object.entries(v as object).map(([key, inner]) => ({ key, value: value(inner) })),
                },
              };
    const attrs = (o: Record<string, unknown>) => Object.entries(o).map(([key, v]) => ({ key, value: value(v) }));
    const span = (spanId: string, name: string, from: number, to: number, a: Record<string, unknown>) => ({
      traceId: trace,
      spanId,
      name,
      startTimeUnixNano: at(from),
      endTimeUnixNano: at(to),
      attributes: attrs(a),
    });
    const spans = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                span("00000000000000a1", "chat gpt-4o", 0, 400, { "gen_ai.operation.name": "chat" }),
                span("00000000000000b2", "execute_tool read_file", 410, 530, {
                  "gen_ai.operation.name": "execute_tool",
                  "gen_ai.tool.name": "read_file",
                  "gen_ai.tool.call.id": "call_1",
                }),
                span("00000000000000c3", "chat gpt-4o", 540, 900, { "gen_ai.operation.name": "chat" }),
              ],
            },
          ],
        },
      ],
    };
    const event = (spanId: string, name: string, body: Record<string, unknown>) => ({
      traceId: trace,
      spanId,
      attributes: attrs({ "event.name": name, "gen_ai.system": "openai" }),
      body: value(body),
    });
    const call = {
      id: "call_1",
      type: "function",
      function: { name: "read_file", arguments: '{"path":"config.txt"}' },
    };
    const logs = {
      resourceLogs: [
        {
          scopeLogs: [
            {
              logRecords: [
                event("00000000000000a1", "gen_ai.user.message", { content: "Read timeout from config.txt" }),
                event("00000000000000a1", "gen_ai.choice", {
                  index: 0,
                  finish_reason: "tool_calls",
                  message: { tool_calls: [call] },
                }),
                event("00000000000000c3", "gen_ai.user.message", { content: "Read timeout from config.txt" }),
                event("00000000000000c3", "gen_ai.assistant.message", { tool_calls: [call] }),
                event("00000000000000c3", "gen_ai.tool.message", { id: "call_1", content: "timeout=30" }),
                event("00000000000000c3", "gen_ai.choice", {
                  index: 0,
                  finish_reason: "stop",
                  message: { content: "timeout is 30" },
                }),
              ],
            },
          ],
        },
      ],
    };
    const file = `${JSON.stringify(spans)}\n${JSON.stringify(logs)}\n`;
    for (const [lang, words] of [
      [
        "en",
        {
          open: "Load transcript",
          file: "or choose a file",
          load: "Load",
          notes: "Notes at this step",
          note: "ℹ the agent's telemetry recorded this run of read_file (an execute_tool span with its call id, 120 ms): the tool's run is observed, not inferred from the next request",
        },
      ],
      [
        "zh",
        {
          open: "载入记录",
          file: "或选择文件",
          load: "载入",
          notes: "此步的说明",
          note: "ℹ 智能体的遥测记录了 read_file 的这次运行（一个带有调用 ID 的 execute_tool span，耗时 120 毫秒）：工具的运行是观察到的，不是从下一次请求推断出来的",
        },
      ],
    ] as const) {
      await page.goto(`./?lang=${lang}`);
      await openTools(page);
      await page.getByRole("button", { name: words.open }).click();
      await page.getByLabel(words.file).setInputFiles({
        name: "traces.json",
        mimeType: "application/json",
        buffer: Buffer.from(file),
      });
      await page.getByRole("button", { name: words.load, exact: true }).click();
      await expect(page.locator(".page-imported")).toContainText("traces.json");
      const fig = page.locator(".alf-figure").first();
      await expect(counterOf(fig)).toHaveText("1 / 7");
      await fig.focus();
      for (let step = 1; step < 4; step += 1) await page.keyboard.press("ArrowRight");
      await expect(counterOf(fig)).toHaveText("4 / 7");
      await expect(fig.getByRole("list", { name: words.notes }).getByRole("listitem")).toHaveText([words.note]);
    }
    expect(
      await new AxeBuilder({ page })
        .include(".alf-figure")
        .analyze()
        .then((r) => r.violations),
    ).toEqual([]);
  });

  test("file: OpenInference spans (Arize Phoenix's conventions): the model call's flattened messages played as the run", async ({
    page,
  }) => {
    const attrs = (o: Record<string, string>) =>
      Object.entries(o).map(([key, v]) => ({ key, value: { stringValue: v } }));
    const llm = {
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "00000000000000d4",
      name: "OpenAI Chat Completions",
      startTimeUnixNano: "1764590000000000000",
      endTimeUnixNano: "1764590000400000000",
      attributes: attrs({
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Read timeout from config.txt",
        "llm.input_messages.1.message.role": "assistant",
        "llm.input_messages.1.message.tool_calls.0.tool_call.id": "call_1",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "read_file",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments": '{"path":"config.txt"}',
        "llm.input_messages.2.message.role": "tool",
        "llm.input_messages.2.message.tool_call_id": "call_1",
        "llm.input_messages.2.message.content": "timeout=30",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "timeout is 30",
      }),
    };
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles({
      name: "phoenix.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [llm] }] }] })),
    });
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText(
      "OpenInference (Arize Phoenix) message list, 4 messages, 1 tool call",
    );
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText("1 / 7");
    await fig.focus();
    await page.keyboard.press("End");
    await expect(fig.locator(".alf-step > .alf-step-caption")).toContainText("whatever the reply says");
  });

  test("file: a Responses response body with a provider-run web search, noted at its step", async ({ page }) => {
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles("tests/fixtures/transcripts/e2e-responses-websearch.json");
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText("OpenAI Responses response, 1 message, 0 tool calls");
    const fig = page.locator(".alf-figure").first();
    await fig.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counterOf(fig)).toHaveText("2 / 3");
    // What the record says, not a warning: a note, marked ℹ, and the row is not marked.
    const told = fig.getByRole("list", { name: "Notes at this step" });
    await expect(told.getByRole("listitem")).toHaveText([
      "ℹ web_search was run by the provider inside this model call, not by the host",
    ]);
    await expect(fig.getByRole("list", { name: "Warnings at this step" })).toHaveCount(0);
    await expect(fig.locator('.alf-row[data-step="2"] .alf-row-warning')).toHaveCount(0);
    const context = fig.getByRole("group", { name: "Context" });
    await page.keyboard.press("End");
    await expect(context).toContainText("web_search, run by the provider:");
    await expect(context).toContainText("The city library opens at 10:00 on Saturdays.");
  });

  test("?transcript= says where a linked file breaks, and names a format it does not read", async ({ page }) => {
    await page.goto("./?lang=en&transcript=/transcripts/e2e-broken.json");
    await expect(page.getByRole("alert")).toContainText(
      "not valid JSON: expected a comma between two items (line 3, column 24)",
    );
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
    await page.goto("./?lang=zh&transcript=/transcripts/e2e-mcp-jsonrpc.json");
    await expect(page.getByRole("alert")).toContainText("an MCP JSON-RPC message, which is not read yet");
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
  });

  test("a Gemini request without ids: the result is paired by name and order, said at its step; its request shown as Gemini's", async ({
    page,
  }) => {
    await page.goto("./?lang=en&transcript=/transcripts/e2e-gemini.json");
    await expect(page.locator(".page-conditions")).toContainText(
      "Google Gemini generateContent request, 4 messages, 1 tool call",
    );
    const fig = page.locator(".alf-figure").first();
    await fig.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await expect(fig.locator(".alf-step-title")).toHaveText(
      /Tool runs local_time; the host tags the result functionCall_1/,
    );
    await expect(fig).toContainText(
      "this result of local_time has no id: paired with the earliest call of local_time still without a result",
    );
    // At the end, the request the next model call would get: the result in a user turn, Gemini's way.
    await page.keyboard.press("End");
    await (await formatSwitchOf(fig)).selectOption("gemini");
    const wire = fig.locator("pre.alf-wire");
    await expect(wire).toContainText('"functionResponse"');
    await expect(wire).toContainText('"systemInstruction"');
  });

  test("file: a Claude Code session log (.jsonl) plays, the refused edit an error result", async ({ page }) => {
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page.getByLabel("or choose a file").setInputFiles("tests/fixtures/transcripts/claude-code.jsonl");
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText("claude-code.jsonl");
    await expect(page.locator(".page-conditions")).toContainText("Claude Code message list, 6 messages, 2 tool calls");
    const fig = page.locator(".alf-figure").first();
    await fig.focus();
    await page.keyboard.press("End");
    await expect(fig.locator(".alf-step-title")).toHaveText(/^10\. The transcript ends here ◌ not recorded/);
    const results = fig.getByRole("group", { name: "Context" });
    await expect(results).toContainText("Permission to edit config.txt was denied.");
  });

  test("would it replay? a loaded history checked for a provider: each problem at its step, linked and shown in the figure", async ({
    page,
  }) => {
    await page.goto("./?lang=en&transcript=/transcripts/check-chat-result-late.json");
    await expect(page.locator(".page-imported")).toContainText("check-chat-result-late.json");
    await openTools(page);
    const picker = page.getByLabel("Would it replay? Check for");
    await picker.selectOption({ label: "OpenAI Chat Completions" });
    const verdict = page.locator(".page-check");
    await expect(verdict).toContainText(
      "OpenAI Chat Completions would refuse a request made of this history: 1 problem.",
    );
    await expect(verdict.getByRole("listitem")).toHaveText([
      "step 5: the result of call_a is not where this provider wants it: right after its call, first in the next turn (result_not_right_after_call at messages.4)",
    ]);
    await verdict.getByRole("link", { name: "step 5" }).click();
    const fig = page.locator(".alf-figure").first();
    await expect(counterOf(fig)).toHaveText(/^5 \//);
    await expect(fig).toContainText("result_not_right_after_call at messages.4");
    await picker.selectOption({ label: "OpenAI Responses" });
    await expect(verdict).toHaveText("A request made of this history follows OpenAI Responses's documented rules.");
    await expect(fig).not.toContainText("result_not_right_after_call");
    expect((await new AxeBuilder({ page }).include(".page-imported").analyze()).violations).toEqual([]);
  });

  test("?transcript= from another origin is refused with a notice", async ({ page }) => {
    await page.goto("./?lang=en&transcript=http://127.0.0.1:4175/transcripts/chat-parallel.json");
    await expect(page.getByRole("note")).toHaveText(
      "Only transcripts from this site can be loaded: the link points elsewhere and was ignored.",
    );
    await expect(page.getByRole("region", { name: /F22/ })).toBeVisible();
  });
});

test.describe("an agent's own log", () => {
  // The real Inspect log in ../shared/agent-logs (SOURCES.md there): the model says "done"; its scorer gives 0.
  const REAL_EVAL = "../shared/agent-logs/inspect-log-v3-dedup-hardcoded-tools.eval";
  for (const [lang, words] of [
    [
      "en",
      {
        open: "Load transcript",
        file: "or choose a file",
        load: "Load",
        outcome: "✗ not done, by its scorer",
        box: "The evaluation's check",
        reply: "The model's reply: done",
        check: "✗ Scorer closeness_log gave 0 (target: 42.7): failed",
        row: "The evaluation's check: 0 of 1 passed",
      },
    ],
    [
      "zh",
      {
        open: "载入记录",
        file: "或选择文件",
        load: "载入",
        outcome: "✗ 评分器判定未完成",
        box: "评测的核对",
        reply: "模型的回复：done",
        check: "✗ 评分器 closeness_log 给出 0（目标：42.7）：未通过",
        row: "评测的核对：1 项中 0 项通过",
      },
    ],
  ] as const) {
    test(`the real Inspect .eval: its scorer's 0 against 42.7 beside the model's "done", drawn as the check at the end (${lang})`, async ({
      page,
    }) => {
      test.skip(!existsSync(REAL_EVAL), "../shared/agent-logs is not on this machine");
      await page.goto(`./?lang=${lang}`);
      await openTools(page);
      await page.getByRole("button", { name: words.open }).click();
      await page.getByLabel(words.file).setInputFiles({
        name: "inspect-log-v3-dedup-hardcoded-tools.eval",
        mimeType: "application/zip",
        buffer: readFileSync(REAL_EVAL),
      });
      await page.getByRole("button", { name: words.load, exact: true }).click();
      const fig = page.locator(".alf-figure").first();
      // The loaded run is in the figure (its 19 steps) before the reader goes to its end.
      await expect(page.locator(".page-imported")).toContainText("inspect-log-v3-dedup-hardcoded-tools.eval");
      await expect(counterOf(fig)).toHaveText("1 / 19");
      await fig.focus();
      await page.keyboard.press("End");
      await expect(counterOf(fig)).toHaveText("19 / 19");
      await expect(fig.locator(".alf-step > .alf-step-title")).toContainText(words.outcome);
      const box = fig.getByRole("group", { name: lang === "en" ? "What this step changed" : "这一步改变了什么" });
      await expect(box.locator("h4")).toHaveText(words.box);
      await expect(box).toContainText(words.reply);
      await expect(box.getByRole("list", { name: words.box }).getByRole("listitem")).toHaveText([words.check]);
      // On the host's lane, the verdict's mark, said in words to a screen reader.
      await expect(fig.locator('.alf-row[data-status="current"] .alf-row-checks')).toHaveText(`✗${words.row}`);
      expect(
        await new AxeBuilder({ page })
          .include(".alf-figure")
          .analyze()
          .then((r) => r.violations),
      ).toEqual([]);
    });
  }

  test("the real SWE-agent and OpenHands runs end where their agent ended them, on the model's submit or finish", async ({
    page,
  }) => {
    const logs = [
      ["swe-agent-fc-gpt4o-missing-colon.traj", 17, "The model called submit, the agent's own tool for ending the run"],
      [
        "openhands-traj-wrong-initial-state.json",
        13,
        "The model called finish, the agent's own tool for ending the run",
      ],
    ] as const;
    test.skip(!existsSync("../shared/agent-logs"), "../shared/agent-logs is not on this machine");
    await page.goto("./?lang=en");
    for (const [file, total, words] of logs) {
      await openTools(page);
      await page.getByRole("button", { name: "Load transcript" }).click();
      await page.getByLabel("or choose a file").setInputFiles(`../shared/agent-logs/${file}`);
      await page.getByRole("button", { name: "Load", exact: true }).click();
      await expect(page.locator(".page-imported")).toContainText(file);
      const fig = page.locator(".alf-figure").first();
      await expect(counterOf(fig)).toHaveText(`1 / ${total}`);
      await fig.focus();
      await page.keyboard.press("End");
      await expect(counterOf(fig)).toHaveText(`${total} / ${total}`);
      const caption = fig.locator(".alf-step > .alf-step-caption");
      await expect(caption).toContainText(words);
      await expect(caption).not.toContainText("have not been run");
      await expect(caption).not.toContainText("the next model call is pending");
    }
  });

  test("the real SWE-agent run with its retry loop's review: the reviewer's no drawn at the end as a model's judgment, not a test (zh and en)", async ({
    page,
  }) => {
    const REAL = "../shared/agent-logs/swe-agent-fc-gpt4o-missing-colon.traj";
    test.skip(!existsSync(REAL), "../shared/agent-logs is not on this machine");
    // The trajectory as SWE-agent's ScoreRetryLoop writes it when its reviewer says no (info.review, a ReviewerResult).
    const traj = JSON.parse(readFileSync(REAL, "utf8"));
    traj.info.review = { accept: false, outputs: ["The patch does not run the tests."], messages: [] };
    for (const [lang, words] of [
      [
        "en",
        {
          open: "Load transcript",
          file: "or choose a file",
          load: "Load",
          outcome: "✗ not done, by its reviewer's judgment",
          check:
            "✗ The agent's reviewer (a model's judgment, not a test) gave false: failedIts explanation: The patch does not run the tests.",
          caption:
            "the reviewer did not accept it (accept: false). By that check the task is not done: a prediction, not a test.",
          box: "The agent's reviewer",
          row: "The agent's reviewer: 0 of 1 passed",
        },
      ],
      [
        "zh",
        {
          open: "载入记录",
          file: "或选择文件",
          load: "载入",
          outcome: "✗ 审阅者判断未完成",
          check:
            "✗ 智能体的审阅者（模型的判断，不是测试）给出 false：未通过它的说明：The patch does not run the tests.",
          caption: "审阅者没有接受这次提交（accept: false）。按这次核对，任务没有完成：这是预测，不是测试。",
          box: "智能体的审阅者",
          row: "智能体的审阅者：1 项中 0 项通过",
        },
      ],
    ] as const) {
      await page.goto(`./?lang=${lang}`);
      await openTools(page);
      await page.getByRole("button", { name: words.open }).click();
      await page.getByLabel(words.file).setInputFiles({
        name: "reviewed.traj",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(traj)),
      });
      await page.getByRole("button", { name: words.load, exact: true }).click();
      await expect(page.locator(".page-imported")).toContainText("reviewed.traj");
      const fig = page.locator(".alf-figure").first();
      await expect(counterOf(fig)).toHaveText("1 / 17");
      await fig.focus();
      await page.keyboard.press("End");
      await expect(counterOf(fig)).toHaveText("17 / 17");
      await expect(fig.locator(".alf-step > .alf-step-title")).toContainText(words.outcome);
      await expect(fig.locator(".alf-step > .alf-step-caption")).toContainText(words.caption);
      await expect(fig.locator("section.alf-change .alf-done-checks").getByRole("listitem")).toHaveText([words.check]);
      // Headed as the agent's own reviewer, not an evaluation's check, in the box and on the host's lane.
      const box = fig.locator("section.alf-change");
      await expect(box.locator("h4")).toHaveText(words.box);
      await expect(box.getByRole("list", { name: words.box })).toBeVisible();
      await expect(fig.locator('.alf-row[data-status="current"] .alf-row-checks')).toHaveText(`✗${words.row}`);
    }
    expect(
      await new AxeBuilder({ page })
        .include(".alf-figure")
        .analyze()
        .then((r) => r.violations),
    ).toEqual([]);
  });

  test("file: an Inspect AI .eval log (a zip) is unpacked and read; who made an error is said at its step", async ({
    page,
  }) => {
    const sample = (id: number, answer: string) => ({
      id,
      epoch: 1,
      input: "What is timeout in config.txt?",
      messages: [
        { id: "m1", role: "user", content: "What is timeout in config.txt?", source: "input" },
        {
          id: "m2",
          role: "assistant",
          content: "",
          source: "generate",
          tool_calls: [{ id: "call_slow", function: "bash", arguments: { cmd: "cat config.txt" }, type: "function" }],
        },
        {
          id: "m3",
          role: "tool",
          content: "",
          tool_call_id: "call_slow",
          function: "bash",
          error: { type: "timeout", message: "Command timed out before completing." },
        },
        { id: "m4", role: "assistant", content: answer, source: "generate" },
      ],
      events: [],
    });
    const log = zipSync({
      "header.json": strToU8(JSON.stringify({ version: 2, status: "success", eval: { task: "config", model: "m" } })),
      "samples/1_epoch_1.json": strToU8(JSON.stringify(sample(1, "I could not read it in time."))),
      "samples/2_epoch_1.json": strToU8(JSON.stringify(sample(2, "Nor could I."))),
    });
    await page.goto("./?lang=en");
    await openTools(page);
    await page.getByRole("button", { name: "Load transcript" }).click();
    await page
      .getByLabel("or choose a file")
      .setInputFiles({ name: "config.eval", mimeType: "application/zip", buffer: Buffer.from(log) });
    // A zip is not shown as text in the box; it is read when Load is pressed.
    await expect(page.getByLabel("Paste JSON")).toHaveValue("");
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await expect(page.locator(".page-imported")).toContainText("Inspect AI eval log");
    await expect(page.locator(".page-imported")).toContainText("not the log's other one (2 epoch 1)");
    const fig = page.locator(".alf-figure").first();
    await fig.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await expect(fig.locator(".alf-step-title")).toContainText("call_slow");
    await expect(fig.getByRole("list", { name: "Notes at this step" }).getByRole("listitem")).toHaveText([
      "ℹ bash ran and failed: the log says the error came from the tool",
    ]);
    await page.keyboard.press("End");
    await expect(fig).toContainText("I could not read it in time.");
  });
});
