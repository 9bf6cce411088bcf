import * as repository from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import { findAccount, type LedgerAccountDependencies } from './ledger-accounts';
import type { LedgerCallOptions } from './ledger-types';

/** The balance in minor units: the sum of the account's shards. */
export const getBalance = async (
  deps: LedgerAccountDependencies,
  accountId: bigint,
  options: LedgerCallOptions = {},
): Promise<bigint> => {
  const executor = options.executor ?? deps.db;
  if (!(await findAccount(deps, accountId, executor))) {
    throw new LedgerError('account_not_found', `Ledger account ${accountId} does not exist`);
  }
  return repository.sumBalance(executor, accountId);
};
