import { VALIDATION_RULES } from "../engine/trace";

/** The host's checks a tool's own refusal words can be given for (the engine's rule names): no valibot here. */
export const REFUSAL_RULES = VALIDATION_RULES;
export type RefusalRule = (typeof REFUSAL_RULES)[number];
