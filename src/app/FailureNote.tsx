/** Why a transcript was not loaded, as the page shows it: kept apart from the import panel, which loads on demand. */

/** Why a transcript was not loaded: a heading, then each error with its place. */
export interface LoadFailure {
  readonly heading: string;
  readonly lines: readonly string[];
}

/** A failure as the page shows it: an alert with its heading and lines (plain text, never HTML). */
export function FailureNote(props: { failure: LoadFailure }) {
  const { failure } = props;
  return (
    <div role="alert" className="page-note">
      <p>{failure.heading}</p>
      <ul>
        {failure.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of problems, in order
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
