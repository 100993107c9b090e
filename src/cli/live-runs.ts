/**
 * The proxy's exchanges (./live.ts) gathered into runs, each a document the figure's import reads (the same codecs,
 * problems and replay check as a saved run): the run's last request with its answer appended, the answer as far as
 * its stream has come. Consecutive requests of one conversation form one run: a request whose history begins with
 * the history of a run's last request, and goes on past it, continues that run (for OpenAI Responses, `previous_response_id` naming the run's
 * last response does too); any other starts a new run, so a side call (a title, a summary) never breaks the run it
 * interrupts. Token counts are left out.
 */
import { reassembleAnthropic, reassembleChat, reassembleGemini, reassembleResponses } from "../formats/streams";
import type { Exchange, Provider } from "./live";

/** What a run's request and answer are, in the provider's own shapes. */
interface Read {
  /** The history the request carries, each entry as JSON text (what a later request must begin with). */
  readonly history: readonly string[];
  /** The answer's entries as the next request would carry them (none while it has not begun, or for an error). */
  readonly answer: readonly unknown[];
  /** The request with the answer appended: what the import reads. */
  readonly document: unknown;
  /** OpenAI Responses: the response's id, and the one the request continues. */
  readonly responseId?: string;
  readonly previousId?: string;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The answer's body: a stream put back together as far as it has come, or the JSON answer; null before either. */
function answerOf(exchange: Exchange): Record<string, unknown> | null {
  if (exchange.status === null || exchange.status >= 400 || exchange.responseBody === "") return null;
  const streamed = (exchange.responseHeaders["content-type"] ?? "").includes("text/event-stream");
  if (!streamed) {
    try {
      return asObject(JSON.parse(exchange.responseBody));
    } catch {
      return null;
    }
  }
  const reassemble = {
    anthropic: reassembleAnthropic,
    gemini: reassembleGemini,
    openai: exchange.path.startsWith("/v1/responses") ? reassembleResponses : reassembleChat,
  }[exchange.provider];
  return reassemble(exchange.responseBody).body;
}

/** An exchange read for its run, or null for one that is no model call (count_tokens, a retrieval) or not JSON. */
export function readExchange(exchange: Exchange): Read | null {
  if (exchange.method !== "POST" || /count_?tokens/i.test(exchange.path)) return null;
  let request: Record<string, unknown>;
  try {
    request = asObject(JSON.parse(exchange.requestBody));
  } catch {
    return null;
  }
  const answer = answerOf(exchange);
  const entries = (list: readonly unknown[]) => list.map((entry) => JSON.stringify(entry));
  switch (exchange.provider) {
    case "anthropic": {
      const messages = asList(request.messages);
      const reply = answer === null ? [] : [{ role: "assistant", content: asList(answer.content) }];
      return { history: entries(messages), answer: reply, document: { ...request, messages: [...messages, ...reply] } };
    }
    case "gemini": {
      const contents = asList(request.contents);
      const candidate = asObject(asList(answer?.candidates)[0]);
      const reply = answer === null || candidate.content === undefined ? [] : [candidate.content];
      return { history: entries(contents), answer: reply, document: { ...request, contents: [...contents, ...reply] } };
    }
    case "openai": {
      if (exchange.path.startsWith("/v1/responses")) {
        const input =
          typeof request.input === "string" ? [{ role: "user", content: request.input }] : asList(request.input);
        const output = asList(answer?.output);
        return {
          history: entries(input),
          answer: output,
          document: { ...request, input: [...input, ...output] },
          ...(typeof answer?.id === "string" ? { responseId: answer.id } : {}),
          ...(typeof request.previous_response_id === "string" ? { previousId: request.previous_response_id } : {}),
        };
      }
      const messages = asList(request.messages);
      const message = asObject(asObject(asList(answer?.choices)[0]).message);
      const reply =
        answer === null
          ? []
          : [
              {
                role: "assistant",
                content: message.content ?? null,
                ...(Array.isArray(message.tool_calls) ? { tool_calls: message.tool_calls } : {}),
              },
            ];
      return { history: entries(messages), answer: reply, document: { ...request, messages: [...messages, ...reply] } };
    }
    default: {
      const never: never = exchange.provider;
      return never;
    }
  }
}

/** One run: its exchanges, and what it has shown so far. */
export interface LiveRun {
  readonly id: number;
  readonly provider: Provider;
  readonly exchanges: Exchange[];
  /** Bumped each time the run's document changes (a request joins it, its answer streams on). */
  revision: number;
}

/** The runs of a proxy's exchanges, as they happen. */
export class LiveRuns {
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

  /** A request has been sent: it continues a run, or begins one. */
  begin(exchange: Exchange): void {
    const read = readExchange(exchange);
    if (read === null) return;
    const run = this.#continued(exchange.provider, read) ?? {
      id: this.runs.length,
      provider: exchange.provider,
      exchanges: [],
      revision: 0,
    };
    if (run.exchanges.length === 0) this.runs.push(run);
    run.exchanges.push(exchange);
    this.#runOf.set(exchange.id, run);
    this.#changed(run);
  }

  /** More of an exchange's answer has arrived, or it has ended. */
  progress(exchange: Exchange): void {
    const run = this.#runOf.get(exchange.id);
    if (run !== undefined && run.exchanges.at(-1) === exchange) this.#changed(run);
  }

  /** The run whose last history and answer the request's history begins with (the longest such), if any. */
  #continued(provider: Provider, read: Read): LiveRun | undefined {
    let best: { run: LiveRun; length: number } | undefined;
    for (const run of this.runs) {
      const last = run.exchanges.at(-1);
      if (run.provider !== provider || last === undefined) continue;
      const before = readExchange(last);
      if (before === null) continue;
      if (read.previousId !== undefined && before.responseId === read.previousId) return run;
      // The agent resends its own history as it sent it; the answer comes back in its own shape (an SDK's message
      // object, with fields the wire did not have), so the earlier request's history is what must be kept.
      const prefix = before.history;
      const continues =
        prefix.length > 0 &&
        prefix.length < read.history.length &&
        prefix.every((entry, i) => entry === read.history[i]);
      if (continues && (best === undefined || prefix.length > best.length)) best = { run, length: prefix.length };
    }
    return best?.run;
  }

  /** A run's document, for the import: its last request with the answer so far (a Responses chain, whole). */
  document(run: LiveRun): string {
    const reads = run.exchanges.map(readExchange).filter((read): read is Read => read !== null);
    const last = reads.at(-1);
    if (last === undefined) return "{}";
    // A Responses run carried by previous_response_id sends only its newest input: the chain is the whole history.
    if (run.provider === "openai" && last.previousId !== undefined) {
      const input = reads.flatMap((read) => asList(asObject(read.document).input));
      return JSON.stringify({ ...asObject(last.document), input });
    }
    return JSON.stringify(last.document);
  }
}
