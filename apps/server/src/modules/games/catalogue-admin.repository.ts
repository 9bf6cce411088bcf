import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { escapeLike } from './catalogue.repository';
import { gameVendors, games } from './games.tables';

/** The SQL of the console's catalogue: every game, enabled or not, with its vendor. */

export type AdminGameRow = {
  id: bigint;
  vendorCode: string;
  vendorName: string;
  integration: 'seamless' | 'house';
  gameType: string;
  gameCode: string;
  name: string;
  classify: string;
  isEnabled: boolean;
  isHot: boolean;
  isNew: boolean;
  hasTrial: boolean;
  sortOrder: number;
  iconUrl: string | null;
  largeIconUrl: string | null;
};

export type AdminGameFilter = {
  vendorCode?: string | undefined;
  gameType?: string | undefined;
  /** Only games of these vendors, or of none of them (the split SPORTS categories). */
  vendorCodesIn?: readonly string[] | undefined;
  vendorCodesNotIn?: readonly string[] | undefined;
  isEnabled?: boolean | undefined;
  isHot?: true | undefined;
  isNew?: true | undefined;
  /** Matches the searchable name (already in that form) or, as typed, the game code. */
  search?: { name: string; code: string } | undefined;
};

const columns = {
  id: games.id,
  vendorCode: gameVendors.code,
  vendorName: gameVendors.displayName,
  integration: gameVendors.integration,
  gameType: games.gameType,
  gameCode: games.gameCode,
  name: games.name,
  classify: games.classify,
  isEnabled: games.isEnabled,
  isHot: games.isHot,
  isNew: games.isNew,
  hasTrial: games.hasTrial,
  sortOrder: games.sortOrder,
  iconUrl: games.iconUrl,
  largeIconUrl: games.largeIconUrl,
};

const conditionsOf = (filter: AdminGameFilter): SQL | undefined =>
  and(
    filter.vendorCode === undefined ? undefined : eq(gameVendors.code, filter.vendorCode),
    filter.gameType === undefined ? undefined : eq(games.gameType, filter.gameType),
    filter.vendorCodesIn === undefined ? undefined : inArray(gameVendors.code, [...filter.vendorCodesIn]),
    filter.vendorCodesNotIn === undefined
      ? undefined
      : notInArray(gameVendors.code, [...filter.vendorCodesNotIn]),
    filter.isEnabled === undefined ? undefined : eq(games.isEnabled, filter.isEnabled),
    filter.isHot ? eq(games.isHot, true) : undefined,
    filter.isNew ? eq(games.isNew, true) : undefined,
    filter.search === undefined
      ? undefined
      : or(
          sql`${games.searchName} like ${`%${escapeLike(filter.search.name)}%`} escape '\\'`,
          ilike(games.gameCode, `%${escapeLike(filter.search.code)}%`),
        ),
  );

/** A page of games by vendor, type, order and id, with how many match. */
export const listAdminGames = async (
  executor: Executor,
  filter: AdminGameFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminGameRow[]; total: number }> => {
  const where = conditionsOf(filter);
  const [rows, [total]] = await Promise.all([
    executor
      .select(columns)
      .from(games)
      .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
      .where(where)
      .orderBy(asc(gameVendors.code), asc(games.gameType), asc(games.sortOrder), asc(games.id))
      .limit(page.limit)
      .offset(page.offset),
    executor
      .select({ total: count() })
      .from(games)
      .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

export const findAdminGame = async (
  executor: Executor,
  id: bigint,
  { lock = false }: { lock?: boolean } = {},
): Promise<AdminGameRow | undefined> => {
  const query = executor
    .select(columns)
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .where(eq(games.id, id));
  const [row] = lock ? await query.for('update', { of: games }) : await query;
  return row;
};

export const updateAdminGame = async (
  executor: Executor,
  id: bigint,
  patch: Partial<
    Pick<AdminGameRow, 'isEnabled' | 'isHot' | 'isNew' | 'sortOrder' | 'iconUrl' | 'largeIconUrl'>
  >,
): Promise<void> => {
  await executor.update(games).set(patch).where(eq(games.id, id));
};

/** Whether a game shows this picture (by its path). */
export const isImageShown = async (executor: Executor, path: string): Promise<boolean> => {
  const [row] = await executor
    .select({ id: games.id })
    .from(games)
    .where(or(eq(games.iconUrl, path), eq(games.largeIconUrl, path)))
    .limit(1);
  return row !== undefined;
};

/** Which of these picture paths a game shows. */
export const listShownImages = async (executor: Executor, paths: readonly string[]): Promise<string[]> => {
  if (paths.length === 0) return [];
  const rows = await executor
    .selectDistinct({ path: games.iconUrl })
    .from(games)
    .where(inArray(games.iconUrl, [...paths]));
  return rows.flatMap((row) => row.path ?? []);
};
