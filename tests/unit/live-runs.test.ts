// @vitest-environment node
/**
 * Runs gathered from the recording proxy's exchanges (src/live/runs.ts) and saved as they go
 * (src/live/save.ts): what a run is made of (a retry, a rewritten history, the same task run again), what the
 * proxy saw go wrong at which model call, a request sent and not yet answered as a step, no key-shaped string in
 * anything that leaves the proxy, and the saved file: whole at every moment, owner-only, read back by the import.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { liveFactsIn } from "../../src/cli/view";
import { importTranscript } from "../../src/formats/import";
import { agentCommand, codexConfig } from "../../src/live/agents";
import type { Exchange } from "../../src/live/proxy";
import { KEY_REMOVED, LiveRuns } from "../../src/live/runs";
import { followRuns, reasonsLine, savedText, writeAtomically } from "../../src/live/save";

let next = 0;
/** A Chat Completions exchange as the proxy records it: the request sent, the JSON answer (or an error) in. */
function chat(messages: unknown[], answer: object | null): Exchange {
  const error = answer !== null && "status" in answer ? (answer as { status: number; body: string }) : null;
  return {
    id: next++,
    provider: "openai",
    method: "POST",
    path: "/v1/chat/completions",
    requestHeaders: { "content-type": "application/json" },
    requestBody: JSON.stringify({ model: "m", messages, tools: TOOLS }),
    started: 0,
    status: answer === null ? null : (error?.status ?? 200),
    responseHeaders: { "content-type": "application/json" },
    responseBody:
      answer === null
        ? ""
        : (error?.body ?? JSON.stringify({ choices: [{ index: 0, message: answer, finish_reason: "stop" }] })),
    end: answer === null ? "open" : "complete",
  };
}
const TOOLS = [{ type: "function", function: { name: "read_file", parameters: { type: "object" } } }];
const ASK = { role: "user", content: "Read timeout from config.txt" };
const CALL = {
  role: "assistant",
  content: null,
  tool_calls: [{ id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"config.txt"}' } }],
};
const RESULT = { role: "tool", tool_call_id: "call_1", content: "timeout=30" };

/** Send an exchange through the runs as the proxy does: begun, then ended. */
function pass(runs: LiveRuns, exchange: Exchange): void {
  runs.begin(exchange);
  runs.progress(exchange);
}

describe("runs from requests", () => {
  it("keeps a retry after an error in its run, and says at the model call what the provider answered", () => {
    const runs = new LiveRuns();
    pass(runs, chat([ASK], CALL));
    const body = JSON.stringify({ error: { message: "Rate limit reached for m", type: "rate_limit" } });
    pass(runs, chat([ASK, CALL, RESULT], { status: 429, body }));
    pass(runs, chat([ASK, CALL, RESULT], { role: "assistant", content: "timeout is 30" }));
    expect(runs.runs).toHaveLength(1);
    const [run] = runs.runs;
    if (run === undefined) throw new Error("no run");
    expect(run.requests).toBe(3);
    expect(runs.facts(run)).toEqual({
      streaming: false,
      events: [
        { call: 2, kind: "error", status: 429, message: "Rate limit reached for m" },
        { call: 2, kind: "retried" },
      ],
    });
    const imported = importTranscript(runs.document(run), undefined, "run", { sent: true });
    expect(imported.ok && imported.trace.steps.map((step) => step.kind)).toEqual([
      "task",
      "model_call",
      "proposal",
      "execution",
      "model_call",
      "answer",
      "finish",
    ]);
  });

  it("shows a request sent and not yet answered as its model call, and the failed one too", () => {
    const runs = new LiveRuns();
    pass(runs, chat([ASK], CALL));
    const waiting = chat([ASK, CALL, RESULT], null);
    runs.begin(waiting);
    const [run] = runs.runs;
    if (run === undefined) throw new Error("no run");
    const read = (sent: boolean) => {
      const imported = importTranscript(runs.document(run), undefined, "run", { sent });
      return imported.ok ? imported.trace.steps.map((step) => step.kind) : [];
    };
    expect(read(true)).toEqual(["task", "model_call", "proposal", "execution", "model_call", "finish"]);
    // Read as a saved request (not known to be sent), the same document ends where the host has fed the result.
    expect(read(false)).toEqual(["task", "model_call", "proposal", "execution", "finish"]);
    waiting.status = 400;
    waiting.responseBody = '{"error":{"message":"Invalid schema for function read_file"}}';
    waiting.end = "complete";
    runs.progress(waiting);
    expect(read(true)).toEqual(["task", "model_call", "proposal", "execution", "model_call", "finish"]);
    expect(runs.facts(run).events).toEqual([
      { call: 2, kind: "error", status: 400, message: "Invalid schema for function read_file" },
    ]);
  });

  it("finds a history rewritten in the middle of a run, and starts a new run for the same task run again", () => {
    const runs = new LiveRuns();
    pass(runs, chat([ASK], CALL));
    pass(runs, chat([ASK, CALL, RESULT], { role: "assistant", content: "timeout is 30" }));
    // The agent edits the result it fed back before, and goes on: the run's finding.
    const edited = { ...RESULT, content: "timeout=31" };
    const answer = { role: "assistant", content: "timeout is 30" };
    const more = [ASK, CALL, edited, answer, { role: "user", content: "and retries?" }];
    pass(runs, chat(more, { role: "assistant", content: "none" }));
    const [first] = runs.runs;
    expect(first && runs.facts(first).events).toEqual([{ call: 3, kind: "rewritten", kept: 2, before: 3 }]);
    // The same task again, from the start: a new run, not a rewrite of the first.
    pass(runs, chat([ASK], CALL));
    expect(runs.runs.map((run) => run.requests)).toEqual([3, 1]);
    expect(runs.runs).toHaveLength(2);
  });

  it("lets no key-shaped string out: not in the document, not in an error's words", () => {
    const runs = new LiveRuns();
    const key = `sk-proj-${"A1b2C3d4".repeat(6)}`;
    const google = `AIza${"x".repeat(35)}`;
    pass(
      runs,
      chat([{ role: "user", content: `my keys are ${key} and ${google}` }], {
        status: 401,
        body: JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }),
      }),
    );
    const [run] = runs.runs;
    if (run === undefined) throw new Error("no run");
    const out = runs.document(run) + JSON.stringify(runs.facts(run));
    expect(out).not.toContain(key);
    expect(out).not.toContain(google);
    expect(out).toContain(KEY_REMOVED);
    expect(JSON.parse(runs.document(run))).toBeTypeOf("object");
  });
});

describe("saved as it goes", () => {
  const dir = mkdtempSync(join(tmpdir(), "live-save-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each run whole, owner-only, as a trace the import reads with the proxy's facts", async () => {
    const runs = new LiveRuns();
    const folder = join(dir, "runs");
    const errors: string[] = [];
    const saving = followRuns(runs, folder, {
      notDrawn: () => errors.push("not drawn"),
      drawn: () => errors.push("drawn"),
      error: (message) => errors.push(message),
    });
    pass(runs, chat([ASK], CALL));
    pass(runs, chat([ASK, CALL, RESULT], { status: 400, body: '{"error":{"message":"bad request"}}' }));
    saving.stop();
    expect(errors).toEqual([]);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const path = join(folder, files[0] ?? "");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const text = readFileSync(path, "utf8");
    const imported = importTranscript(text);
    expect(imported.ok && imported.format).toBe("neutral");
    expect(imported.ok && imported.trace.steps.map((step) => step.kind)).toEqual([
      "task",
      "model_call",
      "proposal",
      "execution",
      "model_call",
      "finish",
    ]);
    expect(liveFactsIn(path)?.events).toEqual([{ call: 2, kind: "error", status: 400, message: "bad request" }]);
  });

  it("replaces a file by a rename, never leaving half of it", () => {
    const path = join(dir, "whole.json");
    writeAtomically(path, "first\n");
    writeAtomically(path, "second\n");
    expect(readFileSync(path, "utf8")).toBe("second\n");
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("saves a run the import cannot read raw, says so at once with the reason, and the import names it", () => {
    const runs = new LiveRuns();
    const folder = join(dir, "raw");
    const told: string[] = [];
    const saving = followRuns(runs, folder, {
      notDrawn: (run, reasons, file) => told.push(`${runs.name(run)}: ${reasonsLine(reasons)} in ${file}`),
      drawn: (run) => told.push(`${run.id} drawn`),
      error: (message) => told.push(message),
    });
    const key = `sk-ant-api03-${"k".repeat(40)}`;
    // A request whose body is not JSON, with a key-shaped string in it: a run of its own, never dropped.
    const broken = { ...chat([ASK], { role: "assistant", content: "hi" }), requestBody: `{"messages": [ ${key}` };
    pass(runs, broken);
    saving.stop();
    const files = readdirSync(folder);
    expect(files).toEqual([expect.stringMatching(/^live-\d{8}-\d{6}-run1-openai\.raw\.json$/)]);
    const path = join(folder, files[0] ?? "");
    expect(told).toHaveLength(1);
    expect(told).toEqual([`openai · run 1: not valid JSON: an unexpected character (line 1, column 17) in ${path}`]);
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(key);
    const raw = JSON.parse(text);
    expect(raw).toMatchObject({
      agent_loop_figure_live_raw: 1,
      provider: "openai",
      path: "/v1/chat/completions",
      requests: 1,
    });
    expect(raw.response).toMatchObject({ status: 200, end: "complete" });
    expect(raw.request).toBe(`{"messages": [ ${KEY_REMOVED}`);
    const imported = importTranscript(text);
    expect(imported.ok).toBe(false);
    if (!imported.ok) {
      expect(imported.errors[0]?.message).toMatch(
        /^this is a run agent-loop-figure live saved raw .* because the figure could not draw it$/,
      );
      expect(imported.errors[1]?.message).toBe(raw.not_drawn[0].message);
    }
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("gives savedText a run with no messages yet as raw, with the import's reason", () => {
    const runs = new LiveRuns();
    runs.begin(chat([], null));
    const [run] = runs.runs;
    if (run === undefined) throw new Error("no run");
    const saved = savedText(runs, run, "x.json");
    expect(saved.kind).toBe("raw");
    expect(saved.kind === "raw" && saved.reasons[0]?.message).toMatch(/^not a transcript this import reads/);
  });
});

describe("Codex CLI", () => {
  it("gets the proxy as a custom provider over the Responses API: config.toml lines, or -c overrides", () => {
    const base = "http://127.0.0.1:4321/v1";
    expect(codexConfig(base)).toBe(
      [
        'model_provider = "agent_loop_figure"',
        "[model_providers.agent_loop_figure]",
        'name = "agent-loop-figure live"',
        'base_url = "http://127.0.0.1:4321/v1"',
        'wire_api = "responses"',
        'env_key = "OPENAI_API_KEY"',
      ].join("\n"),
    );
    expect(agentCommand(["codex", "exec", "hi"], base)).toEqual([
      "codex",
      "-c",
      'model_provider="agent_loop_figure"',
      "-c",
      'model_providers.agent_loop_figure.name="agent-loop-figure live"',
      "-c",
      'model_providers.agent_loop_figure.base_url="http://127.0.0.1:4321/v1"',
      "-c",
      'model_providers.agent_loop_figure.wire_api="responses"',
      "-c",
      'model_providers.agent_loop_figure.env_key="OPENAI_API_KEY"',
      "exec",
      "hi",
    ]);
    expect(agentCommand(["node", "agent.js"], base)).toEqual(["node", "agent.js"]);
  });
});
