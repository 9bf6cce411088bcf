import { formatMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import type { LedgerAccount, PostingResult } from '../ledger.service';
import type { WalletBrand } from '../wallet-context';
import type { TransferResult, TransferServiceDependencies } from './transfer-types';

/** Which way along the line the money goes, and the sender's request id that makes a retry a replay. */
export type MemberTransfer = { kind: 'transfer.upline' | 'transfer.downline'; requestId: string };

/** An empty password is a form left blank, not a guess: it must not count towards the lock. */
export const checkSenderPaymentPassword = async (
  { members }: Pick<TransferServiceDependencies, 'members'>,
  sender: MemberRow,
  password: string,
): Promise<void> => {
  if (password === '') {
    const message = 'Enter your payment password';
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'paymentPassword', message }] });
  }
  await members.checkPaymentPassword(sender.id, password);
};

/**
 * The sender's outstanding wagering requirement goes with the money in its share, inside the transfer's
 * transaction (turnover.carryWithTransfer), so the recipient's withdrawal is held to it.
 */
const carryRequirement = async (
  turnover: TransferServiceDependencies['turnover'],
  tx: Executor,
  moved: {
    sender: MemberRow;
    recipient: MemberRow;
    brand: WalletBrand;
    amount: bigint;
    posting: PostingResult;
    from: LedgerAccount;
  },
): Promise<void> => {
  const { sender, recipient, brand, amount, posting, from } = moved;
  // A member's cash account is not sharded, so its entry carries the balance it left.
  const senderBalanceAfter = posting.entries.find((entry) => entry.accountId === from.id)?.balanceAfter;
  if (senderBalanceAfter === undefined || senderBalanceAfter === null) {
    throw new Error(`transfer ${posting.transactionId} has no sender balance`);
  }
  await turnover.carryWithTransfer(tx, {
    brandId: sender.brandId,
    fromMemberId: sender.id,
    toMemberId: recipient.id,
    currency: brand.currency,
    amount,
    senderBalanceBefore: senderBalanceAfter + amount,
    reference: `transfer:${posting.transactionId}`,
  });
};

/**
 * The sender's cash is debited and the recipient's credited in one posting keyed by the sender's request id,
 * with the recipient's inbox message in the same database transaction. The sender's outstanding wagering
 * requirement goes with the money in its share (turnover.carryWithTransfer), in the same transaction: a
 * transfer to an upline or a downline cannot wash it, and the recipient's withdrawal is held to it.
 */
export const moveBetweenMembers = async (
  {
    db,
    ledger,
    wallet,
    messages,
    turnover,
  }: Pick<TransferServiceDependencies, 'db' | 'ledger' | 'wallet' | 'messages' | 'turnover'>,
  sender: MemberRow,
  recipient: MemberRow,
  brand: WalletBrand,
  amount: bigint,
  transfer: MemberTransfer,
): Promise<TransferResult> => {
  const [from, to, exponent] = await Promise.all([
    wallet.cashAccount(sender, brand.currency),
    wallet.cashAccount(recipient, brand.currency),
    ledger.getCurrencyExponent(brand.currency),
  ]);
  const shown = formatMinorUnits(amount, exponent);
  const posting = await db.transaction(async (tx) => {
    const result = await ledger.post(
      {
        brandId: sender.brandId,
        idempotencyKey: `transfer:${sender.id}:${transfer.requestId}`,
        kind: transfer.kind,
        reference: `member:${recipient.id}`,
        memo: `${sender.username} to ${recipient.username}`,
        legs: [
          { accountId: from.id, amount: -amount },
          { accountId: to.id, amount },
        ],
      },
      { executor: tx },
    );
    // A retry answers the original transfer; its requirement moved and the recipient was told then.
    if (!result.isReplay) {
      await carryRequirement(turnover, tx, { sender, recipient, brand, amount, posting: result, from });
      await messages.send(tx, {
        brandId: recipient.brandId,
        memberId: recipient.id,
        kind: 'transfer_received',
        params: { amount: shown, currency: brand.currency, from: sender.username },
        title: 'Transfer received',
        body: `You received ${shown} ${brand.currency} from ${sender.username}.`,
      });
    }
    return result;
  });
  if (!posting.isReplay) {
    wallet.notifyBalance(sender.id);
    wallet.notifyBalance(recipient.id);
    messages.notify(recipient.id);
  }
  const balance = posting.entries.find((entry) => entry.accountId === from.id)?.balanceAfter ?? 0n;
  return {
    transactionId: posting.transactionId.toString(),
    recipient: recipient.username,
    amount: shown,
    balance: formatMinorUnits(balance, exponent),
  };
};
