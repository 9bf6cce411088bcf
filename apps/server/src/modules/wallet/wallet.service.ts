import type { Database, Executor } from '../../db/database';
import type { PushService } from '../push/push.service';
import type { LedgerAccount, LedgerService } from './ledger.service';

export type WalletOwner = { id: bigint; brandId: bigint };

/**
 * A member's wallet on top of the ledger: which account is their main wallet, its balance, and the signal to
 * their open sites when it changed. Agents and players alike keep their money in a `member_cash` account.
 */
export const createWalletService = ({
  ledger,
  push,
}: {
  db: Database;
  ledger: LedgerService;
  push: PushService;
}) => {
  const cashAccount = (member: WalletOwner, currency: string, executor?: Executor): Promise<LedgerAccount> =>
    ledger.ensureMemberAccount(
      member.brandId,
      member.id,
      currency,
      'member_cash',
      executor ? { executor } : {},
    );

  return {
    cashAccount,
    balance: async (member: WalletOwner, currency: string, executor?: Executor): Promise<bigint> => {
      const account = await cashAccount(member, currency, executor);
      return ledger.getBalance(account.id, executor ? { executor } : {});
    },
    /** Tell the member's open sites their balance changed; call after the transaction commits. */
    notifyBalance: (memberId: bigint): void => {
      push.publish(memberId, { type: 'balance' });
    },
  };
};

export type WalletService = ReturnType<typeof createWalletService>;
