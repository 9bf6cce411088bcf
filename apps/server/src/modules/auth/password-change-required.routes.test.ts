import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password-hashing';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { bodyOf } from './auth.test-helpers';

type SessionBody = { value: { token: string; mustChangePassword: boolean } };

/**
 * Issue 19, point 11: a session that must change its password can do nothing else until it does, whatever the
 * site shows; and a member whose password an agent chose must change it at the first login.
 */
describe('a password change that is due', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    subject.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.150' },
      ...(payload ? { payload } : {}),
    });

  const logIn = async (username: string, password: string) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': '203.0.113.150' },
      payload: { username, password },
    });
    expect(response.statusCode).toBe(200);
    return response.json<SessionBody>().value;
  };

  it('refuses every other member route until the password is changed', async () => {
    const [demo] = await subject.database.db
      .select({ brandId: members.brandId })
      .from(members)
      .where(eq(members.username, demoPlayer.username));
    if (!demo) throw new Error('no demo brand');
    await subject.database.db.insert(members).values({
      brandId: demo.brandId,
      username: 'givenpass01',
      nickname: 'givenpass01',
      passwordHash: await hashPassword('Given-by-staff-1'),
      mustChangePassword: true,
    });
    const session = await logIn('givenpass01', 'Given-by-staff-1');
    expect(session.mustChangePassword).toBe(true);

    for (const url of [
      '/wps/v2/wallets/balance',
      '/wps/member/messages',
      '/wps/member/withdrawal/overview',
    ]) {
      const refused = await call('GET', url, session.token);
      expect(refused.statusCode, url).toBe(403);
      expect(bodyOf(refused).code, url).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    // What the site needs to show the change: the member's own info.
    const info = await call('GET', '/wps/member/info', session.token);
    expect(info.json()).toMatchObject({ success: true, value: { mustChangePassword: true } });

    const changed = await call('POST', '/wps/member/password', session.token, {
      oldPassword: 'Given-by-staff-1',
      newPassword: 'My-own-choice-2',
      confirmNewPassword: 'My-own-choice-2',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/wps/v2/wallets/balance', session.token)).statusCode).toBe(200);
    expect((await call('DELETE', '/wps/session/logout', session.token)).statusCode).toBe(200);
  });

  it('lets a session that must change its password log out', async () => {
    const [demo] = await subject.database.db
      .select({ brandId: members.brandId })
      .from(members)
      .where(eq(members.username, demoPlayer.username));
    if (!demo) throw new Error('no demo brand');
    await subject.database.db.insert(members).values({
      brandId: demo.brandId,
      username: 'givenpass02',
      nickname: 'givenpass02',
      passwordHash: await hashPassword('Given-by-staff-1'),
      mustChangePassword: true,
    });
    const session = await logIn('givenpass02', 'Given-by-staff-1');
    expect((await call('DELETE', '/wps/session/logout', session.token)).statusCode).toBe(200);
    expect((await call('GET', '/wps/member/info', session.token)).statusCode).toBe(401);
  });

  it('makes a member an agent registered change the password at the first login', async () => {
    const { authorization } = await loginAsMember(subject, 'demoagent');
    const registered = await subject.app.inject({
      method: 'POST',
      url: '/wps/agent/members',
      headers: { authorization },
      payload: { username: 'agentmade01', password: 'Agent-chose-this-1' },
    });
    expect(registered.statusCode).toBe(200);
    const session = await logIn('agentmade01', 'Agent-chose-this-1');
    expect(session.mustChangePassword).toBe(true);
    expect(bodyOf(await call('GET', '/wps/v2/wallets/balance', session.token)).code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
  });
});
