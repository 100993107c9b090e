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
  /** The request kept the first `kept` of the `before` messages the run's last request sent, and changed the rest. */
  | { readonly call: number; readonly kind: "rewritten"; readonly kept: number; readonly before: number };

/** What the viewer is told of a live run besides its document. */
export interface LiveFacts {
  /** The last request's answer is still coming. */
  readonly streaming: boolean;
  readonly events: readonly LiveEvent[];
}
