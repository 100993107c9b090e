/** The providers "would this replay?" (./check.ts) knows, apart from the checker, for pickers and flags that list them. */
import type { FormatId } from "./index";

/** The providers a history can be checked for: those whose requests carry a conversation. */
export const CHECK_PROVIDERS = [
  "chat",
  "responses",
  "anthropic",
  "gemini",
  "bedrock",
] as const satisfies readonly FormatId[];

/** A provider a history can be checked for. */
export type CheckProvider = (typeof CHECK_PROVIDERS)[number];

/** Whether `value` names a provider the checker knows. */
export const isCheckProvider = (value: string): value is CheckProvider =>
  (CHECK_PROVIDERS as readonly string[]).includes(value);
