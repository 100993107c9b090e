/**
 * `npm run demo`: with no flags, prints exactly what the chapter's script prints (self-test first, then the
 * report). `--scenario f22` prints that scenario's trace instead; `--lang en` switches labels and keys to English.
 * `--import FILE [--format chat|responses|anthropic]` prints a transcript as a neutral trace. The installed command
 * (./bin.ts) runs the same code.
 */
import { writeFileSync } from "node:fs";
import { runCli } from "./cli";
import { readInput, writeOutput } from "./process";

writeOutput(await runCli(process.argv.slice(2), readInput, (path, bytes) => writeFileSync(path, bytes)));
