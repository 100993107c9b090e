/**
 * `agent-loop-figure live`: a reverse proxy on 127.0.0.1 between an agent's SDK and its provider, which records what
 * passes through it. This module is the pass-through and the record:
 * - it routes by path: OpenAI Chat Completions and Responses to `openai`, Anthropic Messages (and count_tokens) to
 *   `anthropic`, Gemini's generateContent and streamGenerateContent to `gemini`;
 * - the agent sees exactly what it would see direct: the status, every header but the hop-by-hop ones, and the body,
 *   each streamed chunk written as it arrives (nothing buffered); upstream is asked for `identity`, so no body is
 *   ever decompressed under a `content-encoding` header; a provider's 4xx/5xx passes unchanged, a stream cut
 *   upstream is cut for the client, and an upstream that cannot be reached gives a 502 with a one-line JSON error
 *   naming it;
 * - it refuses requests from browsers of other origins (an `Origin` header) and a Host that is not its own, as the
 *   viewer does;
 * - each exchange is recorded (the request's body, the answer's status and bytes, whether the stream was cut) with
 *   no key: `authorization`, `x-api-key`, `x-goog-api-key` and `?key=` are forwarded upstream and never kept.
 * One failing exchange never stops the others, and nothing that passes through can crash it.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";

/** The providers the proxy routes to. */
export const PROVIDERS = ["openai", "anthropic", "gemini"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Each provider's real API, where a request goes unless `--upstream PROVIDER=URL` says otherwise. */
export const DEFAULT_UPSTREAMS: Readonly<Record<Provider, string>> = {
  openai: "https://api.openai.com",
  anthropic: "https://api.anthropic.com",
  gemini: "https://generativelanguage.googleapis.com",
};

/** The provider a request's path belongs to, or null for a path the proxy does not forward. */
export function routeOf(pathname: string): Provider | null {
  if (/^\/v1\/chat\/completions\/?$/.test(pathname) || /^\/v1\/responses(\/[\w-]+)*\/?$/.test(pathname))
    return "openai";
  if (/^\/v1\/messages(\/count_tokens)?\/?$/.test(pathname)) return "anthropic";
  if (/^\/v1(beta|alpha)?\/models\/[^/:]+:(generateContent|streamGenerateContent|countTokens)$/.test(pathname))
    return "gemini";
  return null;
}

/** Headers that belong to one connection (RFC 9110 §7.6.1), never forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/** Headers that carry a key: forwarded upstream, never recorded. */
const KEY_HEADERS = new Set(["authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie"]);

/** A request's or an answer's headers without the hop-by-hop ones (and those the `connection` header names). */
export function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ""),
  );
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** A URL's path and query with any `key` parameter (Gemini's API key in the query) removed, for the record. */
export function withoutKey(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://record.invalid");
  url.searchParams.delete("key");
  return `${url.pathname}${url.search}`;
}

/** One exchange as the proxy saw it, with no key in it. */
export interface Exchange {
  readonly id: number;
  readonly provider: Provider;
  readonly method: string;
  /** The path and query, any `key` parameter removed. */
  readonly path: string;
  /** Request headers that say what was sent (content type, API version, beta flags), no key among them. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  requestBody: string;
  /** When the request arrived (ms since the epoch). */
  readonly started: number;
  status: number | null;
  responseHeaders: Readonly<Record<string, string>>;
  /** The answer's bytes as text, as they arrived (a stream's events, whole). */
  responseBody: string;
  /** How the exchange ended: whole, cut upstream, closed early by the client, or the upstream never answered. */
  end: "open" | "complete" | "cut" | "client-closed" | "unreachable";
}

/** What the record is told as exchanges happen: each begun, each chunk of an answer, each end. */
export interface Recorder {
  begin(exchange: Exchange): void;
  chunk(exchange: Exchange, text: string): void;
  end(exchange: Exchange): void;
}

/** Headers to keep in the record: no key, nothing that identifies the machine's session. */
function recordedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || KEY_HEADERS.has(name) || name.startsWith("x-stainless"))
      continue;
    kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return kept;
}

export interface ProxyOptions {
  readonly upstreams?: Partial<Record<Provider, string>>;
  readonly port?: number | null;
  readonly recorder?: Recorder;
}

export interface RecordingProxy {
  readonly port: number;
  /** The base URL each SDK is to be given (the values of the environment variables the proxy prints). */
  readonly bases: Readonly<Record<Provider, string>>;
  close(): Promise<void>;
}

/** The answer for a request the proxy refuses or cannot forward: one line of JSON. */
function refuse(response: ServerResponse, status: number, message: string): void {
  const body = `${JSON.stringify({ error: { type: "agent_loop_figure_proxy", message } })}\n`;
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
}

/** Start the proxy on 127.0.0.1. */
export function startProxy(options: ProxyOptions = {}): Promise<RecordingProxy> {
  const upstreams = { ...DEFAULT_UPSTREAMS, ...options.upstreams };
  const recorder = options.recorder;
  let port = 0;
  let next = 0;

  const forward = (incoming: IncomingMessage, response: ServerResponse) => {
    const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    if (!hosts.has(incoming.headers.host ?? ""))
      return refuse(response, 403, "this proxy answers only its own address");
    // An SDK sends no Origin; a browser page on another site does.
    if (incoming.headers.origin !== undefined)
      return refuse(response, 403, "this proxy takes no requests from browsers");
    let url: URL;
    try {
      url = new URL(incoming.url ?? "/", `http://127.0.0.1:${port}`);
    } catch {
      return refuse(response, 400, "a request target that is not a URL");
    }
    const provider = routeOf(url.pathname);
    if (provider === null) return refuse(response, 404, `no provider's API at ${url.pathname}`);
    const upstream = new URL(upstreams[provider]);
    const target = new URL(`${upstream.pathname.replace(/\/$/, "")}${url.pathname}${url.search}`, upstream);
    const exchange: Exchange = {
      id: next++,
      provider,
      method: incoming.method ?? "GET",
      path: withoutKey(`${url.pathname}${url.search}`),
      requestHeaders: recordedHeaders(incoming.headers),
      requestBody: "",
      started: Date.now(),
      status: null,
      responseHeaders: {},
      responseBody: "",
      end: "open",
    };
    const body: Buffer[] = [];
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(target, {
      method: incoming.method,
      headers: { ...endToEnd(incoming.headers), host: target.host, "accept-encoding": "identity" },
    });
    let ended = false;
    const finish = (how: Exchange["end"]) => {
      if (ended) return;
      ended = true;
      exchange.end = how;
      try {
        recorder?.end(exchange);
      } catch {
        // a record that fails never fails the agent's request
      }
    };
    outgoing.on("response", (answer) => {
      // The provider's headers, and no others: Node would add a Date of its own where the upstream sent none.
      response.sendDate = false;
      exchange.status = answer.statusCode ?? 502;
      exchange.responseHeaders = recordedHeaders(answer.headers);
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      response.flushHeaders();
      const decoder = new TextDecoder();
      answer.on("data", (chunk: Buffer) => {
        response.write(chunk);
        const text = decoder.decode(chunk, { stream: true });
        exchange.responseBody += text;
        try {
          recorder?.chunk(exchange, text);
        } catch {
          // as above
        }
      });
      answer.on("end", () => {
        response.end();
        finish("complete");
      });
      // Cut upstream: cut for the client too (an SDK then fails as it would direct).
      answer.on("aborted", () => {
        response.destroy();
        finish("cut");
      });
      answer.on("error", () => {
        response.destroy();
        finish("cut");
      });
    });
    outgoing.on("error", () => {
      if (exchange.status === null) {
        finish("unreachable");
        if (!response.headersSent)
          refuse(response, 502, `the ${provider} upstream (${upstream.origin}) cannot be reached`);
        else response.destroy();
      } else {
        response.destroy();
        finish("cut");
      }
    });
    // The client went away before the answer ended: stop asking upstream.
    response.on("close", () => {
      if (!response.writableFinished) {
        outgoing.destroy();
        finish("client-closed");
      }
    });
    incoming.on("data", (chunk: Buffer) => {
      body.push(chunk);
      outgoing.write(chunk);
    });
    incoming.on("end", () => {
      exchange.requestBody ||= Buffer.concat(body).toString("utf8");
      outgoing.end();
      try {
        recorder?.begin(exchange);
      } catch {
        // as above
      }
    });
    incoming.on("error", () => outgoing.destroy());
  };

  const server: Server = createServer((incoming, response) => {
    try {
      forward(incoming, response);
    } catch {
      if (!response.headersSent) refuse(response, 500, "the proxy could not forward this request");
      else response.destroy();
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        port,
        bases: { openai: `${origin}/v1`, anthropic: origin, gemini: origin },
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
