import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWebApp, siteInlineScriptHashes } from './web-app';

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

it("allows exactly the site's inline scripts by hash", () => {
  const html = readFileSync(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8');
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
  expect(hashes.length).toBeGreaterThan(0);
  expect(siteInlineScriptHashes).toEqual(hashes);
});

describe('the installable site and its compressed files', () => {
  const buildInstallableSiteApp = async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>site</title>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Casino"}');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    const app = Fastify({ logger: false });
    await registerWebApp(app, dist);
    return app;
  };

  it('serves the service worker as JavaScript that is always revalidated, and the manifest as a manifest', async () => {
    const app = await buildInstallableSiteApp();
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('sends the precompressed copy the browser accepts, with the original type and caching', async () => {
    const app = await buildInstallableSiteApp();
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});
