import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../../testing/test-database';
import { findFight, listFights } from './cockfight.repository';
import {
  betOn,
  type CockfightHarness,
  fightCard,
  openCockfightHarness,
  staffActor,
  testCockfightSettings,
} from './cockfight.test-helpers';
import { outcomeOfSeeds, verifyFightResult } from './verify-fight';

const settings = {
  openMs: testCockfightSettings.openMs ?? 0,
  lastCallMs: testCockfightSettings.lastCallMs ?? 0,
  fightMs: testCockfightSettings.fightMs ?? 0,
  pauseMs: testCockfightSettings.pauseMs ?? 0,
};

describe('cockfight: the driver and the simulated arena', () => {
  let harness: CockfightHarness;
  beforeEach(async () => {
    harness = await openCockfightHarness();
  });
  afterEach(async () => {
    expect(await findInvariantViolations(harness.database)).toEqual([]);
    await harness.close();
  });

  const fightsOf = () =>
    listFights(
      harness.database.db,
      harness.brand.id,
      ['scheduled', 'open', 'last_call', 'closed', 'settled', 'cancelled'],
      'oldest',
      50,
    );

  it('runs a fight through its cycle by the clock, decides it from its committed seeds, and it verifies', async () => {
    const arena = harness.instance({ isSimulatorEnabled: true });
    await arena.drive();
    const [fight] = await fightsOf();
    if (!fight) throw new Error('no fight');
    expect(fight).toMatchObject({ source: 'simulated', status: 'open' });
    const state = await arena.state(harness.brand.id);
    expect(state.current?.fairness).toEqual({
      serverSeedHash: fight.serverSeedHash,
      serverSeed: null,
      clientSeed: fight.clientSeed,
      nonce: 0,
    });
    const { member } = await harness.players.add(100_000n);
    const other = await harness.players.add(100_000n);
    await betOn(arena, member, fight.id, 'meron', '10.00');
    await betOn(arena, other.member, fight.id, 'wala', '30.00');

    harness.clock.advance(settings.openMs);
    await arena.drive();
    expect((await findFight(harness.database.db, fight.id))?.status).toBe('last_call');
    harness.clock.advance(settings.lastCallMs);
    await arena.drive();
    expect((await findFight(harness.database.db, fight.id))?.status).toBe('closed');
    // Nothing is decided until the fight is over.
    await arena.drive();
    expect((await findFight(harness.database.db, fight.id))?.result).toBeNull();
    harness.clock.advance(settings.fightMs);
    await arena.drive();

    const over = await findFight(harness.database.db, fight.id);
    const seeds = { serverSeed: over?.serverSeed ?? '', clientSeed: over?.clientSeed ?? '', nonce: 0 };
    const { outcome } = outcomeOfSeeds(seeds);
    expect(over).toMatchObject({ status: 'settled', result: outcome });
    const proof = await arena.verify(fight.id.toString());
    expect(proof).toMatchObject({ commitmentMatches: true, resultMatches: true, drawn: outcome });
    expect(verifyFightResult(seeds)).toMatchObject({ result: outcome, serverSeedHash: fight.serverSeedHash });
    const fairness = await harness.testApp.app.inject({
      method: 'POST',
      url: '/wps/house/fairness/verify',
      payload: { game: 'cockfight', ...seeds, params: {} },
    });
    expect(fairness.json<{ value: { result: { result: string } } }>().value.result.result).toBe(outcome);
    // A draw returns both sides' stakes (neither bet on the draw).
    const expected = { meron: 1_000n + 2_800n, wala: 3_000n + 800n, draw: 4_000n }[outcome];
    expect((await harness.players.balance(member)) + (await harness.players.balance(other.member))).toBe(
      200_000n - 4_000n + expected,
    );
    expect((await arena.state(harness.brand.id)).lastResult?.fairness?.serverSeed).toBe(over?.serverSeed);

    // After the pause the next fight opens.
    await arena.drive();
    expect(await fightsOf()).toHaveLength(1);
    harness.clock.advance(settings.pauseMs);
    await arena.drive();
    expect((await fightsOf()).map((row) => [row.number, row.status])).toEqual([
      [1, 'settled'],
      [2, 'open'],
    ]);
  });

  it('is driven by one instance at a time, and pauses while the operator has fights scheduled', async () => {
    const first = harness.instance({ isSimulatorEnabled: true });
    const second = harness.instance({ isSimulatorEnabled: true });
    await Promise.all([first.drive(), second.drive(), first.drive()]);
    const [fight] = await fightsOf();
    expect(await fightsOf()).toHaveLength(1);
    if (!fight) throw new Error('no fight');

    // The operator schedules a fight: the simulated one finishes its cycle, and no other starts.
    const operated = await first.schedule(staffActor, harness.brand, fightCard);
    for (const step of [settings.openMs, settings.lastCallMs, settings.fightMs, settings.pauseMs * 2]) {
      harness.clock.advance(step);
      await first.drive();
      await second.drive();
    }
    const fights = await fightsOf();
    expect(fights.map((row) => [row.source, row.status])).toEqual([
      ['simulated', 'settled'],
      ['operator', 'scheduled'],
    ]);
    await first.cancel(staffActor, harness.brand.id, BigInt(operated.fightId));
    harness.clock.advance(settings.pauseMs);
    // Whichever instance holds the lease opens the next one.
    await Promise.all([first.drive(), second.drive()]);
    expect((await fightsOf()).map((row) => [row.source, row.status])).toEqual([
      ['simulated', 'settled'],
      ['operator', 'cancelled'],
      ['simulated', 'open'],
    ]);
  });

  it('finishes an operator’s settlement that stopped midway, even with the simulator off', async () => {
    const service = harness.instance();
    const fight = await service.schedule(staffActor, harness.brand, fightCard);
    const fightId = BigInt(fight.fightId);
    await service.open(staffActor, harness.brand.id, fightId);
    const { member } = await harness.players.add(10_000n);
    await betOn(service, member, fightId, 'draw', '1.00');
    await service.close(staffActor, harness.brand.id, fightId);
    // The result is in but the process died before paying: the fight waits, closed with its result.
    const { ledger } = service.context;
    service.context.ledger = {
      ...ledger,
      postBatch: () => Promise.reject(new Error('the process died')),
    };
    await service.enterResult(staffActor, harness.brand.id, fightId, 'draw').catch(() => undefined);
    expect(await findFight(harness.database.db, fightId)).toMatchObject({ status: 'closed', result: 'draw' });
    await harness.instance().drive();
    expect((await findFight(harness.database.db, fightId))?.status).toBe('settled');
    expect(await harness.players.balance(member)).toBe(10_000n - 100n + 800n);
  });

  it('tells every open stream of the arena when the pools move, once per change', async () => {
    const service = harness.instance();
    const fight = await service.schedule(staffActor, harness.brand, fightCard);
    await service.open(staffActor, harness.brand.id, BigInt(fight.fightId));
    const frames: string[] = [];
    const stream = await service.subscribe(harness.brand.id, (frame) => frames.push(frame));
    expect(stream.frame).toMatch(/^event: state\ndata: .*"phase":"OPEN"/);
    const { member } = await harness.players.add(10_000n);
    await betOn(service, member, BigInt(fight.fightId), 'meron', '7.00');
    await service.watch();
    await service.watch();
    const last = frames.at(-1) ?? '';
    expect(last).toContain('"meron":"7.00"');
    expect(frames.filter((frame) => frame.includes('"meron":"7.00"'))).toHaveLength(1);
    stream.unsubscribe();
  });
});
