import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { members } from '../members/members.tables';
import { seedSiteDemo } from '../site/site.seed';
import { createLedgerService, type LedgerServiceDependencies, type LedgerService } from './ledger.service';
import { seedWalletDemo } from './wallet.seed';

export { findInvariantViolations } from '../../testing/test-database';

export type LedgerFixture = {
  database: DatabaseHandle;
  ledger: LedgerService;
  brandId: bigint;
  /** A new member of the brand with an empty USD cash account. */
  createMemberCash: (currency?: string) => Promise<bigint>;
  house: bigint;
  providerClearing: bigint;
  paymentClearing: bigint;
  close: () => Promise<void>;
};

export const openLedgerFixture = async (
  options: Omit<LedgerServiceDependencies, 'db'> = {},
  { checkLedger = true } = {},
): Promise<LedgerFixture> => {
  const database = await openTestDatabase({ checkLedger });
  const brand = await seedSiteDemo(database.db);
  await seedWalletDemo(database.db, { id: brand.id, currency: 'USD' });
  const ledger = createLedgerService({ db: database.db, ...options });
  const createMemberCash = async (currency = 'USD') => {
    const [member] = await database.db
      .insert(members)
      .values({ brandId: brand.id, username: `m${randomUUID().slice(0, 12)}`, nickname: 'Test member' })
      .returning({ id: members.id });
    if (!member) throw new Error('member not created');
    return (await ledger.ensureMemberAccount(brand.id, member.id, currency)).id;
  };
  return {
    database,
    ledger,
    brandId: brand.id,
    createMemberCash,
    house: (await ledger.ensureSystemAccount(brand.id, 'house', 'USD')).id,
    providerClearing: (await ledger.ensureSystemAccount(brand.id, 'provider_clearing', 'USD')).id,
    paymentClearing: (await ledger.ensureSystemAccount(brand.id, 'payment_clearing', 'USD')).id,
    close: () => database.close(),
  };
};

export const newKey = (): string => randomUUID();
