import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import type { OutgoingMessage } from '../../messages/messages.service';
import * as repository from '../withdrawals.repository';
import type { WithdrawalRow } from '../withdrawals.repository';
import type { StaffContext, StaffWithdrawal, WithdrawalServiceDependencies } from './withdrawal-types';
import { awaitingKycTierOf } from './kyc-hold';
import { toStaffWithdrawals } from './withdrawal-views';

export type ReviewWithdrawalDependencies = Pick<
  WithdrawalServiceDependencies,
  'db' | 'ledger' | 'wallet' | 'turnover' | 'messages' | 'members' | 'settings' | 'funds'
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

/**
 * Four eyes: whether this approval is the first of two (recorded, nothing paid) or the one that pays out. A
 * withdrawal approved once needs another staff member; the first approver is refused.
 */
const approvalStep = (
  context: StaffContext,
  row: WithdrawalRow,
  secondApprovalAbove: bigint,
): 'first' | 'final' => {
  if (row.firstApprovedByStaffId === null) return row.amount > secondApprovalAbove ? 'first' : 'final';
  if (row.firstApprovedByStaffId === BigInt(context.staffId)) {
    throw new AppError('FORBIDDEN', {
      message:
        'Four eyes: you already approved this withdrawal; another staff member must give the second approval.',
    });
  }
  return 'final';
};

/** Records the first of two approvals and its audit row; the money stays held, the member is not told yet. */
const recordFirstApproval = async (
  tx: Executor,
  context: StaffContext,
  row: WithdrawalRow,
  note: string | null,
): Promise<void> => {
  await repository.markFirstApproval(tx, row.id, {
    firstApprovedByStaffId: BigInt(context.staffId),
    firstApprovedBy: context.staffName,
    firstApprovalNote: note,
  });
  await recordAuditEvent(tx, {
    actor: { type: 'staff', id: context.staffId, ip: context.ip },
    action: 'payments.withdrawal.first_approval',
    entityType: 'withdrawal',
    entityId: row.id.toString(),
    before: { status: row.status },
    after: { status: row.status, awaiting: 'second_approval', firstApprovedBy: context.staffName, note },
  });
};

/**
 * Settles the hold and records the decision, the audit row and the member's message together; or, for the
 * first of two approvals, only records it. Answers whether the withdrawal was decided.
 */
const recordReview = (
  { db, messages }: Pick<WithdrawalServiceDependencies, 'db' | 'messages'>,
  context: StaffContext,
  id: bigint,
  outcome: ReviewOutcome,
  secondApprovalAbove: bigint,
): Promise<{ memberId: bigint; isDecided: boolean }> =>
  db.transaction(async (tx) => {
    // A racing approve and reject queue on this lock; the second finds the withdrawal processed.
    const row = await repository.lockWithdrawal(tx, { brandId: context.brand.id }, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') {
      throw new AppError('ALREADY_PROCESSED', { details: { status: row.status } });
    }
    // Waiting for the member's identity verification: it may be rejected (the money returns), not paid.
    const awaitingKycTier = awaitingKycTierOf(row);
    if (outcome.action === 'approve' && awaitingKycTier !== null) {
      throw new AppError('WITHDRAWAL_AWAITING_VERIFICATION', { details: { awaitingKycTier } });
    }
    if (outcome.action === 'approve' && approvalStep(context, row, secondApprovalAbove) === 'first') {
      await recordFirstApproval(tx, context, row, outcome.reviewNote);
      return { memberId: row.memberId, isDecided: false };
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
      before: { status: row.status, firstApprovedBy: row.firstApprovedBy },
      after: { status, reviewNote, reviewedBy: context.staffName },
    });
    await messages.send(tx, await outcome.message(row));
    return { memberId: row.memberId, isDecided: true };
  });

/**
 * Decides a pending withdrawal exactly once (approve-withdrawal.ts, reject-withdrawal.ts say how each
 * outcome moves the money), tells the member, and answers the withdrawal as the reviewer sees it. Above the
 * brand's second-approval amount an approval is the first of two until another staff member gives the second.
 */
export const reviewWithdrawal = async (
  deps: ReviewWithdrawalDependencies,
  context: StaffContext,
  id: bigint,
  outcome: ReviewOutcome,
): Promise<StaffWithdrawal> => {
  // Read before the transaction: a setting, and the lock below is what orders the decisions.
  const secondApprovalAbove = await deps.funds.secondApprovalAbove(context.brand);
  const { memberId, isDecided } = await recordReview(deps, context, id, outcome, secondApprovalAbove);
  if (isDecided) {
    deps.wallet.notifyBalance(memberId);
    deps.messages.notify(memberId);
  }
  const [view, limits] = await Promise.all([
    repository.findMemberView(deps.db, memberId, id),
    deps.settings.limits(context.brand),
  ]);
  if (!view) throw new Error(`Withdrawal ${id} vanished after its review`);
  const [staffView] = await toStaffWithdrawals(deps, [view], {
    ...limits,
    secondApprovalAbove,
    revealPayoutAccounts: context.revealsPayoutAccounts,
  });
  if (!staffView) throw new Error(`Withdrawal ${id} could not be described`);
  return staffView;
};
