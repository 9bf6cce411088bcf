import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playNiuNiu, seedsDealingNiuNiu } from './niu-niu.test-helpers';
import type { PvpStep } from './pvp-context';
import type { PvpService } from './pvp.service';
import { pvpActions } from './pvp.tables';
import {
  currency,
  openPvpHarness,
  type Player,
  type PvpHarness,
  sit,
  tableOf,
  testPvpSettings,
  viewOf,
} from './pvp.test-helpers';

const funds = 50_000n;

/**
 * A Niu-Niu hand interrupted by a dying process carries on from what the database holds, as a hold'em hand does
 * (pvp.restart.test.ts): a write cut off inside its transaction leaves nothing of itself, an instance that stops
 * without a word (no lease given back, as after kill -9) is replaced by another once its lease runs out, and
 * that one finishes the hand. Chips and money add up at every step. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */
describe('Niu-Niu across a crash and a restart', { timeout: 60_000 }, () => {
  let harness: PvpHarness;
  beforeEach(async () => {
    harness = await openPvpHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  const dieAt = (wanted: PvpStep) => {
    const fault = { isArmed: true };
    return {
      afterStep: async (step: PvpStep) => {
        if (fault.isArmed && step === wanted) {
          fault.isArmed = false;
          throw new Error(`process died at ${step}`);
        }
      },
    };
  };

  it('continues a hand after its driver died mid-write and without giving up its lease, with every chip accounted for', async () => {
    // Alice (seat 0, first to bid) holds the better hand, which pays ×1.
    const first = harness.instance({
      drawSeeds: () =>
        seedsDealingNiuNiu(2, ([a, b]) => (a?.score ?? 0) > (b?.score ?? 0) && a?.multiplier === 1),
    });
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const players: Player[] = [alice, bob];
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const expectConserved = async (service: PvpService) => {
      const chips = await service.chipsAtTables(brandId, currency);
      expect(await harness.tableStacks(brandId)).toBe(chips);
      const cash = (await Promise.all(players.map(harness.cash))).reduce((sum, amount) => sum + amount, 0n);
      expect(cash + chips + (await harness.house(brandId)) - houseBefore).toBe(funds * 2n);
    };
    const tableId = await tableOf(first, brandId, 'NIUNIU-LOW-6');
    await sit(first, alice, tableId, '200', 0);
    await sit(first, bob, tableId, '200', 1);
    await first.drive();
    await playNiuNiu(first, alice, tableId, 'BID', 1);

    // A write cut off after the step is saved, before its commit: nothing of it stays.
    const dying = harness.instance(dieAt('step.saved'));
    const before = await viewOf(dying, bob, tableId);
    await expect(playNiuNiu(dying, bob, tableId, 'BID', 3, { actionId: 'bob-bid' })).rejects.toThrow(
      'process died',
    );
    expect((await viewOf(dying, bob, tableId)).table).toEqual(before.table);
    expect(await harness.database.db.select().from(pvpActions)).toHaveLength(1);
    await expectConserved(dying);

    // The driver stops without a word (its lease stays held); a new instance takes over once it runs out.
    const second = harness.instance(dieAt('settle.rake'));
    await second.drive();
    expect(second.context.driver.heldUntil).toBe(0);
    harness.clock.advance((testPvpSettings.leaseMs ?? 0) + 1);
    await playNiuNiu(second, bob, tableId, 'BID', 3, { actionId: 'bob-bid' });
    expect((await viewOf(second, alice, tableId)).table.niuNiu).toMatchObject({
      phase: 'BETTING',
      bankerSeat: 1,
      bankerBid: 3,
      toActSeat: 0,
    });

    // Alice is away: the new driver bets 1× for her when her time is up, which ends the hand; the process dies
    // between the stacks and the rake of that showdown: all of it undone.
    harness.clock.advance(testPvpSettings.turnMs ?? 0);
    await expect(second.drive()).rejects.toThrow('process died');
    expect(second.context.driver.heldUntil).toBeGreaterThan(0);
    let view = await viewOf(second, alice, tableId);
    expect(view.table.niuNiu).toMatchObject({ status: 'PLAYING', phase: 'BETTING', toActSeat: 0 });
    expect(view.table.players.map((seat) => seat.stack)).toEqual(['200.00', '200.00']);
    await expectConserved(second);

    // The next tick settles it once: 1.00 × 3 (bank) × 1 (her bet, by the clock) × 1 (her hand), less 5 %.
    await second.drive();
    view = await viewOf(second, alice, tableId);
    expect(view.table.niuNiu).toMatchObject({ status: 'SETTLED', result: { rake: '0.15' } });
    expect(view.table.niuNiu?.seats.find((seat) => seat.seat === 0)).toMatchObject({
      multiplier: 1,
      timedOut: true,
    });
    expect(view.table.players.map((seat) => seat.stack)).toEqual(['202.85', '197.00']);
    await expectConserved(second);

    // Bob's bid sent again is answered as it was, and moves nothing.
    await second.actNiuNiu(bob.member, tableId, {
      handId: view.table.niuNiu?.handId ?? '',
      actionId: 'bob-bid',
      kind: 'BID',
      multiplier: 3,
    });
    expect((await viewOf(second, alice, tableId)).table.players.map((seat) => seat.stack)).toEqual([
      '202.85',
      '197.00',
    ]);
    await second.leave(alice.member, tableId);
    await second.leave(bob.member, tableId);
    expect(await harness.tableStacks(brandId)).toBe(0n);
    await expectConserved(second);
  });
});
