import { type Ref, useMemo } from "react";
import { DEFAULT_SCENARIO_ID, type Lang, runScenario, type ScenarioId, scenarioById } from "../engine";
import { type ControlsMode, Player, type PlayerHandle, type Theme } from "../player";

/** The figure as one component: props mirror embed.html's URL parameters, plus controlled/uncontrolled step. */
export interface AgentLoopFigureProps {
  /** A built-in scenario. Default `f22`. */
  readonly scenario?: ScenarioId;
  /** Default `zh`. */
  readonly lang?: Lang;
  /** Controlled step (1-based); pair it with `onStepChange`. */
  readonly step?: number;
  /** Uncontrolled: the step to open at (1-based). */
  readonly defaultStep?: number;
  readonly onStepChange?: (step: number) => void;
  /** When given, the figure shows a 中文 / English switch and reports the reader's choice. */
  readonly onLangChange?: (lang: Lang) => void;
  /** Seconds per step while playing, 1–8. */
  readonly dwell?: number;
  /** Start playing on mount (never under reduced motion). Default false. */
  readonly autoplay?: boolean;
  /** Default `auto` (the reader's system setting). */
  readonly theme?: Theme;
  /** Default `full`. */
  readonly controls?: ControlsMode;
  readonly onPlay?: () => void;
  readonly onPause?: () => void;
  readonly onEnded?: () => void;
  /** Drive the figure from outside: `goTo(step)`, `next()`, `prev()`, `play()`, `pause()`, `step`, `total`. */
  readonly ref?: Ref<PlayerHandle>;
}

/**
 * Figure F22 (or another built-in scenario), run by the engine and shown by the player.
 * @example <AgentLoopFigure lang="en" defaultStep={3} onStepChange={(n) => console.log(n)} />
 */
export function AgentLoopFigure(props: AgentLoopFigureProps) {
  const { scenario = DEFAULT_SCENARIO_ID, lang = "zh", ...rest } = props;
  const trace = useMemo(() => runScenario(scenarioById(scenario, lang)), [scenario, lang]);
  return <Player {...rest} trace={trace} lang={lang} />;
}
