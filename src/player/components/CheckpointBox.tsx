/**
 * A checkpoint at its step: the question (a group named by it), its options as buttons in the order shuffled for
 * this reader (so the tab order, the names read out and the verdict follow what is shown), and once the reader has
 * chosen, the verdict with the explanation — in words and a symbol, never colour alone. A checkpoint stepped
 * past unanswered stays skipped, its answer shown. Nothing here moves or fades, so reduced motion has nothing to
 * turn off.
 */
import { useId } from "react";
import { useStore } from "zustand";
import { languageOf } from "../../content/languages";
import type { PlacedCheckpoint } from "../../course/progress";
import { useCatalog } from "../catalog";
import { useLater } from "../later";
import { usePlayerStore } from "../store/context";

export function CheckpointBox(props: { readonly point: PlacedCheckpoint }) {
  const { point } = props;
  const { checkpoint, key, right } = point;
  const { ui } = useCatalog();
  const later = useLater();
  const store = usePlayerStore();
  const chosen = useStore(store, (state) => state.answers.get(key));
  const skipped = useStore(store, (state) => !state.answers.has(key) && Math.max(...state.visited) > point.stepIndex);
  const question = useId();
  const settled = chosen !== undefined || skipped;
  return (
    <section
      className="alf-checkpoint"
      role="group"
      aria-labelledby={question}
      data-settled={settled ? "" : undefined}
      // A story's checkpoint in another language than the figure's: read out in its own.
      lang={checkpoint.lang === undefined ? undefined : languageOf(checkpoint.lang).htmlLang}
    >
      <p className="alf-checkpoint-kicker">
        <span aria-hidden="true">? </span>
        {later.checkpointKicker}
      </p>
      <p id={question} className="alf-checkpoint-question">
        {checkpoint.question}
      </p>
      <div className="alf-checkpoint-options">
        {point.order.map((i) => {
          const option = checkpoint.options[i];
          if (option === undefined) return null;
          const marks = settled
            ? [i === chosen ? later.checkpointYours : null, i === right ? later.checkpointRightOption : null].filter(
                (mark) => mark !== null,
              )
            : [];
          return (
            <button
              // An option is its index in the file, wherever this reader is shown it (`order`): the answer, the
              // grade and every report name the option, never its place.
              key={i}
              type="button"
              className="alf-button alf-checkpoint-option"
              // Settled options stay focusable (a disabled button would drop the focus, and the keys, out of the
              // figure); they say they are done instead.
              aria-disabled={settled ? true : undefined}
              data-right={settled && i === right ? "" : undefined}
              data-chosen={i === chosen ? "" : undefined}
              onClick={() => {
                if (!settled) store.getState().answer(key, i);
              }}
            >
              {settled ? <span aria-hidden="true">{i === right ? "✓ " : i === chosen ? "✗ " : ""}</span> : null}
              {option.text}
              {marks.length === 0 ? null : <span className="alf-checkpoint-mark">{later.checkpointMarks(marks)}</span>}
            </button>
          );
        })}
      </div>
      {chosen !== undefined ? (
        <p className="alf-checkpoint-verdict" data-verdict={chosen === right ? "right" : "wrong"}>
          <span aria-hidden="true">{chosen === right ? "✓ " : "✗ "}</span>
          {ui.checkpointVerdict(chosen === right, checkpoint.explanation)}
        </p>
      ) : skipped ? (
        <p className="alf-checkpoint-verdict" data-verdict="skipped">
          {later.checkpointSkipped(checkpoint.explanation)}
        </p>
      ) : (
        <p className="alf-checkpoint-hint">{later.checkpointHint}</p>
      )}
    </section>
  );
}
