import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { gameVendors, gameVendorTiles, games } from './games.tables';

export type VendorRow = typeof gameVendors.$inferSelect;
export type VendorValues = Omit<typeof gameVendors.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TileValues = typeof gameVendorTiles.$inferInsert;
export type GameValues = Omit<typeof games.$inferInsert, 'id' | 'createdAt'>;

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at 15 columns. */
const chunkSize = 2_000;
const chunksOf = <T>(items: readonly T[]): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += chunkSize)
    chunks.push(items.slice(start, start + chunkSize));
  return chunks;
};

export const listVendors = (executor: Executor): Promise<VendorRow[]> =>
  executor.select().from(gameVendors).orderBy(asc(gameVendors.code));

export const findVendorByCode = async (
  executor: Executor,
  code: string,
  lock = false,
): Promise<VendorRow | undefined> => {
  const query = executor.select().from(gameVendors).where(eq(gameVendors.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const vendorIdsByCode = async (
  executor: Executor,
  codes: readonly string[],
): Promise<Map<string, bigint>> => {
  if (codes.length === 0) return new Map();
  const rows = await executor
    .select({ id: gameVendors.id, code: gameVendors.code })
    .from(gameVendors)
    .where(inArray(gameVendors.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row.id]));
};

/** Undefined when the code is taken (the unique index decides, so two adds of one code cannot both win). */
export const insertVendor = async (
  executor: Executor,
  values: VendorValues,
): Promise<VendorRow | undefined> => {
  const [row] = await executor
    .insert(gameVendors)
    .values(values)
    .onConflictDoNothing({ target: gameVendors.code })
    .returning();
  return row;
};

/** Inserts the vendors that do not exist yet; existing rows are left as they are. */
export const insertMissingVendors = async (executor: Executor, values: VendorValues[]): Promise<void> => {
  if (values.length === 0) return;
  await executor.insert(gameVendors).values(values).onConflictDoNothing({ target: gameVendors.code });
};

export const updateVendor = async (
  executor: Executor,
  id: bigint,
  patch: Partial<
    Pick<
      VendorValues,
      | 'displayName'
      | 'walletPublicKey'
      | 'launchUrl'
      | 'isEnabled'
      | 'integration'
      | 'isDemo'
      | 'isUnderMaintenance'
      | 'maintenanceEndsAt'
    >
  >,
): Promise<VendorRow | undefined> => {
  const [row] = await executor
    .update(gameVendors)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(gameVendors.id, id))
    .returning();
  return row;
};

export const listTiles = (executor: Executor, vendorId: bigint) =>
  executor
    .select()
    .from(gameVendorTiles)
    .where(eq(gameVendorTiles.vendorId, vendorId))
    .orderBy(asc(gameVendorTiles.sortOrder), asc(gameVendorTiles.gameType));

export const listAllTiles = (executor: Executor) =>
  executor
    .select()
    .from(gameVendorTiles)
    .orderBy(asc(gameVendorTiles.sortOrder), asc(gameVendorTiles.gameType));

/** Inserts or replaces tiles (by vendor and game type). */
export const upsertTiles = async (executor: Executor, tiles: TileValues[]): Promise<void> => {
  if (tiles.length === 0) return;
  await executor
    .insert(gameVendorTiles)
    .values(tiles)
    .onConflictDoUpdate({
      target: [gameVendorTiles.vendorId, gameVendorTiles.gameType],
      set: {
        sortOrder: sql`excluded.sort_order`,
        opensGameList: sql`excluded.opens_game_list`,
        freeplay: sql`excluded.freeplay`,
        accountTypeName: sql`excluded.account_type_name`,
        isEnabled: sql`excluded.is_enabled`,
      },
    });
};

/** Inserts the tiles that do not exist yet; existing ones keep the operator's settings. */
export const insertMissingTiles = async (executor: Executor, tiles: TileValues[]): Promise<void> => {
  if (tiles.length === 0) return;
  await executor.insert(gameVendorTiles).values(tiles).onConflictDoNothing();
};

/**
 * Games as one JSON parameter read by json_to_recordset: one statement per 2,000 rows with a single
 * parameter, about three times faster than a multi-row VALUES list with 15 parameters a row (the demo seed
 * runs at every start and in every test file).
 */
const gameRowsSql = (rows: readonly GameValues[]) => {
  const json = JSON.stringify(
    rows.map((row) => ({
      vendor_id: row.vendorId.toString(),
      game_type: row.gameType,
      game_code: row.gameCode,
      name: row.name,
      search_name: row.searchName,
      classify: row.classify ?? 'SLOT',
      is_hot: row.isHot ?? false,
      is_new: row.isNew ?? false,
      has_trial: row.hasTrial ?? false,
      sort_order: row.sortOrder ?? 0,
      is_enabled: row.isEnabled ?? true,
      icon_url: row.iconUrl ?? null,
      large_icon_url: row.largeIconUrl ?? null,
      is_demo: row.isDemo ?? false,
    })),
  );
  return sql`
    insert into games (vendor_id, game_type, game_code, name, search_name, classify, is_hot, is_new, has_trial,
                       sort_order, is_enabled, icon_url, large_icon_url, is_demo)
    select vendor_id, game_type, game_code, name, search_name, classify, is_hot, is_new, has_trial,
           sort_order, is_enabled, icon_url, large_icon_url, is_demo
    from json_to_recordset(${json}::json) as r(
      vendor_id bigint, game_type text, game_code text, name text, search_name text, classify text,
      is_hot boolean, is_new boolean, has_trial boolean, sort_order integer, is_enabled boolean,
      icon_url text, large_icon_url text, is_demo boolean)`;
};

/** Inserts or replaces games by (vendor, game code), in statements of 2,000 rows. */
export const upsertGames = async (executor: Executor, rows: readonly GameValues[]): Promise<void> => {
  for (const chunk of chunksOf(rows)) {
    await executor.execute(sql`${gameRowsSql(chunk)}
      on conflict (vendor_id, game_code) do update set
        game_type = excluded.game_type, name = excluded.name, search_name = excluded.search_name,
        classify = excluded.classify, is_hot = excluded.is_hot, is_new = excluded.is_new,
        has_trial = excluded.has_trial, sort_order = excluded.sort_order, is_enabled = excluded.is_enabled,
        icon_url = excluded.icon_url, large_icon_url = excluded.large_icon_url, is_demo = excluded.is_demo`);
  }
};

/** Inserts the games that do not exist yet (by vendor and game code), in statements of 2,000 rows. */
export const insertMissingGames = async (executor: Executor, rows: readonly GameValues[]): Promise<void> => {
  for (const chunk of chunksOf(rows)) {
    await executor.execute(sql`${gameRowsSql(chunk)} on conflict (vendor_id, game_code) do nothing`);
  }
};

/** Games per vendor, all and enabled. */
export const countGamesByVendor = async (executor: Executor) => {
  const rows = await executor
    .select({
      vendorId: games.vendorId,
      total: sql<number>`count(*)::int`,
      enabled: sql<number>`(count(*) filter (where ${games.isEnabled}))::int`,
    })
    .from(games)
    .groupBy(games.vendorId);
  return new Map(rows.map((row) => [row.vendorId, { total: row.total, enabled: row.enabled }]));
};

/**
 * After a bulk change: moves the name index's pending entries into the index proper (until then a search reads
 * them one by one) and refreshes the planner's statistics (a category page is an index walk of a few rows,
 * not a sort of the whole type). PostgreSQL's autovacuum does both in time; the embedded database has none.
 */
export const analyzeCatalogue = async (executor: Executor): Promise<void> => {
  await executor.execute(sql`select gin_clean_pending_list('games_search_name_trgm_idx'::regclass)`);
  await executor.execute(sql`analyze game_vendors, game_vendor_tiles, games`);
};

export const countDemoGames = async (executor: Executor): Promise<number> => {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(games)
    .where(eq(games.isDemo, true));
  return row?.count ?? 0;
};

/** The launch URL and wallet key of every demo seamless vendor (the demo vendor process acts for them all). */
/** Connects the demo seamless vendors (those of `codes` when given) to a running vendor process. */
export const setDemoVendorConnection = async (
  executor: Executor,
  { launchUrl, walletPublicKey }: { launchUrl: string; walletPublicKey: string },
  codes?: readonly string[],
): Promise<void> => {
  await executor
    .update(gameVendors)
    .set({ launchUrl, walletPublicKey, updatedAt: sql`now()` })
    .where(
      and(
        sql`${gameVendors.isDemo} and ${gameVendors.integration} = 'seamless'`,
        codes === undefined ? undefined : inArray(gameVendors.code, [...codes]),
      ),
    );
};

/** The scheme and host of an absolute http(s) URL column, in SQL (null for paths and anything else). */
const originIn = (column: SQLWrapper) => sql<string | null>`substring(${column} from '^https?://[^/?#]+')`;

/**
 * Where the site's pages must be allowed to reach for games: the launch origins of the enabled vendors (their
 * games open in a frame) and the hosts of games' own artwork.
 */
export const listExternalOrigins = async (
  executor: Executor,
): Promise<{ frames: string[]; images: string[] }> => {
  const [frames, icons, largeIcons] = await Promise.all([
    executor
      .selectDistinct({ origin: originIn(gameVendors.launchUrl) })
      .from(gameVendors)
      .where(eq(gameVendors.isEnabled, true)),
    executor.selectDistinct({ origin: originIn(games.iconUrl) }).from(games),
    executor.selectDistinct({ origin: originIn(games.largeIconUrl) }).from(games),
  ]);
  const present = (rows: { origin: string | null }[]) => rows.flatMap(({ origin }) => origin ?? []);
  return { frames: present(frames), images: [...new Set([...present(icons), ...present(largeIcons)])] };
};
