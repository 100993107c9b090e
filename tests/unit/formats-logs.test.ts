// @vitest-environment node
/**
 * What the import does for every agent's own log, whatever its codec: a half-written last line, the notes a log
 * gives at its messages (each at its step, usage summed once at the end), other samples listed in the summary, and
 * which agents' formats are written, and the day-long logs the bench loads through the page's worker.
 */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/cli";
import { runs } from "../../src/content/runs.en";
import { runs as runsZh } from "../../src/content/runs.zh";
import type { Message } from "../../src/engine";
import { FORMATS, WRITABLE_FORMAT_IDS } from "../../src/formats";
import { CODECS } from "../../src/formats/codecs";
import { importTranscript, toTrace } from "../../src/formats/import";
import { isZip, logText } from "../../src/formats/log-text";
import type { LogNote } from "../../src/formats/types";
import { largeCodexRollout, largePiSession } from "../fixtures/large-log";
import { imported, shapeOf } from "./log-helpers";

const messages: Message[] = [
  { role: "system", content: "You are a careful agent." },
  { role: "user", content: "Read timeout from config.txt" },
  { role: "assistant", content: null, toolCalls: [{ callId: "c1", name: "read_file", args: { path: "config.txt" } }] },
  { role: "tool", callId: "c1", name: "read_file", status: "error", content: "permission denied", replayed: false },
  { role: "assistant", content: null, toolCalls: [{ callId: "c2", name: "read_file", args: { path: "config.txt" } }] },
  { role: "tool", callId: "c2", name: "read_file", status: "ok", content: "timeout=30", replayed: false },
  { role: "assistant", content: "timeout is 30", toolCalls: [] },
];

describe("an agent log's notes", () => {
  const notes: LogNote[] = [
    { kind: "usage", index: 2, input: 100, output: 20, cost: 0.001 },
    { kind: "error_by", index: 3, name: "read_file", by: "tool" },
    { kind: "compacted", index: 4, dropped: 3 },
    { kind: "usage", index: 4, input: 150, output: null, cost: 0.002 },
    { kind: "usage", index: 6, input: null, output: 5, cost: null, calls: 2 },
    { kind: "log_error", index: 7, message: "stream disconnected" },
  ];
  const { trace, notes: said } = toTrace({ messages, tools: [], shape: "messages", notes }, "run");
  const stepOf = (kind: string) => said.filter((note) => note.kind === kind).map((note) => note.step);
  const kindAt = (step: number) => trace.steps[step - 1]?.kind;

  it("says each at its step: an error at its result, a compaction at the model call, a run's error at its end", () => {
    expect(stepOf("error_by").map(kindAt)).toEqual(["execution"]);
    expect(trace.steps[(stepOf("error_by")[0] ?? 0) - 1]?.callIds).toEqual(["c1"]);
    expect(stepOf("compacted").map(kindAt)).toEqual(["model_call"]);
    expect(trace.steps[(stepOf("compacted")[0] ?? 0) - 1]?.counters.modelCalls).toBe(2);
    expect(stepOf("log_error")).toEqual([trace.steps.length]);
  });

  it("sums the usage over the run, once, at its end (a note at every model call would flag every step)", () => {
    const usage = said.filter((note) => note.kind === "usage");
    expect(usage).toEqual([{ kind: "usage", input: 250, output: 25, cost: 0.003, calls: 4, step: trace.steps.length }]);
    const [note] = usage;
    if (note === undefined) throw new Error("no usage note");
    expect(runs.importing.note(note)).toBe("the log records 250 tokens in, 25 out, US$0.003 over 4 model calls");
    expect(runsZh.importing.note(note)).toBe("日志记录 4 次模型调用共输入 250 个 token，输出 25 个，花费 0.003 美元");
  });

  it("words every kind of note in both languages", () => {
    for (const note of said) {
      expect(runs.importing.note(note).length).toBeGreaterThan(10);
      expect(runsZh.importing.note(note).length).toBeGreaterThan(5);
    }
    expect(runs.importing.note({ kind: "cancelled", name: "replace", by: "user", step: 3 })).toBe(
      "replace was cancelled by the user before it returned: what comes back is the cancellation, not the tool's result",
    );
    expect(runs.importing.note({ kind: "error_by", name: "run", by: "host", step: 3 })).toContain("did not run");
  });
});

describe("an error result whose maker the log names", () => {
  const run = (by: "tool" | "host" | "user" | "cancelled" | null) => {
    const note: LogNote[] =
      by === null
        ? []
        : by === "cancelled"
          ? [{ kind: "cancelled", index: 3, name: "read_file", by: null }]
          : [{ kind: "error_by", index: 3, name: "read_file", by }];
    return toTrace({ messages, tools: [], shape: "messages", notes: note }, "run").trace;
  };
  const resultStep = (trace: ReturnType<typeof run>) => trace.steps.find((s) => s.kind === "execution");

  it("keeps what the log says on the result's step; a call that never ran is the host's or the user's, not a tool run", () => {
    const shape = (by: Parameters<typeof run>[0]) => {
      const trace = run(by);
      const step = resultStep(trace);
      return {
        cause: step?.kind === "execution" ? (step.recordedCause ?? null) : undefined,
        lane: step?.lane,
        edge: step?.edge,
        executions: trace.steps.at(-1)?.counters.toolExecutions,
      };
    };
    expect(shape(null)).toEqual({ cause: null, lane: "tool", edge: { from: "tool", to: "host" }, executions: 2 });
    expect(shape("tool")).toEqual({ cause: "tool", lane: "tool", edge: { from: "tool", to: "host" }, executions: 2 });
    expect(shape("host")).toEqual({ cause: "host", lane: "host", edge: null, executions: 1 });
    expect(shape("cancelled")).toEqual({ cause: "cancelled", lane: "host", edge: null, executions: 1 });
    expect(shape("user")).toEqual({ cause: "user", lane: "user", edge: { from: "user", to: "host" }, executions: 1 });
  });

  it("says so in the step's title and words, in both languages, instead of saying the run does not record why", async () => {
    const phrases = {
      en: (await import("../../src/content/steps.en")).steps,
      zh: (await import("../../src/content/steps.zh")).steps,
    };
    const words = (by: Parameters<typeof run>[0], lang: "en" | "zh") => {
      const trace = run(by);
      const step = resultStep(trace);
      if (step === undefined) throw new Error("no result step");
      return `${phrases[lang].stepTitle(step)} ${phrases[lang].stepCaption(step, trace)}`;
    };
    expect(words(null, "en")).toContain("and not why");
    expect(words("host", "en")).toContain("read_file does not run; the agent's error is the result, tagged c1");
    expect(words("host", "en")).toContain("The log says the agent did not run read_file");
    expect(words("host", "en")).not.toContain("and not why");
    expect(words("tool", "en")).toContain("The log says read_file ran and failed.");
    expect(words("user", "en")).toContain("read_file does not run; the user's denial is the result");
    expect(words("user", "en")).toContain("The log says the user denied read_file");
    expect(words("cancelled", "en")).toContain("read_file was cancelled before it returned");
    expect(words("host", "zh")).toContain("日志记下智能体没有运行 read_file");
    expect(words("cancelled", "zh")).toContain("read_file 在返回前被取消");
    expect(words(null, "zh")).toContain("却没有记下原因");
  });

  it("keeps it in the trace's own format, which reads it back", async () => {
    const { packTrace } = await import("../../src/trace-format/compact");
    const { parseTraceJson } = await import("../../src/trace-format/schema");
    const trace = run("host");
    const back = parseTraceJson(JSON.stringify(packTrace(trace)));
    if (!back.ok) throw new Error(JSON.stringify(back));
    expect(resultStep(back.trace)).toMatchObject({ recordedCause: "host", lane: "host", edge: null });
  });
});

describe("a log caught mid-write", () => {
  // A Claude Code log: its lines, the last one cut off as an agent that is still writing leaves it.
  const lines = [
    { type: "user", uuid: "a", sessionId: "s", message: { role: "user", content: "Read timeout from config.txt" } },
    {
      type: "assistant",
      uuid: "b",
      sessionId: "s",
      message: { role: "assistant", content: [{ type: "text", text: "timeout is 30" }] },
    },
  ].map((line) => JSON.stringify(line));

  it("leaves out a last line with no end, and says so at the end of the run", () => {
    const result = importTranscript(`${lines[0]}\n${lines[1]?.slice(0, 30)}`);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.format).toBe("claude-code");
    expect(result.summary.messages).toBe(1);
    expect(result.notes).toEqual([{ kind: "torn_line", name: "2", step: result.trace.steps.length }]);
    const [torn] = result.notes;
    if (torn === undefined) throw new Error("no note");
    expect(runs.importing.note(torn)).toContain("line 2 is cut off");
  });

  it("reads the same log whole once the line has its end, with no note", () => {
    const result = importTranscript(`${lines.join("\n")}\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.summary.messages).toBe(2);
    expect(result.notes).toEqual([]);
  });

  it("refuses a broken line that is not the last, or that has its line end, at its line", () => {
    for (const text of [`${lines[0]}\n{"type":\n${lines[1]}\n`, `${lines[0]}\n${lines[1]?.slice(0, 30)}\n`]) {
      const result = importTranscript(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[0]?.line).toBe(2);
    }
  });
});

describe("a zip that is an Inspect AI log", () => {
  it("is read as the JSON of its log; other bytes as UTF-8 text", () => {
    const zip = zipSync({
      "header.json": strToU8(JSON.stringify({ version: 2, status: "success", eval: { task: "t" } })),
      "samples/1_epoch_1.json": strToU8(JSON.stringify({ id: 1, epoch: 1, messages: [] })),
    });
    expect(isZip(zip)).toBe(true);
    expect(JSON.parse(logText(zip))).toMatchObject({ version: 2, eval: { task: "t" }, samples: [{ id: 1 }] });
    expect(logText(strToU8('{"a":"é"}'))).toBe('{"a":"é"}');
    expect(isZip(strToU8("PK"))).toBe(false);
  });
});

describe("the agents' logs are read, and written only where they are plain lists of messages", () => {
  // The agents' own logs read only (a telemetry convention read only, OpenInference, is not an agent's log).
  // The agents' own logs (the telemetry conventions, read only too, are no agent's log).
  const readOnly = FORMATS.filter(
    (format) => !format.writes && !["openinference", "ai-sdk-telemetry", "openllmetry"].includes(format.id),
  ).map((format) => format.id);

  it("lists four read-only formats and two written in part, each with a codec that says where its agent keeps it", () => {
    expect(readOnly).toEqual(["codex", "gemini-cli", "openhands", "pi"]);
    for (const id of readOnly) {
      expect(WRITABLE_FORMAT_IDS).not.toContain(id);
      expect(CODECS[id].where?.length ?? 0, id).toBeGreaterThan(5);
      expect("transcript" in CODECS[id], id).toBe(false);
    }
    const partly = FORMATS.flatMap((format) => ("written" in format ? [[format.id, format.written]] : []));
    expect(partly).toEqual([
      ["inspect", "Inspect AI sample"],
      ["swe-agent", "SWE-agent demonstration"],
    ]);
    for (const [id] of partly) expect(WRITABLE_FORMAT_IDS).toContain(id);
  });

  it("--export refuses one, naming what it takes", async () => {
    const out = await runCli(["--scenario", "f22", "--export", "codex"]);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain("Codex CLI rollout is read, not written");
    expect(out.stderr).toContain("--export takes neutral, chat,");
  });
});

// The bench (npm run bench) measures these two through the chapter page's worker; here, what they import to.
describe("a day-long agent log, made as the agent writes it", () => {
  it("a Codex CLI rollout of 4,000 shell calls (about 11 MB): every call paired, each failure the tool's", () => {
    const text = largeCodexRollout(4000);
    expect(text.length).toBeGreaterThan(10_000_000);
    const result = imported(text);
    expect(result.format).toBe("codex");
    const shape = shapeOf(result);
    expect(shape.modelCalls).toBe(4400);
    expect(shape.proposed).toHaveLength(4000);
    expect(shape.executions.filter((e) => e.endsWith(":error"))).toHaveLength(200);
    expect(result.problems).toEqual([]);
    expect(result.notes.filter((n) => n.kind === "error_by")).toHaveLength(200);
    // Every model call's usage, the 400 replies' too (each after its own turn context, as the real rollout has it).
    expect(result.notes.filter((n) => n.kind === "usage")).toEqual([
      expect.objectContaining({ calls: 4400, step: result.trace.steps.length }),
    ]);
  });

  it("a pi session of 1,000 records: 249 rounds, each read call answered, one in ten an error", () => {
    const text = largePiSession(1000);
    expect(text.trim().split("\n")).toHaveLength(998);
    const result = imported(text);
    expect(result.format).toBe("pi");
    const shape = shapeOf(result);
    expect(shape.modelCalls).toBe(498);
    expect(shape.proposed).toHaveLength(249);
    expect(shape.executions.filter((e) => e.endsWith(":error"))).toHaveLength(24);
    expect(shape.answer).toBe("It exports m249.");
    expect(result.problems).toEqual([]);
  });
});
