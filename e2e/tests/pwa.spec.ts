import { expect, test } from '../support/platform';

test.describe('installable site', () => {
  test('links a valid web app manifest with regular and maskable icons', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.name).not.toBe('');
    // Served per brand: the brand's own name.
    const permission = (await (await request.get('/wps/system/permission')).json()) as {
      value: { siteName: string };
    };
    expect(manifest.name).toBe(permission.value.siteName);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  });

  test('registers a service worker that serves the app shell but never an API answer', async ({
    page,
    request,
  }) => {
    const worker = await request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);

    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? '';
    });
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');

    // Once the worker controls the page, the shell comes from its cache and the API from the server.
    const fromWorker = new Map<string, boolean>();
    page.on('response', (response) => {
      fromWorker.set(new URL(response.url()).pathname, response.fromServiceWorker());
    });
    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const apiAnswer = await page.evaluate(async () => {
      const answer = await fetch('/wps/system/status');
      return { status: answer.status, type: answer.headers.get('content-type') ?? '' };
    });
    expect(apiAnswer).toMatchObject({ status: 200, type: expect.stringContaining('application/json') });

    const scripts = [...fromWorker].filter(([path]) => path.startsWith('/assets/') && path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every(([, isFromWorker]) => isFromWorker)).toBe(true);
    const apiCalls = [...fromWorker].filter(([path]) => path.startsWith('/wps/'));
    expect(apiCalls.map(([path]) => path)).toContain('/wps/system/status');
    expect(apiCalls.filter(([, isFromWorker]) => isFromWorker)).toEqual([]);

    // Nothing from the API is in any of the worker's caches.
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((cached) => new URL(cached.url).pathname));
      }
      return urls;
    });
    expect(cachedUrls).toContain('/index.html');
    expect(cachedUrls.filter((path) => /^\/(wps|docs|backoffice)\b/.test(path))).toEqual([]);

    // A navigation to an API path reaches the server, not the cached app shell.
    const navigation = await page.goto('/wps/system/status');
    expect(navigation?.headers()['content-type']).toContain('application/json');
    expect(navigation?.fromServiceWorker()).toBe(false);
  });
});
