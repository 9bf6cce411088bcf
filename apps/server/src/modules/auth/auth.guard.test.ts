import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { hashSessionToken } from '../../lib/session-token';
import { brands } from '../site/site.tables';
import { memberSessions } from './auth.tables';

/**
 * The member guards are the one place a route's member and brand come from: a session works only on its own
 * brand's site, and free-play accounts are refused where a real account is needed.
 */
describe('member guards', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    const [demo] = await testApp.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    await testApp.database.db.insert(brands).values({ ...rest, merchantCode: 'OTHER' });
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it("refuses a session on another brand's site on every member route, not only money routes", async () => {
    const { authorization } = await loginAsMember(testApp, 'demoplayer');
    for (const url of ['/wps/member/messages', '/wps/relay/MCSFE_getFavoriteGames', '/wps/member/info']) {
      expect((await get(url, { authorization })).statusCode).toBe(200);
      const elsewhere = await get(url, { authorization, 'x-merchant-code': 'OTHER' });
      expect(elsewhere.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('records that a session was used at most once a minute', async () => {
    const { authorization } = await loginAsMember(testApp, 'demoplayer');
    const tokenHash = hashSessionToken(authorization.replace('Bearer ', ''));
    const lastSeen = async () => {
      const [row] = await testApp.database.db
        .select({ lastSeenAt: memberSessions.lastSeenAt })
        .from(memberSessions)
        .where(eq(memberSessions.tokenHash, tokenHash));
      return row?.lastSeenAt.getTime();
    };
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await testApp.database.db
      .update(memberSessions)
      .set({ lastSeenAt: twoMinutesAgo })
      .where(eq(memberSessions.tokenHash, tokenHash));
    expect((await get('/wps/member/info', { authorization })).statusCode).toBe(200);
    const touched = await lastSeen();
    expect(touched).toBeGreaterThan(twoMinutesAgo.getTime());
    // Used again within the minute: the row is not written again.
    expect((await get('/wps/member/info', { authorization })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(touched);
  });

  it('refuses a free-play account where a real one is needed, and lets it read what it may', async () => {
    const freePlay = await testApp.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: {},
    });
    const { token } = freePlay.json<{ value: { token: string } }>().value;
    const authorization = `Bearer ${token}`;
    expect((await get('/wps/v2/wallets/balance', { authorization })).statusCode).toBe(200);
    const spin = await testApp.app.inject({
      method: 'POST',
      url: '/wps/house/slot/spins',
      headers: { authorization },
      payload: { bet: '1.00', requestId: randomUUID() },
    });
    expect(spin.json()).toMatchObject({ success: false, code: 'TRIAL_NOT_ALLOWED' });
  });
});
