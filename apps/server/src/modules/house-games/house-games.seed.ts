import type { Database } from '../../db/database';
import { ensureHouseCatalogue, type HouseCatalogueGame } from '../games/house-rounds.service';
import { houseSlotGameCode } from './slot-definition';

/**
 * The platform's own games in the catalogue, under the house vendor HOUSE (the lotteries keep their own
 * vendor codes). Other house games add their rows to `houseGames` (and a tile for a new game type).
 */
export const houseVendorCode = 'HOUSE';

export const houseTiles: ReadonlyArray<{ gameType: string; sortOrder: number }> = [
  { gameType: 'RNG', sortOrder: 5 },
];

export const houseGames: readonly HouseCatalogueGame[] = [
  {
    gameType: 'RNG',
    gameCode: houseSlotGameCode,
    name: 'Fruit Fortune Jackpot',
    classify: 'SLOT',
    sortOrder: 0,
    isHot: true,
    isNew: true,
  },
  // The crash game (crash.service.ts), played on the site's /house/crash page.
  {
    gameType: 'RNG',
    gameCode: 'CRASH',
    name: 'Crash',
    classify: 'ARCADE',
    sortOrder: 1,
    isHot: true,
    isNew: true,
  },
];

/**
 * The live-style tables (tables/tables.service.ts): one game per kind, its page picks a table. Not in the catalogue
 * until their pages exist (with a LIVE tile); their round driver runs only with HOUSE_TABLES_ENABLED.
 */
export const houseTableGames: readonly HouseCatalogueGame[] = (
  [
    ['BACCARAT', 'Baccarat'],
    ['ROULETTE', 'Roulette'],
    ['DRAGON_TIGER', 'Dragon Tiger'],
  ] as const
).map(([gameCode, name], index): HouseCatalogueGame => ({
  gameType: 'LIVE',
  gameCode,
  name,
  classify: 'TABLE',
  sortOrder: index,
  isHot: false,
  isNew: true,
}));

/** Idempotent; missing rows only, so operators' changes survive a restart. */
export const seedHouseGames = async (db: Database): Promise<void> => {
  await db.transaction((tx) =>
    ensureHouseCatalogue(tx, {
      vendorCode: houseVendorCode,
      vendorName: 'House Games',
      tiles: houseTiles,
      games: houseGames,
    }),
  );
};

/** The live-style tables' games and LIVE tile (tests and benches until the pages exist). */
export const seedHouseTableGames = async (db: Database): Promise<void> => {
  await db.transaction((tx) =>
    ensureHouseCatalogue(tx, {
      vendorCode: houseVendorCode,
      vendorName: 'House Games',
      tiles: [{ gameType: 'LIVE', sortOrder: 5 }],
      games: houseTableGames,
    }),
  );
};
