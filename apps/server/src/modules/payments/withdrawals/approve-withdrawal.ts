import type { Executor } from '../../../db/database';
import type { OutgoingMessage } from '../../messages/messages.service';
import type { WithdrawalRow } from '../withdrawals.repository';
import { type ReviewWithdrawalDependencies, reviewWithdrawal } from './review-withdrawal';
import type { StaffContext, StaffWithdrawal, WithdrawalServiceDependencies } from './withdrawal-types';

/** Approval pays the held amount out to payment clearing. */
const payOutHold = async (
  { ledger }: Pick<WithdrawalServiceDependencies, 'ledger'>,
  tx: Executor,
  row: WithdrawalRow,
): Promise<void> => {
  const clearing = await ledger.ensureSystemAccount(row.brandId, 'payment_clearing', row.currency, '', {
    executor: tx,
  });
  await ledger.postHold(
    {
      brandId: row.brandId,
      holdId: row.holdId,
      destinationAccountId: clearing.id,
      kind: 'withdrawal.paid',
      memo: `Withdrawal ${row.id} paid`,
    },
    { executor: tx },
  );
};

const approvalMessage = async (
  { wallet }: Pick<WithdrawalServiceDependencies, 'wallet'>,
  row: WithdrawalRow,
): Promise<OutgoingMessage> => {
  const amount = await wallet.formatAmount(row.amount, row.currency);
  return {
    brandId: row.brandId,
    memberId: row.memberId,
    kind: 'withdrawal_approved',
    params: { amount, currency: row.currency },
    title: 'Withdrawal approved',
    body: `Your withdrawal of ${amount} ${row.currency} was approved and paid out.`,
  };
};

/** Staff approve a pending withdrawal: its held amount is paid out, exactly once, and the member told. */
export const approveWithdrawal = (
  deps: ReviewWithdrawalDependencies,
  context: StaffContext,
  id: bigint,
  note: string | undefined,
): Promise<StaffWithdrawal> =>
  reviewWithdrawal(deps, context, id, {
    action: 'approve',
    status: 'approved',
    reviewNote: note ?? null,
    settleHold: (tx, row) => payOutHold(deps, tx, row),
    message: (row) => approvalMessage(deps, row),
  });
