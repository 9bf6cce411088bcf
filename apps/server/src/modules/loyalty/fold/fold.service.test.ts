import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
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

const validBetOf = async (memberId: bigint): Promise<bigint> => {
  const [totals] = await database.db
    .select()
    .from(loyaltyMemberTotals)
    .where(eq(loyaltyMemberTotals.memberId, memberId));
  return totals?.validBetTotal ?? 0n;
};

describe('the scheduled fold', () => {
  it('rests three times as long as it folded, at most 500 ms, before it folds again', async () => {
    let clock = 1_000_000;
    let batchTakes = 100;
    const fold = createLoyaltyFoldService({ db: database.db, push: createPushService(), now: () => clock });
    fold.onBatch(() => {
      clock += batchTakes;
      return Promise.resolve([]);
    });
    const memberId = await createMember();
    await move(memberId, 10_000n, 'deposit');
    await fold.followUp();
    // It folded from 1,000,000 to 1,000,100: it rests until 1,000,400.
    await move(memberId, 300n, 'slot.bet', 'RNG');
    clock = 1_000_399;
    expect(await fold.followUp()).toBe(0);
    expect(await validBetOf(memberId)).toBe(0n);
    clock = 1_000_400;
    batchTakes = 1_000;
    expect(await fold.followUp()).toBe(1);
    expect(await validBetOf(memberId)).toBe(300n);
    // That batch took 1,000 ms (to 1,001,400): the rest is capped at 500 ms.
    await move(memberId, 200n, 'slot.bet', 'RNG');
    clock = 1_001_899;
    expect(await fold.followUp()).toBe(0);
    clock = 1_001_900;
    expect(await fold.followUp()).toBe(1);
    expect(await validBetOf(memberId)).toBe(500n);
  });
});

// Other databases and concurrent transactions need a real server (DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('the fold beside running transactions', () => {
  it('does not wait for a transaction of another database of the cluster', async () => {
    const memberId = await createMember();
    await move(memberId, 10_000n, 'deposit');
    const fold = createLoyaltyFoldService({ db: database.db, push: createPushService(), maxWaitMs: 1_000 });
    await fold.fold();
    const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await move(memberId, 700n, 'slot.bet', 'RNG');
      await fold.fold();
      expect(await validBetOf(memberId)).toBe(700n);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });

  it('waits for a running transaction of its own database, then counts what it wrote once', async () => {
    const running = await createMember();
    const later = await createMember();
    for (const memberId of [running, later]) await move(memberId, 10_000n, 'deposit');
    const fold = createLoyaltyFoldService({ db: database.db, push: createPushService(), maxWaitMs: 200 });
    await fold.fold();
    const cash = (await ledger.ensureMemberAccount(brandId, running, 'USD')).id;
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = (): void => undefined;
    const isWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    // Its own accounts (the member's and the payment clearing), so the later bet does not wait on its locks.
    const transaction = database.db.transaction(async (tx) => {
      await ledger.post(
        {
          brandId,
          idempotencyKey: randomUUID(),
          kind: 'slot.bet',
          productLine: 'RNG',
          legs: [
            { accountId: cash, amount: -400n },
            { accountId: clearing, amount: 400n },
          ],
        },
        { executor: tx },
      );
      written();
      await released;
    });
    await isWritten;
    await move(later, 100n, 'slot.bet', 'RNG');
    await fold.fold();
    // Neither the running transaction's bet nor the later one: the horizon stops at the running transaction.
    expect([await validBetOf(running), await validBetOf(later)]).toEqual([0n, 0n]);
    release();
    await transaction;
    await fold.fold();
    await fold.fold();
    expect([await validBetOf(running), await validBetOf(later)]).toEqual([400n, 100n]);
  });
});
