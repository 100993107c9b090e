/**
 * The npm package's entry: the figure as a React component. Styles: `import "agent-loop-figure/style.css"`.
 */
import "../player/player.css";

export type { Lang, ScenarioId } from "../engine";
export { SCENARIO_IDS } from "../engine";
export type { ControlsMode, PlayerHandle, Theme } from "../player";
export type { AgentLoopFigureProps } from "./AgentLoopFigure";
export { AgentLoopFigure } from "./AgentLoopFigure";
