import { domAnimation, LazyMotion, MotionConfig } from "framer-motion";
import { useEffect, useRef, useState } from "react";
import { type Catalog, catalogs, LANGS } from "../content";
import type { Lang, Trace } from "../engine";
import { EnlargeDialog } from "./components/EnlargeDialog";
import { FigureView, LanguageToggle } from "./components/FigureView";
import { PlayerProvider, usePlayer, usePlayerStore } from "./store/context";
import type { PlayerState } from "./store/createPlayerStore";
import { usePlayback } from "./usePlayback";

export interface PlayerProps {
  trace: Trace;
  lang: Lang;
  /** 0-based step to open at. */
  initialIndex?: number;
  /** Called with the 1-based step number whenever it changes (for deep links). */
  onStepChange?: (stepNumber: number) => void;
  /** When given, the figure shows a 中文 / English switch. */
  onLangChange?: (lang: Lang) => void;
  /** Ask the figure to show a 1-based step (e.g. a `#step-N` link was followed); pass a new object each time. */
  request?: { readonly step: number };
}

const selectIndex = (s: PlayerState) => s.index;

function PlayerBody(props: PlayerProps & { text: Catalog }) {
  const { trace, text, onStepChange, onLangChange, lang, request } = props;
  const store = usePlayerStore();
  useEffect(() => {
    if (request !== undefined) store.getState().goTo(request.step - 1);
  }, [request, store]);
  const [enlarged, setEnlarged] = useState(false);
  const enlargeButton = useRef<HTMLButtonElement>(null);
  const index = usePlayer(selectIndex);
  usePlayback();
  const reported = useRef(index);
  useEffect(() => {
    if (reported.current === index) return;
    reported.current = index;
    onStepChange?.(index + 1);
  }, [index, onStepChange]);

  const languageToggle =
    onLangChange === undefined ? null : (
      <LanguageToggle lang={lang} text={text} catalogs={LANGS.map((l) => catalogs[l])} onChange={onLangChange} />
    );
  return (
    <>
      <FigureView
        trace={trace}
        text={text}
        variant="inline"
        announce={!enlarged}
        toolbar={
          <>
            {languageToggle}
            <button
              ref={enlargeButton}
              type="button"
              className="alf-button alf-button-small"
              onClick={() => setEnlarged(true)}
            >
              <span aria-hidden="true">⤢ </span>
              {text.ui.enlarge}
            </button>
          </>
        }
      />
      <EnlargeDialog
        open={enlarged}
        label={text.ui.dialogLabel}
        onClose={() => setEnlarged(false)}
        returnFocusTo={enlargeButton}
      >
        <FigureView
          trace={trace}
          text={text}
          variant="enlarged"
          announce={enlarged}
          toolbar={
            <>
              {languageToggle}
              <button type="button" className="alf-button alf-button-small" onClick={() => setEnlarged(false)}>
                <span aria-hidden="true">✕ </span>
                {text.ui.close}
              </button>
            </>
          }
        />
      </EnlargeDialog>
    </>
  );
}

/**
 * The F22 player: renders a trace with its own store (one per instance), reduced motion honoured at the root.
 * @example <Player trace={runScenario(f22Scenario())} lang="zh" />
 */
export function Player(props: PlayerProps) {
  const text = catalogs[props.lang];
  return (
    <PlayerProvider
      stepCount={props.trace.steps.length}
      {...(props.initialIndex === undefined ? {} : { initialIndex: props.initialIndex })}
    >
      <LazyMotion features={domAnimation} strict>
        <MotionConfig reducedMotion="user">
          <PlayerBody {...props} text={text} />
        </MotionConfig>
      </LazyMotion>
    </PlayerProvider>
  );
}
