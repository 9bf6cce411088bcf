import type { Withdrawal } from '@wps/contracts/payments';
import { AppError } from '../../../http/app-error';
import { maskAccountNumber } from '../payout-accounts.service';
import { deriveConfirmation } from '../withdrawal-confirmation';
import { awaitingKycTierOf } from './kyc-hold';
import * as repository from '../withdrawals.repository';
import type { WithdrawalView } from '../withdrawals.repository';
import type { MemberContext, StaffWithdrawal, WithdrawalServiceDependencies } from './withdrawal-types';

export const toWithdrawal = async (
  { wallet }: Pick<WithdrawalServiceDependencies, 'wallet'>,
  { withdrawal, payout }: WithdrawalView,
  confirmationMinutes: number,
  now = new Date(),
): Promise<Withdrawal> => {
  const confirmation = deriveConfirmation(withdrawal, confirmationMinutes, now);
  const optionalAmount = (amount: bigint | null) =>
    amount === null ? null : wallet.formatAmount(amount, withdrawal.currency);
  return {
    id: withdrawal.id.toString(),
    amount: await wallet.formatAmount(withdrawal.amount, withdrawal.currency),
    currency: withdrawal.currency,
    status: withdrawal.status,
    payoutAccount: { ...payout, accountNumber: maskAccountNumber(payout.accountNumber) },
    createdAt: withdrawal.createdAt.toISOString(),
    reviewedAt: withdrawal.reviewedAt?.toISOString() ?? null,
    reviewNote: withdrawal.reviewNote,
    confirmation: {
      state: confirmation.state,
      receivedAmount: await optionalAmount(confirmation.receivedAmount),
      remainingAmount: await optionalAmount(confirmation.remainingAmount),
      deadline: confirmation.deadline?.toISOString() ?? null,
      proofUploadId: confirmation.proofUploadId,
    },
    awaitingKycTier: awaitingKycTierOf(withdrawal),
  };
};

/** One of the member's own withdrawals; anyone else's is NOT_FOUND, like one that does not exist. */
export const readOwnWithdrawal = async (
  deps: Pick<WithdrawalServiceDependencies, 'db' | 'wallet' | 'settings'>,
  context: MemberContext,
  id: bigint,
): Promise<Withdrawal> => {
  const view = await repository.findMemberView(deps.db, context.member.id, id);
  if (!view) throw new AppError('NOT_FOUND');
  return toWithdrawal(deps, view, (await deps.settings.limits(context.brand)).confirmationMinutes);
};

/**
 * Adds who asked and their outstanding turnover, for the reviewer, the payout account in full for the roles
 * that pay (StaffContext.revealsPayoutAccounts), and the four-eyes state: how many approvals
 * the amount needs (two above the brand's second-approval amount) and the first one, once given.
 */
export const toStaffWithdrawals = async (
  deps: Pick<WithdrawalServiceDependencies, 'wallet' | 'members' | 'turnover'>,
  views: WithdrawalView[],
  {
    confirmationMinutes,
    secondApprovalAbove,
    revealPayoutAccounts,
  }: { confirmationMinutes: number; secondApprovalAbove: bigint; revealPayoutAccounts: boolean },
): Promise<StaffWithdrawal[]> => {
  const { wallet, members, turnover } = deps;
  const memberIds = [...new Set(views.map((view) => view.withdrawal.memberId))];
  const owners = new Map(
    await Promise.all(memberIds.map(async (id) => [id, await members.findById(id)] as const)),
  );
  return Promise.all(
    views.map(async (view) => {
      const { memberId, currency, amount, firstApprovedBy, firstApprovedAt } = view.withdrawal;
      const owner = owners.get(memberId);
      const withdrawal = await toWithdrawal(deps, view, confirmationMinutes);
      return {
        ...withdrawal,
        payoutAccount: revealPayoutAccounts
          ? { ...withdrawal.payoutAccount, accountNumber: view.payout.accountNumber }
          : withdrawal.payoutAccount,
        payoutAccountRevealed: revealPayoutAccounts,
        member: {
          id: memberId.toString(),
          account: owner?.username ?? '',
          realName: owner?.payeeName ?? null,
        },
        turnoverRemaining: await wallet.formatAmount(await turnover.remaining(memberId, currency), currency),
        approvalsRequired: firstApprovedBy !== null || amount > secondApprovalAbove ? 2 : 1,
        firstApproval:
          firstApprovedBy !== null && firstApprovedAt !== null
            ? {
                staff: firstApprovedBy,
                note: view.withdrawal.firstApprovalNote,
                at: firstApprovedAt.toISOString(),
              }
            : null,
      };
    }),
  );
};
