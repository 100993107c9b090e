// @vitest-environment node
/**
 * "Would this replay?" (src/formats/check.ts): each rule caught on the project's own broken fixtures, with its path
 * in the provider's request and its step; every built-in scenario, and its export in every format read back,
 * passes for every provider; the command line's exit codes and lines.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/cli";
import { LANGS } from "../../src/content";
import { runScenario } from "../../src/engine";
import { chatRequest } from "../../src/formats/chat";
import {
  CHECK_PROVIDERS,
  type CheckProvider,
  checkReplay,
  isCheckProvider,
  type RuleId,
} from "../../src/formats/check";
import { CODECS } from "../../src/formats/codecs";
import { importTranscript } from "../../src/formats/import";
import { WRITABLE_FORMAT_IDS } from "../../src/formats/index";
import { lossesIn } from "../../src/formats/loss";
import { wireTranscript } from "../../src/formats/wire";
import { SCENARIO_IDS, scenarioById } from "../../src/scenarios";

const fixture = (name: string) => readFileSync(`tests/fixtures/transcripts/${name}`, "utf8");
const read = (file: string) => readFileSync(file, "utf8");

function problemsIn(name: string, provider: CheckProvider) {
  const result = importTranscript(fixture(name));
  if (!result.ok) throw new Error(`${name} not imported`);
  return checkReplay(result.trace, provider, result.format).map(({ rule, path, step }) => ({ rule, path, step }));
}

describe("each rule, on a history that breaks it", () => {
  it.each<[string, CheckProvider, { rule: RuleId; path: string; step: number }[]]>([
    [
      "check-chat-call-without-result.json",
      "chat",
      [{ rule: "call_without_result", path: "messages.2.tool_calls.1", step: 3 }],
    ],
    ["check-chat-call-without-result.json", "responses", [{ rule: "call_without_result", path: "input.2", step: 3 }]],
    [
      "check-chat-call-without-result.json",
      "anthropic",
      [{ rule: "call_without_result", path: "messages.1.content.1", step: 3 }],
    ],
    ["check-chat-result-late.json", "chat", [{ rule: "result_not_right_after_call", path: "messages.4", step: 5 }]],
    [
      "check-chat-result-late.json",
      "gemini",
      [{ rule: "result_not_right_after_call", path: "contents.2.parts.1.functionResponse", step: 5 }],
    ],
    [
      "check-chat-orphan-and-duplicate.json",
      "chat",
      [
        { rule: "duplicate_call_id", path: "messages.2.tool_calls.1", step: 3 },
        { rule: "result_without_call", path: "messages.4", step: 5 },
      ],
    ],
    [
      "check-anthropic-unsigned-thinking.json",
      "anthropic",
      [
        { rule: "arguments_not_object", path: "messages.1.content.0", step: 3 },
        { rule: "thinking_not_kept", path: "messages.1.content.0", step: 3 },
      ],
    ],
    // A first model turn of text is taken; the current turn's second step was recorded without its signature, which
    // Gemini 3 refuses (the first step's call has one).
    [
      "check-gemini-missing-signature.json",
      "gemini",
      [{ rule: "signature_missing", path: "contents.4.parts.0.functionCall", step: 8 }],
    ],
    [
      "check-gemini-first-call.json",
      "gemini",
      [
        { rule: "first_message_not_user", path: "contents.0.role", step: 1 },
        { rule: "signature_missing", path: "contents.0.parts.0.functionCall", step: 2 },
      ],
    ],
    [
      "check-string-arguments.json",
      "gemini",
      [
        { rule: "arguments_not_object", path: "contents.1.parts.0.functionCall", step: 3 },
        { rule: "signature_missing", path: "contents.1.parts.0.functionCall", step: 3 },
      ],
    ],
    [
      "check-string-arguments.json",
      "anthropic",
      [{ rule: "arguments_not_object", path: "messages.1.content.0", step: 3 }],
    ],
    [
      "check-anthropic-thinking-missing.json",
      "anthropic",
      [{ rule: "thinking_block_missing", path: "messages.3.content.0", step: 6 }],
    ],
    [
      "check-bedrock-no-toolconfig.json",
      "bedrock",
      [
        { rule: "tools_not_declared", path: "toolConfig", step: 3 },
        { rule: "result_turn_has_other_content", path: "messages.2.content.1", step: 5 },
      ],
    ],
    // Bedrock: a blank text block anywhere (here the user's task), two toolUse blocks of one message with one id.
    [
      "check-bedrock-blank-and-duplicate.json",
      "bedrock",
      [
        { rule: "blank_text", path: "messages.0.content.0", step: 1 },
        { rule: "duplicate_call_id", path: "messages.1.content.1.toolUse", step: 3 },
      ],
    ],
  ])("%s for %s", (name, provider, expected) => {
    expect(problemsIn(name, provider)).toEqual(expected);
  });

  it("accepts what a provider has accepted since its rules eased: Anthropic takes a first assistant turn and no tools", () => {
    expect(problemsIn("check-bedrock-no-toolconfig.json", "anthropic")).toEqual([]);
    expect(problemsIn("check-gemini-missing-signature.json", "anthropic")).toEqual([]);
  });

  it("Gemini: each model turn's first call carries Google's placeholder thoughtSignature, which the reader does not take for a real one", () => {
    const result = importTranscript(fixture("check-gemini-missing-signature.json"));
    if (!result.ok) throw new Error("not imported");
    const body = CODECS.gemini.request(result.trace.messages, result.trace.tools) as {
      contents: { role: string; parts: Record<string, unknown>[] }[];
    };
    const signatures = body.contents.flatMap((content) =>
      content.parts.flatMap((part, i) => ("functionCall" in part ? [[i, part.thoughtSignature]] : [])),
    );
    expect(signatures).toEqual([
      [0, "context_engineering_is_the_way_to_go"],
      [0, "context_engineering_is_the_way_to_go"],
    ]);
    const back = importTranscript(JSON.stringify(body), "gemini");
    if (!back.ok) throw new Error("not read back");
    expect(
      back.trace.messages
        .flatMap((m) => (m.role === "tool" ? [] : (m.parts ?? [])))
        .filter((p) => p.type === "reasoning"),
    ).toEqual([]);
    // The written request, recorded as it would be sent: each step's first call is signed, so Gemini 3 takes it.
    expect(checkReplay(back.trace, "gemini", "gemini")).toEqual([]);
    // The history recorded without them, checked for Gemini as it was recorded: refused; recorded elsewhere (the
    // figure writes the placeholders): taken.
    expect(checkReplay(result.trace, "gemini", "gemini").map((p) => p.rule)).toEqual(["signature_missing"]);
    expect(checkReplay(result.trace, "gemini", "chat")).toEqual([]);
  });

  it("arguments written as a JSON string where an object is due (Gemini args, Bedrock input) are kept as written and reported", () => {
    const bedrock = JSON.stringify({
      messages: [
        { role: "user", content: [{ text: "Define loop." }] },
        {
          role: "assistant",
          content: [{ toolUse: { toolUseId: "t1", name: "lookup", input: '{"word":"loop"}' } }],
        },
      ],
    });
    for (const [text, format] of [
      [fixture("check-string-arguments.json"), "gemini"],
      [bedrock, "bedrock"],
    ] as const) {
      const result = importTranscript(text, format);
      if (!result.ok) throw new Error(`${format} not imported`);
      const call = result.trace.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []))[0];
      expect([format, call?.args, call?.rawArguments]).toEqual([format, {}, '{"word":"loop"}']);
      expect(result.problems.map((p) => p.kind)).toContain("bad_arguments");
    }
  });

  it('Chat: a model message recorded with content null and no calls is refused as recorded; the writer writes "" there, which a history from elsewhere gets', () => {
    const result = importTranscript(
      JSON.stringify({
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: null },
          { role: "user", content: "still there?" },
          { role: "assistant", content: "Yes." },
        ],
      }),
      "chat",
    );
    if (!result.ok) throw new Error("not imported");
    const body = CODECS.chat.request(result.trace.messages, []) as { messages: { role: string; content: unknown }[] };
    expect(body.messages[1]).toEqual({ role: "assistant", content: "" });
    const [problem, ...others] = checkReplay(result.trace, "chat", "chat");
    expect([problem?.rule, problem?.path, problem?.step, others]).toEqual([
      "null_content",
      "messages.1.content",
      2,
      [],
    ]);
    expect(problem?.explanation).toContain("\"Invalid value for 'content': expected a string, got null.\"");
    // Recorded elsewhere (an Anthropic run has no null content to keep): the request the figure writes is what counts.
    expect(checkReplay(result.trace, "chat", "anthropic")).toEqual([]);
  });

  it("Chat: a second result for one call is quoted in OpenAI's words for it (a duplicate tool_call_id), an orphan in its own", () => {
    const call = { id: "call_1", type: "function", function: { name: "lookup", arguments: "{}" } };
    const result = importTranscript(
      JSON.stringify({
        messages: [
          { role: "user", content: "Look it up." },
          { role: "assistant", content: null, tool_calls: [call] },
          { role: "tool", tool_call_id: "call_1", content: "found" },
          { role: "tool", tool_call_id: "call_1", content: "found again" },
          { role: "tool", tool_call_id: "call_9", content: "from nowhere" },
          { role: "assistant", content: "Found." },
        ],
      }),
      "chat",
    );
    if (!result.ok) throw new Error("not imported");
    const said = checkReplay(result.trace, "chat", "chat").map((problem) => [problem.rule, problem.explanation]);
    expect(said).toEqual([
      [
        "result_without_call",
        `a second result for call_1: its call was answered already (OpenAI: "Invalid parameter: Duplicate value for 'tool_call_id' of …")`,
      ],
      [
        "result_without_call",
        `the result for call_9 answers no call of the model's turn before it (OpenAI: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.")`,
      ],
    ]);
  });

  it("quotes the provider's own error text where it is known", () => {
    const result = importTranscript(fixture("check-chat-call-without-result.json"));
    if (!result.ok) throw new Error("not imported");
    const [problem] = checkReplay(result.trace, "chat");
    expect(problem?.explanation).toContain(
      "OpenAI: \"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.\"",
    );
  });
});

describe("what passes", () => {
  const runs = SCENARIO_IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const));

  it("a legacy functions / function_call history OpenAI answered, judged as recorded (not by the figure's rewrite)", () => {
    const legacy = {
      model: "gpt-3.5-turbo-0613",
      functions: [{ name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
      messages: [
        { role: "user", content: "Weather in Paris and Rome?" },
        { role: "assistant", content: null, function_call: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        { role: "function", name: "get_weather", content: "sunny" },
        { role: "assistant", content: "", function_call: { name: "get_weather", arguments: '{"city":"Rome"}' } },
        { role: "function", name: "get_weather", content: "rain" },
        { role: "assistant", content: "Paris is sunny, Rome rainy." },
        { role: "user", content: "Thanks." },
      ],
    };
    const read = importTranscript(JSON.stringify(legacy));
    if (!read.ok) throw new Error("the legacy request is not read");
    expect(read.format).toBe("chat");
    for (const provider of CHECK_PROVIDERS)
      expect(checkReplay(read.trace, provider, read.format), provider).toEqual([]);
    // The legacy form carries no ids: each call's id is the figure's, and its result answers it by the name.
    const proposals = read.trace.steps.filter((s) => s.kind === "proposal");
    expect(proposals.map((s) => s.kind === "proposal" && s.idsBy)).toEqual(["byName", "byName"]);
  });

  it("a legacy function result that answers no call: OpenAI pairs none, so only a request rewritten with ids is refused", () => {
    const legacy = {
      model: "gpt-3.5-turbo-0613",
      functions: [{ name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
      messages: [
        { role: "user", content: "Weather in Paris?" },
        { role: "function", name: "get_weather", content: "sunny" },
        { role: "assistant", content: null, function_call: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        { role: "user", content: "Thanks." },
      ],
    };
    const read = importTranscript(JSON.stringify(legacy));
    if (!read.ok) throw new Error("the legacy request is not read");
    expect(checkReplay(read.trace, "chat", read.format)).toEqual([]);
    // Written with ids for Anthropic (tool_use / tool_result), the same history pairs nothing: refused.
    expect(checkReplay(read.trace, "anthropic", read.format).map((p) => p.rule)).toEqual([
      "result_without_call",
      "call_without_result",
    ]);
    // A modern history with the same shape is refused by OpenAI itself.
    const modern = importTranscript(
      JSON.stringify({
        model: "gpt-4o",
        messages: [
          { role: "user", content: "Weather in Paris?" },
          { role: "tool", tool_call_id: "call_1", content: "sunny" },
        ],
      }),
    );
    if (!modern.ok) throw new Error("the modern request is not read");
    expect(checkReplay(modern.trace, "chat", modern.format).map((p) => p.rule)).toEqual(["result_without_call"]);
  });

  it.each(runs)("%s (%s), for every provider", (id, lang) => {
    const trace = runScenario(scenarioById(id, lang));
    for (const provider of CHECK_PROVIDERS) expect(checkReplay(trace, provider)).toEqual([]);
  });

  it.each(runs)("%s (%s), exported in every format and read back, for every provider", (id, lang) => {
    const trace = runScenario(scenarioById(id, lang));
    for (const format of WRITABLE_FORMAT_IDS) {
      const back = importTranscript(JSON.stringify(wireTranscript(format, trace)), format);
      if (!back.ok) throw new Error(`${id} in ${format} not read back`);
      // A format that does not carry the tools' declarations (the AI SDK, LangChain, OpenTelemetry, Claude Code:
      // tools live in code) leaves Bedrock without the toolConfig it requires, and says so in its loss report.
      const declared = CODECS[format].carries.includes("tool_declarations");
      for (const provider of CHECK_PROVIDERS) {
        const rules = checkReplay(back.trace, provider, back.format).map((p) => p.rule);
        expect(rules, `${format} → ${provider}`).toEqual(
          !declared &&
            provider === "bedrock" &&
            back.trace.messages.some((m) => m.role === "assistant" && m.toolCalls.length > 0)
            ? ["tools_not_declared"]
            : [],
        );
        if (rules.length > 0) expect(lossesIn(format, trace).map((l) => l.feature)).toContain("tool_declarations");
      }
    }
  });

  it("a call id reused in a later turn, answered each time: refused by Anthropic, which documents unique ids, and by Responses, as reported", () => {
    const call = (callId: string) => ({ callId, name: "lookup", args: { word: "loop" } });
    const answer = (callId: string) => ({
      role: "tool" as const,
      callId,
      name: "lookup",
      status: "ok" as const,
      content: "a cycle",
      replayed: false,
    });
    const result = importTranscript(
      JSON.stringify(
        chatRequest(
          [
            { role: "user", content: "define loop, twice" },
            { role: "assistant", content: null, toolCalls: [call("call_0")] },
            answer("call_0"),
            { role: "assistant", content: null, toolCalls: [call("call_0")] },
            answer("call_0"),
            { role: "assistant", content: "A cycle.", toolCalls: [] },
          ],
          [{ name: "lookup", description: "Look a word up.", parameters: { type: "object", properties: {} } }],
        ),
      ),
    );
    if (!result.ok) throw new Error("not imported");
    const rules = (provider: CheckProvider) => checkReplay(result.trace, provider, result.format).map((p) => p.rule);
    expect(CHECK_PROVIDERS.map((provider) => [provider, rules(provider)])).toEqual(
      CHECK_PROVIDERS.map((provider) => [
        provider,
        provider === "anthropic" || provider === "responses" ? ["duplicate_call_id"] : [],
      ]),
    );
    const [responses] = checkReplay(result.trace, "responses", result.format);
    expect(responses?.explanation).toContain(
      "OpenAI: \"Duplicate function_call_output for call_id '…'. Each function_call must have exactly one matching function_call_output\"",
    );
  });

  it("a Kimi-style call id (functions.lookup:0) would be refused by Anthropic only, once, at its tool_use", () => {
    const result = importTranscript(
      JSON.stringify(
        chatRequest(
          [
            { role: "user", content: "define loop" },
            {
              role: "assistant",
              content: null,
              toolCalls: [{ callId: "functions.lookup:0", name: "lookup", args: {} }],
            },
            {
              role: "tool",
              callId: "functions.lookup:0",
              name: "lookup",
              status: "ok",
              content: "a cycle",
              replayed: false,
            },
            { role: "assistant", content: "A cycle.", toolCalls: [] },
          ],
          [{ name: "lookup", description: "Look a word up.", parameters: { type: "object", properties: {} } }],
        ),
      ),
    );
    if (!result.ok) throw new Error("not imported");
    for (const provider of CHECK_PROVIDERS) {
      const problems = checkReplay(result.trace, provider, result.format);
      if (provider !== "anthropic") expect([provider, problems]).toEqual([provider, []]);
      else
        expect(problems).toEqual([
          expect.objectContaining({
            rule: "call_id_pattern",
            path: "messages.1.content.0",
            callId: "functions.lookup:0",
            explanation: expect.stringContaining(`(Anthropic: "String should match pattern '^[a-zA-Z0-9_-]+$'")`),
          }),
        ]);
    }
  });

  // The shared transcripts sit beside the project, not in it: skipped where a checkout has none (a clean CI machine).
  it.skipIf(!existsSync("../shared/real-transcripts"))(
    "a real gpt-4o run through Chat Completions that reused call ids across turns would replay in Chat",
    () => {
      const result = importTranscript(read("../shared/real-transcripts/01-taubench-gpt4o-airline.json"));
      if (!result.ok) throw new Error("not imported");
      expect(checkReplay(result.trace, "chat", result.format)).toEqual([]);
    },
  );

  it.skipIf(!existsSync("../shared/real-transcripts"))(
    "every shared real transcript recorded in a provider's request format replays for that provider, which accepted it",
    () => {
      const dir = "../shared/real-transcripts";
      const checked = readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .flatMap((file) => {
          const result = importTranscript(read(`${dir}/${file}`));
          if (!result.ok || !isCheckProvider(result.format)) return [];
          return [[file, result.format, checkReplay(result.trace, result.format, result.format)] as const];
        });
      expect(checked.length).toBeGreaterThanOrEqual(6);
      for (const [file, format, problems] of checked) expect([file, format, problems]).toEqual([file, format, []]);
    },
  );

  it.skipIf(!existsSync("../shared/real-transcripts"))(
    "a real Gemini run whose user prompt is empty: Bedrock refuses the blank text block, Anthropic the empty message",
    () => {
      const result = importTranscript(
        read("../shared/real-transcripts/11-pydanticai-gemini-parallel-functioncall.json"),
      );
      if (!result.ok) throw new Error("not imported");
      const rules = (provider: CheckProvider) =>
        checkReplay(result.trace, provider, result.format).map(({ rule, path }) => `${rule} at ${path}`);
      expect(CHECK_PROVIDERS.map((provider) => [provider, rules(provider)])).toEqual([
        ["chat", []],
        ["responses", []],
        ["anthropic", ["empty_message at messages.0.content"]],
        ["gemini", []],
        ["bedrock", ["blank_text at messages.0.content.0"]],
      ]);
    },
  );

  it.skipIf(!existsSync("../shared/real-transcripts"))(
    "a real recorded Anthropic request with two parallel calls, for every provider",
    () => {
      const result = importTranscript(read("../shared/real-transcripts/05-anthropic-sdk-ts-toolrunner-parallel.json"));
      if (!result.ok) throw new Error("not imported");
      for (const provider of CHECK_PROVIDERS) expect(checkReplay(result.trace, provider, result.format)).toEqual([]);
    },
  );
});

describe("npm run demo -- --check FILE --for PROVIDER", () => {
  it("exits 0 and says so when the history would be accepted", async () => {
    const out = await runCli(["--check", "run.json", "--for", "bedrock"], () => fixture("bedrock-parallel.json"));
    expect(out).toEqual({
      exitCode: 0,
      stdout: "run.json: a request made of this history follows Amazon Bedrock Converse's documented rules\n",
      stderr: "",
    });
  });

  it("exits 1 with one line per problem: RULE_ID at PATH: explanation", async () => {
    const out = await runCli(["--check", "/tmp/late.json", "--for", "chat"], () =>
      fixture("check-chat-result-late.json"),
    );
    expect(out.exitCode).toBe(1);
    expect(out.stdout.split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(
        /^result_not_right_after_call at messages\.4: the result of call_a does not follow its call at once/,
      ),
    ]);
    expect(out.stderr).toBe("late.json: 1 problem for OpenAI Chat Completions\n");
  });

  it("refuses an unknown provider, and --check without --for", async () => {
    expect((await runCli(["--check", "x.json", "--for", "mistral"])).stderr).toContain("unknown provider: mistral");
    expect((await runCli(["--check", "x.json"])).stderr).toContain("--check and --for go together");
  });
});

describe("the provider's own words for a response that answers no call (issue 55)", () => {
  it("Gemini: an orphan functionResponse quotes the API's own error text", () => {
    const read = importTranscript(
      JSON.stringify({
        contents: [
          { role: "user", parts: [{ text: "Weather in Paris?" }] },
          { role: "model", parts: [{ text: "Let me see." }] },
          { role: "user", parts: [{ functionResponse: { id: "c1", name: "get_weather", response: { sky: "rain" } } }] },
          { role: "model", parts: [{ text: "Rain." }] },
        ],
      }),
      "gemini",
    );
    if (!read.ok) throw new Error("not read");
    const [orphan] = checkReplay(read.trace, "gemini", read.format).filter((p) => p.rule === "result_without_call");
    expect(orphan?.explanation).toContain(
      'Gemini: "Please ensure that function response turn comes immediately after a function call turn."',
    );
  });
});
