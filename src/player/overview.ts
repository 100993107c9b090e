/**
 * A run at a glance: what happened where, worked out once per trace from the steps' own facts and the shell's notes,
 * for the overview strip, its jumps and the run's summary (./components/RunOverview.tsx). No words here: the kinds
 * are data, the catalog says them. Built in one pass over the steps (a 100,000-message run: about 20 ms), kept as
 * sorted step lists, so every jump is a binary search.
 */
import type { ErrorBy, MarkKind } from "../content/types";
import { countUpTo, type Step, type Trace } from "../engine";

export { countUpTo };

import type { NotesByStep } from "./notes";

/** The kinds that count as problems: what Next problem goes to. */
export const PROBLEM_KINDS: readonly MarkKind[] = ["error", "refused", "stopped", "warning", "retry"];

/** A note's kind that the overview leaves unmarked: said at (nearly) every step of a run, or told with its error. */
const ROUTINE = new Set(["observed", "usage", "inferred", "error_by", "streaming", "awaiting"]);

/** Note kinds the overview gives a row of their own. */
const NOTE_ROWS: Readonly<Record<string, MarkKind>> = { compacted: "compaction", retried: "retry" };

export interface RunOverview {
  /** The 0-based index of each round's first step: a round runs from one model call to the next. */
  readonly rounds: readonly number[];
  /** Each kind's steps (0-based, ascending); a kind the run does not have is absent. */
  readonly marks: ReadonlyMap<MarkKind, readonly number[]>;
  /** Every problem's step (0-based, ascending): the union of the problem kinds. */
  readonly problems: readonly number[];
  /** Each tool's proposals (0-based steps, ascending), in the order the run first calls them. */
  readonly tools: ReadonlyMap<string, readonly number[]>;
  /** Error results by who made them: how many, and the first one's step. */
  readonly errors: ReadonlyMap<ErrorBy, { readonly count: number; readonly first: number }>;
  /** The step of the first model call, if any, and how many the run made. */
  readonly modelCalls: { readonly count: number; readonly first: number | null };
  /** The note that says what the run used (tokens, cost), where the record says: its step and words. */
  readonly usage: { readonly step: number; readonly text: string } | null;
}

/** The tool calls a step is about: a proposal's, or the one call a later step handles. */
export function callsOf(step: Step): readonly { readonly name: string }[] {
  switch (step.kind) {
    case "proposal":
      return step.calls;
    case "validation":
    case "execution":
    case "mcp_request":
    case "mcp_response":
      return [step.call];
    default:
      return [];
  }
}

/** What a step's own facts mark, if anything: a tool's error, a refusal, a call cut short. */
function factOf(step: Step): { kind: MarkKind; by?: ErrorBy } | null {
  switch (step.kind) {
    case "validation":
      return step.verdict === "refused" ? { kind: "refused", by: "host" } : null;
    case "proposal":
    case "answer":
      return step.stopped === undefined ? null : { kind: "stopped" };
    case "mcp_response":
      return step.toolResult?.status === "error" ? { kind: "error", by: "tool" } : null;
    case "execution": {
      if (step.toolResult?.status !== "error" && step.lost !== true) return null;
      switch (step.recordedCause) {
        case "host":
        case "user":
          return { kind: "refused", by: step.recordedCause };
        case "skipped":
        case "cancelled":
        case "interrupted":
          return { kind: "stopped" };
        case "tool":
          return { kind: "error", by: "tool" };
        default:
          // An engine's run: its tool failed. A recorded run that does not say who made it: not said.
          return {
            kind: "error",
            by: step.recordedCause === undefined && step.toolResult !== null ? "unsaid" : "tool",
          };
      }
    }
    default:
      return null;
  }
}

/** An ascending list of distinct entries, from one in any order. */
const sortedSet = (list: number[]): number[] =>
  list.sort((a, b) => a - b).filter((value, k, all) => k === 0 || all[k - 1] !== value);

/**
 * A run's steps gone through a slice at a time: each call takes steps, in order, for about `ms` milliseconds (the
 * clock read every 64 steps), and says whether every step has been taken.
 */
function stepSlices(trace: Trace, take: (step: Step, index: number) => void): (ms: number) => boolean {
  let next = 0;
  return (ms) => {
    const until = performance.now() + ms;
    while (next < trace.steps.length) {
      const step = trace.steps[next];
      if (step !== undefined) take(step, next);
      next += 1;
      if ((next & 63) === 0 && performance.now() > until) return false;
    }
    return true;
  };
}

/**
 * The overview of a run worked out a slice at a time (a 100,000-message run has 150,000 steps): `run(ms)` goes on for
 * about `ms` milliseconds and gives the overview once it has been through every step and note, else null. `recorded`:
 * the run is read from a record (who made an error is then what the record says, or not said).
 */
export function buildOverview(
  trace: Trace,
  notes: NotesByStep,
  recorded: boolean,
): { run(ms: number): RunOverview | null } {
  const rounds: number[] = [0];
  const marks = new Map<MarkKind, number[]>();
  const tools = new Map<string, number[]>();
  const errors = new Map<ErrorBy, { count: number; first: number }>();
  let modelCalls = 0;
  let firstCall: number | null = null;
  const mark = (kind: MarkKind, index: number) => {
    const list = marks.get(kind);
    if (list === undefined) marks.set(kind, [index]);
    else list.push(index);
  };
  const take = (step: Step, i: number) => {
    if (step.kind === "model_call") {
      modelCalls += 1;
      if (firstCall === null) firstCall = i;
      else rounds.push(i);
    }
    if (step.kind === "proposal")
      for (const call of step.calls) {
        const list = tools.get(call.name);
        if (list === undefined) tools.set(call.name, [i]);
        else if (list.at(-1) !== i) list.push(i);
      }
    const fact = factOf(step);
    if (fact === null) return;
    mark(fact.kind, i);
    if (fact.by !== undefined) {
      const by = recorded || fact.by !== "unsaid" ? fact.by : "tool";
      const seen = errors.get(by);
      errors.set(by, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? i });
    }
  };
  const slice = stepSlices(trace, take);
  let done: RunOverview | null = null;
  return {
    run(ms) {
      if (done !== null) return done;
      if (!slice(ms)) return null;
      let usage: RunOverview["usage"] = null;
      for (const [number, shown] of notes) {
        const i = number - 1;
        if (i < 0 || i >= trace.steps.length) continue;
        for (const note of shown) {
          if (note.kind === "usage" && usage === null) usage = { step: i, text: note.text };
          const row = note.kind === undefined ? undefined : NOTE_ROWS[note.kind];
          if (row !== undefined) mark(row, i);
          else if (!note.info) mark("warning", i);
          else if (note.kind === undefined || !ROUTINE.has(note.kind)) mark("note", i);
        }
      }
      for (const [kind, list] of marks) marks.set(kind, sortedSet(list));
      done = {
        rounds,
        marks,
        problems: sortedSet(PROBLEM_KINDS.flatMap((kind) => marks.get(kind) ?? [])),
        tools,
        errors,
        modelCalls: { count: modelCalls, first: firstCall },
        usage,
      };
      return done;
    },
  };
}

/** The overview of a run, worked out at once (see {@link buildOverview}). */
export function overviewOf(trace: Trace, notes: NotesByStep, recorded: boolean): RunOverview {
  const done = buildOverview(trace, notes, recorded).run(Number.POSITIVE_INFINITY);
  if (done === null) throw new Error("overviewOf: a build without a time limit ends");
  return done;
}

/** The first entry of an ascending list after `index` (`forward`), or the last before it; null when there is none. */
export function nextIn(list: readonly number[], index: number, forward: boolean): number | null {
  let low = 0;
  let high = list.length;
  // The first entry greater than `index` (forward), or greater than or equal to it (back).
  while (low < high) {
    const middle = (low + high) >> 1;
    const value = list[middle] ?? 0;
    if (forward ? value <= index : value < index) low = middle + 1;
    else high = middle;
  }
  const found = forward ? list[low] : list[low - 1];
  return found ?? null;
}

/** The 0-based round a step is in (the last round starting at or before it). */
export function roundOf(overview: Pick<RunOverview, "rounds">, index: number): number {
  return Math.max(0, countUpTo(overview.rounds, index) - 1);
}

/** The text Find looks through at a step: what the step shows of the run that no other step shows. */
function searchedText(trace: Trace, step: Step): string {
  switch (step.kind) {
    case "task":
      return step.request;
    case "proposal": {
      // The model's message: its words, and each call's tool, id and arguments.
      const message = trace.messages[step.contextEnd];
      const words = message?.role === "assistant" ? (message.content ?? "") : "";
      return [
        words,
        ...step.calls.map((c) => `${c.name} ${c.callId} ${c.rawArguments ?? JSON.stringify(c.args)}`),
      ].join("\n");
    }
    case "execution":
    case "mcp_response":
      return step.toolResult === null
        ? ""
        : `${step.toolResult.name} ${step.toolResult.callId} ${step.toolResult.content}`;
    case "answer":
      return step.text;
    case "model_call": {
      // What the user or the host said since the last call (the model's own messages and the results have their
      // steps, and the task's words the task's).
      let said = "";
      for (let i = step.appendedFrom; i < step.contextEnd; i += 1) {
        const message = trace.messages[i];
        if ((message?.role === "user" && step.modelCall > 1) || message?.role === "system")
          said += `${message.content}\n`;
      }
      return said;
    }
    default:
      return "";
  }
}

/**
 * A search of a run's text for `query` (case-insensitive), done a slice at a time: `run(ms)` searches on for about
 * `ms` milliseconds and gives the matching steps (0-based, ascending) once it has searched them all, else null.
 */
export function findSteps(trace: Trace, query: string): { run(ms: number): readonly number[] | null } {
  const needle = query.toLowerCase();
  const found: number[] = [];
  const slice = stepSlices(trace, (step, i) => {
    if (searchedText(trace, step).toLowerCase().includes(needle)) found.push(i);
  });
  return {
    run(ms) {
      return slice(ms) ? found : null;
    },
  };
}
