// Makes sure a Chromium for the end-to-end tests is present. Playwright cannot download its own browser here,
// so the tests drive the system's Chromium: installed from Debian's packages when we are root, else we stop
// with one line that says what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt || process.env.CHROMIUM_PATH !== undefined) {
  console.error(
    `Chromium not found at ${path}: install it (Debian: sudo apt-get install -y chromium fonts-noto-cjk) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
console.log("Installing Chromium and CJK fonts from Debian's packages (once per machine)…");
try {
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk", {
    stdio: ["ignore", "ignore", "inherit"],
  });
} catch {
  console.error("Installing Chromium with apt-get failed: run apt-get install -y chromium fonts-noto-cjk by hand.");
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get installed chromium, but ${path} is still missing: set CHROMIUM_PATH.`);
  process.exit(1);
}
