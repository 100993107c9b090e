// @vitest-environment node
/**
 * The maintainer docs follow the code: a folder of src/, a format, a built-in scenario or a build mode added without
 * README.md and docs/architecture.md naming it fails here. (The layer table is generated: tests/unit/layers.test.ts.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORMAT_IDS, FORMATS } from "../../src/formats";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { buildModes } from "../../vite.config";

const readme = readFileSync("README.md", "utf8");
const architecture = readFileSync("docs/architecture.md", "utf8");
const formatsDoc = readFileSync("docs/formats.md", "utf8");
const embedding = readFileSync("docs/embedding.md", "utf8");
const folders = readdirSync("src", { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? [d.name] : []));

describe("the maintainer docs", () => {
  it.each(folders)("name src/%s/ in README's table and in docs/architecture.md", (folder) => {
    expect(readme).toContain(`| \`src/${folder}/\` |`);
    expect(architecture).toContain(`src/${folder}/`);
  });

  it.each(FORMATS.map((format) => [format.id, format.name] as const))(
    "name the format %s (%s) where the formats are listed",
    (id, name) => {
      const row = readme.split("\n").find((line) => line.startsWith("| `src/formats/` |")) ?? "";
      expect(row).toContain(`\`${id}\``);
      expect(architecture).toContain(`\`${id}.ts\``);
      expect(formatsDoc).toContain(`\`${id}\``);
      if (id !== "neutral") expect(readme).toContain(name);
    },
  );

  it("list every format for the command's --format", () => {
    expect(readme).toContain(`--format anthropic  # … read as a given format: ${FORMAT_IDS.join("|")}\n`);
  });

  it.each(SCENARIO_IDS)("name the built-in scenario %s in README and docs/embedding.md", (id) => {
    expect(readme).toContain(`\`${id}\``);
    expect(embedding).toContain(`\`${id}\``);
  });

  it.each(buildModes())("name the build mode %s in docs/architecture.md", (mode) => {
    const named = /^embed-[a-z]{2,3}$/.test(mode) && !["embed-wire", "embed-host"].includes(mode);
    expect(architecture).toContain(named ? "`embed-<code>`" : `\`${mode}\``);
  });
});
