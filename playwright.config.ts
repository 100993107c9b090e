import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";

const port = 4173;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    trace: "retain-on-failure",
    // The system's Chromium (see scripts/ensure-chromium.mjs); Playwright's own download is not reachable here.
    launchOptions: chromiumLaunchOptions,
  },
  // Generous per test: axe runs and full playbacks take several seconds on a busy two-core machine.
  timeout: 60_000,
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  // Tests run against the built app, as readers get it, from a plain static server on three origins
  // (ports 4173, 4174, 4175: the figure, a course page, a foreign page).
  webServer: {
    command: `node scripts/serve.mjs ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
