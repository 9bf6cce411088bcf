import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error';
import { findInvariantViolations } from '../../../testing/test-database';
import { findFight, listFightBets } from './cockfight.repository';
import {
  betOn,
  type CockfightHarness,
  fightCard,
  openCockfightHarness,
  openOperatorFight,
  staffActor,
  testCockfightSettings,
} from './cockfight.test-helpers';
import { scheduleSimulatedFight } from './fight-operations';

const codeOf = (error: unknown): string => (error instanceof AppError ? error.code : String(error));

describe('cockfight: bets', () => {
  let harness: CockfightHarness;
  beforeEach(async () => {
    harness = await openCockfightHarness();
  });
  afterEach(async () => {
    expect(await findInvariantViolations(harness.database)).toEqual([]);
    await harness.close();
  });

  it('takes a bet in one debit added to the pools, idempotent by request id, and refuses it once closed', async () => {
    const service = harness.instance();
    const fightId = await openOperatorFight(service, harness.brand);
    const { member } = await harness.players.add(100_000n);
    const bet = await betOn(service, member, fightId, 'meron', '20.00', 'r-1');
    expect(bet).toMatchObject({ side: 'meron', amount: '20.00', status: 'PLACED', returned: null });
    const again = await betOn(service, member, fightId, 'meron', '20.00', 'r-1');
    expect(again.betId).toBe(bet.betId);
    await expect(betOn(service, member, fightId, 'wala', '20.00', 'r-1')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    expect(await harness.players.balance(member)).toBe(98_000n);
    const pools = await service.state(harness.brand.id);
    expect(pools.current?.pools).toEqual({ meron: '20.00', wala: '0.00', draw: '0.00' });
    expect(pools.current?.betCount).toBe(1);

    // The last call still takes bets; the close does not.
    await service.lastCall(staffActor, harness.brand.id, fightId);
    await betOn(service, member, fightId, 'wala', '10.00', 'r-2');
    await service.close(staffActor, harness.brand.id, fightId);
    await expect(betOn(service, member, fightId, 'draw', '10.00', 'r-3')).rejects.toMatchObject({
      code: 'FIGHT_BETTING_CLOSED',
    });
    expect(await harness.players.balance(member)).toBe(97_000n);
  });

  it('refuses a bet on a fight not yet open, below the minimum, or above the balance, moving nothing', async () => {
    const service = harness.instance();
    const scheduled = await service.schedule(staffActor, harness.brand, {
      meronName: 'A',
      walaName: 'B',
      minStake: '5.00',
    });
    const { member } = await harness.players.add(1_500n);
    await expect(betOn(service, member, BigInt(scheduled.fightId), 'meron', '10.00')).rejects.toMatchObject({
      code: 'FIGHT_BETTING_CLOSED',
    });
    await service.open(staffActor, harness.brand.id, BigInt(scheduled.fightId));
    await expect(betOn(service, member, BigInt(scheduled.fightId), 'meron', '4.99')).rejects.toMatchObject({
      code: 'FIGHT_BET_LIMIT',
    });
    await expect(betOn(service, member, BigInt(scheduled.fightId), 'meron', '15.01')).rejects.toBeInstanceOf(
      AppError,
    );
    expect(await listFightBets(harness.database.db, BigInt(scheduled.fightId))).toEqual([]);
    expect((await findFight(harness.database.db, BigInt(scheduled.fightId)))?.meronPool).toBe(0n);
    expect(await harness.players.balance(member)).toBe(1_500n);
  });

  it('holds the per-player limit under a burst of one member and the per-fight limit under a burst of many', async () => {
    const service = harness.instance();
    const fightId = await openOperatorFight(service, harness.brand, {
      maxPerPlayer: '50.00',
      maxPerFight: '80.00',
    });
    const { member } = await harness.players.add(100_000n);
    // Ten bets of 10.00 at once from one member: 50.00 each at most, so five go in.
    const own = await Promise.allSettled(
      Array.from({ length: 10 }, () => betOn(service, member, fightId, 'meron', '10.00')),
    );
    expect(own.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    for (const outcome of own) {
      if (outcome.status === 'rejected') expect(codeOf(outcome.reason)).toBe('FIGHT_BET_LIMIT');
    }
    // Then ten members at once: the fight takes 80.00 in all, so three more go in.
    const others = await Promise.all(Array.from({ length: 10 }, () => harness.players.add(10_000n)));
    const burst = await Promise.allSettled(
      others.map(({ member: other }, index) =>
        betOn(service, other, fightId, index % 2 === 0 ? 'wala' : 'draw', '10.00'),
      ),
    );
    expect(burst.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of burst) {
      if (outcome.status === 'rejected') expect(codeOf(outcome.reason)).toBe('FIGHT_BET_LIMIT');
    }
    const fight = await findFight(harness.database.db, fightId);
    const bets = await listFightBets(harness.database.db, fightId);
    expect(bets.reduce((sum, bet) => sum + bet.amount, 0n)).toBe(8_000n);
    expect((fight?.meronPool ?? 0n) + (fight?.walaPool ?? 0n) + (fight?.drawPool ?? 0n)).toBe(8_000n);
    expect(fight?.betCount).toBe(8);
    let balances = 0n;
    for (const { member: other } of others) balances += await harness.players.balance(other);
    expect(balances).toBe(10n * 10_000n - 3_000n);
  });

  it('at the close, each bet of a burst is either in the pools or refused, never both', async () => {
    const service = harness.instance();
    const fightId = await openOperatorFight(service, harness.brand);
    const members = await Promise.all(Array.from({ length: 16 }, () => harness.players.add(100_000n)));
    const outcomes = await Promise.allSettled([
      ...members.map(({ member }, index) =>
        betOn(
          service,
          member,
          fightId,
          index % 3 === 0 ? 'draw' : index % 2 === 0 ? 'meron' : 'wala',
          '10.00',
        ),
      ),
      service.close(staffActor, harness.brand.id, fightId),
    ]);
    expect(outcomes.at(-1)?.status).toBe('fulfilled');
    const fight = await findFight(harness.database.db, fightId);
    expect(fight?.status).toBe('closed');
    const bets = await listFightBets(harness.database.db, fightId);
    let inPools = 0n;
    for (const [index, { member }] of members.entries()) {
      const outcome = outcomes[index];
      const rows = bets.filter((bet) => bet.memberId === member.id);
      const balance = await harness.players.balance(member);
      if (outcome?.status === 'fulfilled') {
        expect(rows).toHaveLength(1);
        expect(balance).toBe(99_000n);
        inPools += 1_000n;
      } else {
        expect(codeOf(outcome?.reason)).toBe('FIGHT_BETTING_CLOSED');
        expect(rows).toHaveLength(0);
        expect(balance).toBe(100_000n);
      }
    }
    expect((fight?.meronPool ?? 0n) + (fight?.walaPool ?? 0n) + (fight?.drawPool ?? 0n)).toBe(inPools);
  });

  it('refuses bets after a simulated fight’s close by the server clock, before any driver closed it', async () => {
    const service = harness.instance();
    const fight = await scheduleSimulatedFight(service.context, harness.brand, fightCard);
    if (!fight) throw new Error('the arena is idle');
    const opened = await service.open(null, harness.brand.id, BigInt(fight.fightId));
    const closesAt = Date.parse(opened.closesAt ?? '');
    expect(closesAt).toBe(
      harness.clock.now() + (testCockfightSettings.openMs ?? 0) + (testCockfightSettings.lastCallMs ?? 0),
    );
    const { member } = await harness.players.add(10_000n);
    await betOn(service, member, BigInt(fight.fightId), 'wala', '1.00');
    harness.clock.set(closesAt);
    await expect(betOn(service, member, BigInt(fight.fightId), 'wala', '1.00')).rejects.toMatchObject({
      code: 'FIGHT_BETTING_CLOSED',
    });
    expect((await findFight(harness.database.db, BigInt(fight.fightId)))?.status).toBe('open');
    expect(await harness.players.balance(member)).toBe(9_900n);
  });
});
