/**
 * OTLP data in its JSON encoding (the OpenTelemetry protocol's `ExportTraceServiceRequest` and
 * `ExportLogsServiceRequest`, as an SDK's OTLP/HTTP JSON exporter sends them and a collector's file exporter writes
 * them, one request per line): its spans and log records, their attributes decoded from OTLP's typed values, the
 * spans grouped into traces by trace id. The conventions' codecs read runs out of them; nothing here knows a
 * convention.
 */
import type { Message } from "../engine";
import { field, isRecord, list, str } from "./types";

/** One span, its attributes as plain values (a JSON string is kept as the string: a convention says which to parse). */
export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly name: string;
  /** Nanoseconds since the epoch, as a number of milliseconds (what a duration needs; not the exact instant). */
  readonly startMs: number;
  readonly endMs: number;
  readonly attributes: ReadonlyMap<string, unknown>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  readonly status: number;
  readonly statusMessage: string;
  /** Where the span is in the document (`resourceSpans.0.scopeSpans.1.spans.3`, with a line's index before it). */
  readonly at: string;
}

/** One log record (an event, in the GenAI conventions): the span it was emitted in, its name, attributes and body. */
export interface OtlpLogRecord {
  readonly traceId: string;
  readonly spanId: string;
  readonly timeMs: number;
  /** The record's `eventName`, or its `event.name` attribute as older SDKs write it ("" for neither). */
  readonly eventName: string;
  readonly attributes: ReadonlyMap<string, unknown>;
  readonly body: unknown;
  readonly at: string;
}

/** One trace: its spans in the order they started. */
export interface OtlpTrace {
  readonly traceId: string;
  readonly spans: readonly OtlpSpan[];
}

/** A decoded OTLP `AnyValue`. */
export function anyValue(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("boolValue" in value) return value.boolValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("bytesValue" in value) return value.bytesValue;
  if ("arrayValue" in value) return list(value.arrayValue, "values").map(anyValue);
  if ("kvlistValue" in value) return attributesOf(list(value.kvlistValue, "values"));
  return undefined;
}

/** An OTLP attribute list (`[{key, value}]`) as an object. */
function attributesOf(entries: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of entries) {
    const key = str(entry, "key");
    if (key !== undefined) out[key] = anyValue(field(entry, "value"));
  }
  return out;
}

/** OTLP/JSON writes a 64-bit time as a decimal string (or a number): milliseconds, 0 when absent. */
const millis = (nanos: unknown): number => {
  const n = typeof nanos === "string" ? Number(nanos) : typeof nanos === "number" ? nanos : 0;
  return Number.isFinite(n) ? n / 1e6 : 0;
};

/** An OTLP export: of spans, or of log records. */
const isExport = (value: unknown): boolean =>
  isRecord(value) && (Array.isArray(value.resourceSpans) || Array.isArray(value.resourceLogs));

/** The requests a document holds: one export, or a file exporter's lines (each an export of spans or of logs). */
export function exportsOf(data: unknown): readonly { readonly request: unknown; readonly at: string }[] {
  if (isExport(data)) return [{ request: data, at: "" }];
  if (Array.isArray(data) && data.length > 0 && data.every(isExport))
    return data.map((request, i) => ({ request, at: `${i}.` }));
  return [];
}

/** Whether a document is OTLP data in JSON (spans, log records, or lines of both). */
export const isOtlpTraces = (data: unknown): boolean => exportsOf(data).length > 0;

/** Every log record of a document's exports, in document order. */
export function otlpLogs(data: unknown): OtlpLogRecord[] {
  const records: OtlpLogRecord[] = [];
  for (const { request, at } of exportsOf(data))
    list(request, "resourceLogs").forEach((rl, r) => {
      list(rl, "scopeLogs").forEach((sl, s) => {
        list(sl, "logRecords").forEach((record, i) => {
          const attributes = new Map(Object.entries(attributesOf(list(record, "attributes"))));
          const named = str(record, "eventName") ?? attributes.get("event.name");
          records.push({
            traceId: str(record, "traceId") ?? "",
            spanId: str(record, "spanId") ?? "",
            timeMs: millis(field(record, "timeUnixNano") ?? field(record, "observedTimeUnixNano")),
            eventName: typeof named === "string" ? named : "",
            attributes,
            body: anyValue(field(record, "body")),
            at: `${at}resourceLogs.${r}.scopeLogs.${s}.logRecords.${i}`,
          });
        });
      });
    });
  return records;
}

/** Every span of a document's exports, in document order. */
export function otlpSpans(data: unknown): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  for (const { request, at } of exportsOf(data))
    list(request, "resourceSpans").forEach((rs, r) => {
      list(rs, "scopeSpans").forEach((ss, s) => {
        list(ss, "spans").forEach((span, i) => {
          const attributes = new Map(Object.entries(attributesOf(list(span, "attributes"))));
          const status = field(span, "status");
          spans.push({
            traceId: str(span, "traceId") ?? "",
            spanId: str(span, "spanId") ?? "",
            parentSpanId: str(span, "parentSpanId") ?? "",
            name: str(span, "name") ?? "",
            startMs: millis(field(span, "startTimeUnixNano")),
            endMs: millis(field(span, "endTimeUnixNano")),
            attributes,
            status: statusCode(field(status, "code")),
            statusMessage: str(status, "message") ?? "",
            at: `${at}resourceSpans.${r}.scopeSpans.${s}.spans.${i}`,
          });
        });
      });
    });
  return spans;
}

/** OTLP/JSON writes an enum as its number; some writers use its name. */
const statusCode = (code: unknown): number =>
  typeof code === "number" ? code : code === "STATUS_CODE_OK" ? 1 : code === "STATUS_CODE_ERROR" ? 2 : 0;

/** The spans grouped by trace id, each trace's spans in the order they started, the traces in the order they began. */
export function otlpTraces(spans: readonly OtlpSpan[]): OtlpTrace[] {
  const byId = new Map<string, OtlpSpan[]>();
  for (const span of spans) {
    const group = byId.get(span.traceId);
    if (group === undefined) byId.set(span.traceId, [span]);
    else group.push(span);
  }
  return [...byId.entries()]
    .map(([traceId, group]) => ({ traceId, spans: [...group].sort((a, b) => a.startMs - b.startMs) }))
    .sort((a, b) => (a.spans[0]?.startMs ?? 0) - (b.spans[0]?.startMs ?? 0));
}

/**
 * A run's traces, as the telemetry codecs find them: the trace of its last recorded model call; where that trace is
 * the call alone (an SDK instrumented with no span around its calls makes each call a trace), also the other lone
 * calls whose history opens alike (`opening`).
 */
export function runTraces<C extends { readonly trace: OtlpTrace; readonly span: OtlpSpan }>(
  last: C,
  recorded: readonly C[],
  opening: (span: OtlpSpan) => string,
): Set<OtlpTrace> {
  const alone = (trace: OtlpTrace) => trace.spans.length === 1;
  const ours = new Set<OtlpTrace>([last.trace]);
  if (alone(last.trace))
    for (const call of recorded)
      if (alone(call.trace) && opening(call.span) === opening(last.span)) ours.add(call.trace);
  return ours;
}

/** The traces that are not the run's, as the import lists them: `trace 0af76519 (its first span, N model calls)`. */
export function otherTraces(
  traces: readonly OtlpTrace[],
  ours: ReadonlySet<OtlpTrace>,
  isCall: (span: OtlpSpan) => boolean,
): string[] {
  return traces
    .filter((trace) => !ours.has(trace))
    .map((trace) => {
      const count = trace.spans.filter(isCall).length;
      return `trace ${trace.traceId.slice(0, 8)} (${trace.spans[0]?.name ?? ""}, ${count} model call${count === 1 ? "" : "s"})`;
    });
}

/**
 * A structured attribute the telemetry writes as JSON text (the GenAI conventions', the AI SDK's), parsed; text that
 * is not JSON is kept as it is (`keep`), or read as absent.
 */
export function jsonAttribute(
  from: { readonly attributes: ReadonlyMap<string, unknown> },
  key: string,
  notJson: "keep" | "absent" = "keep",
): unknown {
  const value = from.attributes.get(key);
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return notJson === "keep" ? value : undefined;
  }
}

/**
 * Where each observed tool run's result is among a run's messages: the k-th span naming a call id answers that id's
 * k-th result (a provider or an agent can use an id again). Ask once per span, in the spans' order; `index` is -1
 * where the messages hold no such result, `nth` which run of the id the span is.
 */
export function resultsInTurn(messages: readonly Message[]): (callId: string) => { index: number; nth: number } {
  const results = new Map<string, number[]>();
  messages.forEach((message, i) => {
    if (message.role !== "tool") return;
    const list = results.get(message.callId);
    if (list === undefined) results.set(message.callId, [i]);
    else list.push(i);
  });
  const seen = new Map<string, number>();
  return (callId) => {
    const nth = seen.get(callId) ?? 0;
    seen.set(callId, nth + 1);
    return { index: results.get(callId)?.[nth] ?? -1, nth };
  };
}
