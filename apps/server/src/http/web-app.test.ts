import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const buildSiteApp = async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>site</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  const app = Fastify({ logger: false });
  await registerWebApp(app, dist);
  return app;
};

describe('serving the built site', () => {
  it('answers every route of the site with index.html, uncached', async () => {
    const app = await buildSiteApp();
    for (const url of ['/', '/rng', '/vnLottery?gameCode=X']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>site</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await (await buildSiteApp()).inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps the envelope 404 for API paths and missing files', async () => {
    const app = await buildSiteApp();
    for (const url of ['/wps/nothing', '/assets/missing.js', '/favicon.ico']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const page = await app.inject({ method: 'GET', url: '/wps/nothing', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
  });
});
