import { useMemo } from "react";
import { catalogs, storyCatalog } from "../content";
import { DEFAULT_SCENARIO_ID, type Lang, runScenario, type ScenarioId, scenarioById } from "../engine";
import { Player, type PlayerProps } from "../player";

/**
 * The figure as one component: the player's props (controlled `step` + `onStepChange` or `defaultStep`, `dwell`,
 * `autoplay`, `theme`, `controls`, `onPlay` / `onPause` / `onEnded`, `ref` for the handle), with a built-in
 * scenario instead of a trace. They mirror embed.html's URL parameters.
 */
export interface AgentLoopFigureProps extends Omit<PlayerProps, "trace" | "text"> {
  /** A built-in scenario. Default `f22`. */
  readonly scenario?: ScenarioId;
  /** Default `zh`. */
  readonly lang?: Lang;
}

/**
 * Figure F22 (or another built-in scenario), run by the engine and shown by the player.
 * @example <AgentLoopFigure lang="en" defaultStep={3} onStepChange={(n) => console.log(n)} />
 */
export function AgentLoopFigure(props: AgentLoopFigureProps) {
  const { scenario = DEFAULT_SCENARIO_ID, lang = "zh", ...rest } = props;
  const trace = useMemo(() => runScenario(scenarioById(scenario, lang)), [scenario, lang]);
  const text = useMemo(() => storyCatalog(catalogs[lang], scenario), [scenario, lang]);
  return <Player {...rest} trace={trace} text={text} />;
}
