import { and, desc, eq, sql } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import type { Executor } from '../../db/database';
import { selectPrepared } from '../../db/prepared';
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

type SeedPairRecord = {
  id: bigint;
  brand_id: bigint;
  member_id: bigint;
  game: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  status: SeedPairRow['status'];
  created_at: Date | string;
  revealed_at: Date | string | null;
};

/**
 * `advanceActiveNonces` for several members (one take each) in one statement, their pairs locked in id order;
 * answers the pairs as they were before, for the members that have an active pair.
 */
export const advanceActiveNoncesOfMembers = async (
  executor: Executor,
  game: string,
  takes: ReadonlyArray<{ memberId: bigint; count: number }>,
): Promise<SeedPairRow[]> => {
  if (takes.length === 0) return [];
  const memberIds = numberArray(takes.map((take) => take.memberId));
  // The pairs are found by the members' ids (`= any`, the active pair index's first column), so the plan reads
  // the group's pairs whatever the table's statistics say; joined to the takes only, it read every active pair
  // of the game.
  const rows = await selectPrepared<SeedPairRecord>(
    executor,
    'house_seeds_advance_active_nonces_of_members',
    sql`with takes as (
          select * from unnest(
            ${memberIds}::int8[],
            ${numberArray(takes.map((take) => take.count))}::int4[]
          ) as take (member_id, count)
        ), locked as (
          select pair.id, take.count
          from house_seed_pairs pair
          join takes take on take.member_id = pair.member_id
          where pair.member_id = any(${memberIds}::int8[]) and pair.game = ${game} and pair.status = 'active'
          order by pair.id
          for update of pair
        )
        update house_seed_pairs pair
        set next_nonce = pair.next_nonce + locked.count
        from locked
        where pair.id = locked.id
        returning pair.id, pair.brand_id, pair.member_id, pair.game, pair.server_seed, pair.server_seed_hash,
          pair.client_seed, pair.next_nonce - locked.count as next_nonce, pair.status, pair.created_at,
          pair.revealed_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    brandId: row.brand_id,
    memberId: row.member_id,
    game: row.game,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nextNonce: row.next_nonce,
    status: row.status,
    createdAt: new Date(row.created_at),
    revealedAt: row.revealed_at === null ? null : new Date(row.revealed_at),
  }));
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
