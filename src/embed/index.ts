/**
 * The npm package's public API: the figure as a React component, with its types.
 * Styles: `import "agent-loop-figure/style.css"` (see ./package.ts).
 */
export type { Lang } from "../content/languages";
export type { Checkpoint, CheckpointOption } from "../content/types";
export type { Statement } from "../course/xapi";
export type { FigureFileInput } from "../figure/types";
export type { ControlsMode, PlayerHandle, Progress, ScenarioLinks, Theme } from "../player";
export type { ScenarioId } from "../scenarios/ids";
export { SCENARIO_IDS } from "../scenarios/ids";
export type { AgentLoopFigureProps, FigureProblemInfo } from "./AgentLoopFigure";
export { AgentLoopFigure } from "./AgentLoopFigure";
export type { CompletedFields, ProgressFields } from "./course-events";
