import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { houseJackpots } from './slot.tables';

/** The SQL behind progressive jackpots (see jackpot.service.ts). */

export type JackpotRow = typeof houseJackpots.$inferSelect;

const keyOf = (brandId: bigint, currency: string, gameCode: string) =>
  and(
    eq(houseJackpots.brandId, brandId),
    eq(houseJackpots.currency, currency),
    eq(houseJackpots.gameCode, gameCode),
  );

export const findJackpot = async (
  executor: Executor,
  brandId: bigint,
  currency: string,
  gameCode: string,
  lock = false,
): Promise<JackpotRow | undefined> => {
  const query = executor
    .select()
    .from(houseJackpots)
    .where(keyOf(brandId, currency, gameCode));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const insertJackpot = async (
  executor: Executor,
  values: { brandId: bigint; currency: string; gameCode: string },
): Promise<void> => {
  await executor.insert(houseJackpots).values(values).onConflictDoNothing();
};

export const recordJackpotWin = async (
  executor: Executor,
  id: bigint,
  win: { amount: bigint; roundId: bigint },
): Promise<void> => {
  await executor
    .update(houseJackpots)
    .set({
      hits: sql`${houseJackpots.hits} + 1`,
      lastWonAmount: win.amount,
      lastWonAt: new Date(),
      lastRoundId: win.roundId,
    })
    .where(eq(houseJackpots.id, id));
};
