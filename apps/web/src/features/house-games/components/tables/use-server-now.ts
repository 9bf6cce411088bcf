import { useEffect, useState } from 'react';

/**
 * The server's time now (this browser's clock corrected by the offset the server's answers gave), re-read
 * every `intervalMs`, or every animation frame when it is 'frame', while `isActive`.
 */
export const useServerNow = (
  clockOffsetMs: number,
  isActive: boolean,
  intervalMs: number | 'frame',
): number => {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!isActive) return undefined;
    const next = () => {
      setTick((tick) => tick + 1);
    };
    if (intervalMs === 'frame' && typeof requestAnimationFrame === 'function') {
      let handle = requestAnimationFrame(function frame() {
        next();
        handle = requestAnimationFrame(frame);
      });
      return () => {
        cancelAnimationFrame(handle);
      };
    }
    const timer = window.setInterval(next, intervalMs === 'frame' ? 16 : intervalMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [isActive, intervalMs]);
  return Date.now() + clockOffsetMs;
};

/** Whether the visitor asked their system for less motion. */
export const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
