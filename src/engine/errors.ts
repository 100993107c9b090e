/** The languages the engine can describe its errors in. */
export type Lang = "zh" | "en";

/**
 * Every error the engine can raise, in Chinese: the teaching experiment's own messages. Stable codes: callers
 * switch on `code`, never on message text. Kept per language so a page that speaks one carries only that one.
 */
export const LOOP_ERRORS_ZH = {
  invalid_call_fields: "调用字段必须为 id/tool/args",
  invalid_call_id: "调用ID必须是非空字符串",
  tool_not_allowed: "工具未授权",
  scope_violation: "作用域越界",
  idempotency_conflict: "同一幂等ID不能指向不同动作",
  missing_evidence: "缺少前置证据",
  unknown_tool: "未知教学工具",
  invalid_budget: "轮次预算必须为正整数",
} as const;

/** Every error the engine can raise, in English (same codes as {@link LOOP_ERRORS_ZH}). */
export const LOOP_ERRORS_EN = {
  invalid_call_fields: "A call must have exactly the fields id, tool and args",
  invalid_call_id: "A call id must be a non-empty string",
  tool_not_allowed: "This tool is not allowed",
  scope_violation: "The call reaches outside its allowed scope",
  idempotency_conflict: "One idempotency id cannot stand for two different actions",
  missing_evidence: "Missing prior evidence: read before you patch",
  unknown_tool: "Unknown teaching tool",
  invalid_budget: "The turn budget must be a positive integer",
} as const satisfies Record<keyof typeof LOOP_ERRORS_ZH, string>;

/**
 * What the host tells the model when it refuses a call, in the protocol's language (as providers' own errors
 * are): what happened and what the model can do instead, so its next proposal can act on it. Sent as the refused
 * call's result, `{"error": code, "message": …}` under the call's call_id.
 */
export const HOST_REFUSALS: Readonly<Record<Exclude<LoopErrorCode, "invalid_budget">, (tool: string) => string>> = {
  invalid_call_fields: (tool) =>
    `The call to ${tool || "a tool"} was not run: its arguments do not match the tool's parameters. Send the fields the tool declares.`,
  invalid_call_id: () => "The call was not run: it has no call id.",
  tool_not_allowed: (tool) =>
    `${tool} was not run: this host does not allow it in this run. Do not call it again; ask the user, or go on without it.`,
  scope_violation: (tool) => `${tool} was not run: its arguments leave the project. Use a path inside the project.`,
  idempotency_conflict: (tool) =>
    `${tool} was not run: this operation id already stands for a different action. Use a new operation id for a new action.`,
  missing_evidence: (tool) => `${tool} was not run: read the project first, then try again.`,
  unknown_tool: (tool) => `${tool} was not run: no tool of that name is declared.`,
};

type BothLanguages = {
  readonly [C in LoopErrorCode]: { readonly zh: (typeof LOOP_ERRORS_ZH)[C]; readonly en: (typeof LOOP_ERRORS_EN)[C] };
};
const pairMessages = (): BothLanguages =>
  Object.fromEntries(
    Object.entries(LOOP_ERRORS_ZH).map(([code, zh]) => [code, { zh, en: LOOP_ERRORS_EN[code as LoopErrorCode] }]),
  ) as BothLanguages;

/** Every error's message in both languages, by code. */
export const LOOP_ERROR_MESSAGES: BothLanguages = /* @__PURE__ */ pairMessages();

/** A stable error code; see {@link LOOP_ERROR_MESSAGES}. */
export type LoopErrorCode = keyof typeof LOOP_ERRORS_ZH;

/**
 * The one error class the engine throws. `message` holds both languages ("中文 / English");
 * use {@link LoopError.describe} for one of them.
 *
 * @example
 * try { new Executor(["read"]).execute({ id: "x", tool: "publish", args: { scope: "toy-project" } }, state) }
 * catch (e) { if (e instanceof LoopError && e.code === "tool_not_allowed") … }
 */
export class LoopError extends Error {
  override readonly name = "LoopError";
  readonly code: LoopErrorCode;

  constructor(code: LoopErrorCode) {
    const text = LOOP_ERROR_MESSAGES[code];
    super(`${text.zh} / ${text.en}`);
    this.code = code;
  }

  /** The message in one language. */
  describe(lang: Lang): string {
    return LOOP_ERROR_MESSAGES[this.code][lang];
  }
}
