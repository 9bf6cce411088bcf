import { randomUUID } from 'node:crypto';
import type { PlayerRank, VipLevelAdmin, VipLevelBody } from '@wps/contracts/loyalty-vip';
import type { SitePromotion } from '@wps/contracts/promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { promotions } from '../promotions/promotions.tables';
import { vipLevelChanges, vipMemberLevels } from './loyalty.tables';
import { vipTestKit, type VipTestMember } from './vip.test-helpers';

type Envelope<T> = {
  success: boolean;
  code?: string;
  value: T;
};

let testApp: TestApp;
let kit: ReturnType<typeof vipTestKit>;
let staff: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp();
  kit = vipTestKit(testApp);
  staff = await operatorHeaders(testApp.app);
});
afterAll(() => testApp.close());

const call = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => {
  const response = await testApp.app.inject({
    method,
    url: `/wps${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};

const placeAt = (member: VipTestMember, rank: number) =>
  testApp.database.db
    .insert(vipMemberLevels)
    .values({
      memberId: member.id,
      brandId: member.brandId,
      rank,
      highestRank: rank,
      periodStart: '2026-01-01',
    })
    .onConflictDoUpdate({ target: vipMemberLevels.memberId, set: { rank } });

const level = (overrides: Partial<VipLevelBody> = {}): VipLevelBody => ({
  rank: 5,
  name: { en: 'Black', ur: 'سیاہ' },
  depositThreshold: '50000',
  validBetThreshold: '500000',
  keepPeriod: 'quarter',
  keepDeposit: '10000',
  keepValidBet: '100000',
  levelUpBonus: '1000',
  monthlyBonus: '200',
  birthdayBonus: '500',
  bonusTurnoverMultiplier: 2,
  pointRates: { RNG: '4' },
  rebateRates: { RNG: '1.2' },
  dailyWithdrawalCount: 30,
  dailyWithdrawalAmount: '500000',
  managerContact: 'black@demo.example',
  ...overrides,
});

describe('MCS2_getPlayerRank', () => {
  it('refuses a visitor without a session', async () => {
    const { status, body } = await call('GET', '/relay/MCS2_getPlayerRank', {});
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('answers the level, the way to the next one, the keep status and the benefits table', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, 30_000n);
    await kit.bet(member, 200_000n, 10_000n);
    await testApp.app.loyalty.fold.fold();
    const { body } = await call<PlayerRank>('GET', '/relay/MCS2_getPlayerRank', {
      authorization: member.authorization,
    });
    expect(body.success).toBe(true);
    const rank = body.value;
    expect(rank.currency).toBe('USD');
    expect(rank.current).toMatchObject({ rank: 1, name: { en: 'Silver', ur: 'چاندی' } });
    expect(rank.next).toMatchObject({
      rank: 2,
      deposit: { done: '300.00', needed: '500.00', percent: 60 },
      validBet: { done: '2000.00', needed: '5000.00', percent: 40 },
      percent: 40,
    });
    expect(rank.keep).toMatchObject({ period: 'month', isKept: true, deposit: { needed: '50.00' } });
    expect(rank.levels.map((row) => row.rank)).toEqual([0, 1, 2, 3, 4]);
    expect(rank.levels[2]).toMatchObject({ levelUpBonus: '20.00', dailyWithdrawalCount: 10 });
    // The manager's contact is for the member's own level only.
    expect(rank.levels.every((row) => row.managerContact === null)).toBe(true);

    await placeAt(member, 3);
    const platinum = await call<PlayerRank>('GET', '/relay/MCS2_getPlayerRank', {
      authorization: member.authorization,
    });
    expect(platinum.body.value.levels.map((row) => row.managerContact !== null)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('is in the member info the header reads', async () => {
    const member = await kit.addMember();
    await placeAt(member, 2);
    const { body } = await call<{ vip: unknown }>('GET', '/member/info', {
      authorization: member.authorization,
    });
    expect(body.value.vip).toEqual({ rank: 2, name: { en: 'Gold', ur: 'سونا' } });
  });
});

describe('operator VIP levels', () => {
  it('refuses requests without a staff session', async () => {
    expect((await call('GET', '/backoffice/loyalty/vip-levels', {})).status).toBe(401);
    expect((await call('POST', '/backoffice/loyalty/vip-levels', {}, level())).status).toBe(401);
    expect((await call('POST', '/backoffice/loyalty/vip-member-levels', {}, {})).status).toBe(401);
  });

  it('lists, creates and updates levels, refusing a taken rank and thresholds that do not climb', async () => {
    const list = await call<{ levels: VipLevelAdmin[] }>('GET', '/backoffice/loyalty/vip-levels', staff);
    expect(list.body.value.levels.map((row) => row.name.en)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);

    const taken = await call<{ issues: { field: string }[] }>(
      'POST',
      '/backoffice/loyalty/vip-levels',
      staff,
      level({ rank: 2 }),
    );
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(taken.body.value.issues[0]?.field).toBe('rank');

    const lower = await call(
      'POST',
      '/backoffice/loyalty/vip-levels',
      staff,
      level({ depositThreshold: '100' }),
    );
    expect(lower.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const malformed = await call(
      'POST',
      '/backoffice/loyalty/vip-levels',
      staff,
      level({ keepDeposit: '1.234' }),
    );
    expect(malformed.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const created = await call<VipLevelAdmin>('POST', '/backoffice/loyalty/vip-levels', staff, level());
    expect(created.body.value).toMatchObject({ rank: 5, depositThreshold: '50000.00', members: 0 });

    const updated = await call<VipLevelAdmin>(
      'PUT',
      `/backoffice/loyalty/vip-levels/${created.body.value.id}`,
      staff,
      level({ levelUpBonus: '1500' }),
    );
    expect(updated.body.value.levelUpBonus).toBe('1500.00');
    const audit = await testApp.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'vip_level'), eq(auditEvents.entityId, created.body.value.id)));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'loyalty.vip_level.create',
      'loyalty.vip_level.update',
    ]);

    // A level nobody holds may go; one a member holds may not.
    const held = await kit.addMember();
    await placeAt(held, 2);
    const gold = list.body.value.levels.find((row) => row.rank === 2);
    const refused = await call('DELETE', `/backoffice/loyalty/vip-levels/${gold?.id ?? ''}`, staff);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const deleted = await call('DELETE', `/backoffice/loyalty/vip-levels/${created.body.value.id}`, staff);
    expect(deleted.body.success).toBe(true);
    const after = await call<{ levels: VipLevelAdmin[] }>('GET', '/backoffice/loyalty/vip-levels', staff);
    expect(after.body.value.levels.map((row) => row.rank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses support staff changing a level definition', async () => {
    const support = await createStaff(testApp.app, {
      role: 'support',
      username: `s${randomUUID().slice(0, 8)}`,
    });
    const { status, body } = await call(
      'POST',
      '/backoffice/loyalty/vip-levels',
      support,
      level({ rank: 9 }),
    );
    expect(status).toBe(403);
    expect(body.success).toBe(false);
  });

  it("sets a member's level by hand once per request, audited with the reason", async () => {
    const member = await kit.addMember();
    const body = { username: member.username, rank: 3, reason: 'Known high roller', requestId: randomUUID() };
    const first = await call('POST', '/backoffice/loyalty/vip-member-levels', staff, body);
    expect(first.body.value).toMatchObject({ username: member.username, fromRank: 0, toRank: 3 });
    const again = await call('POST', '/backoffice/loyalty/vip-member-levels', staff, body);
    expect(again.body.value).toMatchObject({ fromRank: 0, toRank: 3 });
    expect(await kit.rankOf(member.id)).toMatchObject({ rank: 3, highestRank: 0 });
    const changes = await testApp.database.db
      .select()
      .from(vipLevelChanges)
      .where(eq(vipLevelChanges.memberId, member.id));
    expect(changes.map((change) => [change.reason, change.reference])).toEqual([
      ['staff', `staff:${body.requestId}`],
    ]);
    const audit = await testApp.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'member'), eq(auditEvents.entityId, member.id.toString())));
    expect(audit).toEqual([{ after: { rank: 3, reason: 'Known high roller', requestId: body.requestId } }]);

    const missing = await call('POST', '/backoffice/loyalty/vip-member-levels', staff, {
      ...body,
      reason: '',
      requestId: randomUUID(),
    });
    expect(missing.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const unknown = await call('POST', '/backoffice/loyalty/vip-member-levels', staff, {
      ...body,
      username: 'nobody-here',
      requestId: randomUUID(),
    });
    expect(unknown.body).toMatchObject({ success: false, code: 'ACCOUNT_NOT_FOUND' });
  });
});

describe('promotions limited to VIP levels', () => {
  it("reads the member's level from the loyalty module", async () => {
    const member = await kit.addMember();
    const [promotion] = await testApp.database.db
      .insert(promotions)
      .values({
        brandId: member.brandId,
        kind: 'signup',
        category: 'welcome',
        status: 'live',
        startsAt: new Date(Date.now() - 86_400_000),
        content: { en: { title: 'Gold welcome', summary: 'For Gold', terms: '<p>Terms</p>' } },
        eligibility: { vipLevels: [2], excludedCountries: [], excludeAgents: false },
        config: {
          kind: 'signup',
          amount: '5',
          wagering: { multiplier: 1, base: 'bonus', contributions: {}, maxStake: '0', expiresInDays: 7 },
        },
      })
      .returning();
    if (!promotion) throw new Error('promotion not created');
    const reason = async () => {
      const { body } = await call<{ list: SitePromotion[] }>('GET', '/promotions', {
        authorization: member.authorization,
      });
      return body.value.list.find((row) => row.id === promotion.id.toString())?.availability.reason;
    };
    expect(await reason()).toBe('PROMOTION_NOT_ELIGIBLE');
    await placeAt(member, 2);
    expect(await reason()).toBeNull();
  });
});
