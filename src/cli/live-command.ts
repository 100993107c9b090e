/**
 * `agent-loop-figure live [--port N] [--upstream PROVIDER=URL]… [--save DIR] [--no-open] [-- COMMAND ARGS…]`: the
 * recording proxy (../live/proxy.ts) and the viewer (./view.ts) showing its runs as they happen (../live/runs.ts), each saved
 * as it goes with `--save` (../live/save.ts). It prints the viewer's URL and the environment variables that point each
 * provider's SDK (and Claude Code) at the proxy, and the config.toml lines that do it for Codex CLI, which reads no
 * base URL from the environment for its own OpenAI provider; with `-- COMMAND` it runs the agent with them set
 * (Codex CLI with its `-c` overrides), and stops when the agent ends.
 */
import { spawn } from "node:child_process";
import { agentCommand, codexConfig, GEMINI_SETTINGS, piModels, proxyEnvironment } from "../live/agents";
import { forwardRuns, tracesUrl } from "../live/otlp-forward";
import { DEFAULT_UPSTREAMS, type Provider, startProxy } from "../live/proxy";
import { LiveRuns } from "../live/runs";
import type { followRuns } from "../live/save";
import { followTold, startOtlp } from "./otlp-command";
import { openBrowser, startViewer } from "./view";

export async function runLive(options: {
  readonly port: number | null;
  readonly upstreams: Partial<Record<Provider, string>>;
  readonly save: string | null;
  /** The OTLP receiver's port (`--otlp`), or null for none. */
  readonly otlp: number | null;
  /** The collector each recorded run is sent to (`--otlp-endpoint`), or null. */
  readonly collector: { readonly endpoint: string; readonly headers: Readonly<Record<string, string>> } | null;
  readonly open: boolean;
  readonly lang: string | null;
  readonly assets: string;
  readonly command: readonly string[];
}): Promise<void> {
  const runs = new LiveRuns();
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    proxy = await startProxy({
      port: options.port,
      upstreams: options.upstreams,
      recorder: {
        begin: (exchange) => runs.begin(exchange),
        chunk: (exchange) => runs.progress(exchange),
        end: (exchange) => runs.progress(exchange),
      },
    });
  } catch {
    process.stderr.write(`agent-loop-figure: live: cannot listen on 127.0.0.1:${options.port ?? 0}\n`);
    process.exitCode = 2;
    return;
  }
  const say = (line: string) => process.stderr.write(`agent-loop-figure: live: ${line}\n`);
  let saving: ReturnType<typeof followRuns>;
  try {
    saving = followTold(runs, options.save, say);
  } catch (error) {
    say(`cannot save in ${options.save}: ${(error as Error).message}`);
    await proxy.close();
    process.exitCode = 2;
    return;
  }
  const otlp = options.otlp === null ? null : await startOtlp({ port: options.otlp, save: options.save, say });
  if (options.otlp !== null && otlp === null) {
    saving.stop();
    await proxy.close();
    process.exitCode = 2;
    return;
  }
  const forwarding =
    options.collector === null
      ? null
      : forwardRuns(runs, { endpoint: options.collector.endpoint, headers: options.collector.headers, say });
  if (options.collector !== null)
    process.stderr.write(
      `sending each run to the OpenTelemetry collector at ${tracesUrl(options.collector.endpoint)} as it goes (the spans export otlp writes; no API key)\n`,
    );
  const viewer = await startViewer({
    runs: [],
    port: null,
    assets: options.assets,
    lang: options.lang,
    live: otlp === null ? [runs] : [runs, otlp.runs],
  });
  const environment = proxyEnvironment(proxy.bases);
  process.stdout.write(`viewer: ${viewer.url}\n`);
  for (const [name, value] of Object.entries(environment)) process.stdout.write(`export ${name}=${value}\n`);
  process.stderr.write(
    `Codex CLI: add these to ~/.codex/config.toml, the first line among its top-level keys (or run live -- codex …, which passes them with -c):\n${codexConfig(
      proxy.bases.openai,
    )
      .split("\n")
      .map((line) => `  ${line}\n`)
      .join("")}`,
  );
  process.stderr.write(
    `Gemini CLI: sign in with an API key (GEMINI_API_KEY); in ~/.gemini/settings.json:\n  ${GEMINI_SETTINGS}\n`,
  );
  process.stderr.write(
    `pi: in ~/.pi/agent/models.json (and keep this port with --port ${proxy.port}), then pi --model anthropic/…:\n  ${piModels(proxy.bases.anthropic)}\n`,
  );
  if (options.save !== null)
    process.stderr.write(`saving each run in ${options.save} as it goes (readable by you only)\n`);
  const upstreams = { ...DEFAULT_UPSTREAMS, ...options.upstreams };
  process.stderr.write(
    `recording proxy on 127.0.0.1:${proxy.port}: openai → ${upstreams.openai}, anthropic → ${upstreams.anthropic}, gemini → ${upstreams.gemini}; API keys pass through and are never stored\n`,
  );
  if (options.open) openBrowser(viewer.url);
  const stop = (code = 0) => {
    saving.stop();
    void Promise.all([proxy.close(), viewer.close(), otlp?.close(), forwarding?.stop()]).then(() => process.exit(code));
  };
  process.once("SIGINT", () => stop(0));
  process.once("SIGTERM", () => stop(0));
  const [command, ...args] = agentCommand(options.command, proxy.bases.openai);
  if (command === undefined) return;
  const agent = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...environment } });
  agent.on("error", () => {
    process.stderr.write(`agent-loop-figure: live: cannot run ${command}\n`);
    stop(2);
  });
  agent.on("exit", (code) => stop(code ?? 0));
}
