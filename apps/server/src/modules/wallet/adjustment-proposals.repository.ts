import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type AdjustmentProposalStatus, adjustmentProposals } from './wallet.tables';

/** The SQL of adjustment proposals: manual adjustments above the brand's second-approval amount. */

export type AdjustmentProposalRow = typeof adjustmentProposals.$inferSelect;
export type NewAdjustmentProposal = Pick<
  typeof adjustmentProposals.$inferInsert,
  'brandId' | 'memberId' | 'currency' | 'amount' | 'reason' | 'requestId' | 'proposedByStaffId' | 'proposedBy'
>;
export type ProposalDecision = {
  status: Exclude<AdjustmentProposalStatus, 'pending'>;
  decidedByStaffId: bigint;
  decidedBy: string;
  decisionNote: string | null;
  transactionId: bigint | null;
};

/** The proposal a staff member made with this request id, if any (a retried proposal answers it). */
export const findByRequest = async (
  executor: Executor,
  brandId: bigint,
  proposedByStaffId: bigint,
  requestId: string,
): Promise<AdjustmentProposalRow | undefined> => {
  const [row] = await executor
    .select()
    .from(adjustmentProposals)
    .where(
      and(
        eq(adjustmentProposals.brandId, brandId),
        eq(adjustmentProposals.proposedByStaffId, proposedByStaffId),
        eq(adjustmentProposals.requestId, requestId),
      ),
    );
  return row;
};

/** Inserts the proposal unless the same staff member's request id is already one; answers the new row. */
export const insertProposal = async (
  executor: Executor,
  proposal: NewAdjustmentProposal,
): Promise<AdjustmentProposalRow | undefined> => {
  const [row] = await executor.insert(adjustmentProposals).values(proposal).onConflictDoNothing().returning();
  return row;
};

export const findProposal = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
): Promise<AdjustmentProposalRow | undefined> => {
  const [row] = await executor
    .select()
    .from(adjustmentProposals)
    .where(and(eq(adjustmentProposals.brandId, brandId), eq(adjustmentProposals.id, id)));
  return row;
};

/** Locks one of the brand's proposals for the caller's transaction: a racing decision waits here. */
export const lockProposal = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
): Promise<AdjustmentProposalRow | undefined> => {
  const [row] = await executor
    .select()
    .from(adjustmentProposals)
    .where(and(eq(adjustmentProposals.brandId, brandId), eq(adjustmentProposals.id, id)))
    .for('update');
  return row;
};

export const decideProposal = async (
  executor: Executor,
  id: bigint,
  decision: ProposalDecision,
): Promise<AdjustmentProposalRow> => {
  const [row] = await executor
    .update(adjustmentProposals)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(adjustmentProposals.id, id))
    .returning();
  if (!row) throw new Error(`adjustment proposal ${id} vanished`);
  return row;
};

/** The brand's proposals: the pending ones oldest first (the work queue), or all newest first. */
export const listProposals = async (
  executor: Executor,
  brandId: bigint,
  onlyPending: boolean,
  page: { limit: number; offset: number },
): Promise<{ rows: AdjustmentProposalRow[]; total: number }> => {
  const where: SQL | undefined = and(
    eq(adjustmentProposals.brandId, brandId),
    onlyPending ? eq(adjustmentProposals.status, 'pending') : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    executor
      .select()
      .from(adjustmentProposals)
      .where(where)
      .orderBy(onlyPending ? asc(adjustmentProposals.id) : desc(adjustmentProposals.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(adjustmentProposals).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
};
