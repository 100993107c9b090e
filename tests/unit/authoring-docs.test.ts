// @vitest-environment node
/**
 * docs/authoring.md is what course authors write figure files from: its reference is the one generated from the
 * schema, and every JSON example in its guide that is a whole figure file, or a part the guide names, reads.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BEGIN, END, figureReference } from "../../scripts/figure-reference";
import { openFigure } from "../../src/figure";

const doc = readFileSync(resolve(import.meta.dirname, "../../docs/authoring.md"), "utf8");

describe("docs/authoring.md", () => {
  it("holds the field reference generated from the schema (npx tsx scripts/figure-reference.ts --write)", () => {
    const between = doc.split(BEGIN)[1]?.split(END)[0]?.trim();
    expect(between).toBe(figureReference());
  });

  it("its worked example, put together from the guide's pieces, is the weather lesson's run", () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
    const [file, tools, model, done, story] = blocks;
    const scenarioParts = JSON.parse(`{${tools}, ${model}, ${done}}`);
    const base = JSON.parse(file ?? "{}");
    const assembled = { ...base, scenario: { ...base.scenario, ...scenarioParts }, ...JSON.parse(`{${story}}`) };
    const opened = openFigure(assembled, "en");
    if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
    const lesson = openFigure(
      readFileSync(resolve(import.meta.dirname, "../../examples/figures/weather.json"), "utf8"),
      "en",
    );
    expect(lesson.ok && opened.figure.trace).toEqual(lesson.ok && lesson.figure.trace);
  });
});
