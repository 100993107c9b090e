/**
 * What `agent-loop-figure live` tells its viewer of a run besides the run's document (the request and the answer so
 * far, which the import reads): whether the answer is still coming, and what the proxy saw go wrong or change at a
 * model call. The recording proxy's runs (src/live/runs.ts) make these; the viewer (src/viewer/) says them at
 * their steps, in its catalog's words.
 */

/** What the proxy saw happen at one model call of a run, besides its request and answer. */
export type LiveEvent =
  /** The provider answered with an error status (`message`: the error's own text, as the provider gave it). */
  | { readonly call: number; readonly kind: "error"; readonly status: number; readonly message: string }
  /** The answer's stream ended with the provider's error event. */
  | { readonly call: number; readonly kind: "stream_error"; readonly message: string }
  /** The stream was cut upstream before its end. */
  | { readonly call: number; readonly kind: "cut" }
  /** The agent stopped reading the answer before its end. */
  | { readonly call: number; readonly kind: "client_closed" }
  /** The provider could not be reached: the agent got the proxy's 502. */
  | { readonly call: number; readonly kind: "unreachable" }
  /** The stream had `count` events that are not JSON, or not of a type the provider sends: passed on as sent. */
  | { readonly call: number; readonly kind: "malformed"; readonly count: number }
  /** The same request sent again after the one before it failed. */
  | { readonly call: number; readonly kind: "retried" }
  /**
   * The request no longer sends `blocks` thinking blocks the run's last request sent in the same history (cleared by
   * the agent, or by its context management): the model did not read them at this call.
   */
  | { readonly call: number; readonly kind: "thinking_cleared"; readonly blocks: number }
  /** The request kept the first `kept` of the `before` messages the run's last request sent, and changed the rest. */
  | { readonly call: number; readonly kind: "rewritten"; readonly kept: number; readonly before: number };

/** What the viewer is told of a live run besides its document. */
export interface LiveFacts {
  /** The last request's answer is still coming. */
  readonly streaming: boolean;
  readonly events: readonly LiveEvent[];
  /**
   * The run came as the agent's own telemetry (the OTLP receiver), not through the proxy: its tools' runs are what
   * the telemetry recorded (the import says each), never inferred from the next request.
   */
  readonly observed?: true;
}

/**
 * A run `agent-loop-figure live --save` could not draw, saved raw rather than dropped: the run's last request as the
 * agent sent it and the answer as the provider gave it (keys and key-shaped strings removed), with why the import
 * refused it. The import names this form and refuses it with that reason (docs/cli.md).
 */
export interface RawLiveRun {
  /** The form's version: the one field that names it. */
  readonly agent_loop_figure_live_raw: 1;
  readonly provider: string;
  /** The request's path and query (no key in it). */
  readonly path: string;
  /** How many requests the run had; only the last is kept, as it carries the history of the ones before. */
  readonly requests: number;
  /** Why the figure cannot draw it: the import's errors, each with where in the request it is. */
  readonly not_drawn: readonly {
    readonly message: string;
    readonly path?: string;
    readonly line?: number;
    readonly column?: number;
  }[];
  /** The request's body: JSON as sent, or its text when it is not JSON. */
  readonly request: unknown;
  /** OpenAI Responses carried by `previous_response_id`: the earlier inputs and outputs the last request leaves out. */
  readonly chain?: readonly unknown[];
  readonly response: {
    readonly status: number | null;
    readonly content_type: string | null;
    /** How the exchange ended (`open` while the answer is still coming). */
    readonly end: string;
    /** The answer's bytes as text, as they arrived (a stream's events, whole). */
    readonly body: string;
  };
  readonly live: LiveFacts;
}

/** Whether a parsed document is a run `live --save` saved raw. */
export const isRawLiveRun = (data: unknown): data is RawLiveRun =>
  typeof data === "object" &&
  data !== null &&
  (data as { agent_loop_figure_live_raw?: unknown }).agent_loop_figure_live_raw === 1;
