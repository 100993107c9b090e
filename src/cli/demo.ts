/**
 * `npm run demo`: with no flags, prints exactly what the chapter's script prints (self-test first, then the
 * report). `--scenario f22` prints that scenario's trace instead; `--lang en` switches labels and keys to English.
 * `--import FILE [--format chat|responses|anthropic]` prints a transcript as a neutral trace.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { runCli } from "./cli";

const { exitCode, stdout, stderr } = runCli(
  process.argv.slice(2),
  (path) => readFileSync(path, "utf8"),
  (path, bytes) => writeFileSync(path, bytes),
);
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = exitCode;
