/**
 * The embed's stand-in for src/player/components/LazyPanels.tsx. A classic script cannot split off a chunk (a lazy
 * one would be inlined anyway), so the parts are given directly, each in the same Suspense boundary as the module
 * builds' (the pre-rendered embed page has one there, and hydration matches it).
 */
import { Suspense } from "react";
import PanelsPart from "../player/components/StepPanels";

export { CheckpointBox } from "../player/components/CheckpointBox";

type PartProps = { part: "current" | "print" | "tools" };

const boundary = (part: PartProps["part"]) => () => (
  <Suspense fallback={null}>
    <PanelsPart part={part} />
  </Suspense>
);

export const StagePanels = boundary("current");
export const StageTools = boundary("tools");
export const PrintFrames = boundary("print");
