// npm run generate: every file this repository writes from its own code, written anew, in one command. Each writer
// is also a script of its own, and a unit test fails when its output is stale, naming the command:
//   src/scenarios/*.gen.ts, src/scenarios/generated/names.json  scripts/builtin-scenarios.mjs (from the built-ins' files)
//   biome.layers.jsonc, docs/architecture.md's layer table       scripts/layers.ts --write (its LAYERS table)
//   docs/authoring.md's field reference, the example schema      scripts/figure-reference.ts --write (the schema)
//   docs/formats.md's replay and loss tables                     scripts/formats-reference.ts --write (the codecs)
//   docs/cli.md's command reference                             scripts/cli-reference.ts --write (src/cli/commands.ts)
//   src/live/otlp-proto.gen.json (OTLP protobuf descriptor)    scripts/otlp-proto.ts --write (src/live/otlp-proto/*.proto)
//   the iframe heights in the docs                               scripts/heights-docs.ts (docs/embedding-heights.json)
//   the README's and docs/embedding.md's lists of built-ins      scripts/builtins-docs.ts (the built-ins' files)
//   BENCHMARKS.md                                                npm run bench -- --report (bench/results.json)
// Measurements are not generation: `npm run measure-heights` and `npm run bench` take them (they need a build and a
// browser), and this writes the docs from what they recorded, but for one: a built-in with no measured heights (a
// new figure file) is measured first, with a build, so a new built-in needs nothing but its file and this command.
// `npm run build` writes nothing into src/.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const tsx = resolve(root, "node_modules/.bin/tsx");
// A built-in without its iframe heights: build, and measure them all (a new file can change no other's, but the
// measurement is one pass).
const { SCENARIO_IDS } = await import("../src/scenarios/ids");
const measured = JSON.parse(readFileSync(resolve(root, "docs/embedding-heights.json"), "utf8")) as Record<
  string,
  unknown
>;
const unmeasured = SCENARIO_IDS.filter((id) => measured[id] === undefined);
if (unmeasured.length > 0) {
  console.log(`generate: ${unmeasured.join(", ")} not measured: npm run build, npm run measure-heights`);
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("npm", ["run", "measure-heights"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
const WRITERS: readonly (readonly [string, readonly string[]])[] = [
  ["node", ["scripts/builtin-scenarios.mjs"]],
  [tsx, ["scripts/layers.ts", "--write"]],
  [tsx, ["scripts/figure-reference.ts", "--write"]],
  [tsx, ["scripts/formats-reference.ts", "--write"]],
  [tsx, ["scripts/cli-reference.ts", "--write"]],
  [tsx, ["scripts/otlp-proto.ts", "--write"]],
  [tsx, ["scripts/heights-docs.ts"]],
  [tsx, ["scripts/builtins-docs.ts"]],
  [tsx, ["bench/run.ts", "--report"]],
];
for (const [command, args] of WRITERS) {
  console.log(`generate: ${[command === tsx ? "tsx" : command, ...args].join(" ")}`);
  execFileSync(command, [...args], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
execFileSync(resolve(root, "node_modules/.bin/biome"), ["format", "--write", "."], { cwd: root, stdio: "ignore" });
console.log("generate: done (formatted with Biome); git diff shows what changed");
