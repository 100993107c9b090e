/**
 * The generic loop runner. It knows nothing about any one scenario: the host builds the context, the scripted
 * model proposes, the host validates each call and runs the approved ones (side by side: a result comes back when
 * its call finishes, not in the order proposed), feeds results back by call_id, and decides when the run is over. Every step it takes is recorded as data.
 */

import { defined } from "./defined.ts";
import { HOST_REFUSALS, LoopError, type LoopErrorCode } from "./errors.ts";
import { deepEqual, isPlainObject, type JsonObject } from "./json.ts";
import { MemoryFiles, type RunCall, type RunningCall, type ToolDefinition } from "./tools.ts";
import {
  type CheckResult,
  type Counters,
  type Evidence,
  type FileStatus,
  type HostCheck,
  LANES,
  MCP_LANES,
  type Message,
  type Outcome,
  type Step,
  type ToolCall,
  type ToolResult,
  TRACE_VERSION,
  type Trace,
  type ValidationCheck,
  type Verdict,
} from "./trace.ts";

/**
 * A tool call as a model proposes it, before the provider has given it an id. A real model emits only the name
 * and the arguments; the provider parses them into a structured call and mints its call_id. So the runner,
 * standing in for the provider, numbers the calls of a run `call_1`, `call_2`, …; a proposal that carries a
 * `callId` of its own keeps it (a test's malformed id, for the host's well-formedness check).
 */
export type ProposedCall = Omit<ToolCall, "callId"> & { readonly callId?: string };

/** What a scripted model can say: propose tool calls, or reply with text and no tool call (it stops). */
export type ModelReply =
  | { readonly kind: "tool_calls"; readonly calls: readonly ProposedCall[] }
  | { readonly kind: "final"; readonly text: string };

/** What the host can inspect when it checks whether the task is done: the environment, not the model's words. */
export interface Environment {
  readonly files: readonly FileStatus[];
  /** Every result the host's tools produced (replays included), in order. */
  readonly results: readonly ToolResult[];
  readonly counters: Counters;
  /** The model's final reply: a claim the host can compare with what its tools returned. */
  readonly answer: string;
  /** How many times tools wrote each input file that was written, by path. */
  readonly writes: Readonly<Record<string, number>>;
}

/**
 * A scripted model: a pure function of the context it is given and of which model call this is (1, 2, …), so a
 * script of turns can say what it says at each call even when the host gives it nothing new to read.
 */
export type ModelPolicy = (context: readonly Message[], modelCall: number) => ModelReply;

/** How the host behaves. The failure modes the chapter warns about are switches here, not special cases. */
export interface HostPolicy {
  /**
   * Append each exchange — the model's tool call and its result, paired by call_id — to the context before the
   * next model call. A host that does not leaves the model blind; it drops the whole exchange, since a call kept
   * without its result is a request every provider rejects (HTTP 400).
   */
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
  /** The tools the host declares to the model (its `tools` field) and knows how to run. */
  readonly tools: readonly ToolDefinition[];
  /**
   * The names this run's policy lets the model use. A declared tool left out here is one the host will not run
   * on its own authority (say, publishing needs a person's approval): proposing it gets a refusal.
   */
  readonly allowedTools: readonly string[];
  readonly model: ModelPolicy;
  readonly host: HostPolicy;
  /** At most this many model calls; a positive integer. */
  readonly maxModelCalls: number;
  /**
   * The host's own check, once the model stops asking for tools, that the task is done in the environment
   * (the chapter's evidence / verification), whatever the model's reply says.
   */
  readonly verify: (environment: Environment) => boolean;
  /** The same check, one item at a time (a figure file's `done` list), for the finish step to show. */
  readonly checks?: (environment: Environment) => readonly HostCheck[];
}

/** The host's verdict on one proposed call, with the checks that led to it. */
interface Validation {
  readonly checks: readonly ValidationCheck[];
  readonly verdict: Verdict;
  readonly errorCode: LoopErrorCode | null;
  /** For a refusal by the precondition: what it wanted. */
  readonly wanted?: Evidence;
}

const freeze = <T>(value: T): Readonly<T> => Object.freeze(value);

/** An action the host ran under an operation id, so a repeat replays instead of running twice. */
interface Completed {
  readonly name: string;
  readonly args: JsonObject;
  readonly result: ToolResult;
}

/** An approved call the host has started, with what it needs to record the call when it finishes. */
interface Started {
  readonly call: ToolCall;
  readonly callId: string;
  readonly name: string;
  readonly tool: ToolDefinition;
  readonly operationId: string | null;
  /** The host's JSON-RPC request id, for a call to a tool in an MCP server. */
  readonly rpc: number | null;
  readonly running: RunningCall;
}

/** How many writes the run's tools have made so far, over every file. */
function writesSoFar(files: MemoryFiles): number {
  let total = 0;
  for (const count of Object.values(files.writeCounts())) total += count;
  return total;
}

/**
 * Check a call in the order the teaching experiment does: form, tool allowed, scope, then the operation id (same
 * action → replay; different action → conflict) and the tool's precondition. The call_id is checked for form
 * only: it pairs the request with its result, and is no idempotency key.
 */
function validate(
  call: unknown,
  scenario: Scenario,
  operations: ReadonlyMap<string, Completed>,
  files: MemoryFiles,
  done: readonly RunCall[],
): Validation & {
  readonly tool: ToolDefinition | null;
  readonly operationId: string | null;
  readonly policyWords?: string;
} {
  const checks: ValidationCheck[] = [];
  const check = (rule: ValidationCheck["rule"], result: CheckResult) => checks.push({ rule, result });
  const refuse = (rule: ValidationCheck["rule"], errorCode: LoopErrorCode) => {
    check(rule, "failed");
    return { checks, verdict: "refused" as const, errorCode, tool: null, operationId: null };
  };
  if (!isPlainObject(call) || !isPlainObject(call.args) || typeof call.name !== "string") {
    return refuse("well_formed", "invalid_call_fields");
  }
  if (typeof call.callId !== "string" || call.callId === "") return refuse("well_formed", "invalid_call_id");
  const { name } = call;
  const args = call.args as JsonObject;
  const tool = scenario.tools.find((candidate) => candidate.name === name) ?? null;
  if (tool !== null && !tool.wellFormed(args)) return refuse("well_formed", "invalid_call_fields");
  check("well_formed", "passed");
  if (!scenario.allowedTools.includes(name)) return refuse("tool_allowed", "tool_not_allowed");
  if (tool === null) return refuse("tool_allowed", "unknown_tool");
  check("tool_allowed", "passed");
  if (tool.inScope === undefined) check("in_scope", "not_applicable");
  else if (!tool.inScope(args)) return refuse("in_scope", "scope_violation");
  else check("in_scope", "passed");
  if (tool.policy !== undefined) {
    const broken = tool.policy(args);
    if (broken !== null) return { ...refuse("policy", "policy_refused"), policyWords: broken };
    check("policy", "passed");
  }
  const operationId = tool.operationId?.(args) ?? null;
  if (operationId === null) check("operation_id", "not_applicable");
  else {
    const previous = operations.get(operationId);
    if (previous !== undefined) {
      if (previous.name !== name || !deepEqual(previous.args, args))
        return refuse("operation_id", "idempotency_conflict");
      check("operation_id", "passed");
      return { checks, verdict: "replayed", errorCode: null, tool, operationId };
    }
    check("operation_id", "passed");
  }
  if (tool.precondition === undefined) check("precondition", "not_applicable");
  else {
    const wanted = tool.precondition(files, args, done);
    if (wanted !== null) return { ...refuse("precondition", "missing_evidence"), wanted: freeze(wanted) };
    check("precondition", "passed");
  }
  return { checks, verdict: "approved", errorCode: null, tool, operationId };
}

/** A replayed result's content: a JSON object gains `"replayed": true`; any other text gets the mark after it. */
function markedReplayed(content: string): string {
  try {
    const parsed: unknown = JSON.parse(content);
    if (isPlainObject(parsed)) return JSON.stringify({ ...parsed, replayed: true });
  } catch {
    // not JSON: marked in words below
  }
  return `${content}\n(replayed: true)`;
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
 * The run ends when the model replies without a tool call — then the host checks the environment with the
 * scenario's `verify` (`completed` if it passes and no call is pending, else `verification_missing`) — or when the
 * model-call budget runs out (`budget_exhausted`).
 * @throws {LoopError} `invalid_budget` when `maxModelCalls` is not a positive integer.
 * @example runScenario(scenario).steps.length // 8 for F22
 */
export function runScenario(scenario: Scenario): Trace {
  const budget: unknown = scenario.maxModelCalls;
  if (typeof budget !== "number" || !Number.isInteger(budget) || budget <= 0) throw new LoopError("invalid_budget");

  const files = new MemoryFiles(scenario.files);
  const operations = new Map<string, Completed>();
  const results: ToolResult[] = [];
  /** Every call the host's tools ran (not replays), for preconditions that look back. */
  const done: RunCall[] = [];
  const steps: Step[] = [];
  const transcript: Message[] = [];
  /** How much of the transcript the model has been given (at its latest call). */
  let contextEnd = 0;
  let counters: Counters = freeze({ modelCalls: 0, toolExecutions: 0, simulatedWrites: 0 });
  let fedSinceLastCall: ToolResult[] = [];
  let refusals = 0;
  /** How many calls the model has proposed in this run: the provider's call_id counter. */
  let proposed = 0;
  /**
   * The host's own JSON-RPC request ids with its MCP servers: the session's `initialize` (1) and `tools/list` (2)
   * came before the task, so the first `tools/call` is 3.
   */
  let rpcId = 2;
  const lanes = scenario.tools.some((tool) => tool.mcp !== undefined) ? MCP_LANES : LANES;

  type StepFields<S> = S extends Step ? Omit<S, "number" | "contextEnd" | "fileChanges" | "counters"> : never;
  const record = (fields: StepFields<Step>): void => {
    const fileChanges = files.takeChanges();
    steps.push(freeze({ ...fields, number: steps.length + 1, contextEnd, fileChanges, counters } as Step));
  };
  const finish = (
    outcome: Outcome,
    answer: string | null,
    verified: boolean | null,
    checks?: readonly HostCheck[],
  ): Trace => {
    record({
      kind: "finish",
      lane: "host",
      edge: { from: "host", to: "user" },
      callIds: freeze([]),
      toolResult: null,
      outcome,
      pendingCallIds: freeze(pendingCalls(transcript)),
      verified,
      answer,
      ...(checks === undefined ? {} : { checks }),
    });
    const tools = scenario.tools.map(({ name, description, parameters, writes, reads, sideEffect }) =>
      freeze({
        name,
        description,
        parameters,
        ...(writes === true ? { writes } : {}),
        ...(reads === true && writes !== true ? { reads } : {}),
        ...(sideEffect === true ? { sideEffect } : {}),
      }),
    );
    return freeze({
      version: TRACE_VERSION,
      scenarioId: scenario.id,
      lanes,
      messages: freeze([...transcript]),
      files: freeze(Object.keys(scenario.files)),
      steps: freeze(steps),
      outcome,
      counters,
      budget,
      tools: freeze(tools),
    });
  };

  /** Put a result into the context, when the host feeds results back. */
  const feedBack = (result: ToolResult): void => {
    if (!scenario.host.feedResultsBack) return;
    transcript.push(freeze({ role: "tool", ...result }));
    fedSinceLastCall.push(result);
  };
  /** A started call is done: its effects and output, recorded as the step where its result reaches the host. */
  const finishCall = ({ call, callId, name, tool, operationId, rpc, running }: Started): void => {
    // A write is an execution that changed a file, or of a tool declared to change something that did its work: it
    // succeeded, or did the work and lost its answer on the way back. A write tool that failed changed nothing, so
    // it is no write: the one notion the file's state, a done check's count and the counter share.
    const before = writesSoFar(files);
    const output = running.finish();
    // An answer from the tool's own record of an operation did nothing again: no write.
    const worked = output.status === "ok" || output.lost === true;
    const wrote = output.fromRecord !== true && (writesSoFar(files) > before || (tool.writes === true && worked));
    done.push(freeze({ name, args: call.args, status: output.status }));
    const result: ToolResult = freeze({
      callId,
      name,
      status: output.status,
      content: output.content,
      replayed: false,
    });
    if (rpc !== null) {
      // A tool's own failure comes back inside a successful response, marked isError (the spec's "tool
      // execution error"), not as a JSON-RPC error: the host passes it on to the model as an error result.
      counters = freeze({
        ...counters,
        toolExecutions: counters.toolExecutions + 1,
        simulatedWrites: counters.simulatedWrites + (wrote ? 1 : 0),
      });
      record({
        kind: "mcp_response",
        lane: "mcp",
        edge: { from: "mcp", to: "host" },
        callIds: freeze([callId]),
        toolResult: result,
        call,
        rpc: freeze({
          jsonrpc: "2.0",
          id: rpc,
          result: {
            content: [{ type: "text", text: output.content }],
            ...(output.status === "error" ? { isError: true } : {}),
          },
        }),
      });
    } else {
      // The host keeps an operation's result only when it came back as a success: after an error (a timeout, when
      // the host cannot know whether the work was done) a repeat goes to the tool again, under the same id.
      if (operationId !== null && output.status === "ok")
        operations.set(operationId, { name, args: call.args, result });
      counters = freeze({
        ...counters,
        toolExecutions: counters.toolExecutions + 1,
        simulatedWrites: counters.simulatedWrites + (wrote ? 1 : 0),
      });
      record({
        kind: "execution",
        lane: "tool",
        edge: { from: "tool", to: "host" },
        callIds: freeze([callId]),
        toolResult: result,
        call,
        ...(output.lost === true ? { lost: true as const } : {}),
        ...(output.fromRecord === true ? { fromRecord: true as const } : {}),
      });
    }
    results.push(result);
    feedBack(result);
  };

  record({
    kind: "task",
    lane: "user",
    edge: { from: "user", to: "host" },
    callIds: freeze([]),
    toolResult: null,
    request: scenario.request,
  });
  transcript.push(freeze({ role: "system", content: scenario.systemNote }));
  transcript.push(freeze({ role: "user", content: scenario.request }));

  for (;;) {
    if (counters.modelCalls >= budget) return finish("budget_exhausted", null, null);
    counters = freeze({ ...counters, modelCalls: counters.modelCalls + 1 });
    const appendedFrom = contextEnd;
    contextEnd = transcript.length;
    const given = freeze(transcript.slice(0, contextEnd));
    const lastFed = fedSinceLastCall.at(-1) ?? null;
    const fedIds = freeze(fedSinceLastCall.map((result) => result.callId));
    fedSinceLastCall = [];
    record({
      kind: "model_call",
      lane: "host",
      edge: { from: "host", to: "model" },
      callIds: fedIds,
      toolResult: lastFed,
      modelCall: counters.modelCalls,
      appendedFrom,
    });

    const reply = scenario.model(given, counters.modelCalls);
    if (reply.kind === "final") {
      record({
        kind: "answer",
        lane: "model",
        edge: { from: "model", to: "host" },
        callIds: freeze([]),
        toolResult: null,
        text: reply.text,
      });
      // The model's "done" is a claim: the host checks the environment itself.
      const environment: Environment = {
        files: files.snapshot(),
        results: freeze([...results]),
        counters,
        answer: reply.text,
        writes: files.writeCounts(),
      };
      const verified = scenario.verify(environment);
      const checks = scenario.checks === undefined ? undefined : freeze(scenario.checks(environment));
      const outcome: Outcome =
        verified && pendingCalls(given).length === 0 ? "completed" : refusals > 0 ? "refused" : "verification_missing";
      return finish(outcome, reply.text, verified, checks);
    }

    // The provider's part: each proposed call gets the run's next call_id.
    const calls = freeze(
      reply.calls.map((call): ToolCall => {
        proposed += 1;
        return freeze({ ...call, callId: call.callId ?? `call_${proposed}` });
      }),
    );
    record({
      kind: "proposal",
      lane: "model",
      edge: { from: "model", to: "host" },
      callIds: freeze(calls.map((call) => (typeof call.callId === "string" ? call.callId : ""))),
      toolResult: null,
      calls,
    });
    if (scenario.host.feedResultsBack) transcript.push(freeze({ role: "assistant", content: null, toolCalls: calls }));

    // The host checks the calls in the order proposed and starts each approved one at once, without waiting for the
    // others: a call that takes no time is done before the next is checked; the others run side by side and come
    // back as they finish, the quickest first, calls that take as long in the order proposed. A result goes back
    // under its own call_id, whenever it arrives: the order of arrival pairs nothing.
    const running: Started[] = [];
    for (const call of calls) {
      const validation = validate(call, scenario, operations, files, done);
      const { checks, verdict, errorCode, tool, operationId } = validation;
      const callId = typeof call.callId === "string" ? call.callId : "";
      const name = typeof call.name === "string" ? call.name : "";
      let result: ToolResult | null = null;
      if (verdict === "replayed" && operationId !== null) {
        // The stored result, under this call's own call_id: the model pairs results with its requests by call_id.
        const stored = operations.get(operationId);
        // The result says so in its content, as the chapter's Executor does (`{**result, "replayed": True}`):
        // the neutral `replayed` flag exists in no provider's API, so only the content reaches the model.
        if (stored !== undefined)
          result = freeze({ ...stored.result, callId, content: markedReplayed(stored.result.content), replayed: true });
      } else if (verdict === "refused") {
        // The refusal is the call's result: an error result under the same call_id (Anthropic's `is_error`).
        refusals += 1;
        const code = errorCode ?? "invalid_call_fields";
        const declared = scenario.tools.find((candidate) => candidate.name === name)?.refusals?.[code];
        const message =
          validation.policyWords ??
          declared ??
          (code === "invalid_budget" ? code : HOST_REFUSALS[code](name, validation.wanted));
        result = freeze({
          callId,
          name,
          status: "error",
          content: JSON.stringify({ error: code, message }),
          replayed: false,
        });
      }
      record({
        kind: "validation",
        lane: "host",
        edge: verdict === "approved" ? { from: "host", to: tool?.mcp === undefined ? "tool" : "mcp" } : null,
        callIds: freeze([callId]),
        toolResult: result,
        call,
        checks: freeze(checks),
        verdict,
        errorCode,
        ...defined({ wanted: validation.wanted }),
      });
      if (verdict === "approved" && tool !== null) {
        let rpc: number | null = null;
        if (tool.mcp !== undefined) {
          // The hop the model never sees: a JSON-RPC request with the host's own id, and the server's answer to it.
          rpcId += 1;
          rpc = rpcId;
          record({
            kind: "mcp_request",
            lane: "host",
            edge: { from: "host", to: "mcp" },
            callIds: freeze([callId]),
            toolResult: null,
            call,
            rpc: freeze({ jsonrpc: "2.0", id: rpc, method: "tools/call", params: { name, arguments: call.args } }),
          });
        }
        const started: Started = {
          call,
          callId,
          name,
          tool,
          operationId,
          rpc,
          running: tool.start?.(call.args, files) ?? { seconds: 0, finish: () => tool.run(call.args, files) },
        };
        if (started.running.seconds > 0) running.push(started);
        else finishCall(started);
        continue;
      }
      if (result === null) continue;
      if (verdict !== "refused") results.push(result);
      feedBack(result);
    }
    // Sorting is stable: calls that take as long keep the order they were proposed in.
    running.sort((a, b) => a.running.seconds - b.running.seconds);
    for (const started of running) finishCall(started);
  }
}
