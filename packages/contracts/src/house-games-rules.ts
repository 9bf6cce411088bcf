/**
 * House games' constants, free of zod so the site's first load (the game card's launch) need not carry it;
 * house-games.ts holds the schemas and re-exports these.
 */

/** The platform's own vendor code in the catalogue (the lotteries keep their own codes). */
export const houseVendorCode = 'HOUSE';

/** The site's page of each house game of vendor HOUSE; other house games add theirs. */
export const houseGamePaths: Readonly<Record<string, string>> = {
  HOUSE_SLOT: '/house/slot',
  CRASH: '/house/crash',
  // The live-style tables: one page per game, which lists that game's tables.
  BACCARAT: '/house/baccarat',
  ROULETTE: '/house/roulette',
  DRAGON_TIGER: '/house/dragon-tiger',
  // The cockfight arena (a SPORTS game of vendor HOUSE, so it shows in the COCKFIGHT lobby).
  COCKFIGHT: '/house/cockfight',
  // The fishing game (a FISH game of vendor HOUSE, so it shows in the FISH lobby).
  FISHING: '/house/fishing',
  // The card rooms (a PVP game of vendor HOUSE, so it shows in the PVP lobby).
  HOLDEM: '/house/poker',
  NIUNIU: '/house/niu-niu',
};

/** Where the site plays a house game, or null for a vendor's game. */
export const houseGamePathOf = (vendorCode: string, gameCode: string): string | null =>
  vendorCode === houseVendorCode ? (houseGamePaths[gameCode] ?? null) : null;

/** The site's fairness page, with what verifies one result filled in. */
export const fairnessPagePath = '/fairness';

/** Game kinds whose results the fairness endpoint recomputes (each game registers its verifier). */
export const fairnessGamePattern = /^[a-z][a-z0-9_-]{0,31}$/;

/** What players may choose as a client seed. */
export const clientSeedPattern = /^[A-Za-z0-9_-]{1,64}$/;
