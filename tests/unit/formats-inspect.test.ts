// @vitest-environment node
/**
 * The Inspect AI eval log codec and its zip helper: the real version-3 `.eval` file in ../shared/agent-logs (when
 * that folder is there) and small hand-written logs of the same shapes (always): a version-3 log (pooled model
 * inputs) as JSON and zipped, a version-2 log with usage, tool errors of every kind, an approval, a compaction and
 * scoring, stopped samples, several samples, bare message lists, damaged zips and hostile input.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import type { Trace } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { codec } from "../../src/formats/inspect";
import { inspectZipText } from "../../src/formats/inspect-zip";
import type { LogNote } from "../../src/formats/types";
import { imported, neutralBy, refusalBy, shapeOf } from "./log-helpers";

const DIR = "../shared/agent-logs";
const REAL = `${DIR}/inspect-log-v3-dedup-hardcoded-tools.eval`;

type Obj = Record<string, unknown>;

const neutralOf = neutralBy(codec);
const refusalOf = refusalBy(codec);

const notesOf = (data: unknown, kind: LogNote["kind"]) => (neutralOf(data).notes ?? []).filter((n) => n.kind === kind);

// ---- hand-written logs ----------------------------------------------------------------------------------------

const user = (id: string, content: unknown) => ({ id, content, source: "input", role: "user" });
const call = (id: string, args: Obj, fn = "bash") => ({ id, function: fn, arguments: args, type: "function" });
const reply = (id: string, content: unknown, calls?: unknown[]) => ({
  id,
  content,
  source: "generate",
  role: "assistant",
  ...(calls === undefined ? {} : { tool_calls: calls }),
});
const result = (id: string, content: unknown, error?: { type: string; message: string }, fn = "bash") => ({
  id: `r-${id}`,
  content,
  role: "tool",
  tool_call_id: id,
  function: fn,
  ...(error === undefined ? {} : { error }),
});
const usage = (input: number, output: number, more: Obj = {}) => ({
  input_tokens: input,
  output_tokens: output,
  total_tokens: input + output,
  ...more,
});
const model = (output: unknown, rest: Obj = {}) => ({
  event: "model",
  model: "openai/gpt-4o",
  input: [],
  tools: [],
  tool_choice: "auto",
  config: {},
  output: { model: "gpt-4o", choices: output === null ? [] : [{ message: output, stop_reason: "stop" }], ...rest },
});
const BASH = {
  name: "bash",
  description: "attachment://bashdoc",
  parameters: {
    type: "object",
    properties: { cmd: { type: "string", description: "The command." } },
    required: ["cmd"],
  },
};

/** A version-3 log in the real file's shape: two model calls whose inputs are ranges into the message pool. */
function v3Log(): Obj {
  const u = user("m0", "Guess the number");
  const a1 = reply("m1", "Executing bash", [call("hc_0", { cmd: "ls" })]);
  const t1 = result("hc_0", "bin\nusr\n");
  const a2 = reply("m3", "done");
  return {
    version: 3,
    status: "success",
    eval: { task: "guess_number", model: "hardcoded/hardcoded", packages: { inspect_ai: "0.3.135" } },
    plan: { name: "plan", steps: [] },
    samples: [
      {
        id: 0,
        epoch: 1,
        input: "Guess the number",
        target: "42",
        messages: [u, a1, t1, a2],
        events: [
          { event: "span_begin", id: "init", type: "init", name: "init" },
          { event: "sample_init", sample: {}, state: {} },
          { event: "span_end", id: "init" },
          { ...model(a1), input_refs: [[0, 1]], tools: [BASH] },
          {
            event: "tool",
            type: "function",
            id: "hc_0",
            function: "bash",
            arguments: { cmd: "ls" },
            result: "bin\nusr\n",
          },
          { event: "sandbox", action: "exec", cmd: "bash --login -c ls", result: 0, output: "bin\nusr\n" },
          { ...model(a2), input_refs: [[0, 3]], tools: [BASH] },
          { event: "span_begin", id: "scorers", type: "scorers", name: "scorers" },
          { event: "score", score: { value: 0 }, target: "42" },
          { event: "span_end", id: "scorers" },
        ],
        attachments: { bashdoc: "Run a bash command." },
        message_pool: [u, a1, t1],
      },
    ],
  };
}

const v3Sample = (): Obj => (v3Log().samples as Obj[])[0] as Obj;

/** A version-2 log: inline model inputs, usage, every kind of tool error, an approval, a compaction and scoring. */
function v2Sample(): Obj {
  const a1 = reply(
    "a1",
    [
      { type: "reasoning", reasoning: "Look first.", signature: "sig-1" },
      { type: "text", text: "Listing." },
    ],
    [call("t1", { cmd: "ls" }), call("t2", {}, "python")],
  );
  const a2 = reply("a2", "", [call("t3", { cmd: "rm -rf /" })]);
  const a3 = reply("a3", "Trying three.", [
    call("t4", { cmd: "sleep 999" }),
    call("t5", { cmd: "cat x" }),
    call("t6", { cmd: "false" }),
  ]);
  const a4 = reply("a4", [
    { type: "reasoning", reasoning: "gAAAAB...", redacted: true },
    { type: "text", text: "The bug is fixed." },
  ]);
  const messages = [
    { id: "s0", content: "You are careful.", role: "system" },
    user("u0", "Fix the bug"),
    a1,
    result("t1", "a.py\n"),
    result("t2", "", { type: "parsing", message: "Found 1 validation error parsing tool input arguments" }, "python"),
    a2,
    result("t3", "", { type: "approval", message: "Rejected by human approver." }),
    a3,
    result("t4", "", { type: "timeout", message: "Command timed out before completing." }),
    result("t5", "", { type: "cancelled", message: "Tool call cancelled because a parallel sibling failed." }),
    result("t6", "", { type: "unknown", message: "exit status 1" }),
    a4,
  ];
  return {
    id: "fix-1",
    epoch: 1,
    input: "Fix the bug",
    target: "",
    messages,
    events: [
      { event: "sample_init", sample: {}, state: {} },
      {
        ...model(a1, { usage: usage(100, 10, { input_tokens_cache_read: 20, total_cost: 0.001 }) }),
        input: messages.slice(0, 2),
        tools: [BASH],
      },
      { event: "tool", id: "t1", function: "bash", arguments: { cmd: "ls" }, result: "a.py\n" },
      { ...model(a2, { usage: usage(200, 20) }), input: messages.slice(0, 5) },
      {
        event: "approval",
        message: "",
        call: { id: "t3", function: "bash", arguments: { cmd: "rm -rf /" } },
        approver: "human",
        decision: "reject",
      },
      { event: "a_future_event_kind", anything: [1, 2, 3] },
      { event: "compaction", type: "summary", metadata: { messages_before: 7, messages_after: 3 } },
      { ...model(a3, { usage: usage(300, 30) }), input: messages.slice(0, 7) },
      { ...model(null, { usage: usage(50, 0) }), error: "RateLimitError: too many requests" },
      { ...model(a4, { usage: usage(400, 40) }), input: messages.slice(0, 11) },
      { event: "span_begin", id: "sc", type: "scorers", name: "scorers" },
      { event: "span_begin", id: "sc1", parent_id: "sc", type: "scorer", name: "model_graded_qa" },
      { ...model(reply("grader", "GRADE: C"), { usage: usage(999, 9) }), span_id: "sc1" },
      { event: "span_end", id: "sc1" },
      { event: "span_end", id: "sc" },
    ],
    attachments: { bashdoc: "Run a bash command." },
  };
}

const v2Log = (samples: unknown[] = [v2Sample()]): Obj => ({
  version: 2,
  status: "success",
  eval: { task: "fix", model: "openai/gpt-4o", packages: { inspect_ai: "0.3.95" } },
  plan: { name: "plan", steps: [] },
  samples,
});

/** A `.eval` zip of a log: its header, one member per sample, and the files beside them. */
function zipOf(log: Obj, extra: Record<string, string> = {}): Uint8Array {
  const { samples, ...header } = log;
  const files: Record<string, Uint8Array> = { "header.json": strToU8(JSON.stringify(header)) };
  for (const sample of samples as Obj[])
    files[`samples/${String(sample.id)}_epoch_${String(sample.epoch)}.json`] = strToU8(JSON.stringify(sample));
  files["summaries.json"] = strToU8("[]");
  for (const [name, text] of Object.entries(extra)) files[name] = strToU8(text);
  return zipSync(files);
}

/** The captions of a run's end and of its final reply, in a language. */
function words(trace: Trace, lang: "en" | "zh"): { finish: string; answer: string } {
  const finish = trace.steps.at(-1);
  const answer = [...trace.steps].reverse().find((step) => step.kind === "answer");
  if (finish === undefined || answer === undefined) throw new Error("no end or no reply");
  return { finish: catalogs[lang].stepCaption(finish, trace), answer: catalogs[lang].stepCaption(answer, trace) };
}

/** The v3 log with its sample's scores and target replaced. */
function scored(scores: unknown, target: unknown = "42"): Obj {
  const log = v3Log();
  const sample = (log.samples as Obj[])[0] as Obj;
  return { ...log, samples: [{ ...sample, target, scores }] };
}

describe("a sample's scores: the evaluation's check of the task, at the end", () => {
  it("a C with the answer it read and its explanation: passed, and the run done by that check", () => {
    const { trace } = imported(
      scored({ match: { value: "C", answer: "done", explanation: "The answer matches the target." } }, ["42", "42.0"]),
    );
    const last = trace.steps.at(-1);
    expect(last?.kind === "finish" ? last.recorded : null).toEqual([
      {
        by: "scorer",
        name: "match",
        value: "C",
        passed: true,
        target: "42 | 42.0",
        answer: "done",
        explanation: "The answer matches the target.",
      },
    ]);
    expect(trace.outcome).toBe("completed");
    expect(words(trace, "en").finish).toContain(
      "the scorer match gave C against the target 42 | 42.0. By that check the task is done: the verdict is the scorer's, not the model's word.",
    );
    expect(words(trace, "zh").finish).toContain("按这次核对，任务完成了：这是评分器的判定，不是模型的说法。");
  });

  it("I, N, false and 0 fail; C, true and 1 pass; P and 0.6 give no verdict, and the outcome stays not recorded", () => {
    const verdict = (value: unknown) => {
      const { trace } = imported(scored({ s: { value } }));
      const last = trace.steps.at(-1);
      return [last?.kind === "finish" ? last.recorded?.[0]?.passed : undefined, trace.outcome];
    };
    expect(["I", "N", false, 0].map(verdict)).toEqual(Array(4).fill([false, "verification_missing"]));
    expect(["C", true, 1].map(verdict)).toEqual(Array(3).fill([true, "completed"]));
    expect(["P", 0.6, { a: 1 }].map(verdict)).toEqual(Array(3).fill([null, "not_recorded"]));
    const { trace } = imported(scored({ partial: { value: 0.6 } }));
    expect(words(trace, "en").finish).toContain(
      "the scorer partial gave 0.6 against the target 42. The log gives partial no pass mark, so it records no verdict on whether the task got done.",
    );
    expect(words(trace, "zh").finish).toContain("记录没有给 partial 的分数定及格线");
  });

  it("two scorers: one that failed fails the run; the final score events stand in for a sample without scores", () => {
    const { trace } = imported(scored({ a: { value: "C" }, b: { value: "I" } }));
    expect(trace.outcome).toBe("verification_missing");
    expect(words(trace, "en").finish).toContain("By those checks the task is not done");
    // v3Log's sample has no `scores`: its final score event (value 0, target 42) is the check.
    const fromEvents = imported(v3Log()).trace;
    const last = fromEvents.steps.at(-1);
    expect(last?.kind === "finish" ? last.recorded : null).toEqual([
      { by: "scorer", name: "score", value: "0", passed: false, target: "42", answer: null, explanation: null },
    ]);
  });

  it("a sample with no score at all: no check, and the end says so", () => {
    const log = v3Log();
    const sample = (log.samples as Obj[])[0] as Obj;
    const events = (sample.events as Obj[]).filter((event) => event.event !== "score");
    const { trace } = imported({ ...log, samples: [{ ...sample, events }] });
    const last = trace.steps.at(-1);
    expect(last?.kind === "finish" ? last.recorded : "no end").toBeUndefined();
    expect(trace.outcome).toBe("not_recorded");
    expect(words(trace, "en").finish).toContain("whether the task got done is not recorded, whatever the reply says");
  });
});

// ---- the real file ----------------------------------------------------------------------------------------------

describe.skipIf(!existsSync(DIR))("the real .eval file (log version 3)", () => {
  const text = (): string => {
    const unpacked = inspectZipText(readFileSync(REAL));
    if (unpacked === null) throw new Error("not read as a zip");
    return unpacked;
  };

  it("imports as 6 model calls, 5 bash calls each paired with its result, answer done, no problems", () => {
    const result = imported(text());
    expect(result.format).toBe("inspect");
    expect(shapeOf(result)).toEqual({
      modelCalls: 6,
      proposed: ["hardcoded_0", "hardcoded_1", "hardcoded_2", "hardcoded_3", "hardcoded_4"],
      executions: [0, 1, 2, 3, 4].map((i) => `hardcoded_${i}:ok`),
      answer: "done",
    });
    expect(result.problems).toEqual([]);
    expect(result.summary.others).toBeUndefined();
  });

  it("draws the scorer's verdict at the end: closeness_log gave 0 against the target 42.7, beside the model's done", () => {
    const { trace } = imported(text());
    const last = trace.steps.at(-1);
    expect(last?.kind === "finish" ? last.recorded : null).toEqual([
      {
        by: "scorer",
        name: "closeness_log",
        value: "0",
        passed: false,
        target: "42.7",
        answer: null,
        explanation: null,
      },
    ]);
    expect(trace.outcome).toBe("verification_missing");
    expect(words(trace, "en")).toEqual({
      finish: expect.stringContaining(
        "the evaluation checked the task itself, not the reply's words: the scorer closeness_log gave 0 against the target 42.7. By that check the task is not done, whatever the reply says.",
      ),
      answer: expect.stringContaining("this run's log records one: the evaluation's, at the end"),
    });
    expect(words(trace, "zh")).toEqual({
      finish: expect.stringContaining(
        "评测自己核对了任务，而不是看回复里的说法：评分器 closeness_log 给出 0（目标是 42.7）。按这次核对，任务没有完成，不论回复里怎么说。",
      ),
      answer: expect.stringContaining("这份记录里有一次：评测在最后做的核对"),
    });
    for (const lang of ["en", "zh"] as const) {
      expect(words(trace, lang).finish).not.toMatch(/not recorded|没有记录/);
      expect(words(trace, lang).answer).not.toMatch(/records no such check|没有这样的核对/);
    }
  });

  it("declares the tools the model events list, resolving an attachment; the scripted model records no usage", () => {
    const neutral = neutralOf(JSON.parse(text()));
    expect(neutral.tools.map((t) => t.name)).toEqual(["bash", "python"]);
    expect(neutral.tools[1]?.description).toMatch(/^Use the python function to execute Python code\./);
    expect(neutral.notes).toEqual([]);
  });

  it("rebuilds the same run from the events' pooled inputs when the sample's messages are gone", () => {
    const log = JSON.parse(text()) as Obj;
    const sample = (log.samples as Obj[])[0] as Obj;
    const rebuilt = neutralOf({ ...log, samples: [{ ...sample, messages: [] }] });
    expect(rebuilt.messages).toEqual(neutralOf(log).messages);
  });
});

// ---- hand-written twins -----------------------------------------------------------------------------------------

describe("a version-3 log (pooled inputs), as JSON and as a .eval zip", () => {
  const expected = { modelCalls: 2, proposed: ["hc_0"], executions: ["hc_0:ok"], answer: "done" };

  it("reads the sample's conversation and the tools, resolving the attachment", () => {
    const result = imported(JSON.stringify(v3Log()));
    expect(result.format).toBe("inspect");
    expect(shapeOf(result)).toEqual(expected);
    expect(result.problems).toEqual([]);
    expect(result.trace.tools).toEqual([
      {
        name: "bash",
        description: "Run a bash command.",
        parameters: BASH.parameters,
      },
    ]);
  });

  it("unpacks the zip into the same log", () => {
    const text = inspectZipText(zipOf(v3Log()));
    expect(text).not.toBeNull();
    const result = imported(text ?? "");
    expect(shapeOf(result)).toEqual(expected);
    expect(JSON.parse(text ?? "")).toEqual(v3Log());
  });

  it("rebuilds the conversation from input_refs into message_pool when the messages are gone", () => {
    const sample = { ...v3Sample(), messages: [] };
    const neutral = neutralOf(sample);
    expect(neutral.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // Newer writers keep the pool in events_data.messages.
    const { message_pool: pool, ...rest } = v3Sample();
    const newer = neutralOf({ ...rest, messages: [], events_data: { messages: pool, calls: [] } });
    expect(newer.messages).toEqual(neutral.messages);
  });

  it("reads a single sample on its own", () => {
    const result = imported(JSON.stringify(v3Sample()));
    expect(result.format).toBe("inspect");
    expect(shapeOf(result)).toEqual(expected);
  });
});

describe("a version-2 log", () => {
  it("reads every message, pairing results by tool_call_id; errors are error results", () => {
    const result = imported(JSON.stringify(v2Log()));
    expect(result.format).toBe("inspect");
    expect(shapeOf(result)).toEqual({
      modelCalls: 4,
      proposed: ["t1", "t2", "t3", "t4", "t5", "t6"],
      executions: ["t1:ok", "t2:error", "t3:error", "t4:error", "t5:error", "t6:error"],
      answer: "The bug is fixed.",
    });
    expect(result.problems).toEqual([]);
    // An error result's text is the error's message (what Inspect gives the model).
    const t2 = neutralOf(v2Log()).messages[4];
    expect(t2).toMatchObject({ role: "tool", callId: "t2", name: "python", status: "error" });
    expect(t2?.role === "tool" ? t2.content : "").toBe("Found 1 validation error parsing tool input arguments");
  });

  it("keeps reasoning (signed; redacted when only the encrypted blob is there) in the parts", () => {
    const { messages } = neutralOf(v2Log());
    expect(messages[2]).toMatchObject({
      role: "assistant",
      content: "Listing.",
      parts: [
        { type: "reasoning", text: "Look first.", redacted: false, signed: true },
        { type: "text", text: "Listing." },
        { type: "tool_call", callId: "t1" },
        { type: "tool_call", callId: "t2" },
      ],
    });
    expect(messages[11]).toMatchObject({
      content: "The bug is fixed.",
      parts: [
        { type: "reasoning", text: "", redacted: true, signed: true },
        { type: "text", text: "The bug is fixed." },
      ],
    });
  });

  it("says who made each error: parsing the host, a human approver the user, timeout/unknown the tool; cancelled", () => {
    const notes = neutralOf(v2Log()).notes ?? [];
    expect(notes.filter((n) => n.kind === "error_by" || n.kind === "cancelled")).toEqual([
      { kind: "error_by", index: 4, name: "python", by: "host" },
      { kind: "error_by", index: 6, name: "bash", by: "user" },
      { kind: "error_by", index: 8, name: "bash", by: "tool" },
      { kind: "cancelled", index: 9, name: "bash", by: null },
      { kind: "error_by", index: 10, name: "bash", by: "tool" },
    ]);
  });

  it("an approval policy's rejection is the host's; an approval with no approval event too", () => {
    const sample = v2Sample();
    const events = (sample.events as Obj[]).map((e) => (e.event === "approval" ? { ...e, approver: "auto" } : e));
    expect(notesOf({ ...sample, events }, "error_by")[1]).toEqual({
      kind: "error_by",
      index: 6,
      name: "bash",
      by: "host",
    });
    const without = (sample.events as Obj[]).filter((e) => e.event !== "approval");
    expect(notesOf({ ...sample, events: without }, "error_by")[1]).toMatchObject({ index: 6, by: "host" });
  });

  it("notes usage per model call at its reply (cache reads counted in), not the scorer's; a failed call's error", () => {
    const notes = neutralOf(v2Log()).notes ?? [];
    expect(notes.filter((n) => n.kind === "usage")).toEqual([
      { kind: "usage", index: 2, input: 120, output: 10, cost: 0.001 },
      { kind: "usage", index: 5, input: 200, output: 20, cost: null },
      { kind: "usage", index: 7, input: 300, output: 30, cost: null },
      { kind: "usage", index: 11, input: 50, output: 0, cost: null },
      { kind: "usage", index: 11, input: 400, output: 40, cost: null },
    ]);
    expect(notes.filter((n) => n.kind === "log_error")).toEqual([
      { kind: "log_error", index: 11, message: "RateLimitError: too many requests" },
    ]);
    const result = imported(JSON.stringify(v2Log()));
    expect(result.notes.find((n) => n.kind === "usage")).toMatchObject({ input: 1070, output: 100, calls: 5 });
  });

  it("notes a compaction at the next model call, with how many messages it dropped", () => {
    expect(notesOf(v2Log(), "compacted")).toEqual([{ kind: "compacted", index: 7, dropped: 4 }]);
  });

  it("matches model calls to replies in order when the log has no message ids", () => {
    const strip = (m: unknown): unknown => {
      const { id: _id, ...rest } = m as Obj;
      return rest;
    };
    const sample = v2Sample();
    const events = (sample.events as Obj[]).map((e) => {
      const output = e.output as Obj | undefined;
      if (e.event !== "model" || output === undefined) return e;
      const choices = (output.choices as Obj[]).map((c) => ({ ...c, message: strip(c.message) }));
      return { ...e, output: { ...output, choices } };
    });
    const notes = notesOf({ ...sample, messages: (sample.messages as unknown[]).map(strip), events }, "usage");
    expect(notes.map((n) => n.index)).toEqual([2, 5, 7, 11, 11]);
  });

  it("reads an older log's transcript events and attachments", () => {
    const { events, attachments, ...sample } = v2Sample();
    const neutral = neutralOf({ ...sample, transcript: { events, content: attachments } });
    expect(neutral.tools[0]?.description).toBe("Run a bash command.");
    expect(neutral.notes?.filter((n) => n.kind === "usage")).toHaveLength(5);
  });

  it("rebuilds a sample with no messages from its last model call and the tool events after it", () => {
    const u = user("u", "Count files");
    const a = reply("a", "", [call("c1", { cmd: "ls | wc -l" })]);
    const neutral = neutralOf({
      id: 1,
      epoch: 1,
      messages: [],
      events: [
        { ...model(a), input: [u] },
        { event: "tool", id: "c1", function: "bash", arguments: {}, result: 3 },
      ],
    });
    expect(neutral.messages).toEqual([
      { role: "user", content: "Count files" },
      { role: "assistant", content: null, toolCalls: [{ callId: "c1", name: "bash", args: { cmd: "ls | wc -l" } }] },
      { role: "tool", callId: "c1", name: "bash", status: "ok", content: "3", replayed: false },
    ]);
  });

  it("keeps refusals, provider-run tools, media and unknown part types as parts", () => {
    const a = reply("a", [
      { type: "text", text: "I won't.", refusal: true },
      {
        type: "tool_use",
        tool_type: "web_search",
        id: "ws1",
        name: "web_search",
        arguments: '{"q":"x"}',
        result: "found",
      },
      { type: "image", image: "attachment://img" },
      { type: "hologram", data: 1 },
    ]);
    const { messages } = neutralOf([
      user("u", [
        { type: "text", text: "Look" },
        { type: "image", image: "data:" },
      ]),
      a,
    ]);
    expect(messages[0]).toEqual({
      role: "user",
      content: "Look",
      parts: [
        { type: "text", text: "Look" },
        { type: "media", media: "image" },
      ],
    });
    expect(messages[1]).toMatchObject({
      parts: [
        { type: "refusal", text: "I won't." },
        { type: "provider_tool", id: "ws1", name: "web_search", input: '{"q":"x"}' },
        { type: "provider_result", id: "ws1", name: "web_search", content: "found" },
        { type: "media", media: "image" },
        { type: "other", original: "hologram" },
      ],
    });
  });
});

describe("stopped samples and missing results", () => {
  const stoppedSample = (extra: Obj): Obj => ({
    id: 1,
    epoch: 1,
    messages: [user("u", "Go"), reply("a", "", [call("c1", { cmd: "make" })])],
    events: [{ ...model(reply("a", "", [call("c1", { cmd: "make" })])), input: [] }],
    ...extra,
  });

  it("a sample limit: a logged error at the end, and the call left without a result aborted", () => {
    const sample = stoppedSample({
      limit: { type: "message", limit: 2 },
      events: [
        { ...model(reply("a", "", [call("c1", { cmd: "make" })])), input: [] },
        { event: "sample_limit", type: "message", message: "Message limit reached (2)", limit: 2 },
      ],
    });
    expect(neutralOf(sample).notes).toEqual([
      { kind: "log_error", index: 2, message: "Message limit reached (2)" },
      { kind: "aborted", index: 1, name: "bash", reason: "Message limit reached (2)" },
    ]);
    const result = imported(JSON.stringify(sample));
    expect(shapeOf(result)).toMatchObject({ modelCalls: 1, proposed: ["c1"], executions: [] });
    expect(result.problems).toEqual([]);
  });

  it("a sample error recorded only on the sample (no error event)", () => {
    const notes = neutralOf(stoppedSample({ error: { message: "RuntimeError: boom", traceback: "" } })).notes;
    expect(notes).toEqual([
      { kind: "log_error", index: 2, message: "RuntimeError: boom" },
      { kind: "aborted", index: 1, name: "bash", reason: "RuntimeError: boom" },
    ]);
  });

  it("a sample limit with no event (older logs) is said from the sample", () => {
    expect(notesOf(stoppedSample({ limit: { type: "token", limit: 1000 } }), "log_error")).toEqual([
      { kind: "log_error", index: 2, message: "token limit (1000) was reached" },
    ]);
  });

  it("a call with no result in a run that goes on: no tool message, no note, a missing_result problem", () => {
    const sample = {
      ...stoppedSample({}),
      messages: [user("u", "Go"), reply("a", "", [call("c1", { cmd: "make" })]), reply("b", "Gave up.")],
    };
    expect(neutralOf(sample).notes).toEqual([]);
    const result = imported(JSON.stringify(sample));
    expect(result.problems).toEqual([{ kind: "missing_result", callId: "c1", step: 3 }]);
    expect(shapeOf(result).answer).toBe("Gave up.");
  });
});

describe("a log with several samples", () => {
  const sample = (id: number | string, epoch: number, answer: string): Obj => ({
    id,
    epoch,
    messages: [user("u", "Q"), reply(`a${id}${epoch}`, answer)],
    events: [{ event: "sample_init" }],
  });

  it("shows the first sample and lists the others by id and epoch", () => {
    const log = v2Log([sample(1, 1, "one"), sample(1, 2, "one again"), sample("b", 1, "bee")]);
    const result = imported(JSON.stringify(log));
    expect(shapeOf(result).answer).toBe("one");
    expect(result.summary.others).toEqual(["1 epoch 2", "b epoch 1"]);
  });

  it("the zip lists samples by id (numbers as numbers), then epoch", () => {
    const log = v2Log([sample(10, 1, "ten"), sample(2, 1, "two"), sample(1, 2, "one again"), sample(1, 1, "one")]);
    const text = inspectZipText(zipOf(log)) ?? "";
    const samples = (JSON.parse(text) as Obj).samples as Obj[];
    expect(samples.map((s) => `${String(s.id)}/${String(s.epoch)}`)).toEqual(["1/1", "1/2", "2/1", "10/1"]);
    expect(imported(text).summary.others).toEqual(["1 epoch 2", "2 epoch 1", "10 epoch 1"]);
  });

  it("a log without samples is refused", () => {
    const { samples: _none, ...header } = v2Log();
    expect(refusalOf(header)).toMatchObject({ path: "samples", message: expect.stringMatching(/no samples/) });
    expect(refusalOf({ ...header, samples: [] }).path).toBe("samples");
  });
});

describe("the zip helper", () => {
  it("gives null for bytes that are not a zip", () => {
    expect(inspectZipText(strToU8('{"version": 2}'))).toBeNull();
    expect(inspectZipText(new Uint8Array([0x50, 0x4b]))).toBeNull();
  });

  it("a damaged zip gives an error document the codec refuses with a clear message", () => {
    const bytes = zipOf(v3Log());
    const text = inspectZipText(bytes.slice(0, bytes.length - 40)) ?? "";
    expect(JSON.parse(text)).toEqual({ inspectZipError: expect.stringMatching(/could not be read/) });
    const result = importTranscript(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.format).toBe("inspect");
      expect(result.errors[0]?.message).toMatch(/^this Inspect AI \.eval file could not be unpacked: the zip archive/);
    }
  });

  it("a zip that is not an Inspect log, or with a sample that is not JSON, is said so", () => {
    const other = inspectZipText(zipSync({ "readme.txt": strToU8("hello") })) ?? "";
    expect(JSON.parse(other)).toEqual({ inspectZipError: expect.stringMatching(/neither header\.json/) });
    const bad = inspectZipText(zipOf(v3Log(), { "samples/9_epoch_1.json": "{ cut" })) ?? "";
    expect(JSON.parse(bad)).toEqual({
      inspectZipError: expect.stringMatching(/^samples\/9_epoch_1\.json is not JSON/),
    });
  });

  it("a log still being written (no header.json) is read from its journal's start record", () => {
    const { samples, status: _status, ...start } = v3Log();
    const zipped = zipSync({
      "_journal/start.json": strToU8(JSON.stringify(start)),
      "samples/0_epoch_1.json": strToU8(JSON.stringify((samples as Obj[])[0])),
    });
    const text = inspectZipText(zipped) ?? "";
    expect(JSON.parse(text)).toMatchObject({ status: "started", version: 3 });
    expect(shapeOf(imported(text)).modelCalls).toBe(2);
  });
});

describe("a bare list of Inspect chat messages", () => {
  const messages = [
    user("u", "List files"),
    reply("a", "", [call("c1", { cmd: "ls" })]),
    result("c1", [
      { type: "text", text: "a.txt" },
      { type: "image", image: "data:" },
    ]),
    reply("b", "One file."),
  ];

  it("is detected (a tool call naming its function as a string) and read", () => {
    expect(codec.detect(messages)).toBe(10);
    const result = imported(JSON.stringify(messages));
    expect(result.format).toBe("inspect");
    expect(shapeOf(result)).toEqual({ modelCalls: 2, proposed: ["c1"], executions: ["c1:ok"], answer: "One file." });
    expect(result.trace.messages[2]).toMatchObject({ content: "a.txt\n[image]" });
  });

  it("as an object's messages too; messages marked only with their source score 9", () => {
    expect(codec.detect({ messages })).toBe(10);
    expect(codec.detect([user("u", "hi"), reply("a", "hello")])).toBe(9);
  });
});

describe("detection", () => {
  it("scores a log, a sample and a zip error 10", () => {
    expect(codec.detect(v2Log())).toBe(10);
    expect(codec.detect(v3Sample())).toBe(10);
    expect(codec.detect({ inspectZipError: "x" })).toBe(10);
  });

  it("gives 0 to other formats' documents", () => {
    expect(codec.detect({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).toBe(0);
    expect(
      codec.detect({
        model: "gpt-4o",
        messages: [
          { role: "user", content: "hi" },
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c", content: "ok" },
        ],
      }),
    ).toBe(0);
    expect(
      codec.detect({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: {} }] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] },
        ],
      }),
    ).toBe(0);
    expect(codec.detect(null)).toBe(0);
    expect(codec.detect("text")).toBe(0);
  });

  it.skipIf(!existsSync(DIR))("gives 0 to every other real agent log", () => {
    const others = readdirSync(DIR).filter((name) => !name.endsWith(".md") && !name.endsWith(".eval"));
    expect(others.length).toBeGreaterThan(0);
    for (const name of others) {
      const text = readFileSync(`${DIR}/${name}`, "utf8");
      const data = name.endsWith(".jsonl")
        ? text
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => JSON.parse(line) as unknown)
        : (JSON.parse(text) as unknown);
      expect({ name, score: codec.detect(data) }).toEqual({ name, score: 0 });
    }
  });
});

describe("hostile input", () => {
  it("refuses what is not a log, with the path of what is wrong", () => {
    expect(refusalOf(null).message).toMatch(/got null/);
    expect(refusalOf(5).message).toMatch(/got number/);
    expect(refusalOf({ inspectZipError: "bad crc" }).message).toMatch(/could not be unpacked: bad crc/);
    expect(refusalOf({ eval: {}, samples: [null] }).path).toBe("samples.0");
    expect(refusalOf({ eval: {}, samples: "many" }).path).toBe("samples");
    expect(refusalOf([null]).path).toBe("0");
    expect(refusalOf([{ role: "assistant", content: "", tool_calls: "x" }]).path).toBe("0.tool_calls");
    expect(refusalOf([{ role: "assistant", content: "", tool_calls: [{ id: "c", function: 5 }] }]).path).toBe(
      "0.tool_calls.0.function",
    );
    expect(refusalOf({ messages: [{ role: "user", content: 5 }], events: [{ event: "x" }] }).path).toBe(
      "messages.0.content",
    );
    expect(refusalOf({ eval: {}, samples: [{ messages: "x", events: [] }] }).path).toBe("samples.0.messages");
  });

  it("reads past broken events and values where objects are expected", () => {
    const junk = [
      null,
      5,
      "x",
      [],
      { event: "model", output: 5 },
      { event: "model", input_refs: "x", output: { choices: [null] } },
    ];
    const sample = { ...v3Sample(), events: [...junk, ...(v3Sample().events as unknown[])], attachments: null };
    const neutral = neutralOf(sample);
    expect(neutral.messages).toHaveLength(4);
    expect(neutral.tools[0]?.description).toBe("attachment://bashdoc");
    // Ranges into the pool that are out of bounds or malformed are skipped when rebuilding.
    const rebuilt = neutralOf({
      id: 1,
      epoch: 1,
      messages: null,
      message_pool: [user("u", "hi"), null],
      events: [{ ...model(reply("a", "hello")), input_refs: [[0, 1], [5, 9], ["a", 2], 7] }],
    });
    expect(rebuilt.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    for (const value of [null, 1, "s", [], {}, [null], { role: "tool", content: [null, 3] }])
      expect(() => codec.parse({ id: 1, epoch: 1, target: "", messages: [value], events: [value] })).not.toThrow();
  });
});
