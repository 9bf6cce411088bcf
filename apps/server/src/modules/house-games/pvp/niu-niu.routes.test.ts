import type { Game } from '@wps/contracts/games';
import { toMinorUnits } from '@wps/contracts/money';
import type { PvpHandVerification, PvpRoom, PvpTableView } from '@wps/contracts/pvp';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import type { JobScheduler } from '../../../jobs/scheduler';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { gameRounds } from '../../games/games.tables';
import { createManualScheduler, crashPlayers, openCrashDatabase } from '../crash.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string; message: string };

const minor = (amount: string) => toMinorUnits(amount, 2, { allowZero: true, allowNegative: true });

describe('Niu-Niu rooms: routes under /wps', { timeout: 60_000 }, () => {
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

  it('lists the Niu-Niu rooms, seats two members who grab the banker and bet in turn, settles against the banker and proves the deck', async () => {
    // The game is in the PVP lobby under the house vendor, beside hold'em.
    const lobby = await call<{ games: Game[] }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?gameType=PVP&vassalage=HOUSE&pageNo=1&pageSize=50&language=EN',
    );
    expect(lobby.body.value.games.map((game) => [game.gameCode, game.gameName])).toEqual(
      expect.arrayContaining([['NIUNIU', 'Niu-Niu']]),
    );

    const rooms = await call<{ rooms: PvpRoom[] }>('GET', '/wps/relay/GLS2_roomList');
    expect(
      rooms.body.value.rooms
        .filter((room) => room.game === 'NIUNIU')
        .map((room) => [room.roomCode, room.seats, room.bigBlind, room.minBuyIn, room.maxBuyIn]),
    ).toEqual([
      ['NIUNIU-MICRO-6', 6, '0.10', '10.00', '100.00'],
      ['NIUNIU-LOW-6', 6, '1.00', '100.00', '1000.00'],
      ['NIUNIU-MID-6', 6, '5.00', '500.00', '5000.00'],
    ]);
    const room = rooms.body.value.rooms.find((entry) => entry.roomCode === 'NIUNIU-LOW-6');
    if (!room) throw new Error('no Niu-Niu room');

    const players = crashPlayers(database);
    const alice = await players.add(100_000n);
    const bob = await players.add(100_000n);
    const base = `/wps/pvp/tables/${room.roomId}`;
    const unauthenticated = await call('POST', `${base}/seats`, undefined, {
      buyIn: '150',
      requestId: 'n-a',
    });
    expect(unauthenticated.status).toBe(401);
    await call('POST', `${base}/seats`, alice.authorization, { buyIn: '150', requestId: 'n-a1' });
    await call('POST', `${base}/seats`, bob.authorization, { buyIn: '250', requestId: 'n-b1' });
    expect([await players.balance(alice.member), await players.balance(bob.member)]).toEqual([
      85_000n,
      75_000n,
    ]);

    await scheduler.runNow('pvp.drive');
    const aliceView = (await call<PvpTableView>('GET', `${base}/state`, alice.authorization)).body.value;
    const bobState = await call<PvpTableView>('GET', `${base}/state`, bob.authorization);
    expect(aliceView.table).toMatchObject({ game: 'NIUNIU', hand: null });
    expect(aliceView.table.niuNiu).toMatchObject({ phase: 'BIDDING', toActSeat: 0, serverSeed: null });
    expect(aliceView.you.holeCards).toHaveLength(4);
    expect(bobState.body.value.you.holeCards).toHaveLength(4);
    const bobBody = JSON.stringify(bobState.body);
    for (const card of aliceView.you.holeCards) expect(bobBody).not.toContain(`"${card}"`);
    const handId = aliceView.table.niuNiu?.handId ?? '';

    const outOfTurn = await call('POST', `${base}/niu-niu/actions`, bob.authorization, {
      handId,
      actionId: 'b-1',
      kind: 'BID',
      multiplier: 2,
    });
    expect([outOfTurn.status, outOfTurn.body.code, outOfTurn.body.message]).toEqual([
      409,
      'PVP_ACTION_REFUSED',
      'It is not your turn.',
    ]);
    const holdemMove = await call('POST', `${base}/actions`, alice.authorization, {
      handId,
      actionId: 'a-0',
      kind: 'CALL',
    });
    expect([holdemMove.status, holdemMove.body.code]).toEqual([409, 'PVP_ACTION_REFUSED']);
    const tooHigh = await call('POST', `${base}/niu-niu/actions`, alice.authorization, {
      handId,
      actionId: 'a-1',
      kind: 'BID',
      multiplier: 5,
    });
    expect([tooHigh.status, tooHigh.body.code]).toEqual([409, 'PVP_ACTION_REFUSED']);

    await call('POST', `${base}/niu-niu/actions`, alice.authorization, {
      handId,
      actionId: 'a-2',
      kind: 'BID',
      multiplier: 4,
    });
    const bid = await call<PvpTableView>('POST', `${base}/niu-niu/actions`, bob.authorization, {
      handId,
      actionId: 'b-2',
      kind: 'BID',
      multiplier: 0,
    });
    expect(bid.body.value.table.niuNiu).toMatchObject({ phase: 'BETTING', bankerSeat: 0, bankerBid: 4 });
    expect(bid.body.value.you.niuNiuOptions).toEqual({ kind: 'BET', choices: [1, 2, 3, 4, 5] });
    const bet = await call<PvpTableView>('POST', `${base}/niu-niu/actions`, bob.authorization, {
      handId,
      actionId: 'b-3',
      kind: 'BET',
      multiplier: 2,
    });
    const settled = bet.body.value;
    const result = settled.table.niuNiu?.result;
    if (!result) throw new Error('the hand did not settle');
    expect(settled.table.niuNiu?.status).toBe('SETTLED');
    expect(settled.you.holeCards).toHaveLength(5);
    // 1.00 × 4 (bank) × 2 (bet) × the winning hand's multiplier, within the stacks.
    const [pairing] = result.pairings;
    expect(pairing).toMatchObject({ seat: 1, due: `${8 * (pairing?.handMultiplier ?? 0)}.00` });
    // Chips only moved between the two stacks, less the rake: stacks and balances make up the buy-ins.
    const stacks = settled.table.players.reduce((sum, seat) => sum + minor(seat.stack), 0n);
    expect(stacks + minor(result.rake)).toBe(40_000n);
    const moved = pairing?.playerWins ? minor(pairing.amount) : -minor(pairing?.amount ?? '0');
    expect(minor(settled.table.players.find((seat) => seat.seat === 1)?.stack ?? '0')).toBe(
      25_000n + moved - minor(result.outcomes.find((outcome) => outcome.seat === 1)?.rake ?? '0'),
    );

    // Each member's betting record, settled with the hand.
    const records = await database.db
      .select()
      .from(gameRounds)
      .where(like(gameRounds.roundRef, `pvp:${handId}:%`));
    expect(records.map((record) => [record.memberId, record.status]).sort()).toEqual(
      [
        [alice.member.id, 'settled'],
        [bob.member.id, 'settled'],
      ].sort(),
    );
    for (const record of records) {
      const seat = record.memberId === alice.member.id ? 0 : 1;
      const net = minor(result.outcomes.find((outcome) => outcome.seat === seat)?.net ?? '0');
      expect(record.winAmount - record.betAmount).toBe(net);
    }

    const proof = await call<PvpHandVerification>('GET', `/wps/pvp/hands/${handId}/verify`);
    expect(proof.body.value.commitmentMatches).toBe(true);
    expect(proof.body.value.holeCards.find((entry) => entry.seat === 1)?.cards).toEqual(
      settled.you.holeCards,
    );
    const fairness = await call<{ result: { commitment: string; hands: { cards: string[] }[] } }>(
      'POST',
      '/wps/house/fairness/verify',
      undefined,
      {
        game: 'pvp',
        serverSeed: proof.body.value.serverSeed,
        clientSeed: proof.body.value.clientSeed,
        nonce: proof.body.value.nonce,
        params: { players: '2', game: 'NIUNIU' },
      },
    );
    expect(fairness.body.value.result.commitment).toBe(proof.body.value.commitment);
    expect(fairness.body.value.result.hands[1]?.cards).toEqual(settled.you.holeCards);

    // Both leave with their stacks: the two balances hold what they brought less the rake.
    for (const player of [alice, bob]) {
      const left = await call<PvpTableView>('POST', `${base}/leave`, player.authorization);
      expect(left.body.value.you.seat).toBeNull();
    }
    const cash = (await players.balance(alice.member)) + (await players.balance(bob.member));
    expect(cash + minor(result.rake)).toBe(200_000n);
  });
});
