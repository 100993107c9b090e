/**
 * What the chapter page and its import worker (./import.worker.ts) say to each other. The page sends one request;
 * the worker reads the transcript (from the file's or the response's stream, counting bytes), imports it, and
 * sends the run back in pieces small enough that no piece keeps the page's main thread busy: the messages a few
 * thousand at a time, then the steps in the compact form (src/trace-format/compact.ts), which the page turns back
 * into steps that share the messages' objects.
 */
import type { Message, Trace } from "../engine";
import type { FormatId } from "../formats";
import type { ImportNote, ImportProblem, ImportProgress, ImportResult, ImportSummary } from "../formats/import";

export type { ImportProgress };

import type { PackedStep } from "../trace-format/compact";

/** Where the transcript is: its text (pasted), a chosen file, or a same-origin URL. */
export type TranscriptFrom = { readonly text: string } | { readonly blob: Blob } | { readonly url: string };

/** The page's one request. */
export interface ImportRequest {
  readonly from: TranscriptFrom;
  readonly format?: FormatId;
  readonly name: string;
  /** A request sent to the model, its answer as far as it has come (a run recorded live). */
  readonly sent?: boolean;
}

/** What the trace is besides its messages and steps. */
export type TraceHead = Omit<Trace, "messages" | "steps">;

/** What the worker sends. */
export type WorkerReply =
  | { readonly type: "progress"; readonly progress: ImportProgress }
  /** The transcript could not be fetched or read at all. */
  | { readonly type: "unread" }
  /** The import found it is not a run it can read: why. */
  | { readonly type: "failed"; readonly result: Extract<ImportResult, { ok: false }> }
  | {
      readonly type: "head";
      readonly format: FormatId;
      readonly summary: ImportSummary;
      readonly problems: readonly ImportProblem[];
      readonly notes: readonly ImportNote[];
      readonly head: TraceHead;
      readonly messages: number;
      readonly steps: number;
    }
  | { readonly type: "messages"; readonly items: readonly Message[] }
  | { readonly type: "steps"; readonly items: readonly PackedStep[] }
  | { readonly type: "end" };

/** Messages per piece (about 1 MB of a typical log), and steps per piece. */
export const MESSAGES_PER_PIECE = 2000;
export const STEPS_PER_PIECE = 4000;
