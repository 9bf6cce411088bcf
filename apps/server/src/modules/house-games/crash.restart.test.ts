import type { CrashMyBet, CrashState } from '@wps/contracts/crash';
import { elapsedToReach } from '@wps/contracts/crash';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { crashBets, crashRounds } from './crash.tables';
import {
  type CrashApp,
  type TestClock,
  buildCrashApp,
  commitTestChain,
  crashPlayers,
  createTestClock,
  openCrashDatabase,
  placeBet,
} from './crash.test-helpers';

type Envelope<T> = { success: boolean; value: T; code?: string };

const readState = async (crash: CrashApp): Promise<CrashState> =>
  (await crash.app.inject({ url: '/wps/crash/state' })).json<Envelope<CrashState>>().value;

const currentRound = async (crash: CrashApp) => {
  const { round } = await readState(crash);
  if (!round) throw new Error('no round');
  return { ...round, startsAtMs: Date.parse(round.startsAt) };
};

/**
 * A round interrupted by a restart settles from what the database holds: the app closes mid-round and a new
 * app on the same database (another process, as far as the game knows) resumes it. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
describe('crash rounds across a restart', { timeout: 90_000 }, () => {
  let database: DatabaseHandle;
  let clock: TestClock;
  const apps: CrashApp[] = [];

  beforeEach(async () => {
    database = await openCrashDatabase();
    clock = createTestClock();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.close();
  });

  const start = async () => {
    const crash = await buildCrashApp(database, clock);
    apps.push(crash);
    return crash;
  };

  it('settles a running round whose crash came while no server ran: auto targets below it paid, the rest lost', async () => {
    const [crashPoint = 0n] = await commitTestChain(
      database,
      ([first]) => first !== undefined && first >= 300n && first < 5_000n,
      1,
    );
    const players = crashPlayers(database);
    const auto = await players.add(10_000n);
    const manual = await players.add(10_000n);
    const greedy = await players.add(10_000n);

    const first = await start();
    await first.drive();
    const round = await currentRound(first);
    await placeBet(first.app, auto.authorization, { amount: '10.00', autoCashOut: '2.50' });
    await placeBet(first.app, manual.authorization, { amount: '10.00' });
    await placeBet(first.app, greedy.authorization, { amount: '10.00', autoCashOut: '100000' });
    clock.set(round.startsAtMs);
    await first.drive();
    expect((await currentRound(first)).phase).toBe('RUNNING');

    // The server stops mid-round; the crash time passes while it is down.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    clock.set(round.startsAtMs + elapsedToReach(crashPoint) + 60_000);

    const second = await start();
    await second.drive();
    const after = await readState(second);
    expect(after.round).toMatchObject({ roundId: round.roundId, phase: 'CRASHED' });
    expect(await players.balance(auto.member)).toBe(9_000n + 2_500n);
    expect(await players.balance(manual.member)).toBe(9_000n);
    expect(await players.balance(greedy.member)).toBe(9_000n);

    // Exactly one payout was written, under its key; a further tick changes nothing.
    await second.drive();
    const payouts = await database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'win'));
    expect(payouts.filter((row) => row.idempotencyKey.startsWith('crash:cashout:'))).toHaveLength(1);
  });

  it('refunds the bets of a round whose start nobody drove (the server stopped while it was betting)', async () => {
    await commitTestChain(database, () => true, 2);
    const players = crashPlayers(database);
    const player = await players.add(10_000n);

    const first = await start();
    await first.drive();
    const round = await currentRound(first);
    const placed = await placeBet(first.app, player.authorization, { amount: '7.00' });
    expect(placed.status).toBe(200);
    expect(await players.balance(player.member)).toBe(9_300n);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    clock.set(round.startsAtMs + 30_000);

    const second = await start();
    await second.drive();
    expect((await readState(second)).round).toMatchObject({ roundId: round.roundId, phase: 'CANCELLED' });
    expect(await players.balance(player.member)).toBe(10_000n);
    const [bet] = await database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.id, BigInt(placed.body.value.betId)));
    expect(bet?.status).toBe('refunded');

    // The next round follows after the pause, on the next hash of the chain.
    clock.advance(1_000);
    await second.drive();
    const next = await currentRound(second);
    expect(next).toMatchObject({ phase: 'BETTING', chainIndex: 2 });
  });
});

/** Two platform instances at once on one PostgreSQL: one drives, both serve; one sequence of rounds. */
describe.runIf(process.env.DATABASE_URL)('two crash instances on PostgreSQL', { timeout: 90_000 }, () => {
  let database: DatabaseHandle;
  const apps: CrashApp[] = [];

  beforeEach(async () => {
    database = await openCrashDatabase();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.close();
  });

  it('drive exactly one round sequence, take bets on either, and hand over when the driver stops', async () => {
    const points = await commitTestChain(database, (list) => list.every((point) => point >= 150n), 4);
    const clock = createTestClock();
    const one = await buildCrashApp(database, clock);
    const two = await buildCrashApp(database, clock);
    apps.push(one, two);
    const players = crashPlayers(database);
    const bettors = [await players.add(100_000n), await players.add(100_000n)];

    let live = [one, two];
    const driveAll = () => Promise.all(live.flatMap((app) => [app.drive(), app.drive()]));
    for (const [index, point] of points.entries()) {
      if (index === 2) {
        // The driver goes silent (no goodbye, its lease stays); the other takes over once the lease lapses.
        live = [two];
        clock.advance(2_500);
      }
      await driveAll();
      const round = await currentRound(two);
      expect(round.phase).toBe('BETTING');
      const bets: Array<{ status: number; body: Envelope<CrashMyBet> }> = await Promise.all(
        bettors.map((bettor, which) =>
          placeBet((live[which % live.length] ?? two).app, bettor.authorization, {
            amount: '1.00',
            autoCashOut: '1.20',
          }),
        ),
      );
      expect(bets.map((bet) => bet.status)).toEqual([200, 200]);
      clock.set(round.startsAtMs);
      await driveAll();
      clock.set(round.startsAtMs + elapsedToReach(point));
      await driveAll();
      clock.advance(600);
    }

    const rounds = await database.db.select().from(crashRounds).orderBy(asc(crashRounds.id));
    expect(rounds.map((row) => [row.chainIndex, row.status])).toEqual([
      [1, 'crashed'],
      [2, 'crashed'],
      [3, 'crashed'],
      [4, 'crashed'],
    ]);
    const bets = await database.db.select().from(crashBets);
    expect(bets).toHaveLength(8);
    expect(bets.every((bet) => bet.status === 'cashed' && bet.payout === 120n)).toBe(true);
    for (const bettor of bettors) expect(await players.balance(bettor.member)).toBe(100_000n + 4n * 20n);
  });
});
