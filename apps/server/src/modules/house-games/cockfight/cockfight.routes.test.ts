import type { AdminFight, ArenaState, FightBet } from '@wps/contracts/cockfight';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../../testing/test-app';
import { listAuditEvents } from '../../audit/audit.service';
import { createManualScheduler, crashPlayers, openCrashDatabase } from '../crash.test-helpers';

type Envelope<T> = { success: boolean; value: T; message: string; code?: string };

describe('cockfight: routes under /wps and the console’s under /wps/backoffice', () => {
  let database: DatabaseHandle;
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof operatorHeaders>>;
  beforeAll(async () => {
    database = await openCrashDatabase();
    testApp = await createTestApp({}, { database, scheduler: createManualScheduler() });
    app = testApp.app;
    admin = await operatorHeaders(app);
  });
  afterAll(async () => {
    await testApp.close();
    await database.close();
  });

  const operatorCall = (
    headers: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url: `/wps/backoffice/cockfight${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const schedule = async (meronName: string, walaName: string) => {
    const response = await operatorCall(admin, 'POST', '/fights', {
      meronName,
      walaName,
      meronWeight: 2_100,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<AdminFight>>().value;
  };
  const move = (fightId: string, action: string, headers = admin, payload?: Record<string, unknown>) =>
    operatorCall(headers, 'POST', `/fights/${fightId}/${action}`, payload);
  const state = async () =>
    (await app.inject({ method: 'GET', url: '/wps/cockfight/state' })).json<Envelope<ArenaState>>().value;

  it('runs a fight from the console: schedule, open, last call, close, result; players bet and are paid', async () => {
    const fight = await schedule('Red Thunder', 'Golden Spur');
    expect(fight).toMatchObject({ phase: 'SCHEDULED', source: 'operator', meron: { weight: 2_100 } });
    expect((await state()).upcoming.map((entry) => entry.fightId)).toContain(fight.fightId);

    // No result before the close, and no bets before the opening.
    const early = await move(fight.fightId, 'result', admin, { result: 'meron' });
    expect(early.statusCode).toBe(409);
    expect(early.json<Envelope<null>>()).toMatchObject({ success: false, code: 'FIGHT_STATE_CONFLICT' });
    expect(early.json<Envelope<null>>().message).toMatch(/is scheduled: it cannot take a result/);

    expect((await move(fight.fightId, 'open')).json<Envelope<AdminFight>>().value.phase).toBe('OPEN');
    const players = crashPlayers(database);
    const meron = await players.add(100_000n);
    const wala = await players.add(100_000n);
    const bet = (authorization: string, side: string, requestId: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/cockfight/bets',
        headers: { authorization },
        payload: { fightId: fight.fightId, side, amount: '10.00', requestId },
      });
    expect((await bet(meron.authorization, 'meron', 'm-1')).json<Envelope<FightBet>>().value).toMatchObject({
      side: 'meron',
      amount: '10.00',
      status: 'PLACED',
    });
    expect((await bet(wala.authorization, 'wala', 'w-1')).statusCode).toBe(200);
    const live = await state();
    expect(live.current).toMatchObject({
      fightId: fight.fightId,
      phase: 'OPEN',
      pools: { meron: '10.00', wala: '10.00', draw: '0.00' },
      // 20.00 less 5 % is 19.00 for 10.00 on each side.
      payouts: { meron: '1.90', wala: '1.90' },
      commissionPercent: '5.00',
      drawMultiplier: 8,
    });

    expect((await move(fight.fightId, 'last-call')).json<Envelope<AdminFight>>().value.phase).toBe(
      'LAST_CALL',
    );
    expect((await move(fight.fightId, 'close')).json<Envelope<AdminFight>>().value.phase).toBe('CLOSED');
    const late = await bet(meron.authorization, 'meron', 'm-2');
    expect(late.statusCode).toBe(409);
    expect(late.json<Envelope<null>>().code).toBe('FIGHT_BETTING_CLOSED');

    const settled = await move(fight.fightId, 'result', admin, { result: 'meron' });
    expect(settled.json<Envelope<AdminFight>>().value).toMatchObject({ phase: 'SETTLED', result: 'meron' });
    expect(await players.balance(meron.member)).toBe(100_000n - 1_000n + 1_900n);
    expect(await players.balance(wala.member)).toBe(99_000n);
    const mine = await app.inject({
      method: 'GET',
      url: '/wps/cockfight/my-bets',
      headers: { authorization: meron.authorization },
    });
    expect(mine.json<Envelope<{ bets: FightBet[] }>>().value.bets).toMatchObject([
      { fightId: fight.fightId, status: 'WON', returned: '19.00' },
    ]);
    const after = await state();
    expect(after.current).toBeNull();
    expect(after.lastResult).toMatchObject({ fightId: fight.fightId, phase: 'SETTLED', result: 'meron' });
    expect(after.history[0]).toEqual({ fightId: fight.fightId, number: fight.number, result: 'meron' });

    const finished = await operatorCall(admin, 'GET', '/fights?view=finished');
    expect(
      finished.json<Envelope<{ fights: AdminFight[] }>>().value.fights.map((entry) => entry.fightId),
    ).toContain(fight.fightId);
    const audit = await listAuditEvents(database.db, 'cockfight_fight', fight.fightId);
    expect(audit.map((event) => event.action).sort()).toEqual(
      [
        'cockfight.fight.close',
        'cockfight.fight.last_call',
        'cockfight.fight.open',
        'cockfight.fight.result',
        'cockfight.fight.schedule',
      ].sort(),
    );
  });

  it('lets every staff member look and only admins act; strangers get nothing', async () => {
    const support = await createStaff(app, { role: 'support', username: 'fightsupport' });
    expect((await operatorCall(support, 'GET', '/fights')).statusCode).toBe(200);
    const fight = await schedule('Iron Claw', 'Silver Hawk');
    const refused = await move(fight.fightId, 'open', support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().success).toBe(false);
    const stranger = await app.inject({ method: 'GET', url: '/wps/backoffice/cockfight/fights' });
    expect(stranger.statusCode).toBe(401);
    expect((await move(fight.fightId, 'cancel')).json<Envelope<AdminFight>>().value.phase).toBe('CANCELLED');
  });

  it('lets one of two operators pressing at once win, and one fight take bets at a time', async () => {
    const other = await createStaff(app, { role: 'admin', username: 'fightadmin2' });
    const first = await schedule('Jade Dragon', 'White Tiger');
    const second = await schedule('Bronze Blade', 'Crimson King');
    const opened = await Promise.all([move(first.fightId, 'open'), move(first.fightId, 'open', other)]);
    expect(opened.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const busy = await move(second.fightId, 'open');
    expect(busy.statusCode).toBe(409);
    expect(busy.json<Envelope<null>>().message).toMatch(/Another fight of this arena is taking bets/);

    const closed = await Promise.all([move(first.fightId, 'close'), move(first.fightId, 'close', other)]);
    expect(closed.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const results = await Promise.all([
      move(first.fightId, 'result', admin, { result: 'wala' }),
      move(first.fightId, 'result', other, { result: 'meron' }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((response) => response.statusCode === 200);
    const list = await operatorCall(admin, 'GET', '/fights?view=finished');
    const stored = list
      .json<Envelope<{ fights: AdminFight[] }>>()
      .value.fights.find((entry) => entry.fightId === first.fightId);
    expect(stored?.result).toBe(winner?.json<Envelope<AdminFight>>().value.result);
    expect((await move(second.fightId, 'open')).statusCode).toBe(200);
    expect((await move(second.fightId, 'cancel')).statusCode).toBe(200);
  });

  it('refuses limits out of order and unknown fights with the envelope', async () => {
    const bad = await operatorCall(admin, 'POST', '/fights', {
      meronName: 'A',
      walaName: 'B',
      minStake: '50.00',
      maxPerPlayer: '10.00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope<null>>()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const missing = await move('999999', 'open');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Envelope<null>>().code).toBe('NOT_FOUND');
  });
});
