/**
 * docs/cli.md's command reference, written from the same table as `agent-loop-figure --help` (src/cli/commands.ts).
 * tests/unit/cli-commands.test.ts fails when the doc and the table differ; `npx tsx scripts/cli-reference.ts --write`
 * writes it there.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { commandReference } from "../src/cli/commands";

export const BEGIN =
  "<!-- commands:begin (generated from src/cli/commands.ts: npx tsx scripts/cli-reference.ts --write) -->";
export const END = "<!-- commands:end -->";

const file = resolve(import.meta.dirname, "../docs/cli.md");
const doc = readFileSync(file, "utf8");
const [before, rest] = doc.split(BEGIN);
const after = rest?.split(END)[1];
if (before === undefined || after === undefined) throw new Error(`docs/cli.md lacks ${BEGIN} … ${END}`);
const written = `${before}${BEGIN}\n\n${commandReference()}\n\n${END}${after}`;
if (process.argv.includes("--write")) writeFileSync(file, written);
else if (written !== doc) {
  console.error("docs/cli.md is stale: npx tsx scripts/cli-reference.ts --write");
  process.exitCode = 1;
}
