import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { gameRounds, gameTransactions, gameVendors, gameVendorTiles, games } from './games.tables';

/** The SQL behind house games' catalogue rows and rounds (see house-rounds.service.ts). */

export const findHouseGame = async (executor: Executor, vendorCode: string, gameCode: string) => {
  const [row] = await executor
    .select({
      gameId: games.id,
      vendorId: gameVendors.id,
      gameType: games.gameType,
      gameName: games.name,
      isGameEnabled: games.isEnabled,
      isVendorEnabled: gameVendors.isEnabled,
      integration: gameVendors.integration,
      isTileEnabled: gameVendorTiles.isEnabled,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .leftJoin(
      gameVendorTiles,
      and(eq(gameVendorTiles.vendorId, games.vendorId), eq(gameVendorTiles.gameType, games.gameType)),
    )
    .where(and(eq(gameVendors.code, vendorCode), eq(games.gameCode, gameCode)))
    .limit(1);
  return row;
};

export type HouseRoundValues = {
  brandId: bigint;
  memberId: bigint;
  vendorId: bigint;
  gameId: bigint;
  roundRef: string;
  productLine: string;
  currency: string;
  betAmount: bigint;
  winAmount: bigint;
  details: Record<string, unknown>;
};

/** A settled round; undefined when (vendor, member, round ref) exists already. */
export const insertSettledRound = async (executor: Executor, values: HouseRoundValues) => {
  const now = new Date();
  const [row] = await executor
    .insert(gameRounds)
    .values({
      ...values,
      status: 'settled',
      validBet: values.betAmount,
      turnoverRecorded: values.betAmount,
      openedAt: now,
      settledAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: gameRounds.id });
  return row;
};

export const setRoundDetails = (executor: Executor, roundId: bigint, details: Record<string, unknown>) =>
  executor.update(gameRounds).set({ details }).where(eq(gameRounds.id, roundId));

export const insertRoundCalls = async (
  executor: Executor,
  rows: Array<typeof gameTransactions.$inferInsert>,
): Promise<void> => {
  if (rows.length === 0) return;
  await executor.insert(gameTransactions).values(rows);
};
