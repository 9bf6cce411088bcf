import { isAgentType } from '@wps/contracts/auth';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { MemberRow, MemberService } from '../members/members.service';
import type { MessageService } from '../messages/messages.service';
import type { LedgerService } from './ledger.service';
import type { WalletService } from './wallet.service';
import { assertMayMoveMoney, type WalletBrand } from './wallet-context';

type TransferRequest = { amount: string; paymentPassword: string; requestId: string };
export type DownlineTransferRequest = TransferRequest & { username: string };

export type TransferResult = {
  transactionId: string;
  recipient: string;
  amount: string;
  /** The sender's main wallet after the transfer (for a retry: after the original transfer). */
  balance: string;
};

/**
 * Member-to-member transfers inside a line: a member to their direct upline, an agent to anyone below them.
 * The sender's cash is debited and the recipient's credited in one posting keyed by the sender's request id,
 * with the recipient's inbox message in the same database transaction.
 */
export const createTransferService = ({
  db,
  ledger,
  wallet,
  members,
  messages,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  members: MemberService;
  messages: MessageService;
}) => {
  /** The member's direct upline, if they have one (and it is not, by bad data, themselves). */
  const findUpline = async (member: MemberRow): Promise<MemberRow | undefined> => {
    if (member.uplineId === null || member.uplineId === member.id) return undefined;
    const upline = await members.findById(member.uplineId);
    return upline?.brandId === member.brandId ? upline : undefined;
  };

  const move = async (
    sender: MemberRow,
    recipient: MemberRow,
    brand: WalletBrand,
    amount: bigint,
    transfer: { kind: 'transfer.upline' | 'transfer.downline'; requestId: string },
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
      // A retry answers the original transfer; the recipient was told about it then.
      if (!result.isReplay) {
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

  /** An empty password is a form left blank, not a guess: it must not count towards the lock. */
  const checkPaymentPassword = async (sender: MemberRow, password: string): Promise<void> => {
    if (password === '') {
      const message = 'Enter your payment password';
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'paymentPassword', message }] });
    }
    await members.checkPaymentPassword(sender.id, password);
  };

  return {
    /** For the transferUpline page: who the money would go to. */
    upline: async (member: MemberRow) => {
      const upline = await findUpline(member);
      return upline ? { account: upline.username, nickname: upline.nickname } : null;
    },

    toUpline: async (sender: MemberRow, brand: WalletBrand, request: TransferRequest) => {
      const amount = await wallet.parseAmount(request.amount, brand.currency);
      const upline = await findUpline(sender);
      if (!upline) throw new AppError('NOT_FOUND', { message: 'You have no upline to transfer to.' });
      await checkPaymentPassword(sender, request.paymentPassword);
      return move(sender, upline, brand, amount, { kind: 'transfer.upline', requestId: request.requestId });
    },

    /**
     * An unknown name, oneself and a member outside the agent's line all answer NOT_IN_YOUR_LINE, so the
     * endpoint cannot be used to find out which usernames exist.
     */
    toDownline: async (sender: MemberRow, brand: WalletBrand, request: DownlineTransferRequest) => {
      if (!isAgentType(sender.type)) throw new AppError('NOT_AN_AGENT');
      const amount = await wallet.parseAmount(request.amount, brand.currency);
      const recipientId = await members.findDownlineMemberId(sender.brandId, sender.id, request.username);
      const recipient = recipientId === undefined ? undefined : await members.findById(recipientId);
      if (!recipient) throw new AppError('NOT_IN_YOUR_LINE');
      // Real money must not land in a free-play account either.
      assertMayMoveMoney(recipient);
      await checkPaymentPassword(sender, request.paymentPassword);
      return move(sender, recipient, brand, amount, {
        kind: 'transfer.downline',
        requestId: request.requestId,
      });
    },
  };
};

export type TransferService = ReturnType<typeof createTransferService>;
