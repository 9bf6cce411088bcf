import type {
  LeaderboardPayout,
  OperatorLeaderboard,
  OperatorMission,
} from '@wps/contracts/loyalty-missions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';

type Envelope<T> = { success: boolean; code?: string; value: T };

describe('operator routes for missions and leaderboards', () => {
  let testApp: TestApp;
  let headers: Awaited<ReturnType<typeof operatorHeaders>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    headers = await operatorHeaders(testApp.app);
    // On PGlite the first staff POST of a fresh app has been seen to stall behind the app's start-up work; a read
    // first lets it settle (not seen on PostgreSQL). Open question in the H2 report.
    await testApp.app.inject({ method: 'GET', url: '/wps/backoffice/loyalty/missions', headers });
  });
  afterAll(() => testApp.close());

  const send = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = headers) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps/backoffice/loyalty${url}`,
      headers: as,
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  const body = {
    title: { en: 'Spin 20 rounds', ur: 'بیس راؤنڈ' },
    description: { en: 'Twenty rounds today.' },
    kind: 'rounds',
    cadence: 'daily',
    target: '20',
    rewardKind: 'bonus',
    rewardAmount: '5.50',
    rewardTurnoverMultiplier: 3,
    missionPoints: 10,
  };

  it('answers 401 without a staff session', async () => {
    for (const url of ['/missions', '/leaderboards', '/leaderboards/payouts']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/wps/backoffice/loyalty${url}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('creates a draft mission, puts it live, refuses a move back to draft, audits each change', async () => {
    const created = await send<OperatorMission>('POST', '/missions', body);
    expect(created.body.value).toMatchObject({ status: 'draft', target: '20', rewardAmount: '5.50' });
    const id = created.body.value.id;
    const live = await send<OperatorMission>('POST', `/missions/${id}/status`, { status: 'live' });
    expect(live.body.value.status).toBe('live');
    const back = await send('POST', `/missions/${id}/status`, { status: 'draft' });
    expect(back).toMatchObject({ status: 409, body: { success: false, code: 'MISSION_STATE_INVALID' } });
    const updated = await send<OperatorMission>('PUT', `/missions/${id}`, {
      ...body,
      kind: 'valid_bet',
      target: '50',
      productLine: 'RNG',
    });
    expect(updated.body.value).toMatchObject({ kind: 'valid_bet', target: '50.00', productLine: 'RNG' });
    const list = await send<{ missions: OperatorMission[] }>('GET', '/missions');
    expect(list.body.value.missions.some((mission) => mission.id === id)).toBe(true);
    const audited = await testApp.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'loyalty_mission'), eq(auditEvents.entityId, id)));
    expect(audited.map((row) => row.action)).toEqual(['mission.create', 'mission.live', 'mission.update']);
  });

  it('refuses bad amounts in the envelope and a role other than admin', async () => {
    const bad = await send('POST', '/missions', { ...body, rewardAmount: '1.234' });
    expect(bad).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_FAILED' } });
    const support = await createStaff(testApp.app, { role: 'support', username: 'missionsupport' });
    const forbidden = await send('POST', '/missions', body, support);
    expect(forbidden).toMatchObject({ status: 403, body: { success: false, code: 'FORBIDDEN' } });
    const readable = await send('GET', '/missions', undefined, support);
    expect(readable.status).toBe(200);
  });

  it('creates a leaderboard with prizes, pauses it, lists payouts', async () => {
    const created = await send<OperatorLeaderboard>('POST', '/leaderboards', {
      title: { en: 'Top of the week' },
      metric: 'valid_bet',
      period: 'weekly',
      prizes: ['100', '50.5'],
      prizeTurnoverMultiplier: 2,
    });
    expect(created.body.value).toMatchObject({ status: 'live', prizes: ['100.00', '50.50'] });
    const paused = await send<OperatorLeaderboard>('POST', `/leaderboards/${created.body.value.id}/status`, {
      status: 'paused',
    });
    expect(paused.body.value.status).toBe('paused');
    const changed = await send('PUT', `/leaderboards/${created.body.value.id}`, {
      title: { en: 'Top' },
      metric: 'mission_points',
      period: 'weekly',
      prizes: ['1'],
    });
    expect(changed).toMatchObject({ status: 409, body: { code: 'MISSION_STATE_INVALID' } });
    const payouts = await send<{ payouts: LeaderboardPayout[] }>('GET', '/leaderboards/payouts');
    expect(payouts.status).toBe(200);
    expect(Array.isArray(payouts.body.value.payouts)).toBe(true);
  });
});
