// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import { runs as runsEn } from "../../src/content/runs.en";
import { runs as runsZh } from "../../src/content/runs.zh";
import type { Step } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { codec } from "../../src/formats/openhands";
import { imported, neutralBy, stepsOf, toolMessages } from "./log-helpers";

const DIR = "../shared/agent-logs";
const REAL = `${DIR}/openhands-traj-wrong-initial-state.json`;

// ---- a small trajectory of the same shape, written by hand --------------------------------------------------

type Json = Record<string, unknown>;

/** A litellm model response with these tool calls (`[id, name, arguments]`) and this text. */
const response = (id: string, text: string | null, calls: [string, string, string][], usage = { p: 100, c: 10 }) => ({
  id,
  model: "claude-3-5-sonnet-20241022",
  object: "chat.completion",
  choices: [
    {
      finish_reason: "tool_calls",
      index: 0,
      message: {
        content: text,
        role: "assistant",
        tool_calls: calls.map(([callId, name, args], i) => ({
          index: i + 1,
          function: { arguments: args, name },
          id: callId,
          type: "function",
        })),
        function_call: null,
      },
    },
  ],
  usage: { completion_tokens: usage.c, prompt_tokens: usage.p, total_tokens: usage.p + usage.c },
});

const meta = (callId: string, name: string, modelResponse: unknown, total = 1) => ({
  function_name: name,
  tool_call_id: callId,
  model_response: modelResponse,
  total_calls_in_response: total,
});

const user = (id: number, text: string): Json => ({
  id,
  timestamp: "2025-01-27T23:16:50.239610",
  source: "user",
  message: text,
  action: "message",
  args: { content: text, image_urls: null, wait_for_response: false },
  timeout: 120,
});

const act = (id: number, action: string, args: Json, metadata?: unknown): Json => ({
  id,
  timestamp: "2025-01-27T23:16:54.105108",
  source: "agent",
  message: `${action} …`,
  action,
  ...(metadata === undefined ? {} : { tool_call_metadata: metadata }),
  args,
  timeout: 120,
});

const obs = (id: number, cause: number, observation: string, content: string, extras: Json, metadata?: unknown) => ({
  id,
  timestamp: "2025-01-27T23:16:54.140581",
  source: "agent",
  message: "…",
  cause,
  observation,
  ...(metadata === undefined ? {} : { tool_call_metadata: metadata }),
  content,
  extras,
});

const envState = (id: number, state: string, reason = ""): Json => ({
  id,
  timestamp: "2025-01-27T23:16:49.0",
  source: "environment",
  message: "",
  observation: "agent_state_changed",
  content: "",
  extras: { agent_state: state, reason },
});

const R1 = response(
  "chatcmpl-1",
  "Let me look first.",
  [["toolu_A", "str_replace_editor", '{"command": "view", "path": "/workspace"}']],
  {
    p: 3475,
    c: 95,
  },
);
const R2 = response("chatcmpl-2", "Now I rename it.", [["toolu_B", "execute_bash", '{"command": "mv a.py b.py"}']], {
  p: 3616,
  c: 111,
});
const R3 = response(
  "chatcmpl-3",
  "Let me verify:",
  [["toolu_C", "str_replace_editor", '{"command": "view", "path": "/workspace"}']],
  {
    p: 3804,
    c: 85,
  },
);
const R4 = response("chatcmpl-4", "Renamed a.py to b.py.", [["toolu_D", "finish", "{}"]], { p: 3933, c: 67 });

/** A user asks to rename a file; read, run mv (exit 0), read, finish — as the real file, event ids skipping 1–2. */
const small = (): Json[] => [
  user(0, "Please rename a.py to b.py"),
  act(3, "read", { path: "/workspace", thought: "Let me look first." }, meta("toolu_A", "str_replace_editor", R1)),
  obs(4, 3, "read", "/workspace/\n/workspace/a.py", { path: "/workspace" }, meta("toolu_A", "str_replace_editor", R1)),
  act(5, "run", { command: "mv a.py b.py", thought: "Now I rename it." }, meta("toolu_B", "execute_bash", R2)),
  obs(6, 5, "run", "", { command: "mv a.py b.py", metadata: { exit_code: 0 } }, meta("toolu_B", "execute_bash", R2)),
  act(7, "read", { path: "/workspace", thought: "Let me verify:" }, meta("toolu_C", "str_replace_editor", R3)),
  obs(8, 7, "read", "/workspace/\n/workspace/b.py", { path: "/workspace" }, meta("toolu_C", "str_replace_editor", R3)),
  act(9, "finish", { outputs: {}, thought: "Renamed a.py to b.py." }, meta("toolu_D", "finish", R4)),
];

// ---- helpers ------------------------------------------------------------------------------------------------

const neutral = neutralBy(codec);
const ofKind = stepsOf;
const proposals = (steps: readonly Step[]) => ofKind(steps, "proposal").map((s) => s.callIds);
const executions = (steps: readonly Step[]) =>
  ofKind(steps, "execution").map((s) => [s.callIds[0], s.toolResult?.status ?? null]);
const finishAnswer = (steps: readonly Step[]) => {
  const last = steps.at(-1);
  return last?.kind === "finish" ? last.answer : "not a finish";
};
const tools = toolMessages;

/** The run both the real file and its hand-written twin must be: 4 model calls, read / run / read / finish. */
function expectRenameRun(data: unknown, ids: readonly string[], lastText: string) {
  const result = imported(data);
  expect(result.format).toBe("openhands");
  expect(result.problems).toEqual([]);
  const { steps } = result.trace;
  expect(ofKind(steps, "model_call")).toHaveLength(4);
  expect(proposals(steps)).toEqual(ids.map((id) => [id]));
  // Three results, paired by tool_call_id, none an error; `finish` gets none: the run ends on its proposal.
  expect(executions(steps)).toEqual(ids.slice(0, 3).map((id) => [id, "ok"]));
  expect(finishAnswer(steps)).toBeNull();
  const calls = result.trace.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []));
  expect(calls.map((c) => c.name)).toEqual(["str_replace_editor", "execute_bash", "str_replace_editor", "finish"]);
  expect(calls[0]?.args).toEqual({ command: "view", path: "/workspace" });
  const last = result.trace.messages.at(-1);
  expect(last?.role === "assistant" ? last.content : null).toBe(lastText);
  return result;
}

const USAGE = [
  { kind: "usage", index: 1, input: 3475, output: 95, cost: null },
  { kind: "usage", index: 3, input: 3616, output: 111, cost: null },
  { kind: "usage", index: 5, input: 3804, output: 85, cost: null },
  { kind: "usage", index: 7, input: 3933, output: 67, cost: null },
];

// ---- the real file and its twin -----------------------------------------------------------------------------

describe("OpenHands trajectory: the rename run", () => {
  it.skipIf(!existsSync(REAL))(
    "ends where the agent ended it: the model's finish is its decision, not a call waiting to run",
    () => {
      const { trace } = imported(readFileSync(REAL, "utf8"));
      const finish = trace.steps.at(-1);
      if (finish?.kind !== "finish") throw new Error("no end");
      expect(finish.ended).toEqual({ tool: "finish", status: null });
      expect(finish.pendingCallIds).toEqual([]);
      for (const lang of ["en", "zh"] as const) {
        const words = catalogs[lang].stepCaption(finish, trace);
        expect(words).toMatch(lang === "en" ? /^The model called finish, the agent's own tool/ : /^模型调用了 finish/);
        expect(words).not.toMatch(/have not been run|还没有执行/);
      }
    },
  );

  it.skipIf(!existsSync(REAL))("reads the real trajectory: 4 model calls, 4 calls, 3 results, no errors", () => {
    const text = readFileSync(REAL, "utf8");
    const result = expectRenameRun(
      text,
      [
        "toolu_01USom24cuiyvAembLhEryrn",
        "toolu_01PuY3mXrE6fm3j52GscR4rj",
        "toolu_01DodVjoeVmEY3gU5ALbqmGj",
        "toolu_01G98EmHEC8HgktRjJBYXqEa",
      ],
      "The file has been successfully renamed from `game_2048.py` to `2048.py`. Is there anything else you need help with?",
    );
    expect(ofKind(result.trace.steps, "task").map((s) => (s.kind === "task" ? s.request : ""))).toEqual([
      "Please rename game_2048.py to 2048.py",
    ]);
    // The model's arguments as it wrote them (a string "false"), not the action's parsed ones.
    const run = result.trace.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []))[1];
    expect(run?.args).toEqual({ command: "mv /workspace/game_2048.py /workspace/2048.py", is_input: "false" });
    const read = neutral(JSON.parse(text));
    expect(read.notes).toEqual(USAGE);
    expect(read.tools).toEqual([]);
    expect(read.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
  });

  it("reads the hand-written twin the same way", () => {
    expectRenameRun(small(), ["toolu_A", "toolu_B", "toolu_C", "toolu_D"], "Renamed a.py to b.py.");
    const read = neutral(small());
    expect(read.notes).toEqual(USAGE);
    expect(read.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
  });

  it("reads the server's {trajectory: [...]} body as well", () => {
    const result = imported({ trajectory: small() });
    expect(result.format).toBe("openhands");
    expect(ofKind(result.trace.steps, "model_call")).toHaveLength(4);
  });
});

// ---- model calls --------------------------------------------------------------------------------------------

describe("OpenHands trajectory: model calls", () => {
  it("joins the actions of one model response into one assistant message, each result after it", () => {
    const both = response("chatcmpl-9", "Two at once.", [
      ["t1", "execute_bash", '{"command": "ls"}'],
      ["t2", "execute_bash", '{"command": "pwd"}'],
    ]);
    const events = [
      user(0, "look around"),
      act(1, "run", { command: "ls", thought: "Two at once." }, meta("t1", "execute_bash", both, 2)),
      obs(2, 1, "run", "a.py", { metadata: { exit_code: 0 } }, meta("t1", "execute_bash", both, 2)),
      act(3, "run", { command: "pwd", thought: "" }, meta("t2", "execute_bash", both, 2)),
      obs(4, 3, "run", "/workspace", { metadata: { exit_code: 0 } }, meta("t2", "execute_bash", both, 2)),
    ];
    const read = neutral(events);
    expect(read.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool"]);
    const turn = read.messages[1];
    expect(turn?.role === "assistant" ? [turn.content, turn.toolCalls.map((c) => c.args)] : null).toEqual([
      "Two at once.",
      [{ command: "ls" }, { command: "pwd" }],
    ]);
    expect(read.notes).toEqual([{ kind: "usage", index: 1, input: 100, output: 10, cost: null }]);
    const result = imported(events);
    expect(ofKind(result.trace.steps, "model_call")).toHaveLength(1);
    expect(proposals(result.trace.steps)).toEqual([["t1", "t2"]]);
    expect(executions(result.trace.steps)).toEqual([
      ["t1", "ok"],
      ["t2", "ok"],
    ]);
    expect(result.problems).toEqual([]);
  });

  it("takes the action's arguments when the response does not list the call, without its thought", () => {
    const bare = { id: "chatcmpl-5", choices: [{ message: { content: null, role: "assistant" } }] };
    const read = neutral([
      user(0, "go"),
      act(1, "run", { command: "ls", thought: "Listing." }, meta("t1", "execute_bash", bare)),
    ]);
    const turn = read.messages[1];
    expect(turn?.role === "assistant" ? [turn.content, turn.toolCalls] : null).toEqual([
      "Listing.",
      [{ callId: "t1", name: "execute_bash", args: { command: "ls" } }],
    ]);
    expect(read.notes).toEqual([]);
  });

  it("keeps a response's reasoning and its text parts in order", () => {
    const thinking = response("chatcmpl-6", null, [["t1", "execute_bash", '{"command": "ls"}']]);
    const message = thinking.choices[0]?.message as Json;
    message.content = [
      { type: "text", text: "Looking." },
      { type: "image_url", image_url: { url: "x" } },
    ];
    message.thinking_blocks = [
      { type: "thinking", thinking: "Where is it?", signature: "sig" },
      { type: "redacted_thinking", data: "opaque" },
    ];
    const read = neutral([user(0, "go"), act(1, "run", { command: "ls" }, meta("t1", "execute_bash", thinking))]);
    const turn = read.messages[1];
    expect(turn?.role === "assistant" ? turn.parts : null).toEqual([
      { type: "reasoning", text: "Where is it?", redacted: false, signed: true },
      { type: "reasoning", text: "", redacted: true, signed: true },
      { type: "text", text: "Looking." },
      { type: "other", original: "image_url" },
      { type: "tool_call", callId: "t1" },
    ]);
    const plain = response("chatcmpl-7", "Done thinking.", [["t2", "execute_bash", "{}"]]);
    (plain.choices[0]?.message as Json).reasoning_content = "Hmm.";
    const again = neutral([user(0, "go"), act(1, "run", {}, meta("t2", "execute_bash", plain))]).messages[1];
    expect(again?.role === "assistant" ? again.parts?.[0] : null).toEqual({
      type: "reasoning",
      text: "Hmm.",
      redacted: false,
    });
  });

  it("reads an agent message as the model's reply and the final answer", () => {
    const events = [
      user(0, "hi"),
      act(1, "message", { content: "Hello! How can I help?", wait_for_response: true }),
      envState(2, "awaiting_user_input"),
    ];
    const result = imported(events);
    expect(result.format).toBe("openhands");
    expect(ofKind(result.trace.steps, "model_call")).toHaveLength(1);
    expect(finishAnswer(result.trace.steps)).toBe("Hello! How can I help?");
  });

  it("reads the system action as the system message and declares the tools it lists", () => {
    const system: Json = {
      id: 0,
      source: "agent",
      message: "You are OpenHands agent.",
      action: "system",
      args: {
        content: "You are OpenHands agent.",
        tools: [
          {
            type: "function",
            function: {
              name: "execute_bash",
              description: "Run a command",
              parameters: { type: "object", properties: { command: { type: "string" } } },
            },
          },
          { type: "function", function: { description: "nameless" } },
        ],
        openhands_version: "0.40.0",
        agent_class: "CodeActAgent",
      },
    };
    const read = neutral([system, ...small()]);
    expect(read.messages[0]).toEqual({ role: "system", content: "You are OpenHands agent." });
    expect(read.tools).toEqual([
      {
        name: "execute_bash",
        description: "Run a command",
        parameters: { type: "object", properties: { command: { type: "string" } } },
      },
    ]);
  });

  it("pairs a text-parsed run's actions (no metadata) with their observations by cause", () => {
    const events = [
      user(0, "list files"),
      act(1, "run", { command: "ls", thought: "I will list them." }),
      obs(2, 1, "run", "a.py", { command_id: -1, command: "ls", exit_code: 2 }),
      act(3, "finish", { outputs: {}, thought: "All listed." }),
    ];
    const result = imported(events);
    expect(result.format).toBe("openhands");
    expect(proposals(result.trace.steps)).toEqual([["event-1"]]);
    expect(executions(result.trace.steps)).toEqual([["event-1", "error"]]);
    expect(finishAnswer(result.trace.steps)).toBe("All listed.");
    expect(neutral(events).notes).toEqual([{ kind: "error_by", index: 2, name: "run", by: "tool" }]);
    // The agent parsed the command out of the model's text; the id is the figure's, not the provider's.
    const proposal = result.trace.steps.find((step) => step.kind === "proposal");
    expect(proposal?.kind === "proposal" ? proposal.idsBy : null).toBe("parsed");
    if (proposal === undefined) throw new Error("no proposal");
    expect(catalogs.en.stepCaption(proposal, result.trace)).toMatch(
      /^The model writes a command in its reply's text, and the agent parses it out as a call, run \(event-1\)/,
    );
    expect(catalogs.zh.stepCaption(proposal, result.trace)).toMatch(
      /^模型在回复的文字里写下一条命令，智能体从中解析出/,
    );
  });

  it("gives each model call's cost as the change in the accumulated llm_metrics", () => {
    const events = small();
    const metrics = (cost: number, prompt: number, completion: number) => ({
      accumulated_cost: cost,
      accumulated_token_usage: { prompt_tokens: prompt, completion_tokens: completion },
    });
    (events[1] as Json).llm_metrics = metrics(0.25, 3475, 95);
    (events[3] as Json).llm_metrics = metrics(0.75, 7091, 206);
    const notes = neutral(events).notes ?? [];
    expect(notes.slice(0, 2)).toEqual([
      { kind: "usage", index: 1, input: 3475, output: 95, cost: 0.25 },
      { kind: "usage", index: 3, input: 3616, output: 111, cost: 0.5 },
    ]);
    const reply = act(1, "message", { content: "Hi." });
    reply.llm_metrics = metrics(0.125, 50, 5);
    expect(neutral([user(0, "hi"), reply]).notes).toEqual([
      { kind: "usage", index: 1, input: 50, output: 5, cost: 0.125 },
    ]);
  });

  it("notes a condensation as a compaction before the next model call", () => {
    const events = small();
    events.splice(
      5,
      0,
      act(10, "condensation", { forgotten_events_start_id: 3, forgotten_events_end_id: 4, summary: "looked" }),
    );
    const notes = neutral(events).notes ?? [];
    expect(notes.filter((n) => n.kind === "compacted")).toEqual([{ kind: "compacted", index: 5, dropped: null }]);
  });
});

// ---- results and errors -------------------------------------------------------------------------------------

describe("OpenHands trajectory: results and errors", () => {
  /** One run call and its observation (kind, content, extras). */
  const oneCall = (observation: string, content: string, extras: Json, name = "execute_bash") => {
    const r = response("chatcmpl-x", "Trying.", [["t1", name, '{"command": "make"}']]);
    return [
      user(0, "build it"),
      act(1, "run", { command: "make" }, meta("t1", name, r)),
      obs(2, 1, observation, content, extras, meta("t1", name, r)),
    ];
  };
  const errorNotes = (events: unknown) => (neutral(events).notes ?? []).filter((n) => n.kind !== "usage");
  const statusOf = (events: unknown) => tools(neutral(events).messages).map((m) => (m.role === "tool" ? m.status : ""));

  it("a non-zero exit code is an error the tool made; -1 is a command still running, which has not failed", () => {
    const failed = oneCall("run", "make: *** No rule", { metadata: { exit_code: 2 } });
    expect(statusOf(failed)).toEqual(["error"]);
    expect(errorNotes(failed)).toEqual([{ kind: "error_by", index: 2, name: "execute_bash", by: "tool" }]);
    const result = imported(failed);
    expect(executions(result.trace.steps)).toEqual([["t1", "error"]]);
    expect(result.problems).toEqual([]);
    // The bash session's words for a command with no new output yet are in the suffix: the model was shown them.
    const suffix =
      "\n[The command has no new output after 30 seconds. You may wait longer to see additional output by sending empty command '', send other commands to interact with the current process, or send keys to interrupt/kill the command.]";
    const running = oneCall("run", "Serving on :8000", {
      metadata: { exit_code: -1, prefix: "", suffix, working_dir: "/workspace" },
    });
    expect(statusOf(running)).toEqual(["ok"]);
    expect(tools(neutral(running).messages)[0]?.content).toBe(
      `Serving on :8000${suffix}\n[Current working directory: /workspace]`,
    );
    expect(errorNotes(running)).toEqual([{ kind: "running", index: 2, name: "execute_bash" }]);
    const run = imported(running);
    expect(executions(run.trace.steps)).toEqual([["t1", "ok"]]);
    expect(run.notes.map((note) => note.kind)).toContain("running");
    for (const lang of ["en", "zh"] as const) {
      const note = run.notes.find((n) => n.kind === "running");
      if (note === undefined) throw new Error("no running note");
      const words = (lang === "en" ? runsEn : runsZh).importing.note(note);
      expect(words).toMatch(lang === "en" ? /still running.*has not failed/ : /仍在运行.*没有失败/);
      const step = run.trace.steps.find((s) => s.kind === "execution");
      if (step === undefined) throw new Error("no execution");
      expect(catalogs[lang].stepCaption(step, run.trace)).not.toMatch(/failed|失败/);
    }
  });

  it("a command's result is what the model was shown: its output with the metadata's words around it", () => {
    const done = oneCall("run", "", {
      metadata: {
        exit_code: 0,
        prefix: "",
        suffix: "\n[The command completed with exit code 0.]",
        working_dir: "/workspace",
        py_interpreter_path: "/usr/bin/python",
      },
    });
    expect(tools(neutral(done).messages)[0]?.content).toBe(
      "\n[The command completed with exit code 0.]\n[Current working directory: /workspace]\n[Python interpreter: /usr/bin/python]\n[Command finished with exit code 0]",
    );
    // An older log (the exit code beside the command, no metadata) keeps its output as it is.
    const older = oneCall("run", "a.py", { command: "ls", exit_code: 0 });
    expect(tools(neutral(older).messages)[0]?.content).toBe("a.py");
  });

  it("an error observation is an error result; who made it only where its text or id says", () => {
    const plain = oneCall("error", "File not found: /x", { error_id: "" });
    expect(statusOf(plain)).toEqual(["error"]);
    expect(errorNotes(plain)).toEqual([]);
    const notRun = oneCall("error", "The action has not been executed due to a runtime error.", {
      error_id: "AGENT_ERROR$ERROR_ACTION_NOT_EXECUTED_ERROR",
    });
    expect(errorNotes(notRun)).toEqual([{ kind: "error_by", index: 2, name: "execute_bash", by: "host" }]);
    const unknown = oneCall("error", "Action frobnicate does not exist.", {});
    expect(errorNotes(unknown)).toEqual([{ kind: "error_by", index: 2, name: "execute_bash", by: "host" }]);
  });

  it("a stopped action is cancelled by the user; a rejected one is an error the user made", () => {
    const stopped = oneCall("error", "Stop button pressed. The action has not been executed.", {
      error_id: "AGENT_ERROR$ERROR_ACTION_NOT_EXECUTED_STOPPED",
    });
    expect(statusOf(stopped)).toEqual(["error"]);
    expect(errorNotes(stopped)).toEqual([
      { kind: "cancelled", index: 2, name: "execute_bash", by: "user", started: false },
    ]);
    const rejected = oneCall("user_rejected", "Action has been rejected by the user! Task: make", {});
    expect(statusOf(rejected)).toEqual(["error"]);
    expect(errorNotes(rejected)).toEqual([{ kind: "error_by", index: 2, name: "execute_bash", by: "user" }]);
  });

  it("an error outside any call and the agent's error state are logged errors", () => {
    const events = [
      user(0, "go"),
      {
        id: 1,
        source: "agent",
        message: "bad",
        observation: "error",
        content: "Failed to parse tool call arguments: {",
        extras: { error_id: "" },
      },
      envState(2, "error", "RateLimitError: too many requests"),
    ];
    const read = neutral(events);
    expect(read.messages.map((m) => m.role)).toEqual(["user"]);
    expect(read.notes).toEqual([
      { kind: "log_error", index: 1, message: "Failed to parse tool call arguments: {" },
      { kind: "log_error", index: 1, message: "RateLimitError: too many requests" },
    ]);
    expect(neutral([user(0, "go"), envState(1, "error")]).notes).toEqual([
      { kind: "log_error", index: 1, message: "the agent stopped with an error" },
    ]);
  });

  it("a call whose result never came: no tool message; a problem only when the run goes on past it", () => {
    const cut = small().slice(0, 4); // cut off after the `run` action
    const read = neutral(cut);
    expect(tools(read.messages).map((m) => (m.role === "tool" ? m.callId : ""))).toEqual(["toolu_A"]);
    const atEnd = imported(cut);
    expect(atEnd.problems).toEqual([]);
    expect(finishAnswer(atEnd.trace.steps)).toBeNull();
    const goesOn = [...small().slice(0, 4), ...small().slice(5)]; // the run's observation is missing
    const result = imported(goesOn);
    expect(result.problems.map((p) => [p.kind, "callId" in p ? p.callId : ""])).toEqual([
      ["missing_result", "toolu_B"],
    ]);
  });
});

// ---- what is skipped, and hostile input ---------------------------------------------------------------------

describe("OpenHands trajectory: skipped records and hostile input", () => {
  it("skips environment events, null observations, recalls and unknown kinds", () => {
    const events = [
      envState(0, "loading"),
      { id: 1, source: "environment", message: "", action: "change_agent_state", args: { agent_state: "running" } },
      { id: 2, source: "environment", message: "", cause: 1, observation: "null", content: "", extras: {} },
      ...small(),
      { id: 20, source: "user", message: "", action: "recall", args: { recall_type: "workspace_context", query: "x" } },
      { id: 21, source: "environment", message: "", cause: 20, observation: "recall", content: "", extras: {} },
      { id: 22, source: "agent", message: "", action: "brand_new_action", args: {} },
      {
        id: 23,
        source: "agent",
        message: "",
        cause: 22,
        observation: "brand_new_observation",
        content: "?",
        extras: {},
      },
      { id: 24, source: "agent", message: "no kind at all" },
      envState(25, "finished"),
    ];
    const read = neutral(events);
    expect(read.messages).toEqual(neutral(small()).messages);
    expect(read.notes).toEqual(USAGE);
    expect(imported(events).format).toBe("openhands");
  });

  it("refuses what is not a trajectory, with where", () => {
    const errors = (data: unknown) => {
      const parsed = codec.parse(data);
      return parsed.ok ? null : parsed.errors;
    };
    expect(errors(null)).toEqual([{ message: "expected a JSON array of OpenHands events, got null", path: "" }]);
    expect(errors(42)).toEqual([{ message: "expected a JSON array of OpenHands events, got number", path: "" }]);
    expect(errors({ trajectory: null })).toEqual([
      { message: "expected an array of events, got null", path: "trajectory" },
    ]);
    expect(errors([user(0, "hi"), null])).toEqual([{ message: "expected an event (an object), got null", path: "1" }]);
    expect(errors([user(0, "hi"), [1, 2]])).toEqual([
      { message: "expected an event (an object), got an array", path: "1" },
    ]);
  });

  it("reads wrong-typed fields as well as it can, never crashing", () => {
    const events = [
      { id: 0, source: "user", message: "from message", action: "message", args: 5 },
      {
        id: 1,
        source: "agent",
        message: "",
        action: "run",
        args: null,
        tool_call_metadata: { tool_call_id: "t1", model_response: null },
      },
      {
        id: 2,
        source: "agent",
        message: "",
        cause: 1,
        observation: "run",
        content: 7,
        extras: { metadata: "x" },
        tool_call_metadata: "junk",
      },
      { id: 3, source: "agent", action: "read", args: { path: 3 }, tool_call_metadata: { tool_call_id: 9 } },
      {
        id: 4,
        source: "agent",
        observation: "run",
        cause: "1",
        content: null,
        tool_call_metadata: { tool_call_id: ["t"] },
      },
      { id: 5, source: "agent", action: "system", args: { content: 3, tools: "none" } },
      { id: 6, source: "environment", observation: "agent_state_changed", extras: null },
    ];
    const read = neutral(events);
    expect(read.messages).toEqual([
      { role: "user", content: "from message" },
      { role: "assistant", content: null, toolCalls: [{ callId: "t1", name: "run", args: {} }] },
      { role: "tool", callId: "t1", name: "run", status: "ok", content: "7", replayed: false },
      { role: "assistant", content: null, toolCalls: [{ callId: "event-3", name: "read", args: { path: 3 } }] },
      { role: "system", content: "" },
    ]);
    expect(read.tools).toEqual([]);
    const result = importTranscript(JSON.stringify(events));
    expect(result.ok).toBe(true);
  });
});

// ---- detection ----------------------------------------------------------------------------------------------

describe("OpenHands trajectory: detection", () => {
  it("is sure of a list of events and of the server's body", () => {
    expect(codec.detect(small())).toBe(9);
    expect(codec.detect({ trajectory: small() })).toBe(9);
    expect(codec.detect([envState(0, "loading")])).toBe(9);
  });

  it("does not take other formats' documents", () => {
    expect(codec.detect({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).toBe(0);
    expect(codec.detect([{ role: "user", content: "hi" }])).toBe(0);
    expect(
      codec.detect({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      }),
    ).toBe(0);
    expect(codec.detect([{ type: "user", uuid: "u1", sessionId: "s", message: { role: "user", content: "hi" } }])).toBe(
      0,
    );
    expect(codec.detect({ timestamp: "t", type: "session_meta", payload: {} })).toBe(0);
    // A SWE-agent .traj also has a `trajectory` of steps with `action` and `observation`, but no source or id.
    expect(
      codec.detect({
        trajectory: [{ action: "ls", observation: "a.py", response: "ls", thought: "look", state: {} }],
        history: [{ role: "system", content: "x", agent: "main", message_type: "system_prompt" }],
      }),
    ).toBe(0);
    expect(codec.detect([])).toBe(0);
    expect(codec.detect(null)).toBe(0);
    expect(codec.detect({ trajectory: null })).toBe(0);
  });
});

describe("an OpenHands V1 conversation (the software-agent SDK)", () => {
  const at = "2026-01-01T00:00:00.000000";
  const v1 = [
    {
      kind: "SystemPromptEvent",
      id: "e0",
      timestamp: at,
      source: "agent",
      system_prompt: { type: "text", text: "You are OpenHands agent." },
      tools: [],
    },
    {
      kind: "MessageEvent",
      id: "e1",
      timestamp: at,
      source: "user",
      llm_message: { role: "user", content: [{ type: "text", text: "Rename a.py to b.py." }] },
    },
    {
      kind: "ActionEvent",
      id: "e2",
      timestamp: at,
      source: "agent",
      thought: [{ type: "text", text: "I rename it." }],
      thinking_blocks: [],
      action: { kind: "ExecuteBashAction", command: "mv a.py b.py" },
      tool_name: "execute_bash",
      tool_call_id: "toolu_1",
      tool_call: {
        id: "toolu_1",
        type: "function",
        function: { name: "execute_bash", arguments: '{"command":"mv a.py b.py"}' },
      },
      llm_response_id: "resp_1",
    },
    {
      kind: "ObservationEvent",
      id: "e3",
      timestamp: at,
      source: "environment",
      tool_name: "execute_bash",
      tool_call_id: "toolu_1",
      action_id: "e2",
      observation: { kind: "ExecuteBashObservation", output: "", exit_code: 0 },
    },
  ];
  const said = (data: unknown) => {
    const result = importTranscript(JSON.stringify(data));
    if (result.ok) throw new Error(`read as ${result.format}`);
    return result.errors[0]?.message ?? "";
  };

  it("is named, not misread, as a list, as the server's {items} and as one event's file", () => {
    const name =
      "this looks like an OpenHands V1 conversation (the software-agent SDK's events), which is not read yet";
    expect(said(v1)).toContain(name);
    expect(said({ items: v1, next_page_id: null })).toContain(name);
    expect(said(v1[2])).toContain(name);
  });

  it("leaves V0's trajectory to the OpenHands reader", () => {
    expect(imported(small()).format).toBe("openhands");
  });
});
