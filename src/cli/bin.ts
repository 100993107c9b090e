/**
 * The installed command, `agent-loop-figure` (package.json `bin`), compiled to plain JavaScript for Node by the
 * build (vite.config.ts, mode `cli`): the commands of ./commands.ts, each a report of ./cli.ts (as `npm run demo`
 * prints it) or the viewer (./view.ts). Whatever goes wrong is one line on stderr and exit 2, never a stack trace.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs, runCli } from "./cli";
import { BIN, helpText, parseCommand } from "./commands";
import { readInput, writeOutput } from "./process";

/** This package's own files, beside the built bin (lib/cli/): its package.json, the embed's files, the viewer. */
const own = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The viewer's page and assets: the package's lib/viewer/ beside the built bin, or a checkout's build of it. */
const viewerAssets = (): string =>
  existsSync(own("../viewer/viewer.html")) ? own("../viewer") : own("../../lib/viewer");

function version(): string {
  for (const path of ["../../package.json", "../package.json"]) {
    try {
      const parsed = JSON.parse(readFileSync(own(path), "utf8")) as { name?: string; version?: string };
      if (parsed.name === BIN && typeof parsed.version === "string") return parsed.version;
    } catch {
      // not there: the next place
    }
  }
  return "unknown";
}

const fail = (message: string): void => {
  process.stderr.write(`${BIN}: ${message}\n`);
  process.exitCode = 2;
};

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseCommand(argv);
  switch (parsed.kind) {
    case "help":
      process.stdout.write(helpText(version()));
      return;
    case "version":
      process.stdout.write(`${version()}\n`);
      return;
    case "error":
      fail(parsed.message);
      return;
    case "view": {
      const { runView } = await import("./view");
      await runView({
        files: parsed.files,
        port: parsed.port,
        otlp: parsed.otlp,
        save: parsed.save,
        open: parsed.open,
        lang: parsed.lang,
        assets: viewerAssets(),
      });
      return;
    }
    case "live": {
      const { runLive } = await import("./live-command");
      await runLive({
        port: parsed.port,
        upstreams: parsed.upstreams,
        save: parsed.save,
        otlp: parsed.otlp,
        collector: parsed.collector,
        open: parsed.open,
        lang: parsed.lang,
        command: parsed.command,
        assets: viewerAssets(),
      });
      return;
    }
    case "demo": {
      const flags = parseArgs(parsed.flags);
      if ("error" in flags) {
        fail(`${argv[0]}: ${flags.error}`);
        return;
      }
      // The embed's files for a SCORM package: the package's own (lib/embed/), or a checkout's build.
      const embed = existsSync(own("../embed/embed.js")) ? own("../embed") : "dist";
      writeOutput(await runCli(parsed.flags, readInput, (path, bytes) => writeFileSync(path, bytes), embed));
      return;
    }
    default: {
      const never: never = parsed;
      return never;
    }
  }
}

main(process.argv.slice(2)).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
