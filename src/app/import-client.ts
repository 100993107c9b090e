/**
 * The chapter page's side of an import: a module worker (./import.worker.ts) reads and imports the transcript, and
 * the page takes the run in piece by piece, each piece a short task, so it keeps answering the reader however
 * large the log. Where a worker cannot start (a policy that refuses it, a browser without workers), the worker's
 * own import (./import-run.ts) runs here instead.
 */
import type { Message, Step } from "../engine";
import type { ImportResult } from "../formats/import";
import { stepUnpacker } from "../trace-format/compact";
import type { ImportProgress, ImportRequest, TraceHead, WorkerReply } from "./import-protocol";

/** How an import ended: the import's result, `unread` when the transcript could not be fetched or read, or cancelled. */
export type ImportOutcome = ImportResult | "unread" | "cancelled";

/** An import under way: how far it has got (to subscribe to), its outcome, and a way to stop it. */
export interface ImportRun {
  readonly progress: {
    get(): ImportProgress;
    subscribe(listener: () => void): () => void;
  };
  readonly outcome: Promise<ImportOutcome>;
  cancel(): void;
}

const START: ImportProgress = { phase: "reading", bytes: 0, total: null, messages: null, steps: null, received: 0 };

/** Start importing; `makeWorker` is the worker to use (none: the import runs on this thread). */
export function startImport(request: ImportRequest, makeWorker: (() => Worker) | null = defaultWorker): ImportRun {
  let progress = START;
  const listeners = new Set<() => void>();
  const set = (next: ImportProgress) => {
    progress = next;
    for (const listener of listeners) listener();
  };
  let settle: (outcome: ImportOutcome) => void = () => {};
  const outcome = new Promise<ImportOutcome>((resolve) => {
    settle = resolve;
  });
  let stop = () => {};
  let cancelled = false;

  // The run as it comes back, piece by piece, from the worker or (where there is none) from the same import here.
  let head: Extract<WorkerReply, { type: "head" }> | null = null;
  const messages: Message[] = [];
  const steps: Step[] = [];
  let unpacker: ReturnType<typeof stepUnpacker> | null = null;
  let broken = false;
  const receive = (reply: WorkerReply) => {
    switch (reply.type) {
      case "progress":
        set(reply.progress);
        return;
      case "unread":
        stop();
        settle("unread");
        return;
      case "failed":
        stop();
        settle(reply.result);
        return;
      case "head":
        head = reply;
        return;
      case "messages":
        for (const message of reply.items) messages.push(message);
        return;
      case "steps": {
        unpacker ??= stepUnpacker(messages);
        for (const packed of reply.items) {
          const step = unpacker.unpack(packed, steps.length);
          if ("path" in step) broken = true;
          else steps.push(step);
        }
        set({ ...progress, phase: "receiving", received: steps.length });
        return;
      }
      case "end": {
        stop();
        if (head === null || broken) {
          settle("unread");
          return;
        }
        const { format, summary, problems, notes } = head;
        const trace = { ...(head.head as TraceHead), messages, steps };
        settle({ ok: true, format, summary, problems, notes, trace });
        return;
      }
      default: {
        const never: never = reply;
        return never;
      }
    }
  };

  // Where no worker starts: the worker's own import, run on this thread (it takes the thread while it imports).
  const onThisThread = () => {
    void import("./import-run").then(({ runImport }) =>
      runImport(request, (reply) => {
        if (!cancelled) receive(reply);
      }),
    );
  };

  let worker: Worker | null = null;
  try {
    worker = makeWorker?.() ?? null;
  } catch {
    worker = null;
  }
  if (worker === null) onThisThread();
  else {
    const started = worker;
    let heard = false;
    stop = () => started.terminate();
    started.addEventListener("error", (event) => {
      event.preventDefault();
      started.terminate();
      // A worker refused before it said anything (a policy, a failed download): import here instead.
      if (!heard && !cancelled) {
        stop = () => {};
        onThisThread();
      } else if (!cancelled) settle("unread");
    });
    started.addEventListener("message", (event: MessageEvent<WorkerReply>) => {
      heard = true;
      receive(event.data);
    });
    started.postMessage(request);
  }

  return {
    progress: {
      get: () => progress,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    outcome,
    cancel() {
      cancelled = true;
      stop();
      settle("cancelled");
    },
  };
}

/** The worker, as a module worker the bundler builds from ./import.worker.ts (none where there are no workers). */
function defaultWorker(): Worker {
  if (typeof Worker === "undefined") throw new Error("no workers here");
  return new Worker(new URL("./import.worker.ts", import.meta.url), { type: "module", name: "transcript import" });
}
