import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const writeConsoleBuild = (): string => {
  const dist = mkdtempSync(path.join(tmpdir(), 'wps-backoffice-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>operator console</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'console-1234.js'), 'console.log(1)');
  return dist;
};

describe('the operator console at /backoffice, built', () => {
  let testApp: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = writeConsoleBuild();
    testApp = await createTestApp({ BACKOFFICE_DIST: dist });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers the console's pages with its index.html, uncached", async () => {
    for (const url of ['/backoffice', '/backoffice/', '/backoffice/withdrawals', '/backoffice/members?u=x']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>operator console</title>');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves its hashed assets, cached for a year, and 404s a missing one', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/backoffice/assets/console-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await testApp.app.inject({ method: 'GET', url: '/backoffice/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('leaves the operator API alone', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/backoffice/session/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('the operator console at /backoffice, not built', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers a clear 404 envelope', async () => {
    for (const url of ['/backoffice', '/backoffice/withdrawals']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: expect.stringContaining('not built') as unknown,
      });
    }
  });
});
