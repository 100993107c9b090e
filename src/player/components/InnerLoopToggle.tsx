import { useCatalog } from "../catalog";
import { usePlayer, usePlayerStore } from "../store/context";

/** The switch for the inner loop, off by default; one per figure (its store). */
export function InnerLoopToggle() {
  const text = useCatalog();
  const store = usePlayerStore();
  const on = usePlayer((s) => s.innerLoop);
  return (
    <button
      type="button"
      className="alf-button alf-button-small alf-switch"
      aria-pressed={on}
      onClick={() => store.getState().toggleInnerLoop()}
    >
      {text.ui.innerLoop}
    </button>
  );
}
