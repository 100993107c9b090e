// @vitest-environment node
/** docs/embedding.md's table of iframe heights is docs/embedding-heights.json, which an e2e test keeps measured. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builtinDocs } from "../../scripts/builtins-docs";
import { heightDocs } from "../../scripts/heights-docs";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { COLUMN, WIDE, WIDTHS } from "../e2e/heights";

const heights = JSON.parse(readFileSync("docs/embedding-heights.json", "utf8")) as Record<
  string,
  Record<string, number>
>;
const docs = readFileSync("docs/embedding.md", "utf8");

describe("the documented iframe heights", () => {
  it("cover every scenario in a frame of every width", () => {
    expect(Object.keys(heights)).toEqual([...SCENARIO_IDS]);
    for (const id of SCENARIO_IDS)
      expect(
        Object.keys(heights[id] ?? {})
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...WIDTHS]);
  });

  it("are the table in docs/embedding.md and every snippet's height (a page-wide frame's, a content column's)", () => {
    for (const [file, write] of Object.entries(heightDocs(heights))) {
      const text = readFileSync(file, "utf8");
      expect([file, write(text) === text]).toEqual([file, true]);
    }
    const table = docs.slice(docs.indexOf("<!-- heights:start -->"), docs.indexOf("<!-- heights:end -->"));
    for (const id of SCENARIO_IDS)
      expect(table).toContain(`| \`${id}\` | ${WIDTHS.map((w) => heights[id]?.[w]).join(" | ")} |`);
    expect(docs).toContain(`height:${heights.f22?.[WIDE]}px`);
    expect(docs).toContain(`height: ${heights.f22?.[COLUMN]}, border: 0`);
    expect(readFileSync("README.md", "utf8")).toContain(`height:${heights.f22?.[WIDE]}px`);
  });
});

describe("the lists of built-ins in the docs", () => {
  it("are what their figure files make (npm run generate writes them): README's line, docs/embedding.md's table", () => {
    for (const [file, write] of Object.entries(builtinDocs())) {
      const text = readFileSync(file, "utf8");
      expect([file, write(text) === text]).toEqual([file, true]);
    }
    for (const id of SCENARIO_IDS) expect(docs).toMatch(new RegExp(`^\\| \`${id}\` \\| \\d+ \\| \\w+ \\| `, "m"));
  });
});
