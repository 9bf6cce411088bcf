import {
  deliverySettingsViewResponseSchema,
  siteDomainsResponseSchema,
  siteLinksResponseSchema,
} from '@wps/contracts/site-admin';
import { permissionResponseSchema } from '@wps/contracts/site';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { brands } from './site.tables';

const operatorUrl = '/wps/backoffice';

describe.each([
  ['the configured database', false],
  ['the embedded PGlite', true],
])('the site and brand configuration of the console, on %s', (_name, embedded) => {
  let subject: TestApp;
  let operator: Record<string, string>;
  beforeAll(async () => {
    subject = await createTestApp({}, { embedded });
    operator = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH', path: string, payload?: unknown, headers = operator) =>
    subject.app.inject({
      method,
      url: `${operatorUrl}${path}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const auditOf = (action: string) =>
    subject.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  const statusOf = async () =>
    (await subject.app.inject({ method: 'GET', url: '/wps/system/status' })).json<{ value: number }>().value;

  it('shows maintenance only until its end time: the site reopens by itself once it has passed', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await call('PATCH', '/site/settings', { status: 1, maintenanceEndTime: future });
    expect(await statusOf()).toBe(1);

    const past = new Date(Date.now() - 60_000).toISOString();
    const ended = await call('PATCH', '/site/settings', { maintenanceEndTime: past });
    expect(ended.json()).toMatchObject({ value: { status: 1, maintenanceEndTime: past } });
    expect(await statusOf()).toBe(0);
    const permission = permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission' })).json(),
    );
    expect(permission.value).toMatchObject({ status: 0, maintenance: { enabled: false, endTime: past } });

    await call('PATCH', '/site/settings', { status: 0, maintenanceEndTime: null });
  });

  it('replaces the domains and mirror list; a new domain selects the brand, one of another brand is refused', async () => {
    const replaced = await call('PUT', '/site/domains', {
      mainDomain: 'LOCALHOST',
      domains: [
        { domainName: 'localhost' },
        { domainName: 'mirror-one.lotus.test' },
        { domainName: '127.0.0.1' },
        { domainName: 'app.lotus.test', device: 1 },
      ],
    });
    expect(replaced.json()).toMatchObject({ success: true, value: { mainDomain: 'localhost' } });
    const read = siteDomainsResponseSchema.parse((await call('GET', '/site/domains')).json());
    expect(read.value.domains).toEqual([
      { domainName: 'localhost', device: 0 },
      { domainName: 'mirror-one.lotus.test', device: 0 },
      { domainName: '127.0.0.1', device: 0 },
      { domainName: 'app.lotus.test', device: 1 },
    ]);
    const routes = await subject.app.inject({
      method: 'GET',
      url: '/wps/system/domainRoute',
      headers: { host: 'mirror-one.lotus.test' },
    });
    expect(
      routes
        .json<{ value: { domainList: { domainName: string }[] } }>()
        .value.domainList.map((domain) => domain.domainName),
    ).toEqual(['localhost', 'mirror-one.lotus.test', '127.0.0.1']);
    const [event] = await auditOf('site.domains.update');
    expect(event?.after).toMatchObject({ mainDomain: 'localhost' });

    // Another brand's domain, a main domain not in the list, a repeated domain: refused, nothing changed.
    await subject.database.db.insert(brands).values({
      merchantCode: 'OTHER',
      siteName: 'Other',
      mainDomain: 'other.test',
      currency: 'USD',
      currencySymbol: '$',
      supportedLanguages: ['EN'],
      defaultLanguage: 'EN',
    });
    const other = await operatorHeaders(subject.app, 'OTHER');
    expect(
      (
        await call(
          'PUT',
          '/site/domains',
          { mainDomain: 'other.test', domains: [{ domainName: 'other.test' }] },
          other,
        )
      ).statusCode,
    ).toBe(200);
    const refusals = [
      { mainDomain: 'localhost', domains: [{ domainName: 'localhost' }, { domainName: 'other.test' }] },
      { mainDomain: 'elsewhere.test', domains: [{ domainName: 'localhost' }] },
      { mainDomain: 'localhost', domains: [{ domainName: 'localhost' }, { domainName: 'LOCALHOST' }] },
      { mainDomain: 'localhost', domains: [{ domainName: 'localhost:8080' }] },
    ];
    for (const payload of refusals) {
      const response = await call('PUT', '/site/domains', payload);
      expect({ payload, code: response.json<{ code?: string }>().code }).toEqual({
        payload,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(siteDomainsResponseSchema.parse((await call('GET', '/site/domains')).json()).value).toEqual(
      read.value,
    );
  });

  it('replaces the live chat, customer-service entries and community links the site shows', async () => {
    const links = {
      liveChatUrl: 'https://chat.lotus.test/room',
      customerServices: [{ title: 'Line support', csType: 'LINE', path: 'https://line.me/lotus' }],
      resources: [{ resourceType: 'WHATSAPP', url: 'https://wa.me/1000', labelNameEn: 'WhatsApp group' }],
    };
    expect((await call('PUT', '/site/links', links)).json()).toMatchObject({ success: true, value: links });
    expect(siteLinksResponseSchema.parse((await call('GET', '/site/links')).json()).value).toEqual(links);

    const permission = permissionResponseSchema.parse(
      (await subject.app.inject({ method: 'GET', url: '/wps/system/permission' })).json(),
    );
    expect(permission.value.info.customerService.map((entry) => [entry.title, entry.csType])).toEqual([
      ['Line support', 'LINE'],
    ]);
    expect(permission.value.info.resources).toEqual(links.resources);
    const chat = await subject.app.inject({ url: '/wps/relay/CBS_launchChat?modelId=LIVECHAT' });
    expect(chat.json()).toMatchObject({ value: { chatUrl: 'https://chat.lotus.test/room' } });
    expect((await auditOf('site.links.update')).at(-1)?.after).toEqual(links);

    const plainHttp = {
      ...links,
      customerServices: [{ ...links.customerServices[0], path: 'http://line.me/x' }],
    };
    expect((await call('PUT', '/site/links', plainHttp)).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('shows delivery settings without their secrets, and keeps a secret left out only for the same address', async () => {
    const gateway = { url: 'https://sms.lotus.test/send', apiKey: 'gateway-secret-key', sender: 'LOTUS' };
    const smtp = {
      host: 'smtp.lotus.test',
      port: 587,
      secure: false,
      user: 'mailer',
      password: 'smtp-secret-password',
      from: 'Lotus <no-reply@lotus.test>',
    };
    expect((await call('PUT', '/site/delivery', { smsGateway: gateway, smtp })).statusCode).toBe(200);
    const shown = await call('GET', '/site/delivery');
    expect(shown.body).not.toContain('gateway-secret-key');
    expect(shown.body).not.toContain('smtp-secret-password');
    expect(deliverySettingsViewResponseSchema.parse(shown.json()).value).toEqual({
      smsGateway: { url: gateway.url, sender: 'LOTUS', hasApiKey: true },
      smtp: {
        host: smtp.host,
        port: 587,
        secure: false,
        user: 'mailer',
        from: smtp.from,
        hasPassword: true,
      },
    });

    // The same addresses without the secrets: kept.
    const { apiKey: _apiKey, ...gatewayWithoutKey } = gateway;
    const { password: _password, ...smtpWithoutPassword } = smtp;
    const kept = await call('PUT', '/site/delivery', {
      smsGateway: { ...gatewayWithoutKey, sender: 'LOTUS2' },
      smtp: smtpWithoutPassword,
    });
    expect(kept.statusCode).toBe(200);
    const [brand] = await subject.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    expect(brand?.smsProvider).toEqual({ ...gateway, sender: 'LOTUS2' });
    expect(brand?.smtpSettings?.password).toBe('smtp-secret-password');

    // Another address without the secret: refused, so a secret never goes where it was not typed for.
    const moved = await call('PUT', '/site/delivery', {
      smsGateway: { ...gatewayWithoutKey, url: 'https://elsewhere.test/send' },
      smtp: smtpWithoutPassword,
    });
    expect(moved.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'smsGateway.apiKey' }] },
    });
    const movedSmtp = await call('PUT', '/site/delivery', {
      smsGateway: gateway,
      smtp: { ...smtpWithoutPassword, host: 'smtp.elsewhere.test' },
    });
    expect(movedSmtp.json()).toMatchObject({ value: { issues: [{ field: 'smtp.password' }] } });
    expect(JSON.stringify((await auditOf('site.delivery.update')).map((event) => event.after))).not.toContain(
      'secret',
    );

    await call('PUT', '/site/delivery', { smsGateway: null, smtp: null });
  });

  it('lets a role with site.view read the configuration but change none of it', async () => {
    const support = await createStaff(subject.app, {
      role: 'support',
      username: `support-${String(embedded)}`,
    });
    for (const path of ['/site/settings', '/site/domains', '/site/links', '/site/delivery', '/site/social']) {
      expect({ path, statusCode: (await call('GET', path, undefined, support)).statusCode }).toEqual({
        path,
        statusCode: 200,
      });
    }
    const change = await call(
      'PUT',
      '/site/links',
      { liveChatUrl: null, customerServices: [], resources: [] },
      support,
    );
    expect(change.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
