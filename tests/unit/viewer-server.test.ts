// @vitest-environment node
/**
 * The viewer's server (src/cli/view.ts) as a browser, a DNS-rebinding page or another site would reach it: real
 * HTTP requests on 127.0.0.1, with the Host, Origin and cookie they would carry.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kindOf, runsOf, servedText, startViewer, type Viewer } from "../../src/cli/view";

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One GET with exactly these headers (Host included: a browser after DNS rebinding sends the attacker's name). */
function get(viewer: Viewer, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port: viewer.port,
        path,
        method: "GET",
        headers: { host: `127.0.0.1:${viewer.port}`, ...headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

let root: string;
let viewer: Viewer;
let token: string;
const withToken = (path: string) => `${path}${path.includes("?") ? "&" : "?"}token=${token}`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "alf-viewer-"));
  const runs = join(root, "runs");
  const assets = join(root, "assets");
  mkdirSync(runs);
  mkdirSync(join(assets, "assets"), { recursive: true });
  writeFileSync(join(root, "secret.txt"), "not for the viewer\n");
  writeFileSync(join(assets, "viewer.html"), "<!doctype html><title>viewer</title>");
  writeFileSync(join(assets, "assets", "app.js"), "console.log('app')");
  symlinkSync(join(root, "secret.txt"), join(assets, "assets", "leak.js"));
  writeFileSync(join(runs, "a.json"), '{"messages":[]}');
  writeFileSync(join(runs, "b.jsonl"), '{"type":"user"}\n');
  writeFileSync(join(runs, "notes.txt"), "not a run\n");
  symlinkSync(join(root, "secret.txt"), join(runs, "outside.json"));
  const found = runsOf([runs]);
  viewer = await startViewer({ runs: found.runs, port: null, assets, interval: 50 });
  token = viewer.token;
});

afterAll(async () => {
  await viewer.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the viewer's server", () => {
  it("listens on 127.0.0.1 only, at a URL that carries a token of at least 128 bits", () => {
    expect(viewer.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${viewer.port}/\\?token=[\\w-]+$`));
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
  });

  it("answers 401 without the token and 403 with a wrong one, at every endpoint, showing nothing", async () => {
    for (const path of ["/", "/viewer.html", "/assets/app.js", "/api/runs", "/api/runs/0", "/api/events"]) {
      const none = await get(viewer, path);
      expect(none.status, path).toBe(401);
      expect(none.body).not.toContain("messages");
      const wrong = await get(viewer, `${path}?token=${"A".repeat(token.length)}`);
      expect(wrong.status, path).toBe(403);
      const cookie = await get(viewer, path, { cookie: `agent-loop-figure-${viewer.port}=nope` });
      expect(cookie.status, path).toBe(403);
    }
  });

  it("serves its page with the token, and its own requests with the HttpOnly, SameSite=Strict cookie it sets", async () => {
    const page = await get(viewer, withToken("/"));
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>viewer</title>");
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    const setCookie = String(page.headers["set-cookie"]);
    expect(setCookie).toContain(`agent-loop-figure-${viewer.port}=${token}`);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    const cookie = { cookie: `other=1; agent-loop-figure-${viewer.port}=${token}` };
    const listed = await get(viewer, "/api/runs", cookie);
    expect(JSON.parse(listed.body)).toEqual({
      runs: [
        { id: 0, name: "a.json", kind: "run", revision: 0 },
        { id: 1, name: "b.jsonl", kind: "run", revision: 0 },
      ],
      // Files only: nothing recorded as it happens, so the page waits for nothing.
      receiving: { proxy: false, telemetry: false },
    });
    expect((await get(viewer, "/api/runs/0", cookie)).body).toBe('{"messages":[]}');
    expect((await get(viewer, "/assets/app.js", cookie)).status).toBe(200);
  });

  it("refuses a Host that is not its own loopback name and port (DNS rebinding), even with the token", async () => {
    for (const host of ["evil.example", `evil.example:${viewer.port}`, "127.0.0.1", `127.0.0.1:${viewer.port + 1}`]) {
      const answer = await get(viewer, withToken("/api/runs"), { host });
      expect(answer.status, host).toBe(403);
      expect(answer.body).not.toContain("a.json");
    }
    expect((await get(viewer, withToken("/api/runs"), { host: `localhost:${viewer.port}` })).status).toBe(200);
  });

  it("refuses a cross-site request (another Origin, or Sec-Fetch-Site: cross-site), and sends no CORS header", async () => {
    for (const origin of ["http://evil.example", "null", `http://127.0.0.1:${viewer.port + 1}`, "https://127.0.0.1"]) {
      const answer = await get(viewer, withToken("/api/runs/0"), { origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.body).not.toContain("messages");
    }
    const crossSite = await get(viewer, withToken("/api/runs/0"), { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const own = await get(viewer, withToken("/api/runs/0"), { origin: `http://127.0.0.1:${viewer.port}` });
    expect(own.status).toBe(200);
    for (const answer of [crossSite, own]) expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("never serves a file outside what it was given: .., encoded .., absolute paths, symlinks", async () => {
    for (const path of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/assets/..\\..\\secret.txt",
      `/${encodeURIComponent(join(root, "secret.txt"))}`,
      join(root, "secret.txt"),
      `http://127.0.0.1:${viewer.port}${join(root, "secret.txt")}`,
      "/assets/leak.js",
      "/api/runs/../../secret.txt",
      "/api/runs/2",
      "/api/runs/-1",
      "/api/runs/0%2f..%2f..%2fsecret.txt",
    ]) {
      const answer = await get(viewer, withToken(path));
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body, path).not.toContain("not for the viewer");
    }
  });

  it("takes a folder's run files, not its other files, nor a symlink that leads out of it", () => {
    const { runs, problems } = runsOf([join(root, "runs"), join(root, "missing.json")]);
    expect(runs.map((run) => run.name)).toEqual(["a.json", "b.jsonl"]);
    expect(problems).toEqual([`cannot read ${join(root, "missing.json")}`]);
  });

  it("follows a file as it grows: one change event, and the new text (a torn last line waits for its end)", async () => {
    const events = await new Promise<string>((resolve, reject) => {
      const sent = request(
        {
          host: "127.0.0.1",
          port: viewer.port,
          path: withToken("/api/events"),
          headers: { host: `127.0.0.1:${viewer.port}` },
        },
        (response) => {
          expect(response.headers["content-type"]).toContain("text/event-stream");
          let seen = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            seen += chunk;
            if (seen.includes("event: change")) {
              sent.destroy();
              resolve(seen);
            }
          });
          appendFileSync(join(root, "runs", "b.jsonl"), '{"type":"assistant"}\n{"type":"us');
        },
      );
      sent.on("error", (error) => (String(error).includes("socket hang up") ? undefined : reject(error)));
      sent.end();
    });
    expect(events).toContain('data: {"id":1,"revision":1}');
    expect((await get(viewer, withToken("/api/runs/1"))).body).toBe('{"type":"user"}\n{"type":"assistant"}\n');
    const listed = JSON.parse((await get(viewer, withToken("/api/runs"))).body) as { runs: { revision: number }[] };
    expect(listed.runs[1]?.revision).toBe(1);
  });
});

describe("what the viewer serves of a file", () => {
  it("keeps a whole JSON document whole, and cuts a JSON Lines file caught mid-write at its last whole line", () => {
    expect(servedText('{"a":1}')).toBe('{"a":1}');
    expect(servedText('{\n  "a": 1\n}')).toBe('{\n  "a": 1\n}');
    expect(servedText('{"a":1}\n{"b":2}\n')).toBe('{"a":1}\n{"b":2}\n');
    expect(servedText('{"a":1}\n{"b":')).toBe('{"a":1}\n');
  });

  it("tells a figure file from a recorded run by its top-level figure version", () => {
    const dir = mkdtempSync(join(tmpdir(), "alf-kind-"));
    writeFileSync(join(dir, "f.json"), '{"figure":1,"id":"x"}');
    writeFileSync(join(dir, "r.json"), '{"messages":[]}');
    writeFileSync(join(dir, "l.jsonl"), '{"a":1}\n{"b":2}\n');
    expect([kindOf(join(dir, "f.json")), kindOf(join(dir, "r.json")), kindOf(join(dir, "l.jsonl"))]).toEqual([
      "figure",
      "run",
      "run",
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});
