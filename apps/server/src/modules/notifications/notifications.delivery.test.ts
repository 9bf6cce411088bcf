import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { notKeptBody } from './message-delivery';
import { outboundMessages } from './notifications.tables';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      resolve(body);
    });
  });

describe('delivery through configured providers', () => {
  let subject: TestApp;
  const mails: string[] = [];
  const smsRequests: Array<{ authorization: string | undefined; body: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, done) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        mails.push(data);
        done();
      });
    },
  });
  const gateway = createServer((request, response) => {
    void readBody(request).then((body) => {
      smsRequests.push({ authorization: request.headers.authorization, body });
      response.writeHead(200).end('{}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    subject = await createTestApp();
    const configure = await subject.app.inject({
      method: 'PUT',
      url: '/wps/backoffice/site/delivery',
      headers: await operatorHeaders(subject.app),
      payload: {
        smsGateway: {
          url: `http://127.0.0.1:${String((gateway.address() as AddressInfo).port)}/send`,
          apiKey: 'gateway-key',
          sender: 'LOTUS',
        },
        smtp: {
          host: '127.0.0.1',
          port: (smtp.server.address() as AddressInfo).port,
          secure: false,
          user: null,
          password: null,
          from: 'Lucky Lotus <no-reply@lotus.test>',
        },
      },
    });
    expect(configure.json<{ value: { smtp: string } }>().value.smtp).toContain('127.0.0.1:');
  });
  afterAll(async () => {
    await subject.close();
    smtp.close();
    gateway.close();
  });

  const recorded = (recipient: string) =>
    subject.database.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient));

  it('sends the password-reset link over SMTP and keeps nothing readable of it', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${demoPlayer.username}&email=${encodeURIComponent(demoPlayer.email)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${demoPlayer.email}`);
    const token = /forget\?reset=([\w-]+)/.exec(mails[0]?.replace(/=\r?\n/g, '') ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const rows = await recorded(demoPlayer.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'smtp', status: 'sent', body: notKeptBody });
    expect(
      JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? '' : value)),
    ).not.toContain(token);
  });

  it('sends SMS codes through the HTTP gateway with its key, keeping no code', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '84', mobileNo: '912345678' },
    });
    expect(response.statusCode).toBe(200);
    expect(smsRequests).toHaveLength(1);
    expect(smsRequests[0]?.authorization).toBe('Bearer gateway-key');
    const sent = JSON.parse(smsRequests[0]?.body ?? '{}') as { text?: string };
    expect(sent).toMatchObject({ to: '+84912345678', from: 'LOTUS' });
    const code = /code is (\d{6})/.exec(sent.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const rows = await recorded('+84912345678');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'http', status: 'sent', body: notKeptBody });
    expect(rows[0]?.body).not.toContain(code);
  });

  it('has no outbox to read once the brand delivers through real providers, even for an admin', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/outbox?channel=sms&recipient=%2B84912345678',
      headers: await operatorHeaders(subject.app),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string; value: unknown }>()).toMatchObject({
      code: 'NOT_FOUND',
      value: null,
    });
  });
});

describe('a brand with only an SMTP server', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
    const configure = await subject.app.inject({
      method: 'PUT',
      url: '/wps/backoffice/site/delivery',
      headers: await operatorHeaders(subject.app),
      payload: {
        smsGateway: null,
        smtp: {
          host: '127.0.0.1',
          port: 9,
          secure: false,
          user: null,
          password: null,
          from: 'Lucky Lotus <no-reply@lotus.test>',
        },
      },
    });
    expect(configure.statusCode).toBe(200);
  });
  afterAll(() => subject.close());

  it('sends no SMS and keeps no readable code: the outbox is for brands with no provider at all', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '84', mobileNo: '912345678' },
    });
    expect(response.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
    const rows = await subject.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, '+84912345678'));
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'none', status: 'failed', body: notKeptBody }),
    ]);
  });
});
