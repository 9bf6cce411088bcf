import { formatMinorUnits } from '@wps/contracts/money';
import {
  categoryOf,
  classifyFiltersOf,
  type Game,
  type GameCategoryMenu,
  gameCategories,
  gameSubcategories,
  searchableName,
  type VendorCard,
  vendorCodeForLanguage,
} from '@wps/contracts/games';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import * as repository from './catalogue.repository';
import type {
  CatalogueTileRow,
  CatalogueVendorRow,
  GameCardRow,
  GameCountRow,
  GameFilter,
  GameScope,
} from './catalogue.repository';
import { gameIconPath, gameLargeIconPath } from './game-image-paths';

/** A vendor tile that players see: vendor and tile enabled. */
export type LiveTile = CatalogueTileRow & { vendor: CatalogueVendorRow; category: string };

export type CatalogueStructure = {
  vendors: ReadonlyMap<bigint, CatalogueVendorRow>;
  /** Live tiles in display order. */
  tiles: readonly LiveTile[];
  tileOf: ReadonlyMap<string, LiveTile>;
};

const tileKey = (vendorId: bigint, gameType: string): string => `${vendorId.toString()}:${gameType}`;

/** What a list shows besides its category and vendor: a classify filter, a subcategory or a member's list. */
export type ClassifyChoice =
  | { kind: 'all' }
  | { kind: 'hot' }
  | { kind: 'new' }
  | { kind: 'subcategory'; code: string }
  | { kind: 'favourites' }
  | { kind: 'recent' };

export type GameListRequest = {
  /** A category (RNG … COCKFIGHT); undefined lists every category (searches, the HOT, FAV and RECENT lobbies). */
  category: string | undefined;
  vassalage: string | undefined;
  choice: ClassifyChoice;
  /** Searchable form of the name searched for; undefined when no search. */
  search: string | undefined;
  language: string;
  pageNo: number;
  pageSize: number;
};

export type GamePage = { games: Game[]; totalPages: number; pageNo: number; total: number };

/** The site's own lobby names that are not categories: they list every category. */
const allCategoryNames = new Set(['', 'ALL', 'HOME', 'SEARCH']);
const classifyLobbies: Readonly<Record<string, ClassifyChoice>> = {
  HOT: { kind: 'hot' },
  FAV: { kind: 'favourites' },
  RECENT: { kind: 'recent' },
};

const isTruthyFlag = (value: string | undefined): boolean =>
  value !== undefined && ['1', 'TRUE', 'Y', 'YES'].includes(value.trim().toUpperCase());

/**
 * The query fields of the list calls as one request: `gameType` may be a category or one of the site's
 * lobby names (HOT, FAV, RECENT list every category with that filter; HOME, SEARCH and none list every
 * category); `gameClassify` is ALL, HOT, NEW, FAV, RECENT, SEARCH or a subcategory code; `isNew=1` is NEW.
 */
export const toGameListRequest = (query: {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  isNew?: string | undefined;
  gameName?: string | undefined;
  language: string;
  pageNo: number;
  pageSize: number;
}): GameListRequest => {
  const gameType = (query.gameType ?? '').trim().toUpperCase();
  const lobbyChoice = classifyLobbies[gameType];
  const category = allCategoryNames.has(gameType) || lobbyChoice ? undefined : gameType;
  const classify = (query.gameClassify ?? '').trim().toUpperCase();
  let choice: ClassifyChoice;
  if (classify === '' || classify === 'ALL' || classify === 'SEARCH') {
    choice = isTruthyFlag(query.isNew) ? { kind: 'new' } : (lobbyChoice ?? { kind: 'all' });
  } else if (classify === 'NEW') choice = { kind: 'new' };
  else choice = classifyLobbies[classify] ?? { kind: 'subcategory', code: classify };
  const search = searchTermOf(query.gameName);
  const vassalage = (query.vassalage ?? '').trim().toUpperCase();
  return {
    category,
    vassalage: vassalage === '' || vassalage === 'ALL' ? undefined : vassalage,
    choice,
    search,
    language: query.language.toUpperCase(),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
};

/** The searchable form of a typed name, or undefined when nothing is left after trimming. */
export const searchTermOf = (gameName: string | undefined): string | undefined => {
  if (gameName === undefined) return undefined;
  const term = searchableName(gameName);
  return term === '' ? undefined : term;
};

export const needsMember = (choice: ClassifyChoice): boolean =>
  choice.kind === 'favourites' || choice.kind === 'recent';

/** Does a vendor answer to the code the site sent (its own, or the shared code of its language)? */
const vendorMatches = (vendor: CatalogueVendorRow, vassalage: string, language: string): boolean =>
  vendor.code === vassalage || vendorCodeForLanguage(vendor.code, language) === vassalage;

/** How many of the catalogue's games each member's own list may hold. */
export const maxRecentGames = 100;
/** Hot games answered by the hot-games call (the home section shows 12; the HOT lobby pages the list). */
export const hotGamesLimit = 100;
/** How long brand-independent answers are served from memory; changes on this instance clear them at once. */
const cacheTtlMs = 5_000;
const rankListTtlMs = 5_000;
const rankListWindowMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Moves a game to the top of the member's recent games (the launch calls this inside its transaction); only
 * the newest 100 are kept.
 */
export const recordRecentGame = (executor: Executor, memberId: bigint, gameId: bigint): Promise<void> =>
  repository.touchRecentGame(executor, memberId, gameId, maxRecentGames);

/** "de***er": enough for a player to recognise themselves, not enough to find the account. */
export const maskAccountName = (name: string): string => {
  const characters = Array.from(name);
  if (characters.length <= 2) return `${characters[0] ?? ''}***`;
  if (characters.length <= 4) return `${characters[0] ?? ''}***${characters.at(-1) ?? ''}`;
  return `${characters.slice(0, 2).join('')}***${characters.slice(-2).join('')}`;
};

/** The win as a multiple of its round's stake with one decimal, rounded down ("25.0x"); empty without a stake. */
export const prizeMultiple = (win: bigint, bet: bigint): string => {
  if (bet <= 0n) return '';
  const tenths = (win * 10n) / bet;
  return `${(tenths / 10n).toString()}.${(tenths % 10n).toString()}x`;
};

type CacheOptions<V extends object, C> = {
  max: number;
  ttl: number;
  load: (context: C) => Promise<V>;
};

/**
 * A read-through cache that serves a stale value while it refreshes it in the background (a refresh that fails
 * keeps the stale value), so a busy lobby never waits on an expiry; concurrent misses share one load.
 */
const readThroughCache = <V extends object, C = undefined>({ max, ttl, load }: CacheOptions<V, C>) =>
  new LRUCache<string, V, C>({
    max,
    ttl,
    allowStale: true,
    fetchMethod: async (_key, stale, { context }) => {
      try {
        return await load(context);
      } catch (error) {
        if (stale !== undefined) return stale;
        throw error;
      }
    },
  });

export const createCatalogueService = ({ db }: { db: Database }) => {
  const loadStructure = async (): Promise<CatalogueStructure> => {
    const [vendorRows, tileRows] = await Promise.all([
      repository.listCatalogueVendors(db),
      repository.listCatalogueTiles(db),
    ]);
    const vendors = new Map(vendorRows.map((vendor) => [vendor.id, vendor]));
    const tiles: LiveTile[] = [];
    for (const tile of tileRows) {
      const vendor = vendors.get(tile.vendorId);
      if (!vendor?.isEnabled || !tile.isEnabled) continue;
      tiles.push({ ...tile, vendor, category: categoryOf(tile.gameType, vendor.code) });
    }
    return {
      vendors,
      tiles,
      tileOf: new Map(tiles.map((tile) => [tileKey(tile.vendorId, tile.gameType), tile])),
    };
  };

  const structureCache = readThroughCache<CatalogueStructure>({
    max: 1,
    ttl: cacheTtlMs,
    load: loadStructure,
  });
  const countsCache = readThroughCache<{ rows: GameCountRow[] }>({
    max: 1,
    ttl: cacheTtlMs,
    load: async () => ({ rows: await repository.countEnabledGames(db) }),
  });
  const pageCache = readThroughCache<GamePage, GameListRequest>({
    max: 5_000,
    ttl: cacheTtlMs,
    load: (request) => loadPage(request),
  });
  const rankCache = readThroughCache<
    { list: Array<{ vo: RankEntry }> },
    { brandId: bigint; productLine: string | undefined; limit: number; language: string }
  >({ max: 1_000, ttl: rankListTtlMs, load: (context) => loadRankList(context) });

  const structure = async (): Promise<CatalogueStructure> => {
    const value = await structureCache.fetch('structure');
    if (!value) throw new AppError('INTERNAL_ERROR');
    return value;
  };
  const counts = async (): Promise<GameCountRow[]> => {
    const value = await countsCache.fetch('counts');
    if (!value) throw new AppError('INTERNAL_ERROR');
    return value.rows;
  };

  /** The live tiles a list draws from: of the category (all when undefined) and of the vendor asked for. */
  const tilesFor = (
    catalogue: CatalogueStructure,
    category: string | undefined,
    vassalage: string | undefined,
    language: string,
  ): LiveTile[] =>
    catalogue.tiles.filter(
      (tile) =>
        (category === undefined || tile.category === category) &&
        (vassalage === undefined || vendorMatches(tile.vendor, vassalage, language)),
    );

  const scopeOf = (tiles: readonly LiveTile[], onlyType?: string): GameScope => {
    const byType = new Map<string, bigint[]>();
    for (const tile of tiles) {
      if (onlyType !== undefined && tile.gameType !== onlyType) continue;
      byType.set(tile.gameType, [...(byType.get(tile.gameType) ?? []), tile.vendorId]);
    }
    return [...byType].map(([gameType, vendorIds]) => ({ gameType, vendorIds }));
  };

  const filterOf = (
    catalogue: CatalogueStructure,
    request: GameListRequest,
    memberId: bigint | undefined,
  ): GameFilter => {
    const tiles = tilesFor(catalogue, request.category, request.vassalage, request.language);
    const { choice } = request;
    // NEW is an RNG filter: it lists new RNG games, and nothing in the other categories.
    const scope = scopeOf(tiles, choice.kind === 'new' ? 'RNG' : undefined);
    const filter: GameFilter = { scope };
    if (choice.kind === 'hot') filter.hot = true;
    if (choice.kind === 'new') filter.isNew = true;
    if (choice.kind === 'subcategory') filter.classify = choice.code;
    if (choice.kind === 'favourites' || choice.kind === 'recent') {
      if (memberId === undefined) throw new AppError('UNAUTHORIZED');
      filter.member = { id: memberId, list: choice.kind };
    }
    if (request.search !== undefined) filter.search = request.search;
    return filter;
  };

  /** Totals of plain category pages come from the per-vendor counts, not from counting rows again. */
  const totalFromCounts = (rows: readonly GameCountRow[], filter: GameFilter): number => {
    const inScope = new Set(
      filter.scope.flatMap(({ gameType, vendorIds }) => vendorIds.map((id) => tileKey(id, gameType))),
    );
    let total = 0;
    for (const row of rows) {
      if (!inScope.has(tileKey(row.vendorId, row.gameType))) continue;
      if (filter.hot && !row.isHot) continue;
      if (filter.isNew && !row.isNew) continue;
      if (filter.classify !== undefined && row.classify !== filter.classify) continue;
      total += row.count;
    }
    return total;
  };

  const toCard = (catalogue: CatalogueStructure, row: GameCardRow, language: string): Game | undefined => {
    const tile = catalogue.tileOf.get(tileKey(row.vendorId, row.gameType));
    if (!tile) return undefined;
    const { vendor } = tile;
    const icon = row.iconUrl ?? gameIconPath(vendor.code, row.gameCode);
    return {
      nodeId: Number(row.id),
      nodeName: row.name,
      gameType: tile.category,
      vassalage: vendorCodeForLanguage(vendor.code, language),
      gameCode: row.gameCode,
      gameName: row.name,
      gameClassify: row.classify,
      displayName: vendor.displayName,
      showIcon: 1,
      iconUrl: icon,
      lagerIcon: row.largeIconUrl ?? row.iconUrl ?? gameLargeIconPath(vendor.code, row.gameCode),
      isHot: row.isHot ? 1 : 0,
      isNew: row.isNew ? 1 : 0,
      supportPlay: row.hasTrial ? 0 : 1,
      freeplay: tile.freeplay ? 1 : 0,
      isGame: tile.opensGameList ? 'VASSALAGE' : '',
    };
  };

  const cardsOf = (catalogue: CatalogueStructure, rows: readonly GameCardRow[], language: string): Game[] =>
    rows.flatMap((row) => toCard(catalogue, row, language) ?? []);

  const pageOf = async (request: GameListRequest, memberId: bigint | undefined): Promise<GamePage> => {
    const catalogue = await structure();
    const filter = filterOf(catalogue, request, memberId);
    const offset = (request.pageNo - 1) * request.pageSize;
    const countedByRows = filter.search !== undefined || filter.member !== undefined;
    const { rows, total: rowTotal } = await repository.listGamePage(
      db,
      filter,
      { limit: request.pageSize, offset },
      countedByRows,
    );
    const total = rowTotal ?? totalFromCounts(await counts(), filter);
    return {
      games: cardsOf(catalogue, rows, request.language),
      totalPages: Math.ceil(total / request.pageSize),
      pageNo: request.pageNo,
      total,
    };
  };

  const loadPage = (request: GameListRequest): Promise<GamePage> => pageOf(request, undefined);

  /** Cache key of a list: every field that changes the answer (the language only through the TY mapping). */
  const pageKey = (request: GameListRequest): string =>
    JSON.stringify([
      request.category ?? null,
      request.vassalage ?? null,
      request.choice,
      request.search ?? null,
      request.language === 'TY',
      request.pageNo,
      request.pageSize,
    ]);

  /** Games of a vendor's tile, counted per live tile (and per subcategory and flag for the classify tabs). */
  const countsByTile = (rows: readonly GameCountRow[]) => {
    const byTile = new Map<string, GameCountRow[]>();
    for (const row of rows) {
      const key = tileKey(row.vendorId, row.gameType);
      byTile.set(key, [...(byTile.get(key) ?? []), row]);
    }
    const sum = (key: string, test: (row: GameCountRow) => boolean = () => true) =>
      (byTile.get(key) ?? []).reduce((total, row) => total + (test(row) ? row.count : 0), 0);
    return sum;
  };

  /** The vendor cards of each category with games, merged per shown code (TY shows TCG and BTI as one). */
  const cardsByCategory = (
    catalogue: CatalogueStructure,
    countRows: readonly GameCountRow[],
    language: string,
  ): Map<string, { card: VendorCard; tiles: LiveTile[] }[]> => {
    const sum = countsByTile(countRows);
    const categories = new Map<string, { card: VendorCard; tiles: LiveTile[] }[]>();
    for (const tile of catalogue.tiles) {
      const gameCount = sum(tileKey(tile.vendorId, tile.gameType));
      if (gameCount === 0) continue;
      const vassalage = vendorCodeForLanguage(tile.vendor.code, language);
      const cards = categories.get(tile.category) ?? [];
      const existing = cards.find((entry) => entry.card.vassalage === vassalage);
      if (existing) {
        existing.card.gameCount += gameCount;
        existing.tiles.push(tile);
      } else {
        cards.push({
          card: {
            vassalage,
            displayName: tile.vendor.displayName,
            gameType: tile.category,
            accountTypeName: tile.accountTypeName,
            isGame: tile.opensGameList ? 'VASSALAGE' : '',
            freeplay: tile.freeplay ? 1 : 0,
            gameCount,
          },
          tiles: [tile],
        });
      }
      categories.set(tile.category, cards);
    }
    return new Map(
      gameCategories.flatMap((category) => {
        const cards = categories.get(category);
        return cards ? [[category, cards] as const] : [];
      }),
    );
  };

  type RankEntry = {
    winAmount: string;
    currency: string;
    player: string;
    gameName: string;
    gameCode: string;
    vassalage: string;
    gameType: string;
    prize: string;
    winTime: string;
  };

  const loadRankList = async ({
    brandId,
    productLine,
    limit,
    language,
  }: {
    brandId: bigint;
    productLine: string | undefined;
    limit: number;
    language: string;
  }) => {
    const wins = await repository.listBiggestWins(db, brandId, {
      since: new Date(Date.now() - rankListWindowMs),
      productLine,
      limit,
    });
    return {
      list: wins.map((win) => ({
        vo: {
          winAmount: formatMinorUnits(win.amount, win.exponent),
          currency: win.currency,
          player: maskAccountName(win.username),
          gameName: win.gameName,
          gameCode: win.gameCode,
          vassalage: vendorCodeForLanguage(win.vendorCode, language),
          gameType: win.productLine,
          prize: prizeMultiple(win.amount, win.betAmount),
          winTime: win.createdAt.toISOString(),
        },
      })),
    };
  };

  return {
    /** A page of games: a category lobby, a vendor, a filter or subcategory, a name search. */
    listGames: async (request: GameListRequest, memberId: bigint | undefined): Promise<GamePage> => {
      if (needsMember(request.choice)) return pageOf(request, memberId);
      const page = await pageCache.fetch(pageKey(request), { context: request });
      if (!page) throw new AppError('INTERNAL_ERROR');
      return page;
    },

    /** The hot games of a category and vendor (all when absent), in display order, at most 100. */
    hotGames: async (query: {
      gameType?: string | undefined;
      vassalage?: string | undefined;
      language: string;
    }) => {
      const request = toGameListRequest({
        gameType: query.gameType,
        vassalage: query.vassalage,
        gameClassify: 'HOT',
        language: query.language,
        pageNo: 1,
        pageSize: hotGamesLimit,
      });
      const page = await pageCache.fetch(pageKey(request), { context: request });
      return { list: page?.games ?? [] };
    },

    /** The categories a vendor (or, in TY, the shared code) has games in. */
    vendorGameTypes: async (vassalage: string, language: string) => {
      const code = vassalage.trim().toUpperCase();
      const lang = language.toUpperCase();
      const sum = countsByTile(await counts());
      const catalogue = await structure();
      const categories = new Set(
        tilesFor(catalogue, undefined, code, lang)
          .filter((tile) => sum(tileKey(tile.vendorId, tile.gameType)) > 0)
          .map((tile) => tile.category),
      );
      return { vassalage: code, gameTypes: gameCategories.filter((category) => categories.has(category)) };
    },

    /** Vendor lanes per category (the home's vendor rows). */
    vendorLanes: async (language: string) => {
      const byCategory = cardsByCategory(await structure(), await counts(), language.toUpperCase());
      return {
        data: {
          lanes: [...byCategory].map(([gameType, cards]) => ({
            gameType,
            vendors: cards.map((entry) => entry.card),
          })),
        },
      };
    },

    /**
     * Every category with vendors: its cards and its classify entries, each with the vendors that have games
     * in it. Subcategory entries only when the brand supports TY, and only those with games. FAV and RECENT
     * depend on the member, so they list the category's vendors with their game counts.
     */
    gameMenus: async (language: string, supportsTy: boolean): Promise<GameCategoryMenu[]> => {
      const lang = language.toUpperCase();
      const countRows = await counts();
      const sum = countsByTile(countRows);
      const byCategory = cardsByCategory(await structure(), countRows, lang);
      return [...byCategory].map(([category, cards]) => {
        const vendorsWhere = (test?: (row: GameCountRow) => boolean) =>
          Object.fromEntries(
            cards.flatMap(({ card, tiles }) => {
              const count = tiles.reduce(
                (total, tile) => total + sum(tileKey(tile.vendorId, tile.gameType), test),
                0,
              );
              return count > 0 ? [[card.vassalage, count] as const] : [];
            }),
          );
        const filters = classifyFiltersOf(category).map((code) => ({
          code,
          vendors:
            code === 'HOT'
              ? vendorsWhere((row) => row.isHot)
              : code === 'NEW'
                ? vendorsWhere((row) => row.isNew)
                : vendorsWhere(),
        }));
        const subcategories = supportsTy
          ? gameSubcategories
              .map((code) => ({ code, vendors: vendorsWhere((row) => row.classify === code) }))
              .filter((entry) => Object.keys(entry.vendors).length > 0)
          : [];
        return {
          title: category,
          cards: cards.map((entry) => entry.card),
          gameClassify: [...filters, ...subcategories],
        };
      });
    },

    /** The brand's biggest wins of the last 7 days (all categories, or one), newest-first among equals. */
    rankList: async (
      brandId: bigint,
      query: { gameCategory: string; limitNum: number; language: string },
    ) => {
      const category = query.gameCategory.trim().toUpperCase();
      const context = {
        brandId,
        productLine: category === 'ALL' || category === '' ? undefined : category,
        limit: query.limitNum,
        language: query.language.toUpperCase() === 'TY' ? 'TY' : 'EN',
      };
      const key = JSON.stringify([
        brandId.toString(),
        context.productLine ?? null,
        context.limit,
        context.language,
      ]);
      const list = await rankCache.fetch(key, { context });
      if (!list) throw new AppError('INTERNAL_ERROR');
      return list;
    },

    /** A member's favourites or recent games as cards, newest first, narrowed by category and vendor. */
    memberGames: (
      memberId: bigint,
      list: 'favourites' | 'recent',
      query: {
        gameType?: string | undefined;
        vassalage?: string | undefined;
        language: string;
        pageNo: number;
        pageSize: number;
      },
    ): Promise<GamePage> =>
      pageOf(
        toGameListRequest({ ...query, gameClassify: list === 'favourites' ? 'FAV' : 'RECENT' }),
        memberId,
      ),

    /** Ids of the games a member may favourite: enabled, of a live tile. */
    isListed: async (gameId: bigint): Promise<boolean> => {
      const game = await repository.findGameById(db, gameId);
      if (!game?.isEnabled) return false;
      return (await structure()).tileOf.has(tileKey(game.vendorId, game.gameType));
    },

    /** Forget every cached answer (after an operator's change to vendors or games on this instance). */
    clearCaches: (): void => {
      structureCache.clear();
      countsCache.clear();
      pageCache.clear();
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
