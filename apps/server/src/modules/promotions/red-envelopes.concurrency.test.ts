import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { insertRedEnvelope } from './promotion-games.test-helpers';
import { memberRewards } from './promotions.tables';

/** Grabs arriving together on PostgreSQL: one packet is paid once, one member is paid once. */
describe.runIf(process.env.DATABASE_URL)('red envelope grabs on PostgreSQL', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(() => testApp.close());

  const grab = (authorization: string, id: bigint) =>
    testApp.app.inject({
      method: 'POST',
      url: `/wps/promotions/${id}/red-envelope`,
      headers: { authorization },
    });

  it('pays the one packet to exactly one of 20 members grabbing at once', async () => {
    const callers = [];
    for (let i = 0; i < 20; i += 1) {
      const member = await kit.addMember(`racer${i}`);
      callers.push(await loginAsMember(testApp, member.username));
    }
    const first = callers[0];
    if (!first) throw new Error('no members');
    const id = await insertRedEnvelope(testApp.database.db, first.member.brandId, {
      pool: '5',
      packets: 1,
      minPacket: '1',
    });
    const answers = await Promise.all(callers.map((caller) => grab(caller.authorization, id)));
    const codes = answers.map((answer) => answer.json<{ code?: string }>().code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(
      codes.filter((code) => code === 'RED_ENVELOPE_EMPTY' || code === 'PROMOTION_ALREADY_CLAIMED'),
    ).toHaveLength(19);
    const balances = await Promise.all(callers.map((caller) => kit.balance(caller.member)));
    expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(500n);
    const rewards = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.promotionId, id));
    expect(rewards).toHaveLength(1);
  });

  it('pays one member once however many grabs they send at once', async () => {
    const member = await kit.addMember('greedy');
    const { authorization } = await loginAsMember(testApp, member.username);
    const id = await insertRedEnvelope(testApp.database.db, member.brandId, {
      pool: '40',
      packets: 20,
      minPacket: '1',
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => grab(authorization, id)));
    const codes = answers.map((answer) => answer.json<{ code?: string }>().code ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'PROMOTION_ALREADY_CLAIMED')).toHaveLength(19);
    const postings = await testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.brandId, member.brandId));
    expect(postings.filter((posting) => posting.idempotencyKey.startsWith('red-envelope:'))).toHaveLength(2);
  });
});
