import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBanners } from '../modules/content/content.tables';
import { gameVendors } from '../modules/games/games.tables';
import { brands } from '../modules/site/site.tables';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The directives of a Content-Security-Policy header, by name. */
const directivesOf = (header: unknown): Map<string, string[]> => {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== '')
      .map(([name = '', ...values]) => [name, values]),
  );
};

/** No directive allows a whole scheme of hosts (`https:`, `http:`) or any host (`*`). */
const expectNoWildcardHosts = (directives: Map<string, string[]>) => {
  const wildcards = [...directives].flatMap(([name, values]) =>
    values.filter((value) => /^(https?:|\*)$/.test(value)).map((value) => `${name} ${value}`),
  );
  expect(wildcards).toEqual([]);
};

/**
 * The policy of a brand's pages lists the hosts that brand uses and no others: its analytics only when it has
 * analytics, its CDNs, where its banners live, the game vendors' launch origins. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
describe('the Content-Security-Policy of a brand', () => {
  let subject: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'wps-csp-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>site</title>');
    subject = await createTestApp({ WEB_DIST: webDist });
    const { db } = subject.database;
    const [demo] = await db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    const [plain] = await db
      .insert(brands)
      .values({
        ...rest,
        merchantCode: 'PLAIN',
        gtagId: null,
        imageCdns: ['https://img.plain-cdn.example'],
        launchGameCdns: [],
      })
      .returning({ id: brands.id });
    await db.insert(brands).values({
      ...rest,
      merchantCode: 'TRACKED',
      gtagId: 'G-TEST123',
      imageCdns: [],
      launchGameCdns: ['https://games.tracked-cdn.example/launch'],
    });
    if (!plain) throw new Error('no brand');
    await db.insert(contentBanners).values({
      brandId: plain.id,
      groupName: 'w_home',
      imageUrl: 'https://banners.plain.example/summer.png',
      title: 'Summer',
    });
    await db.insert(gameVendors).values({
      code: 'CSPV',
      displayName: 'CSP Vendor',
      integration: 'seamless',
      launchUrl: 'https://launch.csp-vendor.example/play?x=1',
    });
  });
  afterAll(async () => {
    await subject.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const pagePolicy = async (merchantCode: string) => {
    const response = await subject.app.inject({
      url: '/',
      headers: { accept: 'text/html', 'x-merchant-code': merchantCode },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>site</title>');
    return directivesOf(response.headers['content-security-policy']);
  };

  it('leaves analytics out for a brand without it, and allows only the hosts the brand uses', async () => {
    const policy = await pagePolicy('PLAIN');
    expectNoWildcardHosts(policy);
    expect(String([...policy.values()])).not.toMatch(/google/);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        // The chat's and the proofs' images, read with the member's token and shown through object URLs.
        'blob:',
        'https://img.plain-cdn.example',
        'https://banners.plain.example',
      ]),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://launch.csp-vendor.example']),
    );
    expect(policy.get('frame-src')).not.toContain('https://games.tracked-cdn.example');
  });

  it("allows a brand's analytics host when it configures analytics, and still no wildcard", async () => {
    const policy = await pagePolicy('TRACKED');
    expectNoWildcardHosts(policy);
    expect(policy.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.google-analytics.com']),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://games.tracked-cdn.example',
        'https://launch.csp-vendor.example',
      ]),
    );
    expect(policy.get('img-src')).not.toContain('https://img.plain-cdn.example');
    expect(policy.get('img-src')).not.toContain('https://banners.plain.example');
  });

  it("lets the page reach the brand's mirror domains where the speed test pings them, port included", async () => {
    const response = await subject.app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'localhost:43123' },
    });
    const policy = directivesOf(response.headers['content-security-policy']);
    expectNoWildcardHosts(policy);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:43123', 'http://127.0.0.1:43123']);
  });

  it('keeps the API and the console to this origin only', async () => {
    const response = await subject.app.inject({ url: '/wps/system/status' });
    const policy = directivesOf(response.headers['content-security-policy']);
    expectNoWildcardHosts(policy);
    expect(String([...policy.values()])).not.toMatch(/google/);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
  });
});
