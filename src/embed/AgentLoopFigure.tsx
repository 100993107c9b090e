import { useMemo } from "react";
import { type Catalog, catalogs, storyCatalog } from "../content";
import { DEFAULT_SCENARIO_ID, type Lang, runScenario, type ScenarioId } from "../engine";
import { Player, type PlayerProps } from "../player";
import { SCENARIOS, type ScenarioEntry } from "../scenarios";

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

/** One scenario, run by the engine in the catalog's language and told in its own words by the player. */
export function ScenarioFigure(
  props: Omit<AgentLoopFigureProps, "scenario" | "lang"> & { readonly entry: ScenarioEntry; readonly text: Catalog },
) {
  const { entry, text: catalog, ...rest } = props;
  const lang = catalog.lang;
  const trace = useMemo(() => runScenario(entry.build(lang)), [entry, lang]);
  const text = useMemo(() => storyCatalog(catalog, entry.stories[lang]), [entry, catalog, lang]);
  return <Player {...rest} trace={trace} text={text} />;
}

/**
 * Figure F22 (or another built-in scenario), run by the engine and shown by the player.
 * @example <AgentLoopFigure lang="en" defaultStep={3} onStepChange={(n) => console.log(n)} />
 */
export function AgentLoopFigure(props: AgentLoopFigureProps) {
  const { scenario = DEFAULT_SCENARIO_ID, lang = "zh", ...rest } = props;
  return <ScenarioFigure {...rest} entry={SCENARIOS[scenario]} text={catalogs[lang]} />;
}
