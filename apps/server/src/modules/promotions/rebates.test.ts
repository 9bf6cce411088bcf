import { randomUUID } from 'node:crypto';
import type { PromotionConfig } from '@wps/contracts/promotions';
import type { ManualRebate, RebateClaim } from '@wps/contracts/rebates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobScheduler } from '../../jobs/scheduler';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { games } from '../games/games.tables';
import { members } from '../members/members.tables';
import { brands, brandWhitelabelModules } from '../site/site.tables';
import { turnoverRequirements } from '../turnover/turnover.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { memberRewards, promotions } from './promotions.tables';
import { rebateClaims } from './rebates.tables';
import { cashbackJobName, payRebatesJobName } from './rebates.service';

type Envelope<T> = { success: boolean; code?: string; value: T };
type Member = { id: bigint; brandId: bigint; authorization: string };

// 10:00 UTC is 15:00 in Karachi (UTC+5): yesterday there is 2026-11-26, from 2026-11-25T19:00Z to 2026-11-26T19:00Z.
const now = Date.parse('2026-11-27T10:00:00Z');
const timeZone = 'Asia/Karachi';

describe('rebate and cashback', () => {
  let testApp: TestApp;
  let second: TestApp;
  let brandId: bigint;
  let currency: string;
  let gameId: bigint;
  let vendorId: bigint;

  beforeAll(async () => {
    const quiet = { error: () => undefined };
    testApp = await createTestApp({}, { clock: () => now, scheduler: createJobScheduler(quiet) });
    // A second instance on the same database: two daily jobs at once.
    second = await createTestApp(
      {},
      { clock: () => now, scheduler: createJobScheduler(quiet), database: testApp.database },
    );
    const { db } = testApp.database;
    const [member] = await db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!member) throw new Error('no seeded member');
    brandId = member.brandId;
    const [brand] = await db.update(brands).set({ timeZone }).where(eq(brands.id, brandId)).returning();
    if (!brand) throw new Error('no brand');
    currency = brand.currency;
    const [game] = await db.select({ id: games.id, vendorId: games.vendorId }).from(games).limit(1);
    if (!game) throw new Error('no seeded game');
    gameId = game.id;
    vendorId = game.vendorId;
  });
  afterAll(async () => {
    await second.close();
    await testApp.close();
  });

  const createMember = async (login = true): Promise<Member> => {
    const username = `rb${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const [member] = await testApp.database.db
      .insert(members)
      .values({ brandId, username, nickname: username })
      .returning();
    if (!member) throw new Error('member not created');
    const authorization = login ? (await loginAsMember(testApp, username)).authorization : '';
    return { id: member.id, brandId, authorization };
  };

  const settleRound = async (
    member: Member,
    productLine: string,
    round: { bet: bigint; win?: bigint; validBet?: bigint; settledAt: string },
  ) => {
    await testApp.database.db.execute(sql`
      insert into game_rounds (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status,
                               bet_amount, win_amount, valid_bet, opened_at, settled_at)
      values (${brandId}, ${member.id}, ${vendorId}, ${gameId}, ${randomUUID()}, ${productLine}, ${currency},
              'settled', ${round.bet}, ${round.win ?? 0n}, ${round.validBet ?? round.bet},
              ${round.settledAt}::timestamptz - interval '1 minute', ${round.settledAt}::timestamptz)`);
  };

  const createPromotion = async (config: PromotionConfig, turnoverPercent = 100) => {
    const [row] = await testApp.database.db
      .insert(promotions)
      .values({
        brandId,
        kind: config.kind,
        category: config.kind === 'rebate' ? 'rebate' : 'other',
        status: 'live',
        startsAt: new Date('2026-11-01T00:00:00Z'),
        content: { en: { title: `${config.kind} test`, summary: '', terms: '' } },
        turnoverPercent,
        eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
        config,
      })
      .returning();
    if (!row) throw new Error('promotion not created');
    return row;
  };

  const endPromotion = (id: bigint) =>
    testApp.database.db.update(promotions).set({ status: 'ended' }).where(eq(promotions.id, id));

  const setManualRebate = (enabled: boolean) =>
    testApp.database.db
      .update(brandWhitelabelModules)
      .set({ isEnabled: enabled })
      .where(
        and(eq(brandWhitelabelModules.brandId, brandId), eq(brandWhitelabelModules.modId, 'MANPLAYREB3')),
      );

  const cash = async (member: Member): Promise<bigint> => {
    const ledger = createLedgerService({ db: testApp.database.db });
    const account = await ledger.ensureMemberAccount(brandId, member.id, currency);
    return ledger.getBalance(account.id);
  };

  const turnoverOf = async (member: Member): Promise<bigint> => {
    const [row] = await testApp.database.db
      .select({ remaining: turnoverRequirements.remaining })
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, member.id));
    return row?.remaining ?? 0n;
  };

  const call = async <T>(member: Member, method: 'GET' | 'POST', url: string) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers: { authorization: member.authorization },
    });
    return response.json<Envelope<T>>();
  };

  // Each test runs its own promotions only.
  beforeEach(async () => {
    await testApp.database.db
      .update(promotions)
      .set({ status: 'ended' })
      .where(eq(promotions.status, 'live'));
  });

  it('pays yesterday by product line within the cap, on the brand’s day, once however often the job runs', async () => {
    await setManualRebate(false);
    const promotion = await createPromotion(
      { kind: 'rebate', rates: { RNG: 100, LIVE: 50 }, dailyCap: '0' },
      200,
    );
    const capped = await createPromotion({ kind: 'rebate', rates: { RNG: 1000 }, dailyCap: '5' });
    const [plain, other] = [await createMember(), await createMember()];
    // Yesterday in Karachi: RNG 1,000.00 and LIVE 300.00 → 10.00 + 1.50 on the first promotion.
    await settleRound(plain, 'RNG', { bet: 60_000n, settledAt: '2026-11-25T19:30:00Z' });
    await settleRound(plain, 'RNG', { bet: 40_000n, settledAt: '2026-11-26T18:59:00Z' });
    await settleRound(plain, 'LIVE', { bet: 30_000n, settledAt: '2026-11-26T12:00:00Z' });
    // Not yesterday there: before its start and after its end (the same UTC date), and a line without a rate.
    await settleRound(plain, 'RNG', { bet: 500_000n, settledAt: '2026-11-25T18:59:00Z' });
    await settleRound(plain, 'RNG', { bet: 500_000n, settledAt: '2026-11-26T19:00:00Z' });
    await settleRound(plain, 'FISH', { bet: 500_000n, settledAt: '2026-11-26T10:00:00Z' });
    // 0.99 valid bet: 1 % rounds down to nothing, 10 % to 0.09.
    await settleRound(other, 'RNG', { bet: 99n, settledAt: '2026-11-26T10:00:00Z' });

    await Promise.all([
      testApp.app.platform.scheduler.runNow(payRebatesJobName),
      second.app.platform.scheduler.runNow(payRebatesJobName),
    ]);
    await testApp.app.platform.scheduler.runNow(payRebatesJobName);

    // 10.00 + 1.50 from the first; the second promotion's 10 % of 1,000.00 capped at 5.00.
    expect(await cash(plain)).toBe(1_150n + 500n);
    expect(await cash(other)).toBe(9n);
    // 200 % of 11.50 and 100 % of 5.00.
    expect(await turnoverOf(plain)).toBe(2_300n + 500n);
    const postings = await testApp.database.db.execute(
      sql`select count(*)::int as n from ledger_transactions
          where idempotency_key in (${`rebate:${promotion.id}:2026-11-26:${plain.id}`},
                                    ${`rebate:${capped.id}:2026-11-26:${plain.id}`})`,
    );
    expect(JSON.stringify(postings)).toContain('"n":2');
    await endPromotion(promotion.id);
    await endPromotion(capped.id);
  });

  it(
    'pays 100 members once when two instances run the job at the same time',
    { timeout: 120_000 },
    async () => {
      await setManualRebate(false);
      const promotion = await createPromotion({ kind: 'rebate', rates: { SPORTS: 100 }, dailyCap: '0' });
      const crowd: Member[] = [];
      for (let index = 0; index < 100; index += 1) {
        const member = await createMember(false);
        crowd.push(member);
        await settleRound(member, 'SPORTS', { bet: 10_000n, settledAt: '2026-11-26T06:00:00Z' });
      }
      await Promise.all([
        testApp.app.platform.scheduler.runNow(payRebatesJobName),
        second.app.platform.scheduler.runNow(payRebatesJobName),
        testApp.app.platform.scheduler.runNow(payRebatesJobName),
      ]);
      const balances = await Promise.all(crowd.map((member) => cash(member)));
      expect(new Set(balances)).toEqual(new Set([100n]));
      // Each paid chunk is audited as the job's, in the chunk's transaction: together, every member once.
      const audited = await listAuditEvents(testApp.database.db, 'promotion', promotion.id.toString(), 1_000);
      expect(new Set(audited.map((row) => `${row.actorType}:${row.actorId}:${row.action}`))).toEqual(
        new Set([`system:${payRebatesJobName}:promotions.rebate.pay`]),
      );
      const paidInChunks = audited.map((row) => row.after as { members: number; total: string; day: string });
      expect(paidInChunks.reduce((sum, chunk) => sum + chunk.members, 0)).toBe(100);
      expect(paidInChunks.reduce((sum, chunk) => sum + BigInt(chunk.total), 0n)).toBe(10_000n);
      expect(new Set(paidInChunks.map((chunk) => chunk.day))).toEqual(new Set(['2026-11-26']));
      await endPromotion(promotion.id);
    },
  );

  it('lets the member claim the manual rebate (today so far included) once, even with 20 clicks at once', async () => {
    await setManualRebate(true);
    const promotion = await createPromotion({
      kind: 'rebate',
      rates: { RNG: 100, LOTT: 200 },
      dailyCap: '0',
    });
    const member = await createMember();
    await settleRound(member, 'RNG', { bet: 20_000n, settledAt: '2026-11-26T10:00:00Z' });
    await settleRound(member, 'LOTT', { bet: 10_000n, settledAt: '2026-11-27T09:00:00Z' });
    // The daily job only accrues on a manual brand.
    await testApp.app.platform.scheduler.runNow(payRebatesJobName);
    expect(await cash(member)).toBe(0n);

    const page = await call<ManualRebate>(member, 'GET', '/rebate/manual');
    expect(page.value.claimable).toBe('4.00');
    expect(page.value.lines).toEqual([
      { productLine: 'LOTT', validBet: '100.00', amount: '2.00' },
      { productLine: 'RNG', validBet: '200.00', amount: '2.00' },
    ]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call<RebateClaim>(member, 'POST', '/rebate/manual/claim')),
    );
    expect(answers.filter((answer) => answer.success).map((answer) => answer.value.amount)).toEqual(['4.00']);
    expect(new Set(answers.filter((answer) => !answer.success).map((answer) => answer.code))).toEqual(
      new Set(['NOTHING_TO_CLAIM']),
    );
    expect(await cash(member)).toBe(400n);
    expect(await turnoverOf(member)).toBe(400n);

    // More play today: only the new part is claimable.
    await settleRound(member, 'RNG', { bet: 10_000n, settledAt: '2026-11-27T09:30:00Z' });
    const again = await call<RebateClaim>(member, 'POST', '/rebate/manual/claim');
    expect(again.value.amount).toBe('1.00');
    const after = await call<ManualRebate>(member, 'GET', '/rebate/manual');
    expect(after.value.claimable).toBe('0.00');
    expect(after.value.claims.map((claim) => claim.amount)).toEqual(['1.00', '4.00']);
    expect(after.value.claims[1]?.days).toEqual(['2026-11-26', '2026-11-27']);
    const claims = await testApp.database.db
      .select()
      .from(rebateClaims)
      .where(eq(rebateClaims.memberId, member.id));
    expect(claims).toHaveLength(2);
    await endPromotion(promotion.id);
  });

  it('refuses the manual rebate page when the brand pays rebate automatically', async () => {
    await setManualRebate(false);
    const member = await createMember();
    // The brand's flags are served from a snapshot of a few seconds: a second instance reads them afresh.
    const response = await second.app.inject({
      method: 'GET',
      url: '/wps/rebate/manual',
      headers: { authorization: member.authorization },
    });
    expect(response.json<Envelope<unknown>>().code).toBe('PROMOTION_NOT_AVAILABLE');
  });

  it('creates one cashback reward per member for the closed period', async () => {
    const promotion = await createPromotion(
      { kind: 'cashback', percent: 10, period: 'daily', minLoss: '50', cap: '20' },
      300,
    );
    const [loser, bigLoser, small, winner] = [
      await createMember(),
      await createMember(),
      await createMember(),
      await createMember(),
    ];
    // Net loss 100.00 → 10.00; 1,000.00 → capped at 20.00; 40.00 is below the minimum; a winner loses nothing.
    await settleRound(loser, 'RNG', { bet: 15_000n, win: 5_000n, settledAt: '2026-11-26T08:00:00Z' });
    await settleRound(bigLoser, 'LIVE', { bet: 100_000n, settledAt: '2026-11-26T08:00:00Z' });
    await settleRound(small, 'RNG', { bet: 4_000n, settledAt: '2026-11-26T08:00:00Z' });
    await settleRound(winner, 'RNG', { bet: 4_000n, win: 90_000n, settledAt: '2026-11-26T08:00:00Z' });
    // Today's loss is not in yesterday's period.
    await settleRound(loser, 'RNG', { bet: 90_000n, settledAt: '2026-11-27T08:00:00Z' });

    await Promise.all([
      testApp.app.platform.scheduler.runNow(cashbackJobName),
      second.app.platform.scheduler.runNow(cashbackJobName),
    ]);
    await testApp.app.platform.scheduler.runNow(cashbackJobName);

    const rewards = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.promotionId, promotion.id));
    const byMember = new Map(rewards.map((reward) => [reward.memberId, reward]));
    expect([small, winner].map((member) => byMember.get(member.id))).toEqual([undefined, undefined]);
    // Members of the other tests lost yesterday too: one reward each, however often the job ran.
    expect(new Set(rewards.map((reward) => reward.memberId)).size).toBe(rewards.length);
    expect(byMember.get(loser.id)).toMatchObject({
      source: 'cashback',
      reference: `cashback:${promotion.id}:2026-11-26`,
      amount: 1_000n,
      turnoverRequired: 3_000n,
      status: 'claimable',
      expiresAt: new Date(now + 7 * 86_400_000),
    });
    expect(byMember.get(bigLoser.id)?.amount).toBe(2_000n);
    await endPromotion(promotion.id);
  });
});
