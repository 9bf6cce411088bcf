import { imageGameTypeOf } from '@wps/contracts/games-rules';
import { usePermission } from '../site/api/get-permission';

/** Spec section 7, Images: the default game icon, shown when a game's own image fails twice. */
export const defaultGameIconPath = '/TCG_GAME_ICONS/default.png';

/** The vendor menu's icons: DEFAULT when idle, ACTIVE when chosen. */
export const vendorIconPath = (vendor: string, state: 'DEFAULT' | 'ACTIVE'): string =>
  `/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/${encodeURIComponent(vendor)}-${state}.png`;

/** The colour logo of a vendor's tile in a category list (LOTT is drawn as ELOTT). */
export const listVendorImagePath = (gameType: string, vendor: string): string =>
  `/TCG_PROD_IMAGES/${imageGameTypeOf(gameType)}_LIST_VENDOR/${encodeURIComponent(vendor)}-COLOR.png`;

/**
 * Image paths in answers are relative to the image host: the brand's first configured image CDN, or the
 * platform itself (same origin) when it has none. Absolute URLs pass through.
 */
export const imageUrlOf = (path: string, imageHost: string): string => {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  const host = imageHost.replace(/\/+$/, '');
  return `${host}${path.startsWith('/') ? path : `/${path}`}`;
};

/** The brand's image host ('' = the platform itself). */
export const useImageHost = (): string => usePermission().info.imageCDNs[0] ?? '';
