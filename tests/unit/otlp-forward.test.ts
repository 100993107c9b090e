// @vitest-environment node
/**
 * `live --otlp-endpoint`: runs the proxy records, sent to an OpenTelemetry collector as they go. The agent is a real
 * SDK through the real proxy to the scripted model server; the collector is an OTLP/HTTP receiver that needs a header
 * (the figure's own, given as `--otlp-header`), decoding what it takes as OTLP. What it gathers imports back to the
 * loop the SDK ran, each span once, timed by the proxy's clock, and no key in any byte sent. A collector that refuses
 * for a while is tried again; one that refuses for good is said.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importTranscript } from "../../src/formats/import";
import { forwardRuns, tracesUrl } from "../../src/live/otlp-forward";
import { startOtlpReceiver, TOKEN_HEADER } from "../../src/live/otlp-receiver";
import { OtlpRuns } from "../../src/live/otlp-runs";
import { startProxy } from "../../src/live/proxy";
import { LiveRuns } from "../../src/live/runs";
import { scripted } from "../fixtures/scripted-model";
import { basesAt, KEY, LOOPS } from "../fixtures/sdk-loops";

const model = scripted();
let origin = "";
beforeAll(async () => {
  await new Promise<void>((listening) => model.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(model.address() as AddressInfo).port}`;
});
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
  await new Promise<void>((closed) => model.close(() => closed()));
});

/** The proxy in front of the scripted model, its runs followed by a forwarder to `endpoint`. */
async function proxied(endpoint: string, headers: Record<string, string>, said: string[]) {
  const runs = new LiveRuns();
  const proxy = await startProxy({
    port: 0,
    upstreams: { openai: origin, anthropic: origin, gemini: origin },
    recorder: { begin: (e) => runs.begin(e), chunk: (e) => runs.progress(e), end: (e) => runs.progress(e) },
  });
  closing.push(() => proxy.close());
  const forwarder = forwardRuns(runs, { endpoint, headers, say: (line) => said.push(line) });
  return { runs, forwarder, bases: basesAt(`http://127.0.0.1:${proxy.port}`) };
}

describe("live --otlp-endpoint", () => {
  it("sends each run's spans to the collector as OTLP, with the header given and no key; they import back to the loop", async () => {
    const gathered = new OtlpRuns(() => {}, { settleMs: 0 });
    const bodies: string[] = [];
    const collector = await startOtlpReceiver({
      port: 0,
      received: (signal, request) => {
        bodies.push(JSON.stringify(request));
        gathered.add(signal, request);
      },
      say: () => {},
    });
    closing.push(() => collector.close());
    const [name, token] = collector.headers.split("=") as [string, string];
    const said: string[] = [];
    const { forwarder, bases } = await proxied(collector.endpoint, { [name]: token }, said);
    for (const loop of LOOPS.filter((l) => l.provider === "openai" || l.provider === "anthropic").slice(0, 3))
      await loop.run(bases);
    await forwarder.stop();
    expect(said).toEqual([`sent 3 runs to ${collector.endpoint}/v1/traces`]);
    const listed = gathered.runs.filter((run) => gathered.listed(run));
    expect(listed).toHaveLength(3);
    for (const run of listed) {
      const read = importTranscript(gathered.document(run));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read.trace.steps.map((step) => step.kind)).toEqual([
        "task",
        "model_call",
        "proposal",
        "execution",
        "model_call",
        "answer",
        "finish",
      ]);
      // The figure's writing, from a proxy: no tool run is said as observed by the agent.
      expect(read.notes.filter((note) => note.kind === "observed")).toEqual([]);
      const spans = JSON.parse(gathered.document(run)).flatMap(
        (e: { resourceSpans: { scopeSpans: { spans: { spanId: string; name: string }[] }[] }[] }) =>
          e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      ) as { spanId: string; name: string; startTimeUnixNano: string; endTimeUnixNano: string }[];
      // Each span sent once; the run's own span at the end; the model calls timed by the proxy's clock.
      expect(spans.map((span) => span.name).sort()).toEqual(["chat", "chat", "execute_tool read_file", "invoke_agent"]);
      expect(new Set(spans.map((span) => span.spanId)).size).toBe(4);
      const chat = spans.find((span) => span.name === "chat");
      expect(Math.abs(Number(BigInt(chat?.startTimeUnixNano ?? "0") / 1_000_000n) - Date.now())).toBeLessThan(60_000);
    }
    expect(bodies.join("\n")).not.toContain(KEY);
  });

  it("tries a batch again while the collector answers 503, and says a batch it refuses for good", async () => {
    let answers = [503, 503, 200];
    const taken: string[] = [];
    const flaky: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const status = answers.shift() ?? 400;
        if (status === 200) taken.push(body);
        response.writeHead(status, { "content-type": "application/json", "retry-after": "0" });
        response.end(status === 400 ? '{"code":3,"message":"bad spans"}' : "{}");
      });
    });
    await new Promise<void>((listening) => flaky.listen(0, "127.0.0.1", listening));
    closing.push(() => new Promise((closed) => flaky.close(closed)));
    const endpoint = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
    const said: string[] = [];
    const first = await proxied(endpoint, {}, said);
    await LOOPS[1]?.run(first.bases);
    await first.forwarder.stop();
    expect(taken).toHaveLength(1);
    expect(said).toEqual([`sent 1 run to ${tracesUrl(endpoint)}`]);
    answers = [400];
    const second = await proxied(endpoint, {}, said);
    await LOOPS[1]?.run(second.bases);
    await second.forwarder.stop();
    expect(said.at(-1)).toMatch(
      /^the collector at http:\/\/127\.0\.0\.1:\d+\/v1\/traces did not take 4 spans: HTTP 400 \(/,
    );
  });

  it("refuses nothing silently: a collector that needs a header and is not given it says 401", async () => {
    const collector = await startOtlpReceiver({ port: 0, received: () => {}, say: () => {} });
    closing.push(() => collector.close());
    const said: string[] = [];
    const { forwarder, bases } = await proxied(collector.endpoint, {}, said);
    await LOOPS[1]?.run(bases);
    await forwarder.stop();
    expect(said.at(-1)).toContain("HTTP 401");
    expect(said.at(-1)).toContain(TOKEN_HEADER);
  });
});
