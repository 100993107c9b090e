// @vitest-environment node
/** docs/embedding.md's table of iframe heights is docs/embedding-heights.json, which an e2e test keeps measured. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCENARIO_IDS } from "../../src/scenarios/ids";

const heights = JSON.parse(readFileSync("docs/embedding-heights.json", "utf8")) as Record<
  string,
  Record<string, number>
>;
const docs = readFileSync("docs/embedding.md", "utf8");

describe("the documented iframe heights", () => {
  it("cover every scenario at every width", () => {
    expect(Object.keys(heights)).toEqual([...SCENARIO_IDS]);
    for (const id of SCENARIO_IDS) expect(Object.keys(heights[id] ?? {}).sort()).toEqual(["1280", "320", "375", "768"]);
  });

  it("are the table in docs/embedding.md, and the snippet's height is F22's at 1280 px", () => {
    const table = docs.slice(docs.indexOf("<!-- heights:start -->"), docs.indexOf("<!-- heights:end -->"));
    for (const id of SCENARIO_IDS) {
      const h = heights[id] ?? {};
      expect(table).toContain(`| \`${id}\` | ${h["320"]} | ${h["375"]} | ${h["768"]} | ${h["1280"]} |`);
    }
    expect(docs).toContain(`height:${heights.f22?.["1280"]}px`);
    expect(docs).toContain(`height: ${heights.f22?.["1280"]}, border: 0`);
    expect(readFileSync("README.md", "utf8")).toContain(`height:${heights.f22?.["1280"]}px`);
    expect(readFileSync("examples/course-page.html", "utf8")).toContain(`height: ${heights.f22?.["1280"]}px`);
  });
});
