/**
 * A list that may be very long (a 100,000-message log can have thousands of problems): its first items, and a
 * button that shows the next batch. The page never mounts a node per problem of a run it has not been asked to.
 */
import { type ReactNode, useState } from "react";

/** Items shown at first, and added by each press of the button. */
export const LIST_BATCH = 25;

export function CappedList<T>(props: {
  items: readonly T[];
  keyOf: (item: T, index: number) => string;
  render: (item: T) => ReactNode;
  showMore: (next: number, left: number) => string;
}) {
  const [shown, setShown] = useState(LIST_BATCH);
  const left = props.items.length - shown;
  return (
    <>
      <ul>
        {props.items.slice(0, shown).map((item, index) => (
          <li key={props.keyOf(item, index)}>{props.render(item)}</li>
        ))}
      </ul>
      {left <= 0 ? null : (
        <button type="button" className="page-button" onClick={() => setShown(shown + LIST_BATCH)}>
          {props.showMore(Math.min(LIST_BATCH, left), left)}
        </button>
      )}
    </>
  );
}
