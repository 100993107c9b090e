/**
 * Read a figure file — its text (a file, a URL's body, an editor's content) or an object (a React prop, a
 * message from a host page) — into a checked figure file, or every problem found, each at its place: the path
 * of keys, and for text the line and column there. Never throws, whatever the input.
 */
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import * as v from "valibot";
import { jsonSyntaxProblem } from "../trace-format/schema";
import { checkFigure } from "./check";
import { FIGURE_LIMITS, FIGURE_VERSION, type FigureFile, FigureFileSchema } from "./schema";

/** One problem with a figure file: what is wrong, where (`tools.0.name`), and for text its line and column. */
export interface FigureProblem {
  readonly message: string;
  /** Dotted path of keys, "" for the whole file. */
  readonly path: string;
  /** 1-based, when the figure was read from text. */
  readonly line?: number;
  readonly column?: number;
}

export type FigureRead =
  | { readonly ok: true; readonly file: FigureFile }
  | { readonly ok: false; readonly problems: readonly FigureProblem[] };

/** At most this many problems are listed. */
export const MAX_FIGURE_PROBLEMS = 20;

type Segment = string | number;

/** Line and column (1-based) of an offset in `text`. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Where a path is in JSON text: the value there, else its nearest parent that exists. */
function locate(text: string, path: readonly Segment[], atKey: boolean): { line: number; column: number } | null {
  const tree = parseTree(text);
  if (tree === undefined) return null;
  for (let end = path.length; end >= 0; end -= 1) {
    const node = findNodeAtLocation(tree, path.slice(0, end) as Segment[]);
    if (node !== undefined) {
      // An unknown field is named at its key, not its value.
      const at = atKey && end === path.length && node.parent?.type === "property" ? node.parent : node;
      return placeOf(text, at.offset);
    }
  }
  return null;
}

/** An issue's message in plain words: what was expected there. */
function say(issue: v.BaseIssue<unknown>): string {
  if (issue.type === "strict_object" && issue.expected === "never") {
    const key = issue.path?.at(-1)?.key;
    return `unknown field ${JSON.stringify(key)}`;
  }
  if (issue.type === "literal" && issue.path?.length === 1 && issue.path[0]?.key === "figure")
    return `expected "figure": ${FIGURE_VERSION} (this reads figure files of version ${FIGURE_VERSION})`;
  if (issue.received === "undefined") {
    const key = issue.path?.at(-1)?.key;
    return typeof key === "string" ? `missing field ${JSON.stringify(key)}` : "missing";
  }
  return issue.message.replace(/^Invalid \w+: /, "").replace(/^Expected /, "expected ");
}

/** A problem (or a warning) at its path, and for text at its line and column. */
export const placedProblem = (
  message: string,
  path: readonly Segment[],
  text: string | null,
  atKey = false,
): FigureProblem => ({
  message,
  path: path.join("."),
  ...(text === null ? {} : (locate(text, path, atKey) ?? {})),
});

/**
 * Read a figure file from its text or from an object.
 * @example readFigure('{"figure": 1, "id": "x"}').ok // false: a scenario or a recording is missing
 */
export function readFigure(source: unknown): FigureRead {
  let text: string | null = null;
  let data: unknown;
  if (typeof source === "string") {
    if (source.length > FIGURE_LIMITS.text)
      return fail([{ message: `too large: ${source.length} characters, at most ${FIGURE_LIMITS.text}`, path: "" }]);
    text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
    try {
      data = JSON.parse(text);
    } catch {
      return fail([{ path: "", ...jsonSyntaxProblem(text) }]);
    }
  } else {
    // An object from a page: plain JSON data only (no cycles, functions or class instances survive this).
    let copy: string | undefined;
    try {
      copy = JSON.stringify(source);
    } catch (error) {
      return fail([
        {
          message: `not JSON data (${error instanceof Error ? error.message : "cannot be written as JSON"})`,
          path: "",
        },
      ]);
    }
    if (copy === undefined) return fail([{ message: "not JSON data", path: "" }]);
    if (copy.length > FIGURE_LIMITS.text)
      return fail([{ message: `too large: ${copy.length} characters, at most ${FIGURE_LIMITS.text}`, path: "" }]);
    data = JSON.parse(copy);
  }
  const parsed = v.safeParse(FigureFileSchema, data, { abortPipeEarly: true });
  if (!parsed.success) {
    return fail(
      parsed.issues.map((issue) =>
        placedProblem(
          say(issue),
          (issue.path ?? []).map((item) => item.key as Segment),
          text,
          issue.type === "strict_object" && issue.expected === "never",
        ),
      ),
    );
  }
  const problems = checkFigure(parsed.output);
  if (problems.length > 0) return fail(problems.map((p) => placedProblem(p.message, p.path, text)));
  return { ok: true, file: parsed.output };
}

const fail = (problems: readonly FigureProblem[]): FigureRead => ({
  ok: false,
  problems: problems.slice(0, MAX_FIGURE_PROBLEMS),
});

/** A problem in one line: `scenario.tools.0.name (line 12, column 15): expected …`. */
export function problemLine(p: FigureProblem): string {
  const place = p.line === undefined ? "" : ` (line ${p.line}, column ${p.column ?? 1})`;
  return `${p.path === "" ? "the file" : p.path}${place}: ${p.message}`;
}
