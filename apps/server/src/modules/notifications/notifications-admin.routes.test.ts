import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';

describe('the outbox for staff', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('shows staff the SMS sent to a number, and nobody else', async () => {
    const sms = await subject.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '92', mobileNo: '3001234567' },
    });
    expect(sms.statusCode).toBe(200);
    const url = '/wps/backoffice/outbox?channel=sms&recipient=%2B923001234567';
    expect((await subject.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const response = await subject.app.inject({
      method: 'GET',
      url,
      headers: await operatorHeaders(subject.app),
    });
    const body = response.json<{
      value: { messages: Array<{ body: string; provider: string; status: string }> };
    }>();
    expect(body.value.messages).toHaveLength(1);
    expect(body.value.messages[0]).toMatchObject({ provider: 'outbox', status: 'stored' });
    expect(body.value.messages[0]?.body).toMatch(/verification code is \d{6}/);
  });
});
