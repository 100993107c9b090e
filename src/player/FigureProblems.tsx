/**
 * What stands where a figure would be when its figure file cannot be shown: the problems, each at its place in
 * the file (path, line and column) with what was expected there, as text (never markup: a file's words are
 * data). In the figure's own scoped root and theme, so it looks like part of the figure's box, not the page.
 */
import { use, useId } from "react";
import { languageOf } from "../content/languages";
import type { FigureLabels, UiText } from "../content/types";
import type { Resolved } from "../figure/source";
import { loadLater } from "./later";
import type { Theme } from "./Player";

/** One problem with a figure file, as src/figure says it. */
export interface ShownProblem {
  readonly message: string;
  /** Dotted path of keys in the file, "" for the whole file. */
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
}

/**
 * What a reader is told of a source that gave nothing to read (a URL that gave a login page, a damaged share link):
 * why, as a note, and for the author what the URL gave instead, as a detail. Empty for a source that was read.
 */
export function unreadWords(
  ui: UiText,
  resolved: Extract<Resolved, { status: "problems" }>,
): { readonly note?: string; readonly detail?: string } {
  return {
    ...(resolved.unread === null ? {} : { note: ui[resolved.unread] }),
    ...(resolved.fetched === undefined ? {} : { detail: ui.fetchFailure(resolved.fetched) }),
  };
}

/** The one problem a source that gave nothing to read is reported as (`loaderror`, `onFigureError`). */
export const unreadProblem = (words: { readonly note?: string; readonly detail?: string }) => ({
  message: [words.note ?? "", words.detail ?? ""].join(" ").trim(),
  path: "",
});

/**
 * The problems of a figure file that cannot be shown, or a notice (`problems` empty, `note` said instead).
 * @example <FigureProblems text={catalogs.en} problems={[{ message: "expected number", path: "scenario.host.maxModelCalls", line: 12, column: 22 }]} />
 */
export function FigureProblems(props: {
  readonly text: FigureLabels;
  readonly problems: readonly ShownProblem[];
  /** Said instead of the list note (a fetch that failed, a refused origin). */
  readonly note?: string;
  /** Said after the note, for the author (what a URL gave instead of the file). */
  readonly detail?: string;
  /** How many more problems there were than are listed. */
  readonly more?: number;
  readonly theme?: Theme;
  /**
   * Shown to readers who did not write the file (an embedded figure: a course's learners), who are told what
   * happened before the author is told what to fix.
   */
  readonly forReaders?: boolean;
}) {
  const { text, problems, note, more = 0 } = props;
  const { ui } = text;
  // Where the catalog has no later words (the chapter page's labels), they load: this view is in a boundary there.
  const later = text.later ?? use(loadLater(text.lang));
  const heading = useId();
  return (
    <div className="alf-root" data-theme={props.theme ?? "auto"} lang={languageOf(text.lang).htmlLang}>
      <section className="alf-figure alf-problems" aria-labelledby={heading}>
        <div role="alert">
          <h3 id={heading} className="alf-problems-title">
            <span aria-hidden="true">⚠ </span>
            {problems.length === 0 && note !== undefined ? later.figureUnread : ui.figureProblems}
          </h3>
          {note === undefined && props.forReaders === true ? (
            <>
              <p>{later.figureBrokenForReaders}</p>
              <p>{later.figureProblemsForAuthor}</p>
            </>
          ) : (
            <p>{note ?? later.figureProblemsNote}</p>
          )}
          {props.detail === undefined ? null : <p className="alf-problems-detail">{props.detail}</p>}
        </div>
        {problems.length === 0 ? null : (
          <ol className="alf-problems-list">
            {problems.map((problem) => (
              <li key={`${problem.path}:${problem.line}:${problem.column}:${problem.message}`}>
                {problem.path === "" ? <span>{later.theFile}</span> : <code>{problem.path}</code>}
                {problem.line === undefined ? null : (
                  <span className="alf-problems-place"> ({later.problemPlace(problem.line, problem.column ?? 1)})</span>
                )}
                {": "}
                <span>{problem.message}</span>
              </li>
            ))}
            {more > 0 ? <li className="alf-problems-more">{later.moreProblems(more)}</li> : null}
          </ol>
        )}
      </section>
    </div>
  );
}
