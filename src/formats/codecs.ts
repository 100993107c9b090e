/**
 * The codecs of every format in the registry (./index.ts), by id: what the import, the export, the format view and
 * the CLI run. Kept apart from the registry's names so a figure that never reads or writes a transcript does not
 * load them.
 */
import { codec as aiSdk } from "./ai-sdk";
import { codec as aiSdkTelemetry } from "./ai-sdk-telemetry";
import { codec as anthropic } from "./anthropic";
import { codec as bedrock } from "./bedrock";
import { codec as chat } from "./chat";
import { codec as claudeCode } from "./claude-code";
import { codec as codex } from "./codex";
import { codec as gemini } from "./gemini";
import { codec as geminiCli } from "./gemini-cli";
import type { FormatId, WritableFormatId } from "./index";
import { codec as inspect } from "./inspect";
import { codec as langchain } from "./langchain";
import { codec as neutral } from "./neutral";
import { codec as openhands } from "./openhands";
import { codec as openinference } from "./openinference";
import { codec as openllmetry } from "./openllmetry";
import { codec as otelGenai } from "./otel-genai";
import { codec as otlp } from "./otlp";
import { codec as pi } from "./pi";
import { codec as responses } from "./responses";
import { codec as sweAgent } from "./swe-agent";
import type { Codec, WritingCodec } from "./types";

/**
 * Each format's codec, a writing one for a format the figure writes; a format in the registry without one here
 * does not type-check.
 */
export const CODECS: {
  readonly [Id in FormatId]: Id extends WritableFormatId ? WritingCodec<Id> : Codec<Id>;
} = {
  neutral,
  chat,
  responses,
  anthropic,
  gemini,
  bedrock,
  "ai-sdk": aiSdk,
  "otel-genai": otelGenai,
  otlp,
  openinference,
  "ai-sdk-telemetry": aiSdkTelemetry,
  openllmetry,
  langchain,
  "claude-code": claudeCode,
  codex,
  "gemini-cli": geminiCli,
  inspect,
  "swe-agent": sweAgent,
  openhands,
  pi,
};
