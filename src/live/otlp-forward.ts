/**
 * `live --otlp-endpoint URL [--otlp-header K=V]…`: each run the proxy records, sent to the team's OpenTelemetry
 * collector as it goes, as the spans `export otlp` writes (../formats/otlp.ts): a model call's span once its answer
 * has ended, a tool's run once its result is in the run, the run's own span when the session stops. Each run is a
 * trace with an id of its own; each span is sent once (its id is made from what it stands for). The model calls are
 * timed by the proxy's clock (when each request came and when its answer ended); a tool's run between the call that
 * proposed it and the next, which is all a proxy can tell (the span says the result was seen in the next request).
 *
 * Sending never holds up the proxy: spans wait in a queue, sent in batches (at most BATCH spans, every FLUSH_MS) as
 * OTLP/HTTP JSON to `URL/v1/traces`, with the headers given and no other (no API key reaches it: the documents are
 * the proxy's, without keys, and no request header of the agent's is passed on). A batch the collector refuses for a
 * while (429, 502, 503, 504, or no answer) is tried again with back-off (honouring `Retry-After`), up to TRIES times;
 * one it refuses for good, or that runs out of tries, is said on stderr with how many spans it held, never dropped
 * without a word.
 */
import { randomBytes } from "node:crypto";
import { importTranscript } from "../formats/import";
import { otlpTranscript } from "../formats/otlp";
import type { LiveRun, LiveRuns } from "./runs";

/** Spans in one request at most. */
const BATCH = 512;
/** How often the queue is sent (ms). */
const FLUSH_MS = 1_000;
/** How many times a batch is tried in all. */
const TRIES = 5;
/** The first wait before a batch is tried again (ms), doubled each time. */
const BACKOFF_MS = 500;

interface Span {
  readonly spanId: string;
  readonly name: string;
}

/** What the forwarder keeps of a run: its trace id, the times of its model calls, the spans it has queued. */
interface Followed {
  readonly traceId: string;
  readonly calls: { start: number; end: number | null }[];
  readonly sent: Set<string>;
}

export interface Forwarder {
  /** Queue what is new of every run, the runs' own spans too, and send all; resolves once sent or given up. */
  stop(): Promise<void>;
}

/** The traces endpoint of a collector given by its base URL (`http://collector:4318`) or its full path. */
export const tracesUrl = (endpoint: string): string =>
  /\/v1\/traces\/?$/.test(endpoint) ? endpoint : `${endpoint.replace(/\/+$/, "")}/v1/traces`;

const randomHex = (bytes: number) => randomBytes(bytes).toString("hex");

/** Follow `runs` and send their spans to the collector at `endpoint`. */
export function forwardRuns(
  runs: LiveRuns,
  options: {
    readonly endpoint: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly say: (line: string) => void;
    /** The clock (tests set it). */
    readonly now?: () => number;
    readonly send?: typeof fetch;
  },
): Forwarder {
  const url = tracesUrl(options.endpoint);
  const now = options.now ?? Date.now;
  const send = options.send ?? fetch;
  const followed = new Map<LiveRun, Followed>();
  const queue: { resource: unknown; span: Span }[] = [];
  let sending: Promise<void> = Promise.resolve();
  let failures = 0;

  /** The spans of a run as it is now, for those not yet queued; with `all`, its root span too (the session's end). */
  const collect = (run: LiveRun, all: boolean) => {
    const state = followed.get(run);
    if (state === undefined) return;
    const read = importTranscript(runs.document(run), undefined, runs.name(run), { sent: true });
    if (!read.ok) return;
    const written = otlpTranscript(read.trace, {
      traceId: state.traceId,
      serviceName: "agent-loop-figure live",
      calls: state.calls,
      inferred: true,
    }) as { resourceSpans: { resource: unknown; scopeSpans: { spans: Span[] }[] }[] };
    const group = written.resourceSpans[0];
    const spans = group?.scopeSpans[0]?.spans ?? [];
    const streaming = runs.facts(run).streaming;
    // The newest call's span waits for its answer's end; the run's own span for the session's.
    const lastCall = [...spans].reverse().find((span) => span.name === "chat");
    for (const span of spans) {
      if (state.sent.has(span.spanId)) continue;
      if (span.name === "invoke_agent" && !all) continue;
      if (span === lastCall && (streaming || run.last.exchange.end === "open") && !all) continue;
      state.sent.add(span.spanId);
      queue.push({ resource: group?.resource, span });
    }
  };

  const unsubscribe = runs.subscribe((run) => {
    let state = followed.get(run);
    if (state === undefined) {
      state = { traceId: randomHex(16), calls: [], sent: new Set() };
      followed.set(run, state);
    }
    // The proxy's clock for each model call: when its request came, and when its answer ended.
    const call = run.last.call;
    const times = state.calls[call - 1];
    if (times === undefined || run.last.exchange.started !== times.start)
      state.calls[call - 1] = { start: run.last.exchange.started, end: null };
    const current = state.calls[call - 1];
    if (current !== undefined && current.end === null && run.last.exchange.end !== "open") current.end = now();
  });

  /** Send what is queued, a batch at a time, each tried until it is taken or given up. */
  const flush = (): Promise<void> => {
    sending = sending.then(async () => {
      while (queue.length > 0) {
        const batch = queue.splice(0, BATCH);
        const resources = new Map<string, Span[]>();
        for (const item of batch) {
          const key = JSON.stringify(item.resource ?? {});
          resources.set(key, [...(resources.get(key) ?? []), item.span]);
        }
        const body = JSON.stringify({
          resourceSpans: [...resources].map(([resource, spans]) => ({
            resource: JSON.parse(resource) as unknown,
            scopeSpans: [{ scope: { name: "agent-loop-figure" }, spans }],
          })),
        });
        await deliver(body, batch.length);
      }
    });
    return sending;
  };

  const deliver = async (body: string, count: number): Promise<void> => {
    let wait = BACKOFF_MS;
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      let status = 0;
      let retryAfter: number | null = null;
      let why = "";
      try {
        const answer = await send(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...options.headers },
          body,
        });
        status = answer.status;
        const seconds = Number(answer.headers.get("retry-after"));
        retryAfter = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
        why = (await answer.text()).slice(0, 200);
        if (answer.ok) return;
      } catch (error) {
        why = (error as Error).message;
      }
      const transient = status === 0 || status === 429 || status === 502 || status === 503 || status === 504;
      if (!transient || attempt === TRIES) {
        failures += 1;
        options.say(
          `the collector at ${url} did not take ${count} span${count === 1 ? "" : "s"}: ${status === 0 ? "no answer" : `HTTP ${status}`}${why === "" ? "" : ` (${why.trim()})`}${transient ? `, after ${TRIES} tries` : ""}`,
        );
        return;
      }
      await new Promise((done) => setTimeout(done, retryAfter ?? wait));
      wait *= 2;
    }
  };

  const timer = setInterval(() => {
    for (const run of followed.keys()) collect(run, false);
    void flush();
  }, FLUSH_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      unsubscribe();
      for (const run of followed.keys()) collect(run, true);
      await flush();
      if (failures === 0 && followed.size > 0)
        options.say(`sent ${followed.size} run${followed.size === 1 ? "" : "s"} to ${url}`);
    },
  };
}
