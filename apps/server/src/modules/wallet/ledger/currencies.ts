import type { Executor } from '../../../db/database';
import * as repository from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import type { LedgerContext } from './ledger-types';

export type CurrencyDependencies = Pick<LedgerContext, 'db' | 'caches'>;

/** The currency's exponent (digits after the point); cached once read outside any caller's transaction. */
export const getCurrencyExponent = async (
  { db, caches }: CurrencyDependencies,
  code: string,
  executor: Executor = db,
): Promise<number> => {
  const cached = caches.exponents.get(code);
  if (cached !== undefined) return cached;
  const currency = await repository.findCurrency(executor, code);
  if (!currency) throw new LedgerError('currency_not_found', `Currency ${code} is not configured`);
  if (executor === db) caches.exponents.set(code, currency.exponent);
  return currency.exponent;
};
