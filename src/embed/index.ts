/**
 * The npm package's public API: the figure as a React component, with its types.
 * Styles: `import "agent-loop-figure/style.css"` (see ./package.ts).
 */
export type { Lang, ScenarioId } from "../engine";
export { SCENARIO_IDS } from "../engine";
export type { ControlsMode, PlayerHandle, Theme } from "../player";
export type { AgentLoopFigureProps } from "./AgentLoopFigure";
export { AgentLoopFigure } from "./AgentLoopFigure";
