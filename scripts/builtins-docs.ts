/**
 * The lists of built-ins in the docs, written from the built-ins' own files (src/scenarios/NN-id.json): the README's
 * line of them and docs/embedding.md's table (each one's steps and outcome, from running it; what it shows, its
 * English story's lesson). A new built-in is its figure file alone: `npm run generate` writes it into both. A unit
 * test (tests/unit/embedding-docs.test.ts) holds the files equal to what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { runScenario } from "../src/engine";
import { SCENARIO_IDS, SCENARIOS, scenarioById } from "../src/scenarios";

const START = "<!-- builtins:start -->";
const END = "<!-- builtins:end -->";

/** `text` with what stands between the markers replaced by `inner` (the markers stay), on lines of its own or not. */
function between(text: string, file: string, inner: string, apart = "\n"): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file}: no ${START} … ${END} to write the built-ins between`);
  return `${text.slice(0, start + START.length)}${apart}${inner}${apart}${text.slice(end)}`;
}

/** Every file that lists the built-ins, and how its list is written. */
export function builtinDocs(): Record<string, (text: string) => string> {
  const rows = SCENARIO_IDS.map((id) => {
    const trace = runScenario(scenarioById(id, "en"));
    const story = SCENARIOS[id].stories.en;
    return { id, steps: trace.steps.length, outcome: trace.outcome, name: story.name, lesson: story.lesson };
  });
  const table = [
    "| id | steps | outcome | what it teaches |",
    "|---|---|---|---|",
    ...rows.map((row) => `| \`${row.id}\` | ${row.steps} | ${row.outcome} | ${row.lesson.replaceAll("|", "\\|")} |`),
  ].join("\n");
  const line = rows.map((row) => `\`${row.id}\` (${row.name.replaceAll("|", "\\|")})`).join(", ");
  return {
    "docs/embedding.md": (text) => between(text, "docs/embedding.md", table),
    "README.md": (text) => between(text, "README.md", line, ""),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, write] of Object.entries(builtinDocs())) writeFileSync(file, write(readFileSync(file, "utf8")));
}
