import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';

type Envelope = { success: boolean; code?: string };

/**
 * Time signed in counts against session-time limits: each request that moves a session's idle timer reports the
 * time since it last moved (an idle gap counts a few minutes at most), and once the limit is used up stakes are
 * refused while the member stays signed in. Time is driven by moving the session's last-seen time back.
 */
describe('session time', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(() => testApp.close());

  const call = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => {
    const response = await testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };

  const player = async () => {
    const member = await kit.addMember(`st${randomUUID().slice(0, 8)}`);
    await kit.fund(member, 10_000n);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { member, headers: { authorization } };
  };

  /** The session was last seen this many seconds ago (as if the member had been away or playing since). */
  const lastSeenSecondsAgo = async (member: MemberRow, seconds: number) => {
    await testApp.database.db.execute(
      sql`update member_sessions set last_seen_at = now() - make_interval(secs => ${seconds})
        where member_id = ${member.id}`,
    );
  };

  const sessionMinutesUsed = async (member: MemberRow) => {
    const [row] = await selectRows<{ used: string | bigint }>(
      testApp.database.db,
      sql`select member_limit_used(${member.id}, 'session', 'day') as used`,
    );
    return row ? BigInt(row.used) : 0n;
  };

  const spin = (headers: Record<string, string>) =>
    call(headers, 'POST', '/wps/house/slot/spins', { requestId: randomUUID(), bet: '1.00' });

  it('accrues while signed in, then refuses stakes without signing the member out', async () => {
    const { member, headers } = await player();
    const set = await call(headers, 'PUT', '/wps/member/protection/limits', {
      kind: 'session',
      period: 'day',
      amount: '3',
    });
    expect(set.body.success).toBe(true);

    await lastSeenSecondsAgo(member, 65);
    expect((await call(headers, 'GET', '/wps/member/protection')).status).toBe(200);
    expect(await sessionMinutesUsed(member)).toBe(1n);
    // Within the minute nothing more is counted.
    expect((await call(headers, 'GET', '/wps/member/protection')).status).toBe(200);
    expect(await sessionMinutesUsed(member)).toBe(1n);
    expect((await spin(headers)).body.success).toBe(true);

    await lastSeenSecondsAgo(member, 125);
    const balance = await kit.balance(member);
    // The request that counts the time is the stake itself: it is refused, and no money moves.
    const refused = await spin(headers);
    expect(await sessionMinutesUsed(member)).toBe(3n);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_LIMIT_REACHED');
    expect(await kit.balance(member)).toBe(balance);
    // Still signed in: the member can see their limits (and withdraw).
    expect((await call(headers, 'GET', '/wps/member/protection')).status).toBe(200);
  });

  it('counts a pause a few minutes at most, and requests arriving together once', async () => {
    const { member, headers } = await player();
    await call(headers, 'PUT', '/wps/member/protection/limits', {
      kind: 'session',
      period: 'day',
      amount: '600',
    });

    // An hour and a half away (the session is still live: its idle limit is two hours) counts five minutes.
    await lastSeenSecondsAgo(member, 90 * 60);
    expect((await call(headers, 'GET', '/wps/member/protection')).status).toBe(200);
    expect(await sessionMinutesUsed(member)).toBe(5n);

    // A page that fires ten requests at once two minutes later: two minutes, not twenty.
    await lastSeenSecondsAgo(member, 120);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(headers, 'GET', '/wps/member/protection')),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await sessionMinutesUsed(member)).toBe(7n);
  });
});
