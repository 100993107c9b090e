/**
 * What a step means, computed once from the trace, for every catalog to phrase: the facts a caption states
 * (which results a model call feeds back, whether the model sees a result for the first time, whether a result
 * ever reaches the model, how a transcript ends). A language only words these; it never re-derives them, so a
 * third language is words, not a third copy of this logic.
 */
import {
  appendedOf,
  feedsFirstResult,
  type McpRequestStep,
  type McpResponseStep,
  type Step,
  type Trace,
} from "../engine";

/** A result a model call appends to the context. */
export interface FedResult {
  readonly callId: string;
  /** An error result: the reason a call was refused. */
  readonly error: boolean;
}

/** How a transcript ends: on a proposal not yet run, on results not yet sent, on a user turn, or on a reply. */
export type TranscriptEnd = "proposal" | "results" | "user" | "reply";

/** The facts of one step (each one applies to some kinds of step only; the rest are their empty value). */
export interface StepFacts {
  /** A user turn after a model call: a later message, not the task. */
  readonly laterTurn: boolean;
  /** At a model call: the results it appends, in order. */
  readonly fed: readonly FedResult[];
  /** At a model call: the model sees a tool result for the first time. */
  readonly firstResult: boolean;
  /** At a validation: the tool has no operation id, so that check does not apply. */
  readonly noOperationId: boolean;
  /** At an execution: its result goes into the model's context (a host that drops its exchanges never sends it). */
  readonly resultReachesModel: boolean;
  /** At the end of an imported run: how the transcript ends. */
  readonly transcriptEnd: TranscriptEnd | null;
  /** At an MCP hop: the host's JSON-RPC request id (its own, not the model's call_id). */
  readonly rpcId: string | null;
  /** At an MCP server's answer: the tool failed, reported inside a successful response (`isError: true`). */
  readonly mcpError: boolean;
}

/** An MCP hop's JSON-RPC id, and whether the server's answer reports the tool's failure (`isError: true`). */
export function rpcOf(step: McpRequestStep | McpResponseStep): { readonly id: string; readonly isError: boolean } {
  const result = step.rpc.result;
  const isError =
    typeof result === "object" &&
    result !== null &&
    !Array.isArray(result) &&
    "isError" in result &&
    (result as { isError?: unknown }).isError === true;
  return { id: String(step.rpc.id ?? ""), isError };
}

/**
 * The facts of `step` in `trace`.
 * @example stepFacts(f22.steps[5], f22).fed // [{ callId: "call_1", error: false }]
 */
export function stepFacts(step: Step, trace: Pick<Trace, "messages">): StepFacts {
  const facts = {
    laterTurn: false,
    fed: [] as FedResult[],
    firstResult: false,
    noOperationId: false,
    resultReachesModel: false,
    transcriptEnd: null as TranscriptEnd | null,
    rpcId: null as string | null,
    mcpError: false,
  };
  switch (step.kind) {
    case "task":
      facts.laterTurn = step.contextEnd > 0;
      break;
    case "model_call":
      for (const m of appendedOf(trace, step))
        if (m.role === "tool") facts.fed.push({ callId: m.callId, error: m.status === "error" });
      facts.firstResult = feedsFirstResult(trace, step);
      break;
    case "validation":
      facts.noOperationId = step.checks.some((c) => c.rule === "operation_id" && c.result === "not_applicable");
      break;
    case "mcp_request":
      facts.rpcId = rpcOf(step).id;
      break;
    case "mcp_response": {
      facts.rpcId = rpcOf(step).id;
      facts.mcpError = rpcOf(step).isError;
      for (let i = step.contextEnd; i < trace.messages.length && !facts.resultReachesModel; i += 1) {
        const m = trace.messages[i];
        facts.resultReachesModel = m?.role === "tool" && m.callId === step.call.callId;
      }
      break;
    }
    case "execution":
      // The result, when fed, comes after the context this step shows: look from there, not from the start (a
      // caption for every step of a long transcript stays linear).
      for (let i = step.contextEnd; i < trace.messages.length && !facts.resultReachesModel; i += 1) {
        const m = trace.messages[i];
        facts.resultReachesModel = m?.role === "tool" && m.callId === step.call.callId;
      }
      break;
    case "finish": {
      if (step.outcome !== "not_recorded") break;
      const last = trace.messages.at(-1);
      facts.transcriptEnd =
        step.pendingCallIds.length > 0 && last?.role === "assistant"
          ? "proposal"
          : last?.role === "tool"
            ? "results"
            : last?.role === "user"
              ? "user"
              : "reply";
      break;
    }
    case "proposal":
    case "answer":
      break;
    default: {
      const never: never = step;
      return never;
    }
  }
  return facts;
}
