import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { openTestDatabase } from '../../../testing/test-database';
import { members } from '../../members/members.tables';
import { createPushService } from '../../push/push.service';
import { seedSiteDemo } from '../../site/site.seed';
import { createLedgerService, type LedgerService } from '../../wallet/ledger.service';
import { seedWalletDemo } from '../../wallet/wallet.seed';
import { loyaltyMemberTotals } from '../loyalty.tables';
import type { LoyaltyActivity } from './fold-types';
import { createLoyaltyFoldService } from './fold.service';

/** The fold reads each ledger movement once, classified, into the totals and to every consumer. */

let database: DatabaseHandle;
let ledger: LedgerService;
let brandId: bigint;
let house: bigint;
let clearing: bigint;

const createMember = async (): Promise<bigint> => {
  const [row] = await database.db
    .insert(members)
    .values({ brandId, username: `m${randomUUID().slice(0, 12)}`, nickname: 'Fold' })
    .returning({ id: members.id });
  if (!row) throw new Error('member not created');
  return row.id;
};

const move = async (memberId: bigint, amount: bigint, kind: string, productLine?: string): Promise<void> => {
  const cash = (await ledger.ensureMemberAccount(brandId, memberId, 'USD')).id;
  const other = kind === 'deposit' ? clearing : house;
  const toMember = kind === 'deposit' || kind.endsWith('win') || kind.endsWith('refund');
  await ledger.post({
    brandId,
    idempotencyKey: randomUUID(),
    kind,
    ...(productLine ? { productLine } : {}),
    legs: [
      { accountId: cash, amount: toMember ? amount : -amount },
      { accountId: other, amount: toMember ? -amount : amount },
    ],
  });
};

beforeAll(async () => {
  database = await openTestDatabase();
  const brand = await seedSiteDemo(database.db);
  brandId = brand.id;
  await seedWalletDemo(database.db, { id: brand.id, currency: 'USD' });
  ledger = createLedgerService({ db: database.db });
  house = (await ledger.ensureSystemAccount(brandId, 'house', 'USD')).id;
  clearing = (await ledger.ensureSystemAccount(brandId, 'payment_clearing', 'USD')).id;
});

afterAll(async () => {
  await database.close();
});

describe('loyalty fold', () => {
  it('classifies deposits, bets, refunds and wins once each, however often it runs', async () => {
    const seen: LoyaltyActivity[] = [];
    const push = createPushService();
    const fold = createLoyaltyFoldService({ db: database.db, push, span: 3 });
    fold.onBatch(async (_tx, batch) => {
      seen.push(...batch.activities);
      return Promise.resolve([]);
    });
    const memberId = await createMember();
    const pushed: string[] = [];
    push.subscribe(memberId, (event) => pushed.push(event.type));
    await fold.fold();
    seen.length = 0;

    await move(memberId, 50_000n, 'deposit');
    await move(memberId, 1_000n, 'slot.bet', 'RNG');
    await move(memberId, 400n, 'vendor.bet', 'LIVE');
    await move(memberId, 400n, 'vendor.refund', 'LIVE');
    await move(memberId, 2_500n, 'slot.win', 'RNG');
    await move(memberId, 100n, 'transfer.in');
    await fold.fold();
    await fold.fold();

    const mine = seen.filter((activity) => activity.memberId === memberId);
    expect(mine.map((activity) => [activity.kind, activity.amount, activity.productLine])).toEqual([
      ['deposit', 50_000n, null],
      ['bet', 1_000n, 'RNG'],
      ['bet', 400n, 'LIVE'],
      ['refund', 400n, 'LIVE'],
      ['payout', 2_500n, 'RNG'],
    ]);
    const [totals] = await database.db
      .select()
      .from(loyaltyMemberTotals)
      .where(eq(loyaltyMemberTotals.memberId, memberId));
    expect(totals?.depositTotal).toBe(50_000n);
    expect(totals?.validBetTotal).toBe(1_000n);
    expect(pushed).toContain('loyalty');
  });

  it('counts a batch once when two folds run at the same time', async () => {
    const memberId = await createMember();
    const first = createLoyaltyFoldService({ db: database.db, push: createPushService() });
    const second = createLoyaltyFoldService({ db: database.db, push: createPushService() });
    await move(memberId, 5_000n, 'deposit');
    await first.fold();
    await Promise.all(Array.from({ length: 5 }, () => move(memberId, 200n, 'slot.bet', 'RNG')));
    await Promise.all([first.fold(), second.fold(), first.fold()]);
    const [totals] = await database.db
      .select()
      .from(loyaltyMemberTotals)
      .where(eq(loyaltyMemberTotals.memberId, memberId));
    expect(totals?.validBetTotal).toBe(1_000n);
    expect(totals?.depositTotal).toBe(5_000n);
  });
});
