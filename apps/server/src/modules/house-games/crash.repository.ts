import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  type CrashRoundStatus,
  crashBets,
  crashChains,
  crashDriverLeases,
  crashRounds,
} from './crash.tables';

/** The SQL behind the crash game (see crash.service.ts for the rules). */

export type ChainRow = typeof crashChains.$inferSelect;
export type RoundRow = typeof crashRounds.$inferSelect;
export type BetRow = typeof crashBets.$inferSelect;

export const findLatestChain = async (executor: Executor): Promise<ChainRow | undefined> => {
  const [row] = await executor.select().from(crashChains).orderBy(desc(crashChains.id)).limit(1);
  return row;
};

export const findChain = async (executor: Executor, id: bigint): Promise<ChainRow | undefined> => {
  const [row] = await executor.select().from(crashChains).where(eq(crashChains.id, id));
  return row;
};

export const insertChain = async (
  executor: Executor,
  chain: Omit<typeof crashChains.$inferInsert, 'id' | 'createdAt'>,
): Promise<ChainRow> => {
  const [row] = await executor.insert(crashChains).values(chain).returning();
  if (!row) throw new Error('the crash chain was not written');
  return row;
};

/** The highest position of the chain already given to a round (0 when none). */
export const lastUsedIndex = async (executor: Executor, chainId: bigint): Promise<number> => {
  const [row] = await executor
    .select({ index: sql<number>`coalesce(max(${crashRounds.chainIndex}), 0)::int` })
    .from(crashRounds)
    .where(eq(crashRounds.chainId, chainId));
  return row?.index ?? 0;
};

export const findLatestRound = async (executor: Executor): Promise<RoundRow | undefined> => {
  const [row] = await executor.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
  return row;
};

export const findRound = async (executor: Executor, id: bigint): Promise<RoundRow | undefined> => {
  const [row] = await executor.select().from(crashRounds).where(eq(crashRounds.id, id));
  return row;
};

/**
 * The round row locked: `share` by bets and cash-outs (they run side by side), `update` by the driver's
 * transitions, so a cash-out and the crash are never interleaved.
 */
export const lockRound = async (
  executor: Executor,
  id: bigint,
  mode: 'share' | 'update',
): Promise<RoundRow | undefined> => {
  const query = executor.select().from(crashRounds).where(eq(crashRounds.id, id));
  const [row] = await (mode === 'share' ? query.for('share') : query.for('update'));
  return row;
};

/** Answers undefined when the position or the "one unfinished round" key is already taken. */
export const insertRound = async (
  executor: Executor,
  round: Omit<typeof crashRounds.$inferInsert, 'id' | 'createdAt' | 'status' | 'endedAt'>,
): Promise<RoundRow | undefined> => {
  const [row] = await executor.insert(crashRounds).values(round).onConflictDoNothing().returning();
  return row;
};

export const moveRound = async (
  executor: Executor,
  id: bigint,
  from: CrashRoundStatus,
  to: CrashRoundStatus,
  endedAt: Date | null = null,
): Promise<boolean> => {
  const rows = await executor
    .update(crashRounds)
    .set({ status: to, ...(endedAt ? { endedAt } : {}) })
    .where(and(eq(crashRounds.id, id), eq(crashRounds.status, from)))
    .returning({ id: crashRounds.id });
  return rows.length === 1;
};

/** The hash of the round before this one in its chain, when that round exists. */
export const findPreviousHash = async (
  executor: Executor,
  chainId: bigint,
  chainIndex: number,
): Promise<string | undefined> => {
  const [row] = await executor
    .select({ hash: crashRounds.hash })
    .from(crashRounds)
    .where(and(eq(crashRounds.chainId, chainId), eq(crashRounds.chainIndex, chainIndex - 1)));
  return row?.hash;
};

/** Ended rounds, newest first. */
export const listEndedRounds = (executor: Executor, limit: number) =>
  executor
    .select()
    .from(crashRounds)
    .where(inArray(crashRounds.status, ['crashed', 'cancelled']))
    .orderBy(desc(crashRounds.id))
    .limit(limit);

/** Takes or renews the driver's lease; answers whether this instance holds it now. */
export const claimLease = async (
  executor: Executor,
  name: string,
  owner: string,
  now: Date,
  until: Date,
): Promise<boolean> => {
  const rows = await executor
    .insert(crashDriverLeases)
    .values({ name, owner, leaseUntil: until })
    .onConflictDoUpdate({
      target: crashDriverLeases.name,
      set: { owner, leaseUntil: until },
      setWhere: sql`${crashDriverLeases.owner} = ${owner} or ${crashDriverLeases.leaseUntil} < ${now}`,
    })
    .returning({ owner: crashDriverLeases.owner });
  return rows.length === 1;
};

export const releaseLease = async (executor: Executor, name: string, owner: string): Promise<void> => {
  await executor
    .delete(crashDriverLeases)
    .where(and(eq(crashDriverLeases.name, name), eq(crashDriverLeases.owner, owner)));
};

/* ---- Bets ---- */

export const findMemberBet = async (
  executor: Executor,
  roundId: bigint,
  memberId: bigint,
): Promise<BetRow | undefined> => {
  const [row] = await executor
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.memberId, memberId)));
  return row;
};

export const findBet = async (executor: Executor, id: bigint): Promise<BetRow | undefined> => {
  const [row] = await executor.select().from(crashBets).where(eq(crashBets.id, id));
  return row;
};

export const insertBet = async (
  executor: Executor,
  bet: Pick<
    typeof crashBets.$inferInsert,
    | 'roundId'
    | 'brandId'
    | 'memberId'
    | 'currency'
    | 'amount'
    | 'bonusStaked'
    | 'autoCashOut'
    | 'betTransactionId'
  >,
): Promise<BetRow> => {
  const [row] = await executor.insert(crashBets).values(bet).returning();
  if (!row) throw new Error('the crash bet was not written');
  return row;
};

/** Placed → cashed, once: a second cash-out (a double click, the driver's auto cash-out) finds nothing. */
export const markBetCashed = async (
  executor: Executor,
  id: bigint,
  multiplier: bigint,
  payout: bigint,
  at: Date,
): Promise<BetRow | undefined> => {
  const [row] = await executor
    .update(crashBets)
    .set({ status: 'cashed', cashedOutAt: multiplier, payout, settledAt: at })
    .where(and(eq(crashBets.id, id), eq(crashBets.status, 'placed')))
    .returning();
  return row;
};

export const markBetRefunded = async (executor: Executor, id: bigint, at: Date): Promise<boolean> => {
  const rows = await executor
    .update(crashBets)
    .set({ status: 'refunded', settledAt: at })
    .where(and(eq(crashBets.id, id), eq(crashBets.status, 'placed')))
    .returning({ id: crashBets.id });
  return rows.length === 1;
};

/** Every bet still placed on the round loses. */
export const markPlacedBetsLost = async (executor: Executor, roundId: bigint, at: Date): Promise<void> => {
  await executor
    .update(crashBets)
    .set({ status: 'lost', settledAt: at })
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.status, 'placed')));
};

export const listPlacedBets = (executor: Executor, roundId: bigint) =>
  executor
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.status, 'placed')))
    .orderBy(asc(crashBets.id));

/** Placed bets whose auto cash-out target the multiplier has reached. */
export const listAutoCashOutsDue = (executor: Executor, roundId: bigint, multiplier: bigint) =>
  executor
    .select()
    .from(crashBets)
    .where(
      and(
        eq(crashBets.roundId, roundId),
        eq(crashBets.status, 'placed'),
        isNotNull(crashBets.autoCashOut),
        lte(crashBets.autoCashOut, multiplier),
      ),
    )
    .orderBy(asc(crashBets.id));

/** Every bet of the round, in the order they came. */
export const listRoundBets = (executor: Executor, roundId: bigint) =>
  executor.select().from(crashBets).where(eq(crashBets.roundId, roundId)).orderBy(asc(crashBets.id));

export const setPayoutTransaction = async (
  executor: Executor,
  id: bigint,
  transactionId: bigint,
): Promise<void> => {
  await executor.update(crashBets).set({ payoutTransactionId: transactionId }).where(eq(crashBets.id, id));
};

export const setBetGameRound = async (executor: Executor, id: bigint, gameRoundId: bigint): Promise<void> => {
  await executor.update(crashBets).set({ gameRoundId }).where(eq(crashBets.id, id));
};

/** The round's bets with their players' names, biggest stakes first (the live list). */
export const listRoundBetsForDisplay = (executor: Executor, roundId: bigint, limit: number) =>
  executor
    .select({
      id: crashBets.id,
      // The members' read model: the members table belongs to another domain.
      username: sql<string>`(select m.username from members_directory m where m.id = ${crashBets.memberId})`,
      amount: crashBets.amount,
      currency: crashBets.currency,
      status: crashBets.status,
      cashedOutAt: crashBets.cashedOutAt,
      payout: crashBets.payout,
    })
    .from(crashBets)
    .where(eq(crashBets.roundId, roundId))
    .orderBy(desc(crashBets.amount), asc(crashBets.id))
    .limit(limit);

/** A cheap fingerprint of the round's bets, so a watcher knows when to read them again. */
export const fingerprintBets = async (executor: Executor, roundId: bigint): Promise<string> => {
  const [row] = await executor
    .select({
      count: sql<number>`count(*)::int`,
      settled: sql<number>`(count(*) filter (where ${crashBets.status} <> 'placed'))::int`,
    })
    .from(crashBets)
    .where(eq(crashBets.roundId, roundId));
  return `${row?.count ?? 0}:${row?.settled ?? 0}`;
};
