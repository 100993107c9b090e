/**
 * The player's course callbacks (progress, completion, answers) and how two sets of them run together: apart from
 * ./course-events.ts, so that a shell can pass the reader's own callbacks on without loading the xAPI reporter.
 */
import type { PlayerProps } from "../player";

/** The player's course callbacks. */
export type CourseCallbacks = Required<Pick<PlayerProps, "onProgress" | "onCompleted" | "onAnswer">>;

/** Both sets of callbacks, the first's first (a reporter, and an LMS's or the page's own). */
export function alongside(first: CourseCallbacks, second: Partial<CourseCallbacks> | undefined): CourseCallbacks {
  if (second === undefined) return first;
  return {
    onProgress: (progress) => {
      first.onProgress(progress);
      second.onProgress?.(progress);
    },
    onCompleted: (progress) => {
      first.onCompleted(progress);
      second.onCompleted?.(progress);
    },
    onAnswer: (answer) => {
      first.onAnswer(answer);
      second.onAnswer?.(answer);
    },
  };
}

/**
 * Callbacks that load their implementation on the first call (a reporter in a chunk of its own) and make every call
 * in order once it has loaded, so no moment is lost meanwhile.
 */
export function deferred(load: () => Promise<CourseCallbacks>): CourseCallbacks {
  let loaded: CourseCallbacks | null = null;
  let started = false;
  const queue: (() => void)[] = [];
  const later = <K extends keyof CourseCallbacks>(name: K) =>
    ((argument: Parameters<CourseCallbacks[K]>[0]) => {
      const call = (callbacks: CourseCallbacks) => (callbacks[name] as (value: typeof argument) => void)(argument);
      if (loaded !== null) {
        call(loaded);
        return;
      }
      queue.push(() => {
        if (loaded !== null) call(loaded);
      });
      if (started) return;
      started = true;
      load().then(
        (callbacks) => {
          loaded = callbacks;
          for (const next of queue.splice(0)) next();
        },
        (error: unknown) => console.warn("agent-loop-figure: the course reporter could not be loaded", error),
      );
    }) as CourseCallbacks[K];
  return { onProgress: later("onProgress"), onCompleted: later("onCompleted"), onAnswer: later("onAnswer") };
}
