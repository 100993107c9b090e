/**
 * The generic loop runner. It knows nothing about any one scenario: the host builds the context, the scripted
 * model proposes, the host validates each call and runs the approved ones, feeds results back by call_id, and
 * decides when the run is over. Every step it takes is recorded as data.
 */
import { LoopError, type LoopErrorCode } from "./errors.ts";
import { deepEqual, isPlainObject, type JsonObject } from "./json.ts";
import { MemoryFiles, type ToolDefinition } from "./tools.ts";
import type {
  Counters,
  Message,
  Outcome,
  Step,
  ToolCall,
  ToolResult,
  Trace,
  ValidationCheck,
  Verdict,
} from "./trace.ts";

/** What a scripted model can say: propose tool calls, or give a final answer citing the results it used. */
export type ModelReply =
  | { readonly kind: "tool_calls"; readonly calls: readonly ToolCall[] }
  | { readonly kind: "final"; readonly text: string; readonly citedCallIds: readonly string[] };

/** A scripted model: a pure function of the context it is given (and nothing else). */
export type ModelPolicy = (context: readonly Message[]) => ModelReply;

/** How the host behaves. The failure modes the chapter warns about are switches here, not special cases. */
export interface HostPolicy {
  /** Append each result to the context before the next model call. A host that forgets leaves the model blind. */
  readonly feedResultsBack: boolean;
}

/** Everything a run needs: fixed input, allowed tools, scripted model, host behaviour and budget. */
export interface Scenario {
  readonly id: string;
  /** The user's request, as the user types it. */
  readonly request: string;
  /** The host's system note at the head of the context. */
  readonly systemNote: string;
  /** The in-memory project files and their fixed content. */
  readonly files: Readonly<Record<string, string>>;
  /** The tools the host knows how to run. */
  readonly tools: readonly ToolDefinition[];
  /** The names the host lets the model use. */
  readonly allowedTools: readonly string[];
  readonly model: ModelPolicy;
  readonly host: HostPolicy;
  /** At most this many model calls; a positive integer. */
  readonly maxModelCalls: number;
}

/** The host's verdict on one proposed call, with the checks that led to it. */
interface Validation {
  readonly checks: readonly ValidationCheck[];
  readonly verdict: Verdict;
  readonly errorCode: LoopErrorCode | null;
}

const freeze = <T>(value: T): Readonly<T> => Object.freeze(value);

/** A validated call as the host stored it, so an identical repeat replays instead of running twice. */
interface Completed {
  readonly call: ToolCall;
  readonly result: ToolResult;
}

/**
 * Check a call in the order the teaching experiment does: form, id, tool allowed, scope, then whether the id was
 * seen before (same call → replay; different call → conflict).
 */
function validate(
  call: unknown,
  scenario: Scenario,
  completed: ReadonlyMap<string, Completed>,
): Validation & { readonly tool: ToolDefinition | null } {
  const checks: ValidationCheck[] = [];
  const refuse = (rule: ValidationCheck["rule"], errorCode: LoopErrorCode) => {
    checks.push({ rule, passed: false });
    return { checks, verdict: "refused" as const, errorCode, tool: null };
  };
  if (!isPlainObject(call) || !isPlainObject(call.args) || typeof call.name !== "string") {
    return refuse("well_formed", "invalid_call_fields");
  }
  if (typeof call.callId !== "string" || call.callId === "") return refuse("well_formed", "invalid_call_id");
  const { callId, name } = call;
  const args = call.args as JsonObject;
  const tool = scenario.tools.find((candidate) => candidate.name === name) ?? null;
  if (tool !== null && !tool.wellFormed(args)) return refuse("well_formed", "invalid_call_fields");
  checks.push({ rule: "well_formed", passed: true });
  if (!scenario.allowedTools.includes(name)) return refuse("tool_allowed", "tool_not_allowed");
  if (tool === null) return refuse("tool_allowed", "unknown_tool");
  checks.push({ rule: "tool_allowed", passed: true });
  if (!tool.inScope(args)) return refuse("in_scope", "scope_violation");
  checks.push({ rule: "in_scope", passed: true });
  const previous = completed.get(callId);
  if (previous !== undefined) {
    if (!deepEqual(previous.call, call)) return refuse("new_call_id", "idempotency_conflict");
    checks.push({ rule: "new_call_id", passed: false });
    return { checks, verdict: "replayed", errorCode: null, tool };
  }
  checks.push({ rule: "new_call_id", passed: true });
  return { checks, verdict: "approved", errorCode: null, tool };
}

/** Calls the model was shown proposing but never shown a result for. */
function pendingCalls(context: readonly Message[]): string[] {
  const answered = new Set(context.flatMap((m) => (m.role === "tool" ? [m.callId] : [])));
  return context
    .flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : []))
    .filter((id) => !answered.has(id));
}

/**
 * Run a scenario to the end and return its trace.
 * The run ends when the model gives a final answer (`completed` if nothing is pending and the answer cites at
 * least one successful result the model was given, else `unverified`) or the model-call budget runs out.
 * @throws {LoopError} `invalid_budget` when `maxModelCalls` is not a positive integer.
 * @example runScenario(f22Scenario()).steps.length // 8
 */
export function runScenario(scenario: Scenario): Trace {
  const budget: unknown = scenario.maxModelCalls;
  if (typeof budget !== "number" || !Number.isInteger(budget) || budget <= 0) throw new LoopError("invalid_budget");

  const files = new MemoryFiles(scenario.files);
  const completed = new Map<string, Completed>();
  const steps: Step[] = [];
  const transcript: Message[] = [];
  let given: readonly Message[] = freeze([]);
  let counters: Counters = freeze({ modelCalls: 0, toolExecutions: 0 });
  let fedSinceLastCall: ToolResult[] = [];

  type StepFields<S> = S extends Step ? Omit<S, "number" | "context" | "files" | "counters"> : never;
  const record = (fields: StepFields<Step>): void => {
    steps.push(
      freeze({ ...fields, number: steps.length + 1, context: given, files: files.snapshot(), counters } as Step),
    );
  };
  const finish = (outcome: Outcome, answer: string | null, groundedIn: readonly string[]): Trace => {
    record({
      kind: "finish",
      lane: "host",
      edge: { from: "host", to: "user" },
      callId: null,
      toolResult: null,
      outcome,
      pendingCallIds: freeze(pendingCalls(given)),
      groundedIn: freeze([...groundedIn]),
      answer,
    });
    return freeze({ scenarioId: scenario.id, steps: freeze(steps), outcome, counters });
  };

  record({
    kind: "task",
    lane: "user",
    edge: { from: "user", to: "host" },
    callId: null,
    toolResult: null,
    request: scenario.request,
  });
  transcript.push(freeze({ role: "system", content: scenario.systemNote }));
  transcript.push(freeze({ role: "user", content: scenario.request }));

  for (;;) {
    if (counters.modelCalls >= budget) return finish("budget_exhausted", null, []);
    counters = freeze({ ...counters, modelCalls: counters.modelCalls + 1 });
    const appended = freeze(transcript.slice(given.length));
    given = freeze([...transcript]);
    const lastFed = fedSinceLastCall.at(-1) ?? null;
    fedSinceLastCall = [];
    record({
      kind: "model_call",
      lane: "host",
      edge: { from: "host", to: "model" },
      callId: lastFed?.callId ?? null,
      toolResult: lastFed,
      modelCall: counters.modelCalls,
      appended,
    });

    const reply = scenario.model(given);
    if (reply.kind === "final") {
      record({
        kind: "answer",
        lane: "model",
        edge: { from: "model", to: "host" },
        callId: null,
        toolResult: null,
        text: reply.text,
        citedCallIds: freeze([...reply.citedCallIds]),
      });
      const okResults = new Set(given.flatMap((m) => (m.role === "tool" && m.status === "ok" ? [m.callId] : [])));
      const groundedIn = reply.citedCallIds.filter((id) => okResults.has(id));
      const grounded = groundedIn.length > 0 && groundedIn.length === reply.citedCallIds.length;
      const outcome = grounded && pendingCalls(given).length === 0 ? "completed" : "unverified";
      return finish(outcome, reply.text, groundedIn);
    }

    const calls = freeze(reply.calls.map((call) => freeze({ ...call })));
    record({
      kind: "proposal",
      lane: "model",
      edge: { from: "model", to: "host" },
      callId: calls[0]?.callId ?? null,
      toolResult: null,
      calls,
    });
    transcript.push(freeze({ role: "assistant", content: null, toolCalls: calls }));

    for (const call of calls) {
      const { checks, verdict, errorCode, tool } = validate(call, scenario, completed);
      const callId = typeof call.callId === "string" ? call.callId : "";
      const name = typeof call.name === "string" ? call.name : "";
      let result: ToolResult | null = null;
      if (verdict === "replayed") {
        const stored = completed.get(callId);
        if (stored !== undefined) result = freeze({ ...stored.result, replayed: true });
      }
      record({
        kind: "validation",
        lane: "host",
        edge: verdict === "approved" ? { from: "host", to: "tool" } : null,
        callId,
        toolResult: result,
        call,
        checks: freeze(checks),
        verdict,
        errorCode,
      });
      if (verdict === "approved" && tool !== null) {
        const output = tool.run(call.args, files);
        result = freeze({ callId, name, status: output.status, content: output.content, replayed: false });
        completed.set(callId, { call, result });
        counters = freeze({ ...counters, toolExecutions: counters.toolExecutions + 1 });
        record({
          kind: "execution",
          lane: "tool",
          edge: { from: "tool", to: "host" },
          callId,
          toolResult: result,
          call,
        });
      }
      result ??= freeze({ callId, name, status: "error", content: errorCode ?? "refused", replayed: false });
      if (scenario.host.feedResultsBack) {
        transcript.push(freeze({ role: "tool", ...result }));
        fedSinceLastCall.push(result);
      }
    }
  }
}
