import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

describe('the application shell', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => subject.close());

  it('answers an unknown /wps path with 404 in the envelope', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/wps/no/such/path' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'The requested resource does not exist.',
      code: 'NOT_FOUND',
    });
  });

  it('sets security headers and returns the request id', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('reports health and readiness', async () => {
    expect((await subject.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const ready = await subject.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/docs/json' });
    const document: { openapi: string; paths: Record<string, unknown> } = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/wps/system/status',
        '/wps/system/permission',
        '/wps/system/setting/register',
      ]),
    );
  });
});
