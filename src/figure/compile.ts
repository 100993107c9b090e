/**
 * A figure file's scenario as the engine's inputs: declarative tools become tool definitions (well-formed by their
 * declared parameters, in scope by their `scope`, running their `results`), the turns a scripted model, the `done`
 * checks the host's verify. Nothing here is special to any one figure: the built-in scenarios, written as figure
 * files, run to the same traces (tests/unit/figure.test.ts).
 */
import type { Lang } from "../content/languages";
import {
  type DoneCheck,
  deepEqual,
  defined,
  type Environment,
  isPlainObject,
  isProjectPath,
  type JsonObject,
  type JsonValue,
  type LoopErrorCode,
  type MemoryFiles,
  type ModelPolicy,
  type ProposedCall,
  type RunningCall,
  type Scenario,
  type ToolDefinition,
  type ToolOutput,
} from "../engine";
import { HOST_TIMEOUT } from "../engine/errors";
import { REFUSAL_RULES, type RefusalRule } from "./rules";
import type { Comparison, FigureCheck, FigureResult, FigureScenarioInput, FigureTool, Text } from "./schema";

/** The host's rules on argument values, as a figure file writes them. */
type FigureRules = NonNullable<FigureScenarioInput["host"]["rules"]>;

/**
 * A text in `lang`: the same text for every language, or the one given for `lang`, else the first one given.
 * @example textIn({ en: "Hello", zh: "你好" }, "zh") // "你好"
 */
export function textIn(text: Text, lang: Lang): string {
  if (typeof text === "string") return text;
  return text[lang] ?? Object.values(text).find((value) => value !== undefined) ?? "";
}

/** A JSON Schema's `type` as a list of type names. */
const typesOf = (schema: unknown): readonly string[] | null => {
  const type = isPlainObject(schema) ? schema.type : undefined;
  if (typeof type === "string") return [type];
  if (Array.isArray(type) && type.every((t) => typeof t === "string")) return type as string[];
  return null;
};

/** Whether a value is text by language: a non-empty object whose every key is a language with a string. */
const isTextByLanguage = (value: unknown, langs: readonly string[]): value is Record<string, string> =>
  isPlainObject(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, text]) => langs.includes(key) && typeof text === "string");

/** A JSON Schema's properties, when it declares any. */
const propertiesOf = (parameters: JsonObject): Readonly<Record<string, unknown>> =>
  isPlainObject(parameters.properties) ? parameters.properties : {};

/**
 * A call's arguments in `lang`: a string-typed argument given as text by language is that text in `lang`.
 * Anything else is as written.
 */
export function argsIn(args: JsonObject, parameters: JsonObject | undefined, lang: Lang, langs: readonly string[]) {
  const properties = parameters === undefined ? {} : propertiesOf(parameters);
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(args)) {
    const types = typesOf(properties[key]);
    out[key] =
      types?.includes("string") === true && isTextByLanguage(value, langs)
        ? textIn(value as Text, lang)
        : (value as JsonValue);
  }
  return out;
}

/** Whether `value` is of a JSON Schema type. */
function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "null":
      return value === null;
    default:
      return true;
  }
}

/**
 * The host's well-formedness check from a tool's declared parameters: every required property there, no other
 * property when `additionalProperties` is false, each property of its declared type and among its `enum`.
 */
export function wellFormedBy(parameters: JsonObject): (args: JsonObject) => boolean {
  const properties = propertiesOf(parameters);
  const required = Array.isArray(parameters.required)
    ? parameters.required.filter((key): key is string => typeof key === "string")
    : [];
  const closed = parameters.additionalProperties === false;
  return (args) =>
    required.every((key) => Object.hasOwn(args, key)) &&
    Object.entries(args).every(([key, value]) => {
      if (!Object.hasOwn(properties, key)) return !closed;
      const schema = properties[key];
      const types = typesOf(schema);
      if (types !== null && !types.some((type) => isOfType(value, type))) return false;
      const allowed = isPlainObject(schema) ? schema.enum : undefined;
      return !Array.isArray(allowed) || allowed.some((option) => deepEqual(option, value));
    });
}

/** Whether an argument's value compares as `comparison` says (every operator given must hold). */
export function compares(value: unknown, comparison: Comparison, args: JsonObject): boolean {
  const operand = (given: Comparison["lt"]): number | undefined => {
    const other = typeof given === "object" ? args[given.arg] : given;
    return typeof other === "number" ? other : undefined;
  };
  const numeric = (given: Comparison["lt"], holds: (a: number, b: number) => boolean) => {
    if (given === undefined) return true;
    const bound = operand(given);
    return typeof value === "number" && bound !== undefined && holds(value, bound);
  };
  return (
    numeric(comparison.lt, (a, b) => a < b) &&
    numeric(comparison.lte, (a, b) => a <= b) &&
    numeric(comparison.gt, (a, b) => a > b) &&
    numeric(comparison.gte, (a, b) => a >= b) &&
    (comparison.oneOf === undefined || comparison.oneOf.some((option) => deepEqual(option, value))) &&
    (comparison.pattern === undefined || (typeof value === "string" && patternOf(comparison.pattern).test(value)))
  );
}

/** A pattern as a regular expression (./check.ts has made sure it is one; one that is not matches nothing). */
function patternOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return /(?!)/;
  }
}

/** Whether a result's `when` holds for this call. */
function applies(result: FigureResult, args: JsonObject, files: MemoryFiles, attempt: number): boolean {
  const when = result.when;
  if (when === undefined) return true;
  if (when.attempt !== undefined && when.attempt !== attempt) return false;
  if (when.changed !== undefined && !files.hasChanged(when.changed)) return false;
  if (!Object.entries(when.compare ?? {}).every(([key, comparison]) => compares(args[key], comparison, args)))
    return false;
  return Object.entries(when.args ?? {}).every(([key, value]) => deepEqual(args[key], value));
}

/** The engine's code for a refusal by each check the file can give words for. */
const REFUSAL_CODES: Readonly<Record<RefusalRule, LoopErrorCode>> = {
  well_formed: "invalid_call_fields",
  tool_allowed: "tool_not_allowed",
  in_scope: "scope_violation",
  policy: "policy_refused",
  operation_id: "idempotency_conflict",
  precondition: "missing_evidence",
};

/**
 * What the host tells the model when it refuses a call to `tool`: the author's words, by check, and for a scope
 * that is a list of values (not a path in the project) words that name the list; the engine's own for the rest.
 */
function refusalsOf(tool: FigureTool, lang: Lang): Partial<Record<LoopErrorCode, string>> {
  const out: Partial<Record<LoopErrorCode, string>> = {};
  const scope = tool.scope;
  if (scope?.oneOf !== undefined && scope.within === undefined)
    out.scope_violation = `${tool.name} was not run: ${scope.argument} must be one of ${scope.oneOf.map((option) => JSON.stringify(option)).join(", ")}.`;
  for (const rule of REFUSAL_RULES) {
    const text = tool.refusals?.[rule];
    if (text !== undefined) out[REFUSAL_CODES[rule]] = textIn(text, lang);
  }
  return out;
}

/**
 * A tool's precondition from its file: an input file read first (`needsRead`), then a successful result of the
 * tool `needs` names for the same values of its `sameArgs`. The missing evidence, or null when it is there.
 */
function preconditionOf(tool: FigureTool): ToolDefinition["precondition"] {
  const { needsRead, needs } = tool;
  if (needsRead === undefined && needs === undefined) return undefined;
  return (files, args, done) => {
    if (needsRead !== undefined && !files.hasRead(needsRead)) return { file: needsRead };
    if (needs === undefined) return null;
    const same: JsonObject = Object.fromEntries((needs.sameArgs ?? []).map((key) => [key, args[key] ?? null]));
    const found = done.some(
      (call) =>
        call.name === needs.tool &&
        call.status === "ok" &&
        Object.entries(same).every(([key, value]) => deepEqual(call.args[key] ?? null, value)),
    );
    return found ? null : { tool: needs.tool, args: same };
  };
}

/** A result's content: a string as it is, any other JSON value as compact JSON text. */
const contentOf = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? "null"));

/**
 * What the tool does for a call, decided as the call starts: the first result that applies (or the error
 * `no_result`), how long it takes, and its effects and output, which come when it finishes.
 */
function startResults(
  tool: FigureTool,
  args: JsonObject,
  files: MemoryFiles,
  attempt: number,
  lang: Lang,
  record: Map<string, ToolOutput> | undefined,
): RunningCall {
  const operationId = tool.operationId === undefined ? undefined : String(args[tool.operationId]);
  // An operation the tool did before, whose answer was lost: it answers from its record and does nothing again.
  const kept = operationId === undefined ? undefined : record?.get(operationId);
  if (kept !== undefined) return { seconds: 0, finish: () => ({ ...kept, fromRecord: true }) };
  const result = tool.results.find((candidate) => applies(candidate, args, files, attempt));
  if (result === undefined) return { seconds: 0, finish: () => ({ status: "error", content: "no_result" }) };
  const finish = (): ToolOutput => {
    if (result.readFile !== undefined) {
      const content = files.read(String(args[result.readFile]));
      return content === undefined ? { status: "error", content: "not_found" } : { status: "ok", content };
    }
    for (const path of result.reads ?? []) files.read(path);
    for (const [path, content] of Object.entries(result.changes ?? {})) files.write(path, content);
    const output: ToolOutput = {
      status: result.error === true ? "error" : "ok",
      content: result.text === undefined ? contentOf(result.returns ?? "") : textIn(result.text, lang),
    };
    if (result.lost !== true) return output;
    if (operationId !== undefined) record?.set(operationId, output);
    return { status: "error", content: HOST_TIMEOUT(tool.name), lost: true };
  };
  return { seconds: result.seconds ?? 0, finish };
}

/**
 * The host's own rules on a tool's argument values (`host.rules`): the words of the first rule a call breaks, in
 * `lang`; none when the host has no rule for the tool.
 */
function policyOf(tool: FigureTool, rules: FigureRules, lang: Lang): ToolDefinition["policy"] {
  const mine = rules.filter((rule) => rule.tool === tool.name);
  if (mine.length === 0) return undefined;
  return (args) => {
    const broken = mine.find((rule) =>
      Object.entries(rule.refuseWhen).every(([key, comparison]) => compares(args[key], comparison, args)),
    );
    return broken === undefined ? null : textIn(broken.refusal, lang);
  };
}

/** A declared tool as the host knows it. `executions` counts, per run (per run's files), how often each ran. */
function toolOf(
  tool: FigureTool,
  lang: Lang,
  executions: WeakMap<MemoryFiles, Map<string, number>>,
  rules: FigureRules,
): ToolDefinition {
  const parameters = tool.parameters as JsonObject;
  // The tool's record of the operations it did, per run: what it answers a repeat of one whose answer was lost.
  const records = new WeakMap<MemoryFiles, Map<string, ToolOutput>>();
  const policy = policyOf(tool, rules, lang);
  const effect = tool.effect;
  const writes =
    effect === undefined ? tool.results.some((result) => result.changes !== undefined) : typeof effect === "object";
  const scope = tool.scope;
  const operationArgument = tool.operationId;
  const precondition = preconditionOf(tool);
  const refusals = refusalsOf(tool, lang);
  // A call's attempt is counted as it starts, so its result (and how long it takes) is known from the start.
  const start = (args: JsonObject, files: MemoryFiles): RunningCall => {
    let counts = executions.get(files);
    if (counts === undefined) {
      counts = new Map();
      executions.set(files, counts);
    }
    const attempt = (counts.get(tool.name) ?? 0) + 1;
    counts.set(tool.name, attempt);
    let record = records.get(files);
    if (record === undefined && tool.operationId !== undefined) {
      record = new Map();
      records.set(files, record);
    }
    return startResults(tool, args, files, attempt, lang, record);
  };
  return {
    name: tool.name,
    description: textIn(tool.description, lang),
    parameters,
    ...(writes ? { writes: true } : {}),
    ...(effect === "reads" ? { reads: true } : {}),
    ...(typeof effect === "object" && "sideEffect" in effect ? { sideEffect: true } : {}),
    ...defined({ policy }),
    ...(operationArgument === undefined ? {} : { operationId: (args) => String(args[operationArgument]) }),
    ...defined({ precondition }),
    ...(Object.keys(refusals).length === 0 ? {} : { refusals }),
    ...(tool.mcp === undefined ? {} : { mcp: { server: tool.mcp.server } }),
    wellFormed: wellFormedBy(parameters),
    ...(scope === undefined
      ? {}
      : {
          inScope: (args: JsonObject) => {
            const value = args[scope.argument];
            if (scope.within === "project" && !(typeof value === "string" && isProjectPath(value))) return false;
            return scope.oneOf === undefined || scope.oneOf.some((option) => option === value);
          },
        }),
    start,
    run: (args, files) => start(args, files).finish(),
  };
}

/** The scripted model: turn n at model call n, the last turn again after the last. */
function modelOf(scenario: FigureScenarioInput, lang: Lang, langs: readonly string[]): ModelPolicy {
  const turns = scenario.model.map((turn) => {
    if (turn.answer !== undefined) return { kind: "final" as const, text: textIn(turn.answer, lang) };
    const calls = (turn.calls ?? []).map(
      (call): ProposedCall => ({
        name: call.tool,
        args: argsIn(
          call.args as JsonObject,
          scenario.tools.find((t) => t.name === call.tool)?.parameters as JsonObject | undefined,
          lang,
          langs,
        ),
      }),
    );
    return { kind: "tool_calls" as const, calls };
  });
  return (_context, modelCall) => turns[Math.min(modelCall, turns.length) - 1] ?? { kind: "final", text: "" };
}

/** One of the file's checks as the engine's finish step names it, its text in `lang`. */
function doneCheckOf(check: FigureCheck, lang: Lang): DoneCheck {
  if (check.fileRead !== undefined) return { kind: "fileRead", path: check.fileRead };
  if (check.fileChanged !== undefined) return { kind: "fileChanged", path: check.fileChanged };
  if (check.resultOk !== undefined) return { kind: "resultOk", tool: check.resultOk };
  if (check.allOk !== undefined) return { kind: "allOk", tool: check.allOk };
  if (check.resultIncludes !== undefined)
    return { kind: "resultIncludes", tool: check.resultIncludes.tool, text: check.resultIncludes.text };
  if (check.answerIncludes !== undefined) return { kind: "answerIncludes", text: textIn(check.answerIncludes, lang) };
  const { writes, calls, succeeded, exactly, atMost, atLeast } = check.count ?? {};
  return { kind: "count", ...defined({ writes, calls, succeeded, exactly, atMost, atLeast }) };
}

/** Whether one of the host's checks holds in the environment. */
function holds(check: FigureCheck, environment: Environment, lang: Lang): boolean {
  const state = (path: string) => environment.files.find((file) => file.path === path)?.state;
  if (check.fileRead !== undefined) return state(check.fileRead) === "read" || state(check.fileRead) === "changed";
  if (check.fileChanged !== undefined) return state(check.fileChanged) === "changed";
  if (check.resultOk !== undefined)
    return environment.results.some((result) => result.name === check.resultOk && result.status === "ok");
  if (check.allOk !== undefined) {
    const runs = environment.results.filter((result) => result.name === check.allOk && !result.replayed);
    return runs.length > 0 && runs.every((result) => result.status === "ok");
  }
  if (check.resultIncludes !== undefined) {
    const { tool, text } = check.resultIncludes;
    return environment.results.some(
      (result) => result.name === tool && result.status === "ok" && result.content.includes(text),
    );
  }
  if (check.answerIncludes !== undefined) return environment.answer.includes(textIn(check.answerIncludes, lang));
  if (check.count !== undefined) {
    const { writes, calls, succeeded, exactly, atMost, atLeast } = check.count;
    const n =
      writes !== undefined
        ? (environment.writes[writes] ?? 0)
        : environment.results.filter(
            (result) =>
              !result.replayed &&
              (succeeded === undefined ? result.name === calls : result.name === succeeded && result.status === "ok"),
          ).length;
    return (
      (exactly === undefined || n === exactly) &&
      (atMost === undefined || n <= atMost) &&
      (atLeast === undefined || n >= atLeast)
    );
  }
  return false;
}

/**
 * A figure file's scenario as the engine runs it, in `lang` (the conversation's words; the steps are the same in
 * every language). `langs` are the language codes text by language may use.
 * @example runScenario(figureScenario("weather", file.scenario, "en", LANGS)).outcome // "completed"
 */
export function figureScenario(
  id: string,
  scenario: FigureScenarioInput,
  lang: Lang,
  langs: readonly string[],
): Scenario {
  const executions = new WeakMap<MemoryFiles, Map<string, number>>();
  const tools = scenario.tools.map((tool) => toolOf(tool, lang, executions, scenario.host.rules ?? []));
  return {
    id,
    request: textIn(scenario.task, lang),
    systemNote: textIn(scenario.system, lang),
    files: scenario.files ?? {},
    tools,
    allowedTools: scenario.host.allow ?? tools.map((tool) => tool.name),
    model: modelOf(scenario, lang, langs),
    host: { feedResultsBack: scenario.host.feedBack ?? true },
    maxModelCalls: scenario.host.maxModelCalls,
    verify: (environment) => scenario.done.every((check) => holds(check, environment, lang)),
    checks: (environment) =>
      scenario.done.map((check) => ({ check: doneCheckOf(check, lang), held: holds(check, environment, lang) })),
  };
}
