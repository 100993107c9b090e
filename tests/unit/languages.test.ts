// @vitest-environment node
/** The language registry (src/content/languages.ts) decides which codes every parser accepts. */
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

  it("is what isLang, the URL, the embed's options and the CLI accept", () => {
    for (const lang of LANGS) {
      expect(isLang(lang)).toBe(true);
      expect(langFromUrl(`?lang=${lang}`)).toBe(lang);
    }
    for (const other of ["fr", "EN", "", "zh-CN"]) {
      expect(isLang(other)).toBe(false);
      expect(langFromUrl(`?lang=${other}`)).toBe(DEFAULT_LANG);
    }
    expect(OPTION_EXPECTS.lang).toBe(LANGS.join("|"));
    const usage = runCli(["--lang", "fr"]);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain(`--lang ${LANGS.join("|")}`);
  });
});
