import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentResponseSchema } from '@wps/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the home page as served', () => {
  let subject: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/assets/index-1.css">' +
        '<script type="module" src="/assets/index-1.js"></script></head>' +
        '<body><div id="global-loader"><!--home-banner--></div><div id="root"></div></body></html>',
    );
    subject = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await subject.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('starts with the brand’s first home banner, as the guest content call lists it, and preloads both', async () => {
    const content = contentResponseSchema.parse(
      (
        await subject.app.inject({
          method: 'GET',
          url: '/wps/relay/CSP_getContent?types=B&platform=W&execution=B&language=EN',
        })
      ).json(),
    ).value;
    const first = content.banners.find((banner) => banner.groupName === 'w_home');
    if (first === undefined) throw new Error('the demo brand has no home banner');

    const page = await subject.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html data-home-banner="EN" lang="en">');
    expect(page.body).toContain(`<img class="banner__image" src="${first.url}"`);
    expect(page.body).toContain(`<span class="banner__caption">${first.title}</span>`);
    expect(page.body).toContain(
      `<link rel="stylesheet" href="/assets/index-1.css"><link rel="preload" as="image" href="${first.url}" fetchpriority="high" />` +
        '<link rel="preload" as="fetch" href="/wps/relay/CSP_getContent?',
    );

    // Other pages are served as built.
    const lobby = await subject.app.inject({ method: 'GET', url: '/rng', headers: { accept: 'text/html' } });
    expect(lobby.body).toContain('<!--home-banner-->');
    expect(lobby.body).not.toContain('banner__image');
  });
});
