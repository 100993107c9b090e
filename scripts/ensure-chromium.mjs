// Makes sure a Chromium for the end-to-end tests is present, and the fonts it lays pages out with. Playwright
// cannot download its own browser here, so the tests drive the system's Chromium; it sees only the fonts
// scripts/chromium-fonts.conf names (see scripts/chromium.ts), so their packages must be installed too. Both are
// installed from Debian's packages when we are root, else we stop with one line that says what to do.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The packages whose files chromium-fonts.conf names: their font directories and their fontconfig rules.
const fontPackages = ["fonts-noto-cjk", "fonts-dejavu-core", "fonts-dejavu-extra", "fonts-liberation"];
const fontsConf = readFileSync(new URL("./chromium-fonts.conf", import.meta.url), "utf8");
const fontFiles = [...fontsConf.matchAll(/<(?:dir|include)>([^<]+)<\/(?:dir|include)>/g)].map((match) => match[1]);
const missingFonts = fontFiles.filter((file) => !existsSync(file));
if (existsSync(path) && missingFonts.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
const packages = [...(existsSync(path) ? [] : ["chromium"]), ...fontPackages].join(" ");
if (!isRoot || !hasApt || (!existsSync(path) && process.env.CHROMIUM_PATH !== undefined)) {
  console.error(
    existsSync(path)
      ? `The tests' fonts are missing (${missingFonts[0]}): install them (Debian: sudo apt-get install -y ${packages}).`
      : `Chromium not found at ${path}: install it (Debian: sudo apt-get install -y chromium ${fontPackages.join(" ")}) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
console.log("Installing Chromium and the tests' fonts from Debian's packages (once per machine)…");
try {
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: ["ignore", "ignore", "inherit"],
  });
} catch {
  console.error(`Installing with apt-get failed: run apt-get install -y ${packages} by hand.`);
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get installed chromium, but ${path} is still missing: set CHROMIUM_PATH.`);
  process.exit(1);
}
const stillMissing = fontFiles.find((file) => !existsSync(file));
if (stillMissing !== undefined) {
  console.error(
    `apt-get installed ${packages}, but ${stillMissing} is still missing: scripts/chromium-fonts.conf needs updating.`,
  );
  process.exit(1);
}
