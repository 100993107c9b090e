import type { JsonObject } from "./json.ts";
import type { Evidence } from "./trace.ts";

/**
 * Every error the engine can raise, by stable code, with a developer's message (what a stack trace shows).
 * Callers switch on `code`, never on message text; the words a reader sees are the catalogs' (content/), which
 * phrase every code in their language.
 */
export const LOOP_ERROR_DEVELOPER_MESSAGES = {
  invalid_call_fields: "call must have exactly the fields id, tool and args",
  invalid_call_id: "call id must be a non-empty string",
  tool_not_allowed: "tool is not in the allowed set",
  scope_violation: "call arguments leave the allowed scope",
  policy_refused: "the host's policy does not allow the call's argument values",
  idempotency_conflict: "operation id already stands for a different action",
  missing_evidence: "a precondition's evidence is missing (a file not read, or no successful result it needs first)",
  unknown_tool: "unknown teaching tool",
  invalid_budget: "turn budget must be a positive integer",
} as const;

/** A stable error code. */
export type LoopErrorCode = keyof typeof LOOP_ERROR_DEVELOPER_MESSAGES;

/** Every error code, in a fixed order: for schemas and exhaustive checks. */
export const LOOP_ERROR_CODES = Object.keys(LOOP_ERROR_DEVELOPER_MESSAGES) as readonly LoopErrorCode[];

/** Argument values in words for a message to the model: ` for room "B", slot "10:00"`, or nothing. */
const argumentsText = (args: JsonObject): string => {
  const entries = Object.entries(args);
  return entries.length === 0
    ? ""
    : ` for ${entries.map(([key, value]) => `${key} ${JSON.stringify(value)}`).join(", ")}`;
};

/**
 * What the host tells the model when it refuses a call, in the protocol's language (as providers' own errors
 * are): what happened and what the model can do instead, so its next proposal can act on it. Sent as the refused
 * call's result, `{"error": code, "message": …}` under the call's call_id.
 */
export const HOST_REFUSALS: Readonly<
  Record<Exclude<LoopErrorCode, "invalid_budget">, (tool: string, wanted?: Evidence) => string>
> = {
  invalid_call_fields: (tool) =>
    `The call to ${tool || "a tool"} was not run: its arguments do not match the tool's parameters. Send the fields the tool declares.`,
  invalid_call_id: () => "The call was not run: it has no call id.",
  tool_not_allowed: (tool) =>
    `${tool} was not run: this host does not allow it in this run. Do not call it again; ask the user, or go on without it.`,
  scope_violation: (tool) => `${tool} was not run: its arguments leave the project. Use a path inside the project.`,
  policy_refused: (tool) =>
    `${tool} was not run: this host's policy does not allow these argument values. Ask the user before trying again.`,
  idempotency_conflict: (tool) =>
    `${tool} was not run: this operation id already stands for a different action. Use a new operation id for a new action.`,
  missing_evidence: (tool, wanted) =>
    wanted === undefined
      ? `${tool} was not run: what it needs first is missing.`
      : "file" in wanted
        ? `${tool} was not run: it needs ${wanted.file} read first. Read it, then try again.`
        : `${tool} was not run: it needs a successful ${wanted.tool} result${argumentsText(wanted.args)} first. Call ${wanted.tool}${Object.keys(wanted.args).length > 0 ? " with those values" : ""}, then try again.`,
  unknown_tool: (tool) => `${tool} was not run: no tool of that name is declared.`,
};

/**
 * What the host gets when a tool's answer is lost on the way (a timeout): an error result that says only what the
 * host knows, that no answer came, not whether the work was done.
 */
export const HOST_TIMEOUT = (tool: string): string =>
  JSON.stringify({
    error: "timeout",
    message: `No answer from ${tool} in time: whether it did the work is not known.`,
  });

/**
 * The one error class the engine throws: a stable `code` and a developer's message. A reader's message in a
 * language is the catalog's (`catalog.errors[code]`).
 *
 * @example
 * try { new Executor(["read"]).execute({ id: "x", tool: "publish", args: { scope: "toy-project" } }, state) }
 * catch (e) { if (e instanceof LoopError && e.code === "tool_not_allowed") … }
 */
export class LoopError extends Error {
  override readonly name = "LoopError";
  readonly code: LoopErrorCode;

  constructor(code: LoopErrorCode) {
    super(`${code}: ${LOOP_ERROR_DEVELOPER_MESSAGES[code]}`);
    this.code = code;
  }
}
