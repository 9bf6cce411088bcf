import { useEffect, useRef, useState } from 'react';
import { defaultGameIconPath, imageUrlOf, useImageHost } from '../images';

/** Spec section 9: images load when a tenth of them shows. */
export const lazyImageThreshold = 0.1;

type Attempt = 'first' | 'retry' | 'default' | 'failed';

const withRetryMark = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}retry=1`;

type GameImageProps = { path: string; alt: string; className?: string };

/**
 * A game's picture, loaded once it scrolls into view (IntersectionObserver, threshold 0.1; at once where the
 * browser has none). Spec section 8: a failed image is tried once more, then the default game icon is shown.
 */
export function GameImage({ path, alt, className }: GameImageProps) {
  const imageHost = useImageHost();
  const holderRef = useRef<HTMLSpanElement>(null);
  const [isVisible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState<Attempt>(path === '' ? 'default' : 'first');

  useEffect(() => {
    const holder = holderRef.current;
    if (isVisible || holder === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: lazyImageThreshold },
    );
    observer.observe(holder);
    return () => {
      observer.disconnect();
    };
  }, [isVisible]);

  const ownUrl = imageUrlOf(path, imageHost);
  const src =
    attempt === 'first'
      ? ownUrl
      : attempt === 'retry'
        ? withRetryMark(ownUrl)
        : imageUrlOf(defaultGameIconPath, imageHost);

  return (
    <span ref={holderRef} className={className} data-testid="game-image">
      {isVisible && attempt !== 'failed' ? (
        <img
          src={src}
          alt={alt}
          decoding="async"
          onError={() => {
            setAttempt((current) =>
              current === 'first' ? 'retry' : current === 'retry' ? 'default' : 'failed',
            );
          }}
        />
      ) : (
        <span className="game-image__placeholder" role="img" aria-label={alt} />
      )}
    </span>
  );
}
