import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { demoPaymentPassword } from '../members/members.seed';
import { mallRedemptions, pointConversions } from './loyalty.tables';
import { convertUrl, envelopeOf, pointsTestKit, redeemUrl } from './points.test-helpers';

/**
 * Races on PostgreSQL: stock never oversold, points never below zero, one result per request id. A member's
 * payment password takes at most 5 checks at once (the attempts rule), so one member's bursts are 5 wide.
 */

const shipping = { name: 'Ana Cruz', phone: '+639170000000', address: '1 Ayala Ave, Makati' };

describe.runIf(process.env.DATABASE_URL)('points mall races (PostgreSQL)', () => {
  let subject: TestApp;
  let kit: ReturnType<typeof pointsTestKit>;

  beforeAll(async () => {
    subject = await createTestApp();
    kit = pointsTestKit(subject);
  });
  afterAll(() => subject.close());

  it('50 concurrent redeems of an item with 10 in stock sell exactly 10', async () => {
    const racers = await Promise.all(Array.from({ length: 50 }, () => kit.addMember('race')));
    for (const racer of racers) await kit.givePoints(racer, 100n);
    const item = await kit.addItem(racers[0]?.brandId ?? 1n, { stock: 10, pointsCost: 100n });
    const answers = await Promise.all(
      racers.map((racer) =>
        kit.call(racer, 'POST', redeemUrl, {
          itemId: item.id.toString(),
          quantity: 1,
          requestId: randomUUID(),
          paymentPassword: demoPaymentPassword,
          shipping,
        }),
      ),
    );
    const codes = answers.map((answer) => envelopeOf(answer).code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'OK').every((code) => code === 'MALL_OUT_OF_STOCK')).toBe(true);
    expect(await kit.stockOf(item.id)).toBe(0);
    const sold = await subject.database.db
      .select()
      .from(mallRedemptions)
      .where(eq(mallRedemptions.itemId, item.id));
    expect(sold).toHaveLength(10);
    const balances = await Promise.all(racers.map((racer) => kit.balanceOf(racer)));
    expect(balances.filter((balance) => balance === 0n)).toHaveLength(10);
    expect(balances.every((balance) => balance === 0n || balance === 100n)).toBe(true);
  });

  it('a member redeeming and converting at once never goes below zero points', async () => {
    const member = await kit.addMember('race');
    await kit.givePoints(member, 300n);
    const item = await kit.addItem(member.brandId, { kind: 'bonus', amount: 100n, pointsCost: 100n });
    const calls = Array.from({ length: 5 }, (_, index) =>
      index % 2 === 0
        ? kit.call(member, 'POST', redeemUrl, {
            itemId: item.id.toString(),
            quantity: 1,
            requestId: randomUUID(),
            paymentPassword: demoPaymentPassword,
          })
        : kit.call(member, 'POST', convertUrl, {
            points: '100',
            requestId: randomUUID(),
            paymentPassword: demoPaymentPassword,
          }),
    );
    const codes = (await Promise.all(calls)).map((answer) => envelopeOf(answer).code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(3);
    expect(codes.filter((code) => code !== 'OK')).toEqual(['POINTS_INSUFFICIENT', 'POINTS_INSUFFICIENT']);
    expect(await kit.balanceOf(member)).toBe(0n);
  });

  it('a member racing for an item limited to one per member gets one', async () => {
    const member = await kit.addMember('race');
    await kit.givePoints(member, 1_000n);
    const item = await kit.addItem(member.brandId, { stock: 10, perMemberLimit: 1, pointsCost: 100n });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        kit.call(member, 'POST', redeemUrl, {
          itemId: item.id.toString(),
          quantity: 1,
          requestId: randomUUID(),
          paymentPassword: demoPaymentPassword,
          shipping,
        }),
      ),
    );
    const codes = answers.map((answer) => envelopeOf(answer).code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'MALL_LIMIT_REACHED')).toHaveLength(4);
    expect(await kit.balanceOf(member)).toBe(900n);
    expect(await kit.stockOf(item.id)).toBe(9);
  });

  it('the same request id sent 5 times at once redeems and converts once', async () => {
    const member = await kit.addMember('race');
    await kit.givePoints(member, 1_000n);
    const item = await kit.addItem(member.brandId, { stock: 5, pointsCost: 200n });
    const redeem = {
      itemId: item.id.toString(),
      quantity: 1,
      requestId: randomUUID(),
      paymentPassword: demoPaymentPassword,
      shipping,
    };
    const convert = { points: '300', requestId: randomUUID(), paymentPassword: demoPaymentPassword };
    const idsOf = async (url: string, body: object) =>
      new Set(
        (await Promise.all(Array.from({ length: 5 }, () => kit.call(member, 'POST', url, body)))).map(
          (answer) => envelopeOf(answer).value.id,
        ),
      );
    const redeemIds = await idsOf(redeemUrl, redeem);
    expect(redeemIds.size).toBe(1);
    expect([...redeemIds][0]).toEqual(expect.any(String));
    const convertIds = await idsOf(convertUrl, convert);
    expect(convertIds.size).toBe(1);
    expect([...convertIds][0]).toEqual(expect.any(String));
    expect(await kit.balanceOf(member)).toBe(500n);
    expect(await kit.stockOf(item.id)).toBe(4);
    const { db } = subject.database;
    expect(
      await db.select().from(mallRedemptions).where(eq(mallRedemptions.memberId, member.id)),
    ).toHaveLength(1);
    expect(
      await db.select().from(pointConversions).where(eq(pointConversions.memberId, member.id)),
    ).toHaveLength(1);
  });

  it('two staff cancelling one redemption at once refund its points and stock once', async () => {
    const member = await kit.addMember('race');
    await kit.givePoints(member, 300n);
    const item = await kit.addItem(member.brandId, { stock: 3, pointsCost: 300n });
    const redeemed = envelopeOf(
      await kit.call(member, 'POST', redeemUrl, {
        itemId: item.id.toString(),
        quantity: 1,
        requestId: randomUUID(),
        paymentPassword: demoPaymentPassword,
        shipping,
      }),
    );
    const operator = await operatorHeaders(subject.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        subject.app.inject({
          method: 'POST',
          url: `/wps/backoffice/loyalty/redemptions/${String(redeemed.value.id)}`,
          headers: operator,
          payload: { action: 'cancel' },
        }),
      ),
    );
    const codes = answers.map((answer) => envelopeOf(answer).code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(await kit.balanceOf(member)).toBe(300n);
    expect(await kit.stockOf(item.id)).toBe(3);
    const open = await subject.database.db
      .select()
      .from(mallRedemptions)
      .where(and(eq(mallRedemptions.memberId, member.id), ne(mallRedemptions.status, 'cancelled')));
    expect(open).toHaveLength(0);
  });
});
