/**
 * The player's one public door: the app and every embed shell import from here, never from deeper files.
 */

export type { ShownProblem } from "./FigureProblems";
export { FigureProblems } from "./FigureProblems";
export type { StepNote } from "./notes";
export type { ControlsMode, PlayerHandle, PlayerProps, Theme } from "./Player";
export { Player } from "./Player";
export type { PlacedCheckpoint, Progress } from "./progress";
export { placeCheckpoints, progressOf } from "./progress";
export { DWELL } from "./store/createPlayerStore";
export { useFigureSource } from "./useFigureSource";
export { useLatest } from "./useLatest";
