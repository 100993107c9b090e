// @vitest-environment node
/**
 * The pi coding-agent session codec: the real version-3 file in ../shared/agent-logs (when that folder is there) and
 * small hand-written sessions of the same shapes (always): version 1 (linear) and version 3 (a tree whose abandoned
 * branch is not read), tool calls and results, compactions, stopped and failed model calls, and hostile input.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import type { Message } from "../../src/engine";
import { detectFormat } from "../../src/formats/import";
import { codec } from "../../src/formats/pi";
import type { LogNote } from "../../src/formats/types";
import { imported, jsonl, neutralBy, shapeOf } from "./log-helpers";

const DIR = "../shared/agent-logs";
const REAL = `${DIR}/pi-session-v3-fixture-model.jsonl`;

/** The neutral messages and notes of a session given as its records. */
const neutralOf = neutralBy(codec);

const usage = (input: number, output: number, total = 0.001) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total },
});

/** A version-3 entry chained to `parentId`. */
const entry = (id: string, parentId: string | null, rest: Record<string, unknown>) => ({
  ...rest,
  id,
  parentId,
  timestamp: "2026-05-12T01:02:27.667Z",
});
const user = (text: string) => ({ type: "message", message: { role: "user", content: [{ type: "text", text }] } });
const assistant = (content: unknown[], extra: Record<string, unknown> = {}) => ({
  type: "message",
  message: {
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    usage: usage(10, 5),
    stopReason: content.some((b) => (b as { type: string }).type === "toolCall") ? "toolUse" : "stop",
    ...extra,
  },
});
const call = (id: string, name: string, args: Record<string, unknown>) => ({
  type: "toolCall",
  id,
  name,
  arguments: args,
});
const toolResult = (toolCallId: string, toolName: string, text: string, isError = false) => ({
  type: "message",
  message: { role: "toolResult", toolCallId, toolName, content: [{ type: "text", text }], isError },
});
const header3 = { type: "session", version: 3, id: "019e19b4-eb48", timestamp: "2026-05-12T01:02:27.657Z", cwd: "/p" };

/** A hand-written session of the real file's shape: two turns, each followed by a compaction keeping everything. */
const twin = [
  header3,
  entry("m0", null, { type: "model_change", provider: "pi-fixture", modelId: "pi-fixture-model" }),
  entry("t0", "m0", { type: "thinking_level_change", thinkingLevel: "off" }),
  entry("u1", "t0", user("Read hello.py and summarize what it prints.")),
  entry("a1", "u1", assistant([{ type: "text", text: "It prints a greeting." }], { usage: usage(12, 7, 0) })),
  entry("c1", "a1", { type: "compaction", summary: "It prints a greeting.", firstKeptEntryId: "m0", tokensBefore: 19 }),
  entry("u2", "c1", user("Add one follow-up sentence.")),
  entry("a2", "u2", assistant([{ type: "text", text: "It prints a greeting, once." }], { usage: usage(12, 7, 0) })),
  entry("c2", "a2", { type: "compaction", summary: "It prints a greeting.", firstKeptEntryId: "m0", tokensBefore: 19 }),
];

describe("the real pi session (version 3, mock model)", () => {
  it.skipIf(!existsSync(DIR))("imports to 2 model calls, no tool calls, the last reply as the answer", () => {
    const result = imported(readFileSync(REAL, "utf8"));
    expect(result.format).toBe("pi");
    expect(shapeOf(result)).toEqual({
      modelCalls: 2,
      proposed: [],
      executions: [],
      answer: "hello.py prints a fixture greeting.",
    });
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync(DIR))(
    "notes both compactions (nothing dropped: each keeps from the first entry) and usage",
    () => {
      const text = readFileSync(REAL, "utf8");
      const { messages, notes } = neutralOf(
        text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line)),
      );
      expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "user", "assistant"]);
      expect(messages[2]?.content).toBe("hello.py prints a fixture greeting.");
      expect(notes).toEqual([
        { kind: "usage", index: 1, input: 12, output: 7, cost: 0 },
        { kind: "compacted", index: 4, dropped: 0 },
        { kind: "usage", index: 4, input: 12, output: 7, cost: 0 },
        { kind: "compacted", index: 5, dropped: 0 },
      ]);
    },
  );
});

describe("a hand-written session of the real file's shape", () => {
  it("imports to 2 model calls, no tool calls, the last reply as the answer, detected as pi", () => {
    const result = imported(jsonl(twin));
    expect(result.format).toBe("pi");
    expect(shapeOf(result)).toEqual({
      modelCalls: 2,
      proposed: [],
      executions: [],
      answer: "It prints a greeting, once.",
    });
    expect(result.problems).toEqual([]);
    expect(codec.detect(twin)).toBe(10);
  });

  it("puts the first summary in as a user message before the next turn; the last, which no call got, is left out", () => {
    const { messages, notes } = neutralOf(twin);
    expect(messages.map((m) => m.content)).toEqual([
      "Read hello.py and summarize what it prints.",
      "It prints a greeting.",
      "It prints a greeting.",
      "Add one follow-up sentence.",
      "It prints a greeting, once.",
    ]);
    expect(notes?.filter((n) => n.kind === "compacted")).toEqual([
      { kind: "compacted", index: 4, dropped: 0 },
      { kind: "compacted", index: 5, dropped: 0 },
    ]);
    const said = imported(jsonl(twin)).notes.filter((n) => n.kind === "compacted");
    const steps = imported(jsonl(twin)).trace.steps;
    expect(said.map((n) => steps[n.step - 1]?.kind)).toEqual(["model_call", "finish"]);
  });

  it("counts what a compaction dropped: the messages before its first kept entry, earlier summaries included", () => {
    const records = [
      header3,
      entry("u1", null, user("one")),
      entry("a1", "u1", assistant([{ type: "text", text: "1" }])),
      entry("c1", "a1", { type: "compaction", summary: "S1", firstKeptEntryId: "a1", tokensBefore: 9 }),
      entry("u2", "c1", user("two")),
      entry("a2", "u2", assistant([{ type: "text", text: "2" }])),
      entry("u3", "a2", user("three")),
      entry("c2", "u3", { type: "compaction", summary: "S2", firstKeptEntryId: "u3", tokensBefore: 9 }),
      entry("a3", "c2", assistant([{ type: "text", text: "3" }])),
      // a first kept entry not on the branch: pi keeps nothing before the compaction
      entry("c3", "a3", { type: "compaction", summary: "S3", firstKeptEntryId: "gone", tokensBefore: 9 }),
      entry("u4", "c3", user("four")),
      entry("a4", "u4", assistant([{ type: "text", text: "4" }])),
    ];
    const { messages, notes } = neutralOf(records);
    expect(messages.map((m) => m.content)).toEqual([
      "one",
      "1",
      "S1",
      "two",
      "2",
      "three",
      "S2",
      "3",
      "S3",
      "four",
      "4",
    ]);
    expect(notes?.filter((n) => n.kind === "compacted")).toEqual([
      { kind: "compacted", index: 4, dropped: 1 },
      { kind: "compacted", index: 7, dropped: 5 },
      { kind: "compacted", index: 10, dropped: 8 },
    ]);
  });
});

describe("a version-1 session (linear, no ids)", () => {
  const v1 = [
    {
      type: "session",
      id: "s1",
      timestamp: "2025-11-30T10:00:00.000Z",
      cwd: "/p",
      provider: "anthropic",
      modelId: "m",
      thinkingLevel: "off",
    },
    { type: "message", timestamp: "t", message: { role: "user", content: "Run the tests and read notes.txt" } },
    {
      type: "message",
      timestamp: "t",
      message: {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Two calls.", thinkingSignature: "sig" },
          call("toolu_1", "bash", { command: "npm test" }),
          call("toolu_2", "read", { path: "notes.txt" }),
        ],
        usage: { input: 100, output: 20, cacheRead: 50, cacheWrite: 10, totalTokens: 180, cost: { total: 0.0042 } },
        stopReason: "toolUse",
      },
    },
    { type: "thinking_level_change", timestamp: "t", thinkingLevel: "high" },
    toolResult("toolu_1", "bash", "3 passed"),
    toolResult("toolu_2", "read", "ENOENT: no such file or directory, open 'notes.txt'", true),
    {
      type: "compaction",
      timestamp: "t",
      summary: "Tests pass; notes.txt is missing.",
      firstKeptEntryIndex: 4,
      tokensBefore: 500,
    },
    {
      type: "message",
      timestamp: "t",
      message: {
        role: "assistant",
        content: [{ type: "text", text: "Tests pass; no notes.txt." }],
        usage: usage(30, 8),
        stopReason: "stop",
      },
    },
  ];

  it("reads the calls and results in order, the error result as an error, with usage counting cache tokens in", () => {
    const result = imported(jsonl(v1));
    expect(result.format).toBe("pi");
    expect(shapeOf(result)).toEqual({
      modelCalls: 2,
      proposed: ["toolu_1", "toolu_2"],
      executions: ["toolu_1:ok", "toolu_2:error"],
      answer: "Tests pass; no notes.txt.",
    });
    expect(result.problems).toEqual([]);
    const { messages, notes } = neutralOf(v1);
    expect(messages[1]).toEqual({
      role: "assistant",
      content: null,
      toolCalls: [
        { callId: "toolu_1", name: "bash", args: { command: "npm test" } },
        { callId: "toolu_2", name: "read", args: { path: "notes.txt" } },
      ],
      parts: [
        { type: "reasoning", text: "Two calls.", redacted: false, signed: true },
        { type: "tool_call", callId: "toolu_1" },
        { type: "tool_call", callId: "toolu_2" },
      ],
    });
    // A tool that threw: pi's log does not say whether the tool failed or the host refused, so no error_by note.
    expect(notes).toEqual([
      { kind: "usage", index: 1, input: 160, output: 20, cost: 0.0042 },
      { kind: "compacted", index: 5, dropped: 2 },
      { kind: "usage", index: 5, input: 30, output: 8, cost: 0.001 },
    ]);
  });

  it("keeps from firstKeptEntryIndex, a line of the file counting the header as line 0", () => {
    const { messages } = neutralOf(v1);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user", "assistant"]);
    expect(messages[4]?.content).toBe("Tests pass; notes.txt is missing.");
  });
});

describe("a version-3 tree", () => {
  const tree = [
    header3,
    entry("u1", null, user("Fix the bug")),
    entry("a1", "u1", assistant([call("c1", "read", { path: "a.ts" })])),
    entry("r1", "a1", toolResult("c1", "read", "const a = 1;")),
    // the abandoned branch
    entry("a2", "r1", assistant([call("c2", "bash", { command: "rm -rf /" })])),
    entry("r2", "a2", toolResult("c2", "bash", "nope", true)),
    entry("a3", "r2", assistant([{ type: "text", text: "Abandoned answer" }])),
    // the user went back to r1 and carried on from there, with a summary of the branch left
    entry("b1", "r1", { type: "branch_summary", fromId: "a3", summary: "Tried rm; it failed." }),
    entry("a4", "b1", assistant([call("c3", "edit", { path: "a.ts", oldText: "1", newText: "2" })])),
    entry("r3", "a4", toolResult("c3", "edit", "Edited a.ts")),
    entry("a5", "r3", assistant([{ type: "text", text: "Fixed." }])),
    entry("l1", "a5", { type: "label", targetId: "a5", label: "done" }),
    entry("n1", "l1", { type: "session_info", name: "bug fix" }),
  ];

  it("reads only the path from the last entry back to the root", () => {
    const result = imported(jsonl(tree));
    expect(result.format).toBe("pi");
    expect(shapeOf(result)).toEqual({
      modelCalls: 3,
      proposed: ["c1", "c3"],
      executions: ["c1:ok", "c3:ok"],
      answer: "Fixed.",
    });
    expect(result.problems).toEqual([]);
    const { messages } = neutralOf(tree);
    expect(messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(messages[3]).toEqual({ role: "user", content: "Tried rm; it failed." });
    expect(JSON.stringify(messages)).not.toContain("Abandoned");
  });

  it("reads a branch whose parent is not in the file from there, and cuts a cycle", () => {
    const orphan = [
      header3,
      entry("x", "missing", user("late")),
      entry("y", "x", assistant([{ type: "text", text: "ok" }])),
    ];
    expect(neutralOf(orphan).messages.map((m) => m.content)).toEqual(["late", "ok"]);
    const cycle = [header3, entry("p", "q", user("p")), entry("q", "p", assistant([{ type: "text", text: "q" }]))];
    expect(neutralOf(cycle).messages.map((m) => m.content)).toEqual(["p", "q"]);
  });
});

describe("a run cut short, skipped records, missing results", () => {
  const start = [
    header3,
    entry("u1", null, user("Go")),
    entry("a1", "u1", assistant([call("c1", "bash", { command: "ls" })])),
  ];

  it("reads a session whose last line was torn (half written), noting it", () => {
    const text = `${jsonl([...start, entry("r1", "a1", toolResult("c1", "bash", "a.txt"))])}{"type":"message","id":"a2","par`;
    const result = imported(text);
    expect(result.format).toBe("pi");
    expect(shapeOf(result)).toEqual({ modelCalls: 1, proposed: ["c1"], executions: ["c1:ok"], answer: null });
    expect(result.notes.filter((n) => n.kind === "torn_line")).toHaveLength(1);
    expect(result.problems).toEqual([]);
  });

  it("skips entry kinds, message roles and blocks it does not know, keeping unknown blocks as `other` parts", () => {
    const records = [
      header3,
      entry("u1", null, {
        type: "message",
        message: {
          role: "user",
          content: [
            { type: "text", text: "Hi" },
            { type: "audio", data: "" },
          ],
        },
      }),
      entry("z1", "u1", { type: "future_entry", payload: 1 }),
      entry("z2", "z1", { type: "custom", customType: "ext", data: { n: 1 } }),
      entry("z3", "z2", { type: "message", message: { role: "futureRole", content: "x" } }),
      entry("a1", "z3", assistant([{ type: "text", text: "Hello" }, { type: "hologram" }])),
    ];
    const { messages } = neutralOf(records);
    expect(messages).toEqual([
      {
        role: "user",
        content: "Hi",
        parts: [
          { type: "text", text: "Hi" },
          { type: "other", original: "audio" },
        ],
      },
      {
        role: "assistant",
        content: "Hello",
        toolCalls: [],
        parts: [
          { type: "text", text: "Hello" },
          { type: "other", original: "hologram" },
        ],
      },
    ]);
    const result = imported(jsonl(records));
    expect(result.notes.filter((n) => n.kind === "unknown_type").map((n) => ("name" in n ? n.name : ""))).toEqual([
      "audio",
      "hologram",
    ]);
  });

  it("gives a call with no result no tool message: a problem only when the run goes on past it", () => {
    expect(imported(jsonl(start)).problems).toEqual([]);
    const goesOn = [
      ...start,
      entry("u2", "a1", user("never mind")),
      entry("a2", "u2", assistant([{ type: "text", text: "ok" }])),
    ];
    const result = imported(jsonl(goesOn));
    expect(shapeOf(result).executions).toEqual([]);
    expect(result.problems.map((p) => `${p.kind}:${p.callId}`)).toEqual(["missing_result:c1"]);
  });
});

describe("errors, cancellations and stopped calls", () => {
  const turn = (calls: unknown[], results: unknown[]) => {
    const records: unknown[] = [header3, entry("u1", null, user("Go")), entry("a1", "u1", assistant(calls))];
    results.forEach((r, i) => {
      records.push(entry(`r${i}`, i === 0 ? "a1" : `r${i - 1}`, r as Record<string, unknown>));
    });
    return records;
  };

  it("says who made an error only where pi's wording shows it", () => {
    const records = turn(
      [
        call("k1", "frobnicate", {}),
        call("k2", "read", {}),
        call("k3", "bash", { command: "false" }),
        call("k4", "bash", { command: "sleep 9" }),
        call("k5", "write", { path: "/x" }),
      ],
      [
        toolResult("k1", "frobnicate", "Tool frobnicate not found", true),
        toolResult(
          "k2",
          "read",
          "Validation failed for tool \"read\":\n  - path: must have required property 'path'",
          true,
        ),
        toolResult("k3", "bash", "(no output)\n\nCommand exited with code 1", true),
        toolResult("k4", "bash", "Command timed out after 5 seconds", true),
        toolResult("k5", "write", "EACCES: permission denied", true),
      ],
    );
    const { messages, notes } = neutralOf(records);
    expect(messages.filter((m) => m.role === "tool").map((m) => (m.role === "tool" ? m.status : ""))).toEqual([
      "error",
      "error",
      "error",
      "error",
      "error",
    ]);
    expect(notes?.filter((n) => n.kind === "error_by")).toEqual([
      { kind: "error_by", index: 2, name: "frobnicate", by: "host" },
      { kind: "error_by", index: 3, name: "read", by: "host" },
      { kind: "error_by", index: 4, name: "bash", by: "tool" },
      { kind: "error_by", index: 5, name: "bash", by: "tool" },
    ]);
    expect(shapeOf(imported(jsonl(records))).executions).toEqual([
      "k1:error",
      "k2:error",
      "k3:error",
      "k4:error",
      "k5:error",
    ]);
  });

  it("a call skipped for the user's queued message never ran; a bash command aborted mid-run ran, and is counted", () => {
    const records = turn(
      [call("k1", "bash", { command: "make" }), call("k2", "read", { path: "a" })],
      [
        toolResult("k1", "bash", "building...\n\nCommand aborted", true),
        toolResult("k2", "read", "Skipped due to queued user message.", true),
      ],
    );
    expect(neutralOf(records).notes?.filter((n) => n.kind === "cancelled")).toEqual([
      { kind: "cancelled", index: 2, name: "bash", by: null, started: true },
      { kind: "cancelled", index: 3, name: "read", by: "user", started: false },
    ]);
    const { trace } = imported(jsonl(records));
    const [bash, read] = trace.steps.filter((step) => step.kind === "execution");
    // The aborted command ran: the tool's step, counted; the skipped call never did: the host's, not counted.
    expect([bash?.lane, bash?.kind === "execution" ? bash.recordedCause : null]).toEqual(["tool", "interrupted"]);
    expect([read?.lane, read?.kind === "execution" ? read.recordedCause : null]).toEqual(["host", "skipped"]);
    expect(trace.counters.toolExecutions).toBe(1);
    if (bash === undefined || read === undefined) throw new Error("no executions");
    expect(catalogs.en.stepTitle(bash)).toBe(
      "Tool runs bash, cancelled before it returns; the host tags the result k1",
    );
    expect(catalogs.en.stepCaption(bash, trace)).toMatch(
      /^The log says bash started to run and was cancelled before it returned/,
    );
    expect(catalogs.zh.stepTitle(bash)).toBe("工具执行 bash，在返回前被取消；宿主给结果附上 k1");
    expect(catalogs.en.stepTitle(read)).toBe("read does not run; its cancellation is the result, tagged k2");
    expect(catalogs.zh.stepCaption(read, trace)).toMatch(/read 在运行前被取消/);
  });

  it("a stopped model call (aborted, or an error) is said as such; its calls left without a result are aborted", () => {
    const records = [
      header3,
      entry("u1", null, user("Go")),
      entry(
        "a1",
        "u1",
        assistant([call("k1", "bash", { command: "ls" })], {
          stopReason: "aborted",
          errorMessage: "Request was aborted",
        }),
      ),
      entry("u2", "a1", user("Stop. Say hi.")),
      entry("a2", "u2", assistant([], { stopReason: "aborted" })),
      entry("u3", "a2", user("Say hi.")),
      entry(
        "a3",
        "u3",
        assistant([call("k2", "read", { path: "a" })], { stopReason: "error", errorMessage: "429 rate limited" }),
      ),
      entry("u4", "a3", user("Again.")),
      entry("a4", "u4", assistant([], { stopReason: "stop" })),
    ];
    const notes = (neutralOf(records).notes ?? []).filter((n: LogNote) => n.kind !== "usage");
    expect(notes).toEqual([
      { kind: "stopped", index: 1, how: "aborted", reason: "Request was aborted" },
      { kind: "stopped", index: 3, how: "aborted", reason: null },
      { kind: "stopped", index: 5, how: "error", reason: "429 rate limited" },
      { kind: "aborted", index: 1, name: "bash", reason: "Request was aborted" },
      { kind: "aborted", index: 5, name: "read", reason: "429 rate limited" },
    ]);
    const result = imported(jsonl(records));
    expect(shapeOf(result)).toMatchObject({ modelCalls: 4, proposed: ["k1", "k2"], executions: [] });
    // Their calls were aborted, not missing: no problem, though the run goes on past them.
    expect(result.problems).toEqual([]);
    const stopped = result.trace.steps.flatMap((step) =>
      (step.kind === "answer" || step.kind === "proposal") && step.stopped !== undefined ? [step] : [],
    );
    expect(stopped.map((step) => [step.kind, step.stopped])).toEqual([
      ["proposal", "aborted"],
      ["answer", "aborted"],
      ["proposal", "error"],
    ]);
    for (const lang of ["en", "zh"] as const) {
      const text = catalogs[lang];
      const [proposal, answer, failed] = stopped.map((step) => text.stepCaption(step, result.trace));
      // Not a reply that ends the loop, and nothing it proposed ran.
      expect(answer).not.toMatch(/finish_reason|end_turn/);
      expect(answer).toMatch(
        lang === "en" ? /^The user stopped this model call before it finished/ : /^用户在这次模型调用完成之前中止了它/,
      );
      expect(proposal).toMatch(lang === "en" ? /never run/ : /都没有执行/);
      expect(failed).toMatch(lang === "en" ? /ended in an error, not a reply/ : /以错误结束，而不是一次回复/);
      expect(stopped.map((step) => text.stepTitle(step))).toEqual(
        lang === "en"
          ? [
              "Model proposes bash (k1) — stopped by the user",
              "The user stops the model call before it replies",
              "Model proposes read (k2) — ended in an error",
            ]
          : [
              "模型提议调用 bash（k1）——被用户中止",
              "用户在模型回复之前中止了这次调用",
              "模型提议调用 read（k2）——以错误结束",
            ],
      );
    }
    // The last reply, which pi says stopped as a reply does, is a reply.
    const last = result.trace.steps.filter((step) => step.kind === "answer").at(-1);
    expect(last?.kind === "answer" ? last.stopped : "none").toBeUndefined();
  });
});

describe("what else pi gives the model, and how content is read", () => {
  it("reads `!` commands, extension messages and images as user turns, redacted thinking as redacted reasoning", () => {
    const records = [
      header3,
      entry("u1", null, {
        type: "message",
        message: {
          role: "user",
          content: [
            { type: "text", text: "Look" },
            { type: "image", data: "AAAA", mimeType: "image/png" },
          ],
        },
      }),
      entry("b1", "u1", {
        type: "message",
        message: {
          role: "bashExecution",
          command: "ls",
          output: "a.txt",
          exitCode: 0,
          cancelled: false,
          truncated: false,
        },
      }),
      entry("b2", "b1", {
        type: "message",
        message: {
          role: "bashExecution",
          command: "env",
          output: "SECRET",
          exitCode: 0,
          cancelled: false,
          truncated: false,
          excludeFromContext: true,
        },
      }),
      entry("x1", "b2", { type: "custom_message", customType: "ext", content: "Injected context", display: false }),
      entry("x2", "x1", {
        type: "message",
        message: { role: "custom", customType: "ext", content: [{ type: "text", text: "Custom role" }], display: true },
      }),
      entry(
        "a1",
        "x2",
        assistant([
          { type: "thinking", thinking: "[redacted]", thinkingSignature: "opaque", redacted: true },
          { type: "text", text: "Done" },
        ]),
      ),
    ];
    const { messages } = neutralOf(records);
    const expected: Message[] = [
      {
        role: "user",
        content: "Look",
        parts: [
          { type: "text", text: "Look" },
          { type: "media", media: "image" },
        ],
      },
      { role: "user", content: "Ran `ls`\n```\na.txt\n```" },
      { role: "user", content: "Injected context" },
      { role: "user", content: "Custom role" },
      {
        role: "assistant",
        content: "Done",
        toolCalls: [],
        parts: [
          { type: "reasoning", text: "", redacted: true, signed: true },
          { type: "text", text: "Done" },
        ],
      },
    ];
    expect(messages).toEqual(expected);
  });
});

describe("hostile input", () => {
  it("refuses what is not a list of lines, with a path", () => {
    for (const data of [null, 42, "text", true]) {
      const parsed = codec.parse(data);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.errors[0]?.path).toBe("");
    }
  });

  it("refuses a tool call or result without an id, at its line", () => {
    const noId = [
      header3,
      entry("u1", null, user("Go")),
      entry("a1", "u1", assistant([{ type: "toolCall", name: "bash", arguments: {} }])),
    ];
    const parsed = codec.parse(noId);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { message: "a tool call with no id", path: "2.message.content.0.id" },
    ]);
    const badResult = [
      header3,
      entry("r1", null, { type: "message", message: { role: "toolResult", toolCallId: 7, content: [] } }),
    ];
    const refused = codec.parse(badResult);
    expect(refused.ok ? [] : refused.errors.map((e) => e.path)).toEqual(["1.message.toolCallId"]);
  });

  it("reads what it can of wrong types: null lines, a message that is not an object, odd content and usage", () => {
    const records = [
      header3,
      null,
      7,
      entry("u1", null, { type: "message", message: 5 }),
      entry("u2", "u1", { type: "message", message: { role: "user", content: 12 } }),
      entry("a1", "u2", {
        type: "message",
        message: { role: "assistant", content: "plain", usage: { input: "x", cost: null }, stopReason: 3 },
      }),
      entry("r1", "a1", {
        type: "message",
        message: { role: "toolResult", toolCallId: "q", toolName: null, content: null, isError: "yes" },
      }),
      entry("c1", "r1", { type: "compaction", summary: null, firstKeptEntryId: 3 }),
      entry("a2", "c1", {
        type: "message",
        message: { role: "assistant", content: [null, 4, call("k", "t", null as unknown as Record<string, unknown>)] },
      }),
    ];
    const { messages, notes } = neutralOf(records);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant"]);
    expect(messages[1]).toEqual({ role: "assistant", content: "plain", toolCalls: [] });
    expect(messages[2]).toEqual({ role: "tool", callId: "q", name: "", status: "ok", content: "", replayed: false });
    expect(messages[4]?.role === "assistant" ? messages[4].toolCalls : []).toEqual([
      { callId: "k", name: "t", args: {}, rawArguments: "null" },
    ]);
    expect(notes).toEqual([
      { kind: "usage", index: 1, input: null, output: null, cost: null },
      { kind: "compacted", index: 4, dropped: null },
    ]);
  });
});

describe("detection", () => {
  it("is sure of a session header with pi's entries, and gives other formats' documents 0", () => {
    expect(codec.detect(twin)).toBe(10);
    expect(codec.detect([header3])).toBe(8);
    expect(codec.detect(twin.slice(1))).toBe(8);
    expect(codec.detect({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).toBe(0);
    expect(
      codec.detect({ model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "hi" }] }),
    ).toBe(0);
    expect(
      codec.detect([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toBe(0);
    expect(codec.detect([{ type: "session", trace_id: "t", started_at: "s", tool: "x", model: "m" }])).toBe(0);
    expect(detectFormat(twin)).toBe("pi");
  });
});

describe("size", () => {
  it("reads a long session whole down its branch (its speed is the bench's to measure, not a test's)", () => {
    const records: unknown[] = [header3];
    let parent: string | null = null;
    for (let i = 0; i < 25_000; i++) {
      const u = `u${i}`;
      const a = `a${i}`;
      records.push(entry(u, parent, user(`q${i}`)), entry(a, u, assistant([{ type: "text", text: `r${i}` }])));
      parent = a;
    }
    const { messages, notes } = neutralOf(records);
    expect(messages).toHaveLength(50_000);
    expect(notes).toHaveLength(25_000);
  });
});
