import { randomUUID } from 'node:crypto';
import type { PvpTableView } from '@wps/contracts/pvp';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRounds } from '../../games/games.tables';
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
  viewOf,
} from './pvp.test-helpers';
import type { PvpService } from './pvp.service';

const funds = 50_000n;

describe("card rooms: hold'em hands with real money", { timeout: 60_000 }, () => {
  let harness: PvpHarness;
  beforeEach(async () => {
    harness = await openPvpHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  /** Chips and money are conserved: the stacks account holds what the tables hold, and nothing else moved. */
  const expectConserved = async (service: PvpService, players: readonly Player[], houseBefore: bigint) => {
    const brandId = players[0]?.member.brandId ?? 0n;
    const chips = await service.chipsAtTables(brandId, currency);
    expect(await harness.tableStacks(brandId)).toBe(chips);
    const cash = (await Promise.all(players.map(harness.cash))).reduce((sum, amount) => sum + amount, 0n);
    const rake = (await harness.house(brandId)) - houseBefore;
    expect(cash + chips + rake).toBe(funds * BigInt(players.length));
    return { chips, rake };
  };

  const stackOf = async (service: PvpService, player: Player, tableId: string) => {
    const view = await viewOf(service, player, tableId);
    return view.table.players.find((seat) => seat.seat === view.you.seat)?.stack;
  };

  it('plays a heads-up hand to a showdown: blinds, turns, the board, the pot to the best hand less 5 % rake, records and the deck proof', async () => {
    const service = harness.instance({ drawSeeds: () => seedsRanking(2, [1, 0]) });
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100.00', 1);
    expect(await harness.cash(alice)).toBe(funds - 10_000n);
    await service.drive();

    let view = await viewOf(service, alice, tableId);
    const hand = view.table.hand;
    expect(hand).toMatchObject({
      status: 'PLAYING',
      street: 'PREFLOP',
      button: 0,
      toActSeat: 0,
      serverSeed: null,
    });
    expect(hand?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(view.you.holeCards).toHaveLength(2);
    expect(view.you.options).toMatchObject({ canCheck: false, callAmount: '0.50', minRaiseTo: '2.00' });
    const bobView = await viewOf(service, bob, tableId);
    expect(bobView.you.options).toBeNull();
    expect(bobView.you.holeCards).not.toEqual(view.you.holeCards);
    expect(bobView.table.players.every((seat) => seat.cards === null)).toBe(true);

    await play(service, alice, tableId, 'CALL');
    await play(service, bob, tableId, 'CHECK');
    view = await viewOf(service, bob, tableId);
    expect(view.table.hand).toMatchObject({ street: 'FLOP', pot: '2.00', toActSeat: 1 });
    expect(view.table.hand?.board).toHaveLength(3);
    for (const street of ['FLOP', 'TURN', 'RIVER']) {
      expect((await viewOf(service, bob, tableId)).table.hand?.street).toBe(street);
      await play(service, bob, tableId, 'CHECK');
      await play(service, alice, tableId, 'CHECK');
    }

    view = await viewOf(service, bob, tableId);
    expect(view.table.hand).toMatchObject({ status: 'SETTLED', street: 'SHOWDOWN', pot: '2.00' });
    expect(view.table.hand?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(view.table.hand?.result).toMatchObject({
      rake: '0.10',
      pots: [{ amount: '2.00', rake: '0.10', winners: [{ seat: 0, amount: '1.90' }] }],
    });
    expect(view.table.players.find((seat) => seat.seat === 0)?.cards).toHaveLength(2);
    expect(await stackOf(service, alice, tableId)).toBe('100.90');
    expect(await stackOf(service, bob, tableId)).toBe('99.00');
    const { rake } = await expectConserved(service, [alice, bob], houseBefore);
    expect(rake).toBe(10n);

    // Each player's betting record: chips put in, chips taken back, valid bet.
    const records = await harness.database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.brandId, brandId))
      .orderBy(asc(gameRounds.id));
    const pvpRecords = records.filter((record) => record.roundRef.startsWith('pvp:'));
    expect(
      pvpRecords.map((record) => [
        record.memberId,
        record.status,
        record.betAmount,
        record.winAmount,
        record.validBet,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [alice.member.id, 'settled', 100n, 190n, 100n],
        [bob.member.id, 'settled', 100n, 0n, 100n],
      ]),
    );

    // The proof: the revealed seed shuffles the committed deck, and Bob's cards are where the deal says.
    const proof = await service.verify(hand?.handId ?? '');
    expect(proof.commitmentMatches).toBe(true);
    expect(proof.holeCards.find((entry) => entry.seat === 1)?.cards).toEqual(bobView.you.holeCards);
    expect(proof.board).toEqual(view.table.hand?.board);

    // Alice leaves with her stack.
    await service.leave(alice.member, tableId);
    expect(await harness.cash(alice)).toBe(funds + 90n);
    await expectConserved(service, [alice, bob], houseBefore);
  });

  it('three all-ins of different sizes make a main pot and a side pot, the uncalled chips go back and the rake stops at its cap', async () => {
    // Dealing order from the button (seat 0): seat 1, seat 2, seat 0; the short stack's hand is best.
    const service = harness.instance({ drawSeeds: () => seedsRanking(3, [1, 0, 2]) });
    const big = await harness.player(funds);
    const middle = await harness.player(funds);
    const short = await harness.player(funds);
    const brandId = big.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'HOLDEM-LOW-6');
    await sit(service, big, tableId, '100', 0);
    await sit(service, middle, tableId, '70', 1);
    await sit(service, short, tableId, '40', 2);
    await service.drive();
    await play(service, big, tableId, 'ALL_IN');
    await play(service, middle, tableId, 'ALL_IN');
    await play(service, short, tableId, 'ALL_IN');

    const view = await viewOf(service, big, tableId);
    // Pots: 3 × 40 = 120 for everyone, 2 × 30 = 60 for the two bigger stacks; 30 of the big stack uncalled.
    // Rake: 5 % would be 6 + 3, capped at 3.00 per hand, shared 2 : 1.
    expect(view.table.hand?.result).toMatchObject({
      rake: '3.00',
      pots: [
        { amount: '120.00', rake: '2.00', winners: [{ seat: 2, amount: '118.00' }] },
        { amount: '60.00', rake: '1.00', winners: [{ seat: 1, amount: '59.00' }] },
      ],
    });
    expect(view.table.hand?.board).toHaveLength(5);
    expect(await stackOf(service, big, tableId)).toBe('30.00');
    expect(await stackOf(service, middle, tableId)).toBe('59.00');
    expect(await stackOf(service, short, tableId)).toBe('118.00');
    const { rake } = await expectConserved(service, [big, middle, short], houseBefore);
    expect(rake).toBe(300n);
  });

  it('takes no rake from a hand that ends before the flop; the uncalled raise goes back and counts as no bet', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100', 1);
    await service.drive();
    await play(service, alice, tableId, 'RAISE', { amount: '3' });
    await play(service, bob, tableId, 'FOLD');
    const view = await viewOf(service, alice, tableId);
    expect(view.table.hand?.result).toMatchObject({ rake: '0.00', shown: [] });
    expect(await stackOf(service, alice, tableId)).toBe('101.00');
    expect(await stackOf(service, bob, tableId)).toBe('99.00');
    const { rake } = await expectConserved(service, [alice, bob], houseBefore);
    expect(rake).toBe(0n);
    const records = await harness.database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.memberId, alice.member.id));
    expect(records.map((record) => [record.betAmount, record.winAmount, record.validBet])).toEqual([
      [300n, 400n, 100n],
    ]);
  });

  it('refuses moves out of turn, over the stack, under the minimum, on another hand or without a seat, and moves nothing', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const carol = await harness.player(funds);
    const brandId = alice.member.brandId;
    const tableId = await tableOf(service, brandId, 'HOLDEM-LOW-6');
    await expect(sit(service, alice, tableId, '39.99', 0)).rejects.toMatchObject({
      code: 'PVP_BUY_IN_LIMIT',
    });
    await expect(sit(service, alice, tableId, '100.01', 0)).rejects.toMatchObject({
      code: 'PVP_BUY_IN_LIMIT',
    });
    await sit(service, alice, tableId, '100', 0);
    await expect(sit(service, bob, tableId, '100', 0)).rejects.toMatchObject({
      code: 'PVP_SEAT_UNAVAILABLE',
    });
    await expect(sit(service, alice, tableId, '100', 3)).rejects.toMatchObject({
      code: 'PVP_SEAT_UNAVAILABLE',
    });
    await sit(service, bob, tableId, '100', 1);
    await service.drive();
    const before = await viewOf(service, alice, tableId);
    const cashBefore = [await harness.cash(alice), await harness.cash(bob)];
    const refusal = (kind: Parameters<typeof play>[3], player: Player, amount?: string) =>
      play(service, player, tableId, kind, amount === undefined ? {} : { amount });
    await expect(refusal('CALL', bob)).rejects.toMatchObject({
      code: 'PVP_ACTION_REFUSED',
      details: { refusal: 'NOT_YOUR_TURN' },
    });
    await expect(refusal('CHECK', alice)).rejects.toMatchObject({ details: { refusal: 'CANNOT_CHECK' } });
    await expect(refusal('RAISE', alice, '1.50')).rejects.toMatchObject({
      details: { refusal: 'RAISE_TOO_SMALL' },
    });
    await expect(refusal('RAISE', alice, '100.01')).rejects.toMatchObject({
      details: { refusal: 'RAISE_TOO_LARGE' },
    });
    await expect(refusal('RAISE', alice, '2.001')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(refusal('CALL', carol)).rejects.toMatchObject({ details: { refusal: 'NOT_IN_HAND' } });
    await expect(
      service.act(alice.member, tableId, { handId: '999999', actionId: randomUUID(), kind: 'CALL' }),
    ).rejects.toMatchObject({ details: { refusal: 'HAND_OVER' } });
    const after = await viewOf(service, alice, tableId);
    expect(after.table).toEqual(before.table);
    expect([await harness.cash(alice), await harness.cash(bob)]).toEqual(cashBefore);
    expect(await harness.database.db.select().from(pvpActions)).toEqual([]);
  });

  it('checks or folds for a player out of time, sits out a player the clock played for twice, and seats them back', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'HOLDEM-MICRO-6');
    await sit(service, alice, tableId, '10', 0);
    await sit(service, bob, tableId, '10', 1);
    await service.drive();
    // Alice (button, small blind) does not act: she is folded once her 15 s are over, not before.
    harness.clock.advance(14_999);
    await service.drive();
    expect((await viewOf(service, alice, tableId)).table.hand?.status).toBe('PLAYING');
    harness.clock.advance(1);
    await service.drive();
    let view = await viewOf(service, alice, tableId);
    expect(view.table.hand).toMatchObject({ status: 'SETTLED' });
    expect(view.table.players.find((seat) => seat.seat === 0)).toMatchObject({
      hasFolded: true,
      stack: '9.95',
    });

    // The next hand: Bob has the button; Alice, big blind, misses her option and is checked for.
    harness.clock.advance(1_000);
    await service.drive();
    await play(service, bob, tableId, 'CALL');
    harness.clock.advance(15_000);
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.hand?.street).toBe('FLOP');
    // Once timed out in a hand, her later turns are taken at once: she checks, Bob bets, she folds.
    harness.clock.advance(1);
    await service.drive();
    await play(service, bob, tableId, 'RAISE', { amount: '0.10' });
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.hand?.status).toBe('SETTLED');
    expect(view.you.isSittingOut).toBe(true);
    expect(view.table.players.find((seat) => seat.seat === 0)?.status).toBe('SITTING_OUT');

    // Nobody else to play: no hand is dealt until she is back.
    harness.clock.advance(5_000);
    await service.drive();
    expect((await viewOf(service, alice, tableId)).table.hand?.number).toBe(2);
    const back = await service.setSittingOut(alice.member, tableId, false);
    expect(back.you.isSittingOut).toBe(false);
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.hand).toMatchObject({ number: 3, status: 'PLAYING' });
    expect(view.you.holeCards).toHaveLength(2);
    await expectConserved(service, [alice, bob], houseBefore);
  });

  it('streams each member the table and their own hole cards only, a frame per change of what they see', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const tableId = await tableOf(service, alice.member.brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100', 1);
    const frames = { alice: [] as string[], bob: [] as string[] };
    const aliceStream = await service.subscribe(tableId, alice.member, (frame) => frames.alice.push(frame));
    await service.subscribe(tableId, bob.member, (frame) => frames.bob.push(frame));
    expect(aliceStream.frame).toContain('event: state');
    await service.drive();
    await expect.poll(() => frames.alice.length > 0 && frames.bob.length > 0).toBe(true);
    const last = (list: string[]) =>
      JSON.parse((list.at(-1) ?? '').replace(/^event: state\ndata: /, '')) as PvpTableView;
    const aliceCards = last(frames.alice).you.holeCards;
    const bobCards = last(frames.bob).you.holeCards;
    expect(aliceCards).toEqual((await viewOf(service, alice, tableId)).you.holeCards);
    expect(bobCards).toHaveLength(2);
    for (const card of aliceCards) expect(frames.bob.join()).not.toContain(`"${card}"`);
    aliceStream.unsubscribe();
    const seen = frames.alice.length;
    await play(service, alice, tableId, 'CALL');
    await expect.poll(() => last(frames.bob).table.hand?.street).toBe('PREFLOP');
    await expect.poll(() => last(frames.bob).you.options?.canCheck).toBe(true);
    expect(frames.alice).toHaveLength(seen);
  });

  it('applies a burst of the same action id once', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const tableId = await tableOf(service, alice.member.brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100', 1);
    await service.drive();
    const handId = (await viewOf(service, alice, tableId)).table.hand?.handId ?? '';
    const request = { handId, actionId: 'burst-1', kind: 'RAISE' as const, amount: '5' };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.act(alice.member, tableId, request)),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const actions = await harness.database.db.select().from(pvpActions);
    expect(actions).toHaveLength(1);
    expect(await stackOf(service, alice, tableId)).toBe('95.00');
    await expect(service.act(alice.member, tableId, { ...request, amount: '6' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('limits each member to a number of moves per window, refused ones included', async () => {
    const service = harness.instance({ settings: { actionsPerWindow: 3, actionWindowMs: 5_000 } });
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const tableId = await tableOf(service, alice.member.brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100', 1);
    await service.drive();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(play(service, bob, tableId, 'CHECK')).rejects.toMatchObject({
        code: 'PVP_ACTION_REFUSED',
      });
    }
    await expect(play(service, bob, tableId, 'FOLD')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // Other members keep their own allowance; Bob's comes back with the next window.
    await play(service, alice, tableId, 'CALL');
    harness.clock.advance(5_000);
    await play(service, bob, tableId, 'CHECK');
    expect((await viewOf(service, bob, tableId)).table.hand?.street).toBe('FLOP');
  });

  it('cashes out a player who left while all in when the hand ends, with what they won; an empty stack stands up', async () => {
    const service = harness.instance({ drawSeeds: () => seedsRanking(2, [1, 0]) });
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100', 1);
    await service.drive();
    await play(service, alice, tableId, 'ALL_IN');
    await service.leave(alice.member, tableId);
    expect((await viewOf(service, alice, tableId)).you.seat).toBe(0);
    expect(await harness.cash(alice)).toBe(funds - 10_000n);
    await play(service, bob, tableId, 'CALL');
    // Alice's best hand takes 200.00 less the 3.00 cap; Bob has nothing left and stands up.
    expect(await harness.cash(alice)).toBe(funds - 10_000n + 19_700n);
    const view = await viewOf(service, bob, tableId);
    expect(view.table.players).toEqual([]);
    expect(view.you.seat).toBeNull();
    const { chips, rake } = await expectConserved(service, [alice, bob], houseBefore);
    expect([chips, rake]).toEqual([0n, 300n]);
  });

  it('buys in once per request id, and a player leaving mid-hand folds and takes their stack', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const carol = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'HOLDEM-LOW-9');
    const request = { buyIn: '50', requestId: 'sit-once', seat: 4 };
    await Promise.all([1, 2, 3].map(() => service.sitDown(alice.member, tableId, request)));
    expect(await harness.cash(alice)).toBe(funds - 5_000n);
    await sit(service, bob, tableId, '50', 6);
    await sit(service, carol, tableId, '50', 8);
    await service.drive();
    // Button at seat 4 (Alice); Bob and Carol post the blinds. Carol leaves before acting: folded, paid out.
    await service.leave(carol.member, tableId);
    expect(await harness.cash(carol)).toBe(funds - 100n);
    const view = await viewOf(service, alice, tableId);
    expect(view.table.players.map((seat) => seat.seat)).toEqual([4, 6]);
    expect(view.table.hand?.status).toBe('PLAYING');
    await play(service, alice, tableId, 'FOLD');
    expect((await viewOf(service, bob, tableId)).table.hand?.status).toBe('SETTLED');
    await expectConserved(service, [alice, bob, carol], houseBefore);
  });
});
