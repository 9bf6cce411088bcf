import type { RedEnvelope } from '@wps/contracts/promotion-games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { createTurnoverService } from '../turnover/turnover.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { redEnvelopePackets } from './promotion-games.tables';
import { insertRedEnvelope } from './promotion-games.test-helpers';
import { memberRewards } from './promotions.tables';

let testApp: TestApp;
let kit: ReturnType<typeof walletTestKit>;
let counter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  kit = walletTestKit(testApp);
});
afterAll(() => testApp.close());

const newMember = async (): Promise<{ member: MemberRow; authorization: string }> => {
  counter += 1;
  const member = await kit.addMember(`envelope${counter}`);
  return { member, authorization: (await loginAsMember(testApp, member.username)).authorization };
};

const grab = (authorization: string, id: bigint) =>
  testApp.app.inject({
    method: 'POST',
    url: `/wps/promotions/${id}/red-envelope`,
    headers: { authorization },
  });
const view = async (authorization: string, id: bigint): Promise<RedEnvelope> =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: `/wps/promotions/${id}/red-envelope`,
      headers: { authorization },
    })
  ).json<{ value: RedEnvelope }>().value;

describe('red envelope', () => {
  it('pays a packet to cash with its turnover and a claimed reward, once per member', async () => {
    const { member, authorization } = await newMember();
    const id = await insertRedEnvelope(testApp.database.db, member.brandId, {
      pool: '10',
      packets: 4,
      minPacket: '1',
    });
    const before = await view(authorization, id);
    expect(before).toMatchObject({ phase: 'open', packets: 4, packetsLeft: 4, mine: null });

    const response = await grab(authorization, id);
    expect(response.statusCode).toBe(200);
    const { amount, packetsLeft } = response.json<{ value: { amount: string; packetsLeft: number } }>().value;
    expect(packetsLeft).toBe(3);
    const minor = BigInt(Math.round(Number(amount) * 100));
    expect(minor >= 100n).toBe(true);
    expect(await kit.balance(member)).toBe(minor);
    expect(await createTurnoverService({ db: testApp.database.db }).remaining(member.id, 'USD')).toBe(minor);
    const rewards = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.memberId, member.id), eq(memberRewards.source, 'red_envelope')));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ status: 'claimed', amount: minor, promotionId: id });
    const [packet] = await testApp.database.db
      .select()
      .from(redEnvelopePackets)
      .where(eq(redEnvelopePackets.memberId, member.id));
    const postings = await testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `red-envelope:${packet?.id ?? 0n}`));
    expect(postings).toHaveLength(1);

    expect((await view(authorization, id)).mine?.amount).toBe(amount);
    const again = await grab(authorization, id);
    expect(again.json()).toMatchObject({ success: false, code: 'PROMOTION_ALREADY_CLAIMED' });
    expect(await kit.balance(member)).toBe(minor);
  });

  it('shares the whole pool among the packets and then answers RED_ENVELOPE_EMPTY without using the claim', async () => {
    const first = await newMember();
    const id = await insertRedEnvelope(testApp.database.db, first.member.brandId, {
      pool: '7.50',
      packets: 3,
      minPacket: '0.50',
    });
    let paid = 0n;
    for (const caller of [first, await newMember(), await newMember()]) {
      expect((await grab(caller.authorization, id)).statusCode).toBe(200);
      paid += await kit.balance(caller.member);
    }
    expect(paid).toBe(750n);
    const late = await newMember();
    expect((await grab(late.authorization, id)).json()).toMatchObject({ code: 'RED_ENVELOPE_EMPTY' });
    expect(await view(late.authorization, id)).toMatchObject({ packetsLeft: 0, mine: null });
    expect(await kit.balance(late.member)).toBe(0n);
  });

  it('refuses an envelope that has not opened, and writes no packets for it', async () => {
    const { member, authorization } = await newMember();
    const id = await insertRedEnvelope(testApp.database.db, member.brandId, {
      startsAt: new Date(Date.now() + 3_600_000),
    });
    expect((await grab(authorization, id)).json()).toMatchObject({ code: 'PROMOTION_NOT_AVAILABLE' });
    expect(await view(authorization, id)).toMatchObject({ phase: 'coming_soon', packetsLeft: 5 });
    const packets = await testApp.database.db
      .select()
      .from(redEnvelopePackets)
      .where(eq(redEnvelopePackets.promotionId, id));
    expect(packets).toHaveLength(0);
  });

  it('answers NOT_FOUND for a promotion of another kind or unknown', async () => {
    const { authorization } = await newMember();
    expect((await grab(authorization, 999_999n)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
