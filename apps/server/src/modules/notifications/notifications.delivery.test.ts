import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';

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

  it('sends the forgotten-password mail over SMTP', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${demoPlayer.username}&email=${encodeURIComponent(demoPlayer.email)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${demoPlayer.email}`);
    expect(mails[0]).toMatch(/new password is: \S+/);
  });

  it('sends SMS codes through the HTTP gateway with its key', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '84', mobileNo: '912345678' },
    });
    expect(response.statusCode).toBe(200);
    expect(smsRequests).toHaveLength(1);
    expect(smsRequests[0]?.authorization).toBe('Bearer gateway-key');
    expect(JSON.parse(smsRequests[0]?.body ?? '{}')).toMatchObject({ to: '+84912345678', from: 'LOTUS' });
  });
});
