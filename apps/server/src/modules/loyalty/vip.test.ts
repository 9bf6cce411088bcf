import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { createLoyaltyFoldService } from './fold/fold.service';
import { loyaltyMemberDays, vipLevels, vipMemberLevels } from './loyalty.tables';
import { seedVipDemo } from './vip.seed';
import { vipTestKit, type VipTestMember } from './vip.test-helpers';

/** The demo ladder (vip.seed.ts): Silver 100 / 1,000, Gold 500 / 5,000, Platinum 2,500 / 25,000, Diamond. */
const usd = (dollars: number): bigint => BigInt(dollars) * 100n;

let testApp: TestApp;
let kit: ReturnType<typeof vipTestKit>;

beforeAll(async () => {
  testApp = await createTestApp();
  kit = vipTestKit(testApp);
});
afterAll(() => testApp.close());

const fold = () => testApp.app.loyalty.fold.fold();

describe('VIP demo ladder', () => {
  it('is seeded once however often the seed runs, Bronze to Diamond', async () => {
    const member = await kit.addMember();
    await seedVipDemo(testApp.database.db, { id: member.brandId });
    const levels = await testApp.database.db
      .select({ rank: vipLevels.rank, name: vipLevels.name })
      .from(vipLevels)
      .where(eq(vipLevels.brandId, member.brandId))
      .orderBy(vipLevels.rank);
    expect(levels.map((level) => [level.rank, level.name.en])).toEqual([
      [0, 'Bronze'],
      [1, 'Silver'],
      [2, 'Gold'],
      [3, 'Platinum'],
      [4, 'Diamond'],
    ]);
  });
});

describe('VIP promotion', () => {
  it('raises a member as deposits and bets arrive, each level crossed once with its level-up bonus once', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, usd(150));
    await fold();
    expect((await kit.rankOf(member.id))?.rank ?? 0).toBe(0);

    await kit.bet(member, usd(1_200), usd(100));
    await fold();
    await fold();
    expect(await kit.rankOf(member.id)).toMatchObject({ rank: 1, highestRank: 1 });

    // Several levels at once: Gold and Platinum in one batch.
    await kit.deposit(member, usd(3_000));
    await kit.bet(member, usd(27_000), usd(3_000));
    await fold();
    await fold();
    expect(await kit.rankOf(member.id)).toMatchObject({ rank: 3, highestRank: 3 });
    const changes = await kit.changesOf(member.id);
    expect(changes.map((change) => [change.reference, change.fromRank, change.toRank])).toEqual([
      ['up:1', 0, 1],
      ['up:2', 1, 2],
      ['up:3', 2, 3],
    ]);
    const rewards = await kit.vipRewardsOf(member.id);
    expect(rewards.map((reward) => [reward.reference, reward.amount, reward.turnoverRequired])).toEqual([
      ['vip-up:1', usd(5), usd(5)],
      ['vip-up:2', usd(20), usd(20)],
      ['vip-up:3', usd(100), usd(100)],
    ]);
  });

  it('pays no second level-up bonus when a lowered member reaches the level again', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, usd(3_000));
    await kit.bet(member, usd(27_000), usd(3_000));
    await fold();
    expect((await kit.rankOf(member.id))?.rank).toBe(3);
    // The review lowered them (as if the play was in an earlier period); lifetime figures alone do not lift
    // them back.
    await testApp.database.db
      .update(vipMemberLevels)
      .set({ rank: 2 })
      .where(eq(vipMemberLevels.memberId, member.id));
    await testApp.database.db
      .update(loyaltyMemberDays)
      .set({ day: '2000-01-01' })
      .where(eq(loyaltyMemberDays.memberId, member.id));
    await kit.deposit(member, usd(1));
    await fold();
    expect((await kit.rankOf(member.id))?.rank).toBe(2);
    // Meeting Platinum's keep requirement in the running period lifts them back.
    await kit.deposit(member, usd(1_000));
    await kit.bet(member, usd(10_000), usd(2_500));
    await fold();
    const row = await kit.rankOf(member.id);
    expect(row).toMatchObject({ rank: 3, highestRank: 3 });
    const references = (await kit.changesOf(member.id)).map((change) => change.reference);
    expect(references).toEqual(['up:1', 'up:2', 'up:3', `up:3:${row?.periodStart}`]);
    expect((await kit.vipRewardsOf(member.id)).map((reward) => reward.reference)).toEqual([
      'vip-up:1',
      'vip-up:2',
      'vip-up:3',
    ]);
  });
});

describe('VIP review on the brand clock (UTC+7)', () => {
  let brandId: bigint;

  beforeAll(async () => {
    const member = await kit.addMember();
    brandId = member.brandId;
    await testApp.database.db.update(brands).set({ timeZone: 'Asia/Bangkok' }).where(eq(brands.id, brandId));
  });

  const placeAt = async (member: VipTestMember, rank: number, periodStart: string) => {
    await testApp.database.db
      .insert(vipMemberLevels)
      .values({ memberId: member.id, brandId: member.brandId, rank, highestRank: rank, periodStart })
      .onConflictDoUpdate({
        target: vipMemberLevels.memberId,
        set: { rank, highestRank: rank, periodStart },
      });
  };
  const review = (iso: string) => testApp.app.loyalty.vip.review(new Date(iso));

  it('lowers one level just after the local month end, keeps those who met the requirement, once per period', async () => {
    // Quiet members elsewhere in this file must not get in the way: park them on a period far ahead.
    await testApp.database.db.execute(sql`update vip_member_levels set period_start = '2099-01-01'`);
    const idle = await kit.addMember();
    const active = await kit.addMember();
    await placeAt(idle, 2, '2026-10-01');
    await placeAt(active, 2, '2026-10-01');
    await testApp.database.db.insert(loyaltyMemberDays).values({
      memberId: active.id,
      brandId: active.brandId,
      day: '2026-10-20',
      depositAmount: usd(250),
      validBet: usd(2_500),
    });

    // 23:59 on 31 October in Bangkok: the month has not ended there.
    expect(await review('2026-10-31T16:59:00Z')).toMatchObject({ kept: 0, lowered: 0 });
    expect((await kit.rankOf(idle.id))?.rank).toBe(2);

    // 00:01 on 1 November in Bangkok (still 31 October in UTC).
    expect(await review('2026-10-31T17:01:00Z')).toMatchObject({ kept: 1, lowered: 1 });
    expect(await kit.rankOf(idle.id)).toMatchObject({ rank: 1, periodStart: '2026-11-01' });
    expect(await kit.rankOf(active.id)).toMatchObject({ rank: 2, periodStart: '2026-11-01' });
    expect(
      (await kit.changesOf(idle.id)).map((change) => [change.reference, change.fromRank, change.toRank]),
    ).toEqual([['review:2026-10', 2, 1]]);
    expect(await listAuditEvents(testApp.database.db, 'member', idle.id.toString())).toMatchObject([
      {
        actorType: 'system',
        actorId: 'vip-review',
        action: 'loyalty.vip_member_level.lower',
        before: { rank: 2, periodStart: '2026-10-01' },
        after: { rank: 1, periodStart: '2026-11-01', keepPeriod: '2026-10' },
      },
    ]);
    expect(await listAuditEvents(testApp.database.db, 'member', active.id.toString())).toEqual([]);

    expect(await review('2026-10-31T18:00:00Z')).toMatchObject({ kept: 0, lowered: 0 });
    expect(await review('2026-11-20T00:00:00Z')).toMatchObject({ kept: 0, lowered: 0 });
    expect((await kit.rankOf(idle.id))?.rank).toBe(1);
  });

  it('never lowers more than one level for one period', async () => {
    const diamond = await kit.addMember();
    await placeAt(diamond, 4, '2026-07-01');
    // 1 October 00:00:01 in Bangkok: Diamond's quarter ended with no play at all.
    await review('2026-09-30T17:00:01Z');
    expect(await kit.rankOf(diamond.id)).toMatchObject({ rank: 3, periodStart: '2026-10-01' });
    await review('2026-09-30T18:00:00Z');
    expect((await kit.rankOf(diamond.id))?.rank).toBe(3);
  });

  it('pays the monthly bonus once per member and month', async () => {
    const gold = await kit.addMember();
    await placeAt(gold, 2, '2099-01-01');
    await review('2026-12-05T00:00:00Z');
    await review('2026-12-06T00:00:00Z');
    const monthly = (await kit.vipRewardsOf(gold.id)).filter((reward) =>
      reward.reference.startsWith('vip-monthly'),
    );
    expect(monthly.map((reward) => [reward.reference, reward.amount])).toEqual([
      ['vip-monthly:2026-12', usd(5)],
    ]);
  });

  it("pays the birthday bonus on the member's birthday in the brand's clock, once a year", async () => {
    const gold = await kit.addMember();
    const leapling = await kit.addMember();
    await placeAt(gold, 2, '2099-01-01');
    await placeAt(leapling, 2, '2099-01-01');
    const { db } = testApp.database;
    await db.update(members).set({ birthday: '1990-12-06' }).where(eq(members.id, gold.id));
    await db.update(members).set({ birthday: '2004-02-29' }).where(eq(members.id, leapling.id));
    const birthdayRewards = async (memberId: bigint) =>
      (await kit.vipRewardsOf(memberId))
        .filter((reward) => reward.reference.startsWith('vip-birthday'))
        .map((reward) => [reward.reference, reward.amount]);

    // 23:59 on 5 December in Bangkok, then 00:01 on the 6th (still the 5th in UTC), then later that day.
    expect(await review('2026-12-05T16:59:00Z')).toMatchObject({ birthdayBonuses: 0 });
    expect(await review('2026-12-05T17:01:00Z')).toMatchObject({ birthdayBonuses: 1 });
    expect(await review('2026-12-06T10:00:00Z')).toMatchObject({ birthdayBonuses: 0 });
    await review('2027-12-06T10:00:00Z');
    // Gold's birthday bonus in the demo ladder is 20 USD.
    expect(await birthdayRewards(gold.id)).toEqual([
      ['vip-birthday:2026', usd(20)],
      ['vip-birthday:2027', usd(20)],
    ]);
    // 29 February's birthday falls on the 28th in 2027, on the 29th in 2028.
    await review('2027-02-28T10:00:00Z');
    await review('2028-02-28T10:00:00Z');
    await review('2028-02-29T10:00:00Z');
    expect(await birthdayRewards(leapling.id)).toEqual([
      ['vip-birthday:2027', usd(20)],
      ['vip-birthday:2028', usd(20)],
    ]);
  });
});

// PGlite runs one statement at a time, so nothing can race on it: these need a real server (DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('VIP promotion races on PostgreSQL', () => {
  it('crosses each level once while two folds run at the same time', async () => {
    const second = createLoyaltyFoldService({ db: testApp.database.db, push: testApp.push });
    second.onBatch((tx, batch) => testApp.app.loyalty.vip.promote(tx, batch));
    const racers = await Promise.all([kit.addMember('race'), kit.addMember('race')]);
    for (const member of racers) {
      await kit.deposit(member, usd(600));
      await kit.bet(member, usd(6_000), usd(600));
    }
    await Promise.all([fold(), second.fold(), fold(), second.fold()]);
    for (const member of racers) {
      expect((await kit.rankOf(member.id))?.rank).toBe(2);
      expect((await kit.changesOf(member.id)).map((change) => change.reference)).toEqual(['up:1', 'up:2']);
      expect((await kit.vipRewardsOf(member.id)).map((reward) => reward.reference)).toEqual([
        'vip-up:1',
        'vip-up:2',
      ]);
    }
  });

  it('lowers a member once while two reviews of the same period run at the same time', async () => {
    await testApp.database.db.execute(sql`update vip_member_levels set period_start = '2099-01-01'`);
    const lowered = await Promise.all([kit.addMember('race'), kit.addMember('race'), kit.addMember('race')]);
    for (const member of lowered) {
      await testApp.database.db.insert(vipMemberLevels).values({
        memberId: member.id,
        brandId: member.brandId,
        rank: 2,
        highestRank: 2,
        periodStart: '2025-01-01',
      });
    }
    const results = await Promise.all(
      [1, 2, 3].map(() => testApp.app.loyalty.vip.review(new Date('2025-02-03T00:00:00Z'))),
    );
    expect(results.reduce((sum, result) => sum + result.lowered, 0)).toBe(3);
    for (const member of lowered) {
      expect((await kit.rankOf(member.id))?.rank).toBe(1);
      expect((await kit.changesOf(member.id)).map((change) => change.reference)).toEqual(['review:2025-01']);
      // Audited once, by the review that won.
      expect(await listAuditEvents(testApp.database.db, 'member', member.id.toString())).toHaveLength(1);
    }
  });
});
