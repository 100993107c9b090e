/**
 * One resolver of what a figure shows. A shell names a source — a built-in scenario by id, a figure file (its
 * object or text), a figure file's URL, a share link's payload, a recorded run's text or URL — and gets back the
 * figure to show (its id, trace, story in the reader's language, warnings, and for a recorded run what was read)
 * or, where the figure would be, located problems and why nothing could be read: one loading and one error state
 * for every shell (the chapter page, the React component, the web component, embed.html). Framework-free: the shells give it how code and files reach them (a dynamic import, a classic-script
 * pack, `fetch`), and a React shell reads it through one hook (`useFigureSource`, src/player/).
 */
import type { Lang } from "../content/languages";
import type { FetchFailure, Story } from "../content/types";
import type { Trace } from "../engine";
import { defined } from "../engine";
import type { ImportNote, ImportProblem, ImportResult, ImportSummary } from "../formats/import";
import type { FormatId } from "../formats/index";
import type { ReadError } from "../formats/types";
import type { FigureOpening } from "./index";
import type { FigureProblem } from "./load";
import type { SharedFigure } from "./share";

export { sourceKey } from "./source-key";

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
  /** A recorded run in a chosen file, read when it is resolved (a log can be tens of megabytes). */
  | { readonly kind: "transcriptFile"; readonly file: Blob; readonly name: string; readonly format?: FormatId };

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
  readonly builtin?: (id: string, lang: Lang) => Promise<{ readonly trace: Trace; readonly story: Story } | null>;
  /** The figure file's reader (and the share link's decoder), loaded when first needed. */
  readonly figures?: () => Promise<{
    readonly open: (source: unknown, lang: Lang) => FigureOpening;
    readonly readShare?: (payload: string) => SharedFigure;
  }>;
  /** The import (for recorded runs): reading a transcript, and the story a recorded run is told in. */
  readonly transcripts?: () => Promise<{
    readonly read: (text: string, format: FormatId | undefined, name: string) => ImportResult | Promise<ImportResult>;
    /**
     * Read a file or a URL and import it, where the shell has its own way to (the chapter page's worker, with
     * progress): the result, or null when it could not be fetched or read. Without it the resolver reads the text
     * and calls `read`.
     */
    readonly readFrom?: (
      from: { readonly blob: Blob } | { readonly url: URL },
      format: FormatId | undefined,
      name: string,
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

/** A web page, by its type or its first characters (a server may send one with no type, or the wrong one). */
const isWebPage = (type: string | null, text: string): boolean =>
  /^\s*text\/html\b/i.test(type ?? "") || /^\s*<(!doctype\s+html|html[\s>])/i.test(text.slice(0, 200));

/**
 * A URL's text, or why there is none: an error status, a web page (a login page, most often, after a redirect),
 * or no answer (the network, or a server that refuses this origin).
 */
export async function fetchedText(
  url: URL,
  fetchUrl: (url: URL) => Promise<Response> = (at) => fetch(at),
): Promise<string | FetchFailure> {
  const href = url.href;
  try {
    const response = await fetchUrl(url);
    if (!response.ok) return { kind: "status", url: href, status: response.status };
    const text = await response.text();
    if (isWebPage(response.headers.get("content-type"), text))
      return {
        kind: "page",
        url: href,
        redirectedTo: response.redirected && response.url !== "" ? response.url : null,
      };
    return text;
  } catch {
    return { kind: "network", url: href };
  }
}

const unread = (why: Unread, fetched?: FetchFailure): Resolved => ({
  status: "problems",
  problems: [],
  unread: why,
  ...defined({ fetched }),
});

/** A source of a kind this shell names no loader for. */
const notRead = (what: string): Resolved => ({
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
      return { status: "shown", id: source.id, ...built, warnings: [] };
    }
    case "file":
      return opened(source.file, lang, loaders);
    case "shared": {
      if (loaders.figures === undefined) return notRead("figure files");
      const { readShare } = await loaders.figures();
      if (readShare === undefined) return unread("shareDamaged");
      const read = readShare(source.payload);
      if (!read.ok) return unread(read.why === "damaged" ? "shareDamaged" : "shareTooLong");
      return opened(read.text, lang, loaders);
    }
    case "url":
    case "transcriptUrl": {
      let url: URL;
      try {
        url = new URL(source.url, loaders.base ?? globalThis.document?.baseURI);
      } catch {
        return unread("figureFetchFailed");
      }
      if (loaders.allows !== undefined && !loaders.allows(url)) return unread("figureOtherOrigin");
      if (url.protocol !== "https:" && url.protocol !== "http:") return unread("figureOtherOrigin");
      if (source.kind === "transcriptUrl") {
        const name = url.pathname.split("/").pop() || "transcript.json";
        const read = await readFromLoader({ url }, source.format, name, loaders);
        if (read === "unread") return unread("figureFetchFailed");
        if (read !== null) return recordedRun(read, name, lang, loaders);
      }
      const text = await fetchedText(url, loaders.fetch);
      if (typeof text !== "string") return unread("figureFetchFailed", text);
      if (source.kind === "url")
        return loaders.figures === undefined
          ? notRead("figure files")
          : shownOf((await loaders.figures()).open(text, lang));
      const name = url.pathname.split("/").pop() || "transcript.json";
      return recorded({ kind: "transcript", text, name, ...defined({ format: source.format }) }, lang, loaders);
    }
    case "transcript":
      return recorded(source, lang, loaders);
    case "transcriptFile": {
      const read = await readFromLoader({ blob: source.file }, source.format, source.name, loaders);
      if (read === "unread") return unread("figureFetchFailed");
      if (read !== null) return recordedRun(read, source.name, lang, loaders);
      const text = await source.file.text().catch(() => null);
      if (text === null) return unread("figureFetchFailed");
      return recorded(
        {
          kind: "transcript",
          text,
          name: source.name,
          ...defined({ format: source.format }),
        },
        lang,
        loaders,
      );
    }
    default: {
      const never: never = source;
      return never;
    }
  }
}

/**
 * A file or URL read by the shell's own reader, when it has one: the result, `unread` when it could not be read,
 * null when the shell has no such reader (the resolver reads the text itself).
 */
async function readFromLoader(
  from: { readonly blob: Blob } | { readonly url: URL },
  format: FormatId | undefined,
  name: string,
  loaders: SourceLoaders,
): Promise<ImportResult | "unread" | null> {
  if (loaders.transcripts === undefined) return null;
  const { readFrom } = await loaders.transcripts();
  if (readFrom === undefined) return null;
  return (await readFrom(from, format, name)) ?? "unread";
}

/** A recorded run read by the import, told in the story the shell gives a recorded run. */
async function recorded(
  source: Extract<FigureSource, { kind: "transcript" }>,
  lang: Lang,
  loaders: SourceLoaders,
): Promise<Resolved> {
  if (loaders.transcripts === undefined) return notRead("transcripts");
  const { read } = await loaders.transcripts();
  return recordedRun(await read(source.text, source.format, source.name), source.name, lang, loaders);
}

/** An import's result as what the figure shows: the run, told in the shell's story for a recorded run; or why not. */
async function recordedRun(result: ImportResult, name: string, lang: Lang, loaders: SourceLoaders): Promise<Resolved> {
  if (loaders.transcripts === undefined) return notRead("transcripts");
  const { story } = await loaders.transcripts();
  if (!result.ok)
    return {
      status: "problems",
      problems: [],
      unread: null,
      failure: { format: result.format, errors: result.errors, more: result.more },
    };
  const { trace, problems, notes, summary } = result;
  return {
    status: "shown",
    id: name.replace(/\.json$/i, ""),
    trace,
    story: story(name, summary, lang),
    warnings: [],
    imported: { name, summary, problems, notes },
  };
}

async function opened(file: unknown, lang: Lang, loaders: SourceLoaders): Promise<Resolved> {
  if (loaders.figures === undefined) return notRead("figure files");
  const { open } = await loaders.figures();
  return shownOf(open(file, lang));
}

function shownOf(opening: FigureOpening): Resolved {
  if (!opening.ok) return { status: "problems", problems: opening.problems, unread: null };
  const { id, trace, story, warnings } = opening.figure;
  return { status: "shown", id, trace, story, warnings };
}
