/**
 * The context box keeps its newest message in view; what has scrolled out above it is counted, so the box can say
 * "↑ n earlier" instead of hiding messages silently. Without layout reads: an IntersectionObserver rooted at the box
 * reports each watched message as it leaves or enters the box's visible part (less the strip the fold's own label
 * covers), and the count is handed on whenever it changes.
 */

/** The IntersectionObserver to use (absent in jsdom and old browsers: the fold then counts nothing). */
export type ObserverFactory = (
  callback: IntersectionObserverCallback,
  options: IntersectionObserverInit,
) => Pick<IntersectionObserver, "observe" | "unobserve" | "disconnect">;

const browserObserver = (): ObserverFactory | undefined =>
  typeof IntersectionObserver === "undefined"
    ? undefined
    : (callback, options) => new IntersectionObserver(callback, options);

/** A context fold's controller. */
export interface ContextFold {
  /** The scroll box, and the height (px) its fold label covers at its top, until the returned function is called. */
  attach(box: Element, covered: number): () => void;
  /** Count `item` (one message) while it is mounted, until the returned function is called. */
  watch(item: Element): () => void;
}

/**
 * Whether an observed entry lies (even in part) above the box's visible part: cut at the top or scrolled away.
 * A message below the visible part (never the case for the newest-first box, but possible while it scrolls) is not.
 */
export function isAbove(
  entry: Pick<IntersectionObserverEntry, "intersectionRatio" | "boundingClientRect" | "rootBounds">,
) {
  if (entry.rootBounds === null || entry.intersectionRatio >= 0.999) return false;
  return entry.boundingClientRect.top < entry.rootBounds.top - 0.5;
}

/**
 * @example const fold = createContextFold((n) => setAbove(n)); fold.attach(box, 24); const stop = fold.watch(li);
 */
export function createContextFold(
  onCount: (above: number) => void,
  observe: ObserverFactory | undefined = browserObserver(),
): ContextFold {
  const items = new Set<Element>();
  const above = new Set<Element>();
  let observer: ReturnType<ObserverFactory> | null = null;
  let reported = 0;
  const report = () => {
    if (above.size === reported) return;
    reported = above.size;
    onCount(reported);
  };
  return {
    attach(box, covered) {
      if (observe === undefined) return () => {};
      const made = observe(
        (entries) => {
          for (const entry of entries) {
            if (!items.has(entry.target)) continue;
            if (isAbove(entry)) above.add(entry.target);
            else above.delete(entry.target);
          }
          report();
        },
        { root: box, rootMargin: `-${Math.max(0, Math.round(covered))}px 0px 0px 0px`, threshold: [0, 1] },
      );
      observer = made;
      for (const item of items) made.observe(item);
      return () => {
        made.disconnect();
        if (observer === made) observer = null;
        above.clear();
        report();
      };
    },
    watch(item) {
      items.add(item);
      observer?.observe(item);
      return () => {
        items.delete(item);
        observer?.unobserve(item);
        if (above.delete(item)) report();
      };
    },
  };
}
