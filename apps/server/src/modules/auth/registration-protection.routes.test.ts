import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import {
  createTestApp,
  loginAsMember,
  operatorHeaders,
  testCaptchaAnswer,
  type TestApp,
} from '../../testing/test-app';
import { members } from '../members/members.tables';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { bodyOf } from './auth.test-helpers';

/**
 * Player protection at the door: a person in a time-out or self-exclusion cannot open another account of the
 * brand with their mobile number, email or ID number, by registering or by a first social sign-in.
 */
describe('registering again while excluded', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
  });
  afterAll(() => testApp.close());

  const suffix = () => randomUUID().replaceAll('-', '').slice(0, 6);
  const digits = () => String(randomInt(10_000_000)).padStart(7, '0');

  /** A member with these details who starts a one-day time-out through the site. */
  const excludedMember = async (details: { mobileNum: string; email: string; idNumber: string }) => {
    const member = await kit.addMember(`rgex${suffix()}`);
    await testApp.database.db
      .update(members)
      .set({ countryDialingCode: '92', ...details })
      .where(eq(members.id, member.id));
    const { authorization } = await loginAsMember(testApp, member.username);
    const timeOut = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/protection/time-out',
      headers: { authorization },
      payload: { days: 1 },
    });
    expect(timeOut.statusCode).toBe(200);
    return member;
  };

  const endExclusionOf = async (member: MemberRow) => {
    await testApp.database.db.execute(
      sql`update member_protection set play_blocked_until = now() - interval '1 second' where member_id = ${member.id}`,
    );
  };

  /** A registration from its own address (each with a fresh captcha), as the register page sends it. */
  const register = async (fields: Record<string, string>) => {
    const ip = `198.51.100.${String(randomInt(1, 251))}`;
    const captcha = await testApp.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { 'x-forwarded-for': ip },
    });
    const cookie = captcha.cookies.find((candidate) => candidate.name === 'wps_captcha');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'x-forwarded-for': ip },
      cookies: cookie ? { [cookie.name]: cookie.value } : {},
      payload: {
        password: 'Lotus4garden2',
        confirmPassword: 'Lotus4garden2',
        captcha: testCaptchaAnswer,
        termsAccepted: true,
        registerMethod: 'WEB',
        birthday: '1990-01-01',
        ...fields,
      },
    });
    return { status: response.statusCode, body: bodyOf(response) };
  };

  const memberNamed = async (username: string) => {
    const rows = await selectRows<{ id: unknown }>(
      testApp.database.db,
      sql`select id from members where lower(username) = lower(${username})`,
    );
    return rows[0];
  };

  it('refuses the mobile number, the email or the ID number of an excluded member without saying why, and creates no member', async () => {
    const mobileNum = `300${digits()}`;
    const email = `rg.${suffix()}@example.com`;
    const idNumber = `35202-${digits()}-1`;
    await excludedMember({ mobileNum, email, idNumber });

    const attempts: Record<string, string>[] = [
      { countryDialingCode: '92', mobileNum },
      { email: email.toUpperCase() },
      { idNumber: idNumber.replaceAll('-', ' ') },
    ];
    for (const details of attempts) {
      const username = `rgnew${suffix()}`;
      const refused = await register({ username, ...details });
      expect({ details, code: refused.body.code }).toEqual({ details, code: 'REGISTRATION_REFUSED' });
      expect(refused.status).toBe(403);
      // Whoever typed the details in may not be the excluded person: nothing tells of the exclusion.
      expect(JSON.stringify(refused.body)).not.toMatch(/exclu|time-out/i);
      expect(await memberNamed(username)).toBeUndefined();
    }
  });

  it('lets the same details register once the exclusion has ended, and others at any time', async () => {
    const email = `rg.${suffix()}@example.com`;
    const member = await excludedMember({ mobileNum: `301${digits()}`, email, idNumber: `X${digits()}` });
    const stranger = await register({ username: `rgok${suffix()}`, email: `other.${suffix()}@example.com` });
    expect(stranger.body.success).toBe(true);
    expect((await register({ username: `rgno${suffix()}`, email })).body.code).toBe('REGISTRATION_REFUSED');

    await endExclusionOf(member);
    const username = `rgback${suffix()}`;
    const back = await register({ username, email });
    expect(back.body.success).toBe(true);
    expect(await memberNamed(username)).toBeDefined();
  });

  it('refuses a first social sign-in with an excluded member’s email', async () => {
    const operator = await operatorHeaders(testApp.app);
    const flag = await testApp.app.inject({
      method: 'PATCH',
      url: '/wps/backoffice/site/settings',
      headers: operator,
      payload: { flags: { GOOGLELOGIN3: true } },
    });
    expect(flag.statusCode).toBe(200);
    const email = `rg.${suffix()}@example.com`;
    await excludedMember({ mobileNum: `302${digits()}`, email, idNumber: `Y${digits()}` });
    const visitor = { merchantCode: 'DEMO', host: '127.0.0.1', ip: '203.0.113.60' };
    const subject = `rg-${suffix()}`;
    await expect(
      testApp.app.auth.auth.signInWithSocialIdentity(visitor, {
        provider: 'google',
        subject,
        name: 'Back',
        email,
      }),
    ).rejects.toMatchObject({ code: 'REGISTRATION_REFUSED' });
    const linked = await selectRows(
      testApp.database.db,
      sql`select 1 from member_social_identities where subject = ${subject}`,
    );
    expect(linked).toHaveLength(0);
    // Another person's first sign-in still makes their account.
    const other = await testApp.app.auth.auth.signInWithSocialIdentity(visitor, {
      provider: 'google',
      subject: `rg-${suffix()}`,
      name: 'New',
      email: `new.${suffix()}@example.com`,
    });
    expect(other.token).toBeTruthy();
  });
});
