/**
 * What the viewer says at the steps of a run recorded live, besides the import's own problems and notes: the
 * host's part marked as inferred from the next request (the proxy never sees the host run a tool, only the result
 * it feeds back; a run the agent's telemetry sent has its tools' runs recorded, which the import says instead), the answer still streaming (its tool call's arguments not yet whole: not a problem yet), a request
 * sent and not yet answered, and what the proxy saw go wrong or change at each model call. What is said of the newest
 * model call is said at the run's last step too, where a reader following the run is. Derived from the trace's
 * step facts and the proxy's facts (src/formats/live-facts.ts); the words are the catalog's.
 */
import type { LiveViewerText } from "../content/types";
import type { Trace } from "../engine";
import type { ImportProblem } from "../formats/import";
import type { LiveFacts } from "../formats/live-facts";
import type { StepNote } from "../player";

export function liveNotes(
  text: LiveViewerText,
  trace: Trace,
  problems: readonly ImportProblem[],
  facts: LiveFacts,
): { problems: readonly ImportProblem[]; notes: readonly StepNote[] } {
  const notes: StepNote[] = [];
  // Said of the newest model call: at its step, and at the run's end (below).
  const callAt = new Map<number, number>();
  let lastCall = 0;
  for (const step of trace.steps) {
    if (step.kind === "model_call") {
      callAt.set(step.modelCall, step.number);
      lastCall = step.number;
    } else if (step.kind === "execution" && facts.observed !== true)
      notes.push({ step: step.number, text: text.inferred, info: true, kind: "inferred" });
  }
  const last = trace.steps.at(-1);
  const before = trace.steps.at(-2);
  const answering = before !== undefined && before.number > lastCall;
  // Thinking cleared from the history is what the agent chose to send: it informs, and is no failure.
  const informs = (event: LiveFacts["events"][number]) => event.kind === "thinking_cleared";
  const failed = facts.events.some(
    (event) => callAt.get(event.call) === lastCall && event.kind !== "retried" && !informs(event),
  );
  // What a run still on its way says (a reply streaming in, a request not yet answered) informs; what went wrong or
  // changed warns.
  const newest: Omit<StepNote, "step">[] = [];
  if (facts.streaming && answering) {
    notes.push({ step: before.number, text: text.streaming, info: true, kind: "streaming" });
    newest.push({ text: text.streaming, info: true, kind: "streaming" });
  } else if (!answering && lastCall > 0 && last?.kind === "finish" && !failed) {
    const said = facts.streaming
      ? { text: text.streaming, info: true, kind: "streaming" }
      : { text: text.awaiting, info: true, kind: "awaiting" };
    notes.push({ step: lastCall, ...said });
    newest.push(said);
  }
  for (const event of facts.events) {
    const step = callAt.get(event.call);
    if (step === undefined) continue;
    const said = { text: text.event(event), kind: event.kind, ...(informs(event) ? { info: true } : {}) };
    notes.push({ step, ...said });
    if (step === lastCall) newest.push(said);
  }
  if (last?.kind === "finish") for (const said of newest) notes.push({ step: last.number, ...said });
  // A tool call whose arguments are still streaming in is not yet a problem.
  const kept = facts.streaming
    ? problems.filter((problem) => !(problem.kind === "bad_arguments" && problem.step > lastCall))
    : problems;
  notes.sort((a, b) => a.step - b.step);
  return { problems: kept, notes };
}

/**
 * The step a reader following a live run sits at: while a reply is still streaming in, that reply's step (its text
 * and tool calls growing, in the context panel and the inner loop), not the run's provisional end after it.
 */
export function liveHead(trace: Trace, facts: LiveFacts): number {
  const steps = trace.steps;
  const last = steps.at(-1);
  const before = steps.at(-2);
  let lastCall = 0;
  for (const step of steps) if (step.kind === "model_call") lastCall = step.number;
  return facts.streaming && last?.kind === "finish" && before !== undefined && before.number > lastCall
    ? before.number
    : steps.length;
}
