import type { BannerGroup } from '@wps/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../api/content-query-keys';
import { getBannersQueryOptions } from '../api/get-banners';
import { BannerSlide } from './banner-slide';
import './group-banner.css';

type GroupBannerProps = {
  /** w_login, w_register and w_forget head their modals; w_leftmenu sits in the side menu. */
  group: Exclude<BannerGroup, 'w_home'>;
};

/**
 * The first banner of a group from `CSP_getBanners` (spec section 3, Banner), in the visitor's language:
 * the operator's picture with its title, a pointer and a link when it has a linkageType. Nothing when the
 * group has none; while a modal's banner loads its 3:1 box is held, so the form below does not jump.
 */
export function GroupBanner({ group }: GroupBannerProps) {
  const banners = useQuery(getBannersQueryOptions(group, useContentLanguage()));
  const [first] = banners.data ?? [];
  const variant = group === 'w_leftmenu' ? 'menu' : 'modal';
  if (first === undefined) {
    return banners.isPending && variant === 'modal' ? (
      <div className={`group-banner group-banner--${variant}`} aria-hidden="true" />
    ) : null;
  }
  return (
    <div className={`group-banner group-banner--${variant}`} data-testid={`group-banner-${group}`}>
      <BannerSlide banner={first} isFirst={variant === 'modal'} />
    </div>
  );
}
