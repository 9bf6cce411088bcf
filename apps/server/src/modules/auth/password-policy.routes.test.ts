import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, testCaptchaAnswer, type TestApp } from '../../testing/test-app';
import { bodyOf } from './auth.test-helpers';

type Issues = { value: { issues: { field: string; message: string }[] } };

/**
 * Issue 19, point 12: the password policy of OWASP ASVS 5.0 on every way a password is set: 8 to 128 characters
 * of any kind (spaces and symbols included), never one of the most common passwords.
 */
describe('password policy', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  let visitorNumber = 0;
  const register = async (username: string, password: string) => {
    visitorNumber += 1;
    const ip = `198.18.0.${visitorNumber}`;
    const captcha = await subject.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { 'x-forwarded-for': ip },
    });
    const cookie = captcha.cookies.find((candidate) => candidate.name === 'wps_captcha');
    return subject.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'x-forwarded-for': ip },
      cookies: cookie ? { [cookie.name]: cookie.value } : {},
      payload: {
        username,
        password,
        confirmPassword: password,
        captcha: testCaptchaAnswer,
        termsAccepted: true,
        birthday: '1990-01-01',
        registerMethod: 'WEB',
      },
    });
  };
  const passwordIssue = (response: Awaited<ReturnType<typeof register>>) =>
    response.json<Issues>().value.issues.find((issue) => issue.field.toLowerCase().includes('password'))
      ?.message;

  it('registers with any characters, spaces and symbols included, up to 128', async () => {
    expect((await register('policyfan1', 'lotus garden #42 (ünïcødé)')).statusCode).toBe(200);
    const long = `${'Lotus garden 42! '.repeat(7)}abcdefghi`;
    expect(long).toHaveLength(128);
    expect((await register('policyfan2', long)).statusCode).toBe(200);
  });

  it('refuses fewer than 8, more than 128, and a common password in any case', async () => {
    const short = await register('policyfan3', 'Ab1-xyz');
    expect(bodyOf(short).code).toBe('VALIDATION_FAILED');
    expect(passwordIssue(short)).toBe('Please fill in your password with 8-128 characters.');
    // Past 128 the request's schema refuses it before the rules run.
    const long = await register('policyfan4', 'x'.repeat(129));
    expect(bodyOf(long).code).toBe('VALIDATION_FAILED');
    expect(passwordIssue(long)).toBeDefined();
    const common = await register('policyfan5', 'Password1');
    expect(passwordIssue(common)).toBe('This password is one of the most common; please choose another.');
  });

  it('holds a changed password and an agent-created member to it', async () => {
    const registered = await register('policyfan6', 'lotus garden #42');
    const { token } = registered.json<{ value: { token: string } }>().value;
    const change = await subject.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'lotus garden #42', newPassword: 'qwerty123', confirmNewPassword: 'qwerty123' },
    });
    expect(passwordIssue(change)).toBe('This password is one of the most common; please choose another.');

    const { authorization } = await loginAsMember(subject, 'demoagent');
    const created = await subject.app.inject({
      method: 'POST',
      url: '/wps/agent/members',
      headers: { authorization },
      payload: { username: 'policyfan7', password: 'iloveyou2' },
    });
    expect(bodyOf(created).code).toBe('VALIDATION_FAILED');
    expect(passwordIssue(created)).toBe('This password is one of the most common; please choose another.');
  });
});
