// npm run build: the chapter page and every embed route into dist/, the npm package into lib/.
// One process, five Vite builds (modes of vite.config.ts), then the package's type declarations.
import { execFileSync } from "node:child_process";
import { build } from "vite";

for (const mode of ["production", "embed", "embed-host", "element", "lib"]) {
  await build({ mode, logLevel: "warn" });
}
execFileSync("npx", ["tsc", "-p", "tsconfig.lib.json"], { stdio: "inherit" });
console.log("built dist/ (index.html, embed.html, embed-host.js, agent-loop-figure.js) and lib/ (npm package)");
