import type { Database } from '../../db/database';
import { upsertCurrencies } from './ledger.repository';
import { createLedgerService, type SystemAccountKind } from './ledger.service';

/** The currencies the platform starts with; exponents from ISO 4217. */
export const seedCurrencies = [
  { code: 'USD', exponent: 2, name: 'US Dollar' },
  { code: 'VND', exponent: 0, name: 'Vietnamese Dong' },
  { code: 'PHP', exponent: 2, name: 'Philippine Peso' },
];

const systemKinds: readonly SystemAccountKind[] = [
  'house',
  'provider_clearing',
  'payment_clearing',
  'promotion',
];

/**
 * Idempotent: the currencies, and, given the demo brand, its system accounts in its currency (the demo brand's is USD) (the ledger
 * would create them on first use anyway; seeding them makes the demo's chart of accounts visible at once).
 */
export const seedWalletDemo = async (
  db: Database,
  brand?: { id: bigint; currency?: string },
): Promise<void> => {
  await upsertCurrencies(db, seedCurrencies);
  if (!brand) return;
  const ledger = createLedgerService({ db });
  for (const kind of systemKinds) await ledger.ensureSystemAccount(brand.id, kind, brand.currency ?? 'USD');
};
