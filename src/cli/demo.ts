/**
 * `npm run demo`: with no flags, prints exactly what the chapter's script prints (self-test first, then the
 * report). `--scenario f22` prints that scenario's trace instead; `--lang en` switches labels and keys to English.
 */
import { runCli } from "./cli";

const { exitCode, stdout, stderr } = runCli(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = exitCode;
