import { memo, useCallback, useId } from "react";
import { useCatalog } from "../catalog";
import { prefersReducedMotion } from "../motion";
import { usePlayer, usePlayerStore } from "../store/context";
import { DWELL, dataStateOf, type PlayerState, stepCountOf } from "../store/createPlayerStore";

// One primitive per selector: no object to compare shallowly (and no useShallow to ship).
const selectIndex = (s: PlayerState) => s.index;
const selectStepCount = (s: PlayerState) => stepCountOf(s);
const selectDataState = (s: PlayerState) => dataStateOf(s);
const selectDwell = (s: PlayerState) => s.dwellSeconds;
const selectDwellChosen = (s: PlayerState) => s.dwellChosen;
const selectDwellNow = (s: PlayerState) => s.dwellNow;

/**
 * Previous / Play-Pause / Next, the counter and the dwell slider. The ends are aria-disabled rather than
 * disabled, so a focused button that reaches an end keeps focus (and the figure keeps the keyboard).
 */
export function Controls(props: {
  mode: "full" | "minimal";
  /**
   * Whether the step's checkpoint question waits for an answer (Next then says that stepping on skips it);
   * undefined for a figure without checkpoints.
   */
  skip?: boolean | undefined;
}) {
  const text = useCatalog();
  const { ui } = text;
  const index = usePlayer(selectIndex);
  const stepCount = usePlayer(selectStepCount);
  const dataState = usePlayer(selectDataState);
  const dwellNow = usePlayer(selectDwellNow);
  // Actions never change: read them from the store, not through a subscription.
  const { prev, next, toggle } = usePlayerStore().getState();
  const atFirst = index === 0;
  const atLast = index === stepCount - 1;
  const playName = dataState === "playing" ? ui.pause : atLast ? ui.replay : ui.play;
  return (
    <div className="alf-controls" role="group" aria-label={ui.controlsLabel}>
      <div className="alf-buttons">
        <button type="button" className="alf-button" aria-disabled={atFirst} onClick={atFirst ? undefined : prev}>
          <span aria-hidden="true">◀ </span>
          <span className="alf-button-words">{ui.prev}</span>
        </button>
        <button type="button" className="alf-button alf-button-primary" data-state={dataState} onClick={toggle}>
          <span className="alf-swap">
            {/* Keyed by its words: a new label is new content, not the old one moved (centred, a label of another
                length starts elsewhere, which the browser would count as a layout shift). */}
            <span key={playName}>
              <span aria-hidden="true">{dataState === "playing" ? "❚❚ " : "▶ "}</span>
              {playName}
            </span>
            {/* Every label, never seen or read, in the same cell: the button is as wide as its widest label, so
                Play / Pause / Replay never moves its neighbours. */}
            {[`▶ ${ui.play}`, `❚❚ ${ui.pause}`, `▶ ${ui.replay}`].map((label) => (
              <span key={label} className="alf-swap-reserve" aria-hidden="true">
                {label}
              </span>
            ))}
          </span>
          {/* While playing, how far the step's stay has gone: a line along the button's foot, anew at each step. */}
          {dataState === "playing" && dwellNow !== null ? (
            <DwellLine key={`${index}:${dwellNow}`} seconds={dwellNow} />
          ) : null}
        </button>
        <button type="button" className="alf-button" aria-disabled={atLast} onClick={atLast ? undefined : next}>
          <span className="alf-swap">
            {/* Keyed by its words, over the room of the longer (as Play's): nothing beside it moves. */}
            <span key={props.skip ? "skip" : "next"}>
              {props.skip ? (
                <>
                  {/* On a phone's bar, its first word (the whole name is still read out). */}
                  <span className="alf-skip-long">{ui.skipQuestion}</span>
                  <span className="alf-skip-short" aria-hidden="true">
                    {ui.skip}
                  </span>
                </>
              ) : (
                ui.next
              )}
              <span aria-hidden="true"> ▶</span>
            </span>
            {props.skip === undefined ? null : (
              <span className="alf-swap-reserve" aria-hidden="true">
                <span className="alf-skip-long">{ui.skipQuestion}</span>
                <span className="alf-skip-short">{ui.skip}</span> ▶
              </span>
            )}
          </span>
        </button>
        <span className="alf-counter">
          <span aria-hidden="true">{ui.counter(index + 1, stepCount)}</span>
          <span className="alf-sr-only">{ui.counterLabel(index + 1, stepCount)}</span>
        </span>
      </div>
      {props.mode === "minimal" ? null : <Dwell />}
    </div>
  );
}

/**
 * A step's stay while playing, as a line that fills in its time (the Web Animations API: a transform only, no layout).
 * Under reduced motion it is not drawn; the dwell's words say how long the step stays.
 */
function DwellLine(props: { seconds: number }) {
  const { seconds } = props;
  const fill = useCallback(
    (line: HTMLSpanElement | null) => {
      if (line === null || typeof line.animate !== "function" || prefersReducedMotion()) return;
      const run = line.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], {
        duration: seconds * 1000,
        easing: "linear",
        fill: "forwards",
      });
      return () => run.cancel();
    },
    [seconds],
  );
  return <span className="alf-dwell-line" aria-hidden="true" ref={fill} />;
}

/** While playing, which dwell applies to this step: its own stay, longer than the setting when its words are. */
const DwellNow = memo(function DwellNow(props: { chosen: boolean; dwell: number }) {
  const { ui } = useCatalog();
  const seconds = usePlayer(selectDwellNow);
  return seconds === null ? null : (
    // Not announced: the step change is the one announcement (an <output> is a live region).
    <span className="alf-dwell-now" aria-hidden="true">
      {ui.dwellNow(seconds, !props.chosen && seconds > props.dwell)}
    </span>
  );
});

/**
 * The dwell slider, a component of its own so a step change never renders it: React rewrites a controlled
 * input's `type` and `name` attributes on every render of it, three DOM writes per step for nothing. Memoised:
 * its catalog changes with the language, its value with the slider.
 */
const Dwell = memo(function Dwell() {
  const text = useCatalog();
  const { ui } = text;
  const dwellSeconds = usePlayer(selectDwell);
  const chosen = usePlayer(selectDwellChosen);
  // Not chosen: at least this long, and as long as a step's words take to read.
  const said = chosen ? ui.dwellValue(dwellSeconds) : ui.dwellAtLeast(dwellSeconds);
  const { setDwell } = usePlayerStore().getState();
  const dwellId = useId();
  return (
    <div className="alf-dwell">
      <label htmlFor={dwellId}>{ui.dwell}</label>
      <input
        id={dwellId}
        type="range"
        min={DWELL.min}
        max={DWELL.max}
        step={DWELL.step}
        value={dwellSeconds}
        aria-valuetext={said}
        onChange={(event) => setDwell(Number(event.currentTarget.value))}
      />
      <output htmlFor={dwellId}>
        {/* Its words, and while playing the step's own stay in their place: the room of the longest is kept. */}
        <span className="alf-swap">
          <span className="alf-dwell-said">{said}</span>
          <DwellNow chosen={chosen} dwell={dwellSeconds} />
          <span className="alf-swap-reserve" aria-hidden="true">
            {said}
          </span>
          <span className="alf-swap-reserve" aria-hidden="true">
            {ui.dwellNow(88.8, true)}
          </span>
        </span>
      </output>
    </div>
  );
});
