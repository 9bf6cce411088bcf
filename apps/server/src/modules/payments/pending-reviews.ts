import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';

/**
 * What waits for staff in a brand now: deposits and withdrawals still pending (the review queues' default), but
 * not the withdrawals that wait for the member's identity verification (KYC) rather than for staff.
 */
export type PendingReviews = { deposits: number; withdrawals: number };

/** Counted on the queues' (brand, status) indexes: a pending queue is short, whatever the history. */
export const countPendingReviews = async (executor: Executor, brandId: bigint): Promise<PendingReviews> => {
  const [row] = await selectRows<{ deposits: string | number; withdrawals: string | number }>(
    executor,
    sql`select
      (select count(*) from deposits where brand_id = ${brandId} and status = 'pending') as deposits,
      (select count(*) from withdrawals where brand_id = ${brandId} and status = 'pending'
        and (kyc_required_tier is null or kyc_released_at is not null)) as withdrawals`,
  );
  return { deposits: Number(row?.deposits ?? 0), withdrawals: Number(row?.withdrawals ?? 0) };
};
