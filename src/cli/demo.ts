/**
 * `npm run demo`: with no flags, prints exactly what the chapter's script prints (self-test first, then the
 * report). `--scenario f22` prints that scenario's trace instead; `--lang en` switches labels and keys to English.
 * `--import FILE [--format chat|responses|anthropic]` prints a transcript as a neutral trace.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { runCli } from "./cli";

const output = await runCli(
  process.argv.slice(2),
  (path) => readFileSync(path, "utf8"),
  (path, bytes) => writeFileSync(path, bytes),
);
if (output.chunks === undefined) process.stdout.write(output.stdout);
else {
  // A large import is written as it is made, a megabyte at a time (Node writes stdout to a file or a pipe
  // synchronously on Linux and macOS, so nothing piles up).
  let pending: string[] = [];
  let size = 0;
  for (const chunk of output.chunks()) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= 1 << 20) {
      process.stdout.write(pending.join(""));
      pending = [];
      size = 0;
    }
  }
  process.stdout.write(pending.join(""));
}
process.stderr.write(output.stderr);
process.exitCode = output.exitCode;
