// @vitest-environment node
/**
 * The receiver's runs as a long trace grows (issue 56's leftover): a trace placed in its run is not read by the import
 * again for each export that adds to it (the receiver's work per export no longer grows with the trace), and the run
 * it makes is the whole trace.
 */
import { describe, expect, it, vi } from "vitest";
import { importTranscript } from "../../src/formats/import";
import { OtlpRuns } from "../../src/live/otlp-runs";

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/formats/import", async (actual) => {
  const real = await actual<typeof import("../../src/formats/import")>();
  return {
    ...real,
    importTranscript: (...args: Parameters<typeof real.importTranscript>) => {
      reads.count += 1;
      return real.importTranscript(...args);
    },
  };
});

type Attr = { key: string; value: Record<string, unknown> };
const text = (key: string, value: string): Attr => ({ key, value: { stringValue: value } });
const json = (key: string, value: unknown): Attr => text(key, JSON.stringify(value));
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const START = 1_764_590_000_000;

/** The export of call `n` of an agent's one long trace: the model's call (its whole history) and the tool's run. */
function exportOf(n: number) {
  const input: unknown[] = [{ role: "user", parts: [{ type: "text", content: "List every package." }] }];
  for (let k = 1; k < n; k += 1) {
    input.push({
      role: "assistant",
      parts: [{ type: "tool_call", id: `call_${k}`, name: "shell", arguments: { cmd: `ls p${k}` } }],
    });
    input.push({ role: "tool", parts: [{ type: "tool_call_response", id: `call_${k}`, response: `file_${k}.ts` }] });
  }
  const output = [
    {
      role: "assistant",
      parts: [{ type: "tool_call", id: `call_${n}`, name: "shell", arguments: { cmd: `ls p${n}` } }],
    },
  ];
  const at = START + n * 1000;
  const span = (id: string, name: string, attributes: Attr[], from: number) => ({
    traceId: TRACE,
    spanId: id,
    parentSpanId: "a000000000000000",
    name,
    kind: 3,
    startTimeUnixNano: `${from}000000`,
    endTimeUnixNano: `${from + 100}000000`,
    attributes,
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [text("service.name", "long-agent")] },
        scopeSpans: [
          {
            scope: { name: "agent" },
            spans: [
              span(
                `c${String(n).padStart(15, "0")}`,
                "chat agent-model",
                [
                  text("gen_ai.operation.name", "chat"),
                  json("gen_ai.input.messages", input),
                  json("gen_ai.output.messages", output),
                ],
                at,
              ),
              span(
                `t${String(n).padStart(15, "0")}`,
                "execute_tool shell",
                [
                  text("gen_ai.operation.name", "execute_tool"),
                  text("gen_ai.tool.name", "shell"),
                  text("gen_ai.tool.call.id", `call_${n}`),
                  json("gen_ai.tool.call.result", `file_${n}.ts`),
                ],
                at + 200,
              ),
            ],
          },
        ],
      },
    ],
  };
}

describe("a long trace, export by export", () => {
  it("is read once, when it is first placed, however many exports add to it; its run is the whole trace", () => {
    const runs = new OtlpRuns(() => {}, { settleMs: 0 });
    reads.count = 0;
    for (let n = 1; n <= 60; n += 1) runs.add("traces", exportOf(n));
    expect(runs.runs).toHaveLength(1);
    expect(reads.count).toBe(1);
    const run = runs.runs[0];
    if (run === undefined) throw new Error("no run");
    const read = importTranscript(runs.document(run));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.format).toBe("otel-genai");
    expect(read.trace.steps.filter((step) => step.kind === "model_call")).toHaveLength(60);
    runs.close();
  });
});
