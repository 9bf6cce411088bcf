import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
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
        registerMethod: 'WEB',
      });
    expect((await register('limitfan1')).statusCode).toBe(200);
    expect((await register('limitfan2')).statusCode).toBe(200);
    expect(bodyOf(await register('limitfan3')).code).toBe('RATE_LIMITED');
  });
});
