// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { codec } from "../../src/formats/gemini-cli";
import { importTranscript } from "../../src/formats/import";
import type { LogNote } from "../../src/formats/types";
import { executionResults, imported, jsonl, linesOf, neutralBy, shapeOf } from "./log-helpers";

const DIR = "../shared/agent-logs";
const LEGACY = `${DIR}/gemini-cli-session-453aa339-edit.json`;
const JSONL = `${DIR}/gemini-cli-session-0.40-jsonl-edited.jsonl`;

const neutralOf = neutralBy(codec);

/** What the import made of `text`, with its executions' results whole. */
function importedRun(text: string) {
  const result = imported(text);
  const steps = result.trace.steps;
  const { modelCalls, proposed, answer } = shapeOf(result);
  return { result, format: result.format, modelCalls, proposed, executions: executionResults(steps), answer };
}

const META = { sessionId: "s-1", projectHash: "abc123", startTime: "2026-01-01T00:00:00.000Z", kind: "main" };
const TOKENS = { input: 100, output: 10, cached: 0, thoughts: 5, tool: 0, total: 115 };

/** A tool call as the CLI records it, with its result when a `response` is given. */
function call(id: string, name: string, status: string, response?: Record<string, string>) {
  const result = response === undefined ? {} : { result: [{ functionResponse: { id, name, response } }] };
  return { id, name, args: { absolute_path: "/tmp/a.txt" }, ...result, status, timestamp: "t", displayName: name };
}

/** A small legacy session of the real file's shape: a read, an edit, a read, then "Done.". */
const legacySession = {
  ...META,
  lastUpdated: "2026-01-01T00:00:09.000Z",
  messages: [
    { id: "u1", timestamp: "t", type: "user", content: "Change 'Hello' to 'Goodbye' in /tmp/a.txt" },
    {
      id: "g1",
      type: "gemini",
      content: "",
      toolCalls: [call("read_file-1", "read_file", "success", { output: "Hello" })],
      thoughts: [{ subject: "Reading", description: "First I read the file.", timestamp: "t" }],
      model: "gemini-2.5-pro",
      tokens: TOKENS,
    },
    {
      id: "g2",
      type: "gemini",
      content: "",
      toolCalls: [call("replace-2", "replace", "success", { output: "Successfully modified file" })],
      thoughts: [],
      model: "gemini-2.5-pro",
      tokens: TOKENS,
    },
    {
      id: "g3",
      type: "gemini",
      content: "",
      toolCalls: [call("read_file-3", "read_file", "success", { output: "Goodbye" })],
      model: "gemini-2.5-pro",
      tokens: TOKENS,
    },
    { id: "g4", type: "gemini", content: "Done.", thoughts: [], model: "gemini-2.5-pro", tokens: TOKENS },
  ],
};

/** A small JSONL session of the real 0.40 file's shape. */
const jsonlRecords = [
  META,
  { id: "u1", timestamp: "t", type: "user", content: [{ text: "Say hello and list files." }] },
  { $set: { lastUpdated: "2026-01-01T00:00:02.000Z" } },
  {
    id: "g1",
    type: "gemini",
    content: "",
    thoughts: [],
    tokens: TOKENS,
    model: "gemini-3-flash-preview",
    toolCalls: [
      {
        id: "run_shell_command_1",
        name: "run_shell_command",
        args: { command: "ls -F" },
        result: [
          {
            functionResponse: {
              id: "run_shell_command_1",
              name: "run_shell_command",
              response: { output: "Output: README.md" },
            },
          },
        ],
        status: "success",
        timestamp: "t",
      },
    ],
  },
  { id: "g2", type: "gemini", content: "Hello! I listed the files.", thoughts: [], tokens: TOKENS, model: "m" },
];

/** The counts the legacy session gives, real or hand-written. */
function expectLegacyCounts(text: string, callIds: readonly string[], answer: string) {
  const run = importedRun(text);
  expect(run.format).toBe("gemini-cli");
  expect(run.modelCalls).toBe(4);
  expect(run.proposed).toEqual(callIds);
  expect(run.executions.map((r) => r.callId)).toEqual(callIds);
  expect(run.executions.map((r) => r.name)).toEqual(["read_file", "replace", "read_file"]);
  expect(run.executions.filter((r) => r.status === "error")).toEqual([]);
  expect(run.answer).toBe(answer);
  expect(run.result.problems).toEqual([]);
  return run;
}

function expectJsonlCounts(text: string, callId: string, answer: string) {
  const run = importedRun(text);
  expect(run.format).toBe("gemini-cli");
  expect(run.modelCalls).toBe(2);
  expect(run.proposed).toEqual([callId]);
  expect(run.executions.map((r) => [r.callId, r.name, r.status])).toEqual([[callId, "run_shell_command", "ok"]]);
  expect(run.answer).toBe(answer);
  expect(run.result.problems).toEqual([]);
  return run;
}

const usages = (notes: readonly LogNote[] | undefined) =>
  (notes ?? []).flatMap((n) => (n.kind === "usage" ? [[n.index, n.input, n.output]] : []));

describe("the Gemini CLI legacy JSON session", () => {
  it.skipIf(!existsSync(DIR))("reads the real session: 4 model calls, 3 calls, all successful", () => {
    const text = readFileSync(LEGACY, "utf8");
    expectLegacyCounts(
      text,
      [
        "read_file-1761734225259-ef6c719c767c",
        "replace-1761734228885-7a63ed9561c45",
        "read_file-1761734231198-1c505312bf0b",
      ],
      "Done.",
    );
    const neutral = neutralOf(JSON.parse(text));
    // One usage per model call, thinking tokens counted as output (input + output = total).
    expect(usages(neutral.notes)).toEqual([
      [1, 5367, 18 + 244],
      [3, 5393, 39 + 151],
      [5, 5454, 18 + 43],
      [7, 5480, 2 + 48],
    ]);
    expect(neutral.notes?.filter((n) => n.kind !== "usage")).toEqual([]);
    const first = neutral.messages[1];
    expect(first?.role === "assistant" && first.parts?.map((p) => p.type)).toEqual([
      "reasoning",
      "reasoning",
      "tool_call",
    ]);
    expect(first?.role === "assistant" && first.parts?.[0]).toMatchObject({
      type: "reasoning",
      text: expect.stringMatching(/^Initiating File Operations\nI'm currently focused/),
      redacted: false,
    });
  });

  it("reads a hand-written session of the same shape", () => {
    const run = expectLegacyCounts(JSON.stringify(legacySession), ["read_file-1", "replace-2", "read_file-3"], "Done.");
    expect(run.executions.map((r) => r.content)).toEqual(["Hello", "Successfully modified file", "Goodbye"]);
    const neutral = neutralOf(legacySession);
    expect(usages(neutral.notes)).toEqual([
      [1, 100, 15],
      [3, 100, 15],
      [5, 100, 15],
      [7, 100, 15],
    ]);
    const first = neutral.messages[1];
    expect(first?.role === "assistant" && first.parts).toEqual([
      { type: "reasoning", text: "Reading\nFirst I read the file.", redacted: false },
      { type: "tool_call", callId: "read_file-1" },
    ]);
    expect(run.result.notes.filter((n) => n.kind === "usage")).toEqual([
      { kind: "usage", input: 400, output: 60, cost: null, calls: 4, step: run.result.trace.steps.length },
    ]);
  });
});

describe("the Gemini CLI JSONL session", () => {
  it.skipIf(!existsSync(DIR))("reads the real 0.40 session: 2 model calls, 1 shell call", () => {
    const text = readFileSync(JSONL, "utf8");
    const run = expectJsonlCounts(text, "run_shell_command_stage0", "Hello! I listed the files.");
    expect(run.executions[0]?.content).toBe("Output: AgentSessions/\nREADME.md\nProcess Group PGID: 12345");
    const neutral = neutralOf(linesOf(text));
    expect(usages(neutral.notes)).toEqual([
      [1, 11855, 81],
      [3, 12069, 147],
    ]);
  });

  it("reads a hand-written session of the same shape", () => {
    const text = jsonl(jsonlRecords);
    const run = expectJsonlCounts(text, "run_shell_command_1", "Hello! I listed the files.");
    expect(run.executions[0]?.content).toBe("Output: README.md");
    expect(run.result.trace.messages[0]).toEqual({ role: "user", content: "Say hello and list files." });
    expect(usages(neutralOf(linesOf(text)).notes)).toEqual([
      [1, 100, 15],
      [3, 100, 15],
    ]);
  });

  it("replays a message written again under its id in place, as the CLI re-appends a turn", () => {
    const first = { id: "g1", type: "gemini", content: "", thoughts: [], model: "m" };
    const records = [
      META,
      { id: "u1", type: "user", content: "list" },
      first, // the response, before its tokens and its tool calls
      { $set: { lastUpdated: "t" } },
      { ...first, tokens: TOKENS },
      { ...first, tokens: TOKENS, toolCalls: [call("ls-1", "ls", "success", { output: "a b" })] },
      { id: "u-results", type: "user", content: [{ functionResponse: { id: "ls-1", name: "ls", response: {} } }] },
      { id: "g2", type: "gemini", content: "Two files.", tokens: TOKENS },
    ];
    const run = importedRun(jsonl(records));
    expect(run.modelCalls).toBe(2);
    expect(run.proposed).toEqual(["ls-1"]);
    expect(run.executions.map((r) => [r.callId, r.content])).toEqual([["ls-1", "a b"]]);
    // The tool results the CLI records again as a user message are not a second user turn.
    expect(run.result.trace.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(run.answer).toBe("Two files.");
    expect(run.result.problems).toEqual([]);
  });

  it("replays $rewindTo (that message and all after it go) and a $set.messages checkpoint", () => {
    const records = [
      META,
      { id: "u1", type: "user", content: "first try" },
      { id: "g1", type: "gemini", content: "answer one" },
      { id: "u2", type: "user", content: "second prompt" },
      { id: "g2", type: "gemini", content: "answer two" },
      { $rewindTo: "u2" },
      { id: "u3", type: "user", content: "edited prompt" },
      { id: "g3", type: "gemini", content: "answer three" },
    ];
    const neutral = neutralOf(records);
    expect(neutral.messages.map((m) => m.content)).toEqual([
      "first try",
      "answer one",
      "edited prompt",
      "answer three",
    ]);
    // A rewound id may come back: it is a new message at the end.
    const again = neutralOf([...records, { $rewindTo: "g1" }, { id: "u2", type: "user", content: "back again" }]);
    expect(again.messages.map((m) => m.content)).toEqual(["first try", "back again"]);
    // A checkpoint replaces every message; the messages after it follow it.
    const checkpoint = neutralOf([
      ...records,
      { $set: { messages: [{ id: "c1", type: "user", content: "summary" }], lastUpdated: "t" } },
      { id: "g4", type: "gemini", content: "after the checkpoint" },
    ]);
    expect(checkpoint.messages.map((m) => m.content)).toEqual(["summary", "after the checkpoint"]);
  });

  it("leaves out a torn last line, and says so", () => {
    const text = `${jsonl(jsonlRecords.slice(0, 4))}{"id":"g2","type":"gemini","content":"Hel`;
    const run = importedRun(text);
    expect(run.format).toBe("gemini-cli");
    expect(run.modelCalls).toBe(1);
    expect(run.executions.map((r) => r.callId)).toEqual(["run_shell_command_1"]);
    expect(run.answer).toBe(null);
    expect(run.result.problems).toEqual([]);
    expect(run.result.notes.filter((n) => n.kind === "torn_line")).toEqual([
      { kind: "torn_line", name: "5", step: run.result.trace.steps.length },
    ]);
  });
});

describe("what else a session says", () => {
  it("skips unknown record types and info/warning records; an error record is a log_error at the next message", () => {
    const records = [
      META,
      { id: "u1", type: "user", content: "hi" },
      { id: "i1", type: "info", content: "Switched model" },
      { id: "w1", type: "warning", content: "Low quota" },
      { id: "x1", type: "compression", content: "something new" },
      { $unknown: { a: 1 } },
      { id: "e1", type: "error", content: "[API Error: 429 Resource exhausted]" },
      { id: "g1", type: "gemini", content: "Hello.", tokens: null },
    ];
    const neutral = neutralOf(records);
    expect(neutral.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "hi"],
      ["assistant", "Hello."],
    ]);
    expect(neutral.notes).toEqual([{ kind: "log_error", index: 1, message: "[API Error: 429 Resource exhausted]" }]);
    const run = importedRun(jsonl(records));
    expect(run.result.notes.filter((n) => n.kind === "log_error")).toEqual([
      { kind: "log_error", message: "[API Error: 429 Resource exhausted]", step: 3 },
    ]);
  });

  it("keeps an unknown content part as an `other` part, and media as a media part", () => {
    const neutral = neutralOf([
      META,
      { id: "u1", type: "user", content: [{ text: "look" }, { inlineData: { mimeType: "image/png", data: "" } }] },
      { id: "g1", type: "gemini", content: [{ text: "Seen." }, { newKind: { a: 1 } }] },
    ]);
    expect(neutral.messages[0]).toMatchObject({
      role: "user",
      content: "look",
      parts: [
        { type: "text", text: "look" },
        { type: "media", media: "image" },
      ],
    });
    expect(neutral.messages[1]).toMatchObject({
      role: "assistant",
      content: "Seen.",
      parts: [
        { type: "text", text: "Seen." },
        { type: "other", original: "newKind" },
      ],
    });
  });

  it("gives a call with no result no tool message (missing_result when the run goes on)", () => {
    const records = [
      META,
      { id: "u1", type: "user", content: "go" },
      { id: "g1", type: "gemini", content: "", toolCalls: [call("ls-1", "ls", "executing")] },
      { id: "g2", type: "gemini", content: "Stopped." },
    ];
    const run = importedRun(jsonl(records));
    expect(run.proposed).toEqual(["ls-1"]);
    expect(run.executions).toEqual([]);
    expect(run.result.problems.map((p) => [p.kind, p.callId])).toEqual([["missing_result", "ls-1"]]);
    // Ending on the proposal: not run yet, no problem.
    expect(importedRun(jsonl(records.slice(0, 3))).result.problems).toEqual([]);
  });

  it("reads an error result; the host's refusal (a validation error) is said to be the host's", () => {
    const records = [
      META,
      { id: "u1", type: "user", content: "list" },
      {
        id: "g1",
        type: "gemini",
        content: "",
        toolCalls: [
          call("ls-1", "list_directory", "error", { error: "Path must be absolute: ." }),
          call("read-2", "read_file", "error", { error: "File not found: /tmp/x" }),
          call("nope-3", "nope", "error", { error: 'Tool "nope" not found in registry.' }),
        ],
      },
      { id: "g2", type: "gemini", content: "Sorry." },
    ];
    const run = importedRun(jsonl(records));
    expect(run.executions.map((r) => [r.callId, r.status, r.content])).toEqual([
      ["ls-1", "error", "Path must be absolute: ."],
      ["read-2", "error", "File not found: /tmp/x"],
      ["nope-3", "error", 'Tool "nope" not found in registry.'],
    ]);
    // The tool's own failure is not said to be anyone's: the log does not say.
    expect(neutralOf(records).notes).toEqual([
      { kind: "error_by", index: 2, name: "list_directory", by: "host" },
      { kind: "error_by", index: 4, name: "nope", by: "host" },
    ]);
    expect(run.result.problems).toEqual([]);
  });

  it("reads a cancelled call as an error result with a cancelled note by the user", () => {
    const cancelled = "[Operation Cancelled] Reason: User cancelled the operation.";
    const records = [
      META,
      { id: "u1", type: "user", content: "write it" },
      {
        id: "g1",
        type: "gemini",
        content: "",
        toolCalls: [
          call("write-1", "write_file", "cancelled", { error: cancelled }),
          call("write-2", "write_file", "cancelled"),
        ],
      },
    ];
    const run = importedRun(jsonl(records));
    expect(run.executions.map((r) => [r.callId, r.status, r.content])).toEqual([["write-1", "error", cancelled]]);
    expect(neutralOf(records).notes).toEqual([
      { kind: "cancelled", index: 1, name: "write_file", by: "user" }, // no result: said at the proposal
      { kind: "cancelled", index: 2, name: "write_file", by: "user" },
    ]);
    expect(run.result.notes.filter((n) => n.kind === "cancelled").map((n) => n.step)).toEqual([3, 4]);
  });
});

describe("hostile input", () => {
  it("refuses what is not a session, with where", () => {
    for (const data of [null, 42, "text"]) {
      const parsed = codec.parse(data);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.errors[0]?.message).toMatch(/expected a Gemini CLI session/);
    }
    const bad = codec.parse({ ...META, messages: 5 });
    expect(bad.ok === false && bad.errors[0]).toEqual({
      message: "expected an array of messages, got number",
      path: "messages",
    });
    const badCall = codec.parse([META, { id: "g1", type: "gemini", content: "", toolCalls: [null] }]);
    expect(badCall.ok === false && badCall.errors[0]).toEqual({
      message: "expected a tool call object, got null",
      path: "1.toolCalls.0",
    });
    const noName = codec.parse({
      ...META,
      messages: [{ id: "g1", type: "gemini", toolCalls: [{ id: "c", args: {} }] }],
    });
    expect(noName.ok === false && noName.errors[0]).toEqual({
      message: "missing",
      path: "messages.0.toolCalls.0.name",
    });
    const badCalls = codec.parse([META, { id: "g1", type: "gemini", toolCalls: "x" }]);
    expect(badCalls.ok === false && badCalls.errors[0]?.path).toBe("1.toolCalls");
  });

  it("reads what it can of wrong types, never crashing", () => {
    const neutral = neutralOf([
      META,
      null,
      7,
      ["x"],
      { id: "u1", type: "user", content: 12 },
      { id: "g1", type: "gemini", content: null, thoughts: "x", tokens: { input: "1" }, toolCalls: [] },
      {
        id: "g2",
        type: "gemini",
        content: ["plain", null, { text: "more" }],
        thoughts: [null, { subject: "S" }],
        toolCalls: [{ name: "run", args: "ls -la", result: "done", status: 3 }],
      },
      { $rewindTo: 5 },
      { $set: null },
    ]);
    expect(neutral.messages).toEqual([
      { role: "user", content: "" },
      { role: "assistant", content: null, toolCalls: [] },
      {
        role: "assistant",
        content: "plain\nmore",
        toolCalls: [{ callId: "run-1", name: "run", args: {}, rawArguments: "ls -la" }],
        parts: [
          { type: "reasoning", text: "S", redacted: false },
          { type: "text", text: "plain" },
          { type: "text", text: "more" },
          { type: "tool_call", callId: "run-1" },
        ],
      },
      { role: "tool", callId: "run-1", name: "run", status: "ok", content: "done", replayed: false },
    ]);
    expect(neutral.notes).toEqual([]);
    // Arguments that are not an object are reported, not taken.
    const run = importedRun(jsonl([META, { id: "g", type: "gemini", toolCalls: [{ id: "c", name: "run", args: 5 }] }]));
    expect(run.result.problems.map((p) => p.kind)).toEqual(["bad_arguments"]);
  });

  it("reads a long log whole, each turn replaced in place (its speed is the bench's to measure, not a test's)", () => {
    const records: unknown[] = [META, { id: "u", type: "user", content: "go" }];
    for (let i = 0; i < 30_000; i++) {
      const turn = { id: `g${i}`, type: "gemini", content: "", model: "m" };
      records.push(turn, { ...turn, tokens: TOKENS, toolCalls: [call(`c${i}`, "ls", "success", { output: `${i}` })] });
    }
    records.push({ $rewindTo: "g29999" }, { id: "end", type: "gemini", content: "Done." });
    const neutral = neutralOf(records);
    expect(neutral.messages.length).toBe(1 + 2 * 29_999 + 1);
    expect(neutral.messages.at(-1)).toEqual({ role: "assistant", content: "Done.", toolCalls: [] });
  });
});

describe("detection", () => {
  it("is sure of its own format, in both layouts", () => {
    expect(codec.detect(legacySession)).toBe(10);
    expect(codec.detect(jsonlRecords)).toBe(10);
    expect(codec.detect(jsonlRecords.slice(1))).toBe(9); // model turns without the metadata line
    expect(codec.detect({ ...META, messages: [] })).toBe(9);
  });

  it("takes no other format's document", () => {
    const chat = { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] };
    const anthropic = { model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "hi" }] };
    const gemini = {
      contents: [
        { role: "user", parts: [{ text: "hi" }] },
        { role: "model", parts: [{ functionCall: { id: "c1", name: "ls", args: {} } }] },
      ],
    };
    const claudeCode = [
      { type: "user", sessionId: "s", uuid: "u1", message: { role: "user", content: "hi" } },
      { type: "assistant", sessionId: "s", uuid: "u2", message: { role: "assistant", content: "hello" } },
    ];
    for (const data of [chat, anthropic, gemini, gemini.contents, claudeCode, [chat], {}, [], null])
      expect(codec.detect(data)).toBe(0);
    expect(importTranscript(JSON.stringify(chat)).format).toBe("chat");
    expect(importTranscript(JSON.stringify(gemini)).format).toBe("gemini");
  });
});
