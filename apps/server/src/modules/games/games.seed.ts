import { searchableName, type StoredGameType } from '@wps/contracts/games';
import { esportsVendorCodes } from '@wps/contracts/games-rules';
import type { Database } from '../../db/database';
import * as repository from './vendors.repository';
import type { GameValues, TileValues, VendorValues } from './vendors.repository';
import { normaliseWalletPublicKey } from './vendors.service';

/**
 * The demo catalogue: made-up games of our own under the vendor codes the spec names, every vendor and game
 * marked `is_demo` and every vendor's name saying "(demo)". Names come from word lists, picked by index, so
 * every start produces the same catalogue. Seamless vendors are played through the demo vendor process
 * (apps/demo-vendor), which `registerDemoVendors` connects; house vendors (lotteries) are the platform's own.
 */

type TileSpec = {
  gameType: StoredGameType;
  sortOrder: number;
  count: number;
  opensGameList?: boolean;
  freeplay?: boolean;
};
type VendorSpec = { code: string; name: string; integration: 'seamless' | 'house'; tiles: TileSpec[] };

const demoVendors: readonly VendorSpec[] = [
  {
    code: 'PG',
    name: 'PG (demo)',
    integration: 'seamless',
    tiles: [{ gameType: 'RNG', sortOrder: 10, count: 320, freeplay: true }],
  },
  {
    code: 'EG2',
    name: 'EG2 (demo)',
    integration: 'seamless',
    tiles: [
      { gameType: 'RNG', sortOrder: 20, count: 220 },
      { gameType: 'FISH', sortOrder: 20, count: 16 },
    ],
  },
  {
    code: 'PT',
    name: 'PT (demo)',
    integration: 'seamless',
    tiles: [
      { gameType: 'RNG', sortOrder: 30, count: 240 },
      { gameType: 'LIVE', sortOrder: 20, count: 40 },
    ],
  },
  {
    code: 'JDB',
    name: 'JDB (demo)',
    integration: 'seamless',
    tiles: [
      { gameType: 'RNG', sortOrder: 40, count: 240, freeplay: true },
      { gameType: 'FISH', sortOrder: 10, count: 20 },
    ],
  },
  {
    code: 'CQ9',
    name: 'CQ9 (demo)',
    integration: 'seamless',
    tiles: [
      { gameType: 'RNG', sortOrder: 50, count: 260 },
      { gameType: 'FISH', sortOrder: 30, count: 20 },
    ],
  },
  {
    code: 'FC',
    name: 'FC (demo)',
    integration: 'seamless',
    tiles: [
      { gameType: 'RNG', sortOrder: 60, count: 160 },
      { gameType: 'FISH', sortOrder: 40, count: 16 },
    ],
  },
  {
    code: 'JL',
    name: 'JL (demo)',
    integration: 'seamless',
    tiles: [
      { gameType: 'RNG', sortOrder: 70, count: 220 },
      { gameType: 'FISH', sortOrder: 50, count: 18 },
      { gameType: 'PVP', sortOrder: 20, count: 24 },
    ],
  },
  {
    code: 'BGS',
    name: 'BGS (demo)',
    integration: 'seamless',
    tiles: [
      // The live vendor whose tile opens a popup list of its tables (isGame VASSALAGE).
      { gameType: 'LIVE', sortOrder: 10, count: 50, opensGameList: true },
      { gameType: 'RNG', sortOrder: 80, count: 60 },
    ],
  },
  {
    code: 'KY',
    name: 'KY (demo)',
    integration: 'seamless',
    tiles: [{ gameType: 'PVP', sortOrder: 10, count: 60 }],
  },
  {
    code: 'BTI',
    name: 'BTI (demo)',
    integration: 'seamless',
    tiles: [{ gameType: 'SPORTS', sortOrder: 10, count: 8 }],
  },
  ...['AV', 'AI', 'IMES', 'TF', 'IA'].map((code, index): VendorSpec => ({
    code,
    name: `${code} E-Sports (demo)`,
    integration: 'seamless',
    tiles: [{ gameType: 'SPORTS', sortOrder: 20 + index * 10, count: 6 }],
  })),
  {
    code: 'DS88',
    name: 'DS88 Cockfight (demo)',
    integration: 'seamless',
    tiles: [{ gameType: 'SPORTS', sortOrder: 80, count: 6 }],
  },
  {
    code: 'TCG_LOTTO_VN',
    name: 'VN Lotto (demo)',
    integration: 'house',
    tiles: [{ gameType: 'LOTT', sortOrder: 10, count: 4 }],
  },
  {
    code: 'TCG_SEA',
    name: 'SEA Lottery (demo)',
    integration: 'house',
    tiles: [{ gameType: 'LOTT', sortOrder: 20, count: 4 }],
  },
  {
    code: 'LOTT',
    name: 'Lott (demo)',
    integration: 'house',
    tiles: [{ gameType: 'LOTT', sortOrder: 30, count: 6 }],
  },
  {
    code: 'ELOTT',
    name: 'ELott (demo)',
    integration: 'house',
    tiles: [{ gameType: 'ELOTT', sortOrder: 10, count: 6 }],
  },
];

const adjectives = [
  'Lucky',
  'Golden',
  'Wild',
  'Mega',
  'Royal',
  'Mystic',
  'Cosmic',
  'Blazing',
  'Jade',
  'Crystal',
  'Emerald',
  'Thunder',
  'Midnight',
  'Sunny',
  'Frozen',
  'Ancient',
  'Magic',
  'Neon',
  'Silver',
  'Ruby',
  'Sapphire',
  'Diamond',
  'Rapid',
  'Hidden',
  'Sacred',
  'Roaring',
  'Happy',
  'Shining',
  'Velvet',
  'Electric',
];
const nouns = [
  'Fortune',
  'Dragon',
  'Tiger',
  'Phoenix',
  'Koi',
  'Panda',
  'Lotus',
  'Treasure',
  'Jewels',
  'Riches',
  'Moon',
  'Sun',
  'Stars',
  'Gems',
  'Fruits',
  'Pharaoh',
  'Temple',
  'Safari',
  'Pirates',
  'Vikings',
  'Samurai',
  'Ninja',
  'Wolves',
  'Eagles',
  'Buffalo',
  'Genie',
  'Unicorn',
  'Candy',
  'Carnival',
  'Gold',
];
const suffixes = [
  '',
  'Spins',
  'Deluxe',
  'Rush',
  'Quest',
  'Reels',
  'Blitz',
  'Party',
  'Legends',
  'Jackpot',
  'Power',
  'Saga',
  'Kingdom',
  'Fiesta',
  'Fever',
];
const slotNameCount = adjectives.length * nouns.length * suffixes.length;

/** Names with accents, so that searching "cafe" or "PINATA" shows what accent-insensitive search does. */
const featuredNames = [
  'Café Fortune',
  'Piñata Party',
  'Señor Spins',
  'Jalapeño Heat',
  'Crème Brûlée Bonanza',
  'Fiesta Mañana',
  'Déjà Vu Gems',
  'Über Reels',
  'Smörgåsbord Spins',
  'Açaí Riches',
  'Niño Dragon',
  'Café Olé Wilds',
];

/** The k-th slot name: a fixed stride through every adjective × noun × suffix, then numbered rounds. */
export const slotName = (k: number): string => {
  const index = (k * 7_919) % slotNameCount;
  const adjective = adjectives[index % adjectives.length] ?? '';
  const noun = nouns[Math.floor(index / adjectives.length) % nouns.length] ?? '';
  const suffix = suffixes[Math.floor(index / (adjectives.length * nouns.length)) % suffixes.length] ?? '';
  const round = Math.floor(k / slotNameCount);
  return [adjective, noun, suffix, round > 0 ? String(round + 1) : ''].filter(Boolean).join(' ');
};

const pick = <T>(list: readonly T[], index: number): T => {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('empty word list');
  return value;
};

const fishNames = (i: number) =>
  `${pick(['Ocean', 'Deep Sea', 'Reef', 'Coral', 'Golden', 'Mermaid', 'Shark', 'Kraken', 'Lobster', 'Tidal'], i)} ${pick(['Hunter', 'King', 'Fishing', 'Blast', 'Catch', 'Battle'], Math.floor(i / 10) + i)}`;
const liveNames = (i: number) =>
  `${pick(['Baccarat', 'Speed Baccarat', 'Roulette', 'Auto Roulette', 'Blackjack', 'Sic Bo', 'Dragon Tiger', 'Fan Tan', "Casino Hold'em", 'Bull Bull'], i)} ${pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K'], Math.floor(i / 10))}`;
const pvpNames = (i: number) =>
  `${pick(["Texas Hold'em", 'Niu Niu', 'Rummy', 'Teen Patti', 'Mahjong Duel', 'Big Two', 'Pusoy', 'Tongits', 'Dou Di Zhu', 'Andar Bahar', 'Sam Gong', 'Blackjack Duel'], i)} ${pick(['Classic', 'Rush', 'Pro', 'VIP', 'Quick'], Math.floor(i / 12))}`;
const sportsNames = [
  'Sportsbook',
  'Live Betting',
  'Virtual Football',
  'Virtual Horse Racing',
  'Virtual Tennis',
  'Basketball Specials',
  'Football Specials',
  'Outrights',
];
const esportsNames = [
  'E-Sports Lobby',
  'MOBA Championship',
  'Tactical Shooter League',
  'Battle Royale Cup',
  'Fighting Game Series',
  'Racing Sim Masters',
];
const cockfightNames = [
  'Sabong Arena 1',
  'Sabong Arena 2',
  'Sabong Arena 3',
  'Sabong Arena 4',
  'Derby Night',
  'Cockfight Live',
];
const lotteryNames: Readonly<Record<string, readonly string[]>> = {
  TCG_LOTTO_VN: ['North Lotto', 'Central Lotto', 'South Lotto', 'Fast Lotto 5 Minutes'],
  TCG_SEA: ['SEA 4D', 'SEA 5D', 'SEA Keno', 'SEA Quick 3'],
  LOTT: ['Lott 3D', 'Lott 5D', 'Lott Pick 10', 'Lott Fast 3', 'Lott Keno', 'Lott Lucky 28'],
  ELOTT: ['ELott Keno', 'ELott 11 of 5', 'ELott Fast 3', 'ELott 3D', 'ELott Lucky 28', 'ELott Speed 10'],
};

/** Mostly slots; every 25th game or so of each other subcategory. */
const slotClassify = (k: number): string =>
  pick(
    [
      'SLOT',
      'SLOT',
      'SCRATCH',
      'SLOT',
      'VIDEO_POKER',
      'SLOT',
      'JACKPOT',
      'SLOT',
      'TABLE',
      'SLOT',
      'ARCADE',
      'SLOT',
      'BINGO',
      ...Array<string>(12).fill('SLOT'),
    ],
    k,
  );

const typeLetter: Readonly<Record<StoredGameType, string>> = {
  RNG: 'S',
  FISH: 'F',
  LIVE: 'L',
  PVP: 'P',
  SPORTS: 'T',
  LOTT: 'O',
  ELOTT: 'E',
};

type DemoGame = Omit<GameValues, 'vendorId'>;

/** A demo game of a vendor's tile: its name, subcategory and flags, all from its position. */
const demoGame = (
  vendor: VendorSpec,
  tile: TileSpec,
  i: number,
  k: number,
  featured: string | undefined,
): DemoGame => {
  const { gameType } = tile;
  let name: string;
  let classify: string;
  if (gameType === 'RNG') {
    name = featured ?? slotName(k);
    classify = featured ? 'SLOT' : slotClassify(k);
  } else if (gameType === 'FISH') [name, classify] = [fishNames(i), 'FISHING'];
  else if (gameType === 'LIVE') [name, classify] = [liveNames(i), 'LIVE'];
  else if (gameType === 'PVP') [name, classify] = [pvpNames(i), 'CARD'];
  else if (gameType === 'SPORTS') {
    const names = ['AV', 'AI', 'IMES', 'TF', 'IA'].includes(vendor.code)
      ? esportsNames
      : vendor.code === 'DS88'
        ? cockfightNames
        : sportsNames;
    [name, classify] = [pick(names, i), 'SPORTS'];
  } else [name, classify] = [pick(lotteryNames[vendor.code] ?? ['Lotto'], i), 'LOTTERY'];
  const playable = gameType === 'RNG' || gameType === 'FISH' || (gameType === 'PVP' && i % 3 === 0);
  return {
    gameType,
    gameCode: `${vendor.code}-${typeLetter[gameType]}${String(i + 1).padStart(4, '0')}`,
    name,
    searchName: searchableName(name),
    classify,
    isHot: featured !== undefined || (k + i) % 13 === 0 || (gameType !== 'RNG' && i < 2),
    isNew: gameType === 'RNG' && k % 17 === 3,
    hasTrial: playable && (k + i) % 5 !== 0,
    sortOrder: i,
    isEnabled: true,
    iconUrl: null,
    largeIconUrl: null,
    isDemo: true,
  };
};

type DemoCatalogue = {
  vendors: VendorValues[];
  tiles: Array<Omit<TileValues, 'vendorId'> & { vendorCode: string }>;
  games: Array<DemoGame & { vendorCode: string }>;
};

const buildDemoCatalogue = (): DemoCatalogue => {
  const catalogue: DemoCatalogue = { vendors: [], tiles: [], games: [] };
  let slotIndex = 0;
  let rngVendorIndex = 0;
  for (const vendor of demoVendors) {
    catalogue.vendors.push({
      code: vendor.code,
      displayName: vendor.name,
      integration: vendor.integration,
      isDemo: true,
    });
    for (const tile of vendor.tiles) {
      catalogue.tiles.push({
        vendorCode: vendor.code,
        gameType: tile.gameType,
        sortOrder: tile.sortOrder,
        opensGameList: tile.opensGameList ?? false,
        freeplay: tile.freeplay ?? false,
        accountTypeName: vendor.code,
      });
      for (let i = 0; i < tile.count; i += 1) {
        const featured = tile.gameType === 'RNG' && i < 2 ? featuredNames[rngVendorIndex + i * 8] : undefined;
        catalogue.games.push({ vendorCode: vendor.code, ...demoGame(vendor, tile, i, slotIndex, featured) });
        if (tile.gameType === 'RNG') slotIndex += 1;
      }
      if (tile.gameType === 'RNG') rngVendorIndex += 1;
    }
  }
  return catalogue;
};

let demoCatalogueCache: DemoCatalogue | undefined;
const demoCatalogue = (): DemoCatalogue => (demoCatalogueCache ??= buildDemoCatalogue());

/** How many games the demo catalogue has (at least 2,000, every category). */
export const demoGameCount = (): number => demoCatalogue().games.length;

const withVendorIds = <T extends { vendorCode: string }>(
  rows: readonly T[],
  ids: ReadonlyMap<string, bigint>,
): Array<Omit<T, 'vendorCode'> & { vendorId: bigint }> =>
  rows.flatMap(({ vendorCode, ...row }) => {
    const vendorId = ids.get(vendorCode);
    return vendorId === undefined ? [] : [{ ...row, vendorId }];
  });

/**
 * Seeds the demo catalogue once: vendors, tiles and games that do not exist yet are inserted (in bulk);
 * existing rows, and an operator's changes to them, are left alone. Skips at once when every demo game is in.
 */
export const seedGamesDemo = async (db: Database): Promise<void> => {
  const catalogue = demoCatalogue();
  if ((await repository.countDemoGames(db)) >= catalogue.games.length) return;
  await db.transaction(async (tx) => {
    await repository.insertMissingVendors(tx, catalogue.vendors);
    const ids = await repository.vendorIdsByCode(
      tx,
      catalogue.vendors.map((vendor) => vendor.code),
    );
    await repository.insertMissingTiles(tx, withVendorIds(catalogue.tiles, ids));
    await repository.insertMissingGames(tx, withVendorIds(catalogue.games, ids));
  });
  await repository.analyzeCatalogue(db);
};

/**
 * Connects every demo seamless vendor to the demo vendor process: its launch URL and the public key of its
 * signing key pair (checked like an operator's key).
 */
export const registerDemoVendors = async (
  db: Database,
  { launchUrl, publicKeyPem }: { launchUrl: string; publicKeyPem: string },
): Promise<void> => {
  await repository.setDemoVendorConnection(db, {
    launchUrl,
    walletPublicKey: normaliseWalletPublicKey(publicKeyPem),
  });
};

/** The demo vendors whose tiles open the sportsbook (apps/sportsbook): BTI's sports and the e-sports vendors. */
export const sportsbookVendorCodes: readonly string[] = ['BTI', ...esportsVendorCodes];

/** Connects the sportsbook's vendors to the running sportsbook (after `registerDemoVendors`, which it overrides). */
export const registerSportsbookVendors = async (
  db: Database,
  { launchUrl, publicKeyPem }: { launchUrl: string; publicKeyPem: string },
): Promise<void> => {
  await repository.setDemoVendorConnection(
    db,
    { launchUrl, walletPublicKey: normaliseWalletPublicKey(publicKeyPem) },
    sportsbookVendorCodes,
  );
};

/**
 * Grows the catalogue to `totalGames` games for the benchmark: more demo games (mostly slots, some fishing,
 * live and card games) over the demo vendors' tiles, named like the others. Run after the demo seed.
 */
export const seedBenchCatalogue = async (db: Database, totalGames: number): Promise<void> => {
  const catalogue = demoCatalogue();
  const extra = totalGames - catalogue.games.length;
  if (extra <= 0) return;
  const byType = (gameType: StoredGameType) =>
    demoVendors.flatMap((vendor) =>
      vendor.tiles.filter((tile) => tile.gameType === gameType).map((tile) => ({ vendor, tile })),
    );
  const rng = byType('RNG');
  const others = [...byType('FISH'), ...byType('LIVE'), ...byType('PVP')];
  const games: Array<DemoGame & { vendorCode: string }> = [];
  for (let j = 0; j < extra; j += 1) {
    const slot = j % 10 < 8;
    const list = slot ? rng : others;
    const entry = list[j % list.length];
    if (!entry) continue;
    const game = demoGame(
      entry.vendor,
      entry.tile,
      entry.tile.count + j,
      catalogue.games.length + j,
      undefined,
    );
    games.push({
      ...game,
      vendorCode: entry.vendor.code,
      gameCode: `${entry.vendor.code}-B${typeLetter[entry.tile.gameType]}${String(j + 1).padStart(6, '0')}`,
    });
  }
  const ids = await repository.vendorIdsByCode(
    db,
    demoVendors.map((vendor) => vendor.code),
  );
  await repository.insertMissingGames(db, withVendorIds(games, ids));
  await repository.analyzeCatalogue(db);
};
