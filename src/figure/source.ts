/**
 * One resolver of what a figure shows. A shell names a source — a built-in scenario by id, a figure file (its
 * object or text), a figure file's URL, a share link's payload, a recorded run's text or URL — and gets back the
 * figure to show (its id, trace, story in the reader's language, warnings, and for a recorded run what was read)
 * or, where the figure would be, located problems and why nothing could be read: one loading and one error state
 * for every shell (the chapter page, the React component, the web component, embed.html). Framework-free: the shells give it how code and files reach them (a dynamic import, a classic-script
 * pack, `fetch`), and a React shell reads it through one hook (`useFigureSource`, src/player/).
 */
import type { Lang } from "../content/languages";
import type { Checkpoint, FetchFailure, StepWords, Story, WrittenSteps } from "../content/types";
import type { Trace } from "../engine";
import type { ImportNote, ImportOptions, ImportProblem, ImportResult, ImportSummary } from "../formats/import";
import type { FormatId } from "../formats/index";
import type { ReadError } from "../formats/types";
import type { FigureOpening } from "./index";
import type { FigureProblem } from "./load";
import type { SharedFigure } from "./share";
import { builtinResolution } from "./source-key";

export { builtinResolution, sourceKey } from "./source-key";

/** What a figure shows, named by a shell. */
export type FigureSource =
  | { readonly kind: "builtin"; readonly id: string }
  /** A figure file: its object (a prop, a `load` message) or its JSON text (an inline child, a pasted file). */
  | { readonly kind: "file"; readonly file: unknown }
  /** A figure file's URL, resolved against the loaders' `base`. */
  | { readonly kind: "url"; readonly url: string }
  /** A share link's payload (`#figureData=…`). */
  | { readonly kind: "shared"; readonly payload: string }
  /** A recorded run's text in any format the import reads (pasted, a file), `format` when it is not detected. */
  | { readonly kind: "transcript"; readonly text: string; readonly name: string; readonly format?: FormatId }
  /** A recorded run's URL. */
  | { readonly kind: "transcriptUrl"; readonly url: string; readonly format?: FormatId }
  /**
   * A run recorded as it happens (`agent-loop-figure live`): its document's URL, a request that was sent to the model
   * with the answer as far as it has come (its model call shows before the answer begins, and when it failed).
   */
  | { readonly kind: "live"; readonly url: string }
  /** A recorded run in a chosen file, read when it is resolved (a log can be tens of megabytes). */
  | { readonly kind: "transcriptFile"; readonly file: Blob; readonly name: string; readonly format?: FormatId };

/** A built-in as a shell's loader hands it over (src/scenarios/types.ts has the build's module of one). */
export interface BuiltinShown {
  readonly trace: Trace;
  readonly story: Story;
  /** Its steps' words, written at build time (a shell without step phrases shows it with them). */
  readonly words?: WrittenSteps;
  /** Its story's checkpoints, when they load apart from the story. */
  readonly checkpoints?: () => Promise<readonly Checkpoint[]>;
}

/** A recorded run as it was read: what it is, and the problems and notes found at its steps. */
export interface ImportedRun {
  readonly name: string;
  readonly summary: ImportSummary;
  readonly problems: readonly ImportProblem[];
  readonly notes: readonly ImportNote[];
}

/** Why a recorded run could not be imported at all: the format it was read as, its first errors, how many more. */
export interface ImportFailure {
  readonly format: FormatId | null;
  readonly errors: readonly ReadError[];
  readonly more: number;
}

/** Why nothing could be read at all (said in the catalog's words, `ui[why]`). */
export type Unread = "figureFetchFailed" | "figureOtherOrigin" | "shareDamaged" | "shareTooLong";

export type { FetchFailure } from "../content/types";

/** What a source resolves to: the figure, or where it would be, its problems (and why nothing was read, if so). */
export type Resolved =
  | {
      readonly status: "shown";
      readonly id: string;
      readonly trace: Trace;
      readonly story: Story;
      readonly warnings: readonly FigureProblem[];
      /**
       * Its steps' words, when the shell gives its figures words apart from its labels (`loaders.words`), or the
       * build wrote them for a built-in.
       */
      readonly words?: StepWords;
      /** Its story's checkpoints, when they load apart from it (a built-in's, on the chapter page). */
      readonly checkpoints?: () => Promise<readonly Checkpoint[]>;
      /** For a recorded run: what was read. */
      readonly imported?: ImportedRun;
    }
  | {
      readonly status: "problems";
      readonly problems: readonly FigureProblem[];
      readonly unread: Unread | null;
      /** For a URL that gave no file: what it gave instead. */
      readonly fetched?: FetchFailure;
      /** For a recorded run that could not be imported: why. */
      readonly failure?: ImportFailure;
    };

/** A source's state in a shell: loading until it resolves. */
export type Resolution = { readonly status: "loading" } | Resolved;

/**
 * What the resolver needs of its shell, for the kinds of source the shell names (a kind whose loader is left out
 * resolves as a problem that says so).
 */
export interface SourceLoaders {
  /** A built-in scenario's trace and story in `lang`, or null when there is none of that id. */
  readonly builtin?: (id: string, lang: Lang) => Promise<BuiltinShown | null>;
  /**
   * The step phrases in `lang`, for a shell whose words for a figure's steps load apart from its labels (the
   * chapter page): a figure resolves with them, so that it never shows before the words that tell it.
   */
  readonly words?: (lang: Lang) => Promise<StepWords>;
  /** The figure file's reader (and the share link's decoder), loaded when first needed. */
  readonly figures?: () => Promise<{
    readonly open: (source: unknown, lang: Lang) => FigureOpening;
    readonly readShare?: (payload: string) => SharedFigure;
  }>;
  /** The import (for recorded runs): reading a transcript, and the story a recorded run is told in. */
  readonly transcripts?: () => Promise<{
    readonly read: (
      text: string,
      format: FormatId | undefined,
      name: string,
      options?: ImportOptions,
    ) => ImportResult | Promise<ImportResult>;
    /**
     * Read a file or a URL and import it, where the shell has its own way to (the chapter page's worker, with
     * progress): the result, or null when it could not be fetched or read. Without it the resolver reads the text
     * and calls `read`.
     */
    readonly readFrom?: (
      from: { readonly blob: Blob } | { readonly url: URL },
      format: FormatId | undefined,
      name: string,
      options?: ImportOptions,
    ) => Promise<ImportResult | null>;
    readonly story: (name: string, summary: ImportSummary, lang: Lang) => Story;
  }>;
  /**
   * How a URL is fetched (the resolver reads the response). Default: `fetch`, which sends the reader's cookies to
   * the page's own origin only: a figure behind the course site's login loads as its pages do.
   */
  readonly fetch?: (url: URL) => Promise<Response>;
  /** Whether a figure file may be fetched from this URL (default: any http(s) URL). */
  readonly allows?: (url: URL) => boolean;
  /** What a relative URL resolves against (default: the document's base, when there is a document). */
  readonly base?: string;
}

/** A source of a kind this shell names no loader for. */
export const notRead = (what: string): Resolved => ({
  status: "problems",
  problems: [{ message: `this figure reads no ${what}`, path: "" }],
  unread: null,
});

/**
 * A source's figure in `lang`, or its problems. Rejects only when the shell's own code cannot be loaded (a pack
 * or a chunk that does not arrive); everything a source can get wrong resolves as problems.
 * @example await resolveSource({ kind: "url", url: "figures/weather.json" }, "en", loaders) // { status: "shown", … }
 */
export async function resolveSource(source: FigureSource, lang: Lang, loaders: SourceLoaders): Promise<Resolved> {
  const resolved = await resolveFigure(source, lang, loaders);
  if (resolved.status !== "shown" || resolved.words !== undefined || loaders.words === undefined) return resolved;
  return { ...resolved, words: await loaders.words(lang) };
}

async function resolveFigure(source: FigureSource, lang: Lang, loaders: SourceLoaders): Promise<Resolved> {
  switch (source.kind) {
    case "builtin": {
      if (loaders.builtin === undefined) return notRead("built-in figures");
      const built = await loaders.builtin(source.id, lang);
      if (built === null)
        return {
          status: "problems",
          problems: [{ message: `no built-in figure "${source.id}"`, path: "" }],
          unread: null,
        };
      return builtinResolution(source.id, built);
    }
    case "file":
      return opened(source.file, lang, loaders);
    case "shared":
    case "url":
    case "transcriptUrl":
    case "live":
    case "transcript":
    case "transcriptFile":
      // What is read from elsewhere (a share link, a URL, a recorded run) loads its reader when first asked.
      return import("./source-read").then((module) => module.resolveRead(source, lang, loaders));
    default: {
      const never: never = source;
      return never;
    }
  }
}

export async function opened(file: unknown, lang: Lang, loaders: SourceLoaders): Promise<Resolved> {
  if (loaders.figures === undefined) return notRead("figure files");
  const { open } = await loaders.figures();
  return shownOf(open(file, lang));
}

export function shownOf(opening: FigureOpening): Resolved {
  if (!opening.ok) return { status: "problems", problems: opening.problems, unread: null };
  const { id, trace, story, warnings } = opening.figure;
  return { status: "shown", id, trace, story, warnings };
}
