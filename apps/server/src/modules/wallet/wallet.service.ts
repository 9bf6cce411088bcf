import {
  formatMinorUnits,
  MoneyFormatError,
  toMinorUnits,
  type MinorUnitsOptions,
} from '@wps/contracts/money';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { PushService } from '../push/push.service';
import type { LedgerAccount, LedgerService } from './ledger.service';

export type WalletOwner = { id: bigint; brandId: bigint };

/**
 * A member's wallet on top of the ledger: which account is their main wallet, its balance, the one way
 * amounts from the wire become minor units (and back), and the signal to their open sites when a balance
 * changed. Agents and players alike keep their money in a `member_cash` account.
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

    /**
     * A decimal string from a request as minor units of `currency`; anything that is not exactly an amount
     * of that currency (format, extra decimals, zero, negative unless allowed, beyond int8) is
     * VALIDATION_FAILED with the field and the reason, before anything is read or written.
     */
    parseAmount: async (
      decimal: string,
      currency: string,
      field = 'amount',
      options: MinorUnitsOptions = {},
    ): Promise<bigint> => {
      const exponent = await ledger.getCurrencyExponent(currency);
      try {
        return toMinorUnits(decimal, exponent, options);
      } catch (error) {
        if (!(error instanceof MoneyFormatError)) throw error;
        throw new AppError('VALIDATION_FAILED', {
          message: error.message,
          issues: [{ field, message: error.message }],
          details: { reason: error.reason },
        });
      }
    },

    /** Minor units of `currency` as the wire's decimal string. */
    formatAmount: async (amount: bigint, currency: string): Promise<string> =>
      formatMinorUnits(amount, await ledger.getCurrencyExponent(currency)),

    /** Tell the member's open sites their balance changed; call after the transaction commits. */
    notifyBalance: (memberId: bigint): void => {
      push.publish(memberId, { type: 'balance' });
    },
  };
};

export type WalletService = ReturnType<typeof createWalletService>;
