/** The languages the engine can describe its errors in. */
export type Lang = "zh" | "en";

/**
 * Every error the engine can raise, with its message in both languages. One table, stable codes: callers
 * switch on `code`, never on message text. The Chinese messages are the teaching experiment's own.
 */
export const LOOP_ERROR_MESSAGES = {
  invalid_call_fields: {
    zh: "调用字段必须为 id/tool/args",
    en: "A call must have exactly the fields id, tool and args",
  },
  invalid_call_id: { zh: "调用ID必须是非空字符串", en: "A call id must be a non-empty string" },
  tool_not_allowed: { zh: "工具未授权", en: "This tool is not allowed" },
  scope_violation: { zh: "作用域越界", en: "The call reaches outside its allowed scope" },
  idempotency_conflict: {
    zh: "同一幂等ID不能指向不同动作",
    en: "One idempotency id cannot stand for two different actions",
  },
  missing_evidence: { zh: "缺少前置证据", en: "Missing prior evidence: read before you patch" },
  unknown_tool: { zh: "未知教学工具", en: "Unknown teaching tool" },
  invalid_budget: { zh: "轮次预算必须为正整数", en: "The turn budget must be a positive integer" },
} as const satisfies Record<string, Readonly<Record<Lang, string>>>;

/** A stable error code; see {@link LOOP_ERROR_MESSAGES}. */
export type LoopErrorCode = keyof typeof LOOP_ERROR_MESSAGES;

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
