import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import type { OutgoingMessage } from '../../messages/messages.service';
import * as repository from '../withdrawals.repository';
import type { WithdrawalRow } from '../withdrawals.repository';
import type { StaffContext, StaffWithdrawal, WithdrawalServiceDependencies } from './withdrawal-types';
import { toStaffWithdrawals } from './withdrawal-views';

export type ReviewWithdrawalDependencies = Pick<
  WithdrawalServiceDependencies,
  'db' | 'ledger' | 'wallet' | 'turnover' | 'messages' | 'members' | 'settings'
>;

/** What one decision does: how the held money moves, what is recorded, and what the member is told. */
export type ReviewOutcome = {
  action: 'approve' | 'reject';
  status: 'approved' | 'rejected';
  reviewNote: string | null;
  settleHold: (tx: Executor, row: WithdrawalRow) => Promise<void>;
  /** The member's inbox message; the site words it from the kind and params. */
  message: (row: WithdrawalRow) => Promise<OutgoingMessage>;
};

/** Settles the hold and records the decision, the audit row and the member's message together. */
const recordReview = (
  { db, messages }: Pick<WithdrawalServiceDependencies, 'db' | 'messages'>,
  context: StaffContext,
  id: bigint,
  outcome: ReviewOutcome,
): Promise<{ memberId: bigint }> =>
  db.transaction(async (tx) => {
    // A racing approve and reject queue on this lock; the second finds the withdrawal processed.
    const row = await repository.lockWithdrawal(tx, { brandId: context.brand.id }, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') {
      throw new AppError('ALREADY_PROCESSED', { details: { status: row.status } });
    }
    await outcome.settleHold(tx, row);
    const { status, reviewNote } = outcome;
    await repository.markReviewed(tx, row.id, {
      status,
      reviewedByStaffId: BigInt(context.staffId),
      reviewNote,
    });
    await recordAuditEvent(tx, {
      actor: { type: 'staff', id: context.staffId, ip: context.ip },
      action: `payments.withdrawal.${outcome.action}`,
      entityType: 'withdrawal',
      entityId: row.id.toString(),
      before: { status: row.status },
      after: { status, reviewNote },
    });
    await messages.send(tx, await outcome.message(row));
    return { memberId: row.memberId };
  });

/**
 * Decides a pending withdrawal exactly once (approve-withdrawal.ts, reject-withdrawal.ts say how each
 * outcome moves the money), tells the member, and answers the withdrawal as the reviewer sees it.
 */
export const reviewWithdrawal = async (
  deps: ReviewWithdrawalDependencies,
  context: StaffContext,
  id: bigint,
  outcome: ReviewOutcome,
): Promise<StaffWithdrawal> => {
  const { memberId } = await recordReview(deps, context, id, outcome);
  deps.wallet.notifyBalance(memberId);
  deps.messages.notify(memberId);
  const [view, limits] = await Promise.all([
    repository.findMemberView(deps.db, memberId, id),
    deps.settings.limits(context.brand),
  ]);
  if (!view) throw new Error(`Withdrawal ${id} vanished after its review`);
  const [staffView] = await toStaffWithdrawals(deps, [view], limits.confirmationMinutes);
  if (!staffView) throw new Error(`Withdrawal ${id} could not be described`);
  return staffView;
};
