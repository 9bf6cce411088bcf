import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWebApp, siteInlineScriptHashes, withHomeBanner, withPreloads } from './web-app';

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

  it("answers /index.html (the service worker's cached copy of every page) with the brand's page policy", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>site</title>');
    const app = Fastify({ logger: false });
    await registerWebApp(app, dist, {
      pagePolicy: () => Promise.resolve("frame-src 'self' https://vendor.test"),
    });
    const response = await app.inject({ method: 'GET', url: '/index.html', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>site</title>');
    expect(response.headers['content-security-policy']).toBe("frame-src 'self' https://vendor.test");
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

describe('per-brand pages and manifest', () => {
  const buildBrandedSiteApp = async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>site</title></head><body><div id="global-loader"><!--home-banner--></div></body></html>',
    );
    const built = {
      id: '/',
      name: 'Casino',
      start_url: '/',
      display: 'standalone',
      icons: [{ src: '/i.png' }],
    };
    writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify(built));
    writeFileSync(path.join(dist, 'manifest.webmanifest.br'), brotliCompressSync(JSON.stringify(built)));
    const app = Fastify({ logger: false });
    const brandOf = (host: string | undefined) =>
      host?.startsWith('lotus')
        ? { name: 'Lucky Lotus', color: '#aa2244' }
        : { name: 'Demo', color: '#0d0f1a' };
    await registerWebApp(app, dist, {
      homePage: async (request) => {
        if (request.headers.host === 'unknown.test') throw new Error('BRAND_NOT_FOUND');
        const image = `/content/${brandOf(request.headers.host).name}.svg?a=1&b="2"`;
        return {
          preloads: [
            { href: '/wps/relay/CSP_getContent?types=B%2CPL&language=EN', as: 'fetch' },
            { href: image, as: 'image' },
          ],
          banner: { url: image, title: 'Welcome <b>&</b> win', language: 'EN' },
        };
      },
      webManifest: async (request) => {
        const brand = brandOf(request.headers.host);
        return { name: brand.name, shortName: brand.name.slice(0, 5), themeColor: brand.color };
      },
    });
    return app;
  };

  it('preloads the brand’s content call and first banner from the home page only, compressed', async () => {
    const app = await buildBrandedSiteApp();
    for (const url of ['/', '/index', '/home?x=1']) {
      const page = await app.inject({ method: 'GET', url, headers: { host: 'lotus.test' } });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain(
        '<link rel="preload" as="fetch" href="/wps/relay/CSP_getContent?types=B%2CPL&amp;language=EN" crossorigin="anonymous" />',
      );
      expect(page.body).toContain(
        '<link rel="preload" as="image" href="/content/Lucky Lotus.svg?a=1&amp;b=&quot;2&quot;" fetchpriority="high" /></head>',
      );
    }
    const brotli = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'lotus.test', 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('as="image"');

    const lobby = await app.inject({ method: 'GET', url: '/rng', headers: { host: 'lotus.test' } });
    expect(lobby.body).not.toContain('rel="preload"');
    expect(lobby.body).not.toContain('banner__image');
    // A host that names no brand gets the page as built.
    const unknown = await app.inject({ method: 'GET', url: '/', headers: { host: 'unknown.test' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('rel="preload"');
    expect(unknown.body).toContain('<!--home-banner-->');
  });

  it('puts the brand’s first banner, escaped, in the home page’s loader and names its language', async () => {
    const app = await buildBrandedSiteApp();
    const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'lotus.test' } });
    expect(page.body).toContain('<html data-home-banner="EN">');
    expect(page.body).not.toContain('<!--home-banner-->');
    expect(page.body).toContain(
      '<img class="banner__image" src="/content/Lucky Lotus.svg?a=1&amp;b=&quot;2&quot;" alt="" width="1200" height="400" fetchpriority="high" decoding="sync" />',
    );
    expect(page.body).toContain('<span class="banner__caption">Welcome &lt;b&gt;&amp;&lt;/b&gt; win</span>');
    expect(page.body).not.toContain('<b>');
  });

  it('answers /manifest.webmanifest with the brand’s name and colour and the build’s icons', async () => {
    const app = await buildBrandedSiteApp();
    const read = async (host: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/manifest.webmanifest',
        headers: { host, 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      return response.json<Record<string, unknown>>();
    };
    expect(await read('lotus.test')).toEqual({
      id: '/',
      name: 'Lucky Lotus',
      short_name: 'Lucky',
      start_url: '/',
      display: 'standalone',
      icons: [{ src: '/i.png' }],
      theme_color: '#aa2244',
      background_color: '#aa2244',
    });
    expect(await read('demo.test')).toMatchObject({ name: 'Demo', theme_color: '#0d0f1a' });
  });
});

describe('home page start', () => {
  const built = [
    '<html lang="en" data-theme="dark"><head>',
    '<script>theme()</script>',
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '<link rel="preload" href="/wps/system/permission" as="fetch" crossorigin="anonymous" />',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '</head><body><div id="global-loader" class="global-loader"><!--home-banner--><svg></svg></div><div id="root"></div></body></html>',
  ].join('');

  it('asks for the banner and the content call right after the style sheet, ahead of the script’s own calls', () => {
    const html = withPreloads(built, [
      { href: '/content/a.svg', as: 'image' },
      { href: '/wps/relay/CSP_getContent?types=B', as: 'fetch' },
    ]);
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
        '<link rel="preload" as="image" href="/content/a.svg" fetchpriority="high" />' +
        '<link rel="preload" as="fetch" href="/wps/relay/CSP_getContent?types=B" crossorigin="anonymous" />' +
        '<link rel="preload" href="/wps/system/permission"',
    );
  });

  it('lays the banner out with the page’s own boxes inside the loader, hidden from screen readers', () => {
    const html = withHomeBanner(built, { url: '/content/a.svg', title: 'Spin $& win', language: 'UR' });
    expect(html.startsWith('<html data-home-banner="UR" lang="en" data-theme="dark">')).toBe(true);
    expect(html).toContain(
      '<div id="global-loader" class="global-loader">' +
        '<div class="global-loader__page shell" data-side-menu="shown" aria-hidden="true">' +
        '<div class="site-header"></div><div class="shell__main"><div class="page"><div class="banner-carousel">' +
        '<div class="banner-carousel__track"><div class="banner"><img class="banner__image" src="/content/a.svg"',
    );
    // The caption is the banner's title as written, escaped ($& is not a replacement pattern here).
    expect(html).toContain(
      '<span class="banner__caption">Spin $&amp; win</span></div></div></div></div></div></div><svg>',
    );
  });

  it('leaves the page as built without a banner or without the place for it', () => {
    expect(withHomeBanner(built, undefined)).toBe(built);
    const withoutPlace = built.replace('<!--home-banner-->', '');
    expect(withHomeBanner(withoutPlace, { url: '/a.svg', title: 'A', language: 'EN' })).toBe(withoutPlace);
  });
});
