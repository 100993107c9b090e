/// <reference types="vitest/config" />

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { demoReport, f22Scenario, runScenario } from "./src/engine/index.ts";

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
 * `virtual:f22-traces`: F22's trace in each language, run by the engine at build time (for embed.js, the
 * embed-en.js pack and the pre-render), so that embed.js shows its default figure without carrying the runner
 * (the scenario pack carries it for the others).
 * Written as object literals (JSON is valid JavaScript), which the minifier shortens: about 100 bytes of gzip
 * fewer than a JSON.parse of a string, and unused languages still drop out.
 */
function f22Traces(): Plugin {
  const id = "virtual:f22-traces";
  return {
    name: "f22-traces",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(source) {
      if (source !== `\0${id}`) return null;
      return ["zh", "en"]
        .map((lang) => `export const ${lang} = ${JSON.stringify(runScenario(f22Scenario(lang as "zh" | "en")))};`)
        .join("\n");
    },
  };
}

/**
 * Modules embed.js has in its own version:
 * - the player's wire-format loader: a classic script cannot split off a chunk, so the emitters come from the
 *   embed-wire.js pack instead of a dynamic import;
 * - the player's features: embed.html plays built-in scenarios only, so it leaves out what long imported
 *   transcripts and a shell's notes need (src/player/features.ts).
 */
function embedModules(): Plugin {
  const swaps = ["wire-loader", "features"];
  return {
    name: "embed-modules",
    enforce: "pre",
    resolveId(source, importer) {
      const swap = swaps.find((name) => source.endsWith(`/${name}`));
      if (swap === undefined || !importer?.includes("/src/player/")) return null;
      return fileURLToPath(new URL(`./src/embed/${swap}.ts`, import.meta.url));
    },
  };
}

/** The strict Content Security Policy of every page we build: the figure runs where course pages forbid inline code. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join("; ");

/**
 * The built page declares the policy, so every end-to-end test proves the figure runs under it.
 * (Only at build: the dev server injects inline scripts.)
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: "content-security-policy",
    apply: "build",
    transformIndexHtml: () => [
      {
        tag: "meta",
        attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY },
        injectTo: "head-prepend",
      },
    ],
  };
}

/**
 * embed.html (Chinese first frame) and embed-en.html (English first frame): the figure alone. A classic deferred
 * script and a plain stylesheet link (no `type="module"`, no `crossorigin`), because a frame sandboxed without
 * allow-same-origin has an opaque origin and the browser refuses it module scripts and CORS-mode stylesheets
 * from a server that sends no CORS headers. The container's `data-lang` is the language of the first frame that
 * scripts/build.mjs pre-renders into it, and the figure's language when the URL names none.
 */
function embedPage(): Plugin {
  const html = (htmlLang: string, lang: string) => `<!doctype html>
<html lang="${htmlLang}">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Agent loop figure · F22</title>
    <link rel="stylesheet" href="./embed.css" />
    <script src="./embed.js" defer></script>
  </head>
  <body>
    <div id="alf-embed" data-lang="${lang}"></div>
    <noscript><p>Stepping through this figure needs JavaScript. 逐步播放此图需要 JavaScript。</p></noscript>
  </body>
</html>
`;
  return {
    name: "embed-page",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "embed.html", source: html("zh-CN", "zh") });
      this.emitFile({ type: "asset", fileName: "embed-en.html", source: html("en", "en") });
    },
  };
}

const production = { "process.env.NODE_ENV": JSON.stringify("production") };

/**
 * One config, nine builds (modes; scripts/build.mjs runs them all, docs/architecture.md has the table): the
 * chapter page (the default mode, `production`) and the pre-render of the first frames (`prerender`, from
 * src/prerender.ts), and the embed routes —
 * `embed` (embed.html and embed-en.html, their classic script embed.js and embed.css), its on-demand packs
 * `embed-scenarios`, `embed-en` and `embed-wire` (embed-scenarios.js, embed-en.js, embed-wire.js: classic
 * scripts too), `embed-host` (embed-host.js, the auto-height script), `element` (agent-loop-figure.js, the web
 * component, React included) and `lib` (the npm package in lib/, React and the other runtime dependencies external).
 */
export default defineConfig(({ mode }): UserConfig => {
  // The embed builds copy nothing from public/: only the chapter page has a favicon to ship.
  const shared = { plugins: [react()], base: "./", publicDir: false } satisfies UserConfig;
  switch (mode) {
    case "embed":
      return {
        ...shared,
        plugins: [react(), embedPage(), f22Traces(), embedModules()],
        define: production,
        build: {
          outDir: "dist",
          emptyOutDir: false,
          lib: {
            entry: "src/embed/embed-page.tsx",
            name: "AgentLoopFigureEmbed",
            formats: ["iife"],
            fileName: () => "embed.js",
            cssFileName: "embed",
          },
        },
      };
    case "embed-scenarios":
    case "embed-wire":
    case "embed-en": {
      // What embed.html loads on demand (src/embed/packs.ts): the other scenarios, English, and the wire view.
      const packs: Record<typeof mode, [entry: string, name: string]> = {
        "embed-en": ["src/embed/pack-en.ts", "AgentLoopFigureEnglish"],
        "embed-wire": ["src/embed/pack-wire.ts", "AgentLoopFigureWire"],
        "embed-scenarios": ["src/embed/pack-scenarios.ts", "AgentLoopFigureScenarios"],
      };
      const [entry, name] = packs[mode];
      return {
        ...shared,
        plugins: [react(), f22Traces()],
        build: {
          outDir: "dist",
          emptyOutDir: false,
          lib: { entry, name, formats: ["iife"], fileName: () => `${mode}.js` },
        },
      };
    }
    case "embed-host":
      return {
        ...shared,
        build: {
          outDir: "dist",
          emptyOutDir: false,
          lib: {
            entry: "src/embed/embed-host.ts",
            name: "AgentLoopFigureHost",
            formats: ["iife"],
            fileName: () => "embed-host.js",
          },
        },
      };
    case "element":
      return {
        ...shared,
        define: production,
        build: {
          outDir: "dist",
          emptyOutDir: false,
          lib: { entry: "src/embed/web-component.tsx", formats: ["es"], fileName: () => "agent-loop-figure.js" },
          // Vite keeps whitespace in ES libraries (for packages); this one is served to browsers as is, and as
          // one file (what loads on demand is inlined).
          rolldownOptions: { output: { minify: true, codeSplitting: false } },
        },
      };
    case "prerender":
      // The chapter page and the embed pages for Node, to render their first frames into dist/ (scripts/build.mjs).
      return {
        ...shared,
        plugins: [react(), demoOutput(), f22Traces()],
        build: {
          ssr: "src/prerender.ts",
          outDir: "dist-prerender",
          emptyOutDir: true,
          rolldownOptions: {
            // Pre-rendering imports the lazily loaded code section directly, on purpose.
            onLog: (level, log, handler) =>
              log.code === "INEFFECTIVE_DYNAMIC_IMPORT" ? undefined : handler(level, log),
          },
        },
      };
    case "lib":
      return {
        ...shared,
        build: {
          outDir: "lib",
          emptyOutDir: true,
          lib: { entry: "src/embed/package.ts", formats: ["es"], fileName: () => "index.js", cssFileName: "style" },
          rolldownOptions: {
            external: [/^react(-dom)?(\/.*)?$/, /^framer-motion(\/.*)?$/, /^zustand(\/.*)?$/],
            output: { codeSplitting: false },
          },
        },
      };
    default:
      return {
        ...shared,
        publicDir: "public",
        plugins: [react(), demoOutput(), contentSecurityPolicy()],
        test: {
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "tests/component/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup.ts"],
          restoreMocks: true,
          // Some tests run the CLI through npm or mount a 4,004-step trace: seconds on a busy machine.
          testTimeout: 20_000,
        },
      };
  }
});
