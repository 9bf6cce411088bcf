/**
 * The game catalogue's constants and rules, free of zod so the site's first load need not carry it;
 * games.ts holds the schemas and re-exports all of these.
 */

import { houseVendorCode } from './house-games-rules';

/** Game types stored on vendor tiles and games. */
export const storedGameTypes = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'LOTT', 'ELOTT'] as const;
export type StoredGameType = (typeof storedGameTypes)[number];

/** Categories the site shows (spec section 3, Vendor category): the stored types plus the two split ones. */
export const gameCategories = [...storedGameTypes, 'ESPORTS', 'COCKFIGHT'] as const;
export type GameCategory = (typeof gameCategories)[number];

export const esportsVendorCodes: readonly string[] = ['AV', 'AI', 'IMES', 'TF', 'IA'];
export const cockfightVendorCodes: readonly string[] = ['DS88'];

/**
 * Sports tiles of an e-sports or a cockfight vendor form their own categories; the house's only SPORTS game is
 * its cockfight arena.
 */
export const categoryOf = (gameType: string, vendorCode: string): string => {
  if (gameType !== 'SPORTS') return gameType;
  if (esportsVendorCodes.includes(vendorCode)) return 'ESPORTS';
  if (cockfightVendorCodes.includes(vendorCode) || vendorCode === houseVendorCode) return 'COCKFIGHT';
  return 'SPORTS';
};

/** Where a category's games are stored, and which vendors qualify (the inverse of `categoryOf`). */
export const storedTypeOf = (category: string): string =>
  category === 'ESPORTS' || category === 'COCKFIGHT' ? 'SPORTS' : category;

/** For language TY, vendor codes starting with TCG, or equal to BTI, map to one shared code. */
export const tySharedVendorCode = 'TCG';
export const vendorCodeForLanguage = (vendorCode: string, language: string): string =>
  language.toUpperCase() === 'TY' && (vendorCode.startsWith('TCG') || vendorCode === 'BTI')
    ? tySharedVendorCode
    : vendorCode;

/** LOTT is treated as ELOTT for images. */
export const imageGameTypeOf = (gameType: string): string => (gameType === 'LOTT' ? 'ELOTT' : gameType);

/** Lobby filters (spec section 4, Lobby); NEW only in the RNG lobby. */
export const classifyFilters = ['ALL', 'HOT', 'RECENT', 'FAV', 'NEW'] as const;
export type ClassifyFilter = (typeof classifyFilters)[number];
export const classifyFiltersOf = (category: string): readonly ClassifyFilter[] =>
  category === 'RNG' ? classifyFilters : classifyFilters.filter((filter) => filter !== 'NEW');

/** Subcategories (a game's gameClassify), offered as lobby tabs only when the brand supports TY. */
export const gameSubcategories = ['SCRATCH', 'VIDEO_POKER', 'JACKPOT', 'TABLE', 'ARCADE', 'BINGO'] as const;

/** Names are searched lower-cased, without accents, with runs of spaces made one; the query the same way. */
export const searchableName = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Page sizes and limits of spec section 9. */
export const gamePageSizes = { classify: 40, list: 15, search: 24, favourites: 999, recentHome: 20 } as const;
export const maxGamePageSize = 999;
export const rankListLimit = 20;

/** Vendors whose games open the site's own lottery pages instead of a vendor launch (spec section 4). */
export const lotteryRouteOf = (vendorCode: string): string | null => {
  if (vendorCode === 'TCG_LOTTO_VN') return '/vnLottery';
  if (vendorCode === 'TCG_SEA') return '/seaLottery';
  if (vendorCode === 'LOTT' || vendorCode === 'ELOTT') return '/lottery';
  return null;
};

/** Betting record filters (personalHistoryCopy). */
export const roundStatusFilters = ['ALL', 'OPEN', 'SETTLED'] as const;
export const bettingProductLines = ['ALL', ...gameCategories] as const;
