import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { houseSeedPairs } from './slot.tables';

/** The SQL behind seed pairs (see seeds.service.ts). */

export type SeedPairRow = typeof houseSeedPairs.$inferSelect;

const active = (memberId: bigint, game: string) =>
  and(
    eq(houseSeedPairs.memberId, memberId),
    eq(houseSeedPairs.game, game),
    eq(houseSeedPairs.status, 'active'),
  );

export const findActivePair = async (
  executor: Executor,
  memberId: bigint,
  game: string,
  lock = false,
): Promise<SeedPairRow | undefined> => {
  const query = executor.select().from(houseSeedPairs).where(active(memberId, game));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** Undefined when the member already has an active pair for the game (the partial unique index decides). */
export const insertActivePair = async (
  executor: Executor,
  values: Pick<SeedPairRow, 'brandId' | 'memberId' | 'game' | 'serverSeed' | 'serverSeedHash' | 'clientSeed'>,
): Promise<SeedPairRow | undefined> => {
  const [row] = await executor.insert(houseSeedPairs).values(values).onConflictDoNothing().returning();
  return row;
};

export const revealPair = async (executor: Executor, id: bigint): Promise<SeedPairRow | undefined> => {
  const [row] = await executor
    .update(houseSeedPairs)
    .set({ status: 'revealed', revealedAt: new Date() })
    .where(and(eq(houseSeedPairs.id, id), eq(houseSeedPairs.status, 'active')))
    .returning();
  return row;
};

/**
 * Takes the next `count` nonces of the member's active pair in one statement (the update locks the row until
 * the caller commits); answers the pair as it was before, or undefined when the member has no active pair.
 */
export const advanceActiveNonces = async (
  executor: Executor,
  memberId: bigint,
  game: string,
  count: number,
): Promise<SeedPairRow | undefined> => {
  const [row] = await executor
    .update(houseSeedPairs)
    .set({ nextNonce: sql`${houseSeedPairs.nextNonce} + ${count}` })
    .where(active(memberId, game))
    .returning();
  return row ? { ...row, nextNonce: row.nextNonce - count } : undefined;
};

/** Takes the pair's next `count` nonces (the caller holds the row's lock). */
export const advanceNonce = async (executor: Executor, id: bigint, count = 1): Promise<void> => {
  await executor
    .update(houseSeedPairs)
    .set({ nextNonce: sql`${houseSeedPairs.nextNonce} + ${count}` })
    .where(eq(houseSeedPairs.id, id));
};

export const listRevealedPairs = (executor: Executor, memberId: bigint, game: string, limit: number) =>
  executor
    .select()
    .from(houseSeedPairs)
    .where(
      and(
        eq(houseSeedPairs.memberId, memberId),
        eq(houseSeedPairs.game, game),
        eq(houseSeedPairs.status, 'revealed'),
      ),
    )
    .orderBy(desc(houseSeedPairs.id))
    .limit(limit);

export const findPairByHash = async (executor: Executor, serverSeedHash: string) => {
  const [row] = await executor
    .select()
    .from(houseSeedPairs)
    .where(eq(houseSeedPairs.serverSeedHash, serverSeedHash));
  return row;
};
