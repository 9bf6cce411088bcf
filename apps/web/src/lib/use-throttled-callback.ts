import { useCallback, useRef } from 'react';

/**
 * Runs `callback` at most once per `intervalMs`, on the leading call only (spec section 9: captcha refresh
 * and SMS send are throttled to once per second); calls inside the interval are dropped, not delayed.
 */
export const useThrottledCallback = <Args extends unknown[]>(
  callback: (...args: Args) => void,
  intervalMs: number,
): ((...args: Args) => void) => {
  const lastRunAt = useRef<number | null>(null);
  return useCallback(
    (...args: Args) => {
      const now = Date.now();
      if (lastRunAt.current !== null && now - lastRunAt.current < intervalMs) return;
      lastRunAt.current = now;
      callback(...args);
    },
    [callback, intervalMs],
  );
};
