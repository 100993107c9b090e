// npm run measure-heights: writes docs/embedding-heights.json, the iframe height every scenario needs in a frame of
// each width, and the docs' table and snippets from it (scripts/heights-docs.ts)
// (tests/e2e/heights.ts measures; the e2e test embed-heights.spec.ts fails when the file falls behind). Needs a
// build (dist/) and Chromium.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { SCENARIO_IDS } from "../src/scenarios/ids";
import { documented, tallest, WIDTHS } from "../tests/e2e/heights";
import { chromiumLaunchOptions } from "./chromium";
import { heightDocs } from "./heights-docs";

const server = spawn("node", ["scripts/serve.mjs", "4320"], { stdio: "ignore" });
await new Promise((done) => setTimeout(done, 800));
const browser = await chromium.launch(chromiumLaunchOptions);
const heights: Record<string, Record<string, number>> = {};
try {
  for (const id of SCENARIO_IDS) {
    heights[id] = {};
    for (const width of WIDTHS)
      heights[id][width] = documented(await tallest(browser, "http://127.0.0.1:4320", id, width));
    console.log(id, heights[id]);
  }
} finally {
  await browser.close();
  server.kill();
}
writeFileSync("docs/embedding-heights.json", `${JSON.stringify(heights, null, 2)}\n`);
// And every height the docs give: the table, and each snippet's.
for (const [file, write] of Object.entries(heightDocs(heights))) writeFileSync(file, write(readFileSync(file, "utf8")));
