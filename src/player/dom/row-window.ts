/**
 * The row window of a long trace's diagram, without React: which rows to mount, and the scroll box kept on the
 * current step. Positions are in rows (the box is exactly `rows` rows tall, by CSS); the row height in px comes
 * from ResizeObserver and the scroll position from scroll events, so no layout is read on a step change.
 * (After TanStack's virtual-core: a framework-free core with `update` / `destroy`, and a thin hook over it.)
 */
import { browserEnv, type DomEnv, type ScrollBox } from "./env";

/** The first row in view once the current step `index` is brought into a box of `rows` rows whose top row is `top`. */
export function followedTop(top: number, index: number, rows: number): number {
  if (index < top) return index;
  if (index >= top + rows) return index - rows + 1;
  return top;
}

/** The rows to mount for a box whose top row is `top`: those in view plus `overscan` on each side. */
export function mountedRange(top: number, total: number, rows: number, overscan: number) {
  return { start: Math.max(0, top - overscan), end: Math.min(total, top + rows + overscan) };
}

/** A row window's controller. */
export interface RowWindow {
  /** The step moved the window to `top`: scroll the box there (unless the reader is already there). */
  update(top: number): void;
  destroy(): void;
}

/**
 * Watch `box` (a scroll box `rows` rows tall): `onTop` gets the first row in view when the reader scrolls.
 * @example const window = createRowWindow(body, 12, (top) => setTop(top)); window.update(30); window.destroy();
 */
export function createRowWindow(
  box: ScrollBox & Element,
  rows: number,
  onTop: (top: number) => void,
  env: DomEnv = browserEnv(),
): RowWindow {
  let rowHeight = 0;
  let scrolledTo = box.scrollTop;
  let frame = 0;
  /** A row asked for before the box was measured (a figure opened at a later step): scrolled to once it is. */
  let pending: number | null = null;
  const scrollTo = (top: number) => {
    scrolledTo = top * rowHeight;
    box.scrollTop = scrolledTo;
  };
  const observer =
    env.ResizeObserver === undefined
      ? null
      : new env.ResizeObserver(([entry]) => {
          if (entry === undefined) return;
          rowHeight = entry.contentRect.height / rows;
          if (pending !== null && rowHeight > 0) scrollTo(pending);
          pending = null;
        });
  observer?.observe(box);
  const onScroll = () => {
    env.cancelAnimationFrame(frame);
    frame = env.requestAnimationFrame(() => {
      scrolledTo = box.scrollTop;
      if (rowHeight > 0) onTop(Math.round(box.scrollTop / rowHeight));
    });
  };
  box.addEventListener("scroll", onScroll, { passive: true });
  return {
    update(top) {
      if (rowHeight === 0) {
        pending = top;
        return;
      }
      if (Math.abs(top * rowHeight - scrolledTo) < 1) return;
      if (Math.round(scrolledTo / rowHeight) === top) return;
      scrollTo(top);
    },
    destroy() {
      observer?.disconnect();
      env.cancelAnimationFrame(frame);
      box.removeEventListener("scroll", onScroll);
    },
  };
}
