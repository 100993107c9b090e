// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/cli";
import { catalogs } from "../../src/content";
import type { Message, MessagePart, Step, Trace } from "../../src/engine";
import { detectFormat, type ImportResult, importTranscript, MAX_ERRORS } from "../../src/formats/import";
import { wireTranscript } from "../../src/formats/wire";

const fixture = (name: string) => readFileSync(`tests/fixtures/transcripts/repro-${name}.json`, "utf8");

type Imported = Extract<ImportResult, { ok: true }>;
type Failed = Extract<ImportResult, { ok: false }>;

/** Import and insist it worked, showing the errors when it did not. */
function imported(source: string, format?: Parameters<typeof importTranscript>[1]): Imported {
  const result = importTranscript(source, format);
  if (!result.ok) throw new Error(`not imported: ${JSON.stringify(result.errors)}`);
  return result;
}

/** Import and insist it failed. */
function failed(source: string, format?: Parameters<typeof importTranscript>[1]): Failed {
  const result = importTranscript(source, format);
  if (result.ok) throw new Error(`imported, expected a failure (read as ${result.format})`);
  return result;
}

const partsOf = (m: Message | undefined): readonly MessagePart[] =>
  m !== undefined && m.role !== "tool" ? (m.parts ?? []) : [];
const assistants = (trace: Trace) => trace.messages.filter((m) => m.role === "assistant");
const stepsOf = <K extends Step["kind"]>(trace: Trace, kind: K) =>
  trace.steps.filter((s): s is Extract<Step, { kind: K }> => s.kind === kind);
const kinds = (trace: Trace) => trace.steps.map((s) => s.kind);
const allText = (result: Failed) => result.errors.map((e) => e.message).join("\n");

// ---- 1 ---------------------------------------------------------------------------------------------------------

describe("1. Anthropic thinking, redacted thinking, media, server tools and unknown blocks", () => {
  it("imports the issue's exact repro: thinking with a signature before a tool_use", () => {
    const result = imported(
      '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"thinking","thinking":"t","signature":"s"},{"type":"tool_use","id":"t1","name":"f","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}]}',
    );
    expect(result.format).toBe("anthropic");
    expect(result.problems).toEqual([]);
    const assistant = result.trace.messages[1];
    expect(assistant).toMatchObject({ role: "assistant", toolCalls: [{ callId: "t1", name: "f", args: {} }] });
    // With its signature: the provider's opaque state, which a replay must send back (the part says it was kept).
    expect(partsOf(assistant)).toContainEqual({ type: "reasoning", text: "t", redacted: false, signed: true });
    expect(result.trace.messages[2]).toMatchObject({ role: "tool", callId: "t1", content: "ok" });
  });

  const result = () => imported(fixture("anthropic-thinking-server-tools"));

  it("imports the whole run, with the client tool's call and result paired", () => {
    const r = result();
    expect(r.format).toBe("anthropic");
    expect(r.problems).toEqual([]);
    expect(r.trace.messages.find((m) => m.role === "tool")).toMatchObject({
      callId: "toolu_weather1",
      name: "get_weather",
      content: "18°C, light rain in the afternoon",
    });
  });

  it("keeps thinking and redacted thinking as reasoning parts of the assistant message", () => {
    const parts = partsOf(assistants(result().trace)[0]);
    expect(parts).toContainEqual({
      type: "reasoning",
      text: "The trip is tomorrow. I should see whether anything disrupts flights, then look up the weather.",
      redacted: false,
      signed: true,
    });
    expect(parts).toContainEqual(expect.objectContaining({ type: "reasoning", redacted: true, signed: true }));
  });

  it("keeps the image and the document as media parts of the user message", () => {
    const user = result().trace.messages.find((m) => m.role === "user");
    const parts = partsOf(user);
    expect(parts).toContainEqual({ type: "media", media: "image" });
    expect(parts).toContainEqual({ type: "media", media: "document" });
    expect(user?.content).toContain("I fly to Lisbon tomorrow.");
  });

  it("keeps the server tool as provider_tool and its result as provider_result, noted at the proposal step", () => {
    const r = result();
    const parts = partsOf(assistants(r.trace)[0]);
    expect(parts).toContainEqual(expect.objectContaining({ type: "provider_tool", id: "srvtoolu_lis1" }));
    expect(parts).toContainEqual(expect.objectContaining({ type: "provider_result", id: "srvtoolu_lis1" }));
    // Order kept: the search, its result, the text, then the client call.
    expect(parts.map((p) => p.type)).toEqual([
      "reasoning",
      "reasoning",
      "provider_tool",
      "provider_result",
      "text",
      "tool_call",
    ]);
    const proposal = stepsOf(r.trace, "proposal")[0];
    expect(proposal).toBeDefined();
    expect(r.notes).toContainEqual(expect.objectContaining({ kind: "provider_tool", step: proposal?.number }));
  });

  it("keeps an unknown block as an `other` part and names it in a note at its step", () => {
    const r = result();
    const last = assistants(r.trace).at(-1);
    expect(partsOf(last)).toContainEqual({ type: "other", original: "future_block" });
    expect(last?.content).toBe("Expect 18°C with afternoon rain: add an umbrella and a light jacket.");
    const answer = stepsOf(r.trace, "answer").at(-1);
    expect(answer).toBeDefined();
    expect(r.notes).toContainEqual({ kind: "unknown_type", name: "future_block", step: answer?.number });
  });
});

// ---- 2 ---------------------------------------------------------------------------------------------------------

describe("2. Responses reasoning and provider-run items", () => {
  const result = () => imported(fixture("responses-provider-items"));

  it("imports, the function call paired with its output", () => {
    const r = result();
    expect(r.format).toBe("responses");
    expect(r.problems).toEqual([]);
    expect(r.trace.messages.find((m) => m.role === "tool")).toMatchObject({
      callId: "call_cfg1",
      name: "read_file",
      content: "retries: 5\ntimeout: 30",
    });
  });

  it("keeps the reasoning summary as a reasoning part", () => {
    const parts = partsOf(assistants(result().trace)[0]);
    const reasoning = parts.find((p) => p.type === "reasoning");
    expect(reasoning).toMatchObject({ type: "reasoning", redacted: false });
    expect(reasoning?.type === "reasoning" ? reasoning.text : "").toContain("recommended retry count");
    expect(reasoning?.type === "reasoning" ? reasoning.text : "").toContain("Then read config.yaml");
  });

  it("keeps each provider call as a provider_tool part, with a provider_result when the item has output", () => {
    const parts = assistants(result().trace).flatMap((m) => partsOf(m));
    const tools = parts.filter((p) => p.type === "provider_tool").map((p) => (p.type === "provider_tool" ? p.id : ""));
    const results = parts.filter((p) => p.type === "provider_result");
    expect(tools).toEqual(["mcpl_docs1", "mcp_docs1", "ws_retry1", "ci_diff1"]);
    expect(results.map((p) => (p.type === "provider_result" ? p.id : ""))).toEqual([
      "mcpl_docs1",
      "mcp_docs1",
      "ci_diff1",
    ]);
    const mcp = results.find((p) => p.type === "provider_result" && p.id === "mcp_docs1");
    expect(mcp?.type === "provider_result" ? mcp.content : "").toContain("retries=3");
  });

  it("keeps item_reference as an `other` part with a note; notes the provider tools at their steps", () => {
    const r = result();
    const last = assistants(r.trace).at(-1);
    expect(partsOf(last)).toContainEqual({ type: "other", original: "item_reference" });
    const answer = stepsOf(r.trace, "answer").at(-1);
    const proposal = stepsOf(r.trace, "proposal")[0];
    expect(answer).toBeDefined();
    expect(proposal).toBeDefined();
    expect(r.notes).toContainEqual({ kind: "unknown_type", name: "item_reference", step: answer?.number });
    expect(r.notes).toContainEqual(expect.objectContaining({ kind: "provider_tool", step: proposal?.number }));
    expect(r.notes).toContainEqual(expect.objectContaining({ kind: "provider_tool", step: answer?.number }));
  });
});

// ---- 3 ---------------------------------------------------------------------------------------------------------

describe("3. Chat null fields are absent fields", () => {
  it('imports "tool_calls": null on an assistant and "content": null on a tool message', () => {
    const r = imported(fixture("chat-null-fields"));
    expect(r.format).toBe("chat");
    expect(r.problems).toEqual([]);
    expect(r.trace.messages.find((m) => m.role === "tool")).toMatchObject({ callId: "call_oslo", content: "" });
    expect(r.trace.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "The weather service returned nothing for Oslo.",
      toolCalls: [],
    });
    expect(r.trace.steps.at(-1)).toMatchObject({
      kind: "finish",
      answer: "The weather service returned nothing for Oslo.",
    });
  });
});

// ---- 4 ---------------------------------------------------------------------------------------------------------

describe("4. Legacy Chat function_call, media parts and refusals", () => {
  const result = () => imported(fixture("chat-legacy-functions"));

  it("pairs function_call with the role function result under the id function_call_1, without problems", () => {
    const r = result();
    expect(r.format).toBe("chat");
    expect(r.problems).toEqual([]);
    expect(assistants(r.trace)[0]).toMatchObject({
      toolCalls: [{ callId: "function_call_1", name: "read_config", args: { path: "settings.ini" } }],
    });
    expect(r.trace.messages.find((m) => m.role === "tool")).toMatchObject({
      callId: "function_call_1",
      name: "read_config",
      content: "[app]\ndebug=false",
    });
    expect(r.trace.steps.at(-1)).toMatchObject({ kind: "finish", pendingCallIds: [] });
  });

  it("lists the top-level functions declaration in trace.tools", () => {
    expect(result().trace.tools).toEqual([
      expect.objectContaining({ name: "read_config", description: "Read a config file" }),
    ]);
  });

  it("keeps image_url, input_audio and file parts as media parts, not empty text", () => {
    const user = result().trace.messages[0];
    const parts = partsOf(user);
    expect(parts).toContainEqual({ type: "media", media: "image" });
    expect(parts).toContainEqual({ type: "media", media: "audio" });
    expect(parts).toContainEqual({ type: "media", media: "file" });
    expect(parts.filter((p) => p.type === "text" && p.text === "")).toEqual([]);
  });

  it("keeps a refusal content part and the assistant's refusal field as refusal parts", () => {
    const [, second, third] = assistants(result().trace);
    expect(partsOf(second)).toContainEqual({ type: "refusal", text: "I can't transcribe the voice note." });
    expect(partsOf(second)).toContainEqual({ type: "text", text: "settings.ini has debug=false, like the export." });
    expect(partsOf(third)).toContainEqual({ type: "refusal", text: "I can't paste credential files." });
  });
});

// ---- 5 ---------------------------------------------------------------------------------------------------------

describe("5. Responses: an assistant message and its function calls are one model call", () => {
  it("makes one model_call and one proposal for the message and the two calls after it", () => {
    const r = imported(fixture("responses-message-then-calls"));
    expect(r.format).toBe("responses");
    expect(r.problems).toEqual([]);
    expect(kinds(r.trace)).toEqual([
      "task",
      "model_call",
      "proposal",
      "execution",
      "execution",
      "model_call",
      "answer",
      "finish",
    ]);
    const first = assistants(r.trace)[0];
    expect(first).toMatchObject({ content: "Checking both cities." });
    expect(first?.role === "assistant" ? first.toolCalls.map((c) => c.callId) : []).toEqual([
      "call_paris",
      "call_rome",
    ]);
    expect(stepsOf(r.trace, "proposal")[0]?.callIds).toEqual(["call_paris", "call_rome"]);
  });
});

// ---- 6 ---------------------------------------------------------------------------------------------------------

describe("6. Detection and response bodies", () => {
  it("detects an Anthropic body with no system and no tool blocks by its image block", () => {
    const text = fixture("anthropic-image-no-system");
    expect(detectFormat(JSON.parse(text))).toBe("anthropic");
    const r = imported(text);
    expect(r.format).toBe("anthropic");
    expect(partsOf(r.trace.messages[0])).toContainEqual({ type: "media", media: "image" });
  });

  it("reads a Chat response body (choices[].message)", () => {
    const r = imported(fixture("chat-response"));
    expect(r.format).toBe("chat");
    expect(r.summary.shape).toBe("response");
    expect(assistants(r.trace)[0]).toMatchObject({
      toolCalls: [{ callId: "call_pkg", name: "read_file", args: { path: "package.json" } }],
    });
  });

  it('reads a Responses response body ({"object": "response", "output": [...]})', () => {
    const r = imported(fixture("responses-response"));
    expect(r.format).toBe("responses");
    expect(r.summary.shape).toBe("response");
    const first = assistants(r.trace)[0];
    expect(first).toMatchObject({ toolCalls: [{ callId: "call_nvmrc", name: "read_file", args: { path: ".nvmrc" } }] });
    expect(partsOf(first)).toContainEqual(expect.objectContaining({ type: "reasoning" }));
  });

  it('reads an Anthropic response body ({"type": "message", "role": "assistant"})', () => {
    const r = imported(fixture("anthropic-response"));
    expect(r.format).toBe("anthropic");
    expect(r.summary.shape).toBe("response");
    expect(assistants(r.trace)[0]).toMatchObject({
      content: "Let me read the lint settings.",
      toolCalls: [{ callId: "toolu_lint1", name: "read_file", args: { path: "biome.jsonc" } }],
    });
  });
});

// ---- 7 ---------------------------------------------------------------------------------------------------------

describe("7. Errors that say what the document is", () => {
  it("names JSON Lines", () => {
    const r = failed('{"role":"user","content":"hi"}\n{"role":"assistant","content":"hello"}\n');
    expect(allText(r)).toContain("JSON Lines");
  });

  it("reads a Claude Code session log's JSON Lines, and names JSON Lines of a format it does not read", () => {
    const lines = [
      { type: "user", message: { role: "user", content: "list the files" }, sessionId: "s", uuid: "u1" },
      { type: "assistant", message: { role: "assistant", content: "README.md" }, sessionId: "s", uuid: "u2" },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    expect(imported(lines).format).toBe("claude-code");
    const swe = [
      { role: "assistant", content: "ls", message_type: "action" },
      { role: "tool", content: "README.md", tool_call_ids: ["c1"], message_type: "observation" },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const text = allText(failed(swe));
    expect(text).toContain("JSON Lines");
    expect(text).toContain("it looks like SWE-agent trajectory, which is read as one JSON document, not as lines");
  });

  it("imports text that starts with a UTF-8 byte-order mark", () => {
    const r = imported(`\uFEFF${fixture("chat-null-fields")}`);
    expect(r.format).toBe("chat");
    expect(r.problems).toEqual([]);
  });

  it("reads a bare SWE-agent history as SWE-agent's, not as OpenAI Chat", () => {
    const history = [
      { role: "system", content: "You fix bugs.", agent: "main", message_type: "system_prompt" },
      { role: "user", content: "Fix the missing colon.", agent: "main", message_type: "observation" },
      {
        role: "assistant",
        content: "Let me look.",
        thought: "Let me look.",
        action: "ls",
        agent: "main",
        message_type: "action",
        tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
      },
      { role: "tool", content: "README.md", agent: "main", tool_call_ids: ["c1"], message_type: "observation" },
    ];
    const r = imported(JSON.stringify(history));
    expect(r.format).toBe("swe-agent");
    expect(r.trace.steps.filter((s) => s.kind === "execution").map((s) => s.callIds)).toEqual([["c1"]]);
  });

  it("names a figure file as a lesson to open as a figure, not a run", () => {
    const text = allText(failed(readFileSync("examples/figures/weather.json", "utf8")));
    expect(text).toContain("this is a figure file (a lesson), not a recorded run");
    expect(text).not.toContain("not a transcript this import reads");
  });

  // Near formats that another codec's reader took and failed on ("read as OpenAI Chat Completions: missing at
  // 1.tool_calls.0.function", "read as Anthropic Messages: expected an array"): named by what they are.
  it("reads an Inspect AI message list as Inspect's, not as OpenAI Chat", () => {
    const r = imported(
      JSON.stringify([
        { id: "m1", role: "user", content: "What is the timeout?", source: "input" },
        {
          id: "m2",
          role: "assistant",
          content: "",
          source: "generate",
          model: "gpt-4o",
          tool_calls: [{ id: "call_1", function: "read_file", arguments: { path: "config.txt" }, type: "function" }],
        },
        { id: "m3", role: "tool", content: "timeout=30", tool_call_id: "call_1", function: "read_file" },
      ]),
    );
    expect(r.format).toBe("inspect");
    expect(r.trace.steps.filter((s) => s.kind === "execution").map((s) => s.callIds)).toEqual([["call_1"]]);
  });

  it.each([
    [
      "the parameters of an MCP sampling/createMessage request",
      {
        messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }],
        modelPreferences: { hints: [{ name: "claude-3-sonnet" }], intelligencePriority: 0.8 },
        systemPrompt: "You are a helpful assistant.",
        maxTokens: 100,
      },
    ],
  ])("names %s as not read yet, not as a format it is not", (name, document) => {
    const text = allText(failed(JSON.stringify(document)));
    expect(text).toContain(`this looks like ${name}, which is not read yet`);
    expect(text).not.toContain("read as");
  });

  it.each([
    ["gemini", '{"contents":[{"role":"user","parts":[{"text":"hi"}]}]}'],
    [
      "ai-sdk",
      JSON.stringify([
        { role: "user", content: "Weather in Kyiv?" },
        {
          role: "assistant",
          content: [{ type: "tool-call", toolCallId: "c1", toolName: "get_weather", input: { city: "Kyiv" } }],
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "get_weather", output: { type: "text", value: "12°C" } },
          ],
        },
      ]),
    ],
    [
      "otel-genai",
      JSON.stringify([
        { role: "user", parts: [{ type: "text", content: "Weather in Kyiv?" }] },
        {
          role: "assistant",
          parts: [{ type: "tool_call", id: "c1", name: "get_weather", arguments: { city: "Kyiv" } }],
        },
        { role: "tool", parts: [{ type: "tool_call_response", id: "c1", response: "12°C" }] },
      ]),
    ],
    [
      "claude-code",
      JSON.stringify([
        { type: "user", message: { role: "user", content: "run the tests" }, sessionId: "s", uuid: "u1" },
        {
          type: "assistant",
          message: {
            role: "assistant",
            content: [{ type: "tool_use", id: "toolu_t1", name: "Bash", input: { command: "npm test" } }],
          },
          sessionId: "s",
          uuid: "u2",
        },
      ]),
    ],
  ] as const)("reads %s, which it used to name as not read", (format, text) => {
    expect(imported(text).format).toBe(format);
  });

  it("returns at most five errors and counts the rest", () => {
    // A trace (this figure's own format) broken in many places: the only reader that reports every error it finds.
    const broken = { version: 1, lanes: [], steps: [{}, {}, {}], messages: [{}, {}, {}, {}], outcome: 3 };
    const r = failed(JSON.stringify(broken));
    expect(r.format).toBe("neutral");
    expect(r.errors).toHaveLength(MAX_ERRORS);
    expect(MAX_ERRORS).toBe(5);
    expect(r.more).toBeGreaterThan(0);
    // A Chat reader stops at its first error: still within the limit, nothing more to count.
    const chat = failed(JSON.stringify({ messages: Array.from({ length: 9 }, () => ({ role: "tool" })) }), "chat");
    expect(chat.errors.length).toBeGreaterThan(0);
    expect(chat.errors.length).toBeLessThanOrEqual(MAX_ERRORS);
    if (chat.more > 0) expect(chat.errors).toHaveLength(MAX_ERRORS);
  });

  it("gives a bare array's errors a path into the array (no messages key it lacks), never “received Array”", () => {
    for (const format of [undefined, "chat"] as const) {
      const r = failed('[{"role":"tool"}]', format);
      expect(r.errors.length).toBeGreaterThan(0);
      for (const error of r.errors) {
        expect(error.path ?? "").toMatch(/^0\./);
        expect(error.message).not.toContain("received Array");
      }
    }
  });
});

// ---- 8 ---------------------------------------------------------------------------------------------------------

describe("8. Built-in tool declarations", () => {
  it("imports a Responses body with web_search and mcp tools next to a function tool", () => {
    const r = imported(fixture("responses-builtin-tools"));
    expect(r.format).toBe("responses");
    expect(r.problems).toEqual([]);
    const tools = r.trace.tools;
    expect(tools).toHaveLength(3);
    expect(tools[0]).toMatchObject({ name: "get_weather" });
    expect(tools[0]?.builtIn).toBeUndefined();
    expect(tools.find((t) => t.builtIn === "web_search")).toBeDefined();
    expect(tools.find((t) => t.builtIn === "mcp")).toMatchObject({ name: "docs", builtIn: "mcp" });
  });

  it("imports a Chat body with a custom (grammar) tool next to a function tool", () => {
    const r = imported(fixture("chat-custom-tool"));
    expect(r.format).toBe("chat");
    expect(r.problems).toEqual([]);
    const tools = r.trace.tools;
    expect(tools).toHaveLength(2);
    expect(tools[0]).toMatchObject({ name: "read_file" });
    expect(tools[0]?.builtIn).toBeUndefined();
    expect(tools[1]).toMatchObject({ name: "grammar", builtIn: "custom" });
  });
});

// ---- 9 ---------------------------------------------------------------------------------------------------------

describe("9. Messages after the last model call are in the last step's context", () => {
  it("a request body ending with tool results: the finish step has every message, the next call is pending", () => {
    const r = imported(fixture("anthropic-ends-on-results"));
    expect(r.problems).toEqual([]);
    const last = r.trace.steps.at(-1);
    expect(last?.kind).toBe("finish");
    expect(last?.contextEnd).toBe(r.trace.messages.length);
    expect(r.trace.messages.at(-1)).toMatchObject({ role: "tool", callId: "toolu_prod", content: "PORT=8080" });
    if (last === undefined) return;
    expect(catalogs.en.stepCaption(last, r.trace)).toContain("the next model call is pending");
  });

  it("a trailing user message is in the last step's context", () => {
    const r = imported(fixture("chat-trailing-user"));
    expect(r.problems).toEqual([]);
    expect(r.trace.messages.at(-1)).toMatchObject({ role: "user", content: "And in Seville?" });
    expect(r.trace.steps.at(-1)?.contextEnd).toBe(r.trace.messages.length);
    expect(stepsOf(r.trace, "task")).toHaveLength(2);
  });

  it("a multi-turn run (user, assistant, user, assistant) has two task steps", () => {
    const r = imported(fixture("chat-multi-turn"));
    expect(stepsOf(r.trace, "task").map((s) => s.request)).toEqual([
      "Which port does the dev server use? It's in vite.config.ts.",
      "server: { port: 5173 }",
    ]);
    expect(stepsOf(r.trace, "model_call")).toHaveLength(2);
    expect(r.trace.steps.at(-1)?.contextEnd).toBe(r.trace.messages.length);
  });
});

// ---- 10 --------------------------------------------------------------------------------------------------------

describe("10. Pairing problems, and none where there are none", () => {
  it("reports a second result for an answered call as second_result", () => {
    const r = imported(fixture("chat-second-result"));
    expect(r.problems.map((p) => [p.kind, p.callId])).toEqual([["second_result", "call_toml"]]);
    const problem = r.problems[0];
    expect(r.trace.steps[(problem?.step ?? 0) - 1]).toMatchObject({
      kind: "execution",
      toolResult: { content: "timeout = 45" },
    });
  });

  it('reports "" and truncated arguments as bad_arguments, keeping the raw text and args {}', () => {
    const r = imported(fixture("chat-bad-arguments"));
    expect(r.problems.map((p) => [p.kind, p.callId])).toEqual([
      ["bad_arguments", "call_empty"],
      ["bad_arguments", "call_cut"],
    ]);
    const calls = stepsOf(r.trace, "proposal")[0]?.calls ?? [];
    expect(calls).toEqual([
      { callId: "call_empty", name: "get_weather", args: {}, rawArguments: "" },
      { callId: "call_cut", name: "get_weather", args: {}, rawArguments: '{"a":' },
    ]);
  });

  it("reports an id reused after its result came back as duplicate_id only", () => {
    const r = imported(fixture("chat-reused-ids"));
    expect(r.problems.map((p) => [p.kind, p.callId])).toEqual([["duplicate_id", "call_0"]]);
    expect(r.problems[0]?.step).toBe(stepsOf(r.trace, "proposal")[1]?.number);
    expect(r.trace.steps.at(-1)).toMatchObject({ kind: "finish", pendingCallIds: [] });
  });
});

// ---- 11 --------------------------------------------------------------------------------------------------------

describe("10b. Arguments that are text by design, and text where an object belongs", () => {
  it("a Chat custom (free-text) tool's input is kept as written and is no problem", () => {
    const body = {
      tools: [{ type: "custom", custom: { name: "sql" } }],
      messages: [
        { role: "user", content: "How many rows?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "custom", custom: { name: "sql", input: "SELECT count(*) FROM t" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "42" },
      ],
    };
    const result = importTranscript(JSON.stringify(body));
    if (!result.ok) throw new Error("not imported");
    expect(result.problems).toEqual([]);
    const proposal = result.trace.steps.find((s) => s.kind === "proposal");
    expect(proposal?.kind === "proposal" ? proposal.calls[0]?.rawArguments : null).toBe("SELECT count(*) FROM t");
  });

  it("an Anthropic tool_use whose input is a string, not an object, is bad_arguments with its text kept", () => {
    const body = {
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "f", input: '{"a":1}' }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] },
      ],
    };
    const result = importTranscript(JSON.stringify(body));
    if (!result.ok) throw new Error("not imported");
    expect(result.problems).toMatchObject([{ kind: "bad_arguments", callId: "t1" }]);
    const proposal = result.trace.steps.find((s) => s.kind === "proposal");
    expect(proposal?.kind === "proposal" ? proposal.calls[0] : null).toMatchObject({
      args: {},
      rawArguments: '{"a":1}',
    });
  });
});

describe("2b. Responses built-in tools the host runs are tool calls, paired by call_id", () => {
  it("reads local_shell_call and custom_tool_call with their outputs as calls and results, with no problem", () => {
    const body = {
      input: [
        { role: "user", content: "List the files, then count the rows." },
        { type: "local_shell_call", id: "lsh_1", call_id: "call_sh", action: { type: "exec", command: ["ls"] } },
        { type: "local_shell_call_output", call_id: "call_sh", output: "notes.txt" },
        {
          type: "custom_tool_call",
          id: "ctc_1",
          call_id: "call_sql",
          name: "sql",
          input: "SELECT count(*) FROM notes",
        },
        { type: "custom_tool_call_output", call_id: "call_sql", output: "3" },
      ],
      tools: [{ type: "local_shell" }, { type: "custom", name: "sql" }],
    };
    const result = importTranscript(JSON.stringify(body));
    if (!result.ok) throw new Error("not imported");
    expect(result.problems).toEqual([]);
    const executions = result.trace.steps.filter((s) => s.kind === "execution");
    expect(executions.map((s) => [s.callIds[0], s.toolResult?.name, s.toolResult?.content])).toEqual([
      ["call_sh", "local_shell", "notes.txt"],
      ["call_sql", "sql", "3"],
    ]);
    expect(result.summary.toolCalls).toBe(2);
  });
});

describe("11. Execution steps carry the call's real arguments", () => {
  it.each([
    ["responses-message-then-calls"],
    ["chat-reused-ids"],
    ["chat-legacy-functions"],
    ["anthropic-ends-on-results"],
    ["chat-bad-arguments"],
  ])("%s", (name) => {
    const r = imported(fixture(name));
    const proposals = stepsOf(r.trace, "proposal");
    const executions = stepsOf(r.trace, "execution");
    expect(executions.length).toBeGreaterThan(0);
    for (const execution of executions) {
      // The proposal this result answers: the latest one before it that proposed its id.
      const proposal = proposals
        .filter((p) => p.number < execution.number && p.callIds.includes(execution.call.callId))
        .at(-1);
      const proposed = proposal?.calls.find((c) => c.callId === execution.call.callId);
      expect(proposed).toBeDefined();
      expect(execution.call.args).toEqual(proposed?.args);
      expect(execution.call.name).toBe(proposed?.name);
    }
  });

  it("a reused id's second execution carries the second call's arguments", () => {
    const executions = stepsOf(imported(fixture("chat-reused-ids")).trace, "execution");
    expect(executions.map((s) => s.call.args)).toEqual([{ city: "Oslo" }, { city: "Bergen" }]);
  });
});

// ---- 12 --------------------------------------------------------------------------------------------------------

describe("12. Anthropic text blocks keep their boundaries and order", () => {
  const result = () => imported(fixture("anthropic-text-blocks"));

  it("a user message with two text blocks is one user message, both texts in its parts", () => {
    const users = result().trace.messages.filter((m) => m.role === "user");
    expect(users).toHaveLength(1);
    expect(partsOf(users[0])).toEqual([
      { type: "text", text: "Raise the log level in logging.yaml." },
      { type: "text", text: "Keep the file's comments." },
    ]);
    expect(users[0]?.content).toContain("Raise the log level in logging.yaml.");
    expect(users[0]?.content).toContain("Keep the file's comments.");
  });

  it("an assistant's text after a tool_use stays after it", () => {
    const [first, last] = assistants(result().trace);
    expect(partsOf(first)).toEqual([
      { type: "text", text: "First I'll read the file." },
      { type: "tool_call", callId: "toolu_log1" },
      { type: "text", text: "Once I see it I'll propose the change." },
    ]);
    expect(partsOf(last)).toEqual([
      { type: "text", text: "The level is info." },
      { type: "text", text: "Set it to debug and keep the comment line." },
    ]);
  });
});

// ---- 13 --------------------------------------------------------------------------------------------------------

describe("13. An imported run's ending and counters", () => {
  it("ends not_recorded with no budget, counts model calls and tool results, and is captioned so", () => {
    const { trace } = imported(fixture("chat-null-fields"));
    const finish = trace.steps.at(-1);
    expect(finish).toMatchObject({ kind: "finish", outcome: "not_recorded" });
    expect(trace.outcome).toBe("not_recorded");
    expect(trace.budget).toBeNull();
    if (finish === undefined) return;
    const counters = catalogs.en.ui.counters(finish.counters, trace.budget);
    expect(counters).toBe("Model calls 2 · Tool results 1");
    expect(counters).not.toContain("/");
    expect(counters).not.toContain("Simulated writes");
    expect(catalogs.en.stepTitle(finish)).toBe("The transcript ends here");
    expect(catalogs.zh.outcomes.not_recorded).toBe("未记录");
  });
});

// ---- 14 --------------------------------------------------------------------------------------------------------

describe("14. The CLI's --import", () => {
  it("names the trace by the file's base name and exits 0 when there are no problems", async () => {
    const out = await runCli(["--import", "/some/abs/dir/run.json"], () => fixture("chat-null-fields"));
    expect(out.exitCode).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.trace.scenarioId).toBe("run.json");
    expect(out.stdout).not.toContain("/some/abs/dir");
    const windows = await runCli(["--import", "C:\\Users\\me\\runs\\run.json"], () => fixture("chat-null-fields"));
    expect(JSON.parse(windows.stdout).trace.scenarioId).toBe("run.json");
  });

  it("exits 1 with problems: the trace on stdout, the problems on stderr", async () => {
    const out = await runCli(["--import", "/some/abs/dir/run.json"], () => fixture("chat-second-result"));
    expect(out.exitCode).toBe(1);
    expect(JSON.parse(out.stdout).trace.scenarioId).toBe("run.json");
    expect(out.stderr).toContain("second_result");
    expect(out.stderr).toContain("call_toml");
  });

  it("exits 2 with nothing on stdout when the text cannot be imported", async () => {
    const out = await runCli(
      ["--import", "/some/abs/dir/run.json"],
      () => '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{}}}',
    );
    expect(out.exitCode).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain("an MCP JSON-RPC message, which is not read yet");
  });
});

// ---- round trips -----------------------------------------------------------------------------------------------

describe("round trip: each new fixture → import → wireTranscript → import again", () => {
  const FIXTURES = [
    "anthropic-thinking-server-tools",
    "responses-provider-items",
    "chat-null-fields",
    "chat-legacy-functions",
    "responses-message-then-calls",
    "anthropic-image-no-system",
    "chat-response",
    "responses-response",
    "anthropic-response",
    "responses-builtin-tools",
    "chat-custom-tool",
    "anthropic-ends-on-results",
    "chat-trailing-user",
    "chat-multi-turn",
    "chat-second-result",
    "chat-bad-arguments",
    "chat-reused-ids",
    "anthropic-text-blocks",
  ] as const;

  /**
   * No fixture and format pair is skipped: the provider-run items (Anthropic server tools, Responses reasoning, MCP,
   * web search, code interpreter) are never written by the wire formats, which carry client tools only, but every
   * model turn in these fixtures also has a client call or text, so each model call, call id and result survives.
   */
  const shape = (trace: Trace) => ({
    callIds: stepsOf(trace, "proposal").flatMap((s) => s.calls.map((c) => c.callId)),
    results: trace.messages.flatMap((m) => (m.role === "tool" ? [[m.callId, m.content]] : [])),
    modelCalls: stepsOf(trace, "model_call").length,
  });

  it.each(FIXTURES.flatMap((name) => (["chat", "responses", "anthropic"] as const).map((f) => [name, f] as const)))(
    "%s via %s",
    (name, format) => {
      const first = imported(fixture(name));
      const again = imported(JSON.stringify(wireTranscript(format, first.trace)));
      expect(shape(again.trace)).toEqual(shape(first.trace));
    },
  );
});
