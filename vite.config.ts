/// <reference types="vitest/config" />

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { tsImport } from "tsx/esm/api";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { DEFAULT_LANG, isLang, LANGS, type Lang, languageOf } from "./src/content/languages.ts";
import { embedPageFile, languagePackFile, PACKED_LANGS } from "./src/embed/pages.ts";

/**
 * What the build runs while it builds (the engine, the scenarios, the catalogs), loaded through tsx when a virtual
 * module needs it: the config itself imports only the registry and the page names, which need nothing else.
 */
async function buildTime() {
  const [engine, scenarios, content, names] = await Promise.all([
    tsImport("./src/engine/index.ts", import.meta.url) as Promise<typeof import("./src/engine/index.ts")>,
    tsImport("./src/scenarios/index.ts", import.meta.url) as Promise<typeof import("./src/scenarios/index.ts")>,
    tsImport("./src/content/index.ts", import.meta.url) as Promise<typeof import("./src/content/index.ts")>,
    tsImport("./src/scenarios/names.ts", import.meta.url) as Promise<typeof import("./src/scenarios/names.ts")>,
  ]);
  return {
    /** F22's trace in `lang`, run by the engine at build time. */
    f22Trace: (lang: Lang): string => JSON.stringify(engine.runScenario(scenarios.scenarioById("f22", lang))),
    /** F22's story in `lang`, told from its figure file at build time. */
    f22Story: (lang: Lang): string => JSON.stringify(scenarios.SCENARIOS.f22.stories[lang]),
    demoReport: (lang: Lang) => engine.demoReport(content.catalogs[lang].report),
    /** The default built-in's id (F22's), and its story in `lang`. */
    defaultId: scenarios.DEFAULT_SCENARIO_ID,
    defaultStory: (lang: Lang) => scenarios.SCENARIOS[scenarios.DEFAULT_SCENARIO_ID].stories[lang],
    /** Every built-in's name in `lang`, for the chapter page's picker. */
    scenarioNames: (lang: Lang): string =>
      JSON.stringify(Object.fromEntries(scenarios.SCENARIO_IDS.map((id) => [id, names.scenarioName(id, lang)]))),
    /** F22's steps' words in `lang`, written out: as its story tells them, from the catalog's phrases elsewhere. */
    f22Steps: (lang: Lang): string => {
      const trace = engine.runScenario(scenarios.scenarioById("f22", lang));
      const story = scenarios.SCENARIOS.f22.stories[lang];
      return JSON.stringify(content.writeSteps(content.storyCatalog(content.catalogs[lang], story), trace));
    },
  };
}

/** A source file's absolute path, for the virtual modules' imports. */
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** A virtual module: `id` resolves to what `code()` returns. */
function virtualModule(name: string, id: string, code: () => Promise<string>): Plugin {
  return {
    name,
    resolveId: (requested) => (requested === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? code() : null),
  };
}

/**
 * `virtual:demo-output`: the teaching experiment's report in every language of the registry, produced by
 * running the engine while the page is built, so the sample output on the page can never drift from the code.
 */
const demoOutput = (): Plugin =>
  virtualModule("demo-output", "virtual:demo-output", async () => {
    const { demoReport } = await buildTime();
    const output = Object.fromEntries(LANGS.map((lang) => [lang, JSON.stringify(demoReport(lang), null, 2)]));
    return `export default ${JSON.stringify(output)};`;
  });

/**
 * `virtual:f22-traces`: F22's trace in every language, by code, and its `stories` (for the pre-render of the embed
 * pages).
 */
const f22Traces = (): Plugin =>
  virtualModule("f22-traces", "virtual:f22-traces", async () => {
    const { f22Trace, f22Story } = await buildTime();
    const byLang = (made: (lang: Lang) => string) =>
      `{${LANGS.map((lang) => `${JSON.stringify(lang)}: ${made(lang)}`).join(",")}}`;
    return `export default ${byLang(f22Trace)};\nexport const stories = ${byLang(f22Story)};`;
  });

/**
 * `virtual:embed-language`: one language's pieces for embed.js (the default's, in its entry) or for a language
 * pack embed-<code>.js: the catalog, F22's trace run at build time (so the entry carries no runner; the scenario
 * pack carries it for the others) and F22's story. Written as object literals (JSON is valid JavaScript), which
 * the minifier shortens. F22's story is told from its figure file at build time in this language alone, so the
 * other languages' stories stay out.
 */
const embedLanguage = (lang: Lang): Plugin =>
  virtualModule("embed-language", "virtual:embed-language", async () => {
    const { f22Trace, f22Story } = await buildTime();
    return `export { catalog } from ${JSON.stringify(source(`./src/content/catalog.${lang}.ts`))};
export const lang = ${JSON.stringify(lang)};
export const f22Story = ${f22Story(lang)};
export const f22 = ${f22Trace(lang)};`;
  });

/**
 * `virtual:default-figures`: for the chapter page, a loader per language of the registry for the default built-in
 * as that language shows it, `virtual:chapter/default-figure.<code>.js`: its trace, run by the engine at build
 * time; its story, told from its figure file at build time, without its checkpoints, which are a chunk of their
 * own (`virtual:chapter/default-checkpoints.<code>.js`) loaded when the reader asks for them; and its steps' words
 * (titles, captions, arrow labels), written by the catalog and the story at build time; and every built-in's name
 * in that language, for the scenario picker. Each language's is a chunk
 * of its own, loaded with that language's words (src/app/languages.ts), so the page's first download carries one
 * trace, its steps' words and neither the step phrases for every other step, nor the engine, nor the figure-file
 * compiler (which load when another figure is asked for).
 */
function defaultFigures(): Plugin {
  const loaders = "virtual:default-figures";
  // Named so that their chunks are default-figure.<code>-….js and default-checkpoints.<code>-….js.
  const figure = "virtual:chapter/default-figure.";
  const checkpoints = "virtual:chapter/default-checkpoints.";
  const ours = (id: string) => id === loaders || id.startsWith(figure) || id.startsWith(checkpoints);
  /** The language a resolved id names after `prefix`. */
  const langOf = (resolved: string, prefix: string): Lang => {
    const lang = resolved.slice(`\0${prefix}`.length).replace(/\.js$/, "");
    if (!isLang(lang)) throw new Error(`${resolved}: ${lang} is no language of the registry`);
    return lang;
  };
  return {
    name: "default-figures",
    resolveId: (requested) => (ours(requested) ? `\0${requested}` : null),
    async load(resolved) {
      if (resolved === `\0${loaders}`) {
        const entries = LANGS.map(
          (lang) => `${JSON.stringify(lang)}: () => import(${JSON.stringify(`${figure}${lang}.js`)})`,
        );
        return `export default {${entries.join(", ")}};`;
      }
      if (resolved.startsWith(`\0${figure}`)) {
        const lang = langOf(resolved, figure);
        const { f22Trace, f22Steps, defaultStory, defaultId, scenarioNames } = await buildTime();
        if (defaultId !== "f22")
          throw new Error(`default-figures: the default built-in is ${defaultId}, written for f22`);
        const { checkpoints: _asked, ...story } = defaultStory(lang);
        return [
          `export const id = ${JSON.stringify(defaultId)};`,
          `export const story = ${JSON.stringify(story)};`,
          `export const trace = ${f22Trace(lang)};`,
          `export const steps = ${f22Steps(lang)};`,
          `export const names = ${scenarioNames(lang)};`,
          `export const checkpoints = () => import(${JSON.stringify(`${checkpoints}${lang}.js`)}).then((m) => m.default);`,
        ].join("\n");
      }
      if (resolved.startsWith(`\0${checkpoints}`)) {
        const { defaultStory } = await buildTime();
        return `export default ${JSON.stringify(defaultStory(langOf(resolved, checkpoints)).checkpoints ?? [])};`;
      }
      return null;
    },
  };
}

/**
 * The module embed.js has in its own version: the player's wire-format loader. A classic script cannot split off
 * a chunk, so the emitters come from the embed-wire.js pack instead of a dynamic import (which the IIFE build
 * would inline: 10.2 KB of gzip more in embed.js, measured).
 */
function embedModules(): Plugin {
  const swaps = ["wire-loader"];
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

/**
 * The chapter page loads its language before it hydrates (src/app/main.tsx): for the default language, the one
 * its HTML is pre-rendered in, the page asks for those chunks (and what they import) at once, beside the entry,
 * so they cost no extra round trip and the byte budget counts them as the initial JavaScript they are.
 */
function preloadDefaultLanguage(): Plugin {
  const files = [
    `/src/content/labels.${DEFAULT_LANG}.ts`,
    `/src/content/chapter.${DEFAULT_LANG}.ts`,
    `virtual:chapter/default-figure.${DEFAULT_LANG}.js`,
  ];
  return {
    name: "preload-default-language",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk: entry, filename }) {
        // The chapter page's own: the authoring page loads its languages as it needs them.
        if (bundle === undefined || entry === undefined || !filename.endsWith("/index.html")) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) add(imported);
        };
        for (const chunk of chunks) {
          if (files.some((file) => chunk.facadeModuleId?.endsWith(file))) add(chunk.fileName);
        }
        for (const already of [entry?.fileName, ...(entry?.imports ?? [])]) if (already) wanted.delete(already);
        return [...wanted].map((fileName) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `./${fileName}` },
          injectTo: "head" as const,
        }));
      },
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
 * The embed pages' policy: the same, except that connections may go to any http(s) origin. Each embed page narrows
 * that itself before it fetches anything (src/embed/embed-page.tsx adds a second policy naming its own origin and
 * the one `allowOrigin` names, and a browser enforces both), so that a course's figure file on its own site loads.
 */
const EMBED_CONTENT_SECURITY_POLICY = `${CONTENT_SECURITY_POLICY}; connect-src 'self' https: http:`;

/** The figure's icon, inline: an embed page copied on its own still declares one (no favicon.ico request). */
const ICON = `data:image/svg+xml,${encodeURIComponent(readFileSync(resolve(import.meta.dirname, "public/favicon.svg"), "utf8").trim())}`;

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
 * One embed page per language of the registry (embed.html in the default, embed-<code>.html in each other; src/embed/pages.ts): the figure alone. A classic deferred
 * script and a plain stylesheet link (no `type="module"`, no `crossorigin`), because a frame sandboxed without
 * allow-same-origin has an opaque origin and the browser refuses it module scripts and CORS-mode stylesheets
 * from a server that sends no CORS headers. The container's `data-lang` is the language of the first frame that
 * scripts/build.mjs pre-renders into it, and the figure's language when the URL names none.
 */
function embedPage(): Plugin {
  const html = (lang: Lang) => `<!doctype html>
<html lang="${languageOf(lang).htmlLang}">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="${EMBED_CONTENT_SECURITY_POLICY}" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Agent loop figure · F22</title>
    <link rel="icon" href="${ICON}" type="image/svg+xml" />
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
      for (const lang of LANGS) this.emitFile({ type: "asset", fileName: embedPageFile(lang), source: html(lang) });
    },
  };
}

const production = { "process.env.NODE_ENV": JSON.stringify("production") };

/** What every build shares: the embed builds copy nothing from public/ (only the chapter page has a favicon). */
const shared = { plugins: [react()], base: "./", publicDir: false } satisfies UserConfig;

/** A classic script beside embed.html (one IIFE into dist/): a pack it loads on demand, or the host script. */
const classicScript = (
  entry: string,
  name: string,
  fileName: string,
  plugins: UserConfig["plugins"] = shared.plugins,
): UserConfig => ({
  ...shared,
  plugins,
  build: { outDir: "dist", emptyOutDir: false, lib: { entry, name, formats: ["iife"], fileName: () => fileName } },
});

/**
 * Every build, by mode, in the order scripts/build.mjs runs them (docs/architecture.md has the table): the chapter
 * page (`production`, also what the dev server and the tests use) and the pre-render of the first frames
 * (`prerender`, from src/prerender.ts), and the embed routes: `embed` (one page per language, their classic script
 * embed.js and embed.css), its on-demand packs (classic scripts too), `embed-host` (embed-host.js, the auto-height
 * script), `element` (agent-loop-figure.js, the web component, React included) and `lib` (the npm package in lib/,
 * React and the other runtime dependencies external). The language packs, `embed-<code>` for each language but the
 * default, follow (LANGUAGE_PACKS).
 */
const BUILDS = {
  production: (): UserConfig => ({
    ...shared,
    publicDir: "public",
    plugins: [react(), demoOutput(), defaultFigures(), contentSecurityPolicy(), preloadDefaultLanguage()],
    // The chapter page, and the authoring page (its editor in chunks of its own, never the chapter's).
    // No module-preload polyfill: a browser without <link rel="modulepreload"> (Firefox before 115, Safari before
    // 17) ignores the hints and fetches the same modules as the entry imports them, a moment later.
    build: {
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { index: "index.html", author: "author.html" } },
    },
    // The transcript import's worker (src/app/import.worker.ts) is a module worker, as the page starts it.
    worker: { format: "es" },
    test: {
      environment: "jsdom",
      include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "tests/component/**/*.test.{ts,tsx}"],
      setupFiles: ["tests/setup.ts"],
      restoreMocks: true,
      // Some tests run the CLI through npm or mount a 4,004-step trace: seconds on a busy machine.
      testTimeout: 20_000,
    },
  }),
  // The chapter page and the embed pages for Node, to render their first frames into dist/ (scripts/build.mjs).
  prerender: (): UserConfig => ({
    ...shared,
    plugins: [react(), demoOutput(), f22Traces(), embedLanguage(DEFAULT_LANG), defaultFigures()],
    build: {
      ssr: "src/prerender.ts",
      outDir: "dist-prerender",
      emptyOutDir: true,
      rolldownOptions: {
        // Pre-rendering imports the lazily loaded code section directly, on purpose.
        onLog: (level, log, handler) => (log.code === "INEFFECTIVE_DYNAMIC_IMPORT" ? undefined : handler(level, log)),
      },
    },
  }),
  embed: (): UserConfig => ({
    ...shared,
    plugins: [react(), embedPage(), embedLanguage(DEFAULT_LANG), embedModules()],
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
  }),
  // What embed.html loads on demand (src/embed/packs.ts): the other scenarios, a figure file's reader, the SCORM
  // run-time and the wire view.
  "embed-scenarios": () =>
    classicScript("src/embed/pack-scenarios.ts", "AgentLoopFigureScenarios", "embed-scenarios.js"),
  "embed-figure": () => classicScript("src/embed/pack-figure.ts", "AgentLoopFigureFile", "embed-figure.js"),
  "embed-scorm": () => classicScript("src/embed/pack-scorm.ts", "AgentLoopFigureScorm", "embed-scorm.js"),
  "embed-wire": () => classicScript("src/embed/pack-wire.ts", "AgentLoopFigureWire", "embed-wire.js"),
  "embed-host": () => classicScript("src/embed/embed-host.ts", "AgentLoopFigureHost", "embed-host.js"),
  element: (): UserConfig => ({
    ...shared,
    define: production,
    build: {
      outDir: "dist",
      emptyOutDir: false,
      lib: { entry: "src/embed/web-component.tsx", formats: ["es"], fileName: () => "agent-loop-figure.js" },
      // Vite keeps whitespace in ES libraries (for packages); this one is served to browsers as is, and as one
      // file (what loads on demand is inlined).
      rolldownOptions: { output: { minify: true, codeSplitting: false } },
    },
  }),
  lib: (): UserConfig => ({
    ...shared,
    build: {
      outDir: "lib",
      emptyOutDir: true,
      lib: { entry: "src/embed/package.ts", formats: ["es"], fileName: () => "index.js", cssFileName: "style" },
      rolldownOptions: {
        external: [/^react(-dom)?(\/.*)?$/, /^framer-motion(\/.*)?$/, /^zustand(\/.*)?$/],
        // A client boundary: the figure uses state and effects, so a React Server Components framework (a
        // Next.js App Router page, a server component by default) must render it on the client. With the
        // directive, a server component can import and render <AgentLoopFigure> as it is.
        // The figure's code is split: what a bare <AgentLoopFigure> renders is the entry, and the figure-file
        // reader, the codecs, the other scenarios, the checkpoints and the course reporters are chunks the
        // entry imports when a prop asks for them, which the consumer's bundler splits off in turn.
        output: { banner: '"use client";', chunkFileNames: "chunks/[name]-[hash].js" },
      },
    },
  }),
} satisfies Record<string, () => UserConfig>;

/**
 * embed-<code>.js, one per language but the default (src/embed/pages.ts): that language's catalog and F22's trace
 * and story in it (the trace made at build time), for embed.html, loaded only when a figure is asked to speak it,
 * so readers of the default language never download them. A classic script, like embed.js (see pack-event.ts).
 */
const LANGUAGE_PACKS: Readonly<Record<string, () => UserConfig>> = Object.fromEntries(
  PACKED_LANGS.map((lang) => [
    `embed-${lang}`,
    () =>
      classicScript("src/embed/pack-language.ts", "AgentLoopFigureLanguage", languagePackFile(lang), [
        react(),
        embedLanguage(lang),
      ]),
  ]),
);

/** Every build mode, in the order scripts/build.mjs runs them. */
export const buildModes = (): readonly string[] => [...Object.keys(BUILDS), ...Object.keys(LANGUAGE_PACKS)];

export default defineConfig(({ mode }): UserConfig => {
  const build =
    (BUILDS as Readonly<Record<string, () => UserConfig>>)[mode] ??
    LANGUAGE_PACKS[mode] ??
    // The dev server and Vitest run the chapter page's config.
    (mode === "development" || mode === "test" ? BUILDS.production : undefined);
  if (build === undefined) throw new Error(`vite.config.ts: no build mode "${mode}" (${buildModes().join(", ")})`);
  return build();
});
