// @vitest-environment node
/**
 * The recording proxy's runs (src/live/runs.ts) from the requests the agents people run really sent: Claude Code,
 * Codex CLI, Gemini CLI and pi, each run headless against the scripted model server (tests/fixtures/agents/, made by
 * its capture.ts). One conversation is one run, whatever the agent moves between requests (caching marks, system
 * messages, reminders), and the run's document is what the import, the replay check and the export read. Beside them,
 * the same moves made by hand at a larger scale: caching marks on the newest message, reminders rewritten, thinking
 * cleared, and a history that really was edited.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runs as english } from "../../src/content/runs.en";
import { runs as chinese } from "../../src/content/runs.zh";
import { anthropicRequest } from "../../src/formats/anthropic";
import { checkReplay } from "../../src/formats/check";
import { CODECS } from "../../src/formats/codecs";
import { importTranscript } from "../../src/formats/import";
import { lossesIn } from "../../src/formats/loss";
import { type Exchange, routeOf } from "../../src/live/proxy";
import { LiveRuns } from "../../src/live/runs";
import { COMPACTION_OPENING, claudeCodeSession } from "../fixtures/long-session";

const FIXTURES = join(import.meta.dirname, "../fixtures/agents");

interface Captured {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;
}
const captured = (agent: string): Captured[] =>
  JSON.parse(readFileSync(join(FIXTURES, `${agent}.requests.json`), "utf8")) as Captured[];

/** The scripted model's last answer, as each API gives it whole: "timeout is 30". */
function answerFor(path: string): unknown {
  if (path.startsWith("/v1/messages"))
    return {
      id: "msg_final",
      type: "message",
      role: "assistant",
      model: "m",
      content: [{ type: "text", text: "timeout is 30" }],
      stop_reason: "end_turn",
    };
  if (path.startsWith("/v1/responses"))
    return {
      id: "resp_final",
      object: "response",
      status: "completed",
      output: [
        {
          type: "message",
          id: "msg_final",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "timeout is 30", annotations: [] }],
        },
      ],
    };
  return { candidates: [{ content: { role: "model", parts: [{ text: "timeout is 30" }] }, finishReason: "STOP" }] };
}

let next = 0;
/** A captured request as the proxy records it, answered whole. */
function exchangeOf(request: Captured, body: unknown = request.body): Exchange {
  const provider = routeOf(new URL(request.path, "http://x").pathname);
  if (provider === null) throw new Error(`no provider at ${request.path}`);
  return {
    id: next++,
    provider,
    method: request.method,
    path: request.path,
    requestHeaders: { "content-type": "application/json" },
    requestBody: JSON.stringify(body),
    started: 0,
    status: 200,
    responseHeaders: { "content-type": "application/json" },
    responseBody: JSON.stringify(answerFor(request.path)),
    end: "complete",
  };
}

/** The runs the proxy makes of a sequence of requests. */
function runsOf(requests: readonly Captured[], bodies?: readonly unknown[]): LiveRuns {
  const runs = new LiveRuns();
  requests.forEach((request, i) => {
    const exchange = exchangeOf(request, bodies?.[i] ?? request.body);
    runs.begin(exchange);
    runs.progress(exchange);
  });
  return runs;
}

/** The run whose history holds the unknown tool's call, imported as the viewer and `--save` import it. */
function conversation(runs: LiveRuns) {
  const holding = runs.runs.filter((run) => runs.document(run).includes("read_config"));
  expect(holding).toHaveLength(1);
  const [run] = holding;
  if (run === undefined) throw new Error("no run");
  const imported = importTranscript(runs.document(run), undefined, "run", { sent: true });
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
  return { run, imported };
}

/** The host's answer to the unknown tool, fed back paired with its call. */
function refusal(imported: ReturnType<typeof conversation>["imported"]) {
  const steps = imported.trace.steps;
  const proposal = steps.find((step) => step.kind === "proposal");
  const execution = steps.find((step) => step.kind === "execution");
  expect(proposal?.kind === "proposal" && proposal.calls.map((call) => call.name)).toEqual(["read_config"]);
  expect(execution?.callIds).toEqual(proposal?.callIds);
  expect(imported.problems).toEqual([]);
  expect(steps.at(-1)?.kind === "finish" && steps.at(-1)).toMatchObject({ answer: "timeout is 30" });
  return execution?.toolResult;
}

describe("the agents' own requests, one conversation each", () => {
  it("Claude Code: its mid-run system message and beta fields are read, and its two requests are one run", () => {
    const requests = captured("claude-code");
    expect(requests.every((request) => request.path === "/v1/messages?beta=true")).toBe(true);
    // What made the import refuse it before: a system message among the messages, carrying the beta's fields.
    expect(requests[0]?.body.messages).toContainEqual(expect.objectContaining({ role: "system" }));
    expect(requests[0]?.body.thinking).toEqual({ type: "adaptive", display: "omitted" });
    const runs = runsOf(requests);
    expect(runs.runs.map((run) => run.requests)).toEqual([2]);
    const { run, imported } = conversation(runs);
    expect(runs.facts(run).events).toEqual([]);
    expect(refusal(imported)).toMatchObject({
      status: "error",
      content: "<tool_use_error>Error: No such tool available: read_config</tool_use_error>",
    });
    // The system message is in the context the model was given at its first call, and said there, as the host's.
    const firstCall = imported.trace.steps.find((step) => step.kind === "model_call");
    const notes = imported.notes.filter((note) => note.step === firstCall?.number).map((note) => note.kind);
    expect(notes).toContain("system_message");
    // The reminder in the user's turn is said as the host's, at the user's step.
    const task = imported.trace.steps.find((step) => step.kind === "task");
    expect(imported.notes).toContainEqual({ kind: "host_text", blocks: 1, step: task?.number });
    expect(imported.trace.messages.slice(0, firstCall?.contextEnd).map((message) => message.role)).toEqual([
      "system",
      "user",
      "system",
    ]);
    // The context edits the last request asks for are said at its model call.
    const lastCall = imported.trace.steps.filter((step) => step.kind === "model_call").at(-1);
    expect(imported.notes).toContainEqual({
      kind: "context_edits",
      edits: ["clear_thinking_20251015"],
      step: lastCall?.number,
    });
  });

  it("Claude Code in its terminal UI: its title side call, of the same session, is a run of its own", () => {
    const requests = captured("claude-code-interactive").filter((request) => request.method === "POST");
    const runs = runsOf(requests);
    expect(runs.runs.map((run) => run.requests)).toEqual([1, 2]);
    const { run } = conversation(runs);
    expect(runs.facts(run).events).toEqual([]);
  });

  it("pi: the caching mark it moves to the newest message does not split its run", () => {
    const requests = captured("pi");
    const marked = (body: unknown) => JSON.stringify(body).match(/cache_control/g)?.length ?? 0;
    expect(requests.map((request) => marked(request.body.messages))).toEqual([1, 1]);
    const runs = runsOf(requests);
    expect(runs.runs.map((run) => run.requests)).toEqual([2]);
    expect(refusal(conversation(runs).imported)).toMatchObject({
      status: "error",
      content: "Tool read_config not found",
    });
  });

  it("Gemini CLI: its side call is a run of its own, and the conversation one run", () => {
    const runs = runsOf(captured("gemini-cli"));
    const { run, imported } = conversation(runs);
    expect(run.requests).toBe(2);
    expect(runs.runs).toHaveLength(2);
    expect(refusal(imported)?.content).toMatch(/^Tool "read_config" not found\. Did you mean/);
  });

  it("Codex CLI: one run, the host's answer paired with the call", () => {
    const runs = runsOf(captured("codex"));
    expect(runs.runs.map((run) => run.requests)).toEqual([2]);
    expect(refusal(conversation(runs).imported)?.content).toBe("unsupported call: read_config");
  });
});

describe("a real Claude Code request body", () => {
  const body = captured("claude-code")[1]?.body;
  const text = JSON.stringify(body);

  it("imports as Anthropic Messages, its system message and context edits said in both languages", () => {
    const imported = importTranscript(text);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.format).toBe("anthropic");
    expect(imported.trace.tools.map((tool) => tool.name)).toContain("Bash");
    for (const [words, name] of [
      [english, "system message"],
      [chinese, "系统消息"],
    ] as const) {
      const said = imported.notes.map((note) => words.importing.note(note));
      expect(said.filter((line) => line.includes(name))).toHaveLength(1);
      expect(said.filter((line) => line.includes("clear_thinking_20251015"))).toHaveLength(1);
    }
  });

  it("checks clean for Anthropic, and its replay rules say what only the beta takes", () => {
    const imported = importTranscript(text);
    if (!imported.ok) throw new Error("not imported");
    expect(checkReplay(imported.trace, "anthropic", "anthropic")).toEqual([]);
    expect(CODECS.anthropic.replay?.notChecked?.join(" ")).toMatch(/only the beta takes .*clear_at/);
  });

  it("exports as Messages with its system message where it stands, and a loss report where a format cannot", () => {
    const imported = importTranscript(text);
    if (!imported.ok) throw new Error("not imported");
    const written = anthropicRequest(imported.trace.messages, imported.trace.tools);
    expect(written.messages.map((message) => message.role)).toEqual(["user", "system", "assistant", "user"]);
    expect(lossesIn("anthropic", imported.trace)).toEqual([]);
    expect(lossesIn("gemini", imported.trace).map((loss) => loss.feature)).toContain("mid_run_system");
    const back = importTranscript(JSON.stringify(written));
    expect(back.ok && back.trace.messages.map((message) => message.role)).toEqual(
      imported.trace.messages.map((message) => message.role),
    );
  });
});

describe("a system message shown until the next user message (clear_at)", () => {
  const body = {
    model: "m",
    max_tokens: 100,
    messages: [
      { role: "user", content: "Read timeout from config.txt" },
      { role: "system", content: "The user is on a phone: answer in one line.", clear_at: "next_user_message" },
    ],
  };

  it("is kept on the message, said at its model call, and reported lost by Messages without beta", () => {
    const imported = importTranscript(JSON.stringify(body), undefined, "run", { sent: true });
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.trace.messages[1]).toMatchObject({ role: "system", clearAt: "next_user_message" });
    const call = imported.trace.steps.find((step) => step.kind === "model_call");
    expect(imported.notes).toContainEqual({ kind: "system_message", clearAt: "next_user_message", step: call?.number });
    expect(english.importing.note(imported.notes[0] ?? { kind: "torn_line", name: "", step: 0 })).toContain(
      "only until the next user message",
    );
    expect(lossesIn("anthropic", imported.trace).map((loss) => loss.feature)).toEqual(["clear_at"]);
    expect(lossesIn("neutral", imported.trace)).toEqual([]);
  });
});

describe("what was said, not the bytes", () => {
  const [first, second] = captured("claude-code");
  if (first === undefined || second === undefined) throw new Error("no capture");
  type Body = { messages: { role: string; content: unknown }[] } & Record<string, unknown>;
  const clone = (body: unknown) => structuredClone(body) as Body;

  it("keeps one run through rewritten reminders, a system message taken out and caching marks moved", () => {
    const later = clone(second.body);
    // The reminder in the first user turn changes; the mid-run system message goes; a mark moves to the task.
    const [task] = later.messages;
    if (task === undefined || !Array.isArray(task.content)) throw new Error("no task");
    task.content[0] = { type: "text", text: "<system-reminder>\nToday is another day.\n</system-reminder>" };
    task.content[1] = { ...task.content[1], cache_control: { type: "ephemeral" } };
    later.messages = later.messages.filter((message) => message.role !== "system");
    const runs = runsOf([first, second], [first.body, later]);
    expect(runs.runs.map((run) => run.requests)).toEqual([2]);
  });

  it("says thinking cleared from the history at the call whose request cleared it, and keeps the run", () => {
    const thinking = { type: "thinking", thinking: "", signature: "sig" };
    const withThinking = clone(second.body);
    const turn = withThinking.messages.find((message) => message.role === "assistant");
    if (turn === undefined || !Array.isArray(turn.content)) throw new Error("no turn");
    turn.content.unshift(thinking);
    const third = clone(second.body);
    third.messages.push(
      { role: "assistant", content: [{ type: "text", text: "timeout is 30" }] },
      { role: "user", content: "and the retries?" },
    );
    const runs = runsOf([first, second, second], [first.body, withThinking, third]);
    const [run] = runs.runs;
    expect(runs.runs).toHaveLength(1);
    expect(run && runs.facts(run).events).toEqual([{ call: 3, kind: "thinking_cleared", blocks: 1 }]);
  });

  it("still finds a history that really was edited", () => {
    const edited = clone(second.body);
    const result = edited.messages.at(-1);
    if (result === undefined || !Array.isArray(result.content)) throw new Error("no result");
    result.content[0] = { ...result.content[0], content: "timeout=31" };
    const more = clone(edited);
    more.messages.push(
      { role: "assistant", content: [{ type: "text", text: "timeout is 31" }] },
      { role: "user", content: "sure?" },
    );
    const runs = runsOf([first, second, second], [first.body, second.body, more]);
    const [run] = runs.runs;
    expect(runs.runs).toHaveLength(1);
    expect(run && runs.facts(run).events.map((event) => event.kind)).toEqual(["rewritten"]);
  });
});

describe("a long Claude Code session", () => {
  it("is one run through hundreds of calls, moving marks, rewritten reminders and one compaction", () => {
    const session = claudeCodeSession({ calls: 300, compactAt: 150 });
    const runs = new LiveRuns();
    for (const { path, headers, body, answer } of session) {
      const exchange: Exchange = {
        ...exchangeOf({ method: "POST", path, headers, body }),
        requestHeaders: { "content-type": "application/json", ...headers },
        responseBody: JSON.stringify(answer),
      };
      runs.begin(exchange);
      runs.progress(exchange);
    }
    expect(runs.runs.map((run) => run.requests)).toEqual([300]);
    const [run] = runs.runs;
    if (run === undefined) throw new Error("no run");
    // The compaction is the run's one finding: the summary opens the history anew, at its model call.
    expect(runs.facts(run).events).toEqual([{ call: 1, kind: "rewritten", kept: 0, before: 2 + 148 * 2 }]);
    const imported = importTranscript(runs.document(run), undefined, "run", { sent: true });
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.problems).toEqual([]);
    expect(imported.trace.counters.modelCalls).toBe(151);
    expect(imported.trace.messages[1]).toMatchObject({ role: "user" });
    expect(imported.trace.messages[1]?.content).toContain(COMPACTION_OPENING);
  });
});
