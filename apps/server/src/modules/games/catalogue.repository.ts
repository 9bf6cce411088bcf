import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { favoriteGames, gameVendors, gameVendorTiles, games, recentGames } from './games.tables';

export type CatalogueVendorRow = {
  id: bigint;
  code: string;
  displayName: string;
  integration: 'seamless' | 'house';
  isEnabled: boolean;
  isDemo: boolean;
};

export type CatalogueTileRow = {
  vendorId: bigint;
  gameType: string;
  sortOrder: number;
  opensGameList: boolean;
  freeplay: boolean;
  accountTypeName: string;
  isEnabled: boolean;
};

/** Enabled games counted by vendor, stored type, subcategory and flags: menus, lanes and page totals. */
export type GameCountRow = {
  vendorId: bigint;
  gameType: string;
  classify: string;
  isHot: boolean;
  isNew: boolean;
  count: number;
};

/** What a game card needs of the games table; the vendor's side comes from the catalogue structure. */
export type GameCardRow = {
  id: bigint;
  vendorId: bigint;
  gameType: string;
  gameCode: string;
  name: string;
  classify: string;
  isHot: boolean;
  isNew: boolean;
  hasTrial: boolean;
  iconUrl: string | null;
  largeIconUrl: string | null;
};

export const listCatalogueVendors = (executor: Executor): Promise<CatalogueVendorRow[]> =>
  executor
    .select({
      id: gameVendors.id,
      code: gameVendors.code,
      displayName: gameVendors.displayName,
      integration: gameVendors.integration,
      isEnabled: gameVendors.isEnabled,
      isDemo: gameVendors.isDemo,
    })
    .from(gameVendors)
    .orderBy(asc(gameVendors.code));

export const listCatalogueTiles = (executor: Executor): Promise<CatalogueTileRow[]> =>
  executor
    .select()
    .from(gameVendorTiles)
    .orderBy(asc(gameVendorTiles.sortOrder), asc(gameVendorTiles.vendorId));

export const countEnabledGames = async (executor: Executor): Promise<GameCountRow[]> => {
  const rows = await executor
    .select({
      vendorId: games.vendorId,
      gameType: games.gameType,
      classify: games.classify,
      isHot: games.isHot,
      isNew: games.isNew,
      count: sql<number>`count(*)::int`,
    })
    .from(games)
    .where(eq(games.isEnabled, true))
    .groupBy(games.vendorId, games.gameType, games.classify, games.isHot, games.isNew);
  return rows;
};

/** Which games of the catalogue a list may show: per stored type, the vendors whose tile is live. */
export type GameScope = ReadonlyArray<{ gameType: string; vendorIds: readonly bigint[] }>;

export type GameFilter = {
  scope: GameScope;
  hot?: boolean;
  isNew?: boolean;
  classify?: string;
  /** Already in searchable form (contracts `searchableName`), non-empty. */
  search?: string;
  /** The member's favourites or recently played games, newest first. */
  member?: { id: bigint; list: 'favourites' | 'recent' };
};

/** LIKE's own characters in a search term match themselves. */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (character) => `\\${character}`);

const scopeCondition = (scope: GameScope): SQL | undefined =>
  or(
    ...scope.map(({ gameType, vendorIds }) =>
      and(eq(games.gameType, gameType), inArray(games.vendorId, [...vendorIds])),
    ),
  );

const filterConditions = (filter: GameFilter): SQL | undefined =>
  and(
    eq(games.isEnabled, true),
    scopeCondition(filter.scope),
    filter.hot ? eq(games.isHot, true) : undefined,
    filter.isNew ? eq(games.isNew, true) : undefined,
    filter.classify === undefined ? undefined : eq(games.classify, filter.classify),
    filter.search === undefined
      ? undefined
      : sql`${games.searchName} like ${`%${escapeLike(filter.search)}%`} escape '\\'`,
  );

const cardColumns = {
  id: games.id,
  vendorId: games.vendorId,
  gameType: games.gameType,
  gameCode: games.gameCode,
  name: games.name,
  classify: games.classify,
  isHot: games.isHot,
  isNew: games.isNew,
  hasTrial: games.hasTrial,
  iconUrl: games.iconUrl,
  largeIconUrl: games.largeIconUrl,
};

/**
 * One page of games in display order (the catalogue's sort order, or newest first for favourites and recent
 * games). With `withTotal` every row carries the number of matches (a window count, cheap when matches are
 * few: searches and a member's own lists); plain category pages take their totals from the counts instead.
 */
export const listGamePage = async (
  executor: Executor,
  filter: GameFilter,
  page: { limit: number; offset: number },
  withTotal: boolean,
): Promise<{ rows: GameCardRow[]; total: number | undefined }> => {
  if (filter.scope.length === 0) return { rows: [], total: 0 };
  const total = { total: withTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0` };
  const where = filterConditions(filter);
  const member = filter.member;
  let rows: Array<GameCardRow & { total: number }>;
  if (member?.list === 'favourites') {
    rows = await executor
      .select({ ...cardColumns, ...total })
      .from(games)
      .innerJoin(
        favoriteGames,
        and(eq(favoriteGames.gameId, games.id), eq(favoriteGames.memberId, member.id)),
      )
      .where(where)
      .orderBy(desc(favoriteGames.createdAt), desc(games.id))
      .limit(page.limit)
      .offset(page.offset);
  } else if (member?.list === 'recent') {
    rows = await executor
      .select({ ...cardColumns, ...total })
      .from(games)
      .innerJoin(recentGames, and(eq(recentGames.gameId, games.id), eq(recentGames.memberId, member.id)))
      .where(where)
      .orderBy(desc(recentGames.playedAt), desc(games.id))
      .limit(page.limit)
      .offset(page.offset);
  } else {
    rows = await executor
      .select({ ...cardColumns, ...total })
      .from(games)
      .where(where)
      .orderBy(asc(games.sortOrder), asc(games.id))
      .limit(page.limit)
      .offset(page.offset);
  }
  if (!withTotal) return { rows, total: undefined };
  const [first] = rows;
  if (first) return { rows, total: first.total };
  // A page past the end has no rows to carry the count.
  return { rows, total: page.offset === 0 ? 0 : await countGames(executor, filter) };
};

export const countGames = async (executor: Executor, filter: GameFilter): Promise<number> => {
  if (filter.scope.length === 0) return 0;
  const member = filter.member;
  const count = { count: sql<number>`count(*)::int` };
  const where = filterConditions(filter);
  const [row] =
    member?.list === 'favourites'
      ? await executor
          .select(count)
          .from(games)
          .innerJoin(
            favoriteGames,
            and(eq(favoriteGames.gameId, games.id), eq(favoriteGames.memberId, member.id)),
          )
          .where(where)
      : member?.list === 'recent'
        ? await executor
            .select(count)
            .from(games)
            .innerJoin(
              recentGames,
              and(eq(recentGames.gameId, games.id), eq(recentGames.memberId, member.id)),
            )
            .where(where)
        : await executor.select(count).from(games).where(where);
  return row?.count ?? 0;
};

/** A game with its vendor, enabled or not, by its id (the spec's nodeId). */
export const findGameById = async (executor: Executor, id: bigint) => {
  const [row] = await executor
    .select({
      id: games.id,
      gameCode: games.gameCode,
      gameType: games.gameType,
      name: games.name,
      isEnabled: games.isEnabled,
      vendorId: games.vendorId,
      vendorCode: gameVendors.code,
      vendorEnabled: gameVendors.isEnabled,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .where(eq(games.id, id));
  return row;
};

/** A game by its vendor's code and its own code, for its artwork. */
export const findGameByCode = async (executor: Executor, vendorCode: string, gameCode: string) => {
  const [row] = await executor
    .select({
      name: games.name,
      gameType: games.gameType,
      classify: games.classify,
      isDemo: games.isDemo,
      vendorCode: gameVendors.code,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .where(and(eq(gameVendors.code, vendorCode), eq(games.gameCode, gameCode)));
  return row;
};

/** Moves the game to the top of the member's recent games; keeps the newest `keep` of them. */
export const touchRecentGame = async (
  executor: Executor,
  memberId: bigint,
  gameId: bigint,
  keep: number,
): Promise<void> => {
  await executor
    .insert(recentGames)
    .values({ memberId, gameId })
    .onConflictDoUpdate({
      target: [recentGames.memberId, recentGames.gameId],
      set: { playedAt: sql`now()` },
    });
  await executor.execute(sql`
    delete from recent_games
    where member_id = ${memberId}
      and game_id in (
        select game_id from recent_games where member_id = ${memberId}
        order by played_at desc, game_id desc offset ${keep}
      )`);
};

export type WinRow = {
  amount: bigint;
  betAmount: bigint;
  currency: string;
  exponent: number;
  username: string;
  gameName: string;
  gameCode: string;
  vendorCode: string;
  productLine: string;
  createdAt: Date;
};

/**
 * The brand's biggest wins since `since`, from the vendors' win calls (game_transactions), with the stake of
 * their round; the winner's name from the members' read model `members_directory` and the currency's exponent from
 * the wallet's `wallet_currencies` (views the planner inlines).
 */
export const listBiggestWins = async (
  executor: Executor,
  brandId: bigint,
  { since, productLine, limit }: { since: Date; productLine: string | undefined; limit: number },
): Promise<WinRow[]> => {
  const rows = await selectRows<{
    amount: bigint | string;
    bet_amount: bigint | string;
    currency: string;
    exponent: number;
    username: string;
    game_name: string;
    game_code: string;
    vendor_code: string;
    product_line: string;
    created_at: Date | string;
  }>(
    executor,
    sql`
      select t.amount, r.bet_amount, r.currency, c.exponent, m.username, g.name as game_name,
             g.game_code, v.code as vendor_code, r.product_line, t.created_at
      from game_transactions t
      join game_rounds r on r.id = t.round_id
      join games g on g.id = r.game_id
      join game_vendors v on v.id = g.vendor_id
      join members_directory m on m.id = t.member_id
      join wallet_currencies c on c.code = r.currency
      where t.brand_id = ${brandId} and t.kind = 'win' and t.amount > 0
        and t.created_at >= ${since.toISOString()}::timestamptz
        ${productLine === undefined ? sql`` : sql`and r.product_line = ${productLine}`}
      order by t.amount desc, t.id desc
      limit ${limit}`,
  );
  return rows.map((row) => ({
    amount: BigInt(row.amount),
    betAmount: BigInt(row.bet_amount),
    currency: row.currency,
    exponent: row.exponent,
    username: row.username,
    gameName: row.game_name,
    gameCode: row.game_code,
    vendorCode: row.vendor_code,
    productLine: row.product_line,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  }));
};
