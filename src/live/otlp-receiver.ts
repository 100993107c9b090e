/**
 * `--otlp`: a local OTLP/HTTP receiver, where an instrumented agent's SDK sends its spans and log records
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`), for the figure to draw them as runs (./otlp-runs.ts). It takes what the
 * OpenTelemetry protocol's HTTP transport sends (https://opentelemetry.io/docs/specs/otlp/#otlphttp):
 * - `POST /v1/traces` and `POST /v1/logs`, in either encoding: binary protobuf (`application/x-protobuf`, most SDKs'
 *   default), decoded with the protocol's own definitions (./otlp-proto/, loaded by protobufjs), or JSON
 *   (`application/json`, OTLP's JSON mapping: ids in hex, 64-bit numbers as strings); gzip bodies too;
 * - it answers in the request's encoding: an empty `Export…ServiceResponse` for success, its `partial_success` when
 *   it rejects part of a request (a span or record with no trace id, which no run can hold), a `google.rpc.Status`
 *   with a 400 for a body it cannot decode;
 * - `POST /v1/metrics` is answered with success and said once on stderr: metrics hold no run.
 * It holds people's prompts, so it is built as the viewer and the proxy are: on 127.0.0.1 only; every request needs
 * the session's token in the `x-agent-loop-figure-token` header (which `OTEL_EXPORTER_OTLP_HEADERS` makes an SDK
 * send); a Host not its own is refused (DNS rebinding), as is any request a browser sends from a page (an `Origin`,
 * or `Sec-Fetch-Site` other than `none`); it sends no CORS header. Nothing it takes in is written anywhere by this
 * module: the runs are kept in memory, and saved (with `--save`) by ./save.ts, without key-shaped strings.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import protobuf from "protobufjs/light.js";
import { field, isRecord, list } from "../formats/types";
import descriptor from "./otlp-proto.gen.json";

/** The header each request carries the session's token in. */
export const TOKEN_HEADER = "x-agent-loop-figure-token";
/** The port OTLP/HTTP uses unless told otherwise. */
export const OTLP_PORT = 4318;
/** The largest body taken, before and after gzip (a batch of spans with whole prompts can be large). */
const MAX_BYTES = 64 * 1024 * 1024;

/** What a request exports: spans or log records. */
export type Signal = "traces" | "logs";

const root = protobuf.Root.fromJSON(descriptor);
const TYPES = {
  traces: {
    request: root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest"),
    response: root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse"),
    resource: "resourceSpans",
    scope: "scopeSpans",
    items: "spans",
    rejected: "rejectedSpans",
  },
  logs: {
    request: root.lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest"),
    response: root.lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse"),
    resource: "resourceLogs",
    scope: "scopeLogs",
    items: "logRecords",
    rejected: "rejectedLogRecords",
  },
} as const;
/** `google.rpc.Status`, which an OTLP/HTTP error answer carries (only its code and message). */
const STATUS = new protobuf.Type("Status")
  .add(new protobuf.Field("code", 1, "int32"))
  .add(new protobuf.Field("message", 2, "string"));
new protobuf.Root().define("google.rpc").add(STATUS);

/** OTLP/JSON writes trace and span ids in hex where protobuf has bytes (decoded here as base64). */
const ID_FIELDS = new Set(["traceId", "spanId", "parentSpanId"]);
function idsInHex(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsInHex);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key] =
      ID_FIELDS.has(key) && typeof inner === "string" ? Buffer.from(inner, "base64").toString("hex") : idsInHex(inner);
  return out;
}

/** A request's body as OTLP/JSON, whichever encoding it came in; or why it cannot be read. */
export function decodeExport(
  signal: Signal,
  body: Buffer,
  encoding: "protobuf" | "json",
): { ok: true; request: Record<string, unknown> } | { ok: false; message: string } {
  if (encoding === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch (error) {
      return { ok: false, message: `not JSON: ${(error as Error).message}` };
    }
    const key = TYPES[signal].resource;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return { ok: false, message: `an OTLP/JSON export is an object with ${key}` };
    const list = (parsed as Record<string, unknown>)[key];
    if (list !== undefined && !Array.isArray(list)) return { ok: false, message: `${key} is not a list` };
    return { ok: true, request: parsed as Record<string, unknown> };
  }
  try {
    const type = TYPES[signal].request;
    const decoded = type.toObject(type.decode(body), { longs: String, enums: Number, bytes: String, defaults: false });
    return { ok: true, request: idsInHex(decoded) as Record<string, unknown> };
  } catch (error) {
    return { ok: false, message: `not an OTLP protobuf export of ${signal}: ${(error as Error).message}` };
  }
}

/** The spans (or log records) of an export that carry no trace id, taken out: how many. */
export function withoutUntraced(signal: Signal, request: Record<string, unknown>): number {
  const { resource, scope, items } = TYPES[signal];
  let rejected = 0;
  for (const r of list(request, resource))
    for (const group of list(r, scope)) {
      if (!isRecord(group)) continue;
      const all = list(group, items);
      const kept = all.filter((item) => {
        const id = field(item, "traceId");
        return typeof id === "string" && /[1-9a-f]/i.test(id);
      });
      rejected += all.length - kept.length;
      group[items] = kept;
    }
  return rejected;
}

/** A running receiver. */
export interface OtlpReceiver {
  readonly port: number;
  /** What an SDK's exporter needs: the endpoint and the header line (`OTEL_EXPORTER_OTLP_*`). */
  readonly endpoint: string;
  readonly headers: string;
  close(): Promise<void>;
}

export interface OtlpReceiverOptions {
  /** The port; 0 for a free one (default OTLP_PORT). */
  readonly port?: number;
  /** An export's spans or log records, as OTLP/JSON, each with a trace id. */
  received(signal: Signal, request: Record<string, unknown>): void;
  /** Something said once (metrics received, and not read). */
  say(line: string): void;
}

const sameBytes = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Start the receiver on 127.0.0.1. */
export function startOtlpReceiver(options: OtlpReceiverOptions): Promise<OtlpReceiver> {
  const token = randomBytes(32).toString("base64url");
  let port = 0;
  let metricsSaid = false;

  const answer = (
    response: ServerResponse,
    status: number,
    encoding: "protobuf" | "json",
    body: Uint8Array | string,
  ) => {
    response.writeHead(status, {
      "content-type": encoding === "json" ? "application/json" : "application/x-protobuf",
      "content-length": typeof body === "string" ? Buffer.byteLength(body) : body.length,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    response.end(body);
  };
  /** An error answer: `google.rpc.Status` in the request's encoding (plain text where none was named). */
  const refuse = (response: ServerResponse, status: number, message: string, encoding?: "protobuf" | "json") => {
    if (encoding === undefined) {
      response.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      response.end(`${message}\n`);
      return;
    }
    // gRPC codes: 16 unauthenticated, 7 permission denied, 3 invalid argument.
    const code = status === 401 ? 16 : status === 403 ? 7 : 3;
    answer(
      response,
      status,
      encoding,
      encoding === "json"
        ? JSON.stringify({ code, message })
        : STATUS.encode(STATUS.fromObject({ code, message })).finish(),
    );
  };

  const hosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer): void {
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const encoding = type === "application/json" ? "json" : type === "application/x-protobuf" ? "protobuf" : undefined;
    if (!hosts().has(request.headers.host ?? "")) {
      refuse(response, 403, "forbidden: this receiver answers only its own address", encoding);
      return;
    }
    const site = request.headers["sec-fetch-site"];
    if (request.headers.origin !== undefined || (site !== undefined && site !== "none")) {
      refuse(response, 403, "forbidden: a request from a web page", encoding);
      return;
    }
    const given = request.headers[TOKEN_HEADER];
    if (typeof given !== "string") {
      refuse(
        response,
        401,
        `this receiver needs its token in the ${TOKEN_HEADER} header (OTEL_EXPORTER_OTLP_HEADERS)`,
        encoding,
      );
      return;
    }
    if (!sameBytes(given, token)) {
      refuse(response, 403, "forbidden: wrong token", encoding);
      return;
    }
    if (request.method !== "POST") {
      response.setHeader("allow", "POST");
      refuse(response, 405, "only POST", encoding);
      return;
    }
    const path = (request.url ?? "").split("?")[0];
    const signal: Signal | "metrics" | null =
      path === "/v1/traces" ? "traces" : path === "/v1/logs" ? "logs" : path === "/v1/metrics" ? "metrics" : null;
    if (signal === null) {
      refuse(response, 404, "not found: this receiver takes /v1/traces and /v1/logs", encoding);
      return;
    }
    if (encoding === undefined) {
      refuse(response, 415, "OTLP/HTTP is application/x-protobuf or application/json");
      return;
    }
    const contentEncoding = (request.headers["content-encoding"] ?? "identity").toLowerCase();
    let bytes = body;
    if (contentEncoding === "gzip") {
      try {
        bytes = gunzipSync(body, { maxOutputLength: MAX_BYTES });
      } catch {
        refuse(response, 400, "the gzip body cannot be read (or is larger than 64 MiB once unzipped)", encoding);
        return;
      }
    } else if (contentEncoding !== "identity") {
      refuse(response, 415, `content-encoding ${contentEncoding} is not taken (gzip or none)`, encoding);
      return;
    }
    if (signal === "metrics") {
      if (!metricsSaid) options.say("metrics received and not read: the figure draws traces and log records");
      metricsSaid = true;
      answer(response, 200, encoding, encoding === "json" ? "{}" : new Uint8Array());
      return;
    }
    const decoded = decodeExport(signal, bytes, encoding);
    if (!decoded.ok) {
      refuse(response, 400, decoded.message, encoding);
      return;
    }
    const rejected = withoutUntraced(signal, decoded.request);
    options.received(signal, decoded.request);
    const kind = TYPES[signal];
    const partial =
      rejected === 0
        ? {}
        : {
            partialSuccess: {
              [kind.rejected]: String(rejected),
              errorMessage: `${rejected} ${signal === "traces" ? "span" : "log record"}${rejected === 1 ? "" : "s"} with no trace id: no run can hold ${rejected === 1 ? "it" : "them"}`,
            },
          };
    answer(
      response,
      200,
      encoding,
      encoding === "json" ? JSON.stringify(partial) : kind.response.encode(kind.response.fromObject(partial)).finish(),
    );
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BYTES) over = true;
      else chunks.push(chunk);
    });
    request.on("end", () => {
      if (over) {
        refuse(response, 413, "the body is larger than 64 MiB");
        return;
      }
      try {
        handle(request, response, Buffer.concat(chunks));
      } catch (error) {
        // Nothing a request carries may stop the receiver.
        if (!response.headersSent) refuse(response, 500, `cannot take this export: ${(error as Error).message}`);
      }
    });
    request.on("error", () => response.destroy());
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? OTLP_PORT, "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        port,
        endpoint: `http://127.0.0.1:${port}`,
        headers: `${TOKEN_HEADER}=${token}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
