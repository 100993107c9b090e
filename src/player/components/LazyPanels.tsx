import { type ComponentType, createContext, lazy, memo, Suspense, useContext } from "react";

/**
 * The full panels, the printed frames and the figure's drawer, from a chunk of their own (./StepPanels.tsx) that the
 * figure asks for as it first renders: the page's first load carries only the stage. One lazy component for all
 * three, so that once the stage's panels have loaded, a print (drawn at once, in `beforeprint`) finds its frames'
 * code loaded too.
 */
const Part = lazy(() => import("./StepPanels"));

type PartProps = { part: "current" | "print" | "tools" };

/**
 * The parts' component given directly, for a render that cannot wait for a chunk: the build's pre-render of the
 * pages' first frames (src/app/prerender.tsx, src/embed/prerender.tsx), whose HTML then holds the panels a browser
 * hydrates once their chunk is in. Elsewhere (null) they load.
 */
export const GivenParts = createContext<ComponentType<PartProps> | null>(null);

/** A part, in its boundary. */
function Boundary(props: PartProps) {
  const Given = useContext(GivenParts) ?? Part;
  return (
    <Suspense fallback={null}>
      <Given part={props.part} />
    </Suspense>
  );
}

/**
 * Each part in a boundary of its own that takes no props and never re-renders from above (memo), reading the step
 * from the figure's store: on a pre-rendered page the boundary keeps the server's HTML until the chunk arrives, and
 * a step taken meanwhile does not make React throw that HTML away (an update to a boundary still waiting to hydrate
 * would).
 */
export const StagePanels = memo(function StagePanels() {
  return <Boundary part="current" />;
});

/** The figure's own drawer (the format the context is shown in, how tokens are counted). */
export const StageTools = memo(function StageTools() {
  return <Boundary part="tools" />;
});

/** A checkpoint's question: it loads when the figure first reaches one (few readers switch checkpoints on). */
export const CheckpointBox = lazy(() =>
  import("./CheckpointBox").then((module) => ({ default: module.CheckpointBox })),
);

/** Every step as a numbered frame, shown only when the page is printed. */
export const PrintFrames = memo(function PrintFrames() {
  return <Boundary part="print" />;
});
