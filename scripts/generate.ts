// npm run generate: every file this repository writes from its own code, written anew, in one command. Each writer
// is also a script of its own, and a unit test fails when its output is stale, naming the command:
//   src/scenarios/*.gen.ts, src/scenarios/generated/names.json  scripts/builtin-scenarios.mjs (from the built-ins' files)
//   biome.layers.jsonc, docs/architecture.md's layer table       scripts/layers.ts --write (its LAYERS table)
//   docs/authoring.md's field reference, the example schema      scripts/figure-reference.ts --write (the schema)
//   docs/formats.md's replay and loss tables                     scripts/formats-reference.ts --write (the codecs)
//   docs/cli.md's command reference                             scripts/cli-reference.ts --write (src/cli/commands.ts)
//   the iframe heights in the docs                               scripts/heights-docs.ts (docs/embedding-heights.json)
//   BENCHMARKS.md                                                npm run bench -- --report (bench/results.json)
// Measurements are not generation: `npm run measure-heights` and `npm run bench` take them (they need a build and a
// browser), and this writes the docs from what they recorded. `npm run build` writes nothing into src/.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const tsx = resolve(root, "node_modules/.bin/tsx");
const WRITERS: readonly (readonly [string, readonly string[]])[] = [
  ["node", ["scripts/builtin-scenarios.mjs"]],
  [tsx, ["scripts/layers.ts", "--write"]],
  [tsx, ["scripts/figure-reference.ts", "--write"]],
  [tsx, ["scripts/formats-reference.ts", "--write"]],
  [tsx, ["scripts/cli-reference.ts", "--write"]],
  [tsx, ["scripts/heights-docs.ts"]],
  [tsx, ["bench/run.ts", "--report"]],
];
for (const [command, args] of WRITERS) {
  console.log(`generate: ${[command === tsx ? "tsx" : command, ...args].join(" ")}`);
  execFileSync(command, [...args], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
execFileSync(resolve(root, "node_modules/.bin/biome"), ["format", "--write", "."], { cwd: root, stdio: "ignore" });
console.log("generate: done (formatted with Biome); git diff shows what changed");
