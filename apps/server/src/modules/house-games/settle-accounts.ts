import type { Executor } from '../../db/database';
import type { LedgerService } from '../wallet/ledger.service';

/** The brand's house account in `currency`: the other side of every house game's stakes and returns. */
export const houseAccountOf = (
  { ledger }: { ledger: LedgerService },
  brandId: bigint,
  currency: string,
  executor: Executor,
) => ledger.ensureSystemAccount(brandId, 'house', currency, '', { executor });

/** Members' cash accounts (`member:currency`) and house accounts (`brand:currency`) a settlement pays between. */
export type SettleAccounts = { cash: Map<string, bigint>; house: Map<string, bigint> };

export const emptySettleAccounts = (): SettleAccounts => ({ cash: new Map(), house: new Map() });

/**
 * The accounts a chunk of bets is paid between, cached across chunks (shared rounds: tables, cockfight). Read
 * in `executor`: inside a transaction, its own (on PGlite, with one connection, a read on the database from
 * inside a transaction would wait for that transaction forever).
 */
export const loadSettleAccounts = async (
  context: { ledger: LedgerService },
  executor: Executor,
  bets: ReadonlyArray<{ brandId: bigint; memberId: bigint; currency: string }>,
  accounts: SettleAccounts,
): Promise<void> => {
  for (const bet of bets) {
    const cashKey = `${bet.memberId}:${bet.currency}`;
    if (!accounts.cash.has(cashKey)) {
      const account = await context.ledger.ensureMemberAccount(
        bet.brandId,
        bet.memberId,
        bet.currency,
        'member_cash',
        { executor },
      );
      accounts.cash.set(cashKey, account.id);
    }
    const houseKey = `${bet.brandId}:${bet.currency}`;
    if (!accounts.house.has(houseKey)) {
      accounts.house.set(houseKey, (await houseAccountOf(context, bet.brandId, bet.currency, executor)).id);
    }
  }
};
