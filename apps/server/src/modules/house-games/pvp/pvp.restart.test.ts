import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PvpStep } from './pvp-context';
import type { PvpService } from './pvp.service';
import { pvpActions } from './pvp.tables';
import {
  currency,
  openPvpHarness,
  play,
  type Player,
  type PvpHarness,
  seedsRanking,
  sit,
  tableOf,
  testPvpSettings,
  viewOf,
} from './pvp.test-helpers';

const funds = 50_000n;

/**
 * A hand interrupted by a dying process carries on from what the database holds: a write cut off inside its
 * transaction leaves nothing of itself, an instance that stops without a word (no lease given back, as after
 * kill -9) is replaced by another on the same database once its lease runs out, and that one finishes the hand.
 * Chips and money add up at every step. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
describe('card rooms across a crash and a restart', { timeout: 60_000 }, () => {
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
      fault,
      afterStep: async (step: PvpStep) => {
        if (fault.isArmed && step === wanted) {
          fault.isArmed = false;
          throw new Error(`process died at ${step}`);
        }
      },
    };
  };

  it('continues a hand after its driver died mid-write and without giving up its lease, with every chip accounted for', async () => {
    const first = harness.instance({ drawSeeds: () => seedsRanking(2, [1, 0]) });
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
    const tableId = await tableOf(first, brandId, 'HOLDEM-LOW-6');
    await sit(first, alice, tableId, '100', 0);
    await sit(first, bob, tableId, '100', 1);
    await first.drive();
    await play(first, alice, tableId, 'RAISE', { amount: '4' });

    // A write cut off after the step is saved, before its commit: nothing of it stays.
    const dying = harness.instance(dieAt('step.saved'));
    const before = await viewOf(dying, bob, tableId);
    await expect(play(dying, bob, tableId, 'CALL', { actionId: 'bob-call' })).rejects.toThrow('process died');
    expect((await viewOf(dying, bob, tableId)).table).toEqual(before.table);
    expect(await harness.database.db.select().from(pvpActions)).toHaveLength(1);
    await expectConserved(dying);

    // The driver stops without a word (its lease stays held); a new instance takes over once it runs out.
    const second = harness.instance(dieAt('settle.rake'));
    await second.drive();
    expect(second.context.driver.heldUntil).toBe(0);
    harness.clock.advance((testPvpSettings.leaseMs ?? 0) + 1);
    await play(second, bob, tableId, 'CALL', { actionId: 'bob-call' });
    expect((await viewOf(second, alice, tableId)).table.hand).toMatchObject({ street: 'FLOP', pot: '8.00' });

    // Bob, first after the flop, is away: the new driver checks for him when his time is up.
    harness.clock.advance(testPvpSettings.turnMs ?? 0);
    await second.drive();
    expect(second.context.driver.heldUntil).toBeGreaterThan(0);
    expect((await viewOf(second, alice, tableId)).table.hand?.toActSeat).toBe(0);
    await play(second, alice, tableId, 'CHECK');
    await play(second, bob, tableId, 'CHECK');
    await play(second, alice, tableId, 'CHECK');
    await expectConserved(second);

    // The river's last check settles the hand; the process dies between the stacks and the rake: all undone.
    await play(second, bob, tableId, 'CHECK');
    await expect(play(second, alice, tableId, 'CHECK', { actionId: 'alice-last' })).rejects.toThrow(
      'process died',
    );
    let view = await viewOf(second, alice, tableId);
    expect(view.table.hand).toMatchObject({ status: 'PLAYING', street: 'RIVER' });
    expect(view.table.players.map((seat) => seat.stack)).toEqual(['96.00', '96.00']);
    await expectConserved(second);

    // Sent again, the last check settles it once.
    await play(second, alice, tableId, 'CHECK', { actionId: 'alice-last' });
    view = await viewOf(second, alice, tableId);
    expect(view.table.hand).toMatchObject({ status: 'SETTLED', result: { rake: '0.40' } });
    // Alice's hand is the better one: the pot of 8.00 less 5 % rake.
    expect(view.table.players.map((seat) => seat.stack)).toEqual(['103.60', '96.00']);
    await expectConserved(second);
    await second.leave(alice.member, tableId);
    await second.leave(bob.member, tableId);
    expect(await harness.tableStacks(brandId)).toBe(0n);
    await expectConserved(second);
  });
});
