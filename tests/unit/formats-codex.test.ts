// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Message, Step } from "../../src/engine";
import { codec } from "../../src/formats/codex";
import { detectFormat, importTranscript } from "../../src/formats/import";
import { field, type LogNote, type Neutral } from "../../src/formats/types";
import { executionResults, imported, jsonl, neutralBy, proposalIds, refusalBy, stepsOf } from "./log-helpers";

const DIR = "../shared/agent-logs";
const REAL = `${DIR}/codex-rollout-0.40-gpt5codex-shell.jsonl`;

// ---- small rollouts of the same shape, written by hand ------------------------------------------------------

type Json = Record<string, unknown>;

let clock = 0;
/** One rollout line: the envelope around a payload. */
const line = (type: string, payload: unknown): Json => {
  clock += 1;
  return { timestamp: `2025-09-25T21:12:${String(clock % 60).padStart(2, "0")}.000Z`, type, payload };
};
const item = (payload: Json) => line("response_item", payload);
const event = (payload: Json) => line("event_msg", payload);

const meta = (extra: Json = {}) =>
  line("session_meta", {
    id: "019982b8-0000-7000-8000-000000000000",
    timestamp: "2025-09-25T21:12:14.114Z",
    cwd: "/repo",
    originator: "codex_cli_rs",
    cli_version: "0.40.0",
    instructions: null,
    ...extra,
  });
const context = () =>
  line("turn_context", {
    cwd: "/repo",
    approval_policy: "on-request",
    sandbox_policy: { mode: "read-only" },
    model: "gpt-5-codex",
    effort: "high",
    summary: "auto",
  });
const user = (text: string) => item({ type: "message", role: "user", content: [{ type: "input_text", text }] });
const said = (text: string) => item({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
const reasoning = (summary: string | null) =>
  item({
    type: "reasoning",
    summary: summary === null ? [] : [{ type: "summary_text", text: summary }],
    content: null,
    encrypted_content: "gAAAAABo-opaque",
  });
const shell = (callId: string, command: string) =>
  item({
    type: "function_call",
    name: "shell",
    arguments: JSON.stringify({ command: ["bash", "-lc", command], workdir: ".", timeout_ms: 120000 }),
    call_id: callId,
  });
/** A 0.40 shell output: JSON text with the output and its exit code. */
const shellOutput = (callId: string, output: string, exitCode = 0) =>
  item({
    type: "function_call_output",
    call_id: callId,
    output: JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: 0.0 } }),
  });
/** A token count; `total` is the running sum, `last` this call's. */
const tokens = (last: [number, number], total: [number, number]) =>
  event({
    type: "token_count",
    info: {
      total_token_usage: { input_tokens: total[0], cached_input_tokens: 0, output_tokens: total[1] },
      last_token_usage: { input_tokens: last[0], cached_input_tokens: 0, output_tokens: last[1] },
      model_context_window: 272000,
    },
    rate_limits: { primary_used_percent: 0.0 },
  });

const ENVIRONMENT = "<environment_context>\n  <cwd>/repo</cwd>\n  <shell>zsh</shell>\n</environment_context>";

/** A 0.40 run: three model calls, two shell calls (the second fails), a final answer. */
const run040 = (): Json[] => [
  meta(),
  user(ENVIRONMENT),
  user("List the files and count them."),
  event({ type: "user_message", message: "List the files and count them.", kind: "plain" }),
  context(),
  event({ type: "agent_reasoning", text: "**Listing files**" }),
  tokens([1000, 50], [1000, 50]),
  reasoning("**Listing files**"),
  shell("call_1", "ls"),
  shellOutput("call_1", "a.txt\nb.txt\n"),
  context(),
  tokens([1200, 30], [2200, 80]),
  reasoning(null),
  shell("call_2", "wc -l missing.txt"),
  shellOutput("call_2", "wc: missing.txt: No such file or directory\n", 1),
  context(),
  event({ type: "agent_reasoning", text: "**Answering**" }),
  event({ type: "agent_message", message: "There are 2 files." }),
  tokens([1400, 20], [3600, 100]),
  reasoning("**Answering**"),
  said("There are 2 files."),
];

const neutralOf = neutralBy(codec);
const errorOf = refusalBy(codec);

const answerOf = (steps: readonly Step[]) => {
  const finish = steps.at(-1);
  return finish?.kind === "finish" ? finish.answer : undefined;
};
const notesOf = <K extends LogNote["kind"]>(neutral: Neutral, kind: K) =>
  (neutral.notes ?? []).filter((n): n is Extract<LogNote, { kind: K }> => n.kind === kind);
const roles = (messages: readonly Message[]) => messages.map((m) => m.role).join(" ");

// ---- the real file ----------------------------------------------------------------------------------------

describe("the real Codex 0.40 rollout", () => {
  const text = () => readFileSync(REAL, "utf8");
  const lines = () =>
    text()
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l): unknown => JSON.parse(l));

  it.skipIf(!existsSync(REAL))("imports as 35 model calls, 34 shell calls each with its output, one answer", () => {
    const result = imported(text());
    expect(result.format).toBe("codex");
    const { steps } = result.trace;
    expect(stepsOf(steps, "model_call")).toHaveLength(35);
    expect(stepsOf(steps, "task")).toHaveLength(1);
    const ids = proposalIds(steps);
    expect(ids).toHaveLength(34);
    expect(new Set(ids).size).toBe(34);
    expect(ids[0]).toBe("call_mux7Gp4q9YON9fYffwerwHgr");
    expect(ids.at(-1)).toBe("call_XcbWx0kZpnKKlNSAsnRbuPjT");
    const results = executionResults(steps);
    expect(results.map((r) => r.callId)).toEqual(ids);
    expect(results.every((r) => r.name === "shell" && r.status === "ok")).toBe(true);
    // The output is the shell's text, not 0.40's JSON wrapper around it.
    expect(results[0]?.content).toBe(
      "CLAUDE.md\nREADME.md\napps\ndocs\nnode_modules\npackage.json\npackages\npnpm-lock.yaml\npnpm-workspace.yaml\nturbo.json\nworktrees\n",
    );
    expect(result.problems).toEqual([]);
    const answer = answerOf(steps);
    expect(answer).toMatch(/^\*\*Findings\*\*\n- `@repo\/services` wraps Supabase CRUD/);
    expect(answer).toMatch(/raw string selects\)\.$/);
    const last = result.trace.messages.at(-1);
    expect(last?.role === "assistant" ? last.content : null).toBe(answer);
  });

  it.skipIf(!existsSync(REAL))("keeps the environment context in the one user turn, with the prompt", () => {
    const { messages } = neutralOf(lines());
    expect(messages.filter((m) => m.role === "user")).toHaveLength(1);
    expect(messages.filter((m) => m.role === "system")).toHaveLength(0);
    const first = messages[0];
    expect(first?.role).toBe("user");
    expect(first?.content).toMatch(/^<environment_context>\n {2}<cwd>\/Users\/jnarowski/);
    expect(first?.content).toContain("## My request for Codex:\nEvaluate @packages/services");
    expect(messages.filter((m) => m.role === "assistant")).toHaveLength(35);
    expect(messages.filter((m) => m.role === "tool")).toHaveLength(34);
  });

  it.skipIf(!existsSync(REAL))("reads reasoning summaries, and the one with only an encrypted blob as redacted", () => {
    const { messages } = neutralOf(lines());
    const parts = messages.flatMap((m) => (m.role === "assistant" ? (m.parts ?? []) : []));
    const reasoning = parts.filter((p) => p.type === "reasoning");
    expect(reasoning).toHaveLength(33);
    expect(reasoning.filter((p) => p.redacted)).toEqual([{ type: "reasoning", text: "", redacted: true }]);
    expect(reasoning[0]).toEqual({
      type: "reasoning",
      text: "**Evaluating repo structure and planning**",
      redacted: false,
    });
  });

  it.skipIf(!existsSync(REAL))("notes each model call's tokens, and nothing else", () => {
    const neutral = neutralOf(lines());
    const usage = notesOf(neutral, "usage");
    expect(usage).toHaveLength(35);
    expect(neutral.notes).toHaveLength(35);
    const assistants = neutral.messages.flatMap((m, i) => (m.role === "assistant" ? [i] : []));
    expect(usage.map((n) => n.index)).toEqual(assistants);
    expect(usage[0]).toEqual({ kind: "usage", index: 1, input: 2899, output: 100, cost: null });
    expect(usage.at(-1)).toMatchObject({ input: 28389, output: 1817 });
    // Each call's count once: they add up to the session's total.
    expect(usage.reduce((n, u) => n + (u.input ?? 0), 0)).toBe(536834);
    expect(usage.reduce((n, u) => n + (u.output ?? 0), 0)).toBe(6654);
    expect(neutral.tools).toEqual([]);
  });
});

// ---- the same shape, by hand (always run) -----------------------------------------------------------------

describe("a hand-written 0.40 rollout", () => {
  it("imports as its model calls, calls, results and answer", () => {
    const result = imported(jsonl(run040()));
    expect(result.format).toBe("codex");
    const { steps } = result.trace;
    expect(stepsOf(steps, "model_call")).toHaveLength(3);
    expect(stepsOf(steps, "task")).toHaveLength(1);
    expect(proposalIds(steps)).toEqual(["call_1", "call_2"]);
    const results = executionResults(steps);
    expect(results.map((r) => [r.callId, r.name, r.status, r.content])).toEqual([
      ["call_1", "shell", "ok", "a.txt\nb.txt\n"],
      ["call_2", "shell", "error", "wc: missing.txt: No such file or directory\n"],
    ]);
    expect(answerOf(steps)).toBe("There are 2 files.");
    expect(result.problems).toEqual([]);
    const ls = steps.find((s) => s.kind === "proposal");
    expect(ls?.kind === "proposal" ? ls.calls[0]?.args : null).toEqual({
      command: ["bash", "-lc", "ls"],
      workdir: ".",
      timeout_ms: 120000,
    });
  });

  it("joins the environment context and the prompt into one user message; skips the event copies", () => {
    const { messages } = neutralOf(run040());
    expect(roles(messages)).toBe("user assistant tool assistant tool assistant");
    expect(messages[0]?.content).toBe(`${ENVIRONMENT}\nList the files and count them.`);
    const last = messages.at(-1);
    expect(last).toEqual({
      role: "assistant",
      content: "There are 2 files.",
      toolCalls: [],
      parts: [
        { type: "reasoning", text: "**Answering**", redacted: false },
        { type: "text", text: "There are 2 files." },
      ],
    });
    const second = messages[3];
    expect(second?.role === "assistant" ? second.parts?.[0] : null).toEqual({
      type: "reasoning",
      text: "",
      redacted: true,
    });
  });

  it("notes usage at each call (counted before its items in 0.40) and the tool's error", () => {
    const neutral = neutralOf(run040());
    expect(notesOf(neutral, "usage")).toEqual([
      { kind: "usage", index: 1, input: 1000, output: 50, cost: null },
      { kind: "usage", index: 3, input: 1200, output: 30, cost: null },
      { kind: "usage", index: 5, input: 1400, output: 20, cost: null },
    ]);
    expect(notesOf(neutral, "error_by")).toEqual([{ kind: "error_by", index: 4, name: "shell", by: "tool" }]);
    expect(neutral.notes).toHaveLength(4);
  });

  it("keeps a response's parallel calls together when each output is written right after its call", () => {
    const lines = [
      meta(),
      user("Two things."),
      context(),
      tokens([100, 10], [100, 10]),
      shell("call_a", "ls"),
      shellOutput("call_a", "x\n"),
      shell("call_b", "pwd"),
      shellOutput("call_b", "/repo\n"),
      context(),
      tokens([200, 5], [300, 15]),
      said("Done."),
    ];
    const { messages } = neutralOf(lines);
    expect(roles(messages)).toBe("user assistant tool tool assistant");
    const first = messages[1];
    expect(first?.role === "assistant" ? first.toolCalls.map((c) => c.callId) : null).toEqual(["call_a", "call_b"]);
    const result = imported(jsonl(lines));
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(2);
    expect(result.problems).toEqual([]);
  });

  it("reads a file cut off mid-line up to its last whole line", () => {
    const text = jsonl(run040());
    const torn = text.slice(0, text.trimEnd().lastIndexOf("\n") + 40);
    const result = imported(torn);
    expect(result.format).toBe("codex");
    expect(result.notes.some((n) => n.kind === "torn_line")).toBe(true);
    // The answer's line is the torn one: its reasoning is read, as a model call with no text.
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(3);
    expect(executionResults(result.trace.steps)).toHaveLength(2);
    expect(answerOf(result.trace.steps)).toBe(null);
  });

  it("skips unknown line kinds, events and fields; keeps an unknown item in a response as an other part", () => {
    const lines = run040();
    lines.splice(1, 0, line("world_state", { full: true, state: {} }), line("ordinal_marker", 7));
    const call = lines.findIndex((l) => field(l.payload, "call_id") === "call_1");
    // Inside the first response, after its call: an event the reader does not use, an item it does not know.
    lines.splice(
      call + 1,
      0,
      event({ type: "mcp_tool_call_end", call_id: "x" }),
      item({ type: "future_item", id: "f" }),
    );
    lines.push(item({ type: "ghost_snapshot", ghost_commit: { id: "abc" } }));
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant tool assistant tool assistant");
    const first = neutral.messages[1];
    expect(first?.role === "assistant" ? first.parts : null).toEqual([
      { type: "reasoning", text: "**Listing files**", redacted: false },
      { type: "tool_call", callId: "call_1" },
      { type: "other", original: "future_item" },
    ]);
    const result = imported(jsonl(lines));
    expect(result.notes.filter((n) => n.kind === "unknown_type").map((n) => "name" in n && n.name)).toEqual([
      "future_item",
    ]);
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(3);
  });
});

describe("calls without outputs", () => {
  const aborted = () => [
    meta(),
    user("Run the tests."),
    context(),
    tokens([100, 10], [100, 10]),
    shell("call_1", "npm test"),
    event({ type: "turn_aborted", reason: "interrupted" }),
  ];

  it("a call whose turn was aborted has no result, and an aborted note", () => {
    const neutral = neutralOf(aborted());
    expect(roles(neutral.messages)).toBe("user assistant");
    expect(notesOf(neutral, "aborted")).toEqual([{ kind: "aborted", index: 1, name: "shell", reason: "interrupted" }]);
    const result = imported(jsonl(aborted()));
    // The run ends on the call: nothing after it, so no missing result is reported.
    expect(result.problems).toEqual([]);
    const finish = result.trace.steps.at(-1);
    expect(finish?.kind === "finish" ? finish.pendingCallIds : null).toEqual(["call_1"]);
  });

  it("the run going on past it: the call is still aborted (said at its step), not a missing result", () => {
    const lines = [...aborted(), user("Never mind, just say hi."), context(), tokens([150, 3], [250, 13]), said("Hi.")];
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant user assistant");
    expect(notesOf(neutral, "aborted")).toHaveLength(1);
    const result = imported(jsonl(lines));
    expect(result.problems).toEqual([]);
    expect(result.notes.filter((note) => note.kind === "aborted")).toEqual([
      { kind: "aborted", name: "shell", reason: "interrupted", step: 3 },
    ]);
    expect(answerOf(result.trace.steps)).toBe("Hi.");
  });

  it("an output that comes after the abort is the call's result: no aborted note", () => {
    const lines = [...aborted(), shellOutput("call_1", "aborted by user", 1)];
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant tool");
    expect(notesOf(neutral, "aborted")).toEqual([]);
    expect(notesOf(neutral, "error_by")).toEqual([{ kind: "error_by", index: 2, name: "shell", by: "tool" }]);
  });

  it("a file that ends on a call reads it with no result", () => {
    const lines = aborted().slice(0, -1);
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant");
    expect(neutral.notes).toEqual([{ kind: "usage", index: 1, input: 100, output: 10, cost: null }]);
  });
});

describe("an older, unwrapped rollout (mid-2025)", () => {
  // The header itself first, then each item bare, with state markers between them (no envelope, no events).
  const older = (): Json[] => [
    {
      id: "5973b6c0-94b8-487b-a530-2aeb6098ae0e",
      timestamp: "2025-06-20T10:00:00.000Z",
      instructions: null,
      git: null,
    },
    { record_type: "state" },
    { type: "message", role: "user", content: [{ type: "input_text", text: ENVIRONMENT }] },
    { type: "message", role: "user", content: [{ type: "input_text", text: "Count the lines of missing.txt." }] },
    { record_type: "state" },
    {
      type: "reasoning",
      id: "rs_1",
      summary: [{ type: "summary_text", text: "**Counting**" }],
      encrypted_content: "gAAA",
    },
    {
      type: "function_call",
      id: "fc_1",
      name: "shell",
      arguments: JSON.stringify({ command: ["bash", "-lc", "wc -l missing.txt"] }),
      call_id: "call_old",
    },
    { record_type: "state" },
    {
      type: "function_call_output",
      call_id: "call_old",
      output: JSON.stringify({
        output: "wc: missing.txt: No such file\n",
        metadata: { exit_code: 1, duration_seconds: 0 },
      }),
    },
    { type: "message", role: "assistant", content: [{ type: "output_text", text: "missing.txt does not exist." }] },
    { record_type: "state" },
  ];

  it("is found and read as a rollout: the header skipped, the state markers skipped, each item as a newer one", () => {
    expect(detectFormat(older())).toBe("codex");
    const result = imported(jsonl(older()));
    expect(result.format).toBe("codex");
    expect(result.problems).toEqual([]);
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(2);
    expect(proposalIds(result.trace.steps)).toEqual(["call_old"]);
    expect(executionResults(result.trace.steps).map((r) => [r.callId, r.status])).toEqual([["call_old", "error"]]);
    expect(result.notes.map((n) => n.kind)).toEqual(["error_by"]);
    expect(answerOf(result.trace.steps)).toBe("missing.txt does not exist.");
  });

  it("points at the line of a broken item", () => {
    const lines = older();
    lines[6] = { type: "function_call", name: "shell", arguments: "{}" };
    expect(errorOf(lines).path).toBe("6.call_id");
  });

  it("is not taken for a bare list of Responses items, which has no header", () => {
    expect(
      detectFormat(
        older()
          .slice(1)
          .filter((line) => line.record_type === undefined),
      ),
    ).not.toBe("codex");
  });
});

describe("a newer rollout", () => {
  const PATCH = "*** Begin Patch\n*** Add File: hello.txt\n+Hello\n*** End Patch\n";
  const newer = (): Json[] => [
    meta({ cli_version: "0.116.0", base_instructions: { text: "You are Codex." } }),
    event({ type: "task_started", turn_id: "t1", model_context_window: 258400 }),
    item({
      type: "message",
      role: "developer",
      content: [{ type: "input_text", text: "<permissions>…</permissions>" }],
    }),
    user(ENVIRONMENT),
    user("Create hello.txt, then look it up."),
    event({ type: "user_message", message: "Create hello.txt, then look it up." }),
    line("turn_context", { turn_id: "t1", cwd: "/repo", model: "gpt-5.1-codex" }),
    event({ type: "token_count", info: null, rate_limits: {} }),
    reasoning("**Writing the file**"),
    said("Creating the file now."),
    item({ type: "custom_tool_call", status: "completed", call_id: "call_p", name: "apply_patch", input: PATCH }),
    tokens([5000, 100], [5000, 100]),
    item({ type: "custom_tool_call_output", call_id: "call_p", output: "Success. Updated: A hello.txt" }),
    item({ type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "hello" } }),
    // The count sent again with a rate-limit update, here inside the next response: the same totals, read once.
    tokens([5000, 100], [5000, 100]),
    item({ type: "function_call", name: "exec_command", arguments: '{"cmd":"cat hello.txt"}', call_id: "call_e" }),
    item({ type: "function_call", name: "exec_command", arguments: '{"cmd":"ls"}', call_id: "call_f" }),
    tokens([6000, 40], [11000, 140]),
    item({ type: "function_call_output", call_id: "call_e", output: "Hello\n" }),
    item({ type: "function_call_output", call_id: "call_f", output: [{ type: "input_text", text: "hello.txt" }] }),
    said("hello.txt says Hello."),
    tokens([7000, 10], [18000, 150]),
    event({ type: "agent_message", message: "hello.txt says Hello." }),
    event({ type: "task_complete", turn_id: "t1", last_agent_message: "hello.txt says Hello." }),
  ];

  it("groups each response's items, its token count after them", () => {
    const neutral = neutralOf(newer());
    expect(roles(neutral.messages)).toBe("system system user assistant tool assistant tool tool assistant");
    expect(neutral.messages[0]).toEqual({ role: "system", content: "You are Codex." });
    expect(neutral.messages[1]?.content).toBe("<permissions>…</permissions>");
    expect(notesOf(neutral, "usage").map((n) => [n.index, n.input, n.output])).toEqual([
      [3, 5000, 100],
      [5, 6000, 40],
      [8, 7000, 10],
    ]);
    const second = neutral.messages[5];
    expect(second?.role === "assistant" ? second.parts : null).toEqual([
      { type: "provider_tool", id: "ws_1", name: "web_search", input: '{"type":"search","query":"hello"}' },
      { type: "tool_call", callId: "call_e" },
      { type: "tool_call", callId: "call_f" },
    ]);
    expect(neutral.messages[7]).toMatchObject({ role: "tool", callId: "call_f", content: "hello.txt", status: "ok" });
  });

  it("reads a custom tool's free-text input as written, declared as a custom tool (no bad arguments)", () => {
    const neutral = neutralOf(newer());
    const first = neutral.messages[3];
    expect(first?.role === "assistant" ? first.toolCalls : null).toEqual([
      { callId: "call_p", name: "apply_patch", args: {}, rawArguments: PATCH },
    ]);
    expect(neutral.tools).toEqual([{ name: "apply_patch", description: "", parameters: {}, builtIn: "custom" }]);
    const result = imported(jsonl(newer()));
    expect(result.format).toBe("codex");
    expect(result.problems).toEqual([]);
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(3);
    expect(stepsOf(result.trace.steps, "task")).toHaveLength(1);
    expect(proposalIds(result.trace.steps)).toEqual(["call_p", "call_e", "call_f"]);
    expect(executionResults(result.trace.steps).map((r) => [r.callId, r.name])).toEqual([
      ["call_p", "apply_patch"],
      ["call_e", "exec_command"],
      ["call_f", "exec_command"],
    ]);
    expect(answerOf(result.trace.steps)).toBe("hello.txt says Hello.");
    expect(result.notes.some((n) => n.kind === "provider_tool")).toBe(true);
  });

  it("reads how a command ended from the header Codex writes for the model: a non-zero code is the tool's error", () => {
    const shellCall = (callId: string, command: string) =>
      item({
        type: "function_call",
        name: "shell",
        arguments: JSON.stringify({ command: ["bash", "-lc", command] }),
        call_id: callId,
      });
    const exec = (callId: string, cmd: string) =>
      item({ type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd }), call_id: callId });
    const output = (callId: string, text: string) =>
      item({ type: "function_call_output", call_id: callId, output: text });
    const lines = [
      meta({ cli_version: "0.116.0" }),
      user("Check the build."),
      shellCall("call_a", "make"),
      shellCall("call_b", "make test"),
      exec("call_c", "npm test"),
      exec("call_d", "npm run watch"),
      exec("call_e", "cat missing.txt"),
      tokens([100, 10], [100, 10]),
      output("call_a", "Exit code: 0\nWall time: 1.2 seconds\nOutput:\nbuilt\n"),
      output("call_b", "Exit code: 2\nWall time: 0.4 seconds\nTotal output lines: 120\nOutput:\n1 failed\n"),
      output(
        "call_c",
        "Chunk ID: 3f2a\nWall time: 2.0031 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\nFAIL\n",
      ),
      output(
        "call_d",
        "Chunk ID: 77aa\nWall time: 10.0000 seconds\nProcess running with session ID 4\nOutput:\nwatching\n",
      ),
      // Text that only mentions an exit code is not the header.
      output("call_e", "cat: missing.txt: No such file or directory\nExit code: 1\nWall time: 0 seconds\n"),
      said("Two checks failed."),
      tokens([120, 5], [220, 15]),
    ];
    const { messages, notes } = neutralOf(lines);
    const results = messages.filter((m) => m.role === "tool");
    expect(results.map((m) => (m.role === "tool" ? [m.callId, m.status] : []))).toEqual([
      ["call_a", "ok"],
      ["call_b", "error"],
      ["call_c", "error"],
      ["call_d", "ok"],
      ["call_e", "ok"],
    ]);
    // The model was shown the whole text, header and all.
    expect(results[1]?.content).toBe(
      "Exit code: 2\nWall time: 0.4 seconds\nTotal output lines: 120\nOutput:\n1 failed\n",
    );
    expect((notes ?? []).filter((n) => n.kind === "error_by")).toEqual([
      { kind: "error_by", index: messages.indexOf(results[1] as Message), name: "shell", by: "tool" },
      { kind: "error_by", index: messages.indexOf(results[2] as Message), name: "exec_command", by: "tool" },
    ]);
    // A process still running in its session has not failed: said so, as OpenHands' exit code -1 is.
    expect((notes ?? []).filter((n) => n.kind === "running")).toEqual([
      { kind: "running", index: messages.indexOf(results[3] as Message), name: "exec_command" },
    ]);
  });

  it("uses the first session_meta of a resumed session", () => {
    const lines = [...newer(), meta({ base_instructions: "Another prompt." }), user("Again?")];
    const neutral = neutralOf(lines);
    expect(neutral.messages.filter((m) => m.role === "system").map((m) => m.content)).toEqual([
      "You are Codex.",
      "<permissions>…</permissions>",
    ]);
    expect(neutral.messages.at(-1)).toEqual({ role: "user", content: "Again?" });
  });

  it("reads a local shell call's action as its arguments", () => {
    const lines = [
      meta(),
      user("ls"),
      item({
        type: "local_shell_call",
        call_id: "call_l",
        status: "completed",
        action: { type: "exec", command: ["ls"], timeout_ms: null, working_directory: null, env: null, user: null },
      }),
      tokens([10, 1], [10, 1]),
      item({ type: "function_call_output", call_id: "call_l", output: "a.txt\n" }),
    ];
    const neutral = neutralOf(lines);
    const call = neutral.messages[1];
    expect(call?.role === "assistant" ? call.toolCalls[0] : null).toMatchObject({
      callId: "call_l",
      name: "local_shell",
      args: { type: "exec", command: ["ls"] },
    });
    expect(neutral.messages[2]).toMatchObject({
      role: "tool",
      callId: "call_l",
      name: "local_shell",
      content: "a.txt\n",
    });
  });
});

describe("a long rollout", () => {
  it("reads 100,000 lines whole, each model call with its usage (its speed is the bench's to measure)", () => {
    const lines: Json[] = [meta(), user("Go.")];
    for (let i = 0; i < 20_000; i += 1)
      lines.push(
        context(),
        tokens([100, 10], [100 * (i + 1), 10 * (i + 1)]),
        reasoning(`step ${i}`),
        shell(`call_${i}`, "true"),
        shellOutput(`call_${i}`, ""),
      );
    const neutral = neutralOf(lines);
    const result = imported(jsonl(lines));
    expect(neutral.messages).toHaveLength(40_001);
    expect(notesOf(neutral, "usage")).toHaveLength(20_000);
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(20_000);
    expect(result.problems).toEqual([]);
  });
});

describe("compaction and logged errors", () => {
  it("puts the summary in as a user message and notes the compaction at the next model call", () => {
    const lines = [
      ...run040(),
      user("Now count the lines."),
      line("compacted", {
        message: "Summary: listed a.txt and b.txt; wc failed on a missing file.",
        replacement_history: [
          { type: "message", role: "user", content: [{ type: "input_text", text: ENVIRONMENT }] },
          { type: "message", role: "user", content: [{ type: "input_text", text: "List the files and count them." }] },
          { type: "message", role: "user", content: [{ type: "input_text", text: "Now count the lines." }] },
          { type: "message", role: "user", content: [{ type: "input_text", text: "Summary: …" }] },
        ],
      }),
      event({ type: "context_compacted" }),
      context(),
      tokens([300, 5], [3900, 105]),
      said("Two lines."),
    ];
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant tool assistant tool assistant user user assistant");
    expect(neutral.messages[7]).toEqual({
      role: "user",
      content: "Summary: listed a.txt and b.txt; wc failed on a missing file.",
    });
    // Of the 7 messages before it, the model kept the first user turn and the new one: 5 were dropped.
    expect(notesOf(neutral, "compacted")).toEqual([{ kind: "compacted", index: 8, dropped: 5 }]);
    const result = imported(jsonl(lines));
    expect(stepsOf(result.trace.steps, "model_call")).toHaveLength(4);
    expect(answerOf(result.trace.steps)).toBe("Two lines.");
  });

  it("a compaction without the replacement history does not say how many were dropped", () => {
    const lines = [...run040(), line("compacted", { message: "Summary." }), context(), said("Ok.")];
    expect(notesOf(neutralOf(lines), "compacted")).toEqual([{ kind: "compacted", index: 7, dropped: null }]);
  });

  it("notes an error that cut a response short at that response", () => {
    const lines = [
      meta(),
      user("Hi."),
      context(),
      reasoning("**Greeting**"),
      event({ type: "error", message: "boom" }),
    ];
    expect(notesOf(neutralOf(lines), "log_error")).toEqual([{ kind: "log_error", index: 1, message: "boom" }]);
  });

  it("notes error and stream_error events where they happened", () => {
    const lines = [
      ...run040().slice(0, 10),
      context(),
      event({ type: "stream_error", message: "stream disconnected - retrying turn (1/5 in 200ms)..." }),
      event({ type: "error", message: "unexpected status 500 Internal Server Error" }),
      user("Try again."),
    ];
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant tool user");
    expect(notesOf(neutral, "log_error")).toEqual([
      { kind: "log_error", index: 3, message: "stream disconnected - retrying turn (1/5 in 200ms)..." },
      { kind: "log_error", index: 3, message: "unexpected status 500 Internal Server Error" },
    ]);
  });
});

describe("hostile input", () => {
  it("refuses what is not a rollout line, with where", () => {
    expect(errorOf(null).path).toBe("");
    expect(errorOf(42).message).toMatch(/Codex rollout/);
    expect(errorOf([meta(), null])).toEqual({
      path: "1",
      message: "expected a rollout line (an object), got null",
    });
    expect(errorOf([meta(), line("response_item", null)]).path).toBe("1.payload");
    expect(errorOf([meta(), line("response_item", [1, 2])]).message).toMatch(/an array/);
    expect(errorOf([meta(), item({ type: "function_call", name: "shell", arguments: "{}" })]).path).toBe(
      "1.payload.call_id",
    );
    expect(errorOf([meta(), item({ type: "function_call_output", call_id: 7, output: "x" })]).path).toBe(
      "1.payload.call_id",
    );
    expect(errorOf([meta(), item({ type: "message", role: "user", content: 5 })]).path).toBe("1.payload.content");
    expect(errorOf([meta(), item({ type: "message", content: [] })]).path).toBe("1.payload.role");
    expect(errorOf([meta(), item({ id: "x" })]).path).toBe("1.payload.type");
  });

  it("reads wrong-typed fields it can do without as best it can", () => {
    const lines = [
      line("session_meta", null),
      event({ type: "token_count", info: "soon" }),
      line("event_msg", 3),
      line("turn_context", null),
      line("compacted", null),
      item({ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }, null, { type: 5 }] }),
      item({ type: "reasoning", summary: [null, { text: 4 }], encrypted_content: 9 }),
      item({ type: "function_call", name: "shell", arguments: null, call_id: "c1" }),
      event({ type: "token_count", info: { total_token_usage: null, last_token_usage: { input_tokens: "many" } } }),
      item({ type: "function_call_output", call_id: "c1", output: { weird: true } }),
      item({ type: "function_call_output", call_id: "c2", output: 12 }),
      item({ type: "function_call_output", call_id: "c3", output: "{not json" }),
      item({ type: "message", role: "wizard", content: "?" }),
      event({ type: "turn_aborted", reason: 4 }),
    ];
    const neutral = neutralOf(lines);
    expect(roles(neutral.messages)).toBe("user assistant tool tool tool");
    expect(neutral.messages[0]).toEqual({
      role: "user",
      content: "hi",
      parts: [
        { type: "text", text: "hi" },
        { type: "other", original: "null" },
        { type: "other", original: "an object" },
      ],
    });
    const call = neutral.messages[1];
    expect(call?.role === "assistant" ? call.toolCalls[0] : null).toEqual({
      callId: "c1",
      name: "shell",
      args: {},
      rawArguments: "null",
    });
    expect(call?.role === "assistant" ? call.parts?.[0] : null).toEqual({
      type: "reasoning",
      text: "",
      redacted: false,
    });
    expect(neutral.messages.slice(2).map((m) => (m.role === "tool" ? m.content : null))).toEqual([
      '{"weird":true}',
      "12",
      "{not json",
    ]);
    expect(neutral.notes).toEqual([]);
  });

  it("never throws on odd documents", () => {
    for (const doc of [undefined, "text", [], [[]], [1, 2], { type: "session_meta" }, [{ type: "response_item" }]])
      expect(() => codec.parse(doc)).not.toThrow();
  });
});

describe("detection", () => {
  it("is sure of a rollout, and picks it among the formats", () => {
    expect(codec.detect(run040())).toBe(10);
    expect(codec.detect(run040().slice(1))).toBe(9);
    expect(detectFormat(run040())).toBe("codex");
    expect(detectFormat(run040().slice(1))).toBe("codex");
  });

  it("does not claim other formats' documents", () => {
    const chat = { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] };
    const anthropic = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    };
    const claudeCode = [
      { type: "user", uuid: "u1", sessionId: "s", message: { role: "user", content: "hi" } },
      { type: "assistant", uuid: "u2", sessionId: "s", message: { role: "assistant", content: "hello" } },
    ];
    const responses = [{ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }];
    for (const doc of [chat, anthropic, claudeCode, responses, chat.messages, null, 3, "x"])
      expect(codec.detect(doc)).toBe(0);
    expect(detectFormat(chat)).toBe("chat");
    expect(detectFormat(anthropic)).toBe("anthropic");
    const result = importTranscript(jsonl(claudeCode));
    expect(result.ok && result.format).toBe("claude-code");
  });
});
