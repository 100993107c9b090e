/**
 * `agent-loop-figure view FILE|FOLDER…`: the viewer, a local server that shows people's own runs in the figure.
 * It holds their prompts, so it is built as such a server must be:
 * - it listens on 127.0.0.1 only;
 * - every request needs its token: `?token=` (256 random bits, in the URL it prints), which the page's first load
 *   turns into an HttpOnly, SameSite=Strict cookie of this port for the page's own requests; without it the answer
 *   is 401, with a wrong one 403, and nothing is shown;
 * - a request whose Host is not its own loopback name and port is refused (DNS rebinding), as is any cross-site one
 *   (an `Origin` of another site, or `Sec-Fetch-Site: cross-site`); it sends no CORS header at all;
 * - it serves only the runs it was given, by number (never by path), and the viewer's own files from their folder
 *   (a path that leaves it, by `..`, an absolute path or a symlink, is not found).
 * A run's file is watched: each change is one `change` event on `/api/events` (server-sent events), and the page
 * reads it again. A JSON Lines file caught mid-write is served up to its last whole line.
 */
import { spawn } from "node:child_process";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readdirSync, readFileSync, realpathSync, type Stats, statSync, unwatchFile, watchFile } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, extname, join, sep } from "node:path";
import type { LiveFacts } from "../formats/live-facts";
import { logText } from "../formats/log-text";
import type { RecordedRun, RecordedRuns } from "../live/save";
import { startOtlp } from "./otlp-command";

/** A run the viewer shows: its number (its only name in a URL), its file's name and its real path. */
export interface ViewRun {
  readonly id: number;
  readonly name: string;
  readonly path: string;
}

/** The extensions a folder's files are taken by (a file named on the command line is taken whatever its name). */
const RUN_EXTENSIONS = new Set([".json", ".jsonl", ".ndjson", ".eval", ".traj"]);

/**
 * The runs to show: each file as given, each folder's run files (not its subfolders). A symlink in a folder that
 * leads out of it is left out. What cannot be read is said, one line each.
 */
export function runsOf(paths: readonly string[]): { runs: ViewRun[]; problems: string[] } {
  const runs: ViewRun[] = [];
  const problems: string[] = [];
  const add = (path: string) => {
    if (runs.some((run) => run.path === path)) return;
    runs.push({ id: runs.length, name: basename(path), path });
  };
  for (const given of paths) {
    let real: string;
    let stats: Stats;
    try {
      real = realpathSync(given);
      stats = statSync(real);
    } catch {
      problems.push(`cannot read ${given}`);
      continue;
    }
    if (stats.isFile()) {
      add(real);
      continue;
    }
    if (!stats.isDirectory()) {
      problems.push(`${given} is neither a file nor a folder`);
      continue;
    }
    const names = readdirSync(real)
      .filter((name) => RUN_EXTENSIONS.has(extname(name).toLowerCase()))
      .sort();
    for (const name of names) {
      try {
        const inside = realpathSync(join(real, name));
        if (inside.startsWith(real + sep) && statSync(inside).isFile()) add(inside);
      } catch {
        // gone, or a broken link: not a run
      }
    }
  }
  return { runs, problems };
}

/**
 * A run file's text as the page gets it: whole, unless it is JSON Lines caught mid-write (a last line without its
 * end that is not a whole JSON document either), which is served up to its last whole line.
 */
export function servedText(text: string): string {
  if (text.endsWith("\n") || !text.includes("\n")) return text;
  try {
    JSON.parse(text);
    return text;
  } catch {
    return text.slice(0, text.lastIndexOf("\n") + 1);
  }
}

/**
 * What a run's file is: a figure file (its `figure` version at the top), a run saved by `live --save` (a trace with
 * what the proxy saw under `live`), or a recorded run in any format.
 */
export function kindOf(path: string): "figure" | "run" | "live" {
  return liveFactsIn(path) === null ? figureOrRun(path) : "live";
}

function parsedFile(path: string): Record<string, unknown> | null {
  try {
    if (statSync(path).size > 8_000_000) return null;
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function figureOrRun(path: string): "figure" | "run" {
  return typeof parsedFile(path)?.figure === "number" ? "figure" : "run";
}

/** The facts a run saved by `live --save` keeps of what the proxy saw, or null for any other file. */
export function liveFactsIn(path: string): LiveFacts | null {
  const live = parsedFile(path)?.live as Partial<LiveFacts> | undefined;
  return typeof live === "object" && live !== null && Array.isArray(live.events) && typeof live.streaming === "boolean"
    ? { streaming: live.streaming, events: live.events, ...(live.observed === true ? { observed: true } : {}) }
    : null;
}

/** A running viewer. */
export interface Viewer {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

export interface ViewerOptions {
  readonly runs: readonly ViewRun[];
  /** The port to listen on; 0 or null for a free one. */
  readonly port: number | null;
  /** The folder of the viewer's page and its assets. */
  readonly assets: string;
  /** The page's language, when asked for (else the reader's browser chooses). */
  readonly lang?: string | null;
  /** How often a run's file is looked at for changes (ms). */
  readonly interval?: number;
  /**
   * Runs recorded as they happen (`live`'s proxy, `--otlp`'s receiver): listed after the files, in the order they
   * began, each change an event.
   */
  readonly live?: readonly RecordedRuns[];
}

const MIME: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
};

/** The headers every answer carries: nothing cached, nothing sniffed, no referrer, no framing, no CORS. */
const BASE_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
} as const;

/** The page's policy: its own scripts, styles and requests only (a module worker included). */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const sameBytes = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

function cookieOf(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** Start the viewer on 127.0.0.1. */
export function startViewer(options: ViewerOptions): Promise<Viewer> {
  const token = randomBytes(32).toString("base64url");
  const assets = realpathSync(options.assets);
  const revisions = options.runs.map(() => 0);
  // Each recorded run's number in the viewer, given as it is first seen: after the files', never reused.
  const recorded: { source: RecordedRuns; run: RecordedRun }[] = [];
  const numbers = new Map<RecordedRun, number>();
  const numberOf = (source: RecordedRuns, run: RecordedRun): { id: number; fresh: boolean } => {
    const known = numbers.get(run);
    if (known !== undefined) return { id: known, fresh: false };
    const id = options.runs.length + recorded.length;
    recorded.push({ source, run });
    numbers.set(run, id);
    return { id, fresh: true };
  };
  for (const source of options.live ?? []) for (const run of source.runs) numberOf(source, run);
  const streams = new Set<ServerResponse>();
  let port = 0;
  const cookie = () => `agent-loop-figure-${port}`;
  const hosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const send = (response: ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8") => {
    response.writeHead(status, { ...BASE_HEADERS, "content-type": type, "content-length": Buffer.byteLength(body) });
    response.end(body);
  };

  /** Why a request is refused before anything is read, or null when it may go on. */
  function refusal(request: IncomingMessage): [number, string] | null {
    if (!hosts().has(request.headers.host ?? "")) return [403, "forbidden: this viewer answers only its own address"];
    const origin = request.headers.origin;
    if (origin !== undefined && !origins().has(origin)) return [403, "forbidden: a request from another site"];
    if (request.headers["sec-fetch-site"] === "cross-site") return [403, "forbidden: a request from another site"];
    if (request.method !== "GET" && request.method !== "HEAD") return [405, "only GET and HEAD"];
    return null;
  }

  /** A file of the viewer's own, or null when the path is not one (outside its folder by any route). */
  function asset(pathname: string): { bytes: Buffer; type: string } | null {
    if (pathname.includes("\0") || pathname.includes("\\")) return null;
    const parts = pathname.split("/").filter((part) => part !== "");
    if (parts.some((part) => part === "." || part === "..")) return null;
    try {
      const real = realpathSync(join(assets, ...parts));
      if (!real.startsWith(assets + sep) || !statSync(real).isFile()) return null;
      return { bytes: readFileSync(real), type: MIME[extname(real)] ?? "application/octet-stream" };
    } catch {
      return null;
    }
  }

  const server = createServer((request, response) => {
    const refused = refusal(request);
    if (refused !== null) {
      send(response, refused[0], `${refused[1]}\n`);
      return;
    }
    let url: URL;
    let pathname: string;
    try {
      url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
      pathname = decodeURIComponent(url.pathname);
    } catch {
      send(response, 400, "bad request\n");
      return;
    }
    // The token: in the URL (the printed one), or the cookie the page's first load set.
    const given = url.searchParams.get("token") ?? cookieOf(request, cookie());
    if (given === null) {
      send(response, 401, "this viewer needs the token in the URL it printed (?token=…)\n");
      return;
    }
    if (!sameBytes(given, token)) {
      send(response, 403, "forbidden: wrong token\n");
      return;
    }
    const headers: Record<string, string> = {};
    if (url.searchParams.get("token") !== null)
      headers["set-cookie"] = `${cookie()}=${token}; HttpOnly; SameSite=Strict; Path=/`;

    if (pathname === "/api/runs") {
      const list = [
        ...options.runs.map((run) => ({
          id: run.id,
          name: run.name,
          kind: kindOf(run.path),
          revision: revisions[run.id] ?? 0,
        })),
        ...(options.live ?? []).flatMap((source) =>
          source.runs.flatMap((run) =>
            source.listed(run)
              ? [{ id: numberOf(source, run).id, name: source.name(run), kind: "live", revision: run.revision }]
              : [],
          ),
        ),
      ];
      const via = new Set((options.live ?? []).map((source) => source.via));
      const receiving = { proxy: via.has("proxy"), telemetry: via.has("telemetry") };
      send(response, 200, JSON.stringify({ runs: list, receiving }), MIME[".json"]);
      return;
    }
    const run = /^\/api\/runs\/(\d{1,6})(\/facts)?$/.exec(pathname);
    if (run !== null) {
      const live = recorded[Number(run[1]) - options.runs.length];
      if (live !== undefined) {
        const body =
          run[2] === undefined ? live.source.document(live.run) : JSON.stringify(live.source.facts(live.run));
        send(response, 200, body, MIME[".json"]);
        return;
      }
      if (run[2] !== undefined) {
        const saved = options.runs[Number(run[1])];
        const facts = saved === undefined ? null : liveFactsIn(saved.path);
        if (facts === null) send(response, 404, "no such live run\n");
        else send(response, 200, JSON.stringify(facts), MIME[".json"]);
        return;
      }
      const shown = options.runs[Number(run[1])];
      if (shown === undefined) {
        send(response, 404, "no such run\n");
        return;
      }
      let text: string;
      try {
        text = servedText(logText(readFileSync(shown.path)));
      } catch {
        send(response, 410, `${shown.name} can no longer be read\n`);
        return;
      }
      send(response, 200, text, MIME[".json"]);
      return;
    }
    if (pathname === "/api/events") {
      response.writeHead(200, {
        ...BASE_HEADERS,
        "content-type": "text/event-stream; charset=utf-8",
        connection: "keep-alive",
      });
      response.write(": following the runs' files\n\n");
      streams.add(response);
      request.on("close", () => streams.delete(response));
      return;
    }
    const file = asset(pathname === "/" ? "/viewer.html" : pathname);
    if (file === null) {
      send(response, 404, "not found\n");
      return;
    }
    response.writeHead(200, {
      ...BASE_HEADERS,
      ...headers,
      "content-type": file.type,
      "content-length": file.bytes.length,
      ...(file.type.startsWith("text/html") ? { "content-security-policy": PAGE_POLICY } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : file.bytes);
  });

  // Each run's file, looked at for changes: one event per change, with the run's new revision.
  const interval = options.interval ?? 300;
  for (const run of options.runs)
    watchFile(run.path, { interval, persistent: false }, (now, before) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
      revisions[run.id] = (revisions[run.id] ?? 0) + 1;
      const event = `event: change\ndata: ${JSON.stringify({ id: run.id, revision: revisions[run.id] })}\n\n`;
      for (const stream of streams) stream.write(event);
    });
  // Each run recorded live: a new one is a `runs` event (the page reads the list again), as is one that joins another
  // (it leaves the list); a change is a `change` event.
  const unsubscribes = (options.live ?? []).map((source) =>
    source.subscribe((run) => {
      const { id, fresh } = numberOf(source, run);
      const event =
        fresh || !source.listed(run)
          ? `event: runs\ndata: ${JSON.stringify({ id })}\n\n`
          : `event: change\ndata: ${JSON.stringify({ id, revision: run.revision })}\n\n`;
      for (const stream of streams) stream.write(event);
    }),
  );
  // A comment now and then keeps an idle stream open through anything that closes quiet connections.
  const beat = setInterval(() => {
    for (const stream of streams) stream.write(": still here\n\n");
  }, 15_000);
  beat.unref();

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      const query = new URLSearchParams({ token, ...(options.lang ? { lang: options.lang } : {}) });
      resolve({
        url: `http://127.0.0.1:${port}/?${query}`,
        port,
        token,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(beat);
            for (const unsubscribe of unsubscribes) unsubscribe();
            for (const run of options.runs) unwatchFile(run.path);
            for (const stream of streams) stream.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Open `url` in the default browser, unless BROWSER=none (BROWSER names another browser). Never fails. */
export function openBrowser(url: string): void {
  const chosen = process.env.BROWSER;
  if (chosen === "none") return;
  const [command, args] =
    chosen !== undefined && chosen !== ""
      ? [chosen, [url]]
      : process.platform === "darwin"
        ? ["open", [url]]
        : process.platform === "win32"
          ? ["cmd", ["/c", "start", "", url]]
          : ["xdg-open", [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: "ignore" });
    child.on("error", () => {});
    child.unref();
  } catch {
    // no browser to open: the printed URL is enough
  }
}

/** The command: find the runs, start the viewer (and with `--otlp` the receiver), print its URL, open it, serve. */
export async function runView(options: {
  readonly files: readonly string[];
  readonly port: number | null;
  readonly open: boolean;
  readonly lang: string | null;
  readonly assets: string;
  /** The OTLP receiver's port (`--otlp`), or null for none. */
  readonly otlp?: number | null;
  /** With `--otlp`: the folder its runs are saved in. */
  readonly save?: string | null;
}): Promise<void> {
  const say = (line: string) => process.stderr.write(`agent-loop-figure: view: ${line}\n`);
  const { runs, problems } = runsOf(options.files);
  for (const problem of problems) say(problem);
  const receiving = options.otlp !== undefined && options.otlp !== null;
  if (runs.length === 0 && !receiving) {
    say("no run to show");
    process.exitCode = 2;
    return;
  }
  let otlp: Awaited<ReturnType<typeof startOtlp>> = null;
  if (receiving) {
    otlp = await startOtlp({ port: options.otlp ?? null, save: options.save ?? null, say });
    if (otlp === null) {
      process.exitCode = 2;
      return;
    }
  }
  let viewer: Viewer;
  try {
    viewer = await startViewer({
      runs,
      port: options.port,
      assets: options.assets,
      lang: options.lang,
      ...(otlp === null ? {} : { live: [otlp.runs] }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    say(`cannot listen on 127.0.0.1:${options.port ?? 0}${code === "EADDRINUSE" ? " (in use)" : ""}`);
    await otlp?.close();
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`viewer: ${viewer.url}\n`);
  if (runs.length > 0)
    process.stderr.write(
      `${runs.length} run${runs.length === 1 ? "" : "s"}, followed as ${runs.length === 1 ? "it changes" : "they change"}; Ctrl+C stops the viewer\n`,
    );
  if (options.open) openBrowser(viewer.url);
  const stop = () => {
    void Promise.all([viewer.close(), otlp?.close()]).then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
