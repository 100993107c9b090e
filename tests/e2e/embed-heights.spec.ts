/**
 * The iframe heights the docs give (docs/embedding-heights.json, the table in docs/embedding.md) are measured, and
 * stay true: at each width, every scenario in both languages fits its documented height at every step, and the
 * documented height is not more than a measurement away (npm run measure-heights writes the file again).
 */
import { readFileSync } from "node:fs";
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { expect, test } from "./fixtures";
import { documented, tallest, WIDTHS } from "./heights";

const HEIGHTS = JSON.parse(readFileSync("docs/embedding-heights.json", "utf8")) as Record<
  string,
  Record<string, number>
>;

test.describe("documented iframe heights", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const width of WIDTHS) {
    test(`every scenario fits its documented height at ${width} px, in both languages`, async ({
      browser,
      baseURL,
    }) => {
      for (const id of SCENARIO_IDS) {
        const measured = await tallest(browser, (baseURL ?? "").replace(/\/$/, ""), id, width);
        const given = HEIGHTS[id]?.[width];
        expect(given, `${id} at ${width} px`).toBeGreaterThanOrEqual(measured);
        expect(given, `${id} at ${width} px: run npm run measure-heights`).toBeLessThanOrEqual(
          documented(measured) + 20,
        );
      }
    });
  }
});
