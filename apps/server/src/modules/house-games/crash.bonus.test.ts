import { elapsedToReach } from '@wps/contracts/crash';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { MemberRow } from '../members/members.repository';
import { bonusTestKit } from './bonus.test-helpers';
import { crashBets } from './crash.tables';
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
type Round = { roundId: string; startsAt: string };

/**
 * Crash stakes through the bonus engine: cash first, then the bonus balance, kept on the bet; a cash-out
 * returns the bonus share to the bonus balance, a cancelled round's refund returns exactly what was taken, and
 * the wagering counts when the round ends. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
describe('crash with a wagering bonus', { timeout: 120_000 }, () => {
  let database: DatabaseHandle;
  let clock: TestClock;
  let crash: CrashApp;
  let players: ReturnType<typeof crashPlayers>;
  let bonus: ReturnType<typeof bonusTestKit>;

  beforeEach(async () => {
    database = await openCrashDatabase();
    clock = createTestClock();
    crash = await buildCrashApp(database, clock);
    players = crashPlayers(database);
    bonus = bonusTestKit(crash.app, database);
  }, 180_000);

  afterEach(async () => {
    await crash.close();
    await database.close();
  });

  const openRound = async () => {
    await crash.drive();
    const { round } = (await crash.app.inject({ url: '/wps/crash/state' })).json<
      Envelope<{ round: Round | null }>
    >().value;
    if (!round) throw new Error('no round was opened');
    return { ...round, startsAtMs: Date.parse(round.startsAt) };
  };
  const balances = async (member: MemberRow) => ({
    cash: await players.balance(member),
    bonus: await bonus.balance(member),
  });
  const betRow = async (betId: string) => {
    const [row] = await database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.id, BigInt(betId)));
    if (!row) throw new Error(`no bet ${betId}`);
    return row;
  };

  it('stakes cash first, then bonus money, and a cash-out returns the bonus share to the bonus balance', async () => {
    const [crashPoint = 0n] = await commitTestChain(
      database,
      ([first]) => first !== undefined && first >= 300n,
      1,
    );
    const { member, authorization } = await players.add(500n);
    await bonus.grant(member, 10_000n);
    const round = await openRound();

    const placed = await placeBet(crash.app, authorization, { amount: '10.00' });
    expect(placed.status).toBe(200);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 9_500n });
    expect((await betRow(placed.body.value.betId)).bonusStaked).toBe(500n);

    clock.set(round.startsAtMs);
    await crash.drive();
    clock.set(round.startsAtMs + elapsedToReach(200));
    const cashed = await cashOut(crash.app, authorization, placed.body.value.betId);
    expect(cashed.body.value).toMatchObject({ status: 'CASHED', payout: '20.00' });
    // Half the stake was bonus money: half the payout goes back to the bonus balance.
    expect(await balances(member)).toEqual({ cash: 1_000n, bonus: 10_500n });

    // The wagering counts when the round ends (the betting record).
    expect((await bonus.latest(member)).wageringDone).toBe(0n);
    clock.set(round.startsAtMs + elapsedToReach(crashPoint));
    await crash.drive();
    expect((await bonus.latest(member)).wageringDone).toBe(1_000n);
  });

  it('refuses a stake above the bonus maximum and writes nothing', async () => {
    await commitTestChain(database, () => true, 1);
    const { member, authorization } = await players.add(0n);
    await bonus.grant(member, 10_000n, { maxStake: 500n });
    const round = await openRound();
    const refused = await placeBet(crash.app, authorization, { amount: '5.01' });
    expect(refused.body.code).toBe('BONUS_MAX_STAKE');
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 10_000n });
    const bets = await database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.roundId, BigInt(round.roundId)));
    expect(bets).toEqual([]);
    const taken = await placeBet(crash.app, authorization, { amount: '5.00' });
    expect(taken.status).toBe(200);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 9_500n });
  });

  it('refunds a cancelled round exactly: the cash part to cash, the bonus part to the bonus balance', async () => {
    await commitTestChain(database, () => true, 1);
    const { member, authorization } = await players.add(300n);
    await bonus.grant(member, 10_000n);
    const round = await openRound();
    // An amount whose bonus share of a payout would round: 3.00 cash and 4.77 bonus.
    const placed = await placeBet(crash.app, authorization, { amount: '7.77' });
    expect(placed.status).toBe(200);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 9_523n });

    // Nobody drove the round's start: it is cancelled and its bets refunded.
    clock.set(round.startsAtMs + 30_000);
    await crash.drive();
    expect((await betRow(placed.body.value.betId)).status).toBe('refunded');
    expect(await balances(member)).toEqual({ cash: 300n, bonus: 10_000n });
  });
});
