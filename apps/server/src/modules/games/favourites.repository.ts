import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { favoriteGames } from './games.tables';

/** The member's favourite game ids, newest first. */
export const listFavouriteIds = async (executor: Executor, memberId: bigint): Promise<bigint[]> => {
  const rows = await executor
    .select({ gameId: favoriteGames.gameId })
    .from(favoriteGames)
    .where(eq(favoriteGames.memberId, memberId))
    .orderBy(desc(favoriteGames.createdAt), desc(favoriteGames.gameId));
  return rows.map((row) => row.gameId);
};

export const countFavourites = async (executor: Executor, memberId: bigint): Promise<number> => {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(favoriteGames)
    .where(eq(favoriteGames.memberId, memberId));
  return row?.count ?? 0;
};

/** Adding a favourite twice leaves the first one (and its place in the list) as it was. */
export const insertFavourite = async (
  executor: Executor,
  memberId: bigint,
  gameId: bigint,
): Promise<void> => {
  await executor.insert(favoriteGames).values({ memberId, gameId }).onConflictDoNothing();
};

export const deleteFavourite = async (
  executor: Executor,
  memberId: bigint,
  gameId: bigint,
): Promise<void> => {
  await executor
    .delete(favoriteGames)
    .where(and(eq(favoriteGames.memberId, memberId), eq(favoriteGames.gameId, gameId)));
};
