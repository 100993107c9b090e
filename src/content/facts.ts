/**
 * What a step means, computed once from the trace, for every catalog to phrase: the facts a caption states
 * (which results a model call feeds back, whether the model sees a result for the first time, whether a result
 * ever reaches the model, how a transcript ends). A language only words these; it never re-derives them, so a
 * third language is words, not a third copy of this logic.
 */
import {
  appendedOf,
  type DoneCheck,
  type Evidence,
  feedsFirstResult,
  type RecordedCause,
  type RecordedCheck,
  rpcOf,
  type Step,
  type Trace,
} from "../engine";

/**
 * What a result fed back is: a tool's output; an error result because the host refused the call (its reason); an
 * error result because the tool ran and failed; a timeout the host got because the tool's answer was lost on the
 * way (the work was done); or an error result whose cause the trace does not record (an imported transcript has no
 * host checks).
 */
export type ResultKind = "ok" | "refused" | "failed" | "lost" | "error";

/** A result a model call appends to the context. */
export interface FedResult {
  readonly callId: string;
  readonly kind: ResultKind;
}

/**
 * What a tool does, as its run declared: changes a file, acts outside the files (sends, prints), only reads, or not
 * declared (an imported run).
 */
export type ToolEffect = "writes" | "side_effect" | "reads" | "unknown";

/** What the facts need of a trace: its messages, steps, tool declarations and outcome. */
export type FactsTrace = Pick<Trace, "messages" | "steps" | "tools" | "outcome">;

/**
 * How a transcript ends: on a proposal not yet run, on results not yet sent, on a user turn, on a reply, or where
 * its agent ended the run on the model's call of its finish tool.
 */
export type TranscriptEnd = "proposal" | "results" | "user" | "reply" | "finished";

/**
 * What a step's title says beyond the step's own fields: facts of the step alone (a title needs no trace), for every
 * catalog to phrase (each applies to some kinds of step only; the rest are their empty value).
 */
export interface TitleFacts {
  /** A user turn after a model call: a later message, not the task. */
  readonly laterTurn: boolean;
  /** At a model call: the call ids whose results it feeds back (none at a call that feeds back nothing). */
  readonly fedCallIds: readonly string[];
  /** At a model call: what it feeds back: nothing, one result, one error result, or several results. */
  readonly fedKind: "none" | "result" | "error" | "results";
}

/**
 * The title facts of `step`.
 * @example titleFacts(f22.steps[5]) // { laterTurn: false, fedCallIds: ["call_1"], fedKind: "result" }
 */
export function titleFacts(step: Step): TitleFacts {
  if (step.kind === "task") return { laterTurn: step.contextEnd > 0, fedCallIds: [], fedKind: "none" };
  if (step.kind !== "model_call" || step.toolResult === null)
    return { laterTurn: false, fedCallIds: [], fedKind: "none" };
  const fedCallIds = step.callIds.length > 0 ? step.callIds : [step.toolResult.callId];
  return {
    laterTurn: false,
    fedCallIds,
    fedKind: fedCallIds.length > 1 ? "results" : step.toolResult.status === "error" ? "error" : "result",
  };
}

/** The facts of one step (each one applies to some kinds of step only; the rest are their empty value). */
export interface StepFacts extends TitleFacts {
  /** At a model call: the results it appends, in order. */
  readonly fed: readonly FedResult[];
  /** At a model call: the context it gives starts with a system message. */
  readonly systemNote: boolean;
  /**
   * At a model call: what the run records of its request. `none`: the transcript starts at the model's answer (a
   * response body), so nothing it was given is recorded; `no_tools`: its messages, with no tool declared.
   */
  readonly request: "whole" | "none" | "no_tools";
  /** At a validation, execution or MCP step: what the call's tool does, as declared. */
  readonly toolEffect: ToolEffect;
  /** At a validation refused by its precondition: the evidence it wanted (null elsewhere). */
  readonly wanted: Evidence | null;
  /** At an execution or an MCP server's answer: the tool ran and its result is an error. */
  readonly toolFailed: boolean;
  /**
   * At an execution or an MCP server's answer of a recorded run: its result is an error, and the run does not record
   * why (the host's refusal, the tool's failure or the agent's own check look alike in a transcript).
   */
  readonly causeUnrecorded: boolean;
  /** At an execution of a recorded run whose result is an error: what the agent's log says made it (null: nothing). */
  readonly recordedCause: RecordedCause | null;
  /** At an execution: the tool did the work, but its answer was lost on the way; the host got a timeout. */
  readonly resultLost: boolean;
  /** At an execution: the tool answered from its own record of the operation (its earlier answer was lost). */
  readonly fromRecord: boolean;
  /**
   * At the first proposal of a run the engine made: its model is scripted, and the figure, playing the provider,
   * gave the calls their ids (said once, where ids first appear).
   */
  readonly scriptedIds: boolean;
  /** At the finish: the host's checks that do not hold (none when every one holds, or the run lists none). */
  readonly failedChecks: readonly DoneCheck[];
  /** At an answer: the run records the host's check of the environment (an engine run does; a transcript does not). */
  readonly hostChecks: boolean;
  /**
   * At an answer: who made the check of the task the run's log records, made after the model stopped (an
   * evaluation's scorer, or the agent's reviewer), or null when it records none.
   */
  readonly recordedCheck: RecordedCheck["by"] | null;
  /** At the finish: how many of the run's tool executions did the work but had their answer lost on the way. */
  readonly lostAnswers: number;
  /** At the finish: how many of the run's tool executions ended in an error result (lost answers aside). */
  readonly failedExecutions: number;
  /** At a model call: the model sees a tool result for the first time. */
  readonly firstResult: boolean;
  /** At a validation: the tool has no operation id, so that check does not apply. */
  readonly noOperationId: boolean;
  /**
   * At an execution: the model gets its result, at a later model call (a host that drops its exchanges never sends
   * it; a run that ends first, its budget spent or its transcript over, never calls the model again).
   */
  readonly resultReachesModel: boolean;
  /** At the end of an imported run: how the transcript ends. */
  readonly transcriptEnd: TranscriptEnd | null;
  /** At an MCP hop: the host's JSON-RPC request id (its own, not the model's call_id). */
  readonly rpcId: string | null;
  /** At an MCP server's answer: the tool failed, reported inside a successful response (`isError: true`). */
  readonly mcpError: boolean;
  /**
   * At an execution or an MCP server's answer: the calls of the same proposal, proposed before this one, whose results
   * have not come back yet. This result overtakes them, so only its call_id pairs it with its request.
   */
  readonly overtaken: readonly string[];
}

/**
 * Whether a run was read from a log rather than made by the engine: a log records no host check of the environment
 * (its outcome is `not_recorded`), unless it records a check of the task of its own (an evaluation's scorer), which
 * its last step then carries. One look at the last step, whatever the run's length.
 */
export function fromLog(trace: Pick<FactsTrace, "steps" | "outcome">): boolean {
  if (trace.outcome === "not_recorded") return true;
  const last = trace.steps.at(-1);
  return last?.kind === "finish" && last.recorded !== undefined;
}

/**
 * What a tool does, as its run declared: it changes something (`writes`, outside the files with `sideEffect`), or
 * it changes nothing (`reads`). A lesson may leave it undeclared, and an imported transcript declares none: unknown.
 */
function effectOf(trace: FactsTrace, name: string): ToolEffect {
  if (fromLog(trace)) return "unknown";
  const tool = trace.tools.find((t) => t.name === name);
  if (tool === undefined || tool.builtIn !== undefined) return "unknown";
  return tool.sideEffect === true
    ? "side_effect"
    : tool.writes === true
      ? "writes"
      : tool.reads === true
        ? "reads"
        : "unknown";
}

/**
 * Why each error result a model call feeds back is one: the host's refusal, or the tool's failure, from the steps
 * of the round before it (back to the previous model call: work that grows with one round, not with the run).
 */
function causesBefore(trace: FactsTrace, step: Step): Map<string, ResultKind> {
  const causes = new Map<string, ResultKind>();
  const recorded = fromLog(trace);
  for (let i = step.number - 2; i >= 0; i -= 1) {
    const s = trace.steps[i];
    if (s === undefined || s.kind === "model_call") break;
    if (s.kind === "validation" && s.verdict === "refused") causes.set(s.call.callId, "refused");
    // A recorded run's error results say nothing of their cause: they stay "error".
    if ((s.kind === "execution" || s.kind === "mcp_response") && s.toolResult?.status === "error" && !recorded)
      causes.set(s.call.callId, s.kind === "execution" && s.lost === true ? "lost" : "failed");
  }
  return causes;
}

/**
 * The calls proposed with `callId`, before it, whose results have not come back by `step`, from the steps of the
 * round (back to its proposal: work that grows with one round, not with the run).
 */
function overtakenBy(trace: FactsTrace, step: Step, callId: string): string[] {
  const back = new Set<string>();
  for (let i = step.number - 2; i >= 0; i -= 1) {
    const s = trace.steps[i];
    if (s === undefined || s.kind === "model_call") break;
    if (s.kind === "proposal") {
      const at = s.callIds.indexOf(callId);
      return at < 0 ? [] : s.callIds.slice(0, at).filter((id) => !back.has(id));
    }
    if (s.toolResult !== null && (s.kind === "validation" || s.kind === "execution" || s.kind === "mcp_response"))
      back.add(s.toolResult.callId);
  }
  return [];
}

/**
 * Whether a later model call gets the result of `callId`: the next model call after `step` holds it in its context.
 * A recorded run that ends with the result appended has not called the model yet, as far as it records: it counts.
 * Work from the step to the next model call (a round), and over the messages that call appends.
 */
function reachesModel(trace: FactsTrace, step: Step, callId: string): boolean {
  let end = trace.messages.length;
  let called = false;
  for (let i = step.number; i < trace.steps.length && !called; i += 1) {
    const next = trace.steps[i];
    if (next?.kind === "model_call") {
      end = next.contextEnd;
      called = true;
    }
  }
  if (!called && !fromLog(trace)) return false;
  for (let j = step.contextEnd; j < end; j += 1) {
    const m = trace.messages[j];
    if (m?.role === "tool" && m.callId === callId) return true;
  }
  return false;
}

/**
 * The facts of `step` in `trace`.
 * @example stepFacts(f22.steps[5], f22).fed // [{ callId: "call_1", kind: "ok" }]
 */
export function stepFacts(step: Step, trace: FactsTrace): StepFacts {
  const facts = {
    ...titleFacts(step),
    fed: [] as FedResult[],
    systemNote: false,
    request: "whole" as StepFacts["request"],
    toolEffect: "unknown" as ToolEffect,
    wanted: null as Evidence | null,
    toolFailed: false,
    causeUnrecorded: false,
    recordedCause: null as RecordedCause | null,
    resultLost: false,
    fromRecord: false,
    scriptedIds: false,
    failedChecks: [] as readonly DoneCheck[],
    failedExecutions: 0,
    lostAnswers: 0,
    hostChecks: false,
    recordedCheck: null as RecordedCheck["by"] | null,
    firstResult: false,
    noOperationId: false,
    resultReachesModel: false,
    transcriptEnd: null as TranscriptEnd | null,
    rpcId: null as string | null,
    mcpError: false,
    overtaken: [] as string[],
  };
  switch (step.kind) {
    case "task":
      break;
    case "model_call": {
      const causes = step.callIds.some((id) => id !== "") ? causesBefore(trace, step) : new Map<string, ResultKind>();
      for (const m of appendedOf(trace, step))
        if (m.role === "tool")
          facts.fed.push({ callId: m.callId, kind: m.status === "ok" ? "ok" : (causes.get(m.callId) ?? "error") });
      facts.firstResult = feedsFirstResult(trace, step);
      facts.systemNote = step.contextEnd > 0 && trace.messages[0]?.role === "system";
      facts.request = step.contextEnd === 0 ? "none" : trace.tools.length === 0 ? "no_tools" : "whole";
      break;
    }
    case "validation":
      facts.noOperationId = step.checks.some((c) => c.rule === "operation_id" && c.result === "not_applicable");
      facts.toolEffect = effectOf(trace, step.call.name);
      facts.wanted = step.wanted ?? null;
      break;
    case "mcp_request":
      facts.rpcId = rpcOf(step).id;
      facts.toolEffect = effectOf(trace, step.call.name);
      break;
    case "mcp_response": {
      facts.rpcId = rpcOf(step).id;
      facts.mcpError = rpcOf(step).isError;
      facts.toolEffect = effectOf(trace, step.call.name);
      facts.toolFailed = step.toolResult?.status === "error";
      facts.causeUnrecorded = facts.toolFailed && fromLog(trace);
      facts.overtaken = overtakenBy(trace, step, step.call.callId);
      facts.resultReachesModel = reachesModel(trace, step, step.call.callId);
      break;
    }
    case "execution":
      facts.resultLost = step.lost === true;
      facts.fromRecord = step.fromRecord === true;
      facts.toolEffect = effectOf(trace, step.call.name);
      facts.toolFailed = step.toolResult?.status === "error";
      facts.recordedCause = facts.toolFailed ? (step.recordedCause ?? null) : null;
      facts.causeUnrecorded = facts.toolFailed && fromLog(trace) && facts.recordedCause === null;
      facts.overtaken = overtakenBy(trace, step, step.call.callId);
      facts.resultReachesModel = reachesModel(trace, step, step.call.callId);
      break;
    case "finish": {
      facts.failedChecks = (step.checks ?? []).filter((c) => !c.held).map((c) => c.check);
      if (!fromLog(trace)) {
        // Once per run, at its last step (the finish is shown once; a run read from a log is not looked through).
        for (const s of trace.steps) {
          if (s.kind === "execution" && s.lost === true) facts.lostAnswers += 1;
          else if ((s.kind === "execution" || s.kind === "mcp_response") && s.toolResult?.status === "error")
            facts.failedExecutions += 1;
        }
        break;
      }
      const last = trace.messages.at(-1);
      facts.transcriptEnd =
        step.ended !== undefined
          ? "finished"
          : step.pendingCallIds.length > 0 && last?.role === "assistant"
            ? "proposal"
            : last?.role === "tool"
              ? "results"
              : last?.role === "user"
                ? "user"
                : "reply";
      break;
    }
    case "answer": {
      // The run's last step says who checks the reply: the host (an engine's run), or a check its log records.
      const last = trace.steps.at(-1);
      facts.recordedCheck = last?.kind === "finish" ? (last.recorded?.[0]?.by ?? null) : null;
      facts.hostChecks = !fromLog(trace);
      break;
    }
    case "proposal": {
      if (fromLog(trace)) break;
      // The first proposal: an engine's run is a lesson's few dozen steps, so the look back stays small.
      let first = true;
      for (let i = step.number - 2; i >= 0 && first; i -= 1) if (trace.steps[i]?.kind === "proposal") first = false;
      facts.scriptedIds = first;
      break;
    }
    default: {
      const never: never = step;
      return never;
    }
  }
  return facts;
}
