import { fileURLToPath } from "node:url";

/**
 * The one place that says how the tests launch Chromium: the system's binary (Playwright cannot download its
 * own here) with the flags that keep it quiet on a machine with no network but the package registries, seeing
 * only the fonts scripts/ensure-chromium.mjs installs, so what the tests measure does not depend on the machine's
 * other fonts (issue 54).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The fontconfig configuration that names those fonts (its comment says why not the system's). */
export const chromiumFontsConf = fileURLToPath(new URL("./chromium-fonts.conf", import.meta.url));

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  // Playwright gives the browser this environment instead of ours, so it is ours plus the fonts.
  env: { ...process.env, FONTCONFIG_FILE: chromiumFontsConf },
};
