// @vitest-environment node
/**
 * The maintainer docs follow the code: a folder of src/, a format, a built-in scenario or a build mode added without
 * README.md and docs/architecture.md naming it fails here. (The layer table is generated: tests/unit/layers.test.ts.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANG } from "../../src/content/languages";
import { FORMAT_IDS, FORMATS } from "../../src/formats";
import { DEFAULT_SCENARIO_ID, SCENARIO_IDS } from "../../src/scenarios/ids";
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
    const perLanguage = /^embed-[a-z]{2,3}$/.test(mode) && !["embed-wire", "embed-host"].includes(mode);
    const builtins = /^embed-builtins-[a-z]{2,3}$/.test(mode);
    expect(architecture).toContain(
      builtins ? "`embed-builtins-<code>`" : perLanguage ? "`embed-<code>`" : `\`${mode}\``,
    );
  });

  describe("say in file counts how an open axis is added, and the counts hold", () => {
    const row = (axis: string) => architecture.split("\n").find((line) => line.startsWith(`| ${axis} |`)) ?? "";

    it("a built-in is its figure file: no other source file names a built-in (but the default, in examples)", () => {
      expect(row("a built-in")).toContain("**1** file");
      const files = readdirSync("src", { recursive: true, encoding: "utf8" }).filter((file) =>
        /\.(ts|tsx)$/.test(file),
      );
      const naming = SCENARIO_IDS.filter((id) => id !== DEFAULT_SCENARIO_ID).flatMap((id) =>
        files.flatMap((file) =>
          !file.endsWith(".gen.ts") && readFileSync(`src/${file}`, "utf8").includes(`"${id}"`)
            ? [`${file}: ${id}`]
            : [],
        ),
      );
      expect(naming).toEqual([]);
    });

    it("a language is nine files of src/content/, two lists, and its story in each built-in", () => {
      const own = readdirSync("src/content").filter((file) => file.endsWith(`.${DEFAULT_LANG}.ts`));
      expect(own).toHaveLength(9);
      expect(row("a language")).toContain(`**${own.length}** new files`);
      expect(row("a language")).toContain(
        `{${own
          .map((file) => file.split(".")[0])
          .sort()
          .join(",")}}`,
      );
      expect(row("a language")).toContain(`**${SCENARIO_IDS.length}** built-in figure files`);
    });

    it("a format is its codec and two lists", () => {
      expect(row("a format")).toContain("**1** codec module");
      expect(readFileSync("src/formats/index.ts", "utf8")).toContain("export const FORMATS");
      expect(readFileSync("src/formats/codecs.ts", "utf8")).toContain("CODECS");
    });
  });
});
