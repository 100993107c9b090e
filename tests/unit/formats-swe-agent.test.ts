// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import type { Step } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { codec, commandDocsTools } from "../../src/formats/swe-agent";
import { executionResults, imported, neutralBy, proposalIds, stepsOf, toolMessages } from "./log-helpers";

const DIR = "../shared/agent-logs";
const REAL = `${DIR}/swe-agent-fc-gpt4o-missing-colon.traj`;

type Json = Record<string, unknown>;

// ---- small trajectories of the same shapes, written by hand ------------------------------------------------

const DIFF = "\ndiff --git a/x.py b/x.py\n-def f()\n+def f():\n";

const DOCS = [
  "bash:",
  "  docstring: runs the given command directly in bash",
  "  signature: <command>",
  "  arguments:",
  "    - command (string) [required]: a command to run directly in the current shell",
  "",
  "edit:",
  "  docstring: Replace <search> with <replace>.",
  "Second line:",
  "",
  "  signature: edit <search> <replace> [<replace-all>]",
  "",
  "  arguments:",
  "    - search (string) [required]: the text to search for",
  "    - replace-all (boolean) [optional]: replace all occurrences",
  "",
  "submit:",
  "  docstring: submits the current file",
  "  signature: submit",
  "",
].join("\n");

const fcCall = (id: string, name: string, args: string) => ({
  function: { arguments: args, name },
  id,
  type: "function",
});

/** A SWE-agent 1.x function-calling history: system, issue, two calls and their results. */
const fcHistory = (): Json[] => [
  {
    role: "system",
    content: "SETTING: you are an autonomous programmer",
    agent: "main",
    message_type: "system_prompt",
  },
  { role: "user", content: "ISSUE: x.py has a syntax error", agent: "main", message_type: "observation" },
  {
    role: "assistant",
    content: "Let me look at the file.",
    thought: "Let me look at the file.",
    action: "cat x.py",
    agent: "main",
    tool_calls: [fcCall("call_1", "bash", '{"command":"cat x.py"}')],
    message_type: "action",
  },
  { role: "tool", content: "def f()\n", agent: "main", tool_call_ids: ["call_1"], message_type: "observation" },
  {
    role: "assistant",
    content: "Add the colon.",
    thought: "Add the colon.",
    action: "edit 'def f()' 'def f():'",
    agent: "main",
    tool_calls: [fcCall("call_2", "edit", '{"search":"def f()","replace":"def f():"}')],
    message_type: "action",
  },
  {
    role: "tool",
    content: "Replaced 1 occurrences.",
    agent: "main",
    tool_call_ids: ["call_2"],
    message_type: "observation",
  },
];

const step = (thought: string, action: string, observation: string, extra: Json = {}): Json => ({
  action,
  observation,
  response: thought,
  thought,
  execution_time: 0.1,
  state: { open_file: "n/a", working_dir: "/repo" },
  ...extra,
});

/** The .traj around it: the steps, the last one `submit` (only in `trajectory`), info and a replay config. */
const fcTraj = (): Json => ({
  environment: "main",
  trajectory: [
    step("Let me look at the file.", "cat x.py", "def f()"),
    step("Add the colon.", "edit 'def f()' 'def f():'", "Replaced 1 occurrences."),
    step("Fixed. Submitting.", "submit", DIFF),
  ],
  history: fcHistory(),
  info: {
    submission: DIFF,
    exit_status: "submitted",
    model_stats: { instance_cost: 0.01, tokens_sent: 900, tokens_received: 30, api_calls: 3 },
  },
  // Newer versions write the replay config as JSON text.
  replay_config: JSON.stringify({ agent: { name: "main", tools: { command_docs: DOCS } } }),
});

/** A SWE-agent 0.x text-parsed run: no message_type, a demonstration, the command in `action` and in a fenced block. */
const legacyTraj = (): Json => ({
  environment: "swe_main",
  trajectory: [
    step("First I'll find the file.\n\n", 'find_file "x.py"\n', "Found 1 matches"),
    step("Now run it.\n\n", "python x.py\n", "8.2"),
    step("Done, submitting.\n\n", "submit\n", DIFF),
  ],
  history: [
    { role: "system", content: "SETTING: …", agent: "primary" },
    { agent: "primary", content: "Here is a demonstration …", is_demo: true, role: "user" },
    { role: "user", content: "ISSUE: x.py fails", agent: "primary" },
    {
      role: "assistant",
      content: 'First I\'ll find the file.\n\n```\nfind_file "x.py"\n```',
      thought: "First I'll find the file.\n\n",
      action: 'find_file "x.py"\n',
      agent: "primary",
    },
    { role: "user", content: "Found 1 matches\n(Open file: n/a)\nbash-$", agent: "primary" },
    // An item of a version that kept no `action`: the command is the last fenced block of the content.
    { role: "assistant", content: "Now run it.\n\n```\npython x.py\n```", agent: "primary" },
    { role: "user", content: "8.2\nbash-$", agent: "primary" },
    {
      role: "assistant",
      content: "Done, submitting.\n\n```\nsubmit\n```",
      thought: "Done, submitting.\n\n",
      action: "submit\n",
      agent: "primary",
    },
  ],
  info: {
    exit_status: "submitted",
    model_stats: { total_cost: 5.5, instance_cost: 0.5, tokens_sent: 3000, tokens_received: 90, api_calls: 3 },
  },
});

// ---- helpers -------------------------------------------------------------------------------------------------

const neutral = neutralBy(codec);
const kinds = stepsOf;
const results = executionResults;
const finish = (steps: readonly Step[]) => steps.find((s) => s.kind === "finish");
const tools = toolMessages;

// ---- the real file ---------------------------------------------------------------------------------------------

describe("the real SWE-agent 1.x trajectory", () => {
  it.skipIf(!existsSync(REAL))("imports 5 model calls: 4 history calls and the submit step from the trajectory", () => {
    const result = imported(readFileSync(REAL, "utf8"));
    expect(result.format).toBe("swe-agent");
    const { steps } = result.trace;
    expect(kinds(steps, "model_call")).toHaveLength(5);
    expect(proposalIds(steps)).toEqual([
      "call_fJuazlMUN5fQDQ73G6XSpYpx",
      "call_OhmPHGZp0XJ6JRnNkQaYcBMs",
      "call_DVnbJcFrvwPsrPt3KfIMf7OH",
      "call_dcF76aXH6e1pzqRwGxOwpuxb",
      "swe-5",
    ]);
    const names = steps.flatMap((s) => (s.kind === "proposal" ? s.calls.map((c) => c.name) : []));
    expect(names).toEqual(["find_file", "open", "edit", "bash", "submit"]);
    const done = results(steps);
    expect(done.map((r) => r.callId)).toEqual(proposalIds(steps));
    expect(done.filter((r) => r.status === "error")).toEqual([]);
    expect(done[3]?.content.startsWith("8.2\n")).toBe(true);
    expect(done[4]?.content).toContain("+def division(a: float, b: float) -> float:");
    expect(kinds(steps, "answer")).toEqual([]);
    const end = finish(steps);
    expect(end?.kind === "finish" && end.answer).toBe(null);
    expect(result.problems).toEqual([]);
    expect(result.notes).toEqual([
      { kind: "usage", input: 7141, output: 243, cost: 0.019520000000000006, calls: 5, step: steps.length },
    ]);
  });

  it.skipIf(!existsSync(REAL))(
    "ends where the agent ended it: on the model's submit, with its exit status, nothing pending",
    () => {
      const { trace } = imported(readFileSync(REAL, "utf8"));
      const finish = trace.steps.at(-1);
      if (finish?.kind !== "finish") throw new Error("no end");
      expect(finish.ended).toEqual({ tool: "submit", status: "submitted" });
      expect(finish.pendingCallIds).toEqual([]);
      const en = catalogs.en.stepCaption(finish, trace);
      expect(en).toMatch(
        /^The model called submit, the agent's own tool for ending the run, and the agent ended it there \(its exit status: “submitted”\)/,
      );
      expect(en).not.toMatch(/pending, and the transcript does not contain it|have not been run/);
      expect(catalogs.zh.stepCaption(finish, trace)).toMatch(/^模型调用了 submit，也就是智能体用来结束运行的工具/);
    },
  );

  it.skipIf(!existsSync(REAL))("gives the usage note, the submit's arguments, and the documented tools", () => {
    const read = neutral(JSON.parse(readFileSync(REAL, "utf8")));
    expect(read.notes).toEqual([
      { kind: "usage", index: read.messages.length, input: 7141, output: 243, cost: 0.019520000000000006, calls: 5 },
    ]);
    const submit = read.messages.at(-2);
    expect(submit?.role === "assistant" && submit.toolCalls).toEqual([
      { callId: "swe-5", name: "submit", args: { command: "submit" } },
    ]);
    expect(submit?.content).toMatch(/^The script `missing_colon.py` ran successfully/);
    expect(read.tools.map((t) => t.name)).toEqual([
      "bash",
      "goto",
      "open",
      "create",
      "scroll_up",
      "scroll_down",
      "find_file",
      "search_dir",
      "search_file",
      "edit",
      "insert",
      "submit",
    ]);
    expect(read.tools.find((t) => t.name === "open")?.parameters).toEqual({
      type: "object",
      properties: {
        path: { type: "string", description: "the path to the file to open" },
        line_number: {
          type: "integer",
          description:
            "the line number to move the window to (if not provided, the window will start at the top of the file)",
        },
      },
      required: ["path"],
    });
    expect(codec.detect(JSON.parse(readFileSync(REAL, "utf8")))).toBe(10);
  });
});

// ---- hand-written variants (always run) ---------------------------------------------------------------------------

describe("a hand-written 1.x trajectory", () => {
  it("imports the history's calls and the submit step, as the real file does", () => {
    const result = imported(fcTraj());
    expect(result.format).toBe("swe-agent");
    const { steps } = result.trace;
    expect(kinds(steps, "model_call")).toHaveLength(3);
    expect(proposalIds(steps)).toEqual(["call_1", "call_2", "swe-3"]);
    expect(results(steps).map((r) => [r.callId, r.name, r.status, r.content])).toEqual([
      ["call_1", "bash", "ok", "def f()\n"],
      ["call_2", "edit", "ok", "Replaced 1 occurrences."],
      ["swe-3", "submit", "ok", DIFF],
    ]);
    const end = finish(steps);
    expect(end?.kind === "finish" && end.answer).toBe(null);
    expect(result.problems).toEqual([]);
    expect(result.notes).toEqual([{ kind: "usage", input: 900, output: 30, cost: 0.01, calls: 3, step: steps.length }]);
  });

  it("reads the calls' arguments and the tools documented in a replay config written as JSON text", () => {
    const read = neutral(fcTraj());
    const edit = read.messages[4];
    expect(edit?.role === "assistant" && edit.toolCalls[0]).toEqual({
      callId: "call_2",
      name: "edit",
      args: { search: "def f()", replace: "def f():" },
    });
    expect(edit?.content).toBe("Add the colon.");
    expect(read.tools).toEqual([
      {
        name: "bash",
        description: "runs the given command directly in bash",
        parameters: {
          type: "object",
          properties: {
            command: { type: "string", description: "a command to run directly in the current shell" },
          },
          required: ["command"],
        },
      },
      {
        name: "edit",
        // A docstring over several lines, one of them looking like a command's name.
        description: "Replace <search> with <replace>.\nSecond line:",
        parameters: {
          type: "object",
          properties: {
            search: { type: "string", description: "the text to search for" },
            "replace-all": { type: "boolean", description: "replace all occurrences" },
          },
          required: ["search"],
        },
      },
      { name: "submit", description: "submits the current file", parameters: { type: "object", properties: {} } },
    ]);
  });

  it("reads a replay config given as an object, and declares no tools without one", () => {
    const withObject = { ...fcTraj(), replay_config: { agent: { tools: { command_docs: DOCS } } } };
    expect(neutral(withObject).tools.map((t) => t.name)).toEqual(["bash", "edit", "submit"]);
    expect(neutral({ ...fcTraj(), replay_config: null }).tools).toEqual([]);
    expect(neutral({ ...fcTraj(), replay_config: "{not json" }).tools).toEqual([]);
    expect(commandDocsTools("")).toEqual([]);
  });

  it("reads a newer trajectory whose history holds the submit call and its result", () => {
    const history = [
      ...fcHistory(),
      {
        role: "assistant",
        content: "Fixed. Submitting.",
        thought: "Fixed. Submitting.",
        action: "submit",
        agent: "main",
        tool_calls: [fcCall("call_3", "submit", "{}")],
        message_type: "action",
      },
      { role: "tool", content: DIFF, agent: "main", tool_call_ids: ["call_3"], message_type: "observation" },
    ];
    const result = imported({ ...fcTraj(), history });
    expect(proposalIds(result.trace.steps)).toEqual(["call_1", "call_2", "call_3"]);
    expect(results(result.trace.steps).at(-1)).toMatchObject({ callId: "call_3", content: DIFF, status: "ok" });
    expect(result.problems).toEqual([]);
  });

  it("keeps thinking blocks as reasoning", () => {
    const history = fcHistory();
    history[2] = {
      ...history[2],
      thinking_blocks: [
        { type: "thinking", thinking: "The colon is missing.", signature: "sig" },
        { type: "redacted_thinking", data: "opaque" },
      ],
    };
    const message = neutral({ history }).messages[2];
    expect(message?.role === "assistant" && message.parts).toEqual([
      { type: "reasoning", text: "The colon is missing.", redacted: false, signed: true },
      { type: "reasoning", text: "", redacted: true, signed: true },
      { type: "text", text: "Let me look at the file." },
      { type: "tool_call", callId: "call_1" },
    ]);
  });
});

describe("a hand-written 0.x (text-parsed) trajectory", () => {
  it("makes each command a call with a made-up id, its observation the result, the submit's from the trajectory", () => {
    const result = imported(legacyTraj());
    expect(result.format).toBe("swe-agent");
    const { steps } = result.trace;
    expect(kinds(steps, "model_call")).toHaveLength(3);
    const calls = steps.flatMap((s) => (s.kind === "proposal" ? s.calls : []));
    expect(calls).toEqual([
      { callId: "swe-1", name: "find_file", args: { command: 'find_file "x.py"' } },
      { callId: "swe-2", name: "python", args: { command: "python x.py" } },
      { callId: "swe-3", name: "submit", args: { command: "submit" } },
    ]);
    expect(results(steps).map((r) => [r.callId, r.content])).toEqual([
      ["swe-1", "Found 1 matches\n(Open file: n/a)\nbash-$"],
      ["swe-2", "8.2\nbash-$"],
      ["swe-3", DIFF],
    ]);
    // The system prompt, the demonstration and the issue: two user turns, no model call from the demonstration.
    expect(kinds(steps, "task")).toHaveLength(2);
    expect(result.problems).toEqual([]);
    expect(result.notes.filter((n) => n.kind === "paired_by_order")).toEqual([]);
    expect(result.notes).toEqual([{ kind: "usage", input: 3000, output: 90, cost: 0.5, calls: 3, step: steps.length }]);
  });

  it("shows the thought as the text, not the fenced command", () => {
    const read = neutral(legacyTraj());
    expect(read.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
    ]);
    expect(read.messages[3]?.content).toBe("First I'll find the file.\n\n");
    // With no `thought`, the content is all the log has.
    expect(read.messages[5]?.content).toBe("Now run it.\n\n```\npython x.py\n```");
  });

  it("folds demonstration items (put_demos_in_history) into one user message", () => {
    const traj = legacyTraj();
    const history = traj.history as Json[];
    const demo = [
      { role: "user", content: "DEMO issue", is_demo: true, agent: "primary" },
      {
        role: "assistant",
        content: "DEMO reply",
        thought: "DEMO reply",
        action: "ls",
        is_demo: true,
        agent: "primary",
      },
      { role: "user", content: "DEMO output", is_demo: true, agent: "primary" },
    ];
    const read = neutral({ ...traj, history: [history[0], ...demo, ...history.slice(2)] });
    expect(read.messages[1]).toEqual({ role: "user", content: "DEMO issue\nDEMO reply\nDEMO output" });
    expect(read.messages.filter((m) => m.role === "assistant")).toHaveLength(3);
  });
});

describe("requeries, exits and runs cut short", () => {
  it("counts a rejected (blocked) command as a model call the host refused, with the error the model was shown", () => {
    const traj = fcTraj();
    const blocked = step("Let me edit it in vim.", "vim x.py", "");
    const error = "Interactive operation 'vim x.py' is not supported by this environment.";
    const accepted = step("Add the colon.", "edit 'def f()' 'def f():'", "Replaced 1 occurrences.", {
      query: [
        { role: "system", content: "…" },
        { role: "assistant", content: "Let me edit it in vim.", agent: "main", message_type: "assistant" },
        { role: "user", content: error, agent: "main", message_type: "user" },
      ],
    });
    const steps = traj.trajectory as Json[];
    const result = imported({ ...traj, trajectory: [steps[0], blocked, accepted, steps[2]] });
    const trace = result.trace.steps;
    expect(kinds(trace, "model_call")).toHaveLength(4);
    expect(proposalIds(trace)).toEqual(["call_1", "swe-2", "call_2", "swe-4"]);
    const refused = results(trace)[1];
    expect(refused).toMatchObject({ callId: "swe-2", name: "vim", status: "error", content: error });
    expect(result.problems).toEqual([]);
    const read = neutral({ ...traj, trajectory: [steps[0], blocked, accepted, steps[2]] });
    expect(read.notes?.filter((n) => n.kind !== "usage")).toEqual([
      {
        kind: "log_error",
        index: 4,
        message:
          "the agent did not run this reply (format error, blocked or invalid command) and asked the model again",
      },
      { kind: "error_by", index: 5, name: "vim", by: "host" },
    ]);
  });

  it("counts a reply with no command (format error) as a model call, the error as the user message after it", () => {
    const traj = fcTraj();
    const steps = traj.trajectory as Json[];
    const bad = step("I think I should add a colon", "", "");
    const retry = {
      ...steps[1],
      query: [{ role: "user", content: "Your output could not be parsed", message_type: "user" }],
    };
    const read = neutral({ ...traj, trajectory: [steps[0], bad, retry, steps[2]] });
    expect(read.messages.slice(4, 7).map((m) => [m.role, m.content])).toEqual([
      ["assistant", "I think I should add a colon"],
      ["user", "Your output could not be parsed"],
      ["assistant", "Add the colon."],
    ]);
    expect(read.notes?.[0]).toMatchObject({ kind: "log_error", index: 4 });
  });

  it("keeps the output of a command that ran before the agent asked again (a retry), as an ok result", () => {
    const traj = fcTraj();
    const steps = traj.trajectory as Json[];
    const ran = step("Check the tests.", "pytest -x", "1 failed");
    const retry = { ...steps[1], query: [{ role: "user", content: "1 failed\nbash-$", message_type: "user" }] };
    const read = neutral({ ...traj, trajectory: [steps[0], ran, retry, steps[2]] });
    expect(read.messages[5]).toEqual({
      role: "tool",
      callId: "swe-2",
      name: "pytest",
      status: "ok",
      content: "1 failed\nbash-$",
      replayed: false,
    });
    expect(read.notes?.filter((n) => n.kind !== "usage")).toEqual([
      {
        kind: "log_error",
        index: 4,
        message: "the agent asked the model again after this reply (a requery), showing it the output",
      },
    ]);
  });

  it("takes a user item marked as something other than an observation as a user message, not a result", () => {
    const traj = legacyTraj();
    const history = [...(traj.history as Json[]).slice(0, 4), { role: "user", content: "hint", message_type: "user" }];
    const read = neutral({ history });
    expect(read.messages.at(-1)).toEqual({ role: "user", content: "hint" });
    expect(tools(read.messages)).toEqual([]);
  });

  it("says an exit the agent made and an exit status other than submitted as one note at the end", () => {
    const traj = fcTraj();
    const steps = traj.trajectory as Json[];
    const exit = step("Exit due to cost limit", "", "Exited (autosubmitted)");
    const data = {
      ...traj,
      trajectory: [steps[0], steps[1], exit],
      info: { exit_status: "submitted (exit_cost)", model_stats: { instance_cost: 3.1, api_calls: 2 } },
    };
    const read = neutral(data);
    expect(read.messages).toHaveLength(6);
    expect(read.notes).toEqual([
      {
        kind: "log_error",
        index: 6,
        message: "Exit due to cost limit: Exited (autosubmitted); exit status: submitted (exit_cost)",
      },
      { kind: "usage", index: 6, input: null, output: null, cost: 3.1, calls: 2 },
    ]);
    const result = imported(data);
    expect(kinds(result.trace.steps, "model_call")).toHaveLength(2);
    expect(result.notes.map((n) => n.kind)).toEqual(["log_error", "usage"]);
  });

  it("reads the agent's exit message when a newer history holds it, with the observation after it", () => {
    const history = [
      ...fcHistory(),
      {
        role: "assistant",
        content: "Exit due to context window",
        thought: "Exit due to context window",
        action: "",
        agent: "main",
        tool_calls: null,
        message_type: "action",
      },
      { role: "user", content: "Exited", agent: "main", message_type: "observation" },
    ];
    const read = neutral({ history, info: { exit_status: "exit_context" } });
    expect(read.messages).toHaveLength(6);
    expect(read.notes).toEqual([
      { kind: "log_error", index: 6, message: "Exit due to context window: Exited; exit status: exit_context" },
    ]);
  });

  it("reads a trajectory saved in the middle of a run (no submit, no exit status) without a note", () => {
    const traj = fcTraj();
    const steps = traj.trajectory as Json[];
    const result = imported({ ...traj, trajectory: steps.slice(0, 2), info: { exit_status: null } });
    expect(kinds(result.trace.steps, "model_call")).toHaveLength(2);
    expect(result.notes).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it("refuses a file cut off in the middle (not JSON) with where it stops", () => {
    const text = JSON.stringify(fcTraj(), null, 2);
    const result = importTranscript(text.slice(0, text.length / 2));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]?.line).toBeGreaterThan(1);
  });

  it("leaves a call without its result when the log has none: a problem only if the run goes on", () => {
    const history = fcHistory();
    // The first call's result is gone, the run goes on: missing_result.
    const gone = imported({ history: [...history.slice(0, 3), ...history.slice(4)] });
    expect(gone.problems).toEqual([{ kind: "missing_result", callId: "call_1", step: 3 }]);
    // The last call (submit) has no observation in the trajectory: no result, no problem.
    const traj = fcTraj();
    const steps = traj.trajectory as Json[];
    const read = neutral({ ...traj, trajectory: [steps[0], steps[1], step("Submitting.", "submit", "")] });
    expect(read.messages.at(-1)).toMatchObject({ role: "assistant", toolCalls: [{ callId: "swe-3" }] });
    expect(imported({ ...traj, trajectory: [steps[0], steps[1], step("Submitting.", "submit", "")] }).problems).toEqual(
      [],
    );
  });
});

describe("unknown and hostile input", () => {
  it("skips unknown roles and fields, and keeps unknown content parts as placeholders", () => {
    const history = [
      ...fcHistory().slice(0, 2),
      { role: "narrator", content: "unknown role", agent: "main", message_type: "observation" },
      { ...fcHistory()[2], future_field: { x: 1 } },
      {
        ...fcHistory()[3],
        content: [
          { type: "text", text: "def f()" },
          { type: "image_url", image_url: { url: "data:" } },
        ],
      },
      {
        role: "user",
        content: [{ type: "text", text: "more" }, { type: "hologram" }],
        agent: "main",
        message_type: "observation",
      },
    ];
    const result = imported({ history });
    const read = neutral({ history });
    expect(read.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(tools(read.messages)[0]?.content).toBe("def f()\n[image]");
    expect(read.messages[4]).toEqual({
      role: "user",
      content: "more",
      parts: [
        { type: "text", text: "more" },
        { type: "other", original: "hologram" },
      ],
    });
    expect(result.notes).toContainEqual({ kind: "unknown_type", name: "hologram", step: 5 });
  });

  it("refuses what cannot be read, with where", () => {
    const errors = (data: unknown) => {
      const parsed = codec.parse(data);
      return parsed.ok ? null : parsed.errors[0];
    };
    expect(errors(null)?.message).toMatch(/expected a SWE-agent trajectory/);
    expect(errors(5)?.message).toMatch(/got number/);
    expect(errors({ history: 5, trajectory: [] })).toEqual({
      message: "expected an array, got number",
      path: "history",
    });
    expect(errors({ history: [null] })).toEqual({ message: "expected an object, got null", path: "history.0" });
    expect(errors([{ role: 5 }])).toEqual({ message: "expected a string, got number", path: "0.role" });
    expect(errors({ history: [{ role: "assistant", tool_calls: [{ id: "c", function: null }] }] })).toEqual({
      message: "missing",
      path: "history.0.tool_calls.0.function.name",
    });
    expect(errors({ history: [], trajectory: [] })?.message).toBe("no history and no trajectory");
  });

  it("reads wrong types where it can: a number as content, junk steps and info, bad arguments", () => {
    const history = fcHistory();
    history[1] = { ...history[1], content: 42 };
    history[2] = { ...history[2], tool_calls: [fcCall("call_1", "bash", "not json")] };
    const data = { history, trajectory: [null, 7, "x"], info: { model_stats: "lots", exit_status: 3 } };
    const read = neutral(data);
    expect(read.messages[1]).toEqual({ role: "user", content: "42" });
    expect(read.notes).toEqual([]);
    const result = imported(data);
    expect(result.problems).toEqual([{ kind: "bad_arguments", callId: "call_1", step: 3 }]);
  });

  it("reads a trajectory with no history from its steps alone", () => {
    const { history: _h, ...traj } = fcTraj();
    const result = imported(traj);
    expect(proposalIds(result.trace.steps)).toEqual(["swe-1", "swe-2", "swe-3"]);
    expect(results(result.trace.steps).map((r) => r.name)).toEqual(["cat", "edit", "submit"]);
  });
});

describe("size", () => {
  it("reads a long run whole, every step paired (its speed is the bench's to measure, not a test's)", () => {
    const n = 20_000;
    const history: Json[] = [fcHistory()[0] as Json, fcHistory()[1] as Json];
    const trajectory: Json[] = [];
    for (let i = 0; i < n; i++) {
      history.push({
        role: "assistant",
        content: `t${i}`,
        thought: `t${i}`,
        action: `ls ${i}`,
        agent: "main",
        message_type: "action",
        tool_calls: [fcCall(`c${i}`, "bash", `{"command":"ls ${i}"}`)],
      });
      history.push({
        role: "tool",
        content: `o${i}`,
        agent: "main",
        tool_call_ids: [`c${i}`],
        message_type: "observation",
      });
      trajectory.push(step(`t${i}`, `ls ${i}`, `o${i}`));
    }
    trajectory.push(step("done", "submit", DIFF));
    const read = neutral({ history, trajectory, info: {} });
    expect(read.messages).toHaveLength(2 + 2 * n + 2);
  });
});

describe("detection", () => {
  it("scores a .traj 10, a {history} demonstration 9 and a bare history list 8", () => {
    expect(codec.detect(fcTraj())).toBe(10);
    expect(codec.detect(legacyTraj())).toBe(10);
    expect(codec.detect({ history: fcHistory() })).toBe(9);
    expect(codec.detect(fcHistory())).toBe(8);
    expect(codec.detect((legacyTraj().history as Json[]).slice(2))).toBe(8);
  });

  it("is chosen by the import for a bare history list and a demonstration", () => {
    expect(imported(fcHistory()).format).toBe("swe-agent");
    expect(imported({ history: fcHistory() }).format).toBe("swe-agent");
    expect(imported((legacyTraj().history as Json[]).slice(2)).format).toBe("swe-agent");
  });

  it("does not score other formats' documents", () => {
    expect(codec.detect({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).toBe(0);
    expect(
      codec.detect({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      }),
    ).toBe(0);
    expect(
      codec.detect([
        { role: "system", content: "be brief" },
        { role: "user", content: "hi" },
        { role: "assistant", content: null, tool_calls: [fcCall("c1", "bash", "{}")] },
        { role: "tool", tool_call_id: "c1", content: "ok" },
      ]),
    ).toBe(0);
    // An OpenHands event list and a Claude Code line.
    expect(codec.detect([{ id: 0, source: "user", action: "message", args: { content: "hi" } }])).toBe(0);
    expect(codec.detect([{ type: "user", uuid: "u", sessionId: "s", message: { role: "user", content: "hi" } }])).toBe(
      0,
    );
    expect(codec.detect(null)).toBe(0);
    expect(codec.detect("history")).toBe(0);
  });
});

describe("the agent's review of its submission (info.review, issue 55)", () => {
  const reviewed = (accept: unknown) => {
    const traj = fcTraj();
    (traj.info as Json).review = { accept, outputs: ["The colon is added; the function parses."], messages: [] };
    const read = importTranscript(JSON.stringify(traj));
    if (!read.ok) throw new Error("not read");
    return read;
  };
  const end = (read: ReturnType<typeof reviewed>) => {
    const last = read.trace.steps.at(-1);
    if (last?.kind !== "finish") throw new Error("a finish expected");
    return last;
  };

  it("a score is drawn as the reviewer's judgment with no pass mark: the outcome stays not recorded", () => {
    const read = reviewed(7.5);
    expect(end(read).recorded).toEqual([
      {
        by: "reviewer",
        name: "reviewer",
        value: "7.5",
        passed: null,
        target: null,
        answer: null,
        explanation: "The colon is added; the function parses.",
      },
    ]);
    expect(read.trace.outcome).toBe("not_recorded");
    expect(read.summary).toMatchObject({ scored: 1, checkedBy: "reviewer" });
    const caption = catalogs.en.stepCaption(end(read), read.trace);
    expect(caption).toContain("it had another model judge the submission from the trajectory and the patch");
    expect(caption).toContain("its pass mark is in the run's configuration, not in the log");
    expect(caption).not.toContain("scorer");
    expect(catalogs.zh.stepCaption(end(read), read.trace)).toContain("审阅者给出 7.5");
  });

  it("a yes or no decides the outcome, said as a model's prediction, not a test", () => {
    const accepted = reviewed(true);
    expect(accepted.trace.outcome).toBe("completed");
    expect(catalogs.en.stepCaption(end(accepted), accepted.trace)).toContain(
      "By that check the task is done: a model's prediction, not a test of the patch.",
    );
    expect(catalogs.en.ui.recordedOutcome(true, "reviewer")).toBe("done, by its reviewer's judgment");
    const rejected = reviewed(false);
    expect(rejected.trace.outcome).toBe("verification_missing");
    expect(catalogs.zh.stepCaption(end(rejected), rejected.trace)).toContain("这是预测，不是测试");
  });

  it("a review with no accept is not a check", () => {
    expect(end(reviewed("maybe")).recorded).toBeUndefined();
  });
});
