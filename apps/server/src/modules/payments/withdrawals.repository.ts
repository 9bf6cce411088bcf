import type { RequirableKycTier } from '@wps/contracts/kyc-rules';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { payoutAccounts, withdrawals, type WithdrawalStatus } from './payments.tables';
import type { ConfirmationChange } from './withdrawal-confirmation';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = Omit<typeof withdrawals.$inferInsert, 'id' | 'createdAt'>;
/** A withdrawal with where it is paid. */
export type WithdrawalView = {
  withdrawal: WithdrawalRow;
  payout: { method: 'bank' | 'ewallet'; providerName: string; accountNumber: string; holderName: string };
};

const selectViews = (executor: Executor) =>
  executor
    .select({
      withdrawal: withdrawals,
      payout: {
        method: payoutAccounts.method,
        providerName: payoutAccounts.providerName,
        accountNumber: payoutAccounts.accountNumber,
        holderName: payoutAccounts.holderName,
      },
    })
    .from(withdrawals)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId));

export const findByRequestKey = async (executor: Executor, memberId: bigint, requestKey: string) => {
  const [row] = await executor
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestKey, requestKey)));
  return row;
};

export const insertWithdrawal = async (executor: Executor, withdrawal: NewWithdrawal): Promise<bigint> => {
  const [row] = await executor.insert(withdrawals).values(withdrawal).returning({ id: withdrawals.id });
  if (!row) throw new Error('withdrawals insert returned no row');
  return row.id;
};

/**
 * The member's withdrawals that count against today's limits: pending and approved ones created since
 * midnight in the brand's time zone. The day is computed by PostgreSQL (`at time zone`), which knows the
 * zone's rules, daylight saving included.
 */
export const usedToday = async (
  executor: Executor,
  memberId: bigint,
  timeZone: string,
): Promise<{ count: number; amount: bigint }> => {
  const [row] = await executor
    .select({
      count: count(),
      amount: sql<bigint>`coalesce(sum(${withdrawals.amount}), 0)::int8`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        inArray(withdrawals.status, ['pending', 'approved']),
        sql`${withdrawals.createdAt} >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`,
      ),
    );
  return { count: row?.count ?? 0, amount: row?.amount ?? 0n };
};

/**
 * The member's paid and pending withdrawals (the amount a cumulative KYC threshold counts), read under the
 * member's lock by a new request.
 */
export const paidAndPendingTotal = async (executor: Executor, memberId: bigint): Promise<bigint> => {
  const [row] = await executor
    .select({ amount: sql<bigint>`coalesce(sum(${withdrawals.amount}), 0)::int8` })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), inArray(withdrawals.status, ['pending', 'approved'])));
  return row?.amount ?? 0n;
};

/** Pending withdrawals that wait for the member's identity verification (KYC) and are not released yet. */
const awaitingKyc = and(
  eq(withdrawals.status, 'pending'),
  isNotNull(withdrawals.kycRequiredTier),
  isNull(withdrawals.kycReleasedAt),
);

/**
 * Releases the member's withdrawals that waited for one of these tiers into the review queue; answers them as
 * they were before. Their money stays held as it was.
 */
export const releaseAwaitingKyc = async (
  executor: Executor,
  memberId: bigint,
  tiers: readonly RequirableKycTier[],
): Promise<Pick<WithdrawalRow, 'id' | 'kycRequiredTier'>[]> => {
  if (tiers.length === 0) return [];
  return executor
    .update(withdrawals)
    .set({ kycReleasedAt: new Date() })
    .where(
      and(eq(withdrawals.memberId, memberId), awaitingKyc, inArray(withdrawals.kycRequiredTier, [...tiers])),
    )
    .returning({ id: withdrawals.id, kycRequiredTier: withdrawals.kycRequiredTier });
};

export const findMemberView = async (
  executor: Executor,
  memberId: bigint,
  id: bigint,
): Promise<WithdrawalView | undefined> => {
  const [row] = await selectViews(executor).where(
    and(eq(withdrawals.memberId, memberId), eq(withdrawals.id, id)),
  );
  return row;
};

type Page = { limit: number; offset: number };

const pageOf = async (executor: Executor, where: SQL | undefined, order: SQL, page: Page) => {
  const [rows, [total]] = await Promise.all([
    selectViews(executor).where(where).orderBy(order).limit(page.limit).offset(page.offset),
    executor.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

/** The member's own withdrawals, newest first. */
export const listMemberViews = (executor: Executor, memberId: bigint, page: Page) =>
  pageOf(executor, eq(withdrawals.memberId, memberId), desc(withdrawals.id), page);

/**
 * The operator's list. "Open" is the work queue: withdrawals waiting for a decision, oldest first, and paid
 * ones the player says did not arrive (disputes); "awaiting second approval" the pending ones one staff member
 * approved (four eyes), oldest first; "awaiting verification" the pending ones that wait for the member's
 * identity verification (KYC), which the work queue leaves out until they are released.
 */
export const listBrandViews = (
  executor: Executor,
  brandId: bigint,
  filter: 'open' | 'awaiting_second_approval' | 'awaiting_verification' | 'all',
  page: Page,
) => {
  const ofBrand = eq(withdrawals.brandId, brandId);
  if (filter === 'all') return pageOf(executor, ofBrand, desc(withdrawals.id), page);
  const filters: Record<Exclude<typeof filter, 'all'>, SQL | undefined> = {
    open: or(
      and(
        eq(withdrawals.status, 'pending'),
        or(isNull(withdrawals.kycRequiredTier), isNotNull(withdrawals.kycReleasedAt)),
      ),
      and(eq(withdrawals.status, 'approved'), eq(withdrawals.confirmation, 'not_received')),
    ),
    awaiting_second_approval: and(
      eq(withdrawals.status, 'pending'),
      isNotNull(withdrawals.firstApprovedByStaffId),
    ),
    awaiting_verification: awaitingKyc,
  };
  return pageOf(executor, and(ofBrand, filters[filter]), asc(withdrawals.id), page);
};

/** Locks one withdrawal for the rest of the caller's transaction; a racing decision waits here. */
export const lockWithdrawal = async (
  executor: Executor,
  where: { brandId: bigint } | { memberId: bigint },
  id: bigint,
) => {
  const owner =
    'brandId' in where ? eq(withdrawals.brandId, where.brandId) : eq(withdrawals.memberId, where.memberId);
  const [row] = await executor
    .select()
    .from(withdrawals)
    .where(and(owner, eq(withdrawals.id, id)))
    .for('update');
  return row;
};

export const markReviewed = async (
  executor: Executor,
  id: bigint,
  review: { status: WithdrawalStatus; reviewedByStaffId: bigint; reviewNote: string | null },
) => {
  await executor
    .update(withdrawals)
    .set({ ...review, reviewedAt: new Date() })
    .where(eq(withdrawals.id, id));
};

/** The first of two approvals (four eyes): the withdrawal stays pending, its money held. */
export const markFirstApproval = async (
  executor: Executor,
  id: bigint,
  approval: { firstApprovedByStaffId: bigint; firstApprovedBy: string; firstApprovalNote: string | null },
) => {
  await executor
    .update(withdrawals)
    .set({ ...approval, firstApprovedAt: new Date() })
    .where(eq(withdrawals.id, id));
};

export const markConfirmed = async (executor: Executor, id: bigint, change: ConfirmationChange) => {
  await executor
    .update(withdrawals)
    .set({ ...change, confirmedAt: new Date() })
    .where(eq(withdrawals.id, id));
};
