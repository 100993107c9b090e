// @vitest-environment node
/** The language registry (src/content/languages.ts) decides which codes every parser accepts. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { langFromUrl } from "../../src/app/url";
import { runCli } from "../../src/cli/cli";
import { DEFAULT_LANG, isLang, LANGS, LANGUAGES } from "../../src/content";
import { DEFAULT_OPTIONS, OPTION_EXPECTS } from "../../src/embed/options";

describe("the language registry", () => {
  it("is where the codes come from: the default first, each with its own name and tag", () => {
    expect(LANGS).toEqual(LANGUAGES.map((l) => l.lang));
    expect(DEFAULT_LANG).toBe(LANGUAGES[0]?.lang);
    expect(DEFAULT_OPTIONS.lang).toBe(DEFAULT_LANG);
  });

  it("is what isLang, the URL, the embed's options and the CLI accept", async () => {
    for (const lang of LANGS) {
      expect(isLang(lang)).toBe(true);
      expect(langFromUrl(`?lang=${lang}`)).toBe(lang);
    }
    for (const other of ["fr", "EN", "", "zh-CN"]) {
      expect(isLang(other)).toBe(false);
      expect(langFromUrl(`?lang=${other}`)).toBe(DEFAULT_LANG);
    }
    expect(OPTION_EXPECTS.lang).toBe(LANGS.join("|"));
    const usage = await runCli(["--lang", "fr"]);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain(`--lang ${LANGS.join("|")}`);
  });
});

/**
 * The files that may name a language code: the registry, the file wiring each language's words in, the
 * translations themselves (catalogs, chapter pages) and the scenarios' stories and conversation words. What a
 * third language touches (docs/architecture.md, "Adding a language") is exactly these.
 */
const TRANSLATION_FILES = [
  /^src\/content\/languages\.ts$/,
  /^src\/content\/translations\.ts$/,
  /^src\/content\/(catalog|labels|later|overview|steps|chapter|prose|runs|author)\.[a-z]{2,3}\.ts$/,
  /^src\/scenarios\/(?!index|ids|types)[a-z0-9-]+\.ts$/,
];

/** Source without its comments (a comment may say "English"; code may not say "en"). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");

describe("language codes in the source", () => {
  const codes = LANGUAGES.flatMap((l) => (l.htmlLang === l.lang ? [l.lang] : [l.lang, l.htmlLang]));
  const bare = LANGS.join("|");
  const capitalised = LANGS.map((l) => l.charAt(0).toUpperCase() + l.slice(1)).join("|");
  const ways = [
    new RegExp(`(["'\`])(${codes.join("|")})\\1`), // "zh", 'en', `zh-CN`
    new RegExp(`(?<![\\w$.-])(${bare})\\s*:`), // an object key
    new RegExp(`\\.(${bare})\\b`), // a property
    new RegExp(`[a-z0-9](${capitalised})\\b`), // an identifier's suffix
    new RegExp(`[.-](${bare})\\.(ts|tsx|js|html)\\b`), // a file's name
  ];
  const files = (readdirSync("src", { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join("src", file).replaceAll("\\", "/"));

  it("are named only by the registry and the translations", () => {
    const named = files
      .filter((file) => !TRANSLATION_FILES.some((allowed) => allowed.test(file)))
      .flatMap((file) =>
        code(readFileSync(file, "utf8"))
          .split("\n")
          .flatMap((line, i) => (ways.some((way) => way.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(named).toEqual([]);
  });

  it("are found by the scan (it sees a code where one is)", () => {
    const lang = LANGS[0] ?? "";
    for (const line of [`x === "${lang}"`, `{ ${lang}: 1 }`, `catalogs.${lang}`, `import("./catalog.${lang}.ts")`]) {
      expect(ways.some((way) => way.test(line))).toBe(true);
    }
    expect(ways.some((way) => way.test(`when: 1; // "${lang}"`.replace(/\/\/.*$/, "")))).toBe(false);
  });

  it("are absent from the engine", () => {
    const engine = files.filter((file) => file.startsWith("src/engine/"));
    expect(engine.length).toBeGreaterThan(5);
    for (const file of engine) {
      expect(TRANSLATION_FILES.some((allowed) => allowed.test(file))).toBe(false);
      expect(code(readFileSync(file, "utf8"))).not.toMatch(/\bLang\b/);
    }
  });
});
