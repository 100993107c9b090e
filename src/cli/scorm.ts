/**
 * SCORM packages from the built figure (dist/): a built-in scenario or a figure file, in one language, with the
 * embed page of that language as its launch page and the embed's own scripts and packs beside it. Used by
 * `npm run build` (dist/scorm/agent-loop-figure-f22-<code>.zip) and by `npm run --silent demo -- --scorm OUT.zip`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Lang } from "../content/languages";
import { placeCheckpoints } from "../course/progress";
import { scormPackage } from "../course/scorm-package";
import { openFigure, problemLine } from "../figure";
import { resolveSource } from "../figure/source";
import type { ScenarioId } from "../scenarios/ids";
import { DEFAULT_SOURCE } from "../scenarios/ids";
import { CLI_LOADERS } from "./loaders";

/**
 * The mastery score a package with checkpoints asks unless told another (`--mastery`, or the figure file's
 * `course.mastery`). Moodle has no setting of its own for it: it takes the manifest's.
 */
export const DEFAULT_MASTERY = 60;

/** What to package: a built-in scenario, or a figure file's text (and the name it goes by). */
export type PackageSource = { readonly scenario?: ScenarioId } | { readonly figure: string; readonly name: string };

/** The embed page of a language in dist/: the one whose container's first frame is in that language. */
function embedPageOf(dist: string, lang: Lang): string {
  for (const file of readdirSync(dist).filter((name) => /^embed[\w-]*\.html$/.test(name))) {
    const html = readFileSync(join(dist, file), "utf8");
    if (html.includes(`<div id="alf-embed" data-lang="${lang}"`)) return html;
  }
  throw new Error(`dist/ has no embed page in ${lang}: run npm run build first`);
}

/** The embed's scripts and stylesheet (its entry and every pack), which the launch page loads beside it. */
function embedFiles(dist: string): Record<string, Uint8Array> {
  const names = readdirSync(dist).filter((name) => /^embed[\w-]*\.(js|css)$/.test(name) && name !== "embed-host.js");
  if (!names.includes("embed.js") || !names.includes("embed-scorm.js"))
    throw new Error("dist/ lacks embed.js or embed-scorm.js: run npm run build first");
  return Object.fromEntries(names.map((name) => [name, new Uint8Array(readFileSync(join(dist, name)))]));
}

/**
 * A SCORM 1.2 package's zip, its file name and what it holds. A figure file travels inside the launch page itself,
 * so that showing it takes no request an LMS could refuse. `mastery` (0–100) overrides the figure file's own.
 * @throws {Error} when dist/ is not built, the figure file cannot be read (its problems, each at its place), or a
 * mastery score is asked of a figure with no checkpoints.
 */
export async function packageFigure(
  dist: string,
  source: PackageSource,
  lang: Lang,
  mastery?: number,
): Promise<{
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly checkpoints: number;
  readonly mastery: number | null;
}> {
  if (!existsSync(dist)) throw new Error("dist/ is missing: run npm run build first");
  let id: string;
  let title: string;
  let checkpoints: number;
  const files = embedFiles(dist);
  const attributes: Record<string, string> = { lang };
  let figureFile: string | null = null;
  let ownMastery: number | undefined;
  if (!("figure" in source)) {
    // A built-in through the one resolver, as every shell shows it (the default when none is named).
    const resolved = await resolveSource(
      source.scenario === undefined ? DEFAULT_SOURCE : { kind: "builtin", id: source.scenario },
      lang,
      CLI_LOADERS,
    );
    if (resolved.status !== "shown") throw new Error(`no built-in ${source.scenario}`);
    id = resolved.id;
    title = resolved.story.title;
    checkpoints = placeCheckpoints(resolved.trace, resolved.story.checkpoints).length;
    attributes.scenario = resolved.id;
  } else {
    const opened = openFigure(source.figure, lang);
    if (!opened.ok) throw new Error(opened.problems.map((p) => `${source.name}: ${problemLine(p)}`).join("\n"));
    id = opened.figure.id;
    title = opened.figure.story.title;
    checkpoints = placeCheckpoints(opened.figure.trace, opened.figure.story.checkpoints).length;
    figureFile = source.figure;
    ownMastery = opened.figure.mastery;
  }
  const asked = checkpoints > 0 ? (mastery ?? ownMastery ?? DEFAULT_MASTERY) : null;
  if (checkpoints === 0 && mastery !== undefined)
    throw new Error(
      `--mastery ${mastery}: ${"figure" in source ? source.name : id} asks no checkpoints in ${lang}, so a learner has no score to reach`,
    );
  const bytes = scormPackage({
    id: `agent-loop-figure-${id}-${lang}`,
    title,
    embedPage: embedPageOf(dist, lang),
    attributes,
    mastery: asked,
    figureFile,
    files,
  });
  return {
    bytes,
    name: `agent-loop-figure-${id}-${lang}.zip`,
    checkpoints,
    mastery: asked,
  };
}
