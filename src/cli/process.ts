/** How a report of the command reaches the process: stdout as it is made, stderr, and the exit code. */
import { readFileSync } from "node:fs";
import { logText } from "../formats/log-text";
import type { CliOutput } from "./cli";

/** A file's text (an Inspect AI `.eval` zip as its JSON log); `-` is standard input. */
export const readInput = (path: string): string => logText(readFileSync(path === "-" ? 0 : path));

/** Write a report: a large import a megabyte at a time, as it is made (Node writes stdout to a file or a pipe
 * synchronously on Linux and macOS, so nothing piles up). */
export function writeOutput(output: CliOutput): void {
  if (output.chunks === undefined) process.stdout.write(output.stdout);
  else {
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
}
