import { randomUUID } from 'node:crypto';
import type { PlayerRank, VipLevelAdmin, VipLevelBody } from '@wps/contracts/loyalty-vip';
import type { SitePromotion } from '@wps/contracts/promotions';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { promotions } from '../promotions/promotions.tables';
import { brands } from '../site/site.tables';
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
  iconUploadId: null,
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

describe('VIP level icons', () => {
  const png = PNG.sync.write(new PNG({ width: 3, height: 3 }));
  const otherBrand = 'VIPICONS';

  beforeAll(async () => {
    const [demo] = await testApp.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    await testApp.database.db.insert(brands).values({ ...rest, merchantCode: otherBrand });
  });

  /** An operator's picture upload on the brand the headers name; answers its id. */
  const uploadIcon = async (headers: Record<string, string>) => {
    const form = new FormData();
    form.append('purpose', 'promotion_image');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'icon.png');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/backoffice/uploads',
      headers,
      payload: form,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<{ id: string }>>().value.id;
  };

  it("takes an upload of the brand, answers the icon's URL on the VIP page and serves it, kept from the purge", async () => {
    const iconUploadId = await uploadIcon(staff);
    const created = await call<VipLevelAdmin>(
      'POST',
      '/backoffice/loyalty/vip-levels',
      staff,
      level({ rank: 7, iconUploadId }),
    );
    expect(created.body.value.iconUploadId).toBe(iconUploadId);
    const listed = await call<{ levels: VipLevelAdmin[] }>('GET', '/backoffice/loyalty/vip-levels', staff);
    expect(listed.body.value.levels.find((row) => row.rank === 7)?.iconUploadId).toBe(iconUploadId);

    const member = await kit.addMember();
    await placeAt(member, 7);
    const { body } = await call<PlayerRank>('GET', '/relay/MCS2_getPlayerRank', {
      authorization: member.authorization,
    });
    const iconUrl = `/wps/loyalty/vip-levels/${created.body.value.id}/icon?v=${iconUploadId}`;
    expect(body.value.current).toMatchObject({ rank: 7, iconUrl });
    expect(body.value.levels.find((row) => row.rank === 7)?.iconUrl).toBe(iconUrl);

    const icon = await testApp.app.inject({ method: 'GET', url: iconUrl });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.rawPayload.equals(png)).toBe(true);
    // The level's reference keeps the icon from the orphan purge.
    await testApp.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 3 * 86_400_000));
    expect((await testApp.app.inject({ method: 'GET', url: iconUrl })).statusCode).toBe(200);

    await placeAt(member, 0);
    await call('DELETE', `/backoffice/loyalty/vip-levels/${created.body.value.id}`, staff);
  });

  it("refuses another brand's upload, and a level without an icon answers null and no icon", async () => {
    const otherBrandUpload = await uploadIcon(await operatorHeaders(testApp.app, otherBrand));

    const list = await call<{ levels: VipLevelAdmin[] }>('GET', '/backoffice/loyalty/vip-levels', staff);
    const diamond = list.body.value.levels.find((row) => row.rank === 4);
    if (!diamond) throw new Error('no rank 4 level');
    const { id, members: _members, updatedAt: _levelUpdatedAt, ...diamondBody } = diamond;
    const refused = await call<{ issues: { field: string }[] }>(
      'PUT',
      `/backoffice/loyalty/vip-levels/${id}`,
      staff,
      { ...diamondBody, iconUploadId: otherBrandUpload },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(refused.body.value.issues[0]?.field).toBe('iconUploadId');

    const member = await kit.addMember();
    await placeAt(member, 4);
    const { body } = await call<PlayerRank>('GET', '/relay/MCS2_getPlayerRank', {
      authorization: member.authorization,
    });
    expect(body.value.current).toMatchObject({ rank: 4, iconUrl: null });
    expect(body.value.levels.find((row) => row.rank === 4)?.iconUrl).toBeNull();
    const missing = await testApp.app.inject({ method: 'GET', url: `/wps/loyalty/vip-levels/${id}/icon` });
    expect(missing.statusCode).toBe(404);
  });

  it("does not serve a level's icon on another brand's site", async () => {
    const iconUploadId = await uploadIcon(staff);
    const created = await call<VipLevelAdmin>(
      'POST',
      '/backoffice/loyalty/vip-levels',
      staff,
      level({ rank: 8, iconUploadId }),
    );
    const url = `/wps/loyalty/vip-levels/${created.body.value.id}/icon`;
    expect(
      (await testApp.app.inject({ method: 'GET', url, headers: { 'x-merchant-code': 'DEMO' } })).statusCode,
    ).toBe(200);
    const elsewhere = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'x-merchant-code': otherBrand },
    });
    expect(elsewhere.statusCode).toBe(404);
    await call('DELETE', `/backoffice/loyalty/vip-levels/${created.body.value.id}`, staff);
  });
});
