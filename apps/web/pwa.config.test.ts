import { describe, expect, it } from 'vitest';
import { gameImagePattern, isWebManifestUrl, pwaOptions, serverPathPattern } from './pwa.config';

const origin = 'https://casino.example';
const apiUrls = [
  '/wps/system/permission',
  '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1',
  '/wps/relay/CSP_unreadCount',
  '/wps/member/events',
  '/wps/vendor-wallet/DEMO/transaction/bet',
  '/wps/session/login',
  '/wps',
  '/health',
  '/ready',
  '/docs',
  '/docs/json',
  '/backoffice',
  '/backoffice/staff',
];

/** The URL patterns the generated worker answers from a cache at run time. */
const runtimePatterns = (): RegExp[] =>
  (pwaOptions.workbox?.runtimeCaching ?? []).map(({ urlPattern }) => {
    if (!(urlPattern instanceof RegExp)) throw new Error('runtime caching uses regular expressions only');
    return urlPattern;
  });

describe('the service worker configuration', () => {
  it('never answers an API, health, docs or console navigation with the cached app shell', () => {
    const denylist = pwaOptions.workbox?.navigateFallbackDenylist ?? [];
    for (const url of apiUrls) {
      expect(
        denylist.some((pattern) => pattern.test(url)),
        url,
      ).toBe(true);
    }
    expect(serverPathPattern.test('/member')).toBe(false);
    expect(serverPathPattern.test('/wpsx')).toBe(false);
  });

  it('caches no API answer at run time, only game images', () => {
    const patterns = runtimePatterns();
    expect(patterns).toEqual([gameImagePattern]);
    for (const url of apiUrls) {
      expect(
        patterns.some((pattern) => pattern.test(`${origin}${url}`)),
        url,
      ).toBe(false);
    }
    expect(gameImagePattern.test(`${origin}/TCG_GAME_ICONS/PG/1001.png`)).toBe(true);
    expect(gameImagePattern.test(`${origin}/wps/relay/x?img=/TCG_GAME_ICONS/a.png`)).toBe(false);
  });

  it('precaches only files of the build, never data', () => {
    const globPatterns = pwaOptions.workbox?.globPatterns ?? [];
    expect(globPatterns).toEqual(['**/*.{js,css,html,svg,png,webmanifest}']);
    expect(pwaOptions.workbox?.navigateFallback).toBe('/index.html');
  });

  it('leaves the manifest out of the precache: the server answers it per brand', async () => {
    const [transform] = pwaOptions.workbox?.manifestTransforms ?? [];
    if (transform === undefined) throw new Error('no manifest transform');
    const entry = (url: string) => ({ url, revision: '1', size: 1 });
    const result = await transform([
      entry('index.html'),
      entry('manifest.webmanifest'),
      entry('assets/a.js'),
    ]);
    expect(result.manifest.map(({ url }) => url)).toEqual(['index.html', 'assets/a.js']);
    expect(isWebManifestUrl('/manifest.webmanifest')).toBe(true);
    expect(isWebManifestUrl('manifest.webmanifest.br')).toBe(false);
  });

  it('describes an installable app with regular and maskable icons of 192 and 512 pixels', () => {
    const manifest = pwaOptions.manifest;
    if (manifest === false || manifest === undefined) throw new Error('no manifest');
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    const icons = manifest.icons ?? [];
    expect(icons.map(({ sizes, purpose }) => [sizes, purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });
});
