import { siteSettingsResponseSchema } from '@wps/contracts/site-admin';
import { permissionResponseSchema } from '@wps/contracts/site';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { uploads } from './uploads.tables';

type Headers = Record<string, string>;

const logoUrl = '/wps/backoffice/site/logo';
const site = { 'x-merchant-code': 'DEMO' };

/** A gold wordmark-sized png, wider and taller than the stored logo may be. */
const widePng = (() => {
  const image = new PNG({ width: 1200, height: 400 });
  image.data.fill(0xc8);
  return PNG.sync.write(image);
})();
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

const form = (data: Buffer, name: string, type: string) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
};

describe("the brand's logo", () => {
  let subject: TestApp;
  let admin: Headers;
  let support: Headers;
  beforeAll(async () => {
    subject = await createTestApp();
    admin = await operatorHeaders(subject.app);
    support = await createStaff(subject.app, { username: 'logo-support', role: 'support' });
  });
  afterAll(() => subject.close());

  const putLogo = (payload: FormData, headers: Headers = admin) =>
    subject.app.inject({ method: 'PUT', url: logoUrl, headers, payload });
  const shownLogo = async () =>
    permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission', headers: site })).json(),
    ).value.info.logoUrl;
  // As an <img> asks: no token, no merchant header.
  const fetchLogo = (url: string) => subject.app.inject({ method: 'GET', url });
  const rowOf = async (url: string) =>
    (
      await subject.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, url.split('/').pop() ?? ''))
    )[0];

  it('is refused without site.manage, without a session, and when it is no png, jpg or webp', async () => {
    const forbidden = await putLogo(form(widePng, 'logo.png', 'image/png'), support);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(
      (await subject.app.inject({ method: 'DELETE', url: logoUrl, headers: support })).json(),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = await putLogo(form(widePng, 'logo.png', 'image/png'), site);
    expect(anonymous.statusCode).toBe(401);

    for (const [data, name, type] of [
      [svg, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('GIF89a not a picture'), 'logo.png', 'image/png'],
    ] as const) {
      const refused = await putLogo(form(data, name, type));
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toMatchObject({ success: false, code: 'UPLOAD_INVALID_TYPE' });
    }
    // Png by its first bytes, but nothing sharp can decode.
    const broken = await putLogo(form(widePng.subarray(0, 40), 'logo.png', 'image/png'));
    expect(broken.json()).toMatchObject({ code: 'UPLOAD_INVALID_TYPE' });
    expect(await shownLogo()).toBeNull();
  });

  it('is stored re-encoded to fit the header, shown by the site, replaced, removed, and purged once replaced', async () => {
    const auditBefore = (await subject.database.db.select().from(auditEvents)).length;
    const response = await putLogo(form(widePng, 'logo.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    const first = siteSettingsResponseSchema.parse(response.json()).value.logoUrl ?? '';
    expect(first).toMatch(/^\/wps\/site\/logo\/[0-9a-f-]{36}$/);
    expect(await shownLogo()).toBe(first);
    const [event] = (await subject.database.db.select().from(auditEvents)).slice(auditBefore);
    expect(event).toMatchObject({ action: 'site.settings.update', after: { logoUrl: first } });
    expect(event?.before).toMatchObject({ logoUrl: null });

    const image = await fetchLogo(first);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 396,
      height: 132,
    });
    expect(await rowOf(first)).toMatchObject({ purpose: 'brand_logo', memberId: null });

    const second =
      siteSettingsResponseSchema.parse((await putLogo(form(widePng, 'logo.png', 'image/png'))).json()).value
        .logoUrl ?? '';
    expect(second).not.toBe(first);
    expect(await shownLogo()).toBe(second);
    expect((await fetchLogo(second)).statusCode).toBe(200);
    // A page loaded before the change may still ask for the one it replaced, until the purge deletes it.
    expect((await fetchLogo(first)).statusCode).toBe(200);

    await subject.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(await rowOf(first)).toBeUndefined();
    expect((await fetchLogo(first)).statusCode).toBe(404);
    expect(await rowOf(second)).toBeDefined();

    const removed = await subject.app.inject({ method: 'DELETE', url: logoUrl, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(siteSettingsResponseSchema.parse(removed.json()).value.logoUrl).toBeNull();
    expect(await shownLogo()).toBeNull();
    // Back in the purge's hands: nothing shows it now.
    expect((await rowOf(second))?.keptAt).toBeNull();
  });
});
