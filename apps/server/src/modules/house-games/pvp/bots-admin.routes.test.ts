import type { PvpBotsOverview } from '@wps/contracts/pvp-bots';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../../testing/test-app';
import { listAuditEvents } from '../../audit/audit.service';
import { brands } from '../../site/site.tables';
import { createManualScheduler } from '../crash.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

describe('the operator switch for house bots', { timeout: 60_000 }, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    testApp = await createTestApp({}, { scheduler: createManualScheduler() });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const put = (headers: Record<string, string>, roomCode: string, isEnabled: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/wps/backoffice/pvp/bots/${roomCode}`,
      headers,
      payload: { isEnabled },
    });

  it('shows every staff member the hold’em rooms, off until switched on, and lets only a manager switch them', async () => {
    expect((await app.inject({ method: 'GET', url: '/wps/backoffice/pvp/bots' })).statusCode).toBe(401);

    const support = await createStaff(app, { role: 'support', username: 'bots-support' });
    const looked = await app.inject({ method: 'GET', url: '/wps/backoffice/pvp/bots', headers: support });
    expect(looked.statusCode).toBe(200);
    const overview = looked.json<Envelope<PvpBotsOverview>>().value;
    expect(overview).toMatchObject({
      currency: 'USD',
      accountBalance: '0.00',
      chipsAtTables: '0.00',
      result: '0.00',
    });
    expect(overview.rooms.map((room) => [room.roomCode, room.isEnabled])).toEqual([
      ['HOLDEM-MICRO-6', false],
      ['HOLDEM-MICRO-9', false],
      ['HOLDEM-LOW-6', false],
      ['HOLDEM-LOW-9', false],
      ['HOLDEM-MID-6', false],
      ['HOLDEM-MID-9', false],
    ]);
    const refused = await put(support, 'HOLDEM-LOW-6', true);
    expect([refused.statusCode, refused.json<Envelope<unknown>>().code]).toEqual([403, 'FORBIDDEN']);

    const admin = await operatorHeaders(app);
    const switched = await put(admin, 'HOLDEM-LOW-6', true);
    expect(switched.statusCode).toBe(200);
    const rooms = switched.json<Envelope<PvpBotsOverview>>().value.rooms;
    expect(rooms.filter((room) => room.isEnabled).map((room) => room.roomCode)).toEqual(['HOLDEM-LOW-6']);
    expect((await put(admin, 'HOLDEM-LOW-6', false)).json<Envelope<PvpBotsOverview>>().value.rooms).toEqual(
      overview.rooms,
    );

    const [brand] = await testApp.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    const trail = await listAuditEvents(testApp.database.db, 'pvp_room', `${brand?.id ?? 0n}:HOLDEM-LOW-6`);
    expect(trail.map((event) => [event.action, event.before, event.after])).toEqual([
      ['pvp.bots.update', { isEnabled: true }, { isEnabled: false }],
      ['pvp.bots.update', { isEnabled: false }, { isEnabled: true }],
    ]);

    const unknown = await put(admin, 'HOLDEM-HUGE-6', true);
    expect([unknown.statusCode, unknown.json<Envelope<unknown>>().code]).toEqual([404, 'NOT_FOUND']);
  });
});
