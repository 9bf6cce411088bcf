import type { AccountSession } from '@wps/contracts/member-account';
import type { MemberLoginEvent } from '@wps/contracts/members';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken, hashSessionToken } from '../../lib/session-token';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { authEvents, memberSessions } from './auth.tables';

type Envelope<Value> = { success: boolean; code?: string; value: Value };
type Signed = { token: string; authorization: string };

const laptop = `SessionsTest-Laptop/1.0 ${'x'.repeat(600)}`;
const phone = 'SessionsTest-Phone/2.0';

/**
 * The member's own sessions and sign-ins in the security centre: where they are signed in (and with what), signing
 * the others out, and their own sign-in log.
 */
describe('account sessions', () => {
  let subject: TestApp;
  let onLaptop: Signed;
  let onPhone: Signed;

  const logIn = async (username: string, password: string, userAgent: string): Promise<Signed> => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': '203.0.113.80', 'user-agent': userAgent },
      payload: { username, password },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<Envelope<{ token: string }>>().value;
    return { token, authorization: `Bearer ${token}` };
  };

  const call = (
    authorization: string | undefined,
    method: 'GET' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
    userAgent = 'SessionsTest-Centre/1.0',
  ) =>
    subject.app.inject({
      method,
      url,
      headers: { 'user-agent': userAgent, ...(authorization === undefined ? {} : { authorization }) },
      ...(payload === undefined ? {} : { payload }),
    });

  const listSessions = async (authorization: string): Promise<AccountSession[]> => {
    const response = await call(authorization, 'GET', '/wps/member/account/sessions');
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<{ list: AccountSession[] }>>().value.list;
  };

  beforeAll(async () => {
    subject = await createTestApp();
    onLaptop = await logIn(demoPlayer.username, demoPlayer.password, laptop);
    onPhone = await logIn(demoPlayer.username, demoPlayer.password, phone);
  });
  afterAll(() => subject.close());

  it('lists the live sessions newest first, each with its browser, this one marked current', async () => {
    const { db } = subject.database;
    // A session logged out and one expired are not where the member is signed in.
    const loggedOut = await logIn(demoPlayer.username, demoPlayer.password, 'SessionsTest-LoggedOut/1.0');
    expect((await call(loggedOut.authorization, 'DELETE', '/wps/session/logout')).statusCode).toBe(200);
    const [member] = await db
      .select({ memberId: memberSessions.memberId })
      .from(memberSessions)
      .where(eq(memberSessions.tokenHash, hashSessionToken(onPhone.token)));
    if (!member) throw new Error('the phone session was not stored');
    await db.insert(memberSessions).values({
      tokenHash: createSessionToken().tokenHash,
      memberId: member.memberId,
      loginMethod: 'password',
      ip: '203.0.113.81',
      userAgent: 'SessionsTest-Expired/1.0',
      expiresAt: new Date(Date.now() - 60_000),
    });

    const list = await listSessions(onPhone.authorization);
    expect(list.map(({ userAgent }) => userAgent)).toEqual([phone, laptop.slice(0, 512)]);
    expect(list.map(({ isCurrent }) => isCurrent)).toEqual([true, false]);
    const [current, other] = list;
    expect(current).toMatchObject({ ip: '203.0.113.80' });
    expect(Date.parse(current?.createdAt ?? '')).toBeGreaterThan(Date.parse(other?.createdAt ?? ''));
    // A short public id from the token hash, never the hash itself.
    const phoneHash = hashSessionToken(onPhone.token);
    expect(current?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(phoneHash.startsWith(current?.id ?? '-')).toBe(true);
    expect(JSON.stringify(list)).not.toContain(phoneHash);
    expect(JSON.stringify(list)).not.toContain(hashSessionToken(onLaptop.token));

    // Seen from the laptop, the laptop is the current one.
    const fromLaptop = await listSessions(onLaptop.authorization);
    expect(fromLaptop.find(({ isCurrent }) => isCurrent)?.userAgent).toBe(laptop.slice(0, 512));

    expect((await call(undefined, 'GET', '/wps/member/account/sessions')).statusCode).toBe(401);
  });

  it('signs the other sessions out at once, keeps this one and records it', async () => {
    const before = await call(onLaptop.authorization, 'GET', '/wps/member/info');
    expect(before.statusCode).toBe(200);

    const response = await call(onPhone.authorization, 'DELETE', '/wps/member/account/sessions/others');
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<{ signedOut: number }>>()).toMatchObject({
      success: true,
      value: { signedOut: 1 },
    });

    const refused = await call(onLaptop.authorization, 'GET', '/wps/member/info');
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe('UNAUTHORIZED');
    expect((await call(onPhone.authorization, 'GET', '/wps/member/info')).statusCode).toBe(200);
    expect((await listSessions(onPhone.authorization)).map(({ userAgent }) => userAgent)).toEqual([phone]);

    const recorded = await subject.database.db
      .select({ userAgent: authEvents.userAgent, detail: authEvents.detail })
      .from(authEvents)
      .where(
        and(eq(authEvents.event, 'sessions.sign_out_others'), eq(authEvents.account, demoPlayer.username)),
      );
    expect(recorded).toEqual([{ userAgent: 'SessionsTest-Centre/1.0', detail: { signedOut: 1 } }]);

    // Nothing else left to sign out.
    const again = await call(onPhone.authorization, 'DELETE', '/wps/member/account/sessions/others');
    expect(again.json<Envelope<{ signedOut: number }>>().value.signedOut).toBe(0);
  });

  it('refuses a free-play account and a visitor who is not signed in', async () => {
    const freePlay = await call(undefined, 'POST', '/wps/session/login/freeplay', {});
    const trial = `Bearer ${freePlay.json<Envelope<{ token: string }>>().value.token}`;
    const refused = await call(trial, 'DELETE', '/wps/member/account/sessions/others');
    expect(refused.json<{ code: string }>().code).toBe('TRIAL_NOT_ALLOWED');
    expect((await call(trial, 'GET', '/wps/member/info')).statusCode).toBe(200);

    const anonymous = await call(undefined, 'DELETE', '/wps/member/account/sessions/others');
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists the member's own sign-ins with their browsers, newest first, a page at a time", async () => {
    await logIn(demoAgent.username, demoAgent.password, 'SessionsTest-OtherMember/9.0');

    const response = await call(onPhone.authorization, 'GET', '/wps/member/account/sign-ins?pageSize=50');
    expect(response.statusCode).toBe(200);
    const { list, totalCount } =
      response.json<Envelope<{ list: MemberLoginEvent[]; totalCount: number; totalPages: number }>>().value;
    const logins = list.filter(({ event }) => event === 'login');
    expect(logins.map(({ userAgent }) => userAgent)).toEqual([
      'SessionsTest-LoggedOut/1.0',
      phone,
      laptop.slice(0, 512),
    ]);
    expect(logins.every(({ ip, isSuccess }) => ip === '203.0.113.80' && isSuccess)).toBe(true);
    expect(list[0]?.event).toBe('sessions.sign_out_others');
    expect(list.some(({ userAgent }) => userAgent === 'SessionsTest-OtherMember/9.0')).toBe(false);
    expect(totalCount).toBe(list.length);

    const page = await call(onPhone.authorization, 'GET', '/wps/member/account/sign-ins?pageNo=2&pageSize=1');
    const second = page.json<Envelope<{ list: MemberLoginEvent[]; totalPages: number }>>().value;
    expect(second.totalPages).toBe(totalCount);
    expect(second.list.map(({ id }) => id)).toEqual([list[1]?.id]);

    expect((await call(undefined, 'GET', '/wps/member/account/sign-ins')).statusCode).toBe(401);
  });
});
