import { staffProfileResponseSchema } from '@wps/contracts/backoffice';
import { brandListResponseSchema } from '@wps/contracts/site-admin';
import { permissionResponseSchema } from '@wps/contracts/site';
import { presetRoleKeys } from '@wps/contracts/staff-permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  loginAsOperator,
  operatorHeaders,
  type TestApp,
} from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { staffRoles } from '../backoffice/backoffice.tables';
import { brands } from './site.tables';

const brandsUrl = '/wps/backoffice/brands';

const newBrand = {
  merchantCode: 'GOLDEN',
  siteName: 'Golden Dragon',
  domain: 'Play.Golden-Dragon.test',
  currency: 'PHP',
  timeZone: 'Asia/Manila',
  language: 'EN',
};

describe.each([
  ['the configured database', false],
  ['the embedded PGlite', true],
])('creating a brand from the console, on %s', (_name, embedded) => {
  let subject: TestApp;
  let operator: Record<string, string>;
  beforeAll(async () => {
    subject = await createTestApp({}, { embedded });
    operator = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  const create = (payload: unknown, headers: Record<string, string> = operator) =>
    subject.app.inject({
      method: 'POST',
      url: brandsUrl,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const countBrands = async () => (await subject.database.db.select().from(brands)).length;

  it('creates a brand its domain resolves to, with its settings, preset roles and its creator as admin', async () => {
    const response = await create(newBrand);
    expect(response.json()).toMatchObject({
      success: true,
      value: {
        merchantCode: 'GOLDEN',
        siteName: 'Golden Dragon',
        mainDomain: 'play.golden-dragon.test',
        currency: 'PHP',
        timeZone: 'Asia/Manila',
        defaultLanguage: 'EN',
      },
    });

    // A visitor who opens the new domain gets the new brand, with the defaults every brand starts with.
    const permission = permissionResponseSchema.parse(
      (
        await subject.app.inject({
          method: 'GET',
          url: '/wps/system/permission',
          headers: { host: 'play.golden-dragon.test' },
        })
      ).json(),
    );
    expect(permission.value).toMatchObject({
      merchantCode: 'GOLDEN',
      siteName: 'Golden Dragon',
      status: 0,
      info: {
        mainDomain: 'play.golden-dragon.test',
        domainRoute: [{ domainName: 'play.golden-dragon.test' }],
        currency: 'PHP',
        currencySymbol: '₱',
        languages: { supported: ['EN'], default: 'EN' },
      },
    });
    expect(permission.value.info.whitelabel.map((group) => group.modId)).toContain('LOGIN');
    expect(permission.value.info.register.fields.username.enabled).toBe(true);

    const [brand] = await subject.database.db.select().from(brands).where(eq(brands.merchantCode, 'GOLDEN'));
    const roles = await subject.database.db
      .select({ presetKey: staffRoles.presetKey })
      .from(staffRoles)
      .where(eq(staffRoles.brandId, brand?.id ?? 0n));
    expect(roles.map((role) => role.presetKey).sort()).toEqual([...presetRoleKeys].sort());

    // The creator runs the new brand's console at once (a session of their own, no role handed out here).
    const session = await loginAsOperator(subject.app);
    const settings = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/site/settings',
      headers: { ...session, 'x-merchant-code': 'GOLDEN' },
    });
    expect(settings.json()).toMatchObject({ success: true, value: { merchantCode: 'GOLDEN' } });
    const me = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/session/me',
      headers: { ...session, 'x-merchant-code': 'GOLDEN' },
    });
    expect(me.json()).toMatchObject({ value: { role: { presetKey: 'admin' } } });

    const [event] = await subject.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'site.brand.create'));
    expect(event).toMatchObject({ actorType: 'staff', entityType: 'brand', entityId: 'GOLDEN' });

    const listed = brandListResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: brandsUrl, headers: operator })).json(),
    );
    expect(listed.value.list.map((listedBrand) => listedBrand.merchantCode)).toEqual(['DEMO', 'GOLDEN']);
    expect(listed.value.currencies).toEqual(expect.arrayContaining(['PHP', 'USD']));
  });

  it('refuses a taken code or domain, an unknown currency or time zone, and creates nothing', async () => {
    const before = await countBrands();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...newBrand, domain: 'another.test', merchantCode: 'DEMO' }, 'merchantCode'],
      [{ ...newBrand, merchantCode: 'OTHER', domain: 'LOCALHOST' }, 'domain'],
      [{ ...newBrand, merchantCode: 'OTHER', domain: 'other.test', currency: 'EUR' }, 'currency'],
      [{ ...newBrand, merchantCode: 'OTHER', domain: 'other.test', timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ ...newBrand, merchantCode: 'lower', domain: 'other.test' }, 'merchantCode'],
      [{ ...newBrand, merchantCode: 'OTHER', domain: 'https://other.test/' }, 'domain'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(payload);
      expect({ field, statusCode: response.statusCode, body: response.json<unknown>() }).toMatchObject({
        field,
        statusCode: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          // The schema names the body's fields (body.domain); the service's own checks name them alone.
          value: {
            issues: [
              expect.objectContaining({ field: expect.stringMatching(`^(body\\.)?${field}$`) as unknown }),
            ],
          },
        },
      });
    }
    expect(await countBrands()).toBe(before);
  });

  it("is the platform's alone: refused to a role without brands.create, and on any other brand's console", async () => {
    const before = await countBrands();
    const finance = await createStaff(subject.app, {
      role: 'finance',
      username: `finance-${String(embedded)}`,
    });
    const refusedRole = await create({ ...newBrand, merchantCode: 'THIRD', domain: 'third.test' }, finance);
    expect(refusedRole.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

    // The operator is the admin of GOLDEN (their role there holds brands.create), but GOLDEN is a white label.
    const onWhiteLabel = { ...(await loginAsOperator(subject.app)), 'x-merchant-code': 'GOLDEN' };
    const refusedBrand = await create(
      { ...newBrand, merchantCode: 'THIRD', domain: 'third.test' },
      onWhiteLabel,
    );
    expect(refusedBrand.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const listed = await subject.app.inject({ method: 'GET', url: brandsUrl, headers: onWhiteLabel });
    expect(listed.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await countBrands()).toBe(before);

    // So the white label's console does not offer it: the session there holds every other admin permission.
    const permissionsOn = async (headers: Record<string, string>) =>
      staffProfileResponseSchema.parse(
        (await subject.app.inject({ method: 'GET', url: '/wps/backoffice/session/me', headers })).json(),
      ).value.permissions;
    const whiteLabel = await permissionsOn(onWhiteLabel);
    expect(whiteLabel).toContain('staff.manage');
    expect(whiteLabel).not.toContain('brands.create');
    expect(await permissionsOn(operator)).toContain('brands.create');
  });
});
