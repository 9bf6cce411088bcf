import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { raffleDraws, raffleEntries, redEnvelopePackets } from './promotion-games.tables';
import { memberRewards, promotions } from './promotions.tables';

export type PacketRow = typeof redEnvelopePackets.$inferSelect;
export type RaffleDrawRow = typeof raffleDraws.$inferSelect;
export type RewardRow = typeof memberRewards.$inferSelect;

/** Red envelopes: the packets. */

export const countPackets = async (
  executor: Executor,
  promotionId: bigint,
): Promise<{ packets: number; left: number }> => {
  const [row] = await executor
    .select({
      packets: count(),
      left: sql<number>`count(*) filter (where ${redEnvelopePackets.memberId} is null)::int`,
    })
    .from(redEnvelopePackets)
    .where(eq(redEnvelopePackets.promotionId, promotionId));
  return { packets: row?.packets ?? 0, left: row?.left ?? 0 };
};

const packetChunk = 5_000;

export const insertPackets = async (executor: Executor, promotionId: bigint, amounts: readonly bigint[]) => {
  for (let start = 0; start < amounts.length; start += packetChunk) {
    await executor
      .insert(redEnvelopePackets)
      .values(
        amounts
          .slice(start, start + packetChunk)
          .map((amount, i) => ({ promotionId, index: start + i, amount })),
      );
  }
};

/**
 * Takes the free packet with the lowest index for the member, skipping packets other grabs hold, so concurrent
 * grabs never wait on each other nor take the same packet; undefined when none is free.
 */
export const takeNextPacket = async (
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
  now: Date,
): Promise<PacketRow | undefined> => {
  const [row] = await executor
    .update(redEnvelopePackets)
    .set({ memberId, takenAt: now })
    .where(
      eq(
        redEnvelopePackets.id,
        sql`(select id from red_envelope_packets where promotion_id = ${promotionId}::bigint and member_id is null
             order by index limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
};

export const findMemberPacket = async (
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
): Promise<PacketRow | undefined> => {
  const [row] = await executor
    .select()
    .from(redEnvelopePackets)
    .where(and(eq(redEnvelopePackets.promotionId, promotionId), eq(redEnvelopePackets.memberId, memberId)))
    .orderBy(asc(redEnvelopePackets.takenAt))
    .limit(1);
  return row;
};

/** Rewards. */

export type NewReward = typeof memberRewards.$inferInsert;

export const insertReward = async (executor: Executor, reward: NewReward): Promise<RewardRow | undefined> => {
  const [row] = await executor.insert(memberRewards).values(reward).onConflictDoNothing().returning();
  return row;
};

/** Marks the member's claimable, unexpired rewards of a promotion and source claimed, answering those it took. */
export const takeClaimableRewards = (
  executor: Executor,
  memberId: bigint,
  promotionId: bigint,
  source: string,
  now: Date,
): Promise<RewardRow[]> =>
  executor
    .update(memberRewards)
    .set({ status: 'claimed', claimedAt: now })
    .where(
      and(
        eq(memberRewards.memberId, memberId),
        eq(memberRewards.promotionId, promotionId),
        eq(memberRewards.source, source),
        eq(memberRewards.status, 'claimable'),
        sql`(${memberRewards.expiresAt} is null or ${memberRewards.expiresAt} > ${now})`,
      ),
    )
    .returning();

export const setRewardTransaction = async (executor: Executor, rewardId: bigint, transactionId: bigint) => {
  await executor
    .update(memberRewards)
    .set({ ledgerTransactionId: transactionId })
    .where(eq(memberRewards.id, rewardId));
};

export const listPromotionRewards = (
  executor: Executor,
  memberId: bigint,
  promotionId: bigint,
  source: string,
): Promise<RewardRow[]> =>
  executor
    .select()
    .from(memberRewards)
    .where(
      and(
        eq(memberRewards.memberId, memberId),
        eq(memberRewards.promotionId, promotionId),
        eq(memberRewards.source, source),
      ),
    )
    .orderBy(asc(memberRewards.id));

/** Raffles: tickets. */

/**
 * Adds `amount` of deposit or valid bet to the member's entry: whole tickets from it and the remainder kept,
 * in one upsert (the row lock queues a member's concurrent bets).
 */
export const addToEntry = async (
  executor: Executor,
  entry: { promotionId: bigint; memberId: bigint; brandId: bigint },
  kind: 'deposit' | 'bet',
  amount: bigint,
  perTicket: bigint,
): Promise<void> => {
  const column = kind === 'deposit' ? raffleEntries.depositRemainder : raffleEntries.betRemainder;
  await executor
    .insert(raffleEntries)
    .values({
      ...entry,
      tickets: amount / perTicket,
      ...(kind === 'deposit'
        ? { depositRemainder: amount % perTicket }
        : { betRemainder: amount % perTicket }),
    })
    .onConflictDoUpdate({
      target: [raffleEntries.promotionId, raffleEntries.memberId],
      set: {
        tickets: sql`${raffleEntries.tickets} + (${column} + ${amount}::bigint) / ${perTicket}::bigint`,
        [kind === 'deposit' ? 'depositRemainder' : 'betRemainder']:
          sql`(${column} + ${amount}::bigint) % ${perTicket}::bigint`,
        updatedAt: sql`now()`,
      },
    });
};

export const findEntry = async (executor: Executor, promotionId: bigint, memberId: bigint) => {
  const [row] = await executor
    .select()
    .from(raffleEntries)
    .where(and(eq(raffleEntries.promotionId, promotionId), eq(raffleEntries.memberId, memberId)));
  return row;
};

export const sumTickets = async (executor: Executor, promotionId: bigint): Promise<bigint> => {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${raffleEntries.tickets}), 0)::text` })
    .from(raffleEntries)
    .where(eq(raffleEntries.promotionId, promotionId));
  return BigInt(row?.total ?? '0');
};

export const listEntries = (executor: Executor, promotionId: bigint) =>
  executor
    .select({ memberId: raffleEntries.memberId, tickets: raffleEntries.tickets })
    .from(raffleEntries)
    .where(and(eq(raffleEntries.promotionId, promotionId), gt(raffleEntries.tickets, 0n)))
    .orderBy(asc(raffleEntries.memberId));

/** Raffles: draws. */

export const insertDraw = async (
  executor: Executor,
  draw: typeof raffleDraws.$inferInsert,
): Promise<void> => {
  await executor.insert(raffleDraws).values(draw).onConflictDoNothing();
};

export const findDraw = async (
  executor: Executor,
  promotionId: bigint,
): Promise<RaffleDrawRow | undefined> => {
  const [row] = await executor.select().from(raffleDraws).where(eq(raffleDraws.promotionId, promotionId));
  return row;
};

/** Live raffles that have started but have no draw row yet (their seed is committed by the job). */
export const listRafflesWithoutDraw = (executor: Executor, now: Date) =>
  executor
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'raffle'),
        eq(promotions.status, 'live'),
        lte(promotions.startsAt, now),
        sql`not exists (select 1 from raffle_draws d where d.promotion_id = ${promotions.id})`,
      ),
    );

/** Ids of pending draws that are due. */
export const listDueDraws = async (executor: Executor, now: Date): Promise<bigint[]> =>
  (
    await executor
      .select({ promotionId: raffleDraws.promotionId })
      .from(raffleDraws)
      .where(and(eq(raffleDraws.status, 'pending'), lte(raffleDraws.drawAt, now)))
      .orderBy(asc(raffleDraws.drawAt))
      .limit(100)
  ).map((row) => row.promotionId);

/**
 * Locks a due, pending draw; undefined when it is drawn, not due, or another instance holds it (skip locked:
 * that instance draws it, this one moves on).
 */
export const lockPendingDraw = async (
  executor: Executor,
  promotionId: bigint,
  now: Date,
): Promise<RaffleDrawRow | undefined> => {
  const [row] = await executor
    .select()
    .from(raffleDraws)
    .where(
      and(
        eq(raffleDraws.promotionId, promotionId),
        eq(raffleDraws.status, 'pending'),
        lte(raffleDraws.drawAt, now),
      ),
    )
    .for('update', { skipLocked: true });
  return row;
};

export const completeDraw = async (
  executor: Executor,
  promotionId: bigint,
  values: Pick<RaffleDrawRow, 'clientSeed' | 'totalTickets' | 'ticketOrder' | 'winners' | 'drawnAt'>,
): Promise<boolean> => {
  const rows = await executor
    .update(raffleDraws)
    .set({ ...values, status: 'drawn' })
    .where(and(eq(raffleDraws.promotionId, promotionId), eq(raffleDraws.status, 'pending')))
    .returning({ id: raffleDraws.promotionId });
  return rows.length > 0;
};

/** Keeps a pending draw's time in step with the promotion's (the operator may move it before the draw). */
export const syncDrawTime = async (executor: Executor, promotionId: bigint, drawAt: Date): Promise<void> => {
  await executor
    .update(raffleDraws)
    .set({ drawAt })
    .where(and(eq(raffleDraws.promotionId, promotionId), eq(raffleDraws.status, 'pending')));
};

/**
 * The brand's wallet currency and its exponent, through the site's and the wallet's published views, on the
 * caller's executor: the ticket listener and the draw run inside a transaction and may read nothing outside it
 * (PGlite has one connection).
 */
export const findBrandMoney = async (
  executor: Executor,
  brandId: bigint,
): Promise<{ currency: string; exponent: number } | undefined> => {
  const [row] = await selectRows<{ currency: string; exponent: number | string }>(
    executor,
    sql`select b.currency, c.exponent from site_brands b join wallet_currencies c on c.code = b.currency
        where b.id = ${brandId}::bigint`,
  );
  return row ? { currency: row.currency, exponent: Number(row.exponent) } : undefined;
};
