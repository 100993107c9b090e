/**
 * The player's one public door: the app and every embed shell import from here, never from deeper files.
 */

export type { PlacedCheckpoint, Progress } from "../course/progress";
export { placeCheckpoints, progressOf } from "../course/progress";
export type { ShownProblem } from "./FigureProblems";
export { FigureProblems, unreadProblem, unreadWords } from "./FigureProblems";
export type { StepNote } from "./notes";
export type { ControlsMode, PlayerHandle, PlayerProps, Theme } from "./Player";
export { Player } from "./Player";
export type { ScenarioLinks } from "./scenario-links";
export { DWELL } from "./store/createPlayerStore";
export { type Preloaded, preloaded, useFigureSource } from "./useFigureSource";
export { useLatest } from "./useLatest";
