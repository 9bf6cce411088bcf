import type { Jackpot } from '@wps/contracts/house-games';
import type { Database, Executor } from '../../db/database';
import type { LedgerAccount, LedgerService } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repository from './jackpot.repository';
import type { JackpotRow } from './jackpot.repository';

export type JackpotKey = { brandId: bigint; currency: string; gameCode: string };

/**
 * Progressive jackpots. The pool is a `jackpot_pool` ledger account (scope = game code): bets pay their
 * share into it within their own posting; a win pays the whole pool to the winner and the house refills it
 * with the seed amount, in one posting. The `house_jackpots` row is what a win locks (`lockForWin`), so two
 * winners at once are paid one after the other, each the pool as it stands then; a bet's share that has not
 * committed yet simply stays for the next winner. The pool is seeded by the house when it is first used.
 */
export const createJackpotService = ({
  db,
  ledger,
  wallet,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
}) => {
  const ready = new Set<string>();

  const poolAccount = (key: JackpotKey, executor: Executor = db): Promise<LedgerAccount> =>
    ledger.ensureSystemAccount(key.brandId, 'jackpot_pool', key.currency, key.gameCode, { executor });

  /** Creates the jackpot row and its first seed (once: the ledger key decides). */
  const ensure = async (key: JackpotKey, seedAmount: bigint): Promise<void> => {
    const name = `${key.brandId}:${key.currency}:${key.gameCode}`;
    if (ready.has(name)) return;
    await repository.insertJackpot(db, key);
    const row = await repository.findJackpot(db, key.brandId, key.currency, key.gameCode);
    if (!row) throw new Error('the jackpot row was neither found nor created');
    const [pool, house] = await Promise.all([
      poolAccount(key),
      ledger.ensureSystemAccount(key.brandId, 'house', key.currency),
    ]);
    await ledger.post({
      brandId: key.brandId,
      idempotencyKey: `house-jackpot:${row.id}:seed:0`,
      kind: 'jackpot.seed',
      reference: `jackpot:${row.id}`,
      legs: [
        { accountId: house.id, amount: -seedAmount },
        { accountId: pool.id, amount: seedAmount },
      ],
    });
    ready.add(name);
  };

  const toJackpot = async (
    key: JackpotKey,
    row: JackpotRow | undefined,
    amount: bigint,
  ): Promise<Jackpot> => ({
    gameCode: key.gameCode,
    amount: await wallet.formatAmount(amount, key.currency),
    currency: key.currency,
    hits: row?.hits ?? 0,
    lastWonAmount:
      row?.lastWonAmount === null || row?.lastWonAmount === undefined
        ? null
        : await wallet.formatAmount(row.lastWonAmount, key.currency),
    lastWonAt: row?.lastWonAt?.toISOString() ?? null,
  });

  return {
    ensure,
    poolAccount,

    /** The pool as it stands (committed), for the live display. */
    current: async (key: JackpotKey, executor: Executor = db): Promise<Jackpot> => {
      const row = await repository.findJackpot(executor, key.brandId, key.currency, key.gameCode);
      const amount = await ledger.getBalance((await poolAccount(key, executor)).id, { executor });
      return toJackpot(key, row, amount);
    },

    /** Inside the winner's transaction, before any of its postings: the row every win queues on. */
    lockForWin: async (executor: Executor, key: JackpotKey): Promise<JackpotRow> => {
      const row = await repository.findJackpot(executor, key.brandId, key.currency, key.gameCode, true);
      if (!row) throw new Error('the jackpot is not set up');
      return row;
    },

    /** The pool's balance as this transaction sees it. */
    poolBalance: async (executor: Executor, key: JackpotKey): Promise<bigint> =>
      ledger.getBalance((await poolAccount(key, executor)).id, { executor }),

    recordWin: (executor: Executor, row: JackpotRow, win: { amount: bigint; roundId: bigint }) =>
      repository.recordJackpotWin(executor, row.id, win),
  };
};

export type JackpotService = ReturnType<typeof createJackpotService>;
