/**
 * The trace's compact JSON form (version 2, docs/trace-format.md): a step does not repeat what the trace's
 * messages already hold. Its tool result, its call and a proposal's calls are written as references into
 * `messages` when a message holds the same thing, so the file grows with the transcript, not with its steps (a
 * 100,000-message run wrote 4.6 × its input as version 1, two thirds of it copies of results and calls). Reading
 * turns each reference back into the message's own object: steps share what they point at, in memory too.
 * Besides references, a packed step leaves out what its place says: its `number` (its position), `fileChanges`
 * when empty, and `counters` when they are the previous step's.
 */
import { type Message, type Step, type ToolCall, type ToolResult, TRACE_VERSION, type Trace } from "../engine";

/** A step's tool result as the message at this index of `messages` (a tool message) holds it. */
export interface ResultRef {
  readonly message: number;
}

/** A call as the assistant message at `message` holds it, at `call` in its `toolCalls`. */
export interface CallRef {
  readonly message: number;
  readonly call: number;
}

/** A proposal's calls as all of the assistant message at `message`'s `toolCalls`, in order. */
export interface CallsRef {
  readonly message: number;
}

/** A step as the compact form writes it: its result, call or calls given inline or by reference. */
export type PackedStep = { readonly [key: string]: unknown };

const sameArgs = (a: ToolCall, b: ToolCall): boolean =>
  a.args === b.args || JSON.stringify(a.args) === JSON.stringify(b.args);

const sameCall = (a: ToolCall, b: ToolCall): boolean =>
  a === b || (a.callId === b.callId && a.name === b.name && a.rawArguments === b.rawArguments && sameArgs(a, b));

const sameResult = (a: ToolResult, b: ToolResult): boolean =>
  a === b ||
  (a.callId === b.callId &&
    a.name === b.name &&
    a.status === b.status &&
    a.content === b.content &&
    a.replayed === b.replayed);

/** Where the messages hold each call and each result, by call id (a transcript may reuse an id). */
interface Places {
  readonly calls: Map<string, CallRef[]>;
  readonly results: Map<string, number[]>;
}

function placesOf(messages: readonly Message[]): Places {
  const calls = new Map<string, CallRef[]>();
  const results = new Map<string, number[]>();
  messages.forEach((message, i) => {
    if (message.role === "tool") {
      const list = results.get(message.callId);
      if (list === undefined) results.set(message.callId, [i]);
      else list.push(i);
    } else if (message.role === "assistant") {
      message.toolCalls.forEach((call, j) => {
        const list = calls.get(call.callId);
        if (list === undefined) calls.set(call.callId, [{ message: i, call: j }]);
        else list.push({ message: i, call: j });
      });
    }
  });
  return { calls, results };
}

/** Writes steps compactly against one trace's messages (their places indexed once), in order. */
export interface StepPacker {
  pack(step: Step): PackedStep;
}

const sameCounters = (a: Step["counters"], b: Step["counters"] | undefined): boolean =>
  b !== undefined &&
  a.modelCalls === b.modelCalls &&
  a.toolExecutions === b.toolExecutions &&
  a.simulatedWrites === b.simulatedWrites;

/** A packer for the steps of a run whose messages are `messages`. */
export function stepPacker(messages: readonly Message[]): StepPacker {
  const places = placesOf(messages);
  const callAt = (ref: CallRef): ToolCall | undefined => {
    const message = messages[ref.message];
    return message?.role === "assistant" ? message.toolCalls[ref.call] : undefined;
  };
  const refOfCall = (call: ToolCall): CallRef | ToolCall =>
    places.calls.get(call.callId)?.find((ref) => {
      const held = callAt(ref);
      return held !== undefined && sameCall(held, call);
    }) ?? call;
  const refOfResult = (result: ToolResult): ResultRef | ToolResult => {
    const at = places.results.get(result.callId)?.find((i) => {
      const message = messages[i];
      return message?.role === "tool" && sameResult(message, result);
    });
    return at === undefined ? result : { message: at };
  };
  const refOfCalls = (calls: readonly ToolCall[]): CallsRef | readonly ToolCall[] => {
    const first = calls[0];
    if (first === undefined) return calls;
    const ref = refOfCall(first);
    if (!("message" in ref) || ref.call !== 0) return calls;
    const message = messages[ref.message];
    if (message?.role !== "assistant" || message.toolCalls.length !== calls.length) return calls;
    return message.toolCalls.every((held, j) => {
      const call = calls[j];
      return call !== undefined && sameCall(held, call);
    })
      ? { message: ref.message }
      : calls;
  };
  let previous: Step["counters"] | undefined;
  return {
    pack(step) {
      const { number: _number, fileChanges, counters, ...rest } = step;
      const packed: { [key: string]: unknown } = { ...rest };
      if (fileChanges.length > 0) packed.fileChanges = fileChanges;
      if (!sameCounters(counters, previous)) packed.counters = counters;
      previous = counters;
      if (step.toolResult !== null) packed.toolResult = refOfResult(step.toolResult);
      if ("call" in step) packed.call = refOfCall(step.call);
      if (step.kind === "proposal") packed.calls = refOfCalls(step.calls);
      return packed;
    },
  };
}

/** The trace in its compact JSON form (version 2), as an object to serialise. */
export function packTrace(trace: Trace): { readonly [key: string]: unknown } {
  const packer = stepPacker(trace.messages);
  return { ...trace, version: TRACE_VERSION, steps: trace.steps.map((step) => packer.pack(step)) };
}

/** Why a reference cannot be followed, at its field of a step. */
export interface RefProblem {
  /** The step's 0-based index and field, e.g. `steps.4.toolResult`. */
  readonly path: string;
  readonly message: string;
}

/** Turns packed steps back into steps, in order, each reference into the object the message holds. */
export interface StepUnpacker {
  /**
   * The step, or what is wrong with a reference in it (`index` is the step's 0-based place, for the path). Called
   * for each step in order: a step without `counters` has the previous step's.
   */
  unpack(packed: PackedStep, index: number): Step | RefProblem;
}

const NO_CHANGES: readonly never[] = [];
const NO_COUNTS: Step["counters"] = { modelCalls: 0, toolExecutions: 0, simulatedWrites: 0 };

const isRef = (value: unknown): value is { message: number; call?: number } =>
  typeof value === "object" && value !== null && "message" in value && !("callId" in value);

/** An unpacker against `messages`; a result read by reference is made once per message, then shared. */
export function stepUnpacker(messages: readonly Message[]): StepUnpacker {
  const results = new Map<number, ToolResult>();
  const resultAt = (i: number): ToolResult | string => {
    const known = results.get(i);
    if (known !== undefined) return known;
    const message = messages[i];
    if (message === undefined) return `refers to message ${i}, past the ${messages.length} messages`;
    if (message.role !== "tool") return `refers to message ${i}, which is a ${message.role} message, not a tool result`;
    const { callId, name, status, content, replayed } = message;
    const result = { callId, name, status, content, replayed };
    results.set(i, result);
    return result;
  };
  const assistantAt = (i: number): Extract<Message, { role: "assistant" }> | string => {
    const message = messages[i];
    if (message === undefined) return `refers to message ${i}, past the ${messages.length} messages`;
    if (message.role !== "assistant")
      return `refers to message ${i}, which is a ${message.role} message, not the model's`;
    return message;
  };
  let previous = NO_COUNTS;
  return {
    unpack(packed, index) {
      const step: { [key: string]: unknown } = { number: index + 1, ...packed };
      step.fileChanges ??= NO_CHANGES;
      step.counters ??= previous;
      previous = step.counters as Step["counters"];
      const problem = (field: string, message: string): RefProblem => ({ path: `steps.${index}.${field}`, message });
      if (isRef(packed.toolResult)) {
        const result = resultAt(packed.toolResult.message);
        if (typeof result === "string") return problem("toolResult", result);
        step.toolResult = result;
      }
      if (isRef(packed.call)) {
        const message = assistantAt(packed.call.message);
        if (typeof message === "string") return problem("call", message);
        const call = message.toolCalls[packed.call.call ?? -1];
        if (call === undefined)
          return problem(
            "call",
            `refers to call ${packed.call.call} of message ${packed.call.message}, which has ${message.toolCalls.length}`,
          );
        step.call = call;
      }
      if (isRef(packed.calls)) {
        const message = assistantAt(packed.calls.message);
        if (typeof message === "string") return problem("calls", message);
        step.calls = message.toolCalls;
      }
      return step as unknown as Step;
    },
  };
}
