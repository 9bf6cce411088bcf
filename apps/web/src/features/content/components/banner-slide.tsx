import type { Banner } from '@wps/contracts/content';
import { Link } from 'react-router';
import './banner-slide.css';

/**
 * One banner. Spec section 2: a banner with a linkageType shows a pointer and opens its link on click: a
 * route of the site navigates in place, another site opens in a new tab without access to this one.
 */
export function BannerSlide({ banner, isFirst }: { banner: Banner; isFirst: boolean }) {
  // The art has no words; the title is written over it, in the visitor's language, and names the link.
  const image = (
    <>
      <img
        className="banner__image"
        src={banner.url}
        alt=""
        width={1200}
        height={400}
        // The first banner is the page's largest paint; the others wait until they are needed.
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        draggable={false}
      />
      <span className="banner__caption">{banner.title}</span>
    </>
  );
  if (banner.linkageType === 'ROUTE' && banner.linkUrl) {
    return (
      <Link className="banner banner--linked" to={banner.linkUrl} data-testid="banner-link">
        {image}
      </Link>
    );
  }
  if (banner.linkageType === 'URL' && banner.linkUrl) {
    return (
      <a
        className="banner banner--linked"
        href={banner.linkUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="banner-link"
      >
        {image}
      </a>
    );
  }
  return <div className="banner">{image}</div>;
}
