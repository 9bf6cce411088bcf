import {
  permissionResponseSchema,
  registerSettingResponseSchema,
  whitelabelResponseSchema,
} from '@wps/contracts/site';
import { countryCodesResponseSchema } from '@wps/contracts/phone-numbers';
import { decryptTransportText } from '@wps/contracts/transport-cipher';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { demoMerchantCode } from './site.seed';
import { brands } from './site.tables';

/** 8.8.8.8 is in the United States in the shipped GeoLite2 data; 81.2.69.160 in the United Kingdom. */
const usAddress = '8.8.8.8';

describe('site configuration endpoints', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'GET', url, headers });
  const blockCountries = async (codes: string[]) => {
    const response = await subject.app.inject({
      method: 'PATCH',
      url: '/wps/backoffice/site/settings',
      headers: await operatorHeaders(subject.app, demoMerchantCode),
      payload: { blockedCountries: codes },
    });
    expect(response.statusCode).toBe(200);
  };

  it('answers status 0 for a normal site', async () => {
    const response = await get('/wps/system/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: 0, message: '' });
  });

  it('answers the permission document with every part the spec names', async () => {
    const response = await get('/wps/system/permission', { 'x-forwarded-for': usAddress });
    const body = permissionResponseSchema.parse(response.json());
    expect(body.value.merchantCode).toBe(demoMerchantCode);
    expect(body.value.location).toEqual({ ip: usAddress, countryCode: 'US', dialingCode: '1' });
    expect(body.value.maintenance).toEqual({ enabled: false, endTime: null });
    expect(body.value.regionRestriction).toEqual({ restricted: false });
    expect(body.value.info.domainRoute.length).toBeGreaterThan(0);
    expect(body.value.info.resources.map((resource) => resource.resourceType)).toContain('TELEGRAM');
    expect(body.value.info.languages).toEqual({ supported: ['EN', 'UR'], default: 'EN' });
    const [firstService] = body.value.info.customerService;
    expect(firstService?.path).not.toContain('t.me');
    await expect(decryptTransportText(demoMerchantCode, firstService?.path ?? '')).resolves.toBe(
      'https://t.me/lucky_lotus_support',
    );
  });

  it('answers getCountryCode: every country with its dialling code, and the visitor’s own', async () => {
    const body = countryCodesResponseSchema.parse(
      (await get('/wps/relay/getCountryCode', { 'x-forwarded-for': usAddress })).json(),
    );
    expect(body.value.countries.length).toBeGreaterThan(240);
    expect(body.value.countries).toEqual(
      expect.arrayContaining([
        { country: 'PH', dialingCode: '63' },
        { country: 'PK', dialingCode: '92' },
        { country: 'US', dialingCode: '1' },
        { country: 'CA', dialingCode: '1' },
      ]),
    );
    expect(body.value.visitorDialingCode).toBe('1');
    const unknown = countryCodesResponseSchema.parse((await get('/wps/relay/getCountryCode')).json());
    expect(unknown.value.visitorDialingCode).toBeNull();
  });

  it('answers the whitelabel tree with every flag of the spec under its group', async () => {
    const body = whitelabelResponseSchema.parse((await get('/wps/system/whitelabel')).json());
    const flags = body.value.flatMap((group) => group.children.map((node) => node.modId));
    expect(flags).toEqual(
      expect.arrayContaining([
        'MOBILENUMREG3',
        'REGMOBVERF3',
        'MOBILENUMPASSREG3',
        'FREEPLAY3',
        'PWDEXPFORCECHANGE3',
        'MOBILEVERCODELOGIN3',
        'AGENTPOLICY3',
        'MANPLAYREB3',
        'CHNGPASSVERIF3',
        'CHNGPASSMAIL3',
      ]),
    );
    expect(body.value.map((group) => group.modId)).toEqual([
      'REGISTRATION',
      'LOGIN',
      'PASSWORD',
      'MEMBER',
      'AGENT',
    ]);
  });

  it('answers register rules for every field', async () => {
    const body = registerSettingResponseSchema.parse((await get('/wps/system/setting/register')).json());
    expect(body.value.minimumAge).toBe(18);
    expect(body.value.fields.username).toMatchObject({ enabled: true, required: true, patternId: 2 });
    expect(new RegExp(body.value.fields.username.acceptedPattern).test('player01')).toBe(true);
    expect(body.value.fields.wechat.enabled).toBe(false);
  });

  it('answers the domain list for device 0 and refuses a bad device', async () => {
    const response = await get('/wps/system/domainRoute?device=0');
    expect(response.json()).toMatchObject({
      success: true,
      value: { domainList: [{ domainName: 'localhost' }, { domainName: '127.0.0.1' }] },
    });
    const bad = await get('/wps/system/domainRoute?device=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('answers each domain with the origin it is reached at: the scheme and port the site is served on', async () => {
    const response = await get('/wps/system/domainRoute', { host: '127.0.0.1:43123' });
    expect(response.json()).toMatchObject({
      success: true,
      value: {
        domainList: [
          { domainName: 'localhost', origin: 'http://localhost:43123' },
          { domainName: '127.0.0.1', origin: 'http://127.0.0.1:43123' },
        ],
      },
    });
  });

  it('refuses an unknown or ill-formed merchant code', async () => {
    for (const merchant of ['NOBRAND', "x' or 1=1 --"]) {
      const response = await get('/wps/system/status', { 'x-merchant-code': merchant });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'BRAND_NOT_FOUND' });
    }
  });

  it('restricts a visitor from a blocked country and shows the address seen', async () => {
    await blockCountries(['US']);
    try {
      const status = await get('/wps/system/status', { 'x-forwarded-for': usAddress });
      expect(status.json()).toMatchObject({ value: 2 });
      const permission = permissionResponseSchema.parse(
        (await get('/wps/system/permission', { 'x-forwarded-for': usAddress })).json(),
      );
      expect(permission.value.status).toBe(2);
      expect(permission.value.regionRestriction.restricted).toBe(true);
      expect(permission.value.location.ip).toBe(usAddress);
      const fromElsewhere = await get('/wps/system/status', { 'x-forwarded-for': '81.2.69.160' });
      expect(fromElsewhere.json()).toMatchObject({ value: 0 });
    } finally {
      await blockCountries([]);
    }
  });
});

describe('forwarded addresses', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const subject = await createTestApp({ TRUSTED_PROXIES: '10.9.9.9' });
    try {
      await subject.database.db
        .update(brands)
        .set({ blockedCountries: ['US'] })
        .where(eq(brands.merchantCode, demoMerchantCode));
      const response = await subject.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': usAddress },
      });
      expect(response.json()).toMatchObject({ value: 0 });
    } finally {
      await subject.close();
    }
  });
});
