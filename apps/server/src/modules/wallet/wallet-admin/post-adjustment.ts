import { formatMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import { recordAuditEvent } from '../../audit/audit.service';
import type { LedgerAccount } from '../ledger.service';
import type { WalletBrand } from '../wallet-context';
import type { StaffActor, WalletAdminServiceDependencies } from './wallet-admin-types';

/** One adjustment as it is posted: whose cash, against which account, by how much, shown how. */
export type Adjustment = {
  /** Who posts it: the staff member adjusting, or the checker approving a proposal. */
  actor: StaffActor;
  brand: WalletBrand;
  member: { id: bigint; username: string };
  reason: string;
  /** `adjustment:<proposing staff>:<request id>`: a retry, or a proposal approved twice, posts once. */
  idempotencyKey: string;
  cash: LedgerAccount;
  counterpart: LedgerAccount;
  amount: bigint;
  format: (value: bigint) => string;
  /** More for the audit row (the proposal a checker approved). */
  auditDetails?: Record<string, string>;
};

export const adjustmentKey = (staffId: string | bigint, requestId: string): string =>
  `adjustment:${staffId}:${requestId}`;

/**
 * Posts the adjustment with its audit row and the member's message inside the caller's transaction; a replay
 * of the key posts and records nothing again.
 */
export const postAdjustmentWithin = async (
  { ledger, messages }: Pick<WalletAdminServiceDependencies, 'ledger' | 'messages'>,
  tx: Executor,
  adjustment: Adjustment,
) => {
  const { actor, brand, member, reason, cash, counterpart, amount, format } = adjustment;
  const posting = await ledger.post(
    {
      brandId: brand.id,
      idempotencyKey: adjustment.idempotencyKey,
      kind: 'adjustment',
      memo: reason,
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
        reason,
        username: member.username,
        transactionId: posting.transactionId.toString(),
        ...adjustment.auditDetails,
      },
    });
    await messages.send(tx, {
      brandId: brand.id,
      memberId: member.id,
      kind: 'adjustment',
      params: { amount: format(amount), currency: brand.currency, reason },
      title: 'Balance adjusted',
      body: `Your balance was adjusted by ${format(amount)} ${brand.currency}: ${reason}`,
    });
  }
  return { posting, before, after };
};

/** The member's cash account, the brand's adjustment account and the currency's formatting. */
export const adjustmentAccounts = async (
  { ledger, wallet }: Pick<WalletAdminServiceDependencies, 'ledger' | 'wallet'>,
  brand: WalletBrand,
  member: { id: bigint; brandId: bigint },
) => {
  const [cash, counterpart, exponent] = await Promise.all([
    wallet.cashAccount(member, brand.currency),
    ledger.ensureSystemAccount(brand.id, 'adjustment', brand.currency),
    ledger.getCurrencyExponent(brand.currency),
  ]);
  return { cash, counterpart, format: (value: bigint) => formatMinorUnits(value, exponent) };
};
