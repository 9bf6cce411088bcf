import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { loyaltyMemberDays, loyaltyMemberTotals, loyaltySettings, vipMemberLevels } from './loyalty.tables';
import { type PointsTestMember, pointsTestKit } from './points.test-helpers';

/** Points from the fold: rates by VIP rank and product line, exact fractions, refunds, once per movement. */

let subject: TestApp;
let kit: ReturnType<typeof pointsTestKit>;

beforeAll(async () => {
  // Rounds an hour apart: only a fold asked for (`fold()`) credits the points, unless a test says otherwise.
  subject = await createTestApp({ LOYALTY_POINTS_ROUND_MS: '3600000' });
  kit = pointsTestKit(subject);
  const member = await kit.addMember();
  // Rank 0 earns 1 point per USD on slots and 0.5 on live tables; rank 2 one and a half times that.
  await kit.setRates(
    member.brandId,
    { 0: { RNG: '1', LIVE: '0.5' }, 2: { RNG: '1.5', LIVE: '0.75' } },
    '0.1',
  );
  await subject.app.loyalty.fold.fold();
});
afterAll(() => subject.close());

const move = async (
  member: PointsTestMember,
  kind: string,
  amount: bigint,
  productLine?: string,
  { app } = subject,
) => {
  const { ledger } = app.wallet;
  const cash = (await ledger.ensureMemberAccount(member.brandId, member.id, 'USD')).id;
  const other = (
    await ledger.ensureSystemAccount(member.brandId, kind === 'deposit' ? 'payment_clearing' : 'house', 'USD')
  ).id;
  const toMember = kind === 'deposit' || kind.endsWith('win') || kind.endsWith('refund');
  await ledger.post({
    brandId: member.brandId,
    idempotencyKey: randomUUID(),
    kind,
    ...(productLine ? { productLine } : {}),
    legs: [
      { accountId: cash, amount: toMember ? amount : -amount },
      { accountId: other, amount: toMember ? -amount : amount },
    ],
  });
};

const fold = () => subject.app.loyalty.fold.fold();

const earnPostings = async (member: PointsTestMember) => {
  const rows = await selectRows<{ count: string | number }>(
    subject.database.db,
    sql`select count(*) as count from wallet_transaction_details t
      join wallet_member_postings e on e.transaction_id = t.id
      where t.kind = 'points.earn' and e.member_id = ${member.id}`,
  );
  return Number(rows[0]?.count ?? 0);
};

const remainderOf = async (member: PointsTestMember) =>
  (
    await subject.database.db
      .select({ remainder: loyaltyMemberTotals.pointsRemainder })
      .from(loyaltyMemberTotals)
      .where(eq(loyaltyMemberTotals.memberId, member.id))
  )[0]?.remainder;

const pendingOf = async (member: PointsTestMember) =>
  (
    await subject.database.db
      .select({ pending: loyaltyMemberTotals.pointsPending })
      .from(loyaltyMemberTotals)
      .where(eq(loyaltyMemberTotals.memberId, member.id))
  )[0]?.pending;

/** The scheduled fold of `app` (not a fold asked for), until it took something (it may be resting). */
const followUp = async ({ app }: TestApp) => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await app.loyalty.fold.followUp()) > 0) return;
    await setTimeout(10);
  }
  throw new Error('the scheduled fold took nothing');
};

describe('points rounds', () => {
  it('holds earned points for the next round, takes a refund from them first, and credits all pending at once', async () => {
    // Another instance on the same data, whose every batch is a round.
    const eager = await createTestApp({ LOYALTY_POINTS_ROUND_MS: '0' }, { database: subject.database });
    try {
      const first = await kit.addMember();
      const second = await kit.addMember();
      await move(first, 'deposit', 10_000n);
      await followUp(subject);
      // 100 USD at 0.1 a USD: 10 points earned, none credited yet.
      expect(await pendingOf(first)).toBe(10n);
      expect(await kit.balanceOf(first)).toBe(0n);
      await move(first, 'slot.bet', 500n, 'RNG');
      await followUp(subject);
      expect(await pendingOf(first)).toBe(15n);
      await move(first, 'slot.refund', 500n, 'RNG');
      await move(second, 'deposit', 20_000n);
      await followUp(subject);
      // The refund took its 5 points back from those pending: no posting of its own.
      expect(await pendingOf(first)).toBe(10n);
      expect(await pendingOf(second)).toBe(20n);
      expect(await earnPostings(first)).toBe(0);

      // A round credits the batch's members (the second's new bet) and those pending from before (the first).
      await move(second, 'slot.bet', 100n, 'RNG');
      await followUp(eager);
      expect(await kit.balanceOf(first)).toBe(10n);
      expect(await kit.balanceOf(second)).toBe(21n);
      expect([await pendingOf(first), await pendingOf(second)]).toEqual([0n, 0n]);
      const [postings] = await selectRows<{ count: string | number }>(
        subject.database.db,
        sql`select count(distinct t.id) as count from wallet_transaction_details t
          join wallet_member_postings e on e.transaction_id = t.id
          where t.kind = 'points.earn' and e.member_id in (${first.id}, ${second.id})`,
      );
      expect(Number(postings?.count)).toBe(1);
      await fold();
      expect(await kit.balanceOf(first)).toBe(10n);
    } finally {
      await eager.close();
    }
  });
});

describe('points from the fold', () => {
  it('folds after a restart on the embedded database, its ledger not yet having read the currency', async () => {
    // PGlite has one connection: a read outside the fold's transaction would wait for it forever.
    const first = await createTestApp({}, { embedded: true });
    try {
      const firstKit = pointsTestKit(first);
      const member = await firstKit.addMember();
      await firstKit.setRates(member.brandId, { 0: { RNG: '1' } }, '0.1');
      await move(member, 'deposit', 10_000n, undefined, first);
      // A second instance on the same data: its caches are cold, as after a restart.
      const restarted = await createTestApp({}, { database: first.database });
      try {
        await restarted.app.loyalty.fold.fold();
      } finally {
        await restarted.close();
      }
      expect(await firstKit.balanceOf(member)).toBe(10n);
    } finally {
      await first.close();
    }
  });

  it('carries fractions across batches exactly, and a second fold adds nothing', async () => {
    const member = await kit.addMember();
    await move(member, 'deposit', 10_000n);
    await fold();
    // 100 USD deposited at 0.1 point per USD: 10 points.
    expect(await kit.balanceOf(member)).toBe(10n);
    for (let round = 0; round < 3; round += 1) {
      await move(member, 'slot.bet', 33n, 'RNG');
      await fold();
    }
    // 0.99 points so far: nothing posted, nothing lost.
    expect(await kit.balanceOf(member)).toBe(10n);
    await move(member, 'slot.bet', 1n, 'RNG');
    await fold();
    expect(await kit.balanceOf(member)).toBe(11n);
    expect(await remainderOf(member)).toBe(0n);
    const postings = await earnPostings(member);
    await fold();
    await fold();
    expect(await kit.balanceOf(member)).toBe(11n);
    expect(await earnPostings(member)).toBe(postings);
    const days = await subject.database.db
      .select({ points: loyaltyMemberDays.pointsEarned })
      .from(loyaltyMemberDays)
      .where(eq(loyaltyMemberDays.memberId, member.id));
    expect(days.reduce((total, day) => total + day.points, 0n)).toBe(11n);
  });

  it('earns at the rank and product line rates, once per batch', async () => {
    const bronze = await kit.addMember();
    const gold = await kit.addMember();
    await subject.database.db.insert(vipMemberLevels).values({
      memberId: gold.id,
      brandId: gold.brandId,
      rank: 2,
      highestRank: 2,
      periodStart: '2026-11-01',
    });
    for (const member of [bronze, gold]) {
      await move(member, 'deposit', 100_000n);
      await fold();
    }
    const before = { bronze: await kit.balanceOf(bronze), gold: await kit.balanceOf(gold) };
    const beforePostings = await earnPostings(gold);
    for (const member of [bronze, gold]) {
      await move(member, 'slot.bet', 1_000n, 'RNG');
      await move(member, 'live.bet', 1_000n, 'LIVE');
      await move(member, 'live.win', 5_000n, 'LIVE');
    }
    await fold();
    // Bronze: 10 + 5 = 15 points; Gold: 15 + 7.5 = 22 points and a half carried.
    expect((await kit.balanceOf(bronze)) - before.bronze).toBe(15n);
    expect((await kit.balanceOf(gold)) - before.gold).toBe(22n);
    expect(await earnPostings(gold)).toBe(beforePostings + 1);
    const balance = await kit.call(gold, 'GET', '/wps/relay/MCS2_getPointBalance');
    expect(balance.json<{ value: { earned: Record<string, string> } }>().value.earned).toMatchObject({
      slots: '15',
      live: '7',
      deposit: '100',
    });
  });

  it('credits a batch of many members in postings of up to 63 members each', async () => {
    const members = [];
    for (let index = 0; index < 70; index += 1) {
      const member = await kit.addMember();
      await move(member, 'deposit', 1_000n);
      members.push(member);
    }
    await fold();
    const [marker] = await selectRows<{ last: string | bigint | null }>(
      subject.database.db,
      sql`select max(id) as last from wallet_transaction_details`,
    );
    for (const member of members) await move(member, 'slot.bet', 200n, 'RNG');
    await fold();
    // 10 USD deposited at 0.1 a USD, then 2 USD on slots at 1 a USD: 1 + 2 points each; the slots' 2 points
    // of the 70 members in ceil(70 / 63) = 2 postings.
    for (const member of members) expect(await kit.balanceOf(member)).toBe(3n);
    const [postings] = await selectRows<{ count: string | number }>(
      subject.database.db,
      sql`select count(*) as count from wallet_transaction_details
        where kind = 'points.earn' and id > ${marker?.last ?? 0}`,
    );
    expect(Number(postings?.count)).toBe(2);
  });

  it('takes back refunded play only as far as the member still holds points', async () => {
    const member = await kit.addMember();
    await move(member, 'deposit', 10_000n);
    await fold();
    const start = await kit.balanceOf(member);
    await move(member, 'slot.bet', 500n, 'RNG');
    await fold();
    expect(await kit.balanceOf(member)).toBe(start + 5n);
    await move(member, 'slot.refund', 500n, 'RNG');
    await fold();
    expect(await kit.balanceOf(member)).toBe(start);

    await move(member, 'slot.bet', 800n, 'RNG');
    await fold();
    await kit.givePoints(member, -(start + 6n));
    expect(await kit.balanceOf(member)).toBe(2n);
    await move(member, 'slot.refund', 800n, 'RNG');
    await fold();
    // 8 points owed back, 2 held: the 2 are taken, the rest forgiven, never below zero.
    expect(await kit.balanceOf(member)).toBe(0n);
    expect(await remainderOf(member)).toBe(0n);
    await move(member, 'slot.bet', 100n, 'RNG');
    await fold();
    expect(await kit.balanceOf(member)).toBe(1n);
  });

  it("has the ledger cache a member's points account once its first batch committed", async () => {
    const { ledger } = subject.app.wallet;
    const preloaded = vi.spyOn(ledger, 'preloadAccounts');
    try {
      const member = await kit.addMember();
      await move(member, 'deposit', 10_000n);
      await fold();
      const account = await ledger.ensureMemberAccount(member.brandId, member.id, 'PTS', 'member_points');
      // Read into the cache after the commit, so the next batches' postings read no account row.
      expect(preloaded.mock.calls.flatMap(([ids]) => [...ids])).toContain(account.id);
      preloaded.mockClear();
      await move(member, 'slot.bet', 500n, 'RNG');
      await fold();
      expect(preloaded).not.toHaveBeenCalled();
    } finally {
      preloaded.mockRestore();
    }
  });

  it('earns nothing while the brand has points switched off', async () => {
    const member = await kit.addMember();
    const { db } = subject.database;
    await db
      .update(loyaltySettings)
      .set({ isPointsEnabled: false })
      .where(eq(loyaltySettings.brandId, member.brandId));
    try {
      await move(member, 'deposit', 1_000n);
      await move(member, 'slot.bet', 1_000n, 'RNG');
      await fold();
      expect(await kit.balanceOf(member)).toBe(0n);
    } finally {
      await db
        .update(loyaltySettings)
        .set({ isPointsEnabled: true })
        .where(eq(loyaltySettings.brandId, member.brandId));
    }
  });
});
