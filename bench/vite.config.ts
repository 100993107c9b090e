/** Builds the benchmark's two reference pages (bench/floor, bench/mermaid) into bench/dist. */
/// <reference types="node" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "bench",
  base: "./",
  publicDir: false,
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // BENCH_PAGES=floor builds the floor alone (the byte budgets need only it; Mermaid is slow to build).
    rolldownOptions: {
      input:
        process.env.BENCH_PAGES === "floor"
          ? { floor: "bench/floor/index.html" }
          : { floor: "bench/floor/index.html", mermaid: "bench/mermaid/index.html" },
    },
  },
});
