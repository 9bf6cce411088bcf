import { useCallback, useEffect, useState } from 'react';

const tickMs = 1000;

/** A seconds counter that ticks every second down to 0 (spec section 4, SMS code sending). */
export const useCountdown = (): { remaining: number; start: (seconds: number) => void } => {
  const [remaining, setRemaining] = useState(0);
  const isRunning = remaining > 0;

  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => {
      setRemaining((seconds) => Math.max(0, seconds - 1));
    }, tickMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [isRunning]);

  const start = useCallback((seconds: number) => {
    setRemaining(Math.max(0, Math.round(seconds)));
  }, []);

  return { remaining, start };
};
