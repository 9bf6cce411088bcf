import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { seedHouseTableGames } from '../house-games.seed';
import {
  createManualScheduler,
  createTestClock,
  crashPlayers,
  crashTestSettings,
  openCrashDatabase,
  type TestClock,
} from '../crash.test-helpers';
import { findLatestRound } from './tables.repository';

type Envelope<T> = { success: boolean; value: T; code?: string };

describe('house tables: routes under /wps', () => {
  let database: DatabaseHandle;
  let testApp: TestApp;
  let clock: TestClock;
  let drive: () => Promise<void>;
  beforeEach(async () => {
    database = await openCrashDatabase();
    clock = createTestClock();
    const scheduler = createManualScheduler();
    testApp = await createTestApp(
      {
        ...crashTestSettings,
        CRASH_ENABLED: 'true',
        HOUSE_TABLES_ENABLED: 'true',
        HOUSE_TABLES_BETTING_MS: '2000',
      },
      { database, scheduler, clock: clock.now },
    );
    await seedHouseTableGames(database.db);
    drive = () => scheduler.runNow('tables.drive');
  });
  afterEach(async () => {
    await testApp.close();
    await database.close();
  });

  it('lists tables, shows state, takes bets, answers my bets and verifies a dealt round on /fairness', async () => {
    const { app } = testApp;
    const list = await app.inject({ method: 'GET', url: '/wps/tables' });
    expect(
      list.json<Envelope<{ tables: Array<{ tableId: string }> }>>().value.tables.map((t) => t.tableId),
    ).toContain('ROU-A');
    await drive();
    const round = await findLatestRound(database.db, 'ROU-A');
    if (!round) throw new Error('no round');
    const state = await app.inject({ method: 'GET', url: '/wps/tables/ROU-A/state' });
    expect(
      state.json<Envelope<{ round: { phase: string; serverSeedHash: string; serverSeed: null } }>>().value
        .round,
    ).toMatchObject({
      phase: 'BETTING',
      serverSeedHash: round.serverSeedHash,
      serverSeed: null,
    });

    const { authorization } = await crashPlayers(database).add(100_000n);
    const bet = await app.inject({
      method: 'POST',
      url: '/wps/tables/bets',
      headers: { authorization },
      payload: {
        tableId: 'ROU-A',
        roundId: round.id.toString(),
        bets: [{ spot: 'red', amount: '10.00' }],
        requestId: 'route-1',
      },
    });
    expect(bet.statusCode).toBe(200);
    const totals = await app.inject({ method: 'GET', url: '/wps/tables/ROU-A/state' });
    expect(totals.json<Envelope<{ totals: { players: number } }>>().value.totals.players).toBe(1);

    clock.advance(Number(crashTestSettings.CRASH_BETTING_MS) * 30);
    const closed = await app.inject({
      method: 'POST',
      url: '/wps/tables/bets',
      headers: { authorization },
      payload: {
        tableId: 'ROU-A',
        roundId: round.id.toString(),
        bets: [{ spot: 'red', amount: '10.00' }],
        requestId: 'route-2',
      },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<Envelope<null>>().code).toBe('TABLE_BETTING_CLOSED');

    await drive();
    const mine = await app.inject({
      method: 'GET',
      url: '/wps/tables/ROU-A/my-bets',
      headers: { authorization },
    });
    expect(mine.json<Envelope<{ bets: Array<{ spot: string }> }>>().value.bets).toMatchObject([
      { spot: 'red' },
    ]);

    const verified = await app.inject({ method: 'GET', url: `/wps/tables/rounds/${round.id}/verify` });
    const proof = verified.json<
      Envelope<{
        serverSeed: string;
        clientSeed: string;
        nonce: number;
        resultMatches: boolean;
        result: { pocket: number };
      }>
    >().value;
    expect(proof.resultMatches).toBe(true);
    const fairness = await app.inject({
      method: 'POST',
      url: '/wps/house/fairness/verify',
      payload: {
        game: 'tables',
        serverSeed: proof.serverSeed,
        clientSeed: proof.clientSeed,
        nonce: proof.nonce,
        params: { game: 'ROULETTE' },
      },
    });
    expect(fairness.json<Envelope<{ result: { pocket: number } }>>().value.result.pocket).toBe(
      proof.result.pocket,
    );
  });

  it('answers each game’s state in the contract’s shape with the server’s clock, dealt and settled alike', async () => {
    const { app } = testApp;
    type State = {
      serverTime: string;
      round: {
        phase: string;
        closesAt: string;
        steps: Array<{ value: string; at: string }>;
        result: unknown;
      };
      history: { beadPlate?: unknown[]; lastNumbers?: number[]; outcomes?: string[] };
    };
    const stateOf = async (table: string) => {
      const response = await app.inject({ method: 'GET', url: `/wps/tables/${table}/state` });
      expect(response.statusCode).toBe(200);
      return response.json<Envelope<State>>().value;
    };
    await drive();
    const betting = await stateOf('BAC-A');
    expect(betting.serverTime).toBe(new Date(clock.now()).toISOString());
    // HOUSE_TABLES_BETTING_MS sets how long a round takes bets.
    expect(Date.parse(betting.round.closesAt) - clock.now()).toBe(2000);

    clock.advance(2000);
    await drive();
    for (const table of ['BAC-A', 'ROU-A', 'DT-A']) {
      const dealing = await stateOf(table);
      expect(dealing.round.phase).toBe('DEALING');
      expect(dealing.round.steps.length).toBeGreaterThan(0);
      expect(dealing.round.result).toBeNull();
    }
    clock.advance(60_000);
    await drive();
    const [baccarat, roulette, dragonTiger] = await Promise.all(['BAC-A', 'ROU-A', 'DT-A'].map(stateOf));
    expect(baccarat?.round.phase).toBe('SETTLED');
    expect(baccarat?.history.beadPlate).toHaveLength(1);
    expect(roulette?.history.lastNumbers).toEqual([Number(roulette?.round.steps[0]?.value)]);
    expect(dragonTiger?.history.outcomes).toHaveLength(1);
  });
});
