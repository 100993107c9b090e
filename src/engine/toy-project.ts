/**
 * The chapter's teaching experiment (`07_agent_loop.py`) as tools the generic runner can run: `read`, `patch` and
 * `test` on an in-memory "toy-project", each call naming its scope and an operation id (the action's idempotency
 * key, which the caller chooses; the call_id is the provider's and pairs a request with its result). Same rules
 * as the experiment: only the toy project is in scope, a patch needs the evidence of a read first, the tests pass
 * only after the patch, and a repeated operation id replays instead of writing twice.
 */
import type { JsonObject } from "./json.ts";
import type { Environment, ProposedCall } from "./runner.ts";
import type { ToolDefinition } from "./tools.ts";
import type { Message } from "./trace.ts";

/** The project the experiment works on, and the only scope its calls may name. */
export const TOY_PROJECT = "toy-project";
/** The project as one in-memory entry; its content is the version the experiment reports. */
export const TOY_FILES = { [TOY_PROJECT]: "toy:v1" } as const;

const keysAre = (args: JsonObject, keys: readonly string[]) =>
  Object.keys(args).length === keys.length && keys.every((key) => typeof args[key] === "string");

const scopeParameters = (extra: Readonly<Record<string, JsonObject>> = {}): JsonObject => ({
  type: "object",
  properties: {
    scope: { type: "string", description: "The project the action works on." },
    operation_id: {
      type: "string",
      description: "The action's idempotency key: reuse it only to repeat the same action.",
    },
    ...extra,
  },
  required: ["scope", "operation_id", ...Object.keys(extra)],
  additionalProperties: false,
});

const common = {
  inScope: (args: JsonObject) => args.scope === TOY_PROJECT,
  operationId: (args: JsonObject) => String(args.operation_id),
};

/** `read {scope, operation_id}`: reads the project; its result is the evidence a patch needs. */
export const toyReadTool: ToolDefinition = {
  ...common,
  name: "read",
  description: "Read the toy project's code and its failing test.",
  parameters: scopeParameters(),
  reads: true,
  wellFormed: (args) => keysAre(args, ["scope", "operation_id"]),
  run(_args, files) {
    files.read(TOY_PROJECT);
    return { status: "ok", content: JSON.stringify({ status: "ok", evidence: "toy:T1" }) };
  },
};

/** `patch {scope, operation_id, fix}`: changes the project (one simulated write); needs a read first. */
export const toyPatchTool: ToolDefinition = {
  ...common,
  name: "patch",
  description: "Apply a fix to the toy project. Read it first.",
  parameters: scopeParameters({ fix: { type: "string", description: "What the patch changes." } }),
  writes: true,
  precondition: (files) => (files.hasRead(TOY_PROJECT) ? null : { file: TOY_PROJECT }),
  wellFormed: (args) => keysAre(args, ["scope", "operation_id", "fix"]),
  run(_args, files) {
    files.write(TOY_PROJECT, "toy:v2");
    return { status: "ok", content: JSON.stringify({ status: "ok", version: "toy:v2" }) };
  },
};

/** `test {scope, operation_id}`: runs the project's tests; they pass only once the project has been patched. */
export const toyTestTool: ToolDefinition = {
  ...common,
  name: "test",
  description: "Run the toy project's tests.",
  parameters: scopeParameters(),
  reads: true,
  wellFormed: (args) => keysAre(args, ["scope", "operation_id"]),
  run: (_args, files) => ({
    status: "ok",
    content: JSON.stringify({ status: files.hasChanged(TOY_PROJECT) ? "passed" : "failed" }),
  }),
};

/** The experiment's three tools, all declared and allowed. */
export const TOY_TOOLS: readonly ToolDefinition[] = [toyReadTool, toyPatchTool, toyTestTool];

/** Whether the tests ran and passed: the environment's evidence that the fix is done. */
export function toyTestsPassed(environment: Environment): boolean {
  return environment.results.some((result) => result.name === "test" && result.content.includes('"passed"'));
}

/** The toy-project call a model proposes: the action and its operation id (the provider gives it its call_id). */
export function toyCall(name: "read" | "patch" | "test", operationId: string, fix?: string): ProposedCall {
  const args: JsonObject =
    fix === undefined
      ? { scope: TOY_PROJECT, operation_id: operationId }
      : { scope: TOY_PROJECT, operation_id: operationId, fix };
  return { name, args };
}

/** The successful results the model has been shown, by tool name. */
export function shownResults(context: readonly Message[]): ReadonlySet<string> {
  return new Set(context.flatMap((m) => (m.role === "tool" && m.status === "ok" ? [m.name] : [])));
}

/** How many tool calls the model has proposed so far, as its context shows. */
export function proposedSoFar(context: readonly Message[]): number {
  return context.reduce((n, m) => n + (m.role === "assistant" ? m.toolCalls.length : 0), 0);
}
