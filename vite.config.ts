/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { demoReport } from "./src/engine/index.ts";

/**
 * `virtual:demo-output`: the teaching experiment's report, produced by running the engine while the page is
 * built, so the sample output on the page can never drift from the code.
 */
function demoOutput(): Plugin {
  const id = "virtual:demo-output";
  return {
    name: "demo-output",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(source) {
      if (source !== `\0${id}`) return null;
      const output = { zh: JSON.stringify(demoReport("zh"), null, 2), en: JSON.stringify(demoReport("en"), null, 2) };
      return `export default ${JSON.stringify(output)};`;
    },
  };
}

/**
 * The built page declares a strict Content Security Policy, so every end-to-end test proves the figure runs
 * where course pages forbid inline scripts and eval. (Only at build: the dev server injects inline scripts.)
 */
function contentSecurityPolicy(): Plugin {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join("; ");
  return {
    name: "content-security-policy",
    apply: "build",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: policy }, injectTo: "head-prepend" },
    ],
  };
}

export default defineConfig({
  plugins: [react(), demoOutput(), contentSecurityPolicy()],
  // Relative asset URLs, so the built page works from any folder a course author copies it into.
  base: "./",
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "tests/component/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup.ts"],
    restoreMocks: true,
  },
});
