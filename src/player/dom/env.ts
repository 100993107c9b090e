/**
 * What the DOM modules take from the browser, given to them rather than read from globals, so that they run (and
 * are tested) without React and without a layout engine.
 */
export interface DomEnv {
  readonly ResizeObserver: typeof ResizeObserver | undefined;
  readonly requestAnimationFrame: (callback: FrameRequestCallback) => number;
  readonly cancelAnimationFrame: (handle: number) => void;
}

/** The browser's own (ResizeObserver absent in old browsers and in jsdom: the modules then stay idle). */
export const browserEnv = (): DomEnv => ({
  ResizeObserver: typeof ResizeObserver === "undefined" ? undefined : ResizeObserver,
  requestAnimationFrame: (callback) => requestAnimationFrame(callback),
  cancelAnimationFrame: (handle) => cancelAnimationFrame(handle),
});

/** An element the modules scroll and listen to: only what they use of it. */
export type ScrollBox = Pick<Element, "addEventListener" | "removeEventListener"> & {
  scrollTop: number;
  scrollLeft: number;
};
