import { promotionListResponseSchema } from '@wps/contracts/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { seedSiteDemo } from '../site/site.seed';
import { seedPromotionsDemo } from './promotions.seed';

describe('demo promotions', () => {
  let subject: TestApp;
  let operator: Record<string, string>;

  beforeAll(async () => {
    subject = await createTestApp();
    operator = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  const list = async () =>
    promotionListResponseSchema.parse(
      (
        await subject.app.inject({ method: 'GET', url: '/wps/backoffice/promotions', headers: operator })
      ).json(),
    ).value.list;

  it('seeds one promotion of every kind once, however often the seed runs', async () => {
    const seeded = await list();
    expect(seeded.map((promotion) => promotion.kind).sort()).toEqual([
      'cashback',
      'deposit_match',
      'deposit_match',
      'granted',
      'raffle',
      'rebate',
      'red_envelope',
      'referral',
      'signup',
    ]);
    await seedPromotionsDemo(subject.database.db, await seedSiteDemo(subject.database.db));
    expect(await list()).toHaveLength(seeded.length);
    const match = seeded.find(
      (promotion) => promotion.config.kind === 'deposit_match' && promotion.config.depositKind === 'first',
    );
    expect(match?.config).toMatchObject({
      percent: 100,
      cap: '500',
      minDeposit: '10',
      wagering: { multiplier: 10, expiresInDays: 7 },
    });
    const envelope = seeded.find((promotion) => promotion.kind === 'red_envelope');
    expect(envelope?.config).toMatchObject({ pool: '1000', packets: 200, minPacket: '1' });
    expect(envelope?.content.ur?.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('seeds promotions the operator API accepts as they are (amounts, dates and kind rules)', async () => {
    for (const { id, kind: _kind, createdAt: _created, updatedAt: _updated, ...body } of await list()) {
      const response = await subject.app.inject({
        method: 'PUT',
        url: `/wps/backoffice/promotions/${id}`,
        headers: operator,
        payload: body,
      });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(200);
    }
  });
});
