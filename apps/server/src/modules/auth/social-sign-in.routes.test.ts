import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalOidcProvider,
  testSocialAccount,
  type LocalOidcProvider,
} from '../../testing/local-oidc-provider';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { createMemberService } from '../members/members.service';
import { members } from '../members/members.tables';
import { createNotificationService } from '../notifications/notifications.service';
import { createSiteService } from '../site/site.service';
import { createAuthService } from './auth.service';
import { authEvents, memberSessions } from './auth.tables';
import { bodyOf } from './auth.test-helpers';
import { memberSocialIdentities } from './social-sign-in.tables';

/**
 * A browser without a window: keeps cookies per host (as browsers do, whatever the port), follows redirects
 * by hand and submits the provider's login and consent forms as a person would.
 */
const createBrowser = () => {
  const jar = new Map<string, Map<string, string>>();
  const storeCookies = (hostname: string, response: Response) => {
    const cookies = jar.get(hostname) ?? new Map<string, string>();
    jar.set(hostname, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const isExpired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && new Date(attribute.slice(8)).getTime() < Date.now()),
      );
      if (isExpired) cookies.delete(name);
      else cookies.set(name, pair.slice(separator + 1));
    }
  };
  const request = async (url: string, form?: URLSearchParams): Promise<Response> => {
    const target = new URL(url);
    const cookies = [...(jar.get(target.hostname) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookies ? { cookie: cookies } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    storeCookies(target.hostname, response);
    return response;
  };

  /**
   * Follows redirects and the provider's pages from `url` until a redirect goes where `isDestination` says;
   * signs in and consents at the provider, or presses its Cancel link when `isCancelling`.
   */
  const followUntil = async (
    url: string,
    isDestination: (location: URL) => boolean,
    isCancelling = false,
  ): Promise<URL> => {
    let next = url;
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await request(next, form);
      form = undefined;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, next);
        if (isDestination(target)) return target;
        next = target.href;
        continue;
      }
      const html = await response.text();
      const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(html)?.[1];
      if (isCancelling && cancel) {
        next = new URL(cancel, next).href;
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || !action)
        throw new Error(`unexpected page ${next}: ${html.slice(0, 300)}`);
      form = new URLSearchParams();
      for (const [, name = '', value = ''] of html.matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
      )) {
        form.set(name, value);
      }
      if (form.get('prompt') === 'login') {
        form.set('login', testSocialAccount.login);
        form.set('password', 'any password works here');
      }
      next = new URL(action.replaceAll('&amp;', '&'), next).href;
    }
    throw new Error('too many hops');
  };
  return { request, followUntil };
};

describe('social sign-in through a real OpenID provider', () => {
  let subject: TestApp;
  let provider: LocalOidcProvider;
  let platform: string;
  let operator: Record<string, string>;
  let logs = '';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    subject = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = subject.app.server.address() as AddressInfo;
    platform = `http://127.0.0.1:${port.toString()}`;
    provider = await startLocalOidcProvider({
      redirectUris: [`${platform}/wps/session/social/google/callback`],
    });
    operator = await operatorHeaders(subject.app);
  });
  afterAll(async () => {
    await provider.close();
    await subject.close();
  });

  const startUrl = () => `${platform}/wps/session/social/google/start`;
  const isCallback = (location: URL) => location.pathname === '/wps/session/social/google/callback';
  const isBackOnSite = (location: URL) =>
    location.origin === platform && !location.pathname.startsWith('/wps/');
  const configure = (payload: unknown, headers: Record<string, string> = operator) =>
    subject.app.inject({
      method: 'PUT',
      url: '/wps/backoffice/site/social/google',
      headers,
      payload: payload as Record<string, unknown>,
    });
  const setFlag = (isEnabled: boolean) =>
    subject.app.inject({
      method: 'PATCH',
      url: '/wps/backoffice/site/settings',
      headers: operator,
      payload: { flags: { GOOGLELOGIN3: isEnabled } },
    });
  const validConfig = () => ({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    isEnabled: true,
  });
  const countRows = async () => {
    const db = subject.database.db;
    const [memberRows] = await db.select({ total: count() }).from(members);
    const [identityRows] = await db.select({ total: count() }).from(memberSocialIdentities);
    const [sessionRows] = await db.select({ total: count() }).from(memberSessions);
    return { members: memberRows?.total, identities: identityRows?.total, sessions: sessionRows?.total };
  };
  const memberInfo = async (token: string) =>
    bodyOf(
      await subject.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: { authorization: `Bearer ${token}` },
      }),
    );

  it('refuses to start while the provider is not configured or the flag is off', async () => {
    const browser = createBrowser();
    const unconfigured = await browser.request(startUrl());
    expect(unconfigured.status).toBe(302);
    expect(unconfigured.headers.get('location')).toBe('/login?social_error=FEATURE_DISABLED');

    expect((await configure(validConfig())).statusCode).toBe(200);
    expect((await setFlag(false)).statusCode).toBe(200);
    const flagOff = await browser.request(startUrl());
    expect(flagOff.headers.get('location')).toBe('/login?social_error=FEATURE_DISABLED');
    expect(flagOff.headers.getSetCookie()).toEqual([]);
  });

  it('lets only staff configure a provider, checks the issuer, and never shows or audits the secret', async () => {
    expect((await configure(validConfig(), {})).statusCode).toBe(401);
    const badIssuers = ['http://accounts.example.com', 'ftp://127.0.0.1', 'not a url', 'https://a.test/?q=1'];
    for (const issuer of badIssuers) {
      const response = await configure({ ...validConfig(), issuer });
      expect({ issuer, code: bodyOf(response).code }).toEqual({ issuer, code: 'VALIDATION_FAILED' });
    }
    expect(bodyOf(await configure({ ...validConfig(), extra: true })).code).toBe('VALIDATION_FAILED');
    const unknownBrand = await subject.app.inject({
      method: 'PUT',
      url: '/wps/backoffice/site/social/google',
      headers: { ...operator, 'x-merchant-code': 'NOBRAND' },
      payload: validConfig(),
    });
    expect(bodyOf(unknownBrand).code).toBe('BRAND_NOT_FOUND');

    const response = await configure(validConfig());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).value).toMatchObject({
      provider: 'google',
      issuer: provider.issuer,
      clientId: provider.clientId,
      hasClientSecret: true,
      isEnabled: true,
    });
    expect(response.body).not.toContain(provider.clientSecret);
    const audit = await subject.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'site.social.update'));
    expect(JSON.stringify(audit.map((event) => [event.before, event.after]))).not.toContain(
      provider.clientSecret,
    );
    expect(audit.at(0)?.after).toMatchObject({ clientSecret: 'set', issuer: provider.issuer });
    expect(audit.at(-1)?.before).toMatchObject({ clientSecret: 'set' });
    expect(audit.at(-1)?.after).toMatchObject({ clientSecret: 'unchanged' });
  });

  it('signs a new member in, then the same member again from another browser', async () => {
    expect((await setFlag(true)).statusCode).toBe(200);
    const before = await countRows();

    const destination = await createBrowser().followUntil(startUrl(), isBackOnSite);
    expect(destination.pathname).toBe('/');
    const token = destination.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    expect(destination.searchParams.get('firstTimeLogin')).toBe('1');
    const info = await memberInfo(token);
    expect(info).toMatchObject({
      success: true,
      value: { type: 0, nickname: testSocialAccount.name, isTrial: false, mustChangePassword: false },
    });
    const first = info.value as { id: string; account: string };
    expect(first.account).toMatch(/^google[0-9a-f]{10}$/);
    const [created] = await subject.database.db
      .select()
      .from(members)
      .where(eq(members.id, BigInt(first.id)));
    expect(created).toMatchObject({ email: testSocialAccount.email, passwordHash: null });
    expect(await countRows()).toEqual({
      members: (before.members ?? 0) + 1,
      identities: (before.identities ?? 0) + 1,
      sessions: (before.sessions ?? 0) + 1,
    });

    const again = await createBrowser().followUntil(startUrl(), isBackOnSite);
    expect(again.searchParams.has('firstTimeLogin')).toBe(false);
    const second = await memberInfo(again.searchParams.get('token') ?? '');
    expect(second.value).toMatchObject({ id: first.id, account: first.account });
    expect((await countRows()).members).toBe((before.members ?? 0) + 1);

    const events = await subject.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.event, 'social.login'));
    expect(events.filter((event) => event.isSuccess).map((event) => event.detail)).toEqual([
      { provider: 'google', isNewMember: true },
      { provider: 'google', isNewMember: false },
    ]);
  });

  it('never writes the token handed to the site into the logs', async () => {
    const destination = await createBrowser().followUntil(startUrl(), isBackOnSite);
    const token = destination.searchParams.get('token') ?? '';
    await fetch(destination);
    // The request is logged by its path alone: no query string, so no token.
    expect(logs).toContain(`"url":"${destination.pathname}"`);
    expect(logs).not.toContain(token);
  });

  it('refuses a tampered, replayed or foreign callback and creates nothing', async () => {
    const before = await countRows();
    const failuresBefore = (
      await subject.database.db.select().from(authEvents).where(eq(authEvents.event, 'social.login'))
    ).filter((event) => !event.isSuccess).length;

    const browser = createBrowser();
    const callback = await browser.followUntil(startUrl(), isCallback);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state') ?? ''}x`);
    const refused = await browser.request(tampered.href);
    expect(refused.headers.get('location')).toBe('/login?social_error=UNAUTHORIZED');

    // The genuine callback, from a browser that did not start the attempt: a link an attacker could send.
    const foreign = await createBrowser().request(callback.href);
    expect(foreign.headers.get('location')).toBe('/login?social_error=UNAUTHORIZED');

    // The callback of an older attempt, once the same browser has started a newer one.
    const restarter = createBrowser();
    const older = await restarter.followUntil(startUrl(), isCallback);
    expect((await restarter.request(startUrl())).status).toBe(302);
    const superseded = await restarter.request(older.href);
    expect(superseded.headers.get('location')).toBe('/login?social_error=UNAUTHORIZED');

    expect(await countRows()).toEqual(before);
    const failures = (
      await subject.database.db.select().from(authEvents).where(eq(authEvents.event, 'social.login'))
    ).filter((event) => !event.isSuccess);
    expect(failures.slice(failuresBefore).map((event) => event.detail)).toEqual([
      { provider: 'google', code: 'UNAUTHORIZED', reason: 'state does not match this browser' },
      { provider: 'google', code: 'UNAUTHORIZED', reason: 'state does not match this browser' },
      { provider: 'google', code: 'UNAUTHORIZED', reason: 'state does not match this browser' },
    ]);
  });

  it('refuses a code exchanged a second time', async () => {
    const browser = createBrowser();
    const callback = await browser.followUntil(startUrl(), isCallback);
    const [cookieName, cookieValue] = ['wps_social_state', callback.searchParams.get('state') ?? ''];
    const first = await browser.request(callback.href);
    expect(first.headers.get('location')).toMatch(/^\/\?token=/);
    const before = await countRows();
    const replay = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: `${cookieName}=${cookieValue}` },
    });
    expect(replay.headers.get('location')).toBe('/login?social_error=UNAUTHORIZED');
    expect(await countRows()).toEqual(before);
    const [lastFailure] = await subject.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.isSuccess, false))
      .orderBy(desc(authEvents.id))
      .limit(1);
    expect(lastFailure?.detail).toMatchObject({ reason: 'unknown, used or expired state' });
  });

  it('sends a visitor who cancels at the provider back to the login, creating nothing', async () => {
    const before = await countRows();
    const destination = await createBrowser().followUntil(startUrl(), isBackOnSite, true);
    expect(destination.href).toBe(`${platform}/login?social_error=UNAUTHORIZED`);
    expect(await countRows()).toEqual(before);
  });

  it('creates nothing when the provider refuses the code exchange', async () => {
    expect((await configure({ ...validConfig(), clientSecret: 'not-the-secret' })).statusCode).toBe(200);
    const before = await countRows();
    try {
      const destination = await createBrowser().followUntil(startUrl(), isBackOnSite);
      expect(destination.href).toBe(`${platform}/login?social_error=UNAUTHORIZED`);
      expect(await countRows()).toEqual(before);
      const [lastFailure] = await subject.database.db
        .select()
        .from(authEvents)
        .where(eq(authEvents.isSuccess, false))
        .orderBy(desc(authEvents.id))
        .limit(1);
      expect(lastFailure?.detail).toMatchObject({
        code: 'UNAUTHORIZED',
        reason: /^exchange: invalid_client/,
      });
    } finally {
      await configure(validConfig());
    }
  });

  it('links one member when two first sign-ins of the same account race', async () => {
    const db = subject.database.db;
    const site = createSiteService({ db, defaultMerchant: 'DEMO' });
    const members = createMemberService({ db });
    const notifications = createNotificationService({ db });
    const auth = createAuthService({ db, site, members, notifications });
    const visitor = { merchantCode: 'DEMO', host: '127.0.0.1', ip: '203.0.113.50' };
    const identity = {
      provider: 'google',
      subject: 'racing-account',
      name: 'Racer',
      email: undefined,
    } as const;
    const before = await countRows();
    const sessions = await Promise.all([
      auth.signInWithSocialIdentity(visitor, identity),
      auth.signInWithSocialIdentity(visitor, identity),
    ]);
    const infos = await Promise.all(sessions.map((session) => memberInfo(session.token)));
    expect(infos.map((info) => info.success)).toEqual([true, true]);
    expect((infos[0]?.value as { id: string }).id).toBe((infos[1]?.value as { id: string }).id);
    expect(await countRows()).toEqual({
      members: (before.members ?? 0) + 1,
      identities: (before.identities ?? 0) + 1,
      sessions: (before.sessions ?? 0) + 2,
    });
  });

  it('refuses once the operator turns the flag off', async () => {
    expect((await setFlag(false)).statusCode).toBe(200);
    const response = await createBrowser().request(startUrl());
    expect(response.headers.get('location')).toBe('/login?social_error=FEATURE_DISABLED');
  });
});
