/**
 * The trace's JSON form, versions 1 and 2 (docs/trace-format.md), as a valibot schema: what an imported or stored
 * trace must look like before the player will show it. Checked with a schema library, not by hand, so every
 * problem names its path. Besides shape, the schema checks what the player relies on: steps numbered 1…n, every
 * `contextEnd` within the messages, a model call's `appendedFrom` within its context, every step's lanes among
 * the trace's lanes.
 */
import { type ParseError, parse as parseJsonc } from "jsonc-parser";
import * as v from "valibot";
import {
  type CheckResult,
  FILE_STATES,
  type JsonObject,
  LOOP_ERROR_CODES,
  type LoopErrorCode,
  MCP_LANES,
  type Message,
  OUTCOMES,
  type Step,
  type ToolDeclaration,
  TRACE_VERSION,
  type Trace,
  VALIDATION_RULES,
  type ValidationRule,
  type Verdict,
} from "../engine";
import { stepUnpacker } from "./compact";

const RULES: readonly ValidationRule[] = VALIDATION_RULES;
const CHECK_RESULTS: readonly CheckResult[] = ["passed", "failed", "not_applicable"];
const VERDICTS: readonly Verdict[] = ["approved", "replayed", "refused"];

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const lane = v.picklist(MCP_LANES);
/** A JSON object: what JSON.parse made is JSON throughout, so only its being an object is checked. */
const json = v.custom<JsonObject>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "expected a JSON object",
);

const toolCall = v.object({
  callId: v.string(),
  name: v.string(),
  args: json,
  rawArguments: v.exactOptional(v.string()),
});
const toolResult = v.object({
  callId: v.string(),
  name: v.string(),
  status: v.picklist(["ok", "error"]),
  content: v.string(),
  replayed: v.boolean(),
});

/** Version 2's references into `messages` (./compact.ts): a step's result, call or calls as a message holds them. */
const index = v.pipe(v.number(), v.integer(), v.minValue(0));
const resultRef = v.strictObject({ message: index });
const callRef = v.strictObject({ message: index, call: index });

const part = v.variant("type", [
  v.object({ type: v.literal("text"), text: v.string() }),
  v.object({
    type: v.literal("reasoning"),
    text: v.string(),
    redacted: v.boolean(),
    signed: v.exactOptional(v.literal(true)),
  }),
  v.object({ type: v.literal("tool_call"), callId: v.string() }),
  v.object({ type: v.literal("provider_tool"), id: v.string(), name: v.string(), input: v.string() }),
  v.object({ type: v.literal("provider_result"), id: v.string(), name: v.string(), content: v.string() }),
  v.object({ type: v.literal("media"), media: v.string() }),
  v.object({ type: v.literal("refusal"), text: v.string() }),
  v.object({ type: v.literal("other"), original: v.string() }),
]);
const parts = v.exactOptional(v.array(part));

/** A message as the engine has it (the schema's output is the engine's type: a field added to one fails here). */
const message: v.GenericSchema<unknown, Message> = v.variant("role", [
  v.object({
    role: v.literal("system"),
    content: v.string(),
    parts,
    clearAt: v.exactOptional(v.literal("next_user_message")),
  }),
  v.object({ role: v.literal("user"), content: v.string(), parts }),
  v.object({
    role: v.literal("assistant"),
    content: v.nullable(v.string()),
    toolCalls: v.array(toolCall),
    parts,
  }),
  v.object({ role: v.literal("tool"), ...toolResult.entries }),
]);

const counters = v.object({ modelCalls: count, toolExecutions: count, simulatedWrites: count });

/** What every step has. Version 2 may leave out `number`, an empty `fileChanges` and unchanged `counters`. */
const base = {
  number: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  lane,
  edge: v.nullable(v.object({ from: lane, to: lane })),
  contextEnd: count,
  callIds: v.array(v.string()),
  toolResult: v.nullable(v.union([toolResult, resultRef])),
  fileChanges: v.optional(v.array(v.object({ path: v.string(), state: v.picklist(FILE_STATES) }))),
  counters: v.optional(counters),
};

/** One of the host's checks at the finish (the engine's DoneCheck). */
const doneCheck = v.variant("kind", [
  v.object({ kind: v.literal("fileRead"), path: v.string() }),
  v.object({ kind: v.literal("fileChanged"), path: v.string() }),
  v.object({ kind: v.literal("resultOk"), tool: v.string() }),
  v.object({ kind: v.literal("allOk"), tool: v.string() }),
  v.object({ kind: v.literal("resultIncludes"), tool: v.string(), text: v.string() }),
  v.object({ kind: v.literal("answerIncludes"), text: v.string() }),
  v.object({
    kind: v.literal("count"),
    writes: v.exactOptional(v.string()),
    calls: v.exactOptional(v.string()),
    succeeded: v.exactOptional(v.string()),
    exactly: v.exactOptional(count),
    atMost: v.exactOptional(count),
    atLeast: v.exactOptional(count),
  }),
]);

const step = v.variant("kind", [
  v.object({ ...base, kind: v.literal("task"), request: v.string() }),
  v.object({ ...base, kind: v.literal("model_call"), modelCall: count, appendedFrom: count }),
  v.object({
    ...base,
    kind: v.literal("proposal"),
    calls: v.union([v.array(toolCall), resultRef]),
    stopped: v.exactOptional(v.picklist(["aborted", "error"])),
    idsBy: v.exactOptional(v.picklist(["agent", "figure", "parsed", "byName"])),
  }),
  v.object({
    ...base,
    kind: v.literal("validation"),
    call: v.union([toolCall, callRef]),
    checks: v.array(v.object({ rule: v.picklist(RULES), result: v.picklist(CHECK_RESULTS) })),
    verdict: v.picklist(VERDICTS),
    errorCode: v.nullable(v.picklist(LOOP_ERROR_CODES as LoopErrorCode[])),
    wanted: v.optional(
      v.union([v.object({ file: v.string() }), v.object({ tool: v.string(), args: v.record(v.string(), json) })]),
    ),
  }),
  v.object({
    ...base,
    kind: v.literal("execution"),
    call: v.union([toolCall, callRef]),
    lost: v.exactOptional(v.literal(true)),
    fromRecord: v.exactOptional(v.literal(true)),
    recordedCause: v.exactOptional(v.picklist(["tool", "host", "user", "skipped", "cancelled", "interrupted"])),
  }),
  v.object({ ...base, kind: v.literal("mcp_request"), call: v.union([toolCall, callRef]), rpc: json }),
  v.object({ ...base, kind: v.literal("mcp_response"), call: v.union([toolCall, callRef]), rpc: json }),
  v.object({
    ...base,
    kind: v.literal("answer"),
    text: v.string(),
    stopped: v.exactOptional(v.picklist(["aborted", "error"])),
  }),
  v.object({
    ...base,
    kind: v.literal("finish"),
    outcome: v.picklist(OUTCOMES),
    pendingCallIds: v.array(v.string()),
    verified: v.nullable(v.boolean()),
    answer: v.nullable(v.string()),
    checks: v.exactOptional(v.array(v.object({ check: doneCheck, held: v.boolean() }))),
    ended: v.exactOptional(v.object({ tool: v.string(), status: v.nullable(v.string()) })),
    recorded: v.exactOptional(
      v.array(
        v.object({
          by: v.picklist(["scorer", "reviewer"]),
          name: v.string(),
          value: v.string(),
          passed: v.nullable(v.boolean()),
          target: v.nullable(v.string()),
          answer: v.nullable(v.string()),
          explanation: v.nullable(v.string()),
        }),
      ),
    ),
  }),
]);

/** A tool as the host declared it, as the engine has it. */
const tool: v.GenericSchema<unknown, ToolDeclaration> = v.object({
  name: v.string(),
  description: v.string(),
  parameters: json,
  builtIn: v.exactOptional(v.string()),
  writes: v.exactOptional(v.literal(true)),
  reads: v.exactOptional(v.literal(true)),
  sideEffect: v.exactOptional(v.literal(true)),
});

/** The versions read: 1 (every step whole) and 2 (steps may refer to the messages). */
const VERSIONS = [1, TRACE_VERSION] as const;

/** The schema of a trace's JSON form, versions 1 and 2 (what its references point at is checked as they are read). */
export const TraceSchema = v.pipe(
  v.object({
    version: v.picklist(VERSIONS, `expected "version": 1 or 2 (this reads traces of versions 1 and 2)`),
    scenarioId: v.string(),
    lanes: v.pipe(v.array(lane), v.minLength(1), v.maxLength(8)),
    messages: v.array(message),
    files: v.array(v.string()),
    steps: v.pipe(v.array(step), v.minLength(1)),
    outcome: v.picklist(OUTCOMES),
    counters,
    budget: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
    tools: v.array(tool),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { steps, messages, lanes } = dataset.value;
    steps.forEach((s, i) => {
      const at = (key: string, message: string) =>
        addIssue({
          message,
          path: [pathItem(dataset.value, "steps", steps), pathItem(steps, i, s), pathItem(s, key, null)],
        });
      if (s.number !== undefined && s.number !== i + 1) at("number", `step ${i + 1} is numbered ${s.number}`);
      if (dataset.value.version === 1) {
        for (const key of ["number", "fileChanges", "counters"] as const)
          if (s[key] === undefined) at(key, `a step of version 1 has its ${key}`);
        for (const key of ["toolResult", "call", "calls"] as const) {
          const value = (s as { readonly [field: string]: unknown })[key];
          if (typeof value === "object" && value !== null && "message" in value && !("callId" in value))
            at(key, "a reference into the messages needs version 2");
        }
      }
      if (s.contextEnd > messages.length)
        at("contextEnd", `contextEnd ${s.contextEnd} is past the ${messages.length} messages`);
      if (s.kind === "model_call" && s.appendedFrom > s.contextEnd)
        at("appendedFrom", "appendedFrom is past contextEnd");
      for (const used of [s.lane, s.edge?.from, s.edge?.to]) {
        if (used !== undefined && !lanes.includes(used)) at("lane", `lane "${used}" is not among the trace's lanes`);
      }
    });
  }),
);

/** A path item for a custom issue (valibot's shape: where in the input the problem is). */
function pathItem(input: unknown, key: string | number, value: unknown) {
  return {
    type: "object" as const,
    origin: "value" as const,
    input: input as Record<string, unknown>,
    key: String(key),
    value,
  };
}

/** Why a text is not a trace: where (JSON line and column, or a path into the data) and what. */
export interface TraceProblem {
  readonly message: string;
  /** 1-based, for text that is not JSON at all. */
  readonly line?: number;
  readonly column?: number;
  /** Where in the data, e.g. `steps.3.contextEnd`, for JSON of the wrong shape. */
  readonly path?: string;
}

/**
 * Where the first JSON syntax error in `text` is (1-based line and column), found by a real JSON scanner
 * (jsonc-parser, comments and trailing commas refused): JSON.parse's own messages say where only in some engines.
 */
export function jsonErrorPlace(text: string): { line: number; column: number } | null {
  const error = firstJsonError(text);
  if (error === undefined) return null;
  const lines = text.slice(0, error.offset).split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

function firstJsonError(text: string): ParseError | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0];
}

/** What jsonc-parser's error codes (ParseErrorCode, 1–16) mean, in words: what was expected there. */
const JSON_ERRORS: Readonly<Record<number, string>> = {
  1: "an unexpected character",
  2: "a malformed number",
  3: "expected a property name in double quotes (a trailing comma?)",
  4: "expected a value (a trailing comma, or nothing at all?)",
  5: "expected a colon after the property name",
  6: "expected a comma between two items",
  7: "expected } to close the object",
  8: "expected ] to close the list",
  9: "expected the end of the text after the value",
  10: "a comment, which JSON does not allow",
  11: "a comment that is not closed",
  12: "a string that is not closed",
  13: "a number that ends too soon",
  14: "a malformed \\u escape",
  15: "an escape JSON does not know",
  16: "a character a string may not hold (a line break or a control character)",
};

/**
 * A JSON syntax error as a problem: "not valid JSON: expected a comma between two items", at its line and column.
 * @example jsonSyntaxProblem('{"a": 1 "b": 2}') // { message: "not valid JSON: expected a comma …", line: 1, column: 9 }
 */
export function jsonSyntaxProblem(text: string): { message: string; line?: number; column?: number } {
  const error = firstJsonError(text);
  const what = error === undefined ? undefined : JSON_ERRORS[error.error];
  return {
    message: what === undefined ? "not valid JSON" : `not valid JSON: ${what}`,
    ...(jsonErrorPlace(text) ?? {}),
  };
}

/** A trace read, or every problem found (at most 20), each with its place. */
export type TraceReading =
  | { readonly ok: true; readonly trace: Trace }
  | { readonly ok: false; readonly problems: readonly TraceProblem[] };

/**
 * Read a trace from its parsed JSON (either version): checked against the schema, then each of version 2's
 * references turned into the object its message holds (steps share it; nothing is copied per step).
 */
export function readTrace(data: unknown): TraceReading {
  const result = v.safeParse(TraceSchema, data, { abortPipeEarly: false });
  if (!result.success)
    return {
      ok: false,
      problems: result.issues.slice(0, 20).map((issue) => ({
        message: issue.message,
        path: v.getDotPath(issue) ?? "",
      })),
    };
  const read = result.output;
  const unpacker = stepUnpacker(read.messages);
  const steps: Step[] = [];
  const problems: TraceProblem[] = [];
  read.steps.forEach((packed, i) => {
    const step = unpacker.unpack(packed, i);
    if ("path" in step) {
      if (problems.length < 20) problems.push(step);
    } else steps.push(step);
  });
  if (problems.length > 0) return { ok: false, problems };
  // The rest of the trace is the engine's type as read (the schema's output); only the steps are made from it.
  const { messages, scenarioId, lanes, files, outcome, counters: totals, budget, tools } = read;
  return {
    ok: true,
    trace: {
      version: TRACE_VERSION,
      scenarioId,
      lanes,
      messages,
      files,
      steps,
      outcome,
      counters: totals,
      budget,
      tools,
    },
  };
}

/**
 * Read a trace from its JSON text: the trace, or every problem found (at most 20), each with its place.
 * @example parseTraceJson(JSON.stringify(runScenario(scenarioById("f22", DEFAULT_LANG)))) // { ok: true, trace }
 */
export function parseTraceJson(text: string): TraceReading {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: [jsonSyntaxProblem(text)] };
  }
  return readTrace(data);
}
