/** The host's checks a tool's own refusal words can be given for (the engine's rule names): no valibot here. */
export const REFUSAL_RULES = ["well_formed", "tool_allowed", "in_scope", "operation_id", "precondition"] as const;
export type RefusalRule = (typeof REFUSAL_RULES)[number];
