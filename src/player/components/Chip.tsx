import { usePlayer, usePlayerStore } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";

/** The call_id whose thread is highlighted: the one pointed at, else the pinned one. */
const activeThread = (s: PlayerState) => s.thread ?? s.pinnedThread;

/**
 * A call_id, drawn the same everywhere it appears so the eye links proposal, check, result and context. Pointing
 * at one, or focusing one, highlights every place the same id appears (its thread); pressing one pins it.
 * `label` makes it a button (in the panels, reachable by keyboard); without one it is a passive mark (in the
 * diagram, whose future rows are hidden from assistive technology and so must hold nothing focusable).
 */
export function CallIdChip(props: { callId: string; label?: string }) {
  const { callId, label } = props;
  const store = usePlayerStore();
  const lit = usePlayer((s) => activeThread(s) === callId);
  const pinned = usePlayer((s) => s.pinnedThread === callId);
  const point = () => store.getState().pointThread(callId);
  const leave = () => store.getState().pointThread(null, callId);
  if (label === undefined) {
    return (
      <code className="alf-chip" data-thread={lit ? "" : undefined} onPointerEnter={point} onPointerLeave={leave}>
        {callId}
      </code>
    );
  }
  return (
    <button
      type="button"
      className="alf-chip"
      data-thread={lit ? "" : undefined}
      aria-pressed={pinned}
      aria-label={label}
      onPointerEnter={point}
      onPointerLeave={leave}
      onFocus={point}
      onBlur={leave}
      onClick={() => store.getState().togglePin(callId)}
    >
      {callId}
    </button>
  );
}
