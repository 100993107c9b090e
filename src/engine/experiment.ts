/**
 * An exact port of the chapter's teaching experiment (`07_agent_loop.py`): a deterministic fake model proposes
 * read → patch → test, an executor checks and runs each call against in-memory state. No LLM is called and no
 * real file is touched. Same checks in the same order, same results, same report.
 */
import { LoopError } from "./errors.ts";
import { deepCopy, deepEqual, isPlainObject } from "./json.ts";

/** The tools of the experiment. */
export type ExperimentTool = "read" | "patch" | "test";

/** A call as the fake model proposes it. */
export interface ExperimentCall {
  readonly id: string;
  readonly tool: string;
  readonly args: { readonly scope: string };
}

/** What an executed call returns; a replay adds `replayed: true`. */
export type ExperimentResult =
  | { readonly status: "ok"; readonly evidence: "toy:T1"; readonly replayed?: true }
  | { readonly status: "ok"; readonly version: "toy:v2"; readonly replayed?: true }
  | { readonly status: "passed" | "failed"; readonly replayed?: true };

/** One executed call and its result, in the order they ran. */
export interface ExperimentEvent {
  readonly call: ExperimentCall;
  readonly result: ExperimentResult;
}

/** The environment the executor changes: has the code been read, patched, verified? */
export interface LoopState {
  evidence: boolean;
  patched: boolean;
  verified: boolean;
  events: ExperimentEvent[];
}

/** How a run of the experiment ended. */
export type ExperimentStatus = "completed" | "budget_exhausted" | "verification_missing";

/** The fake model's proposal: a tool call, or a claim that the task is finished. */
export type ExperimentProposal =
  | { readonly kind: "tool"; readonly call: ExperimentCall }
  | { readonly kind: "final"; readonly status: "completed" };

/** The only scope the experiment's calls may name. */
const TOY_SCOPE = "toy-project";
const CALL_FIELDS = ["args", "id", "tool"];

/** A fresh, untouched state. @example createLoopState() // { evidence: false, patched: false, verified: false, events: [] } */
export function createLoopState(): LoopState {
  return { evidence: false, patched: false, verified: false, events: [] };
}

/**
 * The host-side executor: validates a proposed call, runs it against the state and remembers its result by id,
 * so the same id replays instead of writing twice.
 *
 * @example
 * const state = createLoopState();
 * const ex = new Executor(["read", "patch", "test"]);
 * ex.execute({ id: "op-1", tool: "read", args: { scope: "toy-project" } }, state); // { status: "ok", evidence: "toy:T1" }
 */
export class Executor {
  readonly #allowed: ReadonlySet<unknown>;
  readonly #completed = new Map<string, { call: ExperimentCall; result: ExperimentResult }>();
  #writeCount = 0;

  constructor(allowed: Iterable<string>) {
    this.#allowed = new Set(allowed);
  }

  /** How many simulated writes (`patch`) actually ran. Replays do not count. */
  get writeCount(): number {
    return this.#writeCount;
  }

  /**
   * Check `call` (fields, id, tool, scope, idempotency — in that order), then run it.
   * @throws {LoopError} `invalid_call_fields`, `invalid_call_id`, `tool_not_allowed`, `scope_violation`,
   *   `idempotency_conflict`, `missing_evidence` or `unknown_tool`.
   */
  execute(call: unknown, state: LoopState): ExperimentResult {
    if (!isPlainObject(call) || !deepEqual(Object.keys(call).sort(), CALL_FIELDS)) {
      throw new LoopError("invalid_call_fields");
    }
    const { id, tool } = call;
    if (typeof id !== "string" || id === "") throw new LoopError("invalid_call_id");
    if (!this.#allowed.has(tool)) throw new LoopError("tool_not_allowed");
    if (!deepEqual(call.args, { scope: TOY_SCOPE })) throw new LoopError("scope_violation");
    const checked = call as unknown as ExperimentCall;

    const previous = this.#completed.get(id);
    if (previous !== undefined) {
      if (!deepEqual(previous.call, checked)) throw new LoopError("idempotency_conflict");
      return { ...previous.result, replayed: true };
    }

    let result: ExperimentResult;
    if (tool === "read") {
      state.evidence = true;
      result = { status: "ok", evidence: "toy:T1" };
    } else if (tool === "patch") {
      if (!state.evidence) throw new LoopError("missing_evidence");
      state.patched = true;
      this.#writeCount += 1;
      result = { status: "ok", version: "toy:v2" };
    } else if (tool === "test") {
      state.verified = state.patched;
      result = { status: state.verified ? "passed" : "failed" };
    } else {
      throw new LoopError("unknown_tool");
    }
    this.#completed.set(id, { call: deepCopy(checked), result: deepCopy(result) });
    return result;
  }
}

/**
 * The experiment's scripted model: it reads the state it is shown and proposes the next missing step
 * (read, then patch, then test), or says it is finished once the change is verified.
 */
export function fakeModel(state: Readonly<LoopState>): ExperimentProposal {
  let step: number;
  let tool: ExperimentTool;
  if (!state.evidence) [step, tool] = [1, "read"];
  else if (!state.patched) [step, tool] = [2, "patch"];
  else if (!state.verified) [step, tool] = [3, "test"];
  else return { kind: "final", status: "completed" };
  return { kind: "tool", call: { id: `op-${step}`, tool, args: { scope: TOY_SCOPE } } };
}

/** The outcome of {@link runExperiment}. */
export interface ExperimentRun {
  readonly status: ExperimentStatus;
  readonly state: LoopState;
  readonly executor: Executor;
}

/**
 * Run the loop: ask the model, execute its call, record the event; stop when it claims to be finished
 * (`completed` only if the change was verified, else `verification_missing`) or the budget runs out.
 * @throws {LoopError} `invalid_budget` when `maxTurns` is not a positive integer (booleans and strings included).
 * @example runExperiment().status // "completed"; runExperiment(1).status // "budget_exhausted"
 */
export function runExperiment(maxTurns: number = 6): ExperimentRun {
  if (typeof maxTurns !== "number" || !Number.isInteger(maxTurns) || maxTurns <= 0) {
    throw new LoopError("invalid_budget");
  }
  const state = createLoopState();
  const executor = new Executor(["read", "patch", "test"]);
  let status: ExperimentStatus = "budget_exhausted";
  for (let turn = 0; turn < maxTurns; turn += 1) {
    const proposal = fakeModel(state);
    if (proposal.kind === "final") {
      status = state.verified ? "completed" : "verification_missing";
      break;
    }
    const result = executor.execute(proposal.call, state);
    state.events.push({ call: proposal.call, result });
  }
  return { status, state, executor };
}

/**
 * The experiment's own self-check (the script runs it before printing): a full run completes with one write,
 * replaying the patch writes nothing, `publish` is refused, and a budget of one turn is exhausted.
 * @throws {Error} when any of those does not hold.
 */
export function selfTest(): void {
  const { state, executor, status } = runExperiment();
  const fail = (what: string): never => {
    throw new Error(`self-test failed: ${what}`);
  };
  if (status !== "completed" || !state.verified || executor.writeCount !== 1) fail("full run");
  const patch = { id: "op-2", tool: "patch", args: { scope: TOY_SCOPE } };
  if (executor.execute(patch, state).replayed !== true || executor.writeCount !== 1) fail("replay");
  try {
    executor.execute({ id: "x", tool: "publish", args: { scope: TOY_SCOPE } }, state);
    fail("publish should be refused");
  } catch (error) {
    if (!(error instanceof LoopError) || error.code !== "tool_not_allowed") throw error;
  }
  if (runExperiment(1).status !== "budget_exhausted") fail("budget");
}

/** The report's keys and its disclaimer, in the words of whoever prints it (the catalogs hold them per language). */
export interface ReportWords {
  readonly nature: string;
  readonly status: string;
  readonly writes: string;
  readonly events: string;
  readonly disclaimer: string;
}

/**
 * The report the script prints after a default run: disclaimer, final status, number of simulated writes,
 * and every event, under the keys `words` gives (the Chinese catalog's are exactly the script's `run_demo()`).
 * @example JSON.stringify(demoReport(zh.report), null, 2) // byte for byte the script's output
 */
export function demoReport(words: ReportWords): Record<string, unknown> {
  const { state, executor, status } = runExperiment();
  return {
    [words.nature]: words.disclaimer,
    [words.status]: status,
    [words.writes]: executor.writeCount,
    [words.events]: state.events,
  };
}
