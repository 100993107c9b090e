/**
 * `agent-loop-figure live [--port N] [--upstream PROVIDER=URL]… [--no-open] [-- COMMAND ARGS…]`: the recording proxy
 * (./live.ts) and the viewer (./view.ts) showing its runs as they happen (./live-runs.ts). It prints the viewer's URL
 * and the environment variables that point each provider's SDK (and Claude Code) at the proxy; with `-- COMMAND` it
 * runs the agent with them set, and stops when the agent ends.
 */
import { spawn } from "node:child_process";
import { DEFAULT_UPSTREAMS, type Provider, startProxy } from "./live";
import { LiveRuns } from "./live-runs";
import { openBrowser, startViewer } from "./view";

/** The environment variables each SDK reads its base URL from, with the proxy's values. */
export function proxyEnvironment(bases: Readonly<Record<Provider, string>>): Record<string, string> {
  return {
    OPENAI_BASE_URL: bases.openai,
    ANTHROPIC_BASE_URL: bases.anthropic,
    GOOGLE_GEMINI_BASE_URL: bases.gemini,
  };
}

export async function runLive(options: {
  readonly port: number | null;
  readonly upstreams: Partial<Record<Provider, string>>;
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
  const viewer = await startViewer({ runs: [], port: null, assets: options.assets, lang: options.lang, live: runs });
  const environment = proxyEnvironment(proxy.bases);
  process.stdout.write(`viewer: ${viewer.url}\n`);
  for (const [name, value] of Object.entries(environment)) process.stdout.write(`export ${name}=${value}\n`);
  const upstreams = { ...DEFAULT_UPSTREAMS, ...options.upstreams };
  process.stderr.write(
    `recording proxy on 127.0.0.1:${proxy.port}: openai → ${upstreams.openai}, anthropic → ${upstreams.anthropic}, gemini → ${upstreams.gemini}; API keys pass through and are never stored\n`,
  );
  if (options.open) openBrowser(viewer.url);
  const stop = (code = 0) => {
    void Promise.all([proxy.close(), viewer.close()]).then(() => process.exit(code));
  };
  process.once("SIGINT", () => stop(0));
  process.once("SIGTERM", () => stop(0));
  const [command, ...args] = options.command;
  if (command === undefined) return;
  const agent = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...environment } });
  agent.on("error", () => {
    process.stderr.write(`agent-loop-figure: live: cannot run ${command}\n`);
    stop(2);
  });
  agent.on("exit", (code) => stop(code ?? 0));
}
