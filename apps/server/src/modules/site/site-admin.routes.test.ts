import { siteSettingsResponseSchema } from '@wps/contracts/site-admin';
import { permissionResponseSchema } from '@wps/contracts/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  loginAsOperator,
  operatorHeaders,
  type TestApp,
} from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';

const settingsUrl = '/wps/backoffice/site/settings';

describe('operator site settings', () => {
  let subject: TestApp;
  let operator: Record<string, string>;
  beforeAll(async () => {
    subject = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
    operator = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  const readSettings = async () =>
    siteSettingsResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: settingsUrl, headers: operator })).json(),
    ).value;
  const countAudit = async () => (await subject.database.db.select().from(auditEvents)).length;
  const patch = (payload: string, headers: Record<string, string> = operator) =>
    subject.app.inject({
      method: 'PATCH',
      url: settingsUrl,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  it('refuses callers without a live staff session', async () => {
    const callers: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-real-session-token-at-all' },
    ];
    for (const headers of callers) {
      const response = await patch('{"status":1}', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect((await readSettings()).status).toBe(0);
  });

  it('refuses a wrong password without saying whether the name exists', async () => {
    const attempts = await Promise.all(
      [
        { username: 'operator', password: 'wrong-password' },
        { username: 'nobody-here', password: 'wrong-password' },
      ].map((payload) =>
        subject.app.inject({ method: 'POST', url: '/wps/backoffice/session/login', payload }),
      ),
    );
    const [known, unknown] = attempts.map((response) => response.body);
    expect(unknown).toBe(known);
    expect(attempts[0]?.statusCode).toBe(401);
  });

  it('puts the site into maintenance with an end time, audited, and back', async () => {
    const endTime = '2030-01-02T03:04:05.000Z';
    const auditBefore = await countAudit();
    const response = await patch(
      JSON.stringify({ status: 1, maintenanceEndTime: endTime, flags: { FREEPLAY3: false } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      value: { status: 1, maintenanceEndTime: endTime, flags: { FREEPLAY3: false } },
    });

    expect((await subject.app.inject({ method: 'GET', url: '/wps/system/status' })).json()).toMatchObject({
      value: 1,
    });
    const permission = permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission' })).json(),
    );
    expect(permission.value.maintenance).toEqual({ enabled: true, endTime });

    const [event] = (await subject.database.db.select().from(auditEvents)).slice(auditBefore);
    expect(event).toMatchObject({ actorType: 'staff', action: 'site.settings.update', entityId: 'DEMO' });
    expect(event?.before).toMatchObject({ status: 0, maintenanceEndTime: null });
    expect(event?.after).toMatchObject({ status: 1, maintenanceEndTime: endTime });

    await patch(JSON.stringify({ status: 0, maintenanceEndTime: null, flags: { FREEPLAY3: true } }));
    expect((await readSettings()).status).toBe(0);
  });

  it("sets the site's languages, audited; the site offers them at once; the default must be offered", async () => {
    const before = await readSettings();
    expect(before.languages).toEqual({ supported: ['EN', 'UR'], default: 'EN' });
    const auditBefore = await countAudit();
    const refused = await patch(JSON.stringify({ languages: { supported: ['EN', 'VI'], default: 'TH' } }));
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await countAudit()).toBe(auditBefore);

    const languages = { supported: ['EN', 'VI', 'TH', 'ZH'], default: 'VI' };
    const changed = await patch(JSON.stringify({ languages }));
    expect(changed.statusCode).toBe(200);
    expect((await readSettings()).languages).toEqual(languages);
    expect(await countAudit()).toBe(auditBefore + 1);
    const permission = permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission' })).json(),
    );
    expect(permission.value.info.languages).toEqual(languages);

    expect((await patch(JSON.stringify({ languages: before.languages }))).statusCode).toBe(200);
  });

  it("sets the brand's palette, audited; refuses one that does not read, by field; null is the platform's", async () => {
    const before = await readSettings();
    const auditBefore = await countAudit();
    const palette = {
      light: { background: '#F4F1FA', surface: '#ffffff', accent: '#7a1fa2' },
      dark: { background: '#12061f', surface: '#1d0b33', accent: '#f2c14e' },
    };
    const unreadable = await patch(
      JSON.stringify({ palette: { ...palette, dark: { ...palette.dark, accent: '#3a2a55' } } }),
    );
    const refusal = unreadable.json<{
      code: string;
      value: { issues: { field: string; message: string }[] };
    }>();
    expect(refusal.code).toBe('VALIDATION_FAILED');
    expect(refusal.value.issues.map((issue) => issue.field)).toEqual(['body.palette.dark.accent']);
    expect(refusal.value.issues[0]?.message).toMatch(/needs 4.5:1/);
    expect(await countAudit()).toBe(auditBefore);
    expect((await readSettings()).palette).toEqual(before.palette);

    expect((await patch(JSON.stringify({ palette }))).statusCode).toBe(200);
    expect((await readSettings()).palette).toEqual(palette);
    expect(await countAudit()).toBe(auditBefore + 1);
    const permission = permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission' })).json(),
    );
    expect(permission.value.info.palette).toEqual(palette);

    expect((await patch(JSON.stringify({ palette: null }))).statusCode).toBe(200);
    expect((await readSettings()).palette).toBeNull();
    expect((await patch(JSON.stringify({ palette: before.palette }))).statusCode).toBe(200);
  });

  it("sets the brand's fonts, audited, for the site at once; refuses a face it does not bundle, by field", async () => {
    const before = await readSettings();
    // The demo brand is set in Poppins; others start on the system stack.
    expect(before.fonts).toEqual({ body: 'poppins', headings: 'poppins' });
    const auditBefore = await countAudit();
    const refusal = (await patch(JSON.stringify({ fonts: { body: 'inter', headings: 'comic-sans' } }))).json<{
      code: string;
      value: { issues: { field: string }[] };
    }>();
    expect(refusal.code).toBe('VALIDATION_FAILED');
    expect(refusal.value.issues.map((issue) => issue.field)).toEqual(['body.fonts.headings']);
    const partial = (await patch(JSON.stringify({ fonts: { body: 'inter' } }))).json<{
      value: { issues: { field: string }[] };
    }>();
    expect(partial.value.issues.map((issue) => issue.field)).toEqual(['body.fonts.headings']);
    expect(await countAudit()).toBe(auditBefore);

    const fonts = { body: 'inter', headings: 'playfair-display' };
    expect((await patch(JSON.stringify({ fonts }))).statusCode).toBe(200);
    expect((await readSettings()).fonts).toEqual(fonts);
    expect(await countAudit()).toBe(auditBefore + 1);
    const permission = permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission' })).json(),
    );
    expect(permission.value.info).toMatchObject({ fonts, logoUrl: null });

    const support = await createStaff(subject.app, { username: 'fonts-support', role: 'support' });
    const forbidden = await patch(JSON.stringify({ fonts: before.fonts }), support);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await readSettings()).fonts).toEqual(fonts);
    expect((await patch(JSON.stringify({ fonts: before.fonts }))).statusCode).toBe(200);
  });

  it('answers bad input in the envelope with a code and changes nothing', async () => {
    const before = await readSettings();
    const auditBefore = await countAudit();
    const cases: Array<[string, number, string]> = [
      ['{"status": 1', 400, 'MALFORMED_JSON'],
      ['{"status": "1"}', 400, 'VALIDATION_FAILED'],
      ['{"status": 2}', 400, 'VALIDATION_FAILED'],
      ['{"status": 1, "isAdmin": true}', 400, 'VALIDATION_FAILED'],
      ['{"blockedCountries": ["us"]}', 400, 'VALIDATION_FAILED'],
      ['{"blockedCountries": ["US", "US"]}', 400, 'VALIDATION_FAILED'],
      ['{"maintenanceEndTime": "tomorrow"}', 400, 'VALIDATION_FAILED'],
      ['{"flags": {"NOT_A_FLAG": true}}', 400, 'VALIDATION_FAILED'],
      ['{}', 400, 'VALIDATION_FAILED'],
      [
        JSON.stringify({ blockedCountries: Array.from({ length: 2000 }, () => 'US') }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];
    for (const [payload, statusCode, code] of cases) {
      const response = await patch(payload);
      expect({
        payload,
        statusCode: response.statusCode,
        code: response.json<{ code: string }>().code,
      }).toEqual({
        payload,
        statusCode,
        code,
      });
      expect(response.json()).toMatchObject({ success: false });
    }
    const wrongMediaType = await subject.app.inject({
      method: 'PATCH',
      url: settingsUrl,
      headers: { ...operator, 'content-type': 'text/plain' },
      payload: 'status=1',
    });
    expect(wrongMediaType.statusCode).toBe(415);
    expect(wrongMediaType.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });

    expect(await readSettings()).toEqual(before);
    expect(await countAudit()).toBe(auditBefore);
  });

  it('refuses a session after logout', async () => {
    const session = await loginAsOperator(subject.app);
    const logout = await subject.app.inject({
      method: 'DELETE',
      url: '/wps/backoffice/session/logout',
      headers: session,
    });
    expect(logout.json()).toEqual({ success: true, value: null, message: '' });
    const after = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/session/me',
      headers: session,
    });
    expect(after.statusCode).toBe(401);
  });
});
