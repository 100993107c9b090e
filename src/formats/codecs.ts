/**
 * The codecs of every format in the registry (./index.ts), by id: what the import, the export, the format view and
 * the CLI run. Kept apart from the registry's names so a figure that never reads or writes a transcript does not
 * load them.
 */
import { codec as aiSdk } from "./ai-sdk";
import { codec as anthropic } from "./anthropic";
import { codec as bedrock } from "./bedrock";
import { codec as chat } from "./chat";
import { codec as claudeCode } from "./claude-code";
import { codec as gemini } from "./gemini";
import type { FormatId } from "./index";
import { codec as langchain } from "./langchain";
import { codec as neutral } from "./neutral";
import { codec as otelGenai } from "./otel-genai";
import { codec as responses } from "./responses";
import type { Codec } from "./types";

/** Each format's codec; a format in the registry without one here does not type-check. */
export const CODECS: { readonly [Id in FormatId]: Codec<Id> } = {
  neutral,
  chat,
  responses,
  anthropic,
  gemini,
  bedrock,
  "ai-sdk": aiSdk,
  "otel-genai": otelGenai,
  langchain,
  "claude-code": claudeCode,
};
