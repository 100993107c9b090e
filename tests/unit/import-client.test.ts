// @vitest-environment node
import { describe, expect, it } from "vitest";
import { startImport } from "../../src/app/import-client";
import {
  type ImportRequest,
  MESSAGES_PER_PIECE,
  STEPS_PER_PIECE,
  type WorkerReply,
} from "../../src/app/import-protocol";
import { runImport } from "../../src/app/import-run";
import { longRunScenario, runScenario } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { wireTranscript } from "../../src/formats/wire";

/** A stand-in for the module worker: the real import, its replies cloned as postMessage clones them. */
function fakeWorker(options: { refuse?: boolean; sent?: WorkerReply[] } = {}) {
  return () => {
    const listeners: Record<string, ((event: unknown) => void)[]> = { message: [], error: [] };
    let stopped = false;
    return {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners[type]?.push(listener),
      terminate: () => {
        stopped = true;
      },
      postMessage(request: ImportRequest) {
        if (options.refuse) {
          setTimeout(() => {
            for (const l of listeners.error ?? []) l({ preventDefault() {} });
          });
          return;
        }
        void runImport(request, (reply) => {
          options.sent?.push(reply);
          const data = structuredClone(reply);
          setTimeout(() => {
            if (!stopped) for (const l of listeners.message ?? []) l({ data });
          });
        });
      },
    } as unknown as Worker;
  };
}

// 3,000 calls: 6,002 messages and 12,004 steps once imported, several pieces each.
const run = runScenario(longRunScenario(3000));
const text = JSON.stringify(wireTranscript("chat", run));
const direct = importTranscript(text, undefined, "long.json");
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("the chapter page's import off the main thread", () => {
  it("hands over the same run as the import on the page, in pieces, with progress, steps sharing the messages' objects", async () => {
    const sent: WorkerReply[] = [];
    const started = startImport({ from: { blob: new Blob([text]) }, name: "long.json" }, fakeWorker({ sent }));
    const phases = new Set<string>();
    started.progress.subscribe(() => phases.add(started.progress.get().phase));
    const outcome = await started.outcome;
    if (typeof outcome === "string" || !outcome.ok || !direct.ok) throw new Error("both imports work");
    expect(plain(outcome.trace)).toEqual(plain(direct.trace));
    expect(plain(outcome.problems)).toEqual(plain(direct.problems));
    expect(outcome.summary).toEqual(direct.summary);
    expect([...phases]).toEqual(["reading", "building", "receiving"]);
    expect(started.progress.get()).toMatchObject({
      bytes: text.length,
      total: text.length,
      received: direct.trace.steps.length,
    });
    const pieces = (type: string) => sent.filter((reply) => reply.type === type).length;
    expect(pieces("messages")).toBe(Math.ceil(direct.trace.messages.length / MESSAGES_PER_PIECE));
    expect(pieces("steps")).toBe(Math.ceil(direct.trace.steps.length / STEPS_PER_PIECE));
    const execution = outcome.trace.steps.find((step) => step.kind === "proposal");
    expect(
      execution?.kind === "proposal" &&
        outcome.trace.messages.some((m) => m.role === "assistant" && m.toolCalls === execution.calls),
    ).toBe(true);
  });

  it("stops when cancelled, and says so", async () => {
    const started = startImport({ from: { text }, name: "long.json" }, fakeWorker());
    started.cancel();
    expect(await started.outcome).toBe("cancelled");
  });

  it("runs the import here where a worker is refused or there are none, with the same result", async () => {
    for (const make of [fakeWorker({ refuse: true }), null]) {
      const outcome = await startImport({ from: { text }, name: "long.json" }, make).outcome;
      if (typeof outcome === "string" || !outcome.ok || !direct.ok) throw new Error("the import works here");
      expect(plain(outcome.trace)).toEqual(plain(direct.trace));
    }
  });

  it("says a transcript could not be read, and passes on why a text is not a run", async () => {
    const failing = new Blob(["x"]);
    Object.defineProperty(failing, "stream", {
      value: () => {
        throw new Error("gone");
      },
    });
    expect(await startImport({ from: { blob: failing }, name: "x.json" }, fakeWorker()).outcome).toBe("unread");
    const broken = await startImport({ from: { text: '{"messages": [}' }, name: "x.json" }, fakeWorker()).outcome;
    expect(broken).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/^not valid JSON/) }] });
  });
});
