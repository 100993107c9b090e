/**
 * The spans and log records the OTLP receiver (./otlp-receiver.ts) takes, gathered into runs as they come: each run
 * a set of traces, its document those traces' exports (OTLP/JSON, one export per entry), which the one import reads
 * with the conventions' codecs (../formats/otel-genai.ts, ../formats/openinference.ts), as it reads a saved file.
 *
 * A trace is a run of its own, unless it is one of these, which join the run they belong to:
 * - a trace with the same conversation (`gen_ai.conversation.id`, OpenInference's `session.id`) as a run;
 * - a model call alone in its trace (an SDK instrumented with no agent span around its calls makes each call a trace)
 *   whose history goes on from a run's latest such call (that call's messages and reply, then more): the next call of
 *   the same conversation (the same task run again starts over, so it is a run of its own);
 * - a trace of tool runs only (`execute_tool` spans with `gen_ai.tool.call.id`, OpenInference TOOL spans with
 *   `tool_call.id`, the AI SDK's `ai.toolCall` spans with `ai.toolCall.id`): the run whose model proposed those calls. Until one has, it waits, and after WAIT_MS it is said.
 * A trace whose spans have not come yet (its log records exported first) waits the same way. When a run turns out to
 * be part of an earlier one (a lone call whose messages came after its span), it joins it: it is listed no more, and
 * its document is the run it joined.
 */

import { importTranscript } from "../formats/import";
import type { LiveFacts, RawLiveRun } from "../formats/live-facts";
import { type OtlpSpan, otlpSpans } from "../formats/otlp-json";
import { field, isRecord, list } from "../formats/types";
import type { Signal } from "./otlp-receiver";
import { withoutKeyShapes } from "./runs";
import type { RecordedRuns } from "./save";

/** How long a trace that belongs to no run yet may wait before it is said (ms). */
const WAIT_MS = 10_000;
/**
 * How long a model call's trace whose messages cannot be read yet waits for them before it is a run of its own (ms):
 * an SDK exports spans and log records by separate processors, the messages may come a moment after the span.
 */
const SETTLE_MS = 2_000;

/** One run: the traces it holds, in the order they came. */
export interface OtlpRun {
  readonly id: number;
  revision: number;
  readonly traces: string[];
  /** The run this one has joined (its traces are that run's now), or null. */
  joined: number | null;
  cached?: { readonly revision: number; readonly text: string };
}

/** What one trace's spans say of where it belongs, gathered export by export as they come (none is read twice). */
interface SpanFacts {
  spans: number;
  /** When its first span started (ms since the epoch). */
  start: number;
  /** Every span records a tool's run, with its call's id. */
  toolsOnly: boolean;
  /** The calls its tool runs answer. */
  readonly executed: string[];
  conversation: string | null;
}

/** What the import reads of one trace's messages. */
interface ReadFacts {
  /** The calls its model proposed, as the import reads them. */
  readonly proposed: readonly string[];
  /** Its messages (history and reply) as the import reads them, each its role and text as JSON; null when unread. */
  readonly said: readonly string[] | null;
}

/**
 * What one trace's data says of where it belongs: its spans' facts, and what the import reads of its messages, read
 * only when first asked for after the trace last grew (a long trace placed in its run is not read again per export).
 */
type TraceFacts = Readonly<SpanFacts> & ReadFacts;

interface TraceEntry {
  readonly id: string;
  /** Its exports in the order they came, each as OTLP/JSON text with anything key-shaped taken out (as it is kept). */
  readonly exports: string[];
  /** When its last data came (ms). */
  at: number;
  readonly seen: SpanFacts;
  facts: TraceFacts | null;
  run: OtlpRun | null;
  waiting?: ReturnType<typeof setTimeout>;
}

/** Whether a span records a tool's run with its call's id, in any of the conventions read. */
const isToolRun = (span: OtlpSpan): boolean =>
  (span.attributes.get("gen_ai.operation.name") === "execute_tool" && span.attributes.has("gen_ai.tool.call.id")) ||
  (span.attributes.get("openinference.span.kind") === "TOOL" && span.attributes.has("tool_call.id")) ||
  (span.attributes.get("ai.operationId") === "ai.toolCall" && span.attributes.has("ai.toolCall.id"));

/** Gather one more export's spans into what a trace's spans say. */
function absorb(seen: SpanFacts, spans: readonly OtlpSpan[]): void {
  for (const span of spans) {
    seen.spans += 1;
    seen.start = Math.min(seen.start, span.startMs);
    const toolRun = isToolRun(span);
    seen.toolsOnly &&= toolRun;
    const id =
      span.attributes.get("gen_ai.tool.call.id") ??
      span.attributes.get("tool_call.id") ??
      span.attributes.get("ai.toolCall.id");
    if (toolRun && typeof id === "string") seen.executed.push(id);
    const conversation = span.attributes.get("gen_ai.conversation.id") ?? span.attributes.get("session.id");
    if (seen.conversation === null && typeof conversation === "string" && conversation !== "")
      seen.conversation = conversation;
  }
}

/** An object's own fields, or none for what is not one. */
const fieldsOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

const PARTS = {
  traces: ["resourceSpans", "scopeSpans", "spans"],
  logs: ["resourceLogs", "scopeLogs", "logRecords"],
} as const;

/** An export split by trace id: for each trace, the same export with that trace's spans (or records) alone. */
export function byTrace(signal: Signal, request: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const [resourceKey, scopeKey, itemsKey] = PARTS[signal];
  const out = new Map<string, Record<string, unknown>>();
  for (const resource of list(request, resourceKey)) {
    for (const scope of list(resource, scopeKey)) {
      const groups = new Map<string, unknown[]>();
      for (const item of list(scope, itemsKey)) {
        const id = String(field(item, "traceId") ?? "");
        const group = groups.get(id);
        if (group === undefined) groups.set(id, [item]);
        else group.push(item);
      }
      for (const [id, items] of groups) {
        const into = out.get(id) ?? { [resourceKey]: [] };
        out.set(id, into);
        (into[resourceKey] as unknown[]).push({
          ...fieldsOf(resource),
          [scopeKey]: [{ ...fieldsOf(scope), [itemsKey]: items }],
        });
      }
    }
  }
  return out;
}

/** Exports kept as text, as one OTLP/JSON document (an array of exports). */
const documentOf = (exports: readonly string[]): string => `[${exports.join(",")}]`;

/** What the import reads of a trace's messages, from its exports so far. */
function readMessages(exports: readonly string[]): ReadFacts {
  const read = importTranscript(documentOf(exports));
  // A run read as its shape alone (no message content yet, or none captured) tells no conversation apart.
  if (!read.ok || read.notes.some((note) => note.kind === "not_captured")) return { said: null, proposed: [] };
  // By what was said (a convention that records no call ids has its calls' ids made per trace, so those cannot tell
  // one conversation from another).
  return {
    said: read.trace.messages.map((m) => JSON.stringify([m.role, m.content])),
    proposed: read.trace.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : [])),
  };
}

/** The runs of what the receiver takes, as they come. */
export class OtlpRuns implements RecordedRuns<OtlpRun> {
  readonly via = "telemetry";
  readonly runs: OtlpRun[] = [];
  readonly #traces = new Map<string, TraceEntry>();
  readonly #listeners = new Set<(run: OtlpRun) => void>();
  readonly #say: (line: string) => void;
  readonly #settle: number;
  #settling: ReturnType<typeof setTimeout> | undefined;

  constructor(say: (line: string) => void = () => {}, options: { readonly settleMs?: number } = {}) {
    this.#say = say;
    this.#settle = options.settleMs ?? SETTLE_MS;
  }

  subscribe(listener: (run: OtlpRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(run: OtlpRun): void {
    run.revision += 1;
    for (const listener of this.#listeners) listener(run);
  }

  /** An export the receiver took (every span and record with a trace id). */
  add(signal: Signal, request: Record<string, unknown>): void {
    const touched = new Set<TraceEntry>();
    for (const [id, part] of byTrace(signal, request)) {
      let entry = this.#traces.get(id);
      if (entry === undefined) {
        const seen = { spans: 0, start: Number.POSITIVE_INFINITY, toolsOnly: true, executed: [], conversation: null };
        entry = { id, exports: [], at: 0, seen, facts: null, run: null };
        this.#traces.set(id, entry);
      }
      // Kept as text: a key-shaped string cannot span two exports (keys have no `,`, `{` or `}`), so the run's
      // document is its exports' texts joined, never the whole run written out again.
      entry.exports.push(withoutKeyShapes(JSON.stringify(part)));
      absorb(entry.seen, otlpSpans(part));
      entry.at = Date.now();
      entry.facts = null;
      touched.add(entry);
    }
    const changed = new Set<OtlpRun>();
    for (const entry of touched) if (entry.run !== null) changed.add(this.#root(entry.run));
    for (const run of this.#place()) changed.add(run);
    for (const run of changed) this.#changed(run);
  }

  /** Place again once a trace waiting for its messages has waited long enough. */
  #placeLater(at: number): void {
    if (this.#settling !== undefined) return;
    this.#settling = setTimeout(
      () => {
        this.#settling = undefined;
        for (const run of new Set(this.#place())) this.#changed(run);
      },
      Math.max(0, at - Date.now()),
    );
    this.#settling.unref?.();
  }

  /** The run a run has joined, followed to the end. */
  #root(run: OtlpRun): OtlpRun {
    let at = run;
    while (at.joined !== null) at = this.runs[at.joined] ?? at;
    return at;
  }

  #facts(entry: TraceEntry): TraceFacts {
    if (entry.facts !== null) return entry.facts;
    const { spans, start, executed, conversation } = entry.seen;
    const toolsOnly = spans > 0 && entry.seen.toolsOnly;
    let read: ReadFacts | undefined;
    const messages = (): ReadFacts => {
      read ??= spans > 0 && !toolsOnly ? readMessages(entry.exports) : { said: null, proposed: [] };
      return read;
    };
    entry.facts = {
      spans,
      start,
      toolsOnly,
      executed,
      conversation,
      get said() {
        return messages().said;
      },
      get proposed() {
        return messages().proposed;
      },
    };
    return entry.facts;
  }

  /** Every trace not yet in a run placed where it belongs, and runs that turn out to be one joined; the runs changed. */
  #place(): OtlpRun[] {
    const changed: OtlpRun[] = [];
    const entries = [...this.#traces.values()];
    const live = () => this.runs.filter((run) => run.joined === null);
    const factsOf = (run: OtlpRun) => run.traces.map((id) => this.#facts(this.#traces.get(id) as TraceEntry));
    // Model-call traces first, in the order they came; tool runs after, to find the run that proposed them.
    for (const entry of entries) {
      const facts = this.#facts(entry);
      if (facts.spans === 0 || facts.toolsOnly) continue;
      const others = live().filter((run) => run !== entry.run);
      const home =
        others.find(
          (run) => facts.conversation !== null && factsOf(run).some((f) => f.conversation === facts.conversation),
        ) ?? this.#continued(facts, others);
      if (entry.run === null) {
        const settled = entry.at + this.#settle;
        if (home === undefined && facts.said === null && facts.conversation === null && Date.now() < settled)
          this.#placeLater(settled);
        else if (home === undefined) this.#open(entry);
        else this.#join(entry, home, changed);
      } else if (home !== undefined && home.id < entry.run.id && entry.run.traces.length === 1) {
        // A run of one lone call that turns out to continue an earlier conversation: it joins it.
        const own = entry.run;
        own.traces.length = 0;
        own.joined = home.id;
        changed.push(own);
        this.#join(entry, home, changed);
      }
    }
    // A tool's run joins the run whose call proposed it: the latest such call that began before it (an id
    // reused, by a scripted provider or the same task run again, goes to the newest). While a model call waits for
    // its messages, the tool's run waits too: that call may be the one.
    const settling = entries.some(
      (entry) => entry.run === null && !this.#facts(entry).toolsOnly && this.#facts(entry).spans > 0,
    );
    for (const entry of entries) {
      const facts = this.#facts(entry);
      if (entry.run !== null || !facts.toolsOnly || settling) continue;
      // By when the calls began: each trace's clock is anchored at its own root, so the ends and starts of different
      // traces can disagree by a little.
      let home: { run: OtlpRun; start: number } | undefined;
      for (const run of live())
        for (const f of factsOf(run))
          if (
            f.proposed.some((id) => facts.executed.includes(id)) &&
            f.start <= facts.start &&
            f.start >= (home?.start ?? Number.NEGATIVE_INFINITY)
          )
            home = { run, start: f.start };
      if (home !== undefined) this.#join(entry, home.run, changed);
    }
    for (const entry of entries) this.#wait(entry);
    return changed;
  }

  /**
   * The run a lone model call goes on from: the one whose latest lone call's messages (with its reply) begin this
   * call's and are fewer; the longest such, as the proxy joins requests.
   */
  #continued(facts: TraceFacts, runs: readonly OtlpRun[]): OtlpRun | undefined {
    // Only a lone call's messages are read here: a longer trace is never read again for this.
    if (facts.spans !== 1 || facts.toolsOnly) return undefined;
    const said = facts.said;
    if (said === null) return undefined;
    let best: { run: OtlpRun; length: number } | undefined;
    for (const run of runs) {
      const theirs = run.traces.map((id) => this.#facts(this.#traces.get(id) as TraceEntry));
      if (!theirs.every((f) => (f.spans === 1 && !f.toolsOnly) || f.toolsOnly)) continue;
      const latest = theirs
        .flatMap((f) => (f.said === null || f.toolsOnly ? [] : [f.said]))
        .reduce<readonly string[]>((longest, one) => (one.length > longest.length ? one : longest), []);
      if (latest.length === 0 || latest.length >= said.length) continue;
      if (!latest.every((message, i) => said[i] === message)) continue;
      if (best === undefined || latest.length > best.length) best = { run, length: latest.length };
    }
    return best?.run;
  }

  #open(entry: TraceEntry): void {
    const run: OtlpRun = { id: this.runs.length, revision: 0, traces: [entry.id], joined: null };
    this.runs.push(run);
    entry.run = run;
    this.#changed(run);
  }

  #join(entry: TraceEntry, run: OtlpRun, changed: OtlpRun[]): void {
    if (!run.traces.includes(entry.id)) run.traces.push(entry.id);
    entry.run = run;
    changed.push(run);
  }

  /** A trace no run holds yet is said if it still waits after WAIT_MS (once); one placed is not. */
  #wait(entry: TraceEntry): void {
    if (entry.run !== null) {
      if (entry.waiting !== undefined) clearTimeout(entry.waiting);
      return;
    }
    if (entry.waiting !== undefined) return;
    entry.waiting = setTimeout(() => {
      if (entry.run !== null) return;
      const facts = this.#facts(entry);
      this.#say(
        facts.toolsOnly
          ? `trace ${entry.id.slice(0, 8)}: ${facts.executed.length} tool run${facts.executed.length === 1 ? "" : "s"} (${facts.executed.join(", ")}) whose call no model call received so far proposed; it joins the run that did when that run's spans come`
          : `trace ${entry.id.slice(0, 8)}: log records whose spans have not come (yet); it becomes a run when they do`,
      );
    }, WAIT_MS);
    entry.waiting.unref?.();
  }

  name(run: OtlpRun): string {
    return `OpenTelemetry · run ${run.id + 1}`;
  }

  stem(run: OtlpRun): string {
    return `run${run.id + 1}-otlp`;
  }

  listed(run: OtlpRun): boolean {
    return run.joined === null;
  }

  /** The run's traces' exports, in the order they came, as one OTLP/JSON document; a joined run's, its home's. */
  document(run: OtlpRun): string {
    const home = this.#root(run);
    if (home.cached?.revision === home.revision) return home.cached.text;
    const text = documentOf(home.traces.flatMap((id) => this.#traces.get(id)?.exports ?? []));
    home.cached = { revision: home.revision, text };
    return text;
  }

  /**
   * Nothing streams through the receiver, and it sees nothing go wrong beyond what the spans say; the tools' runs are
   * the telemetry's own record.
   */
  facts(_run: OtlpRun): LiveFacts {
    return { streaming: false, events: [], observed: true };
  }

  /** A run the import cannot read is kept as its document: the same file gives the same reasons again. */
  raw(run: OtlpRun, _notDrawn: RawLiveRun["not_drawn"]): string {
    return `${this.document(run)}\n`;
  }

  /** Stop the waits (the receiver is closing). */
  close(): void {
    for (const entry of this.#traces.values()) if (entry.waiting !== undefined) clearTimeout(entry.waiting);
    if (this.#settling !== undefined) clearTimeout(this.#settling);
  }
}
