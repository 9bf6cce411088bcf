import type { PvpHandVerification, PvpRoom, PvpTableView } from '@wps/contracts/pvp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import type { JobScheduler } from '../../../jobs/scheduler';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createManualScheduler, crashPlayers, openCrashDatabase } from '../crash.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string; message: string };

describe('card rooms: routes under /wps', { timeout: 60_000 }, () => {
  let database: DatabaseHandle;
  let testApp: TestApp;
  let scheduler: JobScheduler;
  beforeAll(async () => {
    database = await openCrashDatabase();
    scheduler = createManualScheduler();
    testApp = await createTestApp({}, { database, scheduler });
  });
  afterAll(async () => {
    await testApp.close();
    await database.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) => {
    const response = await testApp.app.inject({
      method,
      url,
      ...(authorization ? { headers: { authorization } } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  it('lists the rooms (GLS2_roomList), seats two members, deals, keeps hole cards private, refuses a move out of turn and proves the deck', async () => {
    const rooms = await call<{ rooms: PvpRoom[] }>('GET', '/wps/relay/GLS2_roomList');
    expect(rooms.status).toBe(200);
    expect(
      rooms.body.value.rooms
        .filter((room) => room.game === 'HOLDEM')
        .map((room) => [room.roomCode, room.smallBlind, room.bigBlind, room.minBuyIn, room.maxBuyIn]),
    ).toEqual([
      ['HOLDEM-MICRO-6', '0.05', '0.10', '4.00', '10.00'],
      ['HOLDEM-MICRO-9', '0.05', '0.10', '4.00', '10.00'],
      ['HOLDEM-LOW-6', '0.50', '1.00', '40.00', '100.00'],
      ['HOLDEM-LOW-9', '0.50', '1.00', '40.00', '100.00'],
      ['HOLDEM-MID-6', '2.00', '5.00', '200.00', '500.00'],
      ['HOLDEM-MID-9', '2.00', '5.00', '200.00', '500.00'],
    ]);
    const room = rooms.body.value.rooms.find((entry) => entry.roomCode === 'HOLDEM-MICRO-6');
    if (!room) throw new Error('no micro room');
    expect(room).toMatchObject({ game: 'HOLDEM', seats: 6, seated: 0, currency: 'USD', isHandInPlay: false });

    const players = crashPlayers(database);
    const alice = await players.add(10_000n);
    const bob = await players.add(10_000n);
    const base = `/wps/pvp/tables/${room.roomId}`;
    const unauthenticated = await call('POST', `${base}/seats`, undefined, { buyIn: '10', requestId: 'a-1' });
    expect(unauthenticated.status).toBe(401);
    const seated = await call<PvpTableView>('POST', `${base}/seats`, alice.authorization, {
      buyIn: '10',
      requestId: 'a-1',
    });
    expect(seated.body.value.you).toMatchObject({ seat: 0, holeCards: [], options: null });
    const tooSmall = await call('POST', `${base}/seats`, bob.authorization, {
      buyIn: '3.99',
      requestId: 'b-0',
    });
    expect([tooSmall.status, tooSmall.body.code]).toEqual([422, 'PVP_BUY_IN_LIMIT']);
    await call('POST', `${base}/seats`, bob.authorization, { buyIn: '8', requestId: 'b-1' });
    expect(
      (await call<{ rooms: PvpRoom[] }>('GET', '/wps/relay/GLS2_roomList')).body.value.rooms.find(
        (entry) => entry.roomId === room.roomId,
      )?.seated,
    ).toBe(2);

    await scheduler.runNow('pvp.drive');
    const aliceView = (await call<PvpTableView>('GET', `${base}/state`, alice.authorization)).body.value;
    const bobState = await call<PvpTableView>('GET', `${base}/state`, bob.authorization);
    const bobView = bobState.body.value;
    expect(aliceView.you.holeCards).toHaveLength(2);
    expect(bobView.you.holeCards).toHaveLength(2);
    const bobBody = JSON.stringify(bobState.body);
    for (const card of aliceView.you.holeCards) expect(bobBody).not.toContain(`"${card}"`);
    const handId = aliceView.table.hand?.handId ?? '';

    const outOfTurn = await call('POST', `${base}/actions`, bob.authorization, {
      handId,
      actionId: 'b-a1',
      kind: 'CALL',
    });
    expect([outOfTurn.status, outOfTurn.body.code, outOfTurn.body.message]).toEqual([
      409,
      'PVP_ACTION_REFUSED',
      'It is not your turn.',
    ]);
    const raise = await call<PvpTableView>('POST', `${base}/actions`, alice.authorization, {
      handId,
      actionId: 'a-a1',
      kind: 'RAISE',
      amount: '0.30',
    });
    expect(raise.body.value.table.hand).toMatchObject({ toActSeat: 1, currentBet: '0.30' });
    const fold = await call<PvpTableView>('POST', `${base}/actions`, bob.authorization, {
      handId,
      actionId: 'b-a2',
      kind: 'FOLD',
    });
    expect(fold.body.value.table.hand).toMatchObject({ status: 'SETTLED', result: { rake: '0.00' } });
    expect(fold.body.value.table.players.map((seat) => seat.stack)).toEqual(['10.10', '7.90']);

    const proof = await call<PvpHandVerification>('GET', `/wps/pvp/hands/${handId}/verify`);
    expect(proof.body.value.commitmentMatches).toBe(true);
    expect(proof.body.value.holeCards.find((entry) => entry.seat === 1)?.cards).toEqual(
      bobView.you.holeCards,
    );
    const fairness = await call<{ result: { commitment: string; holeCards: string[][] } }>(
      'POST',
      '/wps/house/fairness/verify',
      undefined,
      {
        game: 'pvp',
        serverSeed: proof.body.value.serverSeed,
        clientSeed: proof.body.value.clientSeed,
        nonce: proof.body.value.nonce,
        params: { players: '2' },
      },
    );
    expect(fairness.body.value.result.commitment).toBe(proof.body.value.commitment);

    const left = await call<PvpTableView>('POST', `${base}/leave`, alice.authorization);
    expect(left.body.value.you.seat).toBeNull();
  });
});
