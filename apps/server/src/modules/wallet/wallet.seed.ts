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

/** What each demo member starts with, in minor units (1,000.00). */
export const demoOpeningBalance = 100_000n;

/**
 * Idempotent: the currencies; given the demo brand, its system accounts in its currency (the ledger would
 * create them on first use anyway; seeding them makes the demo's chart of accounts visible at once); and an
 * opening balance for each demo member, paid from the promotion account once (the idempotency key sees to it).
 */
export const seedWalletDemo = async (
  db: Database,
  brand?: { id: bigint; currency: string },
  demoMembers: readonly { id: bigint }[] = [],
): Promise<void> => {
  await upsertCurrencies(db, seedCurrencies);
  if (!brand) return;
  const ledger = createLedgerService({ db });
  const accounts = new Map<SystemAccountKind, bigint>();
  for (const kind of systemKinds) {
    accounts.set(kind, (await ledger.ensureSystemAccount(brand.id, kind, brand.currency)).id);
  }
  const promotion = accounts.get('promotion');
  if (promotion === undefined) return;
  for (const member of demoMembers) {
    const cash = await ledger.ensureMemberAccount(brand.id, member.id, brand.currency);
    await ledger.post({
      brandId: brand.id,
      idempotencyKey: `seed:opening-balance:${member.id}`,
      kind: 'adjustment',
      legs: [
        { accountId: promotion, amount: -demoOpeningBalance },
        { accountId: cash.id, amount: demoOpeningBalance },
      ],
      memo: 'Demo opening balance',
    });
  }
};
