import type { CrashState, CrashVerification } from '@wps/contracts/crash';
import { elapsedToReach } from '@wps/contracts/crash';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { gameRounds } from '../games/games.tables';
import { crashBets, crashRounds } from './crash.tables';
import {
  type CrashApp,
  type TestClock,
  buildCrashApp,
  cashOut,
  commitTestChain,
  crashPlayers,
  createTestClock,
  openCrashDatabase,
  placeBet,
} from './crash.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

describe('crash game routes', { timeout: 90_000 }, () => {
  let database: DatabaseHandle;
  let clock: TestClock;
  let crash: CrashApp;
  let players: ReturnType<typeof crashPlayers>;

  beforeEach(async () => {
    database = await openCrashDatabase();
    clock = createTestClock();
    crash = await buildCrashApp(database, clock);
    players = crashPlayers(database);
  });

  afterEach(async () => {
    await crash.close();
    await database.close();
  });

  const readState = async (): Promise<CrashState> =>
    (await crash.app.inject({ url: '/wps/crash/state' })).json<Envelope<CrashState>>().value;

  /** The driver's first tick opens a round; answers it. */
  const openRound = async () => {
    await crash.drive();
    const state = await readState();
    if (!state.round) throw new Error('no round was opened');
    return { ...state.round, startsAtMs: Date.parse(state.round.startsAt) };
  };

  it('takes a bet in the betting phase, debits it with the bet, and lists it for everyone', async () => {
    await commitTestChain(database, () => true, 1);
    const { member, authorization } = await players.add(10_000n);
    const round = await openRound();
    expect(round.phase).toBe('BETTING');
    expect(round.crashPoint).toBeNull();
    expect(round.hash).toBeNull();

    const placed = await placeBet(crash.app, authorization, { amount: '12.50', autoCashOut: '2' });
    expect(placed.status).toBe(200);
    expect(placed.body.value).toMatchObject({ amount: '12.50', autoCashOut: '2.00', status: 'PLACED' });
    expect(await players.balance(member)).toBe(8_750n);

    const state = await readState();
    expect(state.bets).toEqual([
      expect.objectContaining({ betId: placed.body.value.betId, amount: '12.50', status: 'PLACED' }),
    ]);
    const mine = await crash.app.inject({ url: '/wps/crash/my-bet', headers: { authorization } });
    expect(mine.json<Envelope<{ bet: { betId: string } | null }>>().value.bet?.betId).toBe(
      placed.body.value.betId,
    );

    const again = await placeBet(crash.app, authorization, { amount: '1.00' });
    expect(again.body.code).toBe('CRASH_ALREADY_BET');
    expect(await players.balance(member)).toBe(8_750n);
  });

  it('refuses a bet once the round has started, by the clock even before the driver marks it', async () => {
    await commitTestChain(database, () => true, 1);
    const { member, authorization } = await players.add(10_000n);
    const round = await openRound();
    clock.set(round.startsAtMs);

    const early = await placeBet(crash.app, authorization, { amount: '1.00' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CRASH_BETTING_CLOSED');

    await crash.drive();
    expect((await readState()).round?.phase).toBe('RUNNING');
    const running = await placeBet(crash.app, authorization, { amount: '1.00' });
    expect(running.body.code).toBe('CRASH_BETTING_CLOSED');
    expect(await players.balance(member)).toBe(10_000n);
  });

  it('refuses a bet the member cannot pay, writing nothing', async () => {
    await commitTestChain(database, () => true, 1);
    const { member, authorization } = await players.add(500n);
    const round = await openRound();
    const refused = await placeBet(crash.app, authorization, { amount: '5.01' });
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await players.balance(member)).toBe(500n);
    const bets = await database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.roundId, BigInt(round.roundId)));
    expect(bets).toEqual([]);
  });

  it('refuses auto cash-out targets below 1.01', async () => {
    await commitTestChain(database, () => true, 1);
    const { authorization } = await players.add(10_000n);
    await openRound();
    const refused = await placeBet(crash.app, authorization, { amount: '1.00', autoCashOut: '1.00' });
    expect(refused.body.code).toBe('VALIDATION_FAILED');
  });

  it('pays a cash-out once at the multiplier of the server clock, even when clicked twice at once', async () => {
    await commitTestChain(database, ([first]) => first !== undefined && first >= 300n, 1);
    const { member, authorization } = await players.add(10_000n);
    const round = await openRound();
    const placed = await placeBet(crash.app, authorization, { amount: '10.00' });

    // Not before the start.
    const tooEarly = await cashOut(crash.app, authorization, placed.body.value.betId);
    expect(tooEarly.body.code).toBe('CRASH_CASH_OUT_CLOSED');

    clock.set(round.startsAtMs);
    await crash.drive();
    clock.set(round.startsAtMs + elapsedToReach(200));

    const [first, second] = await Promise.all([
      cashOut(crash.app, authorization, placed.body.value.betId),
      cashOut(crash.app, authorization, placed.body.value.betId),
    ]);
    const results = [first, second].sort((a, b) => a.status - b.status);
    expect(results[0]?.body.value).toMatchObject({ status: 'CASHED', cashedOutAt: '2.00', payout: '20.00' });
    expect(results[1]?.body.code).toBe('CRASH_ALREADY_CASHED_OUT');
    expect(await players.balance(member)).toBe(10_000n - 1_000n + 2_000n);
  });

  it('pays auto cash-outs at their target as the multiplier passes it; the rest lose at the crash', async () => {
    const [crashPoint = 0n] = await commitTestChain(
      database,
      ([first]) => first !== undefined && first >= 250n && first < 2_000n,
      1,
    );
    const auto = await players.add(10_000n);
    const manual = await players.add(10_000n);
    const tooHigh = await players.add(10_000n);
    const round = await openRound();
    await placeBet(crash.app, auto.authorization, { amount: '10.00', autoCashOut: '1.50' });
    await placeBet(crash.app, manual.authorization, { amount: '10.00' });
    await placeBet(crash.app, tooHigh.authorization, { amount: '10.00', autoCashOut: '5000' });

    clock.set(round.startsAtMs);
    await crash.drive();
    clock.set(round.startsAtMs + elapsedToReach(151));
    await crash.drive();
    expect(await players.balance(auto.member)).toBe(9_000n + 1_500n);
    const running = await readState();
    expect(running.round?.crashPoint).toBeNull();
    expect(running.bets.find((bet) => bet.cashedOutAt === '1.50')?.status).toBe('CASHED');

    clock.set(round.startsAtMs + elapsedToReach(crashPoint));
    const late = await crash.app.inject({
      method: 'GET',
      url: '/wps/crash/my-bet',
      headers: {
        authorization: manual.authorization,
      },
    });
    const lateBetId = late.json<Envelope<{ bet: { betId: string } }>>().value.bet.betId;
    expect((await cashOut(crash.app, manual.authorization, lateBetId)).body.code).toBe(
      'CRASH_CASH_OUT_CLOSED',
    );
    await crash.drive();

    const ended = await readState();
    expect(ended.round?.phase).toBe('CRASHED');
    expect(ended.round?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ended.history[0]?.roundId).toBe(round.roundId);
    expect(await players.balance(manual.member)).toBe(9_000n);
    expect(await players.balance(tooHigh.member)).toBe(9_000n);
    const statuses = await database.db
      .select({ status: crashBets.status })
      .from(crashBets)
      .where(eq(crashBets.roundId, BigInt(round.roundId)));
    expect(statuses.map((row) => row.status).sort()).toEqual(['cashed', 'lost', 'lost']);
  });

  it('reveals an ended round with its proof, and puts it in the betting record', async () => {
    const [crashPoint = 0n] = await commitTestChain(database, ([first]) => (first ?? 0n) >= 200n, 1);
    const { authorization } = await players.add(10_000n);
    const round = await openRound();
    const hidden = await crash.app.inject({ url: `/wps/crash/rounds/${round.roundId}/verify` });
    expect(hidden.statusCode).toBe(404);

    await placeBet(crash.app, authorization, { amount: '4.00', autoCashOut: '2.00' });
    clock.set(round.startsAtMs);
    await crash.drive();
    clock.set(round.startsAtMs + elapsedToReach(crashPoint));
    await crash.drive();

    const verification = (await crash.app.inject({ url: `/wps/crash/rounds/${round.roundId}/verify` })).json<
      Envelope<CrashVerification>
    >().value;
    expect(verification).toMatchObject({ linksToPrevious: true, crashPointMatches: true, chainIndex: 1 });
    expect(verification.previousHash).toBe(verification.chain.commitment);

    const record = await crash.app.inject({
      url: '/wps/member/betting-records?productLine=ALL',
      headers: { authorization },
    });
    const list = record.json<Envelope<{ list: Array<{ roundId: string; vassalage: string }> }>>().value.list;
    expect(list[0]).toMatchObject({ vassalage: 'HOUSE' });
    const [recorded] = await database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.roundRef, `crash-${round.roundId}`));
    expect(recorded).toMatchObject({ status: 'settled', betAmount: 400n, winAmount: 800n });
    expect(recorded?.details).toMatchObject({
      hash: verification.hash,
      crashPoint: verification.crashPoint,
      verifyPath: `/house/crash?verify=${round.roundId}`,
    });
  });

  it('links each round hash to the one before it across rounds, and pauses between rounds', async () => {
    const points = await commitTestChain(database, () => true, 3);
    for (const point of points) {
      const round = await openRound();
      clock.set(round.startsAtMs);
      await crash.drive();
      clock.set(round.startsAtMs + elapsedToReach(point));
      await crash.drive();
      await crash.drive();
      expect((await readState()).round?.roundId).toBe(round.roundId);
      clock.advance(500);
    }
    const rounds = await database.db.select().from(crashRounds).orderBy(crashRounds.chainIndex);
    expect(rounds.map((row) => row.chainIndex)).toEqual([1, 2, 3]);
    expect(rounds.map((row) => row.crashPoint)).toEqual(points);
    for (const row of rounds.slice(1)) {
      const verification = (await crash.app.inject({ url: `/wps/crash/rounds/${row.id}/verify` })).json<
        Envelope<CrashVerification>
      >().value;
      expect(verification.linksToPrevious).toBe(true);
    }
  });

  it("relays a bet taken by one instance to another instance's streams", async () => {
    await commitTestChain(database, () => true, 1);
    const { authorization } = await players.add(10_000n);
    await openRound();
    const other = await buildCrashApp(database, clock);
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${address.port}/wps/crash/events`, {
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      const events: string[] = [];
      let buffer = '';
      const nextEvent = async (): Promise<unknown> => {
        while (reader && events.length === 0) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += new TextDecoder().decode(value);
          const parts = buffer.split('\n\n');
          buffer = parts.pop() ?? '';
          for (const part of parts) {
            const data = /^data: (.*)$/m.exec(part)?.[1];
            if (data) events.push(data);
          }
        }
        return JSON.parse(events.shift() ?? '{}');
      };
      expect(await nextEvent()).toMatchObject({ bets: [] });

      await placeBet(crash.app, authorization, { amount: '3.00' });
      await other.scheduler.runNow('crash.watch');
      expect(await nextEvent()).toMatchObject({ bets: [{ amount: '3.00', status: 'PLACED' }] });
      controller.abort();
    } finally {
      await other.close();
    }
  });

  it('streams the shared state as server-sent events', async () => {
    await commitTestChain(database, () => true, 1);
    await openRound();
    await crash.app.listen({ port: 0, host: '127.0.0.1' });
    const address = crash.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/wps/crash/events`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    let text = '';
    while (reader && !text.includes('event: state')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const data = /data: (.*)\n/.exec(text)?.[1] ?? '{}';
    expect(JSON.parse(data)).toMatchObject({ round: { phase: 'BETTING' } });
  });
});
