import { randomUUID } from 'node:crypto';
import type { PromotionConfig, SitePromotion } from '@wps/contracts/promotions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createJobScheduler } from '../../jobs/scheduler';
import { createTestApp, loginAsMember, operatorHeaders, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { brands, brandWhitelabelModules } from '../site/site.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { insertRaffle, insertRedEnvelope } from './promotion-games.test-helpers';
import { memberBonuses, memberRewards, promotions } from './promotions.tables';
import { payRebatesJobName } from './rebates.service';

type Envelope<T> = { success: boolean; code?: string; value: T };
type Member = { id: bigint; username: string; authorization: string };

// 10:00 UTC is 15:00 in Karachi (UTC+5): yesterday there is 2026-11-26.
const now = Date.parse('2026-11-27T10:00:00Z');
const day = 86_400_000;
const wagering = {
  multiplier: 10,
  base: 'bonus',
  contributions: {},
  maxStake: '0',
  expiresInDays: 7,
} as const;

/**
 * Marketing stops for a member in a time-out or self-exclusion: no promotion shown or claimed, no bonus, reward,
 * red envelope, raffle prize or rebate paid; other members are not affected, and it all resumes when it ends.
 */
describe('promotions for an excluded member', () => {
  let testApp: TestApp;
  let brandId: bigint;
  let currency: string;

  beforeAll(async () => {
    testApp = await createTestApp(
      {},
      { clock: () => now, scheduler: createJobScheduler({ error: () => undefined }) },
    );
    const { db } = testApp.database;
    const [brand] = await db
      .update(brands)
      .set({ timeZone: 'Asia/Karachi' })
      .where(eq(brands.merchantCode, 'DEMO'))
      .returning();
    if (!brand) throw new Error('no demo brand');
    brandId = brand.id;
    currency = brand.currency;
  });
  afterAll(() => testApp.close());

  const createMember = async (): Promise<Member> => {
    const username = `pp${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const [member] = await testApp.database.db
      .insert(members)
      .values({ brandId, username, nickname: username, registerIp: '203.0.113.90' })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, username, authorization };
  };

  /** A member who started a one-day time-out on the site (a new session after it, as a login would give). */
  const excludedMember = async (): Promise<Member> => {
    const member = await createMember();
    const started = await call(member, 'POST', '/member/protection/time-out', { days: 1 });
    expect(started.success).toBe(true);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { ...member, authorization };
  };

  const endExclusionOf = async (member: Member) => {
    await testApp.database.db.execute(
      sql`update member_protection set play_blocked_until = now() - interval '1 second' where member_id = ${member.id}`,
    );
  };

  const call = async <T = unknown>(member: Member, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers: { authorization: member.authorization },
      ...(payload ? { payload } : {}),
    });
    return response.json<Envelope<T>>();
  };

  const cash = async (member: Member): Promise<bigint> => {
    const ledger = createLedgerService({ db: testApp.database.db });
    const account = await ledger.ensureMemberAccount(brandId, member.id, currency);
    return ledger.getBalance(account.id);
  };

  const bonusesOf = (member: Member) =>
    testApp.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id));

  const createPromotion = async (
    config: PromotionConfig,
    values: Partial<typeof promotions.$inferInsert> = {},
  ) => {
    const [row] = await testApp.database.db
      .insert(promotions)
      .values({
        brandId,
        kind: config.kind,
        category: 'other',
        status: 'live',
        startsAt: new Date(now - 30 * day),
        endsAt: new Date(now + 30 * day),
        content: { en: { title: `${config.kind} offer`, summary: '', terms: '' } },
        eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
        config,
        ...values,
      })
      .returning();
    if (!row) throw new Error('promotion not created');
    return row;
  };

  const giveReward = (member: Member, source: 'cashback' | 'raffle', promotionId: bigint | null = null) =>
    testApp.database.db.transaction((tx) =>
      testApp.app.promotions.rewards.create(tx, {
        brandId,
        memberId: member.id,
        currency,
        source,
        promotionId,
        reference: `test:${randomUUID()}`,
        title: 'Reward',
        amount: 1_000n,
        turnoverRequired: 0n,
      }),
    );

  it('shows no promotion and refuses the sign-up claim, then allows it once the time-out ends', async () => {
    const signup = await createPromotion({ kind: 'signup', amount: '25', wagering });
    const [excluded, other] = [await excludedMember(), await createMember()];

    const shown = await call<{ list: SitePromotion[] }>(excluded, 'GET', '/promotions');
    expect(shown.value.list).toEqual([]);
    const refused = await call(excluded, 'POST', `/promotions/${signup.id}/claim`);
    expect(refused.code).toBe('PLAYER_EXCLUDED');
    expect(await bonusesOf(excluded)).toHaveLength(0);

    const shownToOther = await call<{ list: SitePromotion[] }>(other, 'GET', '/promotions');
    expect(shownToOther.value.list.map((promotion) => promotion.id)).toContain(signup.id.toString());

    await endExclusionOf(excluded);
    expect((await call(excluded, 'POST', `/promotions/${signup.id}/claim`)).success).toBe(true);
    expect(await bonusesOf(excluded)).toHaveLength(1);
  });

  it('refuses a reward claim and claim-all, leaving the reward claimable, and pays it after', async () => {
    const member = await excludedMember();
    const reward = await giveReward(member, 'cashback');
    if (!reward) throw new Error('reward not created');
    expect((await call(member, 'POST', `/rewards/${reward.id}/claim`)).code).toBe('PLAYER_EXCLUDED');
    expect((await call(member, 'POST', '/rewards/claim-all')).code).toBe('PLAYER_EXCLUDED');
    expect(await cash(member)).toBe(0n);
    const [row] = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.id, reward.id));
    expect(row?.status).toBe('claimable');

    await endExclusionOf(member);
    expect((await call(member, 'POST', `/rewards/${reward.id}/claim`)).success).toBe(true);
    expect(await cash(member)).toBe(1_000n);
  });

  it('refuses a red envelope packet and a raffle prize', async () => {
    const { db } = testApp.database;
    const envelopeId = await insertRedEnvelope(db, brandId, { startsAt: new Date(now - 3_600_000) });
    const raffleId = await insertRaffle(db, brandId, {
      endsAt: new Date(now - 60_000),
      drawAt: new Date(now - 30_000),
    });
    const member = await excludedMember();
    await giveReward(member, 'raffle', raffleId);

    expect((await call(member, 'POST', `/promotions/${envelopeId}/red-envelope`)).code).toBe(
      'PLAYER_EXCLUDED',
    );
    const raffle = await call(member, 'POST', '/relay/MCS2_claimRafflePromotion', {
      promotionId: raffleId.toString(),
    });
    expect(raffle.code).toBe('PLAYER_EXCLUDED');
    expect(await cash(member)).toBe(0n);
    const packets = await selectRows(
      db,
      sql`select 1 from promotion_claims where promotion_id = ${envelopeId} and member_id = ${member.id}`,
    );
    expect(packets).toHaveLength(0);

    // Another member takes a packet as usual.
    const other = await createMember();
    expect((await call(other, 'POST', `/promotions/${envelopeId}/red-envelope`)).success).toBe(true);
  });

  it('refuses a bonus staff grant', async () => {
    const granted = await createPromotion({ kind: 'granted', wagering });
    const member = await excludedMember();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/wps/backoffice/promotions/members/${member.username}/bonuses`,
      headers: await operatorHeaders(testApp.app),
      payload: {
        promotionId: granted.id.toString(),
        amount: '10',
        reason: 'Goodwill',
        requestId: randomUUID(),
      },
    });
    expect(response.json<Envelope<unknown>>().code).toBe('PLAYER_EXCLUDED');
    expect(await bonusesOf(member)).toHaveLength(0);
  });

  it('leaves the daily rebate of an excluded member unpaid, pays the others, and refuses the manual claim', async () => {
    const setManualRebate = (isEnabled: boolean) =>
      testApp.database.db
        .update(brandWhitelabelModules)
        .set({ isEnabled })
        .where(
          and(eq(brandWhitelabelModules.brandId, brandId), eq(brandWhitelabelModules.modId, 'MANPLAYREB3')),
        );
    const [game] = await selectRows<{ id: bigint | string; vendor_id: bigint | string }>(
      testApp.database.db,
      sql`select id, vendor_id from games limit 1`,
    );
    if (!game) throw new Error('no seeded game');
    const settleRound = (member: Member) =>
      testApp.database.db.execute(sql`
        insert into game_rounds (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status,
                                 bet_amount, win_amount, valid_bet, opened_at, settled_at)
        values (${brandId}, ${member.id}, ${game.vendor_id}, ${game.id}, ${randomUUID()}, 'RNG', ${currency},
                'settled', 100000, 0, 100000, '2026-11-26T09:59:00Z', '2026-11-26T10:00:00Z')`);

    await setManualRebate(false);
    const rebate = await createPromotion(
      { kind: 'rebate', rates: { RNG: 100 }, dailyCap: '0' },
      { category: 'rebate', turnoverPercent: 0 },
    );
    const [excluded, other] = [await excludedMember(), await createMember()];
    await settleRound(excluded);
    await settleRound(other);
    await testApp.app.platform.scheduler.runNow(payRebatesJobName);
    expect(await cash(other)).toBe(1_000n);
    expect(await cash(excluded)).toBe(0n);

    // A brand whose members claim their rebate: the excluded member's claim is refused too.
    await setManualRebate(true);
    expect((await call(excluded, 'POST', '/rebate/manual/claim')).code).toBe('PLAYER_EXCLUDED');
    expect(await cash(excluded)).toBe(0n);
    await testApp.database.db.update(promotions).set({ status: 'ended' }).where(eq(promotions.id, rebate.id));
    await setManualRebate(false);
  });
});
