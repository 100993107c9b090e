/**
 * Figure files: a course author's own figure, read (./load.ts), checked (./check.ts) and played — a scenario run
 * by the engine (./compile.ts), or a recorded run read by the import — with its story in the reader's language.
 * Every shell opens a figure file through {@link openFigure}.
 */
import { LANGS, type Lang } from "../content/languages";
import type { Story } from "../content/types";
import { defined, runScenario, type Trace } from "../engine";
import { importTranscript } from "../formats/import";
import { isFormatId } from "../formats/index";
import { figureScenario } from "./compile";
import { type FigureProblem, placedProblem, readFigure } from "./load";
import type { FigureFile } from "./schema";
import { storyIn, storyLanguagesOf } from "./story";
import { figureWarnings } from "./warnings";

export { argsIn, figureScenario, textIn, wellFormedBy } from "./compile";
export type { FigureProblem, FigureRead } from "./load";
export { MAX_FIGURE_PROBLEMS, problemLine, readFigure } from "./load";
export type { FigureFile } from "./schema";
export { FIGURE_LIMITS, FIGURE_VERSION, FigureFileSchema } from "./schema";
export { storyIn, storyLanguagesOf } from "./story";

/** A figure file ready to show: its trace and its story in one language. */
export interface OpenFigure {
  readonly id: string;
  readonly trace: Trace;
  readonly story: Story;
  /** The languages its story is told in (the others get the generic captions). */
  readonly storyLanguages: readonly Lang[];
  /** What the file may say and still play, but likely does not mean, each at its place (never fatal). */
  readonly warnings: readonly FigureProblem[];
  /** The mastery score an LMS package of it asks (`course.mastery`), when the file names one. */
  readonly mastery?: number;
}

export type FigureOpening =
  | { readonly ok: true; readonly figure: OpenFigure }
  | { readonly ok: false; readonly problems: readonly FigureProblem[] };

/** A checked figure file's trace: the engine's run of its scenario, or its recording read by the import. */
function traceOf(file: FigureFile, lang: Lang): { ok: true; trace: Trace } | { ok: false; problems: FigureProblem[] } {
  if (file.scenario !== undefined)
    return { ok: true, trace: runScenario(figureScenario(file.id, file.scenario, lang, LANGS)) };
  const recorded = file.recorded;
  if (recorded === undefined) return { ok: false, problems: [{ message: "no scenario and no recording", path: "" }] };
  if (recorded.format !== undefined && !isFormatId(recorded.format))
    return { ok: false, problems: [{ message: `unknown format "${recorded.format}"`, path: "recorded.format" }] };
  const source = typeof recorded.transcript === "string" ? recorded.transcript : JSON.stringify(recorded.transcript);
  const read = importTranscript(source, recorded.format as Parameters<typeof importTranscript>[1], file.id);
  if (read.ok) return { ok: true, trace: read.trace };
  return {
    ok: false,
    problems: read.errors.map((error) => ({
      message: error.message,
      path: ["recorded", "transcript", ...(error.path === undefined || error.path === "" ? [] : [error.path])].join(
        ".",
      ),
    })),
  };
}

/**
 * Open a figure file (its text or an object) in `lang`: the figure, or its problems, each at its place.
 * @example openFigure(text, "en") // { ok: true, figure: { trace, story, … } }
 */
export function openFigure(source: unknown, lang: Lang): FigureOpening {
  const read = readFigure(source);
  if (!read.ok) return read;
  const made = traceOf(read.file, lang);
  if (!made.ok) return { ok: false, problems: made.problems };
  return {
    ok: true,
    figure: {
      id: read.file.id,
      trace: made.trace,
      story: storyIn(read.file, lang),
      storyLanguages: storyLanguagesOf(read.file),
      ...defined({ mastery: read.file.course?.mastery }),
      warnings: figureWarnings(read.file, made.trace).map((w) =>
        placedProblem(w.message, w.path, typeof source === "string" ? source.replace(/^\uFEFF/, "") : null),
      ),
    },
  };
}
