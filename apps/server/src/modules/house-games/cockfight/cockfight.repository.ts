import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { numberArray, textArray } from '../../../db/array-literals';
import { type Executor, selectRows } from '../../../db/database';
import {
  type CockfightBetStatus,
  type CockfightFightStatus,
  cockfightBets,
  cockfightFights,
} from './cockfight.tables';

/** The SQL behind the cockfight arena (see cockfight.service.ts for the rules). */

export type FightRow = typeof cockfightFights.$inferSelect;
export type FightBetRow = typeof cockfightBets.$inferSelect;
export type NewFight = Omit<
  typeof cockfightFights.$inferInsert,
  'id' | 'number' | 'status' | 'result' | 'meronPool' | 'walaPool' | 'drawPool' | 'betCount'
>;

/** Serialises the scheduling of one brand's fights (their numbers follow each other). */
const lockArena = async (executor: Executor, brandId: bigint) => {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`cockfight:arena:${brandId}`}, 0))`,
  );
};

/**
 * A new fight numbered after the brand's last one, in the caller's transaction; with `onlyIfIdle`, only when
 * the brand has no unfinished fight (undefined otherwise), checked under the same lock.
 */
export const insertFight = async (
  executor: Executor,
  fight: NewFight,
  { onlyIfIdle = false } = {},
): Promise<FightRow | undefined> => {
  await lockArena(executor, fight.brandId);
  if (onlyIfIdle) {
    const [busy] = await executor
      .select({ id: cockfightFights.id })
      .from(cockfightFights)
      .where(
        and(
          eq(cockfightFights.brandId, fight.brandId),
          inArray(cockfightFights.status, ['scheduled', 'open', 'last_call', 'closed']),
        ),
      )
      .limit(1);
    if (busy) return undefined;
  }
  const [row] = await executor
    .insert(cockfightFights)
    .values({
      ...fight,
      number: sql`(select coalesce(max(number), 0) + 1 from cockfight_fights where brand_id = ${fight.brandId})`,
    })
    .returning();
  if (!row) throw new Error('the fight was not written');
  return row;
};

export const findFight = async (executor: Executor, id: bigint): Promise<FightRow | undefined> => {
  const [row] = await executor.select().from(cockfightFights).where(eq(cockfightFights.id, id));
  return row;
};

/**
 * Moves a fight that has no result yet from one of `from` (and, when given, only if it is a simulated fight
 * or an operator's), writing `set`; answers the row, or undefined when it was not in such a state.
 */
export const moveFight = async (
  executor: Executor,
  id: bigint,
  from: readonly CockfightFightStatus[],
  set: Partial<Pick<FightRow, 'status' | 'result' | 'openedAt' | 'closedAt' | 'closesAt'>>,
): Promise<FightRow | undefined> => {
  const [row] = await executor
    .update(cockfightFights)
    .set(set)
    .where(
      and(eq(cockfightFights.id, id), inArray(cockfightFights.status, from), isNull(cockfightFights.result)),
    )
    .returning();
  return row;
};

/** Closes a closed fight with a result as settled (or cancelled), once; answers whether it moved. */
export const finishFight = async (executor: Executor, fight: FightRow, at: Date): Promise<boolean> => {
  const rows = await executor
    .update(cockfightFights)
    .set({ status: fight.result === 'cancelled' ? 'cancelled' : 'settled', settledAt: at })
    .where(
      and(
        eq(cockfightFights.id, fight.id),
        eq(cockfightFights.status, 'closed'),
        isNotNull(cockfightFights.result),
      ),
    )
    .returning({ id: cockfightFights.id });
  return rows.length === 1;
};

const poolColumn = { meron: 'meron_pool', wala: 'wala_pool', draw: 'draw_pool' } as const;

/**
 * Adds a bet to the fight's pools, only while it takes bets (open or last call, and before its close by
 * `now` when it has one) and within its total limit. The close's update waits for this row lock, so a bet is
 * either in the pools before the close or refused after it. Answers whether it was added.
 */
export const addToPool = async (
  executor: Executor,
  fightId: bigint,
  side: keyof typeof poolColumn,
  amount: bigint,
  now: Date,
): Promise<boolean> => {
  const column = sql.raw(poolColumn[side]);
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`update cockfight_fights
        set ${column} = ${column} + ${amount}, bet_count = bet_count + 1
        where id = ${fightId} and status in ('open', 'last_call')
          and (closes_at is null or closes_at > ${now})
          and meron_pool + wala_pool + draw_pool + ${amount} <= max_per_fight
        returning id::text`,
  );
  return rows.length === 1;
};

/** Serialises one member's bets on one fight (their limit counts their earlier bets). */
export const lockMemberOnFight = async (executor: Executor, fightId: bigint, memberId: bigint) => {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`cockfight:${fightId}:${memberId}`}, 0))`,
  );
};

/** What the member has staked on the fight, read under their lock. */
export const memberStake = async (executor: Executor, fightId: bigint, memberId: bigint): Promise<bigint> => {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${cockfightBets.amount}), 0)::text` })
    .from(cockfightBets)
    .where(and(eq(cockfightBets.fightId, fightId), eq(cockfightBets.memberId, memberId)));
  return BigInt(row?.total ?? '0');
};

export const findRequestBet = async (
  executor: Executor,
  memberId: bigint,
  requestId: string,
): Promise<FightBetRow | undefined> => {
  const [row] = await executor
    .select()
    .from(cockfightBets)
    .where(and(eq(cockfightBets.memberId, memberId), eq(cockfightBets.requestId, requestId)));
  return row;
};

export const insertBet = async (
  executor: Executor,
  bet: typeof cockfightBets.$inferInsert,
): Promise<FightBetRow> => {
  const [row] = await executor.insert(cockfightBets).values(bet).returning();
  if (!row) throw new Error('the bet was not written');
  return row;
};

/** The next chunk of a fight's unsettled bets, locked (skip locked: another settler's rows are left to it). */
export const lockPlacedBets = (executor: Executor, fightId: bigint, limit: number) =>
  executor
    .select()
    .from(cockfightBets)
    .where(and(eq(cockfightBets.fightId, fightId), eq(cockfightBets.status, 'placed')))
    .orderBy(cockfightBets.id)
    .limit(limit)
    .for('update', { skipLocked: true });

/** Settles bets with their outcome and return in one statement, only those still placed. */
export const settleBets = async (
  executor: Executor,
  bets: ReadonlyArray<{ id: bigint; status: Exclude<CockfightBetStatus, 'placed'>; returned: bigint }>,
  at: Date,
): Promise<void> => {
  if (bets.length === 0) return;
  await executor.execute(sql`
    update cockfight_bets bet
    set status = settled.status, returned = settled.returned, settled_at = ${at}
    from unnest(${numberArray(bets.map((bet) => bet.id))}::int8[],
                ${textArray(bets.map((bet) => bet.status))}::text[],
                ${numberArray(bets.map((bet) => bet.returned))}::int8[]) as settled (id, status, returned)
    where bet.id = settled.id and bet.status = 'placed'`);
};

/**
 * Whether the fight still has placed bets, waiting for any settler's chunk that holds some (no skip locked),
 * so the records are written from final returns.
 */
export const hasPlacedBets = async (executor: Executor, fightId: bigint): Promise<boolean> => {
  const rows = await executor
    .select({ id: cockfightBets.id })
    .from(cockfightBets)
    .where(and(eq(cockfightBets.fightId, fightId), eq(cockfightBets.status, 'placed')))
    .for('update');
  return rows.length > 0;
};

export const listFightBets = (executor: Executor, fightId: bigint) =>
  executor.select().from(cockfightBets).where(eq(cockfightBets.fightId, fightId)).orderBy(cockfightBets.id);

/** A member's latest bets in the brand's arena, newest first, with their fight's number. */
export const listMemberBets = (executor: Executor, brandId: bigint, memberId: bigint, limit: number) =>
  executor
    .select({ bet: cockfightBets, number: cockfightFights.number })
    .from(cockfightBets)
    .innerJoin(cockfightFights, eq(cockfightFights.id, cockfightBets.fightId))
    .where(and(eq(cockfightBets.brandId, brandId), eq(cockfightBets.memberId, memberId)))
    .orderBy(desc(cockfightBets.id))
    .limit(limit);

/** The brand's fights in some states, by number (oldest first, or newest first). */
export const listFights = (
  executor: Executor,
  brandId: bigint,
  statuses: readonly CockfightFightStatus[],
  order: 'oldest' | 'newest',
  limit: number,
) =>
  executor
    .select()
    .from(cockfightFights)
    .where(and(eq(cockfightFights.brandId, brandId), inArray(cockfightFights.status, statuses)))
    .orderBy(order === 'oldest' ? asc(cockfightFights.number) : desc(cockfightFights.number))
    .limit(limit);

/** Fights whose result is in but whose bets are not all paid (a settlement stopped midway). */
export const listFightsToSettle = (executor: Executor) =>
  executor
    .select({ id: cockfightFights.id })
    .from(cockfightFights)
    .where(and(eq(cockfightFights.status, 'closed'), isNotNull(cockfightFights.result)))
    .orderBy(cockfightFights.id);

/** Every brand, with its wallet currency (the site's read model), for the simulated arena. */
export const listBrands = (executor: Executor) =>
  selectRows<{ id: bigint; currency: string }>(
    executor,
    sql`select id, currency from site_brands order by id`,
  );
