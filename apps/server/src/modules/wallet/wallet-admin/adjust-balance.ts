import { formatMinorUnits } from '@wps/contracts/money';
import { recordAuditEvent } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import type { LedgerAccount } from '../ledger.service';
import { assertMayMoveMoney, type WalletBrand } from '../wallet-context';
import {
  type AdjustmentRequest,
  findBrandMember,
  type StaffActor,
  type WalletAdminServiceDependencies,
} from './wallet-admin-types';

export type AdjustBalanceDependencies = Pick<
  WalletAdminServiceDependencies,
  'db' | 'ledger' | 'wallet' | 'members' | 'messages'
>;

/** One adjustment as it is posted: whose cash, against which account, by how much, shown how. */
type Adjustment = {
  actor: StaffActor;
  brand: WalletBrand;
  request: AdjustmentRequest;
  member: MemberRow;
  cash: LedgerAccount;
  counterpart: LedgerAccount;
  amount: bigint;
  format: (value: bigint) => string;
};

/** Posts the adjustment with its audit row and the member's message, in one transaction. */
const postAdjustment = (
  { db, ledger, messages }: Pick<WalletAdminServiceDependencies, 'db' | 'ledger' | 'messages'>,
  { actor, brand, request, member, cash, counterpart, amount, format }: Adjustment,
) =>
  db.transaction(async (tx) => {
    const posting = await ledger.post(
      {
        brandId: brand.id,
        idempotencyKey: `adjustment:${actor.id}:${request.requestId}`,
        kind: 'adjustment',
        memo: request.reason,
        legs: [
          { accountId: counterpart.id, amount: -amount },
          { accountId: cash.id, amount },
        ],
      },
      { executor: tx },
    );
    const after = posting.entries.find((entry) => entry.accountId === cash.id)?.balanceAfter ?? 0n;
    const before = after - amount;
    if (!posting.isReplay) {
      await recordAuditEvent(tx, {
        actor,
        action: 'wallet.adjustment',
        entityType: 'member',
        entityId: member.id.toString(),
        before: { balance: format(before) },
        after: {
          balance: format(after),
          amount: format(amount),
          currency: brand.currency,
          reason: request.reason,
          username: member.username,
          transactionId: posting.transactionId.toString(),
        },
      });
      await messages.send(tx, {
        brandId: brand.id,
        memberId: member.id,
        kind: 'adjustment',
        params: { amount: format(amount), currency: brand.currency, reason: request.reason },
        title: 'Balance adjusted',
        body: `Your balance was adjusted by ${format(amount)} ${brand.currency}: ${request.reason}`,
      });
    }
    return { posting, before, after };
  });

/**
 * Credits (positive) or debits (negative) a member's main wallet against the brand's adjustment account. A
 * debit beyond the balance is refused by the ledger (INSUFFICIENT_FUNDS); the audit row and the member's
 * message commit with the money, and a retry of the same request id answers the original adjustment.
 */
export const adjustBalance = async (
  deps: AdjustBalanceDependencies,
  actor: StaffActor,
  brand: WalletBrand,
  request: AdjustmentRequest,
) => {
  const { ledger, wallet, messages } = deps;
  const member = await findBrandMember(deps, brand, request.username);
  // Trial accounts play with pretend money; real money must not reach them, even by an operator.
  assertMayMoveMoney(member);
  const amount = await wallet.parseAmount(request.amount, brand.currency, 'amount', {
    allowNegative: true,
  });
  const [cash, counterpart, exponent] = await Promise.all([
    wallet.cashAccount(member, brand.currency),
    ledger.ensureSystemAccount(brand.id, 'adjustment', brand.currency),
    ledger.getCurrencyExponent(brand.currency),
  ]);
  const format = (value: bigint) => formatMinorUnits(value, exponent);
  const outcome = await postAdjustment(deps, {
    actor,
    brand,
    request,
    member,
    cash,
    counterpart,
    amount,
    format,
  });
  if (!outcome.posting.isReplay) {
    wallet.notifyBalance(member.id);
    messages.notify(member.id);
  }
  return {
    transactionId: outcome.posting.transactionId.toString(),
    balanceBefore: format(outcome.before),
    balanceAfter: format(outcome.after),
  };
};
