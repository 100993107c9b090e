/**
 * The proxy's exchanges (./proxy.ts) gathered into runs, each a document the figure's import reads (the same codecs,
 * problems and replay check as a saved run): the run's last request with its answer appended, the answer as far as
 * its stream has come.
 *
 * Consecutive requests of one conversation form one run: a request whose history begins with the history of a run's
 * last request, and goes on past it, continues that run (for OpenAI Responses, `previous_response_id` naming the
 * run's last response does too). The same history sent again (a retry) stays in its run. A request that keeps the
 * run's opening, its system text and its tools but changes or drops what came after (an edit, a compaction that keeps
 * model turns) stays in the run too, and is a finding; a history with no model turn yet opens a new run. Any other
 * request starts a new run, so a side call (a title, a summary) never breaks the run it interrupts.
 *
 * Histories are compared by what was said, not by their bytes (`said`): prompt-caching marks (`cache_control`, which
 * pi and Claude Code move to the newest message on every request), a content string and the same text as one text
 * block, Claude Code's `<system-reminder>` blocks (which change between requests), system messages the agent puts
 * among the messages or takes out, and thinking blocks cleared by context management never start a new run or count
 * as a rewrite. Thinking cleared from the history is said, at the model call whose request cleared it. A request of
 * the same session (the agent's own session header: Claude Code's, Codex CLI's) with the same system text and tools
 * that starts its history anew (a compaction's summary) is a rewrite of that session's run, not a new one.
 *
 * A run keeps its last request only, never every request's whole history again: a two-hour session of hundreds of
 * model calls, each resending its history, holds one history per run. What the proxy saw go wrong (an error answer, a
 * cut stream) is kept as the run's facts, at the model call it happened to. Token counts are left out.
 */

import type { LiveEvent, LiveFacts, RawLiveRun } from "../formats/live-facts";
import { reassembleAnthropic, reassembleChat, reassembleGemini, reassembleResponses } from "../formats/streams";
import type { Exchange, Provider } from "./proxy";
import type { RecordedRuns } from "./save";

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A request as its run keeps it. */
interface Sent {
  readonly exchange: Exchange;
  readonly request: Record<string, unknown>;
  /** What its history says, each entry as JSON text (what a later request must begin with): see `said`. */
  readonly history: readonly string[];
  /** How many thinking blocks each entry of `history` holds as sent (to tell when a later request clears them). */
  readonly thinking: readonly number[];
  /** Where each entry of `history` stands among the messages as sent (which also hold system messages). */
  readonly at: readonly number[];
  /** How many messages (or items, or contents) it sent. */
  readonly sent: number;
  /** What identifies the conversation besides its messages: the system text and the tools, as JSON text. */
  readonly frame: string;
  /** The 1-based number of its model call in the run's document. */
  readonly call: number;
  /** False for a body that is not JSON: the run's document is then that text, which the import refuses. */
  readonly json?: false;
}

/** One run: its last request, and what it has shown so far. */
export interface LiveRun {
  readonly id: number;
  readonly provider: Provider;
  /** How many model calls (requests, retries included) the run has had. */
  requests: number;
  /** Bumped each time the run's document changes (a request joins it, its answer streams on). */
  revision: number;
  last: Sent;
  /** OpenAI Responses carried by `previous_response_id`: the earlier inputs and outputs, which later requests omit. */
  chain: unknown[];
  events: LiveEvent[];
  /** The document at a revision, kept until the next. */
  cached?: { readonly revision: number; readonly text: string };
}

/** The answer's body: a stream put back together as far as it has come, or the JSON answer; null before either. */
function answerOf(exchange: Exchange): {
  body: Record<string, unknown> | null;
  malformed: number;
  /** A stream that reached its own end (`message_stop`, `[DONE]`, a completed response). */
  whole: boolean;
  error?: unknown;
} {
  if (exchange.status === null || exchange.status >= 400 || exchange.responseBody === "")
    return { body: null, malformed: 0, whole: false };
  const streamed = (exchange.responseHeaders["content-type"] ?? "").includes("text/event-stream");
  if (!streamed) {
    try {
      return { body: asObject(JSON.parse(exchange.responseBody)), malformed: 0, whole: exchange.end === "complete" };
    } catch {
      return { body: null, malformed: 0, whole: false };
    }
  }
  const reassemble = {
    anthropic: reassembleAnthropic,
    gemini: reassembleGemini,
    openai: isResponses(exchange) ? reassembleResponses : reassembleChat,
  }[exchange.provider];
  const { body, malformed, error, end } = reassemble(exchange.responseBody);
  return {
    body: body === null ? null : { ...body },
    malformed,
    whole: end === "complete",
    ...(error === undefined ? {} : { error }),
  };
}

const isResponses = (exchange: Exchange) => exchange.path.startsWith("/v1/responses");

/** The history a request carries, in its provider's shape. */
function historyOf(exchange: Exchange, request: Record<string, unknown>): unknown[] {
  if (exchange.provider === "anthropic") return asList(request.messages);
  if (exchange.provider === "gemini") return asList(request.contents);
  if (isResponses(exchange))
    return typeof request.input === "string" ? [{ role: "user", content: request.input }] : asList(request.input);
  return asList(request.messages);
}

/** An Anthropic thinking block (or its redacted form). */
const isThinking = (block: unknown) => {
  const type = asObject(block).type;
  return type === "thinking" || type === "redacted_thinking";
};

/** A text block that is only one of Claude Code's `<system-reminder>`s, which it rewrites between requests. */
const isReminder = (block: unknown) => {
  const item = asObject(block);
  return (
    item.type === "text" &&
    typeof item.text === "string" &&
    /^\s*<system-reminder>[\s\S]*<\/system-reminder>\s*$/.test(item.text)
  );
};

/** A value with every `cache_control` mark taken out, at any depth. */
function unmarked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unmarked);
  if (typeof value !== "object" || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (key !== "cache_control") kept[key] = unmarked(inner);
  return kept;
}

/**
 * What a history says, entry by entry, as the comparison of two requests should see it: each entry as JSON text with
 * no caching mark, an Anthropic content string as its one text block, without reminder and thinking blocks; system
 * messages among the messages left out. Each entry's thinking blocks as sent are counted beside it.
 */
function said(provider: Provider, list: readonly unknown[]): { history: string[]; thinking: number[]; at: number[] } {
  const history: string[] = [];
  const thinking: number[] = [];
  const at: number[] = [];
  for (const [index, entry] of list.entries()) {
    const item = asObject(entry);
    if (provider === "anthropic" && item.role === "system") continue;
    at.push(index);
    if (provider !== "anthropic" || item.content === undefined) {
      history.push(JSON.stringify(unmarked(entry)));
      thinking.push(0);
      continue;
    }
    const blocks = typeof item.content === "string" ? [{ type: "text", text: item.content }] : asList(item.content);
    const kept = blocks.filter((block) => !isThinking(block) && !isReminder(block));
    history.push(JSON.stringify(unmarked({ ...item, content: kept })));
    thinking.push(blocks.length - blocks.filter((block) => !isThinking(block)).length);
  }
  return { history, thinking, at };
}

/** The system text and the tools a request carries: the same conversation keeps them. */
function frameOf(exchange: Exchange, request: Record<string, unknown>, history: readonly unknown[]): string {
  const system =
    exchange.provider === "anthropic"
      ? request.system
      : exchange.provider === "gemini"
        ? request.systemInstruction
        : isResponses(exchange)
          ? request.instructions
          : asObject(history[0]).role === "system" || asObject(history[0]).role === "developer"
            ? history[0]
            : null;
  return JSON.stringify(unmarked([system ?? null, request.tools ?? null]));
}

/**
 * The session an agent says a request belongs to, in a header of its own: Claude Code's `x-claude-code-session-id`,
 * Codex CLI's `session-id` (null when it sends none).
 */
function sessionOf(exchange: Exchange): string | null {
  const headers = exchange.requestHeaders;
  return headers["x-claude-code-session-id"] ?? headers["session-id"] ?? headers.session_id ?? null;
}

/** How many model turns a history holds (each became a model call in the document's steps). */
function modelTurns(provider: Provider, history: readonly unknown[]): number {
  let turns = 0;
  let inTurn = false;
  for (const entry of history) {
    const item = asObject(entry);
    const model =
      provider === "gemini"
        ? item.role === "model"
        : item.role === "assistant" ||
          (item.role === undefined && typeof item.type === "string" && item.type !== "function_call_output");
    if (model && !inTurn) turns += 1;
    inTurn = model;
  }
  return turns;
}

/** The answer's entries, as the next request would carry them (none while it has not begun, or for an error). */
function replyOf(exchange: Exchange, answer: Record<string, unknown> | null): unknown[] {
  if (answer === null) return [];
  switch (exchange.provider) {
    case "anthropic":
      return [{ role: "assistant", content: asList(answer.content) }];
    case "gemini": {
      const candidate = asObject(asList(answer.candidates)[0]);
      return candidate.content === undefined ? [] : [candidate.content];
    }
    case "openai": {
      if (isResponses(exchange)) return asList(answer.output);
      const message = asObject(asObject(asList(answer.choices)[0]).message);
      return [
        {
          role: "assistant",
          content: message.content ?? null,
          ...(Array.isArray(message.tool_calls) ? { tool_calls: message.tool_calls } : {}),
        },
      ];
    }
    default: {
      const never: never = exchange.provider;
      return never;
    }
  }
}

/** The request with the history given in place of its own, in its provider's shape. */
function withHistory(exchange: Exchange, request: Record<string, unknown>, history: unknown[]): unknown {
  if (exchange.provider === "anthropic") return { ...request, messages: history };
  if (exchange.provider === "gemini") return { ...request, contents: history };
  if (isResponses(exchange)) return { ...request, input: history };
  return { ...request, messages: history };
}

/** An error answer's own words: the JSON error's message, or the start of the body. */
function errorText(body: string): string {
  try {
    const parsed = asObject(JSON.parse(body));
    const error = Array.isArray(parsed) ? asObject(parsed[0]).error : parsed.error;
    const message = asObject(error).message ?? parsed.message ?? error;
    if (typeof message === "string") return message.slice(0, 500);
  } catch {
    // not JSON: its text, as sent
  }
  return body.trim().slice(0, 500);
}

/**
 * Strings shaped like API keys and tokens (OpenAI's and Anthropic's `sk-…`, Google's `AIza…`, xAI, Groq, Hugging
 * Face, GitHub, AWS access key ids): an agent can paste one into a prompt or a tool's result. Keys are made of
 * letters, digits, `_` and `-`, so taking one out of JSON text leaves the JSON whole.
 */
const KEY_SHAPED =
  /\b(?:sk-[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|xai-[A-Za-z0-9]{20,}|gsk_[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{30,}|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,}|AKIA[0-9A-Z]{16})\b/g;

/** The mark a key-shaped string leaves where it was taken out. */
export const KEY_REMOVED = "[key-shaped string removed by agent-loop-figure]";

/** Text with every key-shaped string taken out. */
export function withoutKeyShapes(text: string): string {
  return text.replace(KEY_SHAPED, KEY_REMOVED);
}

/** The runs of a proxy's exchanges, as they happen. */
export class LiveRuns implements RecordedRuns<LiveRun> {
  readonly via = "proxy";
  readonly runs: LiveRun[] = [];
  readonly #listeners = new Set<(run: LiveRun) => void>();
  readonly #runOf = new Map<number, LiveRun>();

  /** Be told of each change of a run; until the returned function is called. */
  subscribe(listener: (run: LiveRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(run: LiveRun): void {
    run.revision += 1;
    for (const listener of this.#listeners) listener(run);
  }

  /** A new run, whose first request is `last`. */
  #open(last: Sent): void {
    const run: LiveRun = {
      id: this.runs.length,
      provider: last.exchange.provider,
      requests: 1,
      revision: 0,
      last,
      chain: [],
      events: [],
    };
    this.runs.push(run);
    this.#runOf.set(last.exchange.id, run);
    this.#changed(run);
  }

  /** A request has been sent: it continues a run, or begins one. It is no model call (count_tokens): ignored. */
  begin(exchange: Exchange): void {
    if (exchange.method !== "POST" || /count_?tokens/i.test(exchange.path)) return;
    let request: Record<string, unknown>;
    try {
      request = asObject(JSON.parse(exchange.requestBody));
    } catch {
      // Not JSON: a run of its own, which the import cannot read, so it is saved raw and said (never dropped).
      this.#open({
        exchange,
        request: {},
        history: [],
        thinking: [],
        at: [],
        sent: 0,
        frame: "",
        call: 1,
        json: false,
      });
      return;
    }
    const list = historyOf(exchange, request);
    const { history, thinking, at } = said(exchange.provider, list);
    const frame = frameOf(exchange, request, list);
    const joined = this.#joined(exchange, request, list, history, frame);
    if (joined === undefined) {
      const call = modelTurns(exchange.provider, list) + 1;
      this.#open({ exchange, request, history, thinking, at, sent: list.length, frame, call });
      return;
    }
    const { run, how } = joined;
    const before = run.last;
    let call = before.call + 1;
    if (how.kind === "chained") {
      // The chain so far: the earlier request's input and its whole answer, which this request leaves out.
      run.chain.push(
        ...historyOf(before.exchange, before.request),
        ...replyOf(before.exchange, answerOf(before.exchange).body),
      );
    } else if (how.kind === "retry") {
      call = before.call;
      run.events.push({ call, kind: "retried" });
    } else if (how.kind === "rewritten") {
      // The document is now this request's history: what came before it is numbered differently, so its findings go.
      call = modelTurns(exchange.provider, list) + 1;
      // Counted in the messages as sent: the entries kept, up to the last of them.
      const kept = how.kept === 0 ? 0 : (before.at[how.kept - 1] ?? 0) + 1;
      run.events = [{ call, kind: "rewritten", kept, before: before.sent }];
    }
    // Thinking the earlier request sent and this one no longer does, in the history both share: cleared here.
    if (how.kind === "continued" || how.kind === "retry") {
      let cleared = 0;
      for (let i = 0; i < before.thinking.length; i += 1)
        cleared += Math.max(0, (before.thinking[i] ?? 0) - (thinking[i] ?? 0));
      if (cleared > 0) run.events.push({ call, kind: "thinking_cleared", blocks: cleared });
    }
    run.last = { exchange, request, history, thinking, at, sent: list.length, frame, call };
    run.requests += 1;
    this.#runOf.delete(before.exchange.id);
    this.#runOf.set(exchange.id, run);
    this.#changed(run);
  }

  /** More of an exchange's answer has arrived, or it has ended. */
  progress(exchange: Exchange): void {
    const run = this.#runOf.get(exchange.id);
    if (run === undefined || run.last.exchange !== exchange) return;
    if (exchange.end !== "open") this.#ended(run, exchange);
    this.#changed(run);
  }

  /** What went wrong with an exchange that has ended, as the run's events. */
  #ended(run: LiveRun, exchange: Exchange): void {
    const call = run.last.call;
    const status = exchange.status;
    if (status !== null && status >= 400) {
      run.events.push({ call, kind: "error", status, message: errorText(exchange.responseBody) });
      return;
    }
    const answer = answerOf(exchange);
    // An SDK may close the connection once the stream's own end has come (OpenAI's after `[DONE]`): no finding.
    if (exchange.end === "unreachable") run.events.push({ call, kind: "unreachable" });
    else if (exchange.end === "cut" && !answer.whole) run.events.push({ call, kind: "cut" });
    else if (exchange.end === "client-closed" && !answer.whole) run.events.push({ call, kind: "client_closed" });
    if (answer.error !== undefined) {
      const error = asObject(answer.error);
      const message = asObject(error.error).message ?? error.message ?? JSON.stringify(answer.error);
      run.events.push({ call, kind: "stream_error", message: String(message).slice(0, 500) });
    }
    if (answer.malformed > 0) run.events.push({ call, kind: "malformed", count: answer.malformed });
  }

  /** The run a request belongs to, and how it joins it; undefined for a new run. */
  #joined(
    exchange: Exchange,
    request: Record<string, unknown>,
    list: readonly unknown[],
    history: readonly string[],
    frame: string,
  ):
    | {
        run: LiveRun;
        how: { kind: "continued" | "chained" | "retry" } | { kind: "rewritten"; kept: number };
      }
    | undefined {
    const previous = request.previous_response_id;
    // A history with no model turn in it opens a conversation: never a rewrite of another (the same task run again),
    // unless the agent says it is the same session (a compaction, whose summary opens the history anew).
    const opening = modelTurns(exchange.provider, list) === 0;
    const session = sessionOf(exchange);
    let best: { run: LiveRun; length: number } | undefined;
    let again: LiveRun | undefined;
    let rewritten: { run: LiveRun; kept: number } | undefined;
    for (const run of this.runs) {
      const last = run.last;
      if (run.provider !== exchange.provider || isResponses(last.exchange) !== isResponses(exchange)) continue;
      if (typeof previous === "string") {
        if (answerOf(last.exchange).body?.id === previous) return { run, how: { kind: "chained" } };
        continue;
      }
      // The agent resends its own history as it sent it; the answer comes back in its own shape (an SDK's message
      // object, with fields the wire did not have), so the earlier request's history is what must be kept.
      const prefix = last.history;
      let same = 0;
      while (same < prefix.length && same < history.length && prefix[same] === history[same]) same += 1;
      if (same === prefix.length && prefix.length > 0 && prefix.length < history.length) {
        if (best === undefined || prefix.length > best.length) best = { run, length: prefix.length };
      } else if (same === prefix.length && prefix.length === history.length && prefix.length > 0) {
        again ??= run;
      } else if (
        last.frame === frame &&
        ((!opening && same > 0) || (session !== null && sessionOf(last.exchange) === session)) &&
        (rewritten === undefined || same > rewritten.kept)
      ) {
        rewritten = { run, kept: same };
      }
    }
    if (best !== undefined) return { run: best.run, how: { kind: "continued" } };
    if (again !== undefined) return { run: again, how: { kind: "retry" } };
    if (rewritten !== undefined) return { run: rewritten.run, how: { kind: "rewritten", kept: rewritten.kept } };
    return undefined;
  }

  name(run: LiveRun): string {
    return `${run.provider} · run ${run.id + 1}`;
  }

  stem(run: LiveRun): string {
    return `run${run.id + 1}-${run.provider}`;
  }

  /** A proxy's run never joins another. */
  listed(_run: LiveRun): boolean {
    return true;
  }

  /** A run's document, for the import: its last request with the answer so far (a Responses chain, whole). */
  document(run: LiveRun): string {
    if (run.cached?.revision === run.revision) return run.cached.text;
    const { exchange, request } = run.last;
    if (run.last.json === false) return withoutKeyShapes(exchange.requestBody);
    const history = [...run.chain, ...historyOf(exchange, request), ...replyOf(exchange, answerOf(exchange).body)];
    // No key-shaped string leaves the proxy: the page and the saved file get the document without them.
    const text = withoutKeyShapes(JSON.stringify(withHistory(exchange, request, history)));
    run.cached = { revision: run.revision, text };
    return text;
  }

  /**
   * A run the figure cannot draw, in the raw form `live --save` keeps it in (../formats/live-facts.ts): the last
   * request as sent and its answer as it came, with the import's reasons; no key-shaped string in it.
   */
  raw(run: LiveRun, notDrawn: RawLiveRun["not_drawn"]): string {
    const { exchange } = run.last;
    let request: unknown = exchange.requestBody;
    try {
      request = JSON.parse(exchange.requestBody);
    } catch {
      // kept as the text it is
    }
    const raw: RawLiveRun = {
      agent_loop_figure_live_raw: 1,
      provider: run.provider,
      path: exchange.path,
      requests: run.requests,
      not_drawn: notDrawn,
      request,
      ...(run.chain.length === 0 ? {} : { chain: run.chain }),
      response: {
        status: exchange.status,
        content_type: exchange.responseHeaders["content-type"] ?? null,
        end: exchange.end,
        body: exchange.responseBody,
      },
      live: this.facts(run),
    };
    return `${withoutKeyShapes(JSON.stringify(raw))}\n`;
  }

  /** What the viewer is told of a run besides its document. */
  facts(run: LiveRun): LiveFacts {
    const events = run.events.map((event) =>
      "message" in event ? { ...event, message: withoutKeyShapes(event.message) } : event,
    );
    return { streaming: run.last.exchange.end === "open" && run.last.exchange.status !== null, events };
  }
}
