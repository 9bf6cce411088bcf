import { LazyImage } from '../../../components/lazy-image';
import { defaultGameIconPath, imageUrlOf } from '../images';

const withRetryMark = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}retry=1`;

type GameImageProps = { path: string; alt: string; imageHost: string; className?: string };

/**
 * A game's picture, loaded once it scrolls into view. Spec section 8: a failed image is tried once more,
 * then the default game icon is shown; if that fails too, a tinted placeholder stays.
 */
export function GameImage({ path, alt, imageHost, className }: GameImageProps) {
  const ownUrl = imageUrlOf(path, imageHost);
  const defaultUrl = imageUrlOf(defaultGameIconPath, imageHost);
  return (
    <LazyImage
      sources={path === '' ? [defaultUrl] : [ownUrl, withRetryMark(ownUrl), defaultUrl]}
      alt={alt}
      className={className}
      testId="game-image"
      fallback={<span className="game-image__placeholder" role="img" aria-label={alt} />}
    />
  );
}
