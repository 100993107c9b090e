import { type RefObject, useLayoutEffect, useRef } from "react";

/**
 * A ref that holds the latest `value`, written after each commit (never during render), for callbacks and
 * subscriptions made once that must read today's props.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
