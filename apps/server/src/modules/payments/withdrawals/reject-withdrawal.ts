import type { Executor } from '../../../db/database';
import type { OutgoingMessage } from '../../messages/messages.service';
import type { WithdrawalRow } from '../withdrawals.repository';
import { type ReviewWithdrawalDependencies, reviewWithdrawal } from './review-withdrawal';
import type { StaffContext, StaffWithdrawal, WithdrawalServiceDependencies } from './withdrawal-types';

/** Rejection returns the held amount to the main wallet (the hold is voided). */
const returnHold = async (
  { ledger }: Pick<WithdrawalServiceDependencies, 'ledger'>,
  tx: Executor,
  row: WithdrawalRow,
): Promise<void> => {
  await ledger.voidHold(
    {
      brandId: row.brandId,
      holdId: row.holdId,
      kind: 'withdrawal.returned',
      memo: `Withdrawal ${row.id} returned`,
    },
    { executor: tx },
  );
};

const rejectionMessage = async (
  { wallet }: Pick<WithdrawalServiceDependencies, 'wallet'>,
  row: WithdrawalRow,
  reason: string,
): Promise<OutgoingMessage> => {
  const amount = await wallet.formatAmount(row.amount, row.currency);
  return {
    brandId: row.brandId,
    memberId: row.memberId,
    kind: 'withdrawal_rejected',
    params: { amount, currency: row.currency, reason },
    title: 'Withdrawal rejected',
    body: `Your withdrawal of ${amount} ${row.currency} was rejected and returned to your wallet: ${reason}`,
  };
};

/** Staff reject a pending withdrawal: its held amount goes back to the member's wallet, exactly once. */
export const rejectWithdrawal = (
  deps: ReviewWithdrawalDependencies,
  context: StaffContext,
  id: bigint,
  reason: string,
): Promise<StaffWithdrawal> =>
  reviewWithdrawal(deps, context, id, {
    action: 'reject',
    status: 'rejected',
    reviewNote: reason,
    settleHold: (tx, row) => returnHold(deps, tx, row),
    message: (row) => rejectionMessage(deps, row, reason),
  });
