/**
 * The dependency floor: React + react-dom + framer-motion (LazyMotion, one animated element) + zustand, and
 * nothing of the figure. What any figure built on this stack costs at least, in bytes and in time.
 */
import { domAnimation, LazyMotion, MotionConfig, m } from "framer-motion";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

const store = createStore<{ step: number; next: () => void; prev: () => void }>()((set) => ({
  step: 1,
  next: () => set((s) => ({ step: Math.min(8, s.step + 1) })),
  prev: () => set((s) => ({ step: Math.max(1, s.step - 1) })),
}));

function Floor() {
  const step = useStore(store, (s) => s.step);
  return (
    <div
      className="alf-figure"
      role="region"
      aria-label="Floor F22"
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") store.getState().next();
        if (event.key === "ArrowLeft") store.getState().prev();
      }}
    >
      <h3>Step {step}</h3>
      <m.div key={step} initial={{ scaleX: 0 }} animate={{ scaleX: 1 }} style={{ height: 2, background: "#444" }} />
      <button type="button" onClick={() => store.getState().next()}>
        Next
      </button>
      <span className="alf-counter">
        <span aria-hidden="true">{step} / 8</span>
      </span>
    </div>
  );
}

const root = document.getElementById("root");
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <LazyMotion features={domAnimation} strict>
        <MotionConfig reducedMotion="user">
          <Floor />
        </MotionConfig>
      </LazyMotion>
    </StrictMode>,
  );
}
