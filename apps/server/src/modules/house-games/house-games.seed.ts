import type { Database } from '../../db/database';
import { ensureHouseCatalogue, type HouseCatalogueGame } from '../games/house-rounds.service';
import { fishingGame } from './fishing/fishing-game';
import { houseSlotGameCode } from './slot-definition';

/**
 * The platform's own games in the catalogue, under the house vendor HOUSE (the lotteries keep their own
 * vendor codes). Other house games add their rows to `houseGames` (and a tile for a new game type).
 */
export const houseVendorCode = 'HOUSE';

/**
 * The live-style tables (tables/tables.service.ts), under a LIVE tile: one game per kind, played on the site's
 * /house/baccarat, /house/roulette and /house/dragon-tiger pages, each of which picks one of the game's tables.
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

const tablesTile = { gameType: 'LIVE', sortOrder: 5 };

export const houseTiles: ReadonlyArray<{ gameType: string; sortOrder: number }> = [
  { gameType: 'RNG', sortOrder: 5 },
  // The cockfight arena's tile: a SPORTS tile of vendor HOUSE is shown in the COCKFIGHT lobby.
  { gameType: 'SPORTS', sortOrder: 5 },
  tablesTile,
  // The fishing game's tile: the FISH lobby.
  { gameType: 'FISH', sortOrder: 5 },
  // The card rooms' tile: the PVP lobby.
  { gameType: 'PVP', sortOrder: 5 },
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
  // The cockfight arena (cockfight/cockfight.service.ts), played on the site's /house/cockfight page.
  {
    gameType: 'SPORTS',
    gameCode: 'COCKFIGHT',
    name: 'Cockfight Arena',
    classify: 'SPORTS',
    sortOrder: 0,
    isHot: true,
    isNew: true,
  },
  ...houseTableGames,
  // The fishing game (fishing/fishing.service.ts), played on the site's /house/fishing page.
  {
    gameType: 'FISH',
    gameCode: fishingGame.gameCode,
    name: fishingGame.name,
    classify: fishingGame.classify,
    sortOrder: 0,
    isHot: true,
    isNew: true,
  },
  // The card rooms (pvp/pvp.service.ts): no-limit hold'em, played on the site's /house/poker page.
  {
    gameType: 'PVP',
    gameCode: 'HOLDEM',
    name: "Texas Hold'em",
    classify: 'CARD',
    sortOrder: 0,
    isHot: true,
    isNew: true,
  },
  // Niu-Niu at the same card rooms (pvp/niu-niu-*.ts), played on the site's /house/niu-niu page.
  {
    gameType: 'PVP',
    gameCode: 'NIUNIU',
    name: 'Niu-Niu',
    classify: 'CARD',
    sortOrder: 1,
    isHot: true,
    isNew: true,
  },
];

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

/** Only the live-style tables' games and LIVE tile, for tests and benches that seed no demo data. */
export const seedHouseTableGames = async (db: Database): Promise<void> => {
  await db.transaction((tx) =>
    ensureHouseCatalogue(tx, {
      vendorCode: houseVendorCode,
      vendorName: 'House Games',
      tiles: [tablesTile],
      games: houseTableGames,
    }),
  );
};
