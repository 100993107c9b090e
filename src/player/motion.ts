/** Whether the reader asked for reduced motion: then nothing travels and nothing plays by itself. */
export const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
