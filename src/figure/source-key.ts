/**
 * What the shells take from the resolver (./source.ts) without loading it: a source's identity, for a shell that keys
 * what it shows by it; and a built-in's resolution, for a shell given one at once (a server
 * render, the build's default figure), shaped as the resolver shapes it.
 */
import { writtenStepWords } from "../content/types";
import { defined } from "../engine/defined";
import type { BuiltinShown, FigureSource, Resolved } from "./source";

/** Built-in `id` as the resolver shows it, from what a loader handed over. */
export function builtinResolution(id: string, built: BuiltinShown): Resolved {
  const { trace, story, words, checkpoints } = built;
  return {
    status: "shown",
    id,
    trace,
    story,
    warnings: [],
    ...defined({ words: words === undefined ? undefined : writtenStepWords(trace, words) }),
    ...defined({ checkpoints }),
  };
}

/**
 * A source's identity, by content: the same file written anew (an inline object at every render) is the same
 * source, so a shell resolves it once.
 */
export function sourceKey(source: FigureSource): string {
  switch (source.kind) {
    case "builtin":
      return `builtin:${source.id}`;
    case "url":
      return `url:${source.url}`;
    case "shared":
      return `shared:${source.payload}`;
    case "transcript":
      return `transcript:${source.format ?? ""}:${source.name}:${source.text}`;
    case "transcriptUrl":
      return `transcriptUrl:${source.format ?? ""}:${source.url}`;
    case "live":
      return `live:${source.url}`;
    case "transcriptFile":
      // A chosen file, by what the browser says of it (its content is read only when it is resolved).
      return `transcriptFile:${source.format ?? ""}:${source.name}:${source.file.size}:${"lastModified" in source.file ? source.file.lastModified : ""}`;
    case "file": {
      if (typeof source.file === "string") return `text:${source.file}`;
      try {
        return `json:${JSON.stringify(source.file)}`;
      } catch {
        // Not JSON data (a cycle, a function): one key for all such, each its own problem once opened.
        return "unjson";
      }
    }
    default: {
      const never: never = source;
      return never;
    }
  }
}
