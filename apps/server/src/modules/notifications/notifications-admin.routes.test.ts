import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';

describe('the outbox for staff', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const url = '/wps/backoffice/outbox?channel=sms&recipient=%2B923001234567';

  it('shows an admin the SMS sent to a number, and nobody else', async () => {
    const sms = await subject.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '92', mobileNo: '3001234567' },
    });
    expect(sms.statusCode).toBe(200);
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

  it("lists the brand's newest messages to anyone for the console's outbox page, newest first", async () => {
    for (const mobileNo of ['3001112222', '3003334444']) {
      const sms = await subject.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { countryDialingCode: '92', mobileNo },
      });
      expect(sms.statusCode).toBe(200);
    }
    const headers = await operatorHeaders(subject.app);
    const all = await subject.app.inject({ method: 'GET', url: '/wps/backoffice/outbox', headers });
    const { messages } = all.json<{
      value: { messages: Array<{ id: string; channel: string; recipient: string; body: string }> };
    }>().value;
    expect(messages.map((message) => message.recipient).slice(0, 2)).toEqual([
      '+923003334444',
      '+923001112222',
    ]);
    expect(messages[0]).toMatchObject({ channel: 'sms' });
    expect(messages[0]?.body).toMatch(/verification code is \d{6}/);
    const emails = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/outbox?channel=email',
      headers,
    });
    expect(emails.json<{ value: { messages: unknown[] } }>().value.messages).toEqual([]);
    const support = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/outbox',
      headers: await createStaff(subject.app, { role: 'support', username: 'outbox-list-support' }),
    });
    expect(support.statusCode).toBe(403);
  });

  it('refuses support and finance staff: the outbox holds sign-in codes', async () => {
    for (const role of ['support', 'finance'] as const) {
      const response = await subject.app.inject({
        method: 'GET',
        url,
        headers: await createStaff(subject.app, { role, username: `outbox-${role}` }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ code: string; value: unknown }>()).toMatchObject({
        code: 'FORBIDDEN',
        value: null,
      });
      expect(response.body).not.toMatch(/code is \d{6}/);
    }
  });
});
