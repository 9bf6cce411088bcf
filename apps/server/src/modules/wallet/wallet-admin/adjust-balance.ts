import type { AdjustmentResult } from '@wps/contracts/wallet';
import { assertMayMoveMoney, type WalletBrand } from '../wallet-context';
import { proposeAdjustment } from './adjustment-proposals';
import { adjustmentAccounts, adjustmentKey, postAdjustmentWithin } from './post-adjustment';
import {
  type AdjustmentRequest,
  findBrandMember,
  type StaffMember,
  type WalletAdminServiceDependencies,
} from './wallet-admin-types';

export type AdjustBalanceDependencies = Pick<
  WalletAdminServiceDependencies,
  'db' | 'ledger' | 'wallet' | 'members' | 'messages' | 'funds'
>;

/**
 * Credits (positive) or debits (negative) a member's main wallet against the brand's adjustment account. A
 * debit beyond the balance is refused by the ledger (INSUFFICIENT_FUNDS); the audit row and the member's
 * message commit with the money, and a retry of the same request id answers the original adjustment.
 *
 * Above the brand's second-approval amount (either way) nothing is posted: the adjustment becomes a proposal
 * another staff member approves or rejects (four eyes, adjustment-proposals.ts).
 */
export const adjustBalance = async (
  deps: AdjustBalanceDependencies,
  actor: StaffMember,
  brand: WalletBrand,
  request: AdjustmentRequest,
): Promise<AdjustmentResult> => {
  const { db, wallet, messages, funds } = deps;
  const member = await findBrandMember(deps, brand, request.username);
  // Trial accounts play with pretend money; real money must not reach them, even by an operator.
  assertMayMoveMoney(member);
  const amount = await wallet.parseAmount(request.amount, brand.currency, 'amount', {
    allowNegative: true,
  });
  const threshold = await funds.secondApprovalAbove(brand);
  const magnitude = amount < 0n ? -amount : amount;
  if (magnitude > threshold) return proposeAdjustment(deps, actor, brand, member, amount, request, threshold);
  const { cash, counterpart, format } = await adjustmentAccounts(deps, brand, member);
  const outcome = await db.transaction((tx) =>
    postAdjustmentWithin(deps, tx, {
      actor,
      brand,
      member,
      reason: request.reason,
      idempotencyKey: adjustmentKey(actor.id, request.requestId),
      cash,
      counterpart,
      amount,
      format,
    }),
  );
  if (!outcome.posting.isReplay) {
    wallet.notifyBalance(member.id);
    messages.notify(member.id);
  }
  return {
    status: 'posted',
    transactionId: outcome.posting.transactionId.toString(),
    balanceBefore: format(outcome.before),
    balanceAfter: format(outcome.after),
  };
};
