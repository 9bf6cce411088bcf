import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testCaptchaAnswer, type TestApp } from '../../testing/test-app';
import { bodyOf, createVisitor } from './auth.test-helpers';

describe('registrations per address', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await subject.close();
  });

  it('follow the configured limit instead of the default', async () => {
    const visitor = createVisitor(subject.app, '203.0.113.77');
    const register = async (username: string) =>
      visitor.call('PUT', '/wps/member/register', {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha: await visitor.solveCaptcha(),
        termsAccepted: true,
        birthday: '1990-01-01',
        registerMethod: 'WEB',
      });
    expect((await register('limitfan1')).statusCode).toBe(200);
    expect((await register('limitfan2')).statusCode).toBe(200);
    expect(bodyOf(await register('limitfan3')).code).toBe('RATE_LIMITED');
  });

  it('register exactly the limit of a burst from one address (issue 19, point 8)', async () => {
    const ip = '203.0.113.78';
    const register = async (index: number) => {
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
          username: `burstfan${index}`,
          password: 'Lotus4garden2',
          confirmPassword: 'Lotus4garden2',
          captcha: testCaptchaAnswer,
          termsAccepted: true,
          birthday: '1990-01-01',
          registerMethod: 'WEB',
        },
      });
    };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => register(index)));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((response) => bodyOf(response).code === 'RATE_LIMITED')).toHaveLength(6);
  });
});
