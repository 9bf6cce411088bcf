import { randomUUID } from 'node:crypto';
import type { ProtectionSession } from '@wps/contracts/protection';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

const minute = 60_000;

/** The reality check's figures: the session's start and the net result of play since then, from the ledger. */
describe('the member’s session summary', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(() => testApp.close());

  const summary = async (headers: Record<string, string>) => {
    const response = await testApp.app.inject({ url: '/wps/member/protection/session', headers });
    return { status: response.statusCode, body: response.json<Envelope<ProtectionSession>>() };
  };

  /** A sign-in stamps the member's last login (auth's openSession does): the session starts there. */
  const signIn = async (member: MemberRow, at: Date) => {
    await testApp.database.db.update(members).set({ lastLoginAt: at }).where(eq(members.id, member.id));
    const { authorization } = await loginAsMember(testApp, member.username);
    return { authorization };
  };

  const newPlayer = async (name: string) => {
    const member = await kit.addMember(`${name}${randomUUID().slice(0, 6)}`);
    await kit.fund(member, 10_000n);
    return member;
  };

  it('answers the sign-in time and the net result of play since then, leaving out earlier play and other money', async () => {
    const member = await newPlayer('session');
    // An earlier session's play, ten minutes ago: another session's result.
    for (const id of [
      await kit.play(member, 'bet', 300n, 'SLOT'),
      await kit.play(member, 'win', 100n, 'SLOT'),
    ]) {
      await kit.backdate(id, new Date(Date.now() - 10 * minute).toISOString());
    }
    const startedAt = new Date(Date.now() - 5 * minute);
    const headers = await signIn(member, startedAt);
    await kit.fund(member, 5_000n);
    await kit.play(member, 'bet', 400n, 'SLOT');
    await kit.play(member, 'win', 1_000n, 'SLOT');

    const ahead = await summary(headers);
    expect(ahead.status).toBe(200);
    expect(ahead.body.value).toEqual({
      startedAt: startedAt.toISOString(),
      currency: 'USD',
      netResult: '6.00',
      realityCheckMinutes: null,
    });

    await kit.play(member, 'bet', 1_000n, 'LIVE');
    expect((await summary(headers)).body.value.netResult).toBe('-4.00');
  });

  it('carries the reality-check interval the member chose', async () => {
    const member = await newPlayer('interval');
    const headers = await signIn(member, new Date());
    const set = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/member/protection/reality-check',
      headers,
      payload: { minutes: 30 },
    });
    expect(set.statusCode).toBe(200);
    const answer = await summary(headers);
    expect(answer.body.value).toMatchObject({ realityCheckMinutes: 30, netResult: '0.00' });
  });

  it('is for signed-in members only', async () => {
    expect((await summary({})).status).toBe(401);
  });
});
