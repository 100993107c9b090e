import { usePlayer, usePlayerStore } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";

/** Longer ids (a provider's `toolu_…`, `call_…` of 24 or more characters) are drawn shortened in the diagram. */
const SHORT_AFTER = 16;

/**
 * An id as the diagram draws it: whole when short, else an ellipsis and its tail (a provider's ids share their head,
 * `toolu_01…`, and differ in their tail); the whole id is in the chip's title, read aloud, and in the panels.
 */
export const drawnId = (callId: string): string => (callId.length > SHORT_AFTER ? `…${callId.slice(-6)}` : callId);

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
    const drawn = drawnId(callId);
    return (
      <code
        className="alf-chip"
        data-thread={lit ? "" : undefined}
        title={drawn === callId ? undefined : callId}
        onPointerEnter={point}
        onPointerLeave={leave}
      >
        {drawn === callId ? (
          callId
        ) : (
          <>
            <span aria-hidden="true">{drawn}</span>
            <span className="alf-sr-only">{callId}</span>
          </>
        )}
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
