import {
  adminAnnouncementResponseSchema,
  adminBannerResponseSchema,
  announcementListResponseSchema,
  bannerImagePath,
  bannersResponseSchema,
  contentResponseSchema,
  helpResponseSchema,
} from '@wps/contracts/content';
import { uploadResponseSchema } from '@wps/contracts/uploads';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { uploads } from '../uploads/uploads.tables';
import { seedContentDemo } from './content.seed';
import { contentAnnouncements, contentBanners } from './content.tables';

type Headers = Record<string, string>;

describe('content', () => {
  let subject: TestApp;
  let operator: Headers;
  let finance: Headers;

  beforeAll(async () => {
    subject = await createTestApp();
    operator = await operatorHeaders(subject.app);
    finance = await createStaff(subject.app, { username: 'cashier', role: 'finance' });
  });
  afterAll(() => subject.close());

  const get = (url: string, headers: Headers = {}) => subject.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, headers = operator) =>
    subject.app.inject({
      method,
      url: `/wps/backoffice/content${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const readContent = async (query: string) =>
    contentResponseSchema.parse((await get(`/wps/relay/CSP_getContent?${query}`)).json()).value;

  describe('for players', () => {
    it('answers the content call with banners, notices, the popup for the audience, and promotions', async () => {
      const anonymous = await readContent('types=B,PL,PU,PR,H&platform=W&execution=B&language=EN');
      expect(anonymous.banners.filter((banner) => banner.groupName === 'w_home')).toHaveLength(3);
      expect(anonymous.banners.map((banner) => banner.groupName)).toContain('w_login');
      expect(anonymous.notices).toHaveLength(4);
      expect(anonymous.popup).toHaveLength(12);
      expect(anonymous.popup.every((item) => item.execution === 'B' && item.type === 'PU')).toBe(true);
      expect(anonymous.promotion).toHaveLength(2);
      // Newest first.
      const starts = anonymous.popup.map((item) => item.startDate);
      expect(starts).toEqual([...starts].sort((a, b) => b - a));

      expect((await readContent('execution=A')).popup.every((item) => item.execution === 'A')).toBe(true);
      expect((await readContent('execution=F')).popup).toHaveLength(2);
      // Only the types asked for.
      const noticesOnly = await readContent('types=PL');
      expect(noticesOnly.banners).toEqual([]);
      expect(noticesOnly.popup).toEqual([]);
    });

    it('answers in the language asked for', async () => {
      const urdu = await readContent('types=PU,PL&execution=B&language=UR');
      expect(urdu.popup[0]?.title).toMatch(/[\u0600-\u06FF]/);
      expect(urdu.notices.every((notice) => /[\u0600-\u06FF]/.test(notice.title))).toBe(true);
    });

    it('refuses unknown types and audiences in the envelope', async () => {
      for (const query of ['types=B,XX', 'execution=Z', 'platform=M']) {
        const response = await get(`/wps/relay/CSP_getContent?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
    });

    it('lists the banners of one group in order, with their links', async () => {
      const { list } = bannersResponseSchema.parse(
        (await get('/wps/relay/CSP_getBanners?groupName=w_home&language=EN')).json(),
      ).value;
      expect(list).toHaveLength(3);
      expect(list[0]).toMatchObject({ linkageType: 'ROUTE', linkUrl: '/promotions' });
      expect(list[2]).toMatchObject({ linkageType: null, linkUrl: null });
      const register = bannersResponseSchema.parse(
        (await get('/wps/relay/CSP_getBanners?groupName=w_register')).json(),
      ).value.list;
      expect(register).toHaveLength(1);
    });

    it('seeds a banner for every group and the help-centre notices (type H)', async () => {
      for (const group of ['w_login', 'w_register', 'w_forget', 'w_leftmenu']) {
        const { list } = bannersResponseSchema.parse(
          (await get(`/wps/relay/CSP_getBanners?groupName=${group}&language=EN`)).json(),
        ).value;
        expect(
          list.map((banner) => banner.groupName),
          group,
        ).toEqual([group]);
      }
      const english = await readContent('types=H&language=EN');
      expect(english.help.map((notice) => notice.title)).toEqual(['Support hours', 'Before you contact us']);
      expect(english.help.every((notice) => notice.type === 'H')).toBe(true);
      expect(english.popup).toEqual([]);
      expect((await readContent('types=H&language=UR')).help[0]?.title).toMatch(/[\u0600-\u06FF]/);
    });

    it('pages the announcements list, nine at a time by default', async () => {
      const read = async (query: string) =>
        announcementListResponseSchema.parse(
          (await get(`/wps/relay/MCSFE_getListAnnouncements?${query}`)).json(),
        ).value;
      const first = await read('pageNo=1&execution=B');
      // 12 popups, 4 notices and 2 promotions for anonymous visitors.
      expect(first).toMatchObject({ pageNum: 1, total: 18, totalPages: 2 });
      expect(first.list).toHaveLength(9);
      const second = await read('pageNo=2&execution=B');
      expect(second.list).toHaveLength(9);
      expect(second.list.map((item) => item.id)).not.toContain(first.list[0]?.id);
    });

    it('answers the help centre by language and device, with the terms section', async () => {
      const read = async (url: string) => helpResponseSchema.parse((await get(url)).json()).value;
      const english = await read('/wps/relay/getHelpV2?lang=EN&device=WEB');
      expect(english.sections.map((section) => section.section)).toContain('term');
      expect(english.sections.find((section) => section.section === 'term')?.title).toBe('Terms of use');
      const urdu = await read('/wps/relay/getHelpV2?lang=ur&device=WEB');
      expect(urdu.language).toBe('UR');
      expect(urdu.sections[0]?.title).toMatch(/[\u0600-\u06FF]/);
      // A language without articles falls back to the default one.
      expect((await read('/wps/relay/getHelpV2?lang=TH&device=H5')).language).toBe('EN');
      expect((await read('/wps/system/helpCenter?lang=EN')).sections).toHaveLength(english.sections.length);
      const invalid = await get('/wps/relay/getHelpV2?lang=EN&device=TV');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });
  });

  describe('for operators', () => {
    const announcement = {
      type: 'PU',
      title: 'Operator news',
      content:
        '<p onclick="steal()">Hello <strong>players</strong></p><script>alert(1)</script><img src="https://cdn.example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com" target="_blank">site</a>',
      startDate: '2020-01-01T00:00:00.000Z',
      execution: 'B',
      language: 'EN',
    };

    it('refuses callers without a staff session, and staff who may not change content', async () => {
      const callers: Headers[] = [{}, { authorization: 'Bearer not-a-real-session-token-at-all' }];
      for (const headers of callers) {
        const response = await send('POST', '/announcements', announcement, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
        expect((await get('/wps/backoffice/content/banners', headers)).statusCode).toBe(401);
      }
      // Finance staff may neither change the site's content nor open it.
      const refused = await send('POST', '/announcements', announcement, finance);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await get('/wps/backoffice/content/announcements', finance)).statusCode).toBe(403);
    });

    it('sanitises HTML when saved, audits the change, and players see it at once', async () => {
      const before = await readContent('types=PU&execution=B');
      const response = await send('POST', '/announcements', announcement);
      expect(response.statusCode).toBe(200);
      const saved = adminAnnouncementResponseSchema.parse(response.json()).value;
      expect(saved.content).toContain('<strong>players</strong>');
      expect(saved.content).toContain('<img src="https://cdn.example.com/a.png" />');
      expect(saved.content).toContain('rel="noopener noreferrer"');
      for (const forbidden of ['<script', 'onerror', 'onclick', 'javascript:', 'alert(1)']) {
        expect(saved.content).not.toContain(forbidden);
      }
      const [row] = await subject.database.db
        .select()
        .from(contentAnnouncements)
        .where(eq(contentAnnouncements.id, BigInt(saved.id)));
      expect(row?.content).toBe(saved.content);

      // The cached answer was dropped; the new popup starts earliest, so it comes last.
      const after = await readContent('types=PU&execution=B');
      expect(after.popup).toHaveLength(before.popup.length + 1);
      expect(after.popup.at(-1)?.content).toBe(saved.content);

      const [event] = await subject.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'content_announcement'), eq(auditEvents.entityId, saved.id)));
      expect(event).toMatchObject({ actorType: 'staff', action: 'content.announcement.create' });
    });

    it('sanitises help articles too, and replaces and deletes them', async () => {
      const created = await send('POST', '/help-articles', {
        language: 'EN',
        device: 'WEB',
        section: 'contact',
        title: 'Contact',
        content: '<p>Mail us</p><iframe src="https://evil.example"></iframe><svg onload="x()"></svg>',
        sortOrder: 99,
      });
      expect(created.statusCode).toBe(200);
      const { id, content } = created.json<{ value: { id: string; content: string } }>().value;
      expect(content).toBe('<p>Mail us</p>');

      const replaced = await send('PUT', `/help-articles/${id}`, {
        language: 'EN',
        section: 'contact',
        title: 'Contact us',
        content: '<p>Write to us</p>',
        sortOrder: 99,
      });
      expect(replaced.json()).toMatchObject({ success: true, value: { id, title: 'Contact us' } });
      const help = helpResponseSchema.parse((await get('/wps/relay/getHelpV2?lang=EN')).json()).value;
      expect(help.sections.at(-1)).toEqual({
        section: 'contact',
        title: 'Contact us',
        content: '<p>Write to us</p>',
      });

      expect((await send('DELETE', `/help-articles/${id}`, undefined)).json()).toMatchObject({
        value: { id },
      });
      const missing = await send('DELETE', `/help-articles/${id}`, undefined);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it('manages banners, refusing links that are not a site path or https', async () => {
      const banner = {
        groupName: 'w_home',
        imageUrl: '/content/banners/home-live.svg',
        linkageType: 'URL',
        linkUrl: 'https://example.com/promo',
        title: 'Operator banner',
        language: 'EN',
        sortOrder: 50,
      };
      for (const bad of [
        { linkUrl: 'javascript:alert(1)' },
        { linkageType: 'ROUTE', linkUrl: '//evil.example' },
        { imageUrl: 'javascript:alert(1)' },
        { groupName: 'w_nowhere' },
        { activeFrom: '2030-01-02T00:00:00Z', activeTo: '2030-01-01T00:00:00Z' },
      ]) {
        const response = await send('POST', '/banners', { ...banner, ...bad });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
        expect(response.json<{ value: { issues: unknown[] } }>().value.issues.length).toBeGreaterThan(0);
      }
      const created = await send('POST', '/banners', banner);
      const saved = adminBannerResponseSchema.parse(created.json()).value;
      const list = async () =>
        bannersResponseSchema.parse((await get('/wps/relay/CSP_getBanners?groupName=w_home')).json()).value
          .list;
      expect((await list()).at(-1)).toMatchObject({ id: saved.id, linkageType: 'URL' });

      // Out of its window, a banner is not shown.
      await send('PUT', `/banners/${saved.id}`, { ...banner, activeTo: '2021-01-01T00:00:00Z' });
      expect((await list()).map((item) => item.id)).not.toContain(saved.id);
      expect((await send('DELETE', `/banners/${saved.id}`, undefined)).statusCode).toBe(200);
    });

    it('does not reach another brand’s rows, and an unknown brand is refused', async () => {
      const unknown = await subject.app.inject({
        method: 'GET',
        url: '/wps/backoffice/content/banners',
        headers: { ...operator, 'x-merchant-code': 'NOPE' },
      });
      expect(unknown.json()).toMatchObject({ success: false, code: 'BRAND_NOT_FOUND' });
      expect(
        (await send('PUT', '/banners/999999', { groupName: 'w_home', imageUrl: '/a.svg', title: 't' }))
          .statusCode,
      ).toBe(404);
    });

    it('seeds a banner group or the help notices that a brand seeded earlier lacks', async () => {
      const [row] = await subject.database.db.select().from(contentAnnouncements).limit(1);
      const brandId = row?.brandId ?? 0n;
      await subject.database.db
        .delete(contentBanners)
        .where(and(eq(contentBanners.brandId, brandId), eq(contentBanners.groupName, 'w_forget')));
      await subject.database.db
        .delete(contentAnnouncements)
        .where(and(eq(contentAnnouncements.brandId, brandId), eq(contentAnnouncements.type, 'H')));
      await seedContentDemo(subject.database.db, { id: brandId });
      const forget = await subject.database.db
        .select()
        .from(contentBanners)
        .where(and(eq(contentBanners.brandId, brandId), eq(contentBanners.groupName, 'w_forget')));
      expect(forget.map((banner) => banner.language).sort()).toEqual(['EN', 'UR']);
      const help = await subject.database.db
        .select()
        .from(contentAnnouncements)
        .where(and(eq(contentAnnouncements.brandId, brandId), eq(contentAnnouncements.type, 'H')));
      expect(help).toHaveLength(4);
    });

    it('serves a banner picture an operator uploaded while a banner shows it, and the purge keeps it', async () => {
      const upload = async () => {
        const body = new FormData();
        body.append('purpose', 'promotion_image');
        const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
        body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
        const response = await subject.app.inject({
          method: 'POST',
          url: '/wps/backoffice/uploads',
          headers: operator,
          body,
        });
        return uploadResponseSchema.parse(response.json()).value.id;
      };
      const shown = await upload();
      const unused = await upload();
      // No banner shows it yet: not served (nor is any other upload by this path).
      expect((await get(bannerImagePath(shown))).statusCode).toBe(404);

      const banner = { groupName: 'w_login', imageUrl: bannerImagePath(shown), title: 'Uploaded' };
      const saved = adminBannerResponseSchema.parse((await send('POST', '/banners', banner)).json()).value;
      const picture = await get(bannerImagePath(shown));
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect((await get(bannerImagePath(unused))).statusCode).toBe(404);

      // A day and more later, the upload purge keeps what a banner shows and deletes the other.
      await subject.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
      const left = (await subject.database.db.select({ id: uploads.id }).from(uploads)).map((row) => row.id);
      expect(left).toContain(shown);
      expect(left).not.toContain(unused);

      await send('DELETE', `/banners/${saved.id}`, undefined);
      expect((await get(bannerImagePath(shown))).statusCode).toBe(404);
    });

    it('seeds once: a second run adds nothing', async () => {
      const count = async () => (await subject.database.db.select().from(contentAnnouncements)).length;
      const before = await count();
      const [brand] = await subject.database.db.select().from(contentAnnouncements).limit(1);
      await seedContentDemo(subject.database.db, { id: brand?.brandId ?? 0n });
      expect(await count()).toBe(before);
    });
  });
});
