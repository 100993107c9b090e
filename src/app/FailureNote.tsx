/**
 * Why a transcript was not loaded, as the page shows it: kept apart from the import panel, which loads on demand.
 * The failure is data (the import's errors); it is phrased when shown, so it reads in the page's language of the
 * moment, whichever route (paste, file, link) it came from.
 */
import type { ImportText } from "../content/types";
import { type FormatId, formatName } from "../formats";
import type { ReadError } from "../formats/types";

/** Why a transcript was not loaded: the format it was read as, its first errors and how many more there were. */
export interface LoadFailure {
  readonly format: FormatId | null;
  readonly errors: readonly ReadError[];
  readonly more: number;
}

/** Each error with its place (line and column for text that is not JSON, a path into the data otherwise). */
export function failureLines(failure: LoadFailure, text: ImportText): string[] {
  return [
    ...failure.errors.map((e) =>
      e.line !== undefined && e.column !== undefined
        ? `${e.message} (${text.at(e.line, e.column)})`
        : `${e.path ? `${e.path}: ` : ""}${e.message}`,
    ),
    ...(failure.more > 0 ? [text.more(failure.more)] : []),
  ];
}

/** A failure as the page shows it: an alert with its heading and lines (plain text, never HTML). */
export function FailureNote(props: {
  failure: LoadFailure;
  text: ImportText;
  /** The words over the errors, where the page's own would not be true (the viewer, with nothing shown behind). */
  heading?: (format: string | null) => string;
}) {
  const { failure, text } = props;
  const format = failure.format === null ? null : formatName(failure.format);
  return (
    <div role="alert" className="page-note">
      <p>{(props.heading ?? text.failed)(format)}</p>
      <ul>
        {failureLines(failure, text).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of problems, in order
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
