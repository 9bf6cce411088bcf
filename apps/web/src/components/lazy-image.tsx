import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Spec section 9: an image starts loading once a tenth of it is on screen. */
export const lazyImageThreshold = 0.1;

type LazyImageProps = {
  /** Addresses tried in order, each once (spec section 9: one attempt); the fallback shows when all fail. */
  sources: readonly string[];
  alt: string;
  /** Shown until the image is in view, and for good once every address has failed. */
  fallback: ReactNode;
  className?: string;
  imageClassName?: string;
  testId?: string;
  imageTestId?: string;
};

const useIsInView = (holderRef: React.RefObject<HTMLElement | null>): boolean => {
  // Without IntersectionObserver (old browsers, tests) images load at once.
  const [isInView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const holder = holderRef.current;
    if (isInView || holder === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: lazyImageThreshold },
    );
    observer.observe(holder);
    return () => {
      observer.disconnect();
    };
  }, [holderRef, isInView]);
  return isInView;
};

/** The site's images (game pictures, avatars, vendor logos): loaded when seen, with a fallback on failure. */
export function LazyImage({
  sources,
  alt,
  fallback,
  className,
  imageClassName,
  testId,
  imageTestId,
}: LazyImageProps) {
  const holderRef = useRef<HTMLSpanElement>(null);
  const isInView = useIsInView(holderRef);
  // Failures count against this list of addresses; a new list starts again from its first.
  const sourcesKey = sources.join('\n');
  const [failures, setFailures] = useState({ sourcesKey, count: 0 });
  const failed = failures.sourcesKey === sourcesKey ? failures.count : 0;
  const src = sources[failed];

  return (
    <span ref={holderRef} className={className} data-testid={testId}>
      {isInView && src !== undefined ? (
        <img
          key={src}
          src={src}
          alt={alt}
          className={imageClassName}
          decoding="async"
          data-testid={imageTestId}
          onError={() => {
            setFailures({ sourcesKey, count: failed + 1 });
          }}
        />
      ) : (
        fallback
      )}
    </span>
  );
}
