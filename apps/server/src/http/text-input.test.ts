import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerErrorHandling } from './error-handler';
import { serializeError } from './log-serializers';

/**
 * Text PostgreSQL cannot store (a NUL byte, a lone surrogate) is the client's mistake: 400 in the envelope on
 * every route, never a database error and a 500. And the log of such a request keeps neither its query string
 * nor the values a failed query was bound to. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
describe('text the database cannot store', () => {
  let subject: TestApp;
  let logs = '';
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    subject = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  });
  afterAll(() => subject.close());

  const refusedField = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    const body = response.json() as {
      success: boolean;
      code: string;
      value: { issues: { field: string }[] };
    };
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    return body.value.issues[0]?.field;
  };

  it('answers a NUL byte in a JSON body with 400 VALIDATION_FAILED', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/backoffice/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"operator\\u0000","password":"any-password"}',
    });
    expect(refusedField(response)).toBe('body.username');
  });

  it('answers a lone surrogate in a JSON body with 400 (it has no UTF-8 form to store)', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/backoffice/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"operator\\ud800","password":"any-password"}',
    });
    expect(refusedField(response)).toBe('body.username');
  });

  it('answers a NUL byte in a form body, the query or a path parameter with 400', async () => {
    const form = await subject.app.inject({
      method: 'POST',
      url: '/wps/backoffice/session/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=operator%00&password=x',
    });
    expect(refusedField(form)).toBe('body.username');
    const query = await subject.app.inject({
      url: '/wps/agent/affiliate?code=LOTUS%0001',
      headers: { 'x-merchant-code': 'DEMO' },
    });
    expect(refusedField(query)).toBe('querystring.code');
    const params = await subject.app.inject({ url: '/wps/crash/rounds/1%00/verify' });
    expect(refusedField(params)).toMatch(/^params\./);
  });

  it('maps PostgreSQL character errors that reach the database anyway to 400', async () => {
    const probe = Fastify({ logger: false });
    registerErrorHandling(probe);
    probe.get('/store', async () => {
      await subject.database.db.execute(sql`select ${'a\u0000b'}::text as value`);
      return 'stored';
    });
    const response = await probe.inject({ url: '/store' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('logs a failing request by its path: no query parameters, no secrets', async () => {
    const response = await subject.app.inject({
      url: '/wps/agent/affiliate?code=S3cretInvite%00&domain=hunter2.example',
      headers: { 'x-merchant-code': 'DEMO' },
    });
    expect(response.statusCode).toBe(400);
    expect(logs).toContain('"url":"/wps/agent/affiliate"');
    expect(logs).not.toContain('S3cretInvite');
    expect(logs).not.toContain('hunter2');
  });

  it('logs a failed query with its SQL but without the values bound to it', async () => {
    const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGVkcGFzc3dvcmQ';
    const error = await subject.database.db
      .execute(sql`select ${passwordHash}::int as value`)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    if (!(error instanceof Error)) throw new Error('the query should have failed');
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('select $1::int');
    expect(logged).not.toContain('argon2id');
  });
});
