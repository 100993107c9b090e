/**
 * The resolver's half for what is read from elsewhere (./source.ts loads it when first asked): a share link's
 * payload, a figure file's URL, a recorded run's text, file or URL. Apart, so that a shell showing a built-in or a
 * figure file it was given never loads the fetching and the import's plumbing.
 */
import type { Lang } from "../content/languages";
import { defined } from "../engine";
import type { ImportOptions, ImportResult } from "../formats/import";
import type { FormatId } from "../formats/index";
import { fetchedText } from "./fetched";
import {
  type FetchFailure,
  type FigureSource,
  notRead,
  opened,
  type Resolved,
  type SourceLoaders,
  shownOf,
  type Unread,
} from "./source";

const unread = (why: Unread, fetched?: FetchFailure): Resolved => ({
  status: "problems",
  problems: [],
  unread: why,
  ...defined({ fetched }),
});

/** A source read from elsewhere, in `lang`. */
export async function resolveRead(
  source: Exclude<FigureSource, { kind: "builtin" | "file" }>,
  lang: Lang,
  loaders: SourceLoaders,
): Promise<Resolved> {
  switch (source.kind) {
    case "shared": {
      if (loaders.figures === undefined) return notRead("figure files");
      const { readShare } = await loaders.figures();
      if (readShare === undefined) return unread("shareDamaged");
      const read = readShare(source.payload);
      if (!read.ok) return unread(read.why === "damaged" ? "shareDamaged" : "shareTooLong");
      return opened(read.text, lang, loaders);
    }
    case "url":
    case "transcriptUrl":
    case "live": {
      let url: URL;
      try {
        url = new URL(source.url, loaders.base ?? globalThis.document?.baseURI);
      } catch {
        return unread("figureFetchFailed");
      }
      if (loaders.allows !== undefined && !loaders.allows(url)) return unread("figureOtherOrigin");
      if (url.protocol !== "https:" && url.protocol !== "http:") return unread("figureOtherOrigin");
      const format = source.kind === "transcriptUrl" ? source.format : undefined;
      const options = source.kind === "live" ? { sent: true } : {};
      if (source.kind !== "url") {
        const name = url.pathname.split("/").pop() || "transcript.json";
        const read = await readFromLoader({ url }, format, name, loaders, options);
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
      return recorded({ kind: "transcript", text, name, ...defined({ format }) }, lang, loaders, options);
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
  options: ImportOptions = {},
): Promise<ImportResult | "unread" | null> {
  if (loaders.transcripts === undefined) return null;
  const { readFrom } = await loaders.transcripts();
  if (readFrom === undefined) return null;
  return (await readFrom(from, format, name, options)) ?? "unread";
}

/** A recorded run read by the import, told in the story the shell gives a recorded run. */
async function recorded(
  source: Extract<FigureSource, { kind: "transcript" }>,
  lang: Lang,
  loaders: SourceLoaders,
  options: ImportOptions = {},
): Promise<Resolved> {
  if (loaders.transcripts === undefined) return notRead("transcripts");
  const { read } = await loaders.transcripts();
  return recordedRun(await read(source.text, source.format, source.name, options), source.name, lang, loaders);
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
