import { and, count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password-hashing';
import { createTestApp, testCaptchaAnswer, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { outboundMessages } from '../notifications/notifications.tables';
import { authEvents } from './auth.tables';
import { bodyOf } from './auth.test-helpers';

/**
 * Issue 19, points 8 and 9: every attempt is counted before the secret is checked, so requests sent at once get
 * exactly the number of tries the rule allows; and the answers do not tell which names or numbers exist.
 * The bursts are real: every request is in flight at once, on PostgreSQL in CI.
 */
describe('attempt limits under bursts', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const times = <T>(length: number, make: (index: number) => T): T[] =>
    Array.from({ length }, (_, i) => make(i));

  /** A captcha of its own for one request (a visitor without a cookie may ask at once), answered right. */
  const captchaCookie = async (ip: string): Promise<Record<string, string>> => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { 'x-forwarded-for': ip },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'wps_captcha');
    if (!cookie) throw new Error(`no captcha: ${response.body}`);
    return { [cookie.name]: cookie.value };
  };

  const login = async (ip: string, username: string, password: string, withCaptcha = true) =>
    subject.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': ip },
      cookies: withCaptcha ? await captchaCookie(ip) : {},
      payload: { username, password, ...(withCaptcha ? { captcha: testCaptchaAnswer } : {}) },
    });

  const createMember = async (username: string, password: string) => {
    const [demo] = await subject.database.db
      .select({ brandId: members.brandId })
      .from(members)
      .where(eq(members.username, demoPlayer.username));
    if (!demo) throw new Error('no demo brand');
    await subject.database.db.insert(members).values({
      brandId: demo.brandId,
      username,
      nickname: username,
      passwordHash: await hashPassword(password),
    });
  };

  /** Failed logins whose password was checked (a refusal before the check records its reason). */
  const checkedFailures = async (account: string) => {
    const [row] = await subject.database.db
      .select({ total: count() })
      .from(authEvents)
      .where(
        and(
          eq(authEvents.event, 'login'),
          eq(authEvents.account, account),
          eq(authEvents.isSuccess, false),
          isNull(authEvents.detail),
        ),
      );
    return row?.total ?? 0;
  };

  const codes = (responses: readonly LightMyRequestResponse[]) =>
    responses.map((response) => bodyOf(response).code);

  it('check exactly five of 25 wrong passwords sent at once, then refuse the right one', async () => {
    await createMember('burstfan01', 'Lotus-garden-42');
    const wrong = await Promise.all(
      times(25, (index) => login(`198.51.100.${index + 1}`, 'burstfan01', `Wrong-guess-${index}`)),
    );
    expect(codes(wrong).every((code) => code === 'INVALID_CREDENTIALS' || code === 'ACCOUNT_LOCKED')).toBe(
      true,
    );
    expect(await checkedFailures('burstfan01')).toBe(5);
    const right = await login('198.51.100.200', 'burstfan01', 'Lotus-garden-42');
    expect(bodyOf(right).code).toBe('ACCOUNT_LOCKED');
  });

  it('refuse an address past its failures however many arrive at once', async () => {
    // Twenty failures from one address in the window; each of 30 names is tried once, all at once.
    const answers = await Promise.all(
      times(30, (index) => login('198.51.100.250', `sprayed${index}`, 'Wrong-guess-0')),
    );
    expect(codes(answers).filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(20);
    expect(codes(answers).filter((code) => code === 'RATE_LIMITED')).toHaveLength(10);
  });

  it('send one code of a burst of requests for one number, and count codes per number', async () => {
    const request = (ip: string) =>
      subject.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: { 'x-forwarded-for': ip },
        payload: { countryDialingCode: '63', mobileNo: '9185557777' },
      });
    const answers = await Promise.all(times(10, (index) => request(`192.0.2.${index + 1}`)));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const [sent] = await subject.database.db
      .select({ total: count() })
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, '+639185557777'));
    expect(sent?.total).toBe(1);
  });

  it('give free play to exactly the hourly number of a burst from one address', async () => {
    const answers = await Promise.all(
      times(30, () =>
        subject.app.inject({
          method: 'POST',
          url: '/wps/session/login/freeplay',
          headers: { 'x-forwarded-for': '192.0.2.200' },
          payload: { platform: 'W' },
        }),
      ),
    );
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(20);
    expect(codes(answers).filter((code) => code === 'RATE_LIMITED')).toHaveLength(10);
  });

  describe('answers that do not tell who exists', () => {
    it('ask the captcha and lock an unknown name exactly as a known one', async () => {
      await createMember('knownfan01', 'Lotus-garden-42');
      const sequence = async (username: string, ip: string) => {
        const answers: string[] = [];
        // A second try without a captcha, then the lock: five failures, the sixth refused.
        answers.push((await login(ip, username, 'Wrong-guess-1', false)).body);
        answers.push((await login(ip, username, 'Wrong-guess-2', false)).body);
        for (let attempt = 0; attempt < 5; attempt += 1)
          answers.push((await login(ip, username, `Wrong-guess-${attempt + 3}`)).body);
        return answers;
      };
      const known = await sequence('knownfan01', '203.0.113.101');
      const unknown = await sequence('nobodyfan01', '203.0.113.102');
      expect(unknown).toEqual(known);
      expect(known.map((body) => (JSON.parse(body) as { code: string }).code)).toEqual([
        'INVALID_CREDENTIALS',
        'CAPTCHA_REQUIRED',
        'INVALID_CREDENTIALS',
        'INVALID_CREDENTIALS',
        'INVALID_CREDENTIALS',
        'ACCOUNT_LOCKED',
        'ACCOUNT_LOCKED',
      ]);
    });

    it('answer a code request for an unknown number as for a registered one, sending only to the member', async () => {
      const request = (mobileNo: string, ip: string) =>
        subject.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          headers: { 'x-forwarded-for': ip },
          payload: { countryDialingCode: demoPlayer.countryDialingCode, mobileNo },
        });
      const registered = [
        await request(demoPlayer.mobileNum, '203.0.113.111'),
        await request(demoPlayer.mobileNum, '203.0.113.111'),
      ];
      const unknown = [
        await request('9170000001', '203.0.113.112'),
        await request('9170000001', '203.0.113.112'),
      ];
      expect(unknown.map((response) => response.body)).toEqual(registered.map((response) => response.body));
      expect(registered.map((response) => response.statusCode)).toEqual([200, 429]);
      const sentTo = async (recipient: string) =>
        (
          await subject.database.db
            .select({ total: count() })
            .from(outboundMessages)
            .where(eq(outboundMessages.recipient, recipient))
        )[0]?.total;
      expect(await sentTo(`+${demoPlayer.countryDialingCode}${demoPlayer.mobileNum}`)).toBe(1);
      expect(await sentTo(`+${demoPlayer.countryDialingCode}9170000001`)).toBe(0);
    });
  });
});
