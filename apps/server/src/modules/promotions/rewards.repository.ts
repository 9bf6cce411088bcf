import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql, gt } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { memberRewards } from './promotions.tables';

export type RewardRow = typeof memberRewards.$inferSelect;
export type NewReward = Omit<typeof memberRewards.$inferInsert, 'id'>;

/** Still claimable at `now`: claimable and not past its expiry. */
const claimableAt = (now: Date) =>
  and(
    eq(memberRewards.status, 'claimable'),
    or(isNull(memberRewards.expiresAt), gt(memberRewards.expiresAt, now)),
  );

/** Inserts the reward unless the member already has one of the source and reference; answers it or undefined. */
export const insertReward = async (executor: Executor, reward: NewReward): Promise<RewardRow | undefined> => {
  const [row] = await executor.insert(memberRewards).values(reward).onConflictDoNothing().returning();
  return row;
};

export const findRewardByReference = async (
  executor: Executor,
  memberId: bigint,
  source: string,
  reference: string,
): Promise<RewardRow | undefined> => {
  const [row] = await executor
    .select()
    .from(memberRewards)
    .where(
      and(
        eq(memberRewards.memberId, memberId),
        eq(memberRewards.source, source),
        eq(memberRewards.reference, reference),
      ),
    );
  return row;
};

/** The member's reward, locked until the transaction ends (claims of it queue here). */
export const lockMemberReward = async (
  executor: Executor,
  memberId: bigint,
  id: bigint,
): Promise<RewardRow | undefined> => {
  const [row] = await executor
    .select()
    .from(memberRewards)
    .where(and(eq(memberRewards.id, id), eq(memberRewards.memberId, memberId)))
    .for('update');
  return row;
};

/** The member's claimable rewards at `now`, locked in id order (claim-all and single claims queue alike). */
export const lockClaimableRewards = (executor: Executor, memberId: bigint, now: Date): Promise<RewardRow[]> =>
  executor
    .select()
    .from(memberRewards)
    .where(and(eq(memberRewards.memberId, memberId), claimableAt(now)))
    .orderBy(asc(memberRewards.id))
    .for('update');

export const markRewardClaimed = async (
  executor: Executor,
  id: bigint,
  claim: { claimedAt: Date; ledgerTransactionId: bigint },
): Promise<RewardRow> => {
  const [row] = await executor
    .update(memberRewards)
    .set({
      status: 'claimed',
      claimedAt: claim.claimedAt,
      ledgerTransactionId: claim.ledgerTransactionId,
      seenAt: sql`coalesce(${memberRewards.seenAt}, ${claim.claimedAt})`,
    })
    .where(eq(memberRewards.id, id))
    .returning();
  if (!row) throw new Error(`reward ${id} vanished`);
  return row;
};

/** Claimable rewards, soonest expiry first (at most `limit`). */
export const listClaimableRewards = (
  executor: Executor,
  memberId: bigint,
  now: Date,
  limit: number,
): Promise<RewardRow[]> =>
  executor
    .select()
    .from(memberRewards)
    .where(and(eq(memberRewards.memberId, memberId), claimableAt(now)))
    .orderBy(sql`${memberRewards.expiresAt} asc nulls last`, asc(memberRewards.id))
    .limit(limit);

/** Everything not claimable any more (claimed, expired, or claimable but past expiry), newest first. */
const historyOf = (memberId: bigint, now: Date) =>
  and(
    eq(memberRewards.memberId, memberId),
    or(ne(memberRewards.status, 'claimable'), lte(memberRewards.expiresAt, now)),
  );

export const listRewardHistory = (
  executor: Executor,
  memberId: bigint,
  now: Date,
  page: { limit: number; offset: number },
): Promise<RewardRow[]> =>
  executor
    .select()
    .from(memberRewards)
    .where(historyOf(memberId, now))
    .orderBy(desc(memberRewards.id))
    .limit(page.limit)
    .offset(page.offset);

export const countRewardHistory = async (
  executor: Executor,
  memberId: bigint,
  now: Date,
): Promise<number> => {
  const [row] = await executor.select({ total: count() }).from(memberRewards).where(historyOf(memberId, now));
  return row?.total ?? 0;
};

export const countUnseenClaimable = async (
  executor: Executor,
  memberId: bigint,
  now: Date,
): Promise<number> => {
  const [row] = await executor
    .select({ total: count() })
    .from(memberRewards)
    .where(and(eq(memberRewards.memberId, memberId), claimableAt(now), isNull(memberRewards.seenAt)));
  return row?.total ?? 0;
};

export const markRewardsSeen = async (executor: Executor, memberId: bigint, now: Date): Promise<void> => {
  await executor
    .update(memberRewards)
    .set({ seenAt: now })
    .where(
      and(
        eq(memberRewards.memberId, memberId),
        eq(memberRewards.status, 'claimable'),
        isNull(memberRewards.seenAt),
      ),
    );
};

/**
 * Marks up to `limit` claimable rewards past their expiry expired, skipping rows a claim holds (it finds them
 * expired itself); answers how many. Nothing moves: an unclaimed reward never left the house.
 */
export const expireRewards = async (executor: Executor, now: Date, limit: number): Promise<number> => {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`
    update member_rewards set status = 'expired'
    where id in (
      select id from member_rewards
      where status = 'claimable' and expires_at <= ${now.toISOString()}::timestamptz
      order by expires_at
      limit ${limit}
      for update skip locked
    ) and status = 'claimable'
    returning id`,
  );
  return rows.length;
};

/** The member's rewards of `source` whose references are given (referral: which invitees paid already). */
export const listRewardsByReferences = (
  executor: Executor,
  memberId: bigint,
  source: string,
  references: readonly string[],
): Promise<RewardRow[]> =>
  references.length === 0
    ? Promise.resolve([])
    : executor
        .select()
        .from(memberRewards)
        .where(
          and(
            eq(memberRewards.memberId, memberId),
            eq(memberRewards.source, source),
            inArray(memberRewards.reference, [...references]),
          ),
        );

/** The member's rewards of one source that were earned (claimable or claimed, not expired): count and sum. */
export const sumEarnedRewards = async (
  executor: Executor,
  memberId: bigint,
  source: string,
): Promise<{ count: number; amount: bigint }> => {
  const [row] = await selectRows<{ count: string; amount: string | null }>(
    executor,
    sql`
    select count(*)::text as count, sum(amount)::text as amount from member_rewards
    where member_id = ${memberId}::bigint and source = ${source}::text and status <> 'expired'`,
  );
  return { count: Number(row?.count ?? 0), amount: BigInt(row?.amount ?? 0) };
};
