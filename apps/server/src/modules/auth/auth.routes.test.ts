import { Writable } from 'node:stream';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptRequestBody } from '@wps/contracts/body-cipher';
import { createTestApp, operatorHeaders, testCaptchaAnswer, type TestApp } from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { outboundMessages } from '../notifications/notifications.tables';
import { authEvents } from './auth.tables';
import { bodyOf, createVisitor, readSmsCode } from './auth.test-helpers';

type SessionBody = { value: { token: string; firstTimeLogin: boolean; mustChangePassword: boolean } };
const playerPhone = `+${demoPlayer.countryDialingCode}${demoPlayer.mobileNum}`;

describe('accounts and sign-in', () => {
  let subject: TestApp;
  let logs = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    subject = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => subject.close());

  const memberCount = async () =>
    (await subject.database.db.select({ total: count() }).from(members))[0]?.total ?? 0;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('registration by username', () => {
    it('registers, logs in automatically and answers member info', async () => {
      const visitor = createVisitor(subject.app);
      const captcha = await visitor.solveCaptcha();
      const response = await visitor.call('PUT', '/wps/member/register', {
        username: 'lotusfan1',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha,
        termsAccepted: true,
        birthday: '1990-01-01',
        registerMethod: 'WEB',
        login: true,
      });
      expect(response.statusCode).toBe(200);
      const session = response.json<SessionBody>().value;
      expect(session.firstTimeLogin).toBe(true);
      // The member's other tabs are signed in too: the browser-session cookie carries the new session.
      expect(response.cookies.find((cookie) => cookie.name === 'wps_session')?.value).toBe(session.token);
      const info = await visitor.call('GET', '/wps/member/info', undefined, bearer(session.token));
      expect(bodyOf(info).value).toMatchObject({
        account: 'lotusfan1',
        type: 0,
        isAgent: false,
        isTrial: false,
      });
    });

    it('refuses a taken name, whatever its case, and writes nothing', async () => {
      const before = await memberCount();
      const visitor = createVisitor(subject.app, '203.0.113.11');
      const response = await visitor.call('PUT', '/wps/member/register', {
        username: 'DemoPlayer',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      });
      expect(bodyOf(response)).toMatchObject({ success: false, code: 'USERNAME_TAKEN' });
      expect(await memberCount()).toBe(before);
    });

    it('answers every bad input in the envelope with a code and writes nothing', async () => {
      const before = await memberCount();
      const valid = {
        username: 'goodname1',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        termsAccepted: true,
        birthday: '1990-01-01',
      };
      const cases: Array<[string, unknown, string]> = [
        ['missing password', { ...valid, password: undefined }, 'VALIDATION_FAILED'],
        ['extra field', { ...valid, isAdmin: true }, 'VALIDATION_FAILED'],
        ['terms not accepted', { ...valid, termsAccepted: false }, 'VALIDATION_FAILED'],
        ['too long', { ...valid, username: 'a'.repeat(65) }, 'VALIDATION_FAILED'],
        ['too short for the rule', { ...valid, username: 'ab1' }, 'VALIDATION_FAILED'],
        ['wrong pattern', { ...valid, username: '1startsdigit' }, 'VALIDATION_FAILED'],
        ['wrong type', { ...valid, username: 12345678 }, 'VALIDATION_FAILED'],
        ['HTML fragment', { ...valid, username: '<script>x</script>' }, 'VALIDATION_FAILED'],
        ['SQL fragment', { ...valid, username: "a' or '1'='1" }, 'VALIDATION_FAILED'],
        ['confirmation differs', { ...valid, confirmPassword: 'Other1234' }, 'VALIDATION_FAILED'],
        ['no captcha', valid, 'VALIDATION_FAILED'],
        ['wrong captcha', { ...valid, captcha: 'ZZZZ' }, 'CAPTCHA_INVALID'],
        [
          'unknown affiliate',
          { ...valid, captcha: testCaptchaAnswer, affiliateCode: 'NOPE' },
          'INVALID_AFFILIATE_CODE',
        ],
      ];
      for (const [name, payload, code] of cases) {
        const visitor = createVisitor(subject.app, '203.0.113.12');
        await visitor.solveCaptcha();
        const response = await visitor.call('PUT', '/wps/member/register', payload);
        expect({ name, code: bodyOf(response).code, success: bodyOf(response).success }).toEqual({
          name,
          code,
          success: false,
        });
      }
      const oversized = await createVisitor(subject.app).call('PUT', '/wps/member/register', {
        ...valid,
        registerUrl: 'x'.repeat(2_000_000),
      });
      expect(oversized.statusCode).toBe(413);
      expect(await memberCount()).toBe(before);
    });

    it('places a member registered with an agent code under that agent', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.13');
      const check = await visitor.call('GET', `/wps/agent/affiliate?code=${demoAgent.affiliateCode}`);
      expect(bodyOf(check)).toMatchObject({ success: true, value: { agentAccount: demoAgent.username } });
      const response = await visitor.call('PUT', '/wps/member/register', {
        username: 'invited01',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        affiliateCode: demoAgent.affiliateCode,
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      });
      expect(response.statusCode).toBe(200);
      const rows = await subject.database.db.select().from(members);
      const agent = rows.find((row) => row.username === demoAgent.username);
      expect(rows.find((row) => row.username === 'invited01')?.uplineId).toBe(agent?.id);
    });
  });

  describe('captcha', () => {
    it('is a PNG whose answer works once, and refreshes at most once a second', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.20');
      await visitor.solveCaptcha();
      const tooSoon = await visitor.call('GET', '/wps/captcha');
      expect(bodyOf(tooSoon).code).toBe('RATE_LIMITED');
      const payload = {
        username: 'captchaone',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha: testCaptchaAnswer,
        termsAccepted: true,
        birthday: '1990-01-01',
      };
      expect((await visitor.call('PUT', '/wps/member/register', payload)).statusCode).toBe(200);
      const replay = await visitor.call('PUT', '/wps/member/register', {
        ...payload,
        username: 'captchatwo',
      });
      expect(bodyOf(replay).code).toBe('CAPTCHA_INVALID');
    });
  });

  describe('registration by mobile with an SMS code', () => {
    it('sends a code to the outbox, registers with it once, and names the member by the number', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.30');
      const sms = await visitor.call('POST', '/wps/verification/sms/register', {
        countryDialingCode: '63',
        mobileNo: '09181112222',
      });
      expect(bodyOf(sms)).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
      const code = await readSmsCode(subject.database.db, '+639181112222');
      const payload = {
        mobileNum: '09181112222',
        countryDialingCode: '63',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        verificationCode: code,
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      };
      const response = await visitor.call('PUT', '/wps/member/register/mobile', payload);
      expect(response.statusCode).toBe(200);
      const info = await visitor.call(
        'GET',
        '/wps/member/info',
        undefined,
        bearer(response.json<SessionBody>().value.token),
      );
      expect(bodyOf(info).value).toMatchObject({ account: '9181112222' });

      const again = createVisitor(subject.app, '203.0.113.31');
      const replay = await again.call('PUT', '/wps/member/register/mobile', {
        ...payload,
        mobileNum: '09181113333',
        captcha: await again.solveCaptcha(),
      });
      expect(bodyOf(replay).code).toBe('VERIFICATION_CODE_INVALID');
    });

    it("refuses a number that is not one of its country's, before sending or registering anything", async () => {
      const visitor = createVisitor(subject.app, '203.0.113.33');
      // Six digits after +63 pass a length check of 5-15 digits, not the Philippine numbering plan.
      const sms = await visitor.call('POST', '/wps/verification/sms/register', {
        countryDialingCode: '63',
        mobileNo: '917123',
      });
      expect(sms.statusCode).toBe(400);
      expect(bodyOf(sms)).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { issues: [{ field: 'mobileNo', message: 'Please enter a valid mobile number.' }] },
      });
      // A Philippine mobile number under the dialling code of the United States.
      const registration = await visitor.call('PUT', '/wps/member/register/mobile', {
        mobileNum: '9181114444',
        countryDialingCode: '1',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        verificationCode: '123456',
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      });
      expect(bodyOf(registration)).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { issues: [{ field: 'mobileNum', message: 'Please enter a valid mobile number.' }] },
      });
    });

    it('limits codes per number', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.32');
      const first = await visitor.call('POST', '/wps/verification/sms/register', {
        countryDialingCode: '63',
        mobileNo: '9185550000',
      });
      expect(first.statusCode).toBe(200);
      const second = await visitor.call('POST', '/wps/verification/sms/register', {
        countryDialingCode: '63',
        mobileNo: '9185550000',
      });
      expect(bodyOf(second).code).toBe('RATE_LIMITED');
    });
  });

  describe('login', () => {
    it('asks for the captcha after a failure, then admits the right password', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.40');
      const wrong = await visitor.call('POST', '/wps/session/login', {
        username: 'lotusfan1',
        password: 'Wrong1234',
      });
      expect(wrong.statusCode).toBe(401);
      expect(bodyOf(wrong)).toMatchObject({ code: 'INVALID_CREDENTIALS', value: { captcha: true } });
      const noCaptcha = await visitor.call('POST', '/wps/session/login', {
        username: 'lotusfan1',
        password: 'Secret123',
      });
      expect(bodyOf(noCaptcha)).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
      const captcha = await visitor.solveCaptcha();
      const right = await visitor.call('POST', '/wps/session/login', {
        username: 'lotusfan1',
        password: 'Secret123',
        captcha,
      });
      expect(right.statusCode).toBe(200);
      expect(right.json<SessionBody>().value.firstTimeLogin).toBe(false);
    });

    it('answers an unknown name exactly like a wrong password', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.41');
      const unknown = await visitor.call('POST', '/wps/session/login', {
        username: 'nobody-at-all',
        password: 'Wrong1234',
      });
      const other = createVisitor(subject.app, '203.0.113.42');
      const wrong = await other.call('POST', '/wps/session/login', {
        username: 'invited01',
        password: 'Wrong1234',
      });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
    });

    it('locks an account after repeated failures, even against the right password', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.43');
      const register = await visitor.call('PUT', '/wps/member/register', {
        username: 'lockme01',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      });
      expect(register.statusCode).toBe(200);
      let last = '';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const captcha = await visitor.solveCaptcha();
        last =
          bodyOf(
            await visitor.call('POST', '/wps/session/login', {
              username: 'lockme01',
              password: 'Nope12345',
              captcha,
            }),
          ).code ?? '';
      }
      expect(last).toBe('ACCOUNT_LOCKED');
      const captcha = await visitor.solveCaptcha();
      const right = await visitor.call('POST', '/wps/session/login', {
        username: 'lockme01',
        password: 'Secret123',
        captcha,
      });
      expect(bodyOf(right).code).toBe('ACCOUNT_LOCKED');
      const failures = await subject.database.db
        .select()
        .from(authEvents)
        .orderBy(desc(authEvents.id))
        .limit(6);
      expect(
        failures.every(
          (event) => !event.isSuccess && event.account === 'lockme01' && event.ip === '203.0.113.43',
        ),
      ).toBe(true);
    }, 60_000);

    it('keeps non-agents out of the agent area and lets agents in', async () => {
      const member = await createVisitor(subject.app, '203.0.113.44').call('POST', '/wps/session/login', {
        username: demoPlayer.username,
        password: demoPlayer.password,
        loginArea: 'agent',
      });
      expect(bodyOf(member)).toMatchObject({ code: 'NON_AGENT_LOGIN', message: 'Non-agents cannot log in.' });
      const agent = await createVisitor(subject.app, '203.0.113.45').call('POST', '/wps/session/login', {
        username: demoAgent.username,
        password: demoAgent.password,
        loginArea: 'agent',
      });
      expect(agent.statusCode).toBe(200);
      const info = await subject.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: bearer(agent.json<SessionBody>().value.token),
      });
      expect(bodyOf(info).value).toMatchObject({ isAgent: true, type: 1 });
    });

    it('asks a member with a phone to verify a login from a new address', async () => {
      const visitor = createVisitor(subject.app, '198.51.100.7');
      const first = await visitor.call('POST', '/wps/session/login', {
        username: demoPlayer.username,
        password: demoPlayer.password,
      });
      expect(first.statusCode).toBe(200);
      const elsewhere = createVisitor(subject.app, '198.51.100.99');
      const challenged = await elsewhere.call('POST', '/wps/session/login', {
        username: demoPlayer.username,
        password: demoPlayer.password,
      });
      expect(bodyOf(challenged)).toMatchObject({
        code: 'VERIFICATION_REQUIRED',
        value: { verification: 'sms' },
      });
      const code = await readSmsCode(subject.database.db, playerPhone);
      const wrongCode = await elsewhere.call('POST', '/wps/session/login', {
        username: demoPlayer.username,
        password: demoPlayer.password,
        verificationCode: '000000' === code ? '111111' : '000000',
      });
      expect(bodyOf(wrongCode).code).toBe('VERIFICATION_CODE_INVALID');
      const verified = await elsewhere.call('POST', '/wps/session/login', {
        username: demoPlayer.username,
        password: demoPlayer.password,
        verificationCode: code,
      });
      expect(verified.statusCode).toBe(200);
    });

    it('asks a member with only an email for a code sent by email', async () => {
      const home = createVisitor(subject.app, '198.51.100.20');
      const register = await home.call('PUT', '/wps/member/register', {
        username: 'mailonly01',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        email: 'mailonly@example.com',
        captcha: await home.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      });
      expect(register.statusCode).toBe(200);
      const away = createVisitor(subject.app, '198.51.100.21');
      const credentials = { username: 'mailonly01', password: 'Secret123' };
      const challenged = await away.call('POST', '/wps/session/login', credentials);
      expect(bodyOf(challenged)).toMatchObject({
        code: 'VERIFICATION_REQUIRED',
        value: { verification: 'email', hint: 'ma***@example.com' },
      });
      const [mail] = await subject.database.db
        .select()
        .from(outboundMessages)
        .orderBy(desc(outboundMessages.id))
        .limit(1);
      expect(mail).toMatchObject({ channel: 'email', recipient: 'mailonly@example.com' });
      const code = /code is (\d{6})/.exec(mail?.body ?? '')?.[1];
      const verified = await away.call('POST', '/wps/session/login', {
        ...credentials,
        verificationCode: code,
      });
      expect(verified.statusCode).toBe(200);
    });

    it('logs in by mobile number and SMS code', async () => {
      const visitor = createVisitor(subject.app, '198.51.100.7');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const sms = await visitor.call('POST', '/wps/verification/sms/noLogin', {
        countryDialingCode: demoPlayer.countryDialingCode,
        mobileNo: demoPlayer.mobileNum,
      });
      expect(sms.statusCode).toBe(200);
      const code = await readSmsCode(subject.database.db, playerPhone);
      const response = await visitor.call('POST', '/wps/session/login', {
        type: 'sms',
        username: demoPlayer.mobileNum,
        countryDialingCode: demoPlayer.countryDialingCode,
        password: code,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<SessionBody>().value.mustChangePassword).toBe(false);
    });

    it('hands a second tab the session of its httpOnly cookie: 24 hours when remembered (issue 30, point 4)', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.46');
      const login = await visitor.call('POST', '/wps/session/login', {
        username: demoAgent.username,
        password: demoAgent.password,
        remember: true,
      });
      const cookie = login.cookies.find((candidate) => candidate.name === 'wps_session');
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/wps/session',
        maxAge: 86_400,
      });
      const resumed = await visitor.call('POST', '/wps/session/remembered');
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json<SessionBody>().value.token).toBe(login.json<SessionBody>().value.token);
    });

    it('hands a second tab a session not remembered from a browser-session cookie, until logout', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.47');
      const login = await visitor.call('POST', '/wps/session/login', {
        username: demoAgent.username,
        password: demoAgent.password,
      });
      const { token } = login.json<SessionBody>().value;
      const cookie = login.cookies.find((candidate) => candidate.name === 'wps_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/wps/session' });
      // No Max-Age nor Expires: the cookie ends with the browser.
      expect(cookie?.maxAge).toBeUndefined();
      expect(cookie?.expires).toBeUndefined();
      const resumed = await visitor.call('POST', '/wps/session/remembered');
      expect(resumed.json<SessionBody>().value.token).toBe(token);

      await visitor.call('DELETE', '/wps/session/logout', undefined, bearer(token));
      const afterLogout = await visitor.call('POST', '/wps/session/remembered');
      expect(afterLogout.statusCode).toBe(200);
      expect(bodyOf(afterLogout).value).toBeNull();
    });

    it('answers a guest, or a cookie whose session has ended, with no session rather than a failure (issue 30, point 7)', async () => {
      const guest = await createVisitor(subject.app, '203.0.113.48').call('POST', '/wps/session/remembered');
      expect(guest.statusCode).toBe(200);
      expect(bodyOf(guest)).toMatchObject({ success: true, value: null });
      expect(guest.cookies).toHaveLength(0);

      const stale = await subject.app.inject({
        method: 'POST',
        url: '/wps/session/remembered',
        cookies: { wps_session: 'no-such-session-token-0123456789' },
      });
      expect(stale.statusCode).toBe(200);
      expect(bodyOf(stale).value).toBeNull();
      // The ended session's cookie is dropped.
      expect(stale.cookies.find((candidate) => candidate.name === 'wps_session')?.value).toBe('');
    });
  });

  describe('sessions and passwords', () => {
    it('makes a token unusable after logout', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.50');
      const login = await visitor.call('POST', '/wps/session/login', {
        username: demoAgent.username,
        password: demoAgent.password,
      });
      const { token } = login.json<SessionBody>().value;
      expect((await visitor.call('DELETE', '/wps/session/logout', undefined, bearer(token))).statusCode).toBe(
        200,
      );
      const after = await visitor.call('GET', '/wps/member/info', undefined, bearer(token));
      expect(after.statusCode).toBe(401);
    });

    it('changes the password, refusing a wrong old one, and revokes the other sessions', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.51');
      const register = await visitor.call('PUT', '/wps/member/register', {
        username: 'changer01',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
      });
      const current = register.json<SessionBody>().value.token;
      const other = (
        await visitor.call('POST', '/wps/session/login', { username: 'changer01', password: 'Secret123' })
      ).json<SessionBody>().value.token;
      const wrongOld = await visitor.call(
        'POST',
        '/wps/member/password',
        { oldPassword: 'Wrong1234', newPassword: 'Better123', confirmNewPassword: 'Better123' },
        bearer(current),
      );
      expect(bodyOf(wrongOld).code).toBe('OLD_PASSWORD_WRONG');
      const mismatch = await visitor.call(
        'POST',
        '/wps/member/password',
        { oldPassword: 'Secret123', newPassword: 'Better123', confirmNewPassword: 'Better124' },
        bearer(current),
      );
      expect(bodyOf(mismatch).code).toBe('VALIDATION_FAILED');
      const changed = await visitor.call(
        'POST',
        '/wps/member/password',
        { oldPassword: 'Secret123', newPassword: 'Better123', confirmNewPassword: 'Better123' },
        bearer(current),
      );
      expect(changed.statusCode).toBe(200);
      expect((await visitor.call('GET', '/wps/member/info', undefined, bearer(other))).statusCode).toBe(401);
      expect((await visitor.call('GET', '/wps/member/info', undefined, bearer(current))).statusCode).toBe(
        200,
      );
    });

    it('resets the password by phone and logs in with the new one', async () => {
      const visitor = createVisitor(subject.app, '198.51.100.7');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await visitor.call('POST', '/wps/verification/sms/noLogin', {
        countryDialingCode: '63',
        mobileNo: demoPlayer.mobileNum,
      });
      const code = await readSmsCode(subject.database.db, playerPhone);
      const reset = await visitor.call('POST', '/wps/member/password/verification', {
        mobileNum: demoPlayer.mobileNum,
        countryDialingCode: '63',
        verificationCode: code,
        newPassword: 'Fresh2026',
      });
      expect(reset.statusCode).toBe(200);
      const login = await visitor.call('POST', '/wps/session/login', {
        username: demoPlayer.username,
        password: 'Fresh2026',
      });
      expect(login.statusCode).toBe(200);
      const replay = await visitor.call('POST', '/wps/member/password/verification', {
        mobileNum: demoPlayer.mobileNum,
        countryDialingCode: '63',
        verificationCode: code,
        newPassword: 'Other2026',
      });
      expect(bodyOf(replay).code).toBe('VERIFICATION_CODE_INVALID');
    }, 60_000);
  });

  describe('free play', () => {
    it('gives a trial account that cannot use member actions', async () => {
      const visitor = createVisitor(subject.app, '203.0.113.60');
      const trial = await visitor.call('POST', '/wps/session/login/freeplay', { platform: 'W' });
      const { token } = trial.json<SessionBody>().value;
      expect(
        bodyOf(await visitor.call('GET', '/wps/member/info', undefined, bearer(token))).value,
      ).toMatchObject({ type: 4, isTrial: true });
      const change = await visitor.call(
        'POST',
        '/wps/member/password',
        { oldPassword: 'x', newPassword: 'Better123', confirmNewPassword: 'Better123' },
        bearer(token),
      );
      expect(bodyOf(change).code).toBe('TRIAL_NOT_ALLOWED');
    });
  });

  it('never writes a session token to the logs', async () => {
    const login = await createVisitor(subject.app, '203.0.113.70').call('POST', '/wps/session/login', {
      username: demoAgent.username,
      password: demoAgent.password,
    });
    const { token } = login.json<SessionBody>().value;
    await subject.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
    expect(logs).toContain('/wps/member/info');
    expect(logs).not.toContain(token);
  });
});

describe('encrypted bodies on the "encrypt" calls', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('accepts an encrypted login and, once the brand requires it, refuses a plain one', async () => {
    const key = bodyOf(await subject.app.inject({ method: 'GET', url: '/wps/system/encryption-key' }));
    const publicKey = key.value as { keyId: string; publicKey: string };
    const credentials = { username: demoAgent.username, password: demoAgent.password };
    const sealed = await encryptRequestBody(publicKey, credentials);
    const login = await createVisitor(subject.app, '203.0.113.80').call('POST', '/wps/session/login', sealed);
    expect(login.statusCode).toBe(200);

    const operator = await operatorHeaders(subject.app);
    const patch = await subject.app.inject({
      method: 'PATCH',
      url: '/wps/backoffice/site/settings',
      headers: operator,
      payload: { requireEncryptedBodies: true },
    });
    expect(patch.statusCode).toBe(200);
    const plain = await createVisitor(subject.app, '203.0.113.81').call(
      'POST',
      '/wps/session/login',
      credentials,
    );
    expect(bodyOf(plain).code).toBe('ENCRYPTION_REQUIRED');
    const tampered = {
      encrypted: { ...sealed.encrypted, data: sealed.encrypted.data.slice(0, -4) + 'AAAA' },
    };
    const refused = await createVisitor(subject.app, '203.0.113.82').call(
      'POST',
      '/wps/session/login',
      tampered,
    );
    expect(bodyOf(refused).code).toBe('DECRYPTION_FAILED');
    const resealed = await encryptRequestBody(publicKey, credentials);
    expect(
      (await createVisitor(subject.app, '203.0.113.83').call('POST', '/wps/session/login', resealed))
        .statusCode,
    ).toBe(200);
  });
});
