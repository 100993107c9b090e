/** What a run can hold that a format may not carry (see ./loss.ts). No imports: every codec names these. */

/** A feature a run can have and a format may not carry. */
export type Feature =
  /** The model's reasoning (thinking, thought summaries, signatures): opaque provider state included. */
  | "reasoning"
  /** Images, audio and documents in messages. */
  | "media"
  /** Tools the provider ran inside a model call (web search, code execution), with their results. */
  | "provider_tools"
  /** Declarations of the provider's built-in tools. */
  | "built_in_tools"
  /** A tool result marked as an error (a refused or failed call). */
  | "error_status"
  /** The declarations of the host's tools. */
  | "tool_declarations"
  /** The host's system note. */
  | "system"
  /** A system message the host put among the messages mid-run, where it stands (not merged into the system note). */
  | "mid_run_system"
  /** A system message shown to the model only until the next user message (Anthropic's beta `clear_at`). */
  | "clear_at"
  /** Call arguments that are not a JSON object, kept as written. */
  | "raw_arguments"
  /** Content of a type the figure does not know, kept as a placeholder. */
  | "unknown_parts"
  /** Calls the model proposed (and their results) that the host never put in the model's context: only the run's steps hold them. */
  | "unfed_calls"
  /** The host's own exchanges beside the model's (an MCP server's JSON-RPC tools/call), in no model request. */
  | "host_hops"
  /** A turn's results in the order they came back, where that is not the order of its calls. */
  | "result_order";

/** Every feature, in the order a report lists them. */
export const FEATURES: readonly Feature[] = [
  "system",
  "mid_run_system",
  "clear_at",
  "tool_declarations",
  "built_in_tools",
  "error_status",
  "reasoning",
  "media",
  "provider_tools",
  "raw_arguments",
  "unknown_parts",
  "unfed_calls",
  "host_hops",
  "result_order",
];

/** What a format's writer puts in that the run did not have, so that the provider takes the request. */
export type AdditionKind =
  /** Google's documented placeholder `thoughtSignature` on a model turn's first call (Gemini 3 requires one). */
  "placeholder_signature";
