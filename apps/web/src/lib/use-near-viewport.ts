import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element has come within `margin` of the screen (once true, it stays true). Long pages use it to
 * build and fetch their lower parts only when the visitor scrolls towards them. Without IntersectionObserver
 * (old browsers, tests) everything counts as near at once.
 */
export const useNearViewport = (ref: RefObject<Element | null>, margin = '100% 0px'): boolean => {
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, margin, isNear]);
  return isNear;
};
