/// <reference types="vitest/config" />

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { tsImport } from "tsx/esm/api";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { DEFAULT_LANG, isLang, LANGS, type Lang, languageOf } from "./src/content/languages.ts";
import { builtinsPackFile, embedPageFile, languagePackFile, PACKED_LANGS } from "./src/embed/pages.ts";
import { DEFAULT_SCENARIO_ID } from "./src/scenarios/ids.ts";

/**
 * What the build runs while it builds (the engine, the scenarios, the catalogs), loaded through tsx when a virtual
 * module needs it: the config itself imports only the registry and the page names, which need nothing else.
 */
let made: ReturnType<typeof makeBuildTime> | undefined;

/** The build-time code, loaded once per build (each virtual module asks for it). */
const buildTime = () => {
  made ??= makeBuildTime();
  return made;
};

async function makeBuildTime() {
  const [engine, content, scenarios, builtin, names] = await Promise.all([
    tsImport("./src/engine/index.ts", import.meta.url) as Promise<typeof import("./src/engine/index.ts")>,
    tsImport("./src/content/index.ts", import.meta.url) as Promise<typeof import("./src/content/index.ts")>,
    tsImport("./src/scenarios/ids.ts", import.meta.url) as Promise<typeof import("./src/scenarios/ids.ts")>,
    tsImport("./src/scenarios/builtin.ts", import.meta.url) as Promise<typeof import("./src/scenarios/builtin.ts")>,
    tsImport("./src/scenarios/names.ts", import.meta.url) as Promise<typeof import("./src/scenarios/names.ts")>,
  ]);
  const builtins = new Map<string, NonNullable<ReturnType<typeof builtin.builtinModule>>>();
  return {
    demoReport: (lang: Lang) => engine.demoReport(content.catalogs[lang].report),
    ids: scenarios.SCENARIO_IDS as readonly string[],
    defaultId: scenarios.DEFAULT_SCENARIO_ID as string,
    /** A built-in in a language (src/scenarios/builtin.ts), with its checkpoints; each made once per build. */
    builtin: (id: string, lang: Lang) => {
      const key = `${id}.${lang}`;
      let one = builtins.get(key);
      if (one === undefined) {
        one = builtin.builtinModule(id, lang) ?? undefined;
        if (one === undefined) throw new Error(`builtins: no built-in "${id}"`);
        builtins.set(key, one);
      }
      return one;
    },
    /** Every built-in's name in `lang`, for the chapter page's picker. */
    names: (lang: Lang) => Object.fromEntries(scenarios.SCENARIO_IDS.map((id) => [id, names.scenarioName(id, lang)])),
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
 * The built-ins, as the build makes them: every built-in figure file run by the engine in every language of the
 * registry, its steps' words written (src/scenarios/builtin.ts), so that no page runs a built-in and none carries
 * the engine to show one. One id scheme (src/app/virtual.d.ts declares it):
 *
 * - `virtual:builtin/<id>.<lang>.js`: one built-in in one language, `{ id, trace, story, words }`, and
 *   `virtual:builtin/<id>.<lang>.checkpoints.js` its story's checkpoints, apart (few readers ask them);
 * - `virtual:builtins/<lang>.js`: a loader for each of those in that language, by id (`default`, `checkpoints`),
 *   and every built-in's name in it (`names`, a picker's); `virtual:builtins`, a loader of that by language.
 *   Module builds import them lazily: a page loads its language's, then the built-in it shows;
 * - `virtual:builtins/first.<lang>.js` and `virtual:builtins/rest.<lang>.js`: the default built-in, and the
 *   others, each with its whole story, by language and id, for a build that cannot split off chunks (the embed
 *   page's classic scripts) or must render the default at once (the pre-render, the npm package's server
 *   render). `<lang>` is a language of the registry, `all`, or `current`: the one language `lang` names for a
 *   build of one language (the embed page's entry and its packs; the default language in any other build). `virtual:builtins/catalog.current.js` is that
 *   language's catalog.
 *
 * The default built-in is named here and in the resolver (src/figure/source.ts), nowhere else.
 */
function builtins(options: { readonly lang?: Lang } = {}): Plugin {
  const INDEX = "virtual:builtins";
  const ONE = "virtual:builtin/";
  const SET = "virtual:builtins/";
  const ours = (id: string) => id === INDEX || id.startsWith(ONE) || id.startsWith(SET);
  /** The languages a name stands for. */
  const langsOf = (name: string): readonly Lang[] => {
    if (name === "all") return LANGS;
    const lang = name === "current" ? (options.lang ?? DEFAULT_LANG) : name;
    if (!isLang(lang)) throw new Error(`builtins: "${name}" is no language of the registry`);
    return [lang];
  };
  return {
    name: "builtins",
    resolveId: (requested) => (ours(requested) ? `\0${requested}` : null),
    async load(resolved) {
      if (!resolved.startsWith("\0") || !ours(resolved.slice(1))) return null;
      const id = resolved.slice(1);
      const made = await buildTime();
      const json = (value: unknown) => JSON.stringify(value);
      if (id === INDEX) {
        const load = (lang: Lang) => `() => import(${json(`${SET}${lang}.js`)})`;
        return `export default {${LANGS.map((lang) => `${json(lang)}: ${load(lang)}`).join(", ")}};`;
      }
      if (id.startsWith(SET) && isLang(id.slice(SET.length).replace(/\.js$/, ""))) {
        const lang = id.slice(SET.length).replace(/\.js$/, "") as Lang;
        const loaders = (part: string) =>
          `{${made.ids.map((at) => `${json(at)}: () => import(${json(`${ONE}${at}.${lang}${part}.js`)})`).join(", ")}}`;
        return [
          `export default ${loaders("")};`,
          `export const checkpoints = ${loaders(".checkpoints")};`,
          `export const names = ${json(made.names(lang))};`,
        ].join("\n");
      }
      if (id.startsWith(ONE)) {
        const [name = "", lang = "", part] = id.slice(ONE.length).replace(/\.js$/, "").split(".");
        if (!isLang(lang)) throw new Error(`builtins: ${id} names no language of the registry`);
        const { trace, story, words, checkpoints } = await made.builtin(name, lang);
        if (part === "checkpoints") return `export default ${json(checkpoints)};`;
        return [
          `export const id = ${json(name)};`,
          `export const trace = ${json(trace)};`,
          `export const story = ${json(story)};`,
          `export const words = ${json(words)};`,
        ].join("\n");
      }
      const [which = "", name = ""] = id.slice(SET.length).replace(/\.js$/, "").split(".");
      if (which === "catalog")
        return `export { catalog as default } from ${json(source(`./src/content/catalog.${langsOf(name)[0]}.ts`))};`;
      if (which !== "first" && which !== "rest") throw new Error(`builtins: no module ${id}`);
      const ids = made.ids.filter((at) => (at === made.defaultId) === (which === "first"));
      const byLang = await Promise.all(
        langsOf(name).map(async (lang) => {
          const figures = await Promise.all(
            ids.map(async (at) => {
              const { trace, story, checkpoints } = await made.builtin(at, lang);
              return `${json(at)}: {trace: ${json(trace)}, story: ${json({ ...story, ...(checkpoints.length > 0 ? { checkpoints } : {}) })}}`;
            }),
          );
          return `${json(lang)}: {${figures.join(", ")}}`;
        }),
      );
      return `export default {${byLang.join(", ")}};`;
    },
  };
}

/**
 * The modules embed.js has in its own version: the player's wire-format loader (a classic script cannot split off a
 * chunk, so the emitters come from the embed-wire.js pack instead of a dynamic import, which the IIFE build would
 * inline: 10.2 KB of gzip more in embed.js, measured), a run overview's loader (its code and every language's words
 * come from the embed-overview.js pack), the later parts' words, which its whole catalogs always
 * carry (a loader inlined would carry every language's), and the later parts' lazy loading (inlined, it
 * would only add the code that waits for them).
 */
function embedModules(): Plugin {
  const swaps = ["wire-loader", "overview-loader", "later", "LazyPanels"];
  return {
    name: "embed-modules",
    enforce: "pre",
    resolveId(source, importer) {
      const swap = swaps.find((name) => source.endsWith(`/${name}`));
      if (swap === undefined || !importer?.includes("/src/player/")) return null;
      return fileURLToPath(new URL(`./src/embed/${swap}.${swap === "LazyPanels" ? "tsx" : "ts"}`, import.meta.url));
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
    `virtual:builtins/${DEFAULT_LANG}.js`,
    `virtual:builtin/${DEFAULT_SCENARIO_ID}.${DEFAULT_LANG}.js`,
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

/** The dependencies every page of the figure runs: always in the player's chunk. */
const PLAYER_DEPENDENCIES =
  /\/node_modules\/(react|react-dom|scheduler|zustand|framer-motion|motion-dom|motion-utils)\//;
/** The files of ours the player's chunk may hold, when the player imports them statically (not the engine's barrel). */
const PLAYER_FILES =
  /\/src\/(engine\/(trace|tokens|defined|call-tags)|content\/(types|languages)|course\/(reader|progress)|player\/)/;

/**
 * What the chapter page's first load runs, kept in one chunk: the player and everything it imports statically (its
 * parts that load later, which it imports dynamically, stay chunks of their own). Left to itself, the bundler splits
 * what the page's entry and those later parts share into a dozen small chunks, each its own request and gzip stream
 * (2.2 KB of gzip more, measured).
 */
function playerChunk(): {
  name: (
    id: string,
    ctx: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null },
  ) => string | null;
} {
  let closure: Set<string> | undefined;
  return {
    name(id, ctx) {
      if (closure === undefined) {
        closure = new Set();
        const player = fileURLToPath(new URL("./src/player/Player.tsx", import.meta.url));
        const stack = [player];
        for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
          if (closure.has(next)) continue;
          closure.add(next);
          stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return PLAYER_DEPENDENCIES.test(id) || (closure.has(id) && PLAYER_FILES.test(id)) ? "player" : null;
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
const shared = { plugins: [react(), builtins()], base: "./", publicDir: false } satisfies UserConfig;

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
    plugins: [react(), demoOutput(), builtins(), contentSecurityPolicy(), preloadDefaultLanguage()],
    // The chapter page, and the authoring page (its editor in chunks of its own, never the chapter's).
    // No module-preload polyfill: a browser without <link rel="modulepreload"> (Firefox before 115, Safari before
    // 17) ignores the hints and fetches the same modules as the entry imports them, a moment later.
    build: {
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { index: "index.html", author: "author.html" },
        output: { codeSplitting: { groups: [playerChunk()] } },
      },
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
    plugins: [react(), demoOutput(), builtins()],
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
    plugins: [react(), embedPage(), builtins({ lang: DEFAULT_LANG }), embedModules()],
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
  // What embed.html loads on demand (src/embed/packs.ts): a figure file's reader, the SCORM run-time and the wire
  // view (the other built-ins and languages come in packs per language: LANGUAGE_PACKS).
  "embed-figure": () => classicScript("src/embed/pack-figure.ts", "AgentLoopFigureFile", "embed-figure.js"),
  "embed-scorm": () => classicScript("src/embed/pack-scorm.ts", "AgentLoopFigureScorm", "embed-scorm.js"),
  "embed-wire": () => classicScript("src/embed/pack-wire.ts", "AgentLoopFigureWire", "embed-wire.js"),
  "embed-overview": () => classicScript("src/embed/pack-overview.ts", "AgentLoopFigureOverview", "embed-overview.js"),
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
  // The installed command (package.json `bin`): src/cli/bin.ts for Node, one plain JavaScript file with its own code
  // and what it uses of the dependencies inside, so it runs with the package's production dependencies alone.
  cli: (): UserConfig => ({
    ...shared,
    plugins: [],
    ssr: { noExternal: true, target: "node" },
    build: {
      ssr: "src/cli/bin.ts",
      outDir: "lib/cli",
      emptyOutDir: true,
      target: "node20",
      rolldownOptions: {
        output: { entryFileNames: "agent-loop-figure.js", banner: "#!/usr/bin/env node", codeSplitting: false },
      },
    },
  }),
  // The viewer's page (`agent-loop-figure view`, src/viewer/), into the package beside the command: a build of its
  // own, so that sharing the chapter page's code never changes how the chapter page is split.
  viewer: (): UserConfig => ({
    ...shared,
    plugins: [react(), demoOutput(), builtins()],
    build: {
      outDir: "lib/viewer",
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { viewer: "viewer.html" } },
    },
    worker: { format: "es" },
  }),
} satisfies Record<string, () => UserConfig>;

/**
 * The embed page's packs per language (src/embed/pages.ts), classic scripts like embed.js (see pack-event.ts), each
 * loaded only when a figure asks for what it holds: embed-<code>.js, for each language but the default, that
 * language's catalog and the default built-in in it; embed-builtins-<code>.js, for every language, the other
 * built-ins in it (made at build time: no pack carries the engine).
 */
const LANGUAGE_PACKS: Readonly<Record<string, () => UserConfig>> = Object.fromEntries([
  ...PACKED_LANGS.map((lang) => [
    `embed-${lang}`,
    () =>
      classicScript("src/embed/pack-language.ts", "AgentLoopFigureLanguage", languagePackFile(lang), [
        react(),
        builtins({ lang }),
      ]),
  ]),
  ...LANGS.map((lang) => [
    `embed-builtins-${lang}`,
    () =>
      classicScript("src/embed/pack-builtins.ts", "AgentLoopFigureBuiltins", builtinsPackFile(lang), [
        react(),
        builtins({ lang }),
      ]),
  ]),
]);

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
