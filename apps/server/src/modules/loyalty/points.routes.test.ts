import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { demoPaymentPassword } from '../members/members.seed';
import { memberRewards } from '../promotions/promotions.tables';
import { turnoverEvents } from '../turnover/turnover.tables';
import { convertUrl, envelopeOf, pointsTestKit, redeemUrl } from './points.test-helpers';

/** The points calls through HTTP: the mall, redeem and convert (exactly once, password), the operator's queue. */

let subject: TestApp;
let kit: ReturnType<typeof pointsTestKit>;

beforeAll(async () => {
  subject = await createTestApp();
  kit = pointsTestKit(subject);
});
afterAll(() => subject.close());

const shipping = { name: 'Maria Santos', phone: '+639171234567', address: '12 Rizal St, Manila' };

describe('points balance, config and mall', () => {
  it('answers the balance, the rules and the items the member may see', async () => {
    const member = await kit.addMember();
    await kit.givePoints(member, 750n);
    const balance = envelopeOf(await kit.call(member, 'GET', '/wps/relay/MCS2_getPointBalance'));
    expect(balance.success).toBe(true);
    expect(balance.value).toMatchObject({ balance: '750', redeemed: '0', converted: '0', other: '750' });
    const config = envelopeOf(await kit.call(member, 'GET', '/wps/relay/MCS2_getPointConfig'));
    expect(config.value).toMatchObject({ isEnabled: true, pointsPerCashUnit: 100, currency: 'USD' });
    const hidden = await kit.addItem(member.brandId, { status: 'hidden' });
    const forGold = await kit.addItem(member.brandId, { minimumVipRank: 2 });
    const soldOut = await kit.addItem(member.brandId, { stock: 0 });
    const visible = await kit.addItem(member.brandId, { stock: 3 });
    const items = envelopeOf(await kit.call(member, 'GET', '/wps/relay/MCS2_getPointReward?language=ur'));
    const ids = (items.value.list as Array<{ id: string }>).map((item) => item.id);
    expect(ids).toContain(visible.id.toString());
    for (const item of [hidden, forGold, soldOut]) expect(ids).not.toContain(item.id.toString());
  });

  it('refuses a guest', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/wps/relay/MCS2_getPointBalance' });
    expect(response.statusCode).toBe(401);
    expect(envelopeOf(response).success).toBe(false);
  });
});

describe('redeem', () => {
  it('gives a bonus item to the reward centre once per request id', async () => {
    const member = await kit.addMember();
    await kit.givePoints(member, 1_000n);
    const item = await kit.addItem(member.brandId, {
      kind: 'bonus',
      amount: 500n,
      turnoverMultiplier: 3,
      pointsCost: 300n,
    });
    const body = {
      itemId: item.id.toString(),
      quantity: 2,
      requestId: randomUUID(),
      paymentPassword: demoPaymentPassword,
    };
    const first = envelopeOf(await kit.call(member, 'POST', redeemUrl, body));
    expect(first.value).toMatchObject({ status: 'completed', points: '600', amount: '10.00', quantity: 2 });
    const repeat = envelopeOf(await kit.call(member, 'POST', redeemUrl, { ...body, quantity: 1 }));
    expect(repeat.value.id).toBe(first.value.id);
    expect(await kit.balanceOf(member)).toBe(400n);
    const rewards = await subject.database.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.memberId, member.id));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ source: 'granted', amount: 1_000n, turnoverRequired: 3_000n });
    const history = envelopeOf(await kit.call(member, 'GET', '/wps/relay/MCS2_getRedeemPointList'));
    expect(history.value).toMatchObject({ total: 1 });
    const details = envelopeOf(await kit.call(member, 'GET', '/wps/relay/ODSFE2_MemTransDet?pageSize=10'));
    const kinds = (details.value.list as Array<{ kind: string; points: string }>).map((entry) => entry.kind);
    expect(kinds).toEqual(['points.redeem', 'points.adjust']);
  });

  it('refuses a wrong payment password, too few points, a missing address and the limit', async () => {
    const member = await kit.addMember();
    await kit.givePoints(member, 250n);
    const item = await kit.addItem(member.brandId, { stock: 5, perMemberLimit: 1 });
    const body = { itemId: item.id.toString(), quantity: 1, requestId: randomUUID(), shipping };
    const wrong = envelopeOf(
      await kit.call(member, 'POST', redeemUrl, { ...body, paymentPassword: '654321' }),
    );
    expect(wrong.code).toBe('PAYMENT_PASSWORD_WRONG');
    const noAddress = envelopeOf(
      await kit.call(member, 'POST', redeemUrl, {
        itemId: item.id.toString(),
        quantity: 1,
        requestId: randomUUID(),
        paymentPassword: demoPaymentPassword,
      }),
    );
    expect(noAddress.code).toBe('SHIPPING_REQUIRED');
    const tooMany = envelopeOf(
      await kit.call(member, 'POST', redeemUrl, {
        ...body,
        quantity: 3,
        paymentPassword: demoPaymentPassword,
      }),
    );
    expect(tooMany.code).toBe('POINTS_INSUFFICIENT');
    const ok = envelopeOf(
      await kit.call(member, 'POST', redeemUrl, { ...body, paymentPassword: demoPaymentPassword }),
    );
    expect(ok.value).toMatchObject({ status: 'pending' });
    const again = envelopeOf(
      await kit.call(member, 'POST', redeemUrl, {
        ...body,
        requestId: randomUUID(),
        paymentPassword: demoPaymentPassword,
      }),
    );
    expect(again.code).toBe('MALL_LIMIT_REACHED');
    expect(await kit.balanceOf(member)).toBe(150n);
    expect(await kit.stockOf(item.id)).toBe(4);
  });
});

describe('convert', () => {
  it('pays cash with a turnover requirement once per request id', async () => {
    const member = await kit.addMember();
    await kit.givePoints(member, 2_000n);
    const requestId = randomUUID();
    const body = { points: '1500', requestId, paymentPassword: demoPaymentPassword };
    const first = envelopeOf(await kit.call(member, 'POST', convertUrl, body));
    expect(first.value).toMatchObject({
      points: '1500',
      amount: '15.00',
      currency: 'USD',
      turnoverRequired: '15.00',
    });
    const repeat = envelopeOf(await kit.call(member, 'POST', convertUrl, body));
    expect(repeat.value.id).toBe(first.value.id);
    expect(await kit.balanceOf(member)).toBe(500n);
    const { ledger } = subject.app.wallet;
    const cash = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    expect(await ledger.getBalance(cash.id)).toBe(1_500n);
    const requirements = await subject.database.db
      .select()
      .from(turnoverEvents)
      .where(and(eq(turnoverEvents.memberId, member.id), eq(turnoverEvents.source, 'bonus')));
    expect(requirements.map((event) => event.amount)).toEqual([1_500n]);
  });

  it('refuses a wrong password, the minimum and more than the balance', async () => {
    const member = await kit.addMember();
    await kit.givePoints(member, 300n);
    const body = { points: '200', requestId: randomUUID() };
    expect(
      envelopeOf(await kit.call(member, 'POST', convertUrl, { ...body, paymentPassword: '000000' })).code,
    ).toBe('PAYMENT_PASSWORD_WRONG');
    expect(
      envelopeOf(
        await kit.call(member, 'POST', convertUrl, {
          ...body,
          points: '99',
          paymentPassword: demoPaymentPassword,
        }),
      ).code,
    ).toBe('POINTS_BELOW_MINIMUM');
    expect(
      envelopeOf(
        await kit.call(member, 'POST', convertUrl, {
          ...body,
          points: '400',
          paymentPassword: demoPaymentPassword,
        }),
      ).code,
    ).toBe('POINTS_INSUFFICIENT');
    expect(await kit.balanceOf(member)).toBe(300n);
  });
});

describe('operator queue', () => {
  it('approves, ships and delivers in order, and a cancel returns points and stock once', async () => {
    const operator = await operatorHeaders(subject.app);
    const member = await kit.addMember();
    await kit.givePoints(member, 1_000n);
    const item = await kit.addItem(member.brandId, { stock: 2, pointsCost: 400n });
    const redeem = async () =>
      envelopeOf(
        await kit.call(member, 'POST', redeemUrl, {
          itemId: item.id.toString(),
          quantity: 1,
          requestId: randomUUID(),
          paymentPassword: demoPaymentPassword,
          shipping,
        }),
      ).value.id as string;
    const act = async (id: string, payload: Record<string, string>) =>
      envelopeOf(
        await subject.app.inject({
          method: 'POST',
          url: `/wps/backoffice/loyalty/redemptions/${id}`,
          headers: operator,
          payload,
        }),
      );
    const shipped = await redeem();
    expect((await act(shipped, { action: 'ship', trackingNumber: 'X1' })).code).toBe(
      'REDEMPTION_STATE_INVALID',
    );
    expect((await act(shipped, { action: 'approve' })).value.status).toBe('approved');
    expect((await act(shipped, { action: 'ship', trackingNumber: 'TRK-9' })).value).toMatchObject({
      status: 'shipped',
      trackingNumber: 'TRK-9',
    });
    expect((await act(shipped, { action: 'deliver' })).value.status).toBe('delivered');
    expect((await act(shipped, { action: 'cancel' })).code).toBe('REDEMPTION_STATE_INVALID');

    const cancelled = await redeem();
    expect(await kit.stockOf(item.id)).toBe(0);
    expect(await kit.balanceOf(member)).toBe(200n);
    expect((await act(cancelled, { action: 'cancel', remark: 'Out of sizes' })).value).toMatchObject({
      status: 'cancelled',
      remark: 'Out of sizes',
    });
    expect((await act(cancelled, { action: 'cancel' })).code).toBe('REDEMPTION_STATE_INVALID');
    expect(await kit.balanceOf(member)).toBe(600n);
    expect(await kit.stockOf(item.id)).toBe(1);

    const queue = envelopeOf(
      await subject.app.inject({
        method: 'GET',
        url: '/wps/backoffice/loyalty/redemptions?status=cancelled',
        headers: operator,
      }),
    );
    expect((queue.value.list as Array<{ id: string }>).map((row) => row.id)).toContain(cancelled);
  });

  it('creates and edits items, saves settings and adjusts points, all refused without staff', async () => {
    const operator = await operatorHeaders(subject.app);
    const body = {
      kind: 'bonus',
      name: { en: 'Ten credit' },
      description: { en: 'Ten' },
      imageUploadId: null,
      pointsCost: '900',
      amount: '10',
      turnoverMultiplier: 2,
      stock: null,
      perMemberLimit: null,
      status: 'live',
    };
    const created = envelopeOf(
      await subject.app.inject({
        method: 'POST',
        url: '/wps/backoffice/loyalty/mall-items',
        headers: operator,
        payload: body,
      }),
    );
    expect(created.value).toMatchObject({ amount: '10.00', pointsCost: '900' });
    const edited = envelopeOf(
      await subject.app.inject({
        method: 'PUT',
        url: `/wps/backoffice/loyalty/mall-items/${String(created.value.id)}`,
        headers: operator,
        payload: { ...body, status: 'hidden' },
      }),
    );
    expect(edited.value.status).toBe('hidden');
    const noGift = envelopeOf(
      await subject.app.inject({
        method: 'POST',
        url: '/wps/backoffice/loyalty/mall-items',
        headers: operator,
        payload: { ...body, amount: '0' },
      }),
    );
    expect(noGift.code).toBe('VALIDATION_FAILED');
    const settings = envelopeOf(
      await subject.app.inject({
        method: 'PUT',
        url: '/wps/backoffice/loyalty/settings',
        headers: operator,
        payload: {
          isPointsEnabled: true,
          pointsPerDepositUnit: '1',
          pointsPerCashUnit: 100,
          minimumConversionPoints: 100,
          conversionTurnoverMultiplier: 1,
        },
      }),
    );
    expect(settings.value).toMatchObject({ pointsPerCashUnit: 100 });
    const member = await kit.addMember();
    const adjust = (points: string, requestId = randomUUID()) =>
      subject.app.inject({
        method: 'POST',
        url: '/wps/backoffice/loyalty/points-adjustments',
        headers: operator,
        payload: { username: member.username, points, reason: 'Goodwill', requestId },
      });
    const requestId = randomUUID();
    expect(envelopeOf(await adjust('70', requestId)).value).toMatchObject({ balance: '70' });
    expect(envelopeOf(await adjust('70', requestId)).value).toMatchObject({ balance: '70' });
    expect(envelopeOf(await adjust('-71')).code).toBe('POINTS_INSUFFICIENT');
    for (const url of ['/wps/backoffice/loyalty/mall-items', '/wps/backoffice/loyalty/redemptions']) {
      expect((await subject.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('encrypted bodies', () => {
  it('redeem and convert refuse a plain body once the brand requires encryption, and take a sealed one', async () => {
    const member = await kit.addMember();
    await kit.givePoints(member, 1_000n);
    const item = await kit.addItem(member.brandId, { kind: 'bonus', amount: 100n, pointsCost: 100n });
    const operator = await operatorHeaders(subject.app);
    const setEncryption = (requireEncryptedBodies: boolean) =>
      subject.app.inject({
        method: 'PATCH',
        url: '/wps/backoffice/site/settings',
        headers: operator,
        payload: { requireEncryptedBodies },
      });
    expect((await setEncryption(true)).statusCode).toBe(200);
    try {
      const redeem = {
        itemId: item.id.toString(),
        quantity: 1,
        requestId: randomUUID(),
        paymentPassword: demoPaymentPassword,
      };
      const convert = { points: '100', requestId: randomUUID(), paymentPassword: demoPaymentPassword };
      expect(envelopeOf(await kit.call(member, 'POST', redeemUrl, redeem)).code).toBe('ENCRYPTION_REQUIRED');
      expect(envelopeOf(await kit.call(member, 'POST', convertUrl, convert)).code).toBe(
        'ENCRYPTION_REQUIRED',
      );
      expect(await kit.balanceOf(member)).toBe(1_000n);
      expect(envelopeOf(await kit.call(member, 'POST', redeemUrl, redeem, true)).value.status).toBe(
        'completed',
      );
      expect(envelopeOf(await kit.call(member, 'POST', convertUrl, convert, true)).value.amount).toBe('1.00');
      expect(await kit.balanceOf(member)).toBe(800n);
    } finally {
      await setEncryption(false);
    }
  });
});

describe('item pictures', () => {
  it('takes an uploaded picture of the brand, shows it while the item is live, and keeps it from the purge', async () => {
    const operator = await operatorHeaders(subject.app);
    const body = new FormData();
    body.append('purpose', 'promotion_image');
    body.append(
      'file',
      new Blob([new Uint8Array(PNG.sync.write(new PNG({ width: 2, height: 2 })))], { type: 'image/png' }),
      'a.png',
    );
    const uploaded = envelopeOf(
      await subject.app.inject({
        method: 'POST',
        url: '/wps/backoffice/uploads',
        headers: operator,
        payload: body,
      }),
    );
    const imageUploadId = String(uploaded.value.id);
    const item = {
      kind: 'physical',
      name: { en: 'Mug' },
      description: { en: '' },
      pointsCost: '100',
      stock: 5,
      perMemberLimit: null,
      status: 'live',
    };
    const refused = envelopeOf(
      await subject.app.inject({
        method: 'POST',
        url: '/wps/backoffice/loyalty/mall-items',
        headers: operator,
        payload: { ...item, imageUploadId: randomUUID() },
      }),
    );
    expect(refused.code).toBe('VALIDATION_FAILED');
    const created = envelopeOf(
      await subject.app.inject({
        method: 'POST',
        url: '/wps/backoffice/loyalty/mall-items',
        headers: operator,
        payload: { ...item, imageUploadId },
      }),
    );
    const member = await kit.addMember();
    const list = envelopeOf(await kit.call(member, 'GET', '/wps/relay/MCS2_getPointReward'));
    const shown = (list.value.list as Array<{ id: string; imageUrl: string | null }>).find(
      (entry) => entry.id === created.value.id,
    );
    expect(shown?.imageUrl).toBe(
      `/wps/loyalty/mall-items/${String(created.value.id)}/image?v=${imageUploadId}`,
    );
    const image = await subject.app.inject({ method: 'GET', url: shown?.imageUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const purged = await subject.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 3 * 86_400_000));
    expect(purged).toBeGreaterThanOrEqual(0);
    expect((await subject.app.inject({ method: 'GET', url: shown?.imageUrl ?? '' })).statusCode).toBe(200);
  });
});
