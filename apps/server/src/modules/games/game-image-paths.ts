/**
 * Where a game's artwork lives on the image host (the brand's image CDN, else the platform itself; see
 * game-images.ts). A game with its own artwork (icon_url) uses that instead.
 */
export const gameIconsRoot = '/TCG_GAME_ICONS';

export const gameIconPath = (vendorCode: string, gameCode: string): string =>
  `${gameIconsRoot}/${vendorCode}/${encodeURIComponent(gameCode)}.png`;

/** The large variant (the card's `lagerIcon`), one folder further down so it can never clash with a code. */
export const gameLargeIconPath = (vendorCode: string, gameCode: string): string =>
  `${gameIconsRoot}/${vendorCode}/large/${encodeURIComponent(gameCode)}.png`;

export const defaultGameIconPath = `${gameIconsRoot}/default.png`;
