import { toMinorUnits } from '@wps/contracts/money';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRounds } from '../../games/games.tables';
import { seedsDealingNiuNiu, playNiuNiu } from './niu-niu.test-helpers';
import type { PvpService } from './pvp.service';
import { pvpActions } from './pvp.tables';
import {
  currency,
  openPvpHarness,
  play,
  type Player,
  type PvpHarness,
  sit,
  tableOf,
  viewOf,
} from './pvp.test-helpers';

const funds = 50_000n;

describe('card rooms: Niu-Niu hands with real money', { timeout: 60_000 }, () => {
  let harness: PvpHarness;
  beforeEach(async () => {
    harness = await openPvpHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  /** The stacks account holds what the tables hold; the cash, the chips and the rake add up to the funds. */
  const expectConserved = async (service: PvpService, players: readonly Player[], houseBefore: bigint) => {
    const brandId = players[0]?.member.brandId ?? 0n;
    const chips = await service.chipsAtTables(brandId, currency);
    expect(await harness.tableStacks(brandId)).toBe(chips);
    const cash = (await Promise.all(players.map(harness.cash))).reduce((sum, amount) => sum + amount, 0n);
    const rake = (await harness.house(brandId)) - houseBefore;
    expect(cash + chips + rake).toBe(funds * BigInt(players.length));
    return { chips, rake };
  };

  const stacksOf = async (service: PvpService, player: Player, tableId: string) =>
    (await viewOf(service, player, tableId)).table.players.map((seat) => [seat.seat, seat.stack]);

  it('deals four cards each, gives the bank to the highest bid, settles the bet against the banker less the rake, and writes records and the proof', async () => {
    // Alice (seat 0, first to bid) is dealt a ×2 hand that beats Bob's.
    const service = harness.instance({
      drawSeeds: () =>
        seedsDealingNiuNiu(2, ([a, b]) => (a?.score ?? 0) > (b?.score ?? 0) && a?.multiplier === 2),
    });
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const rooms = await service.listRooms({ id: brandId, currency });
    expect(
      rooms.filter((room) => room.game === 'NIUNIU').map((room) => [room.roomCode, room.bigBlind]),
    ).toEqual([
      ['NIUNIU-MICRO-6', '0.10'],
      ['NIUNIU-LOW-6', '1.00'],
      ['NIUNIU-MID-6', '5.00'],
    ]);
    const tableId = await tableOf(service, brandId, 'NIUNIU-LOW-6');
    await expect(sit(service, alice, tableId, '99.99', 0)).rejects.toMatchObject({
      code: 'PVP_BUY_IN_LIMIT',
    });
    await sit(service, alice, tableId, '200', 0);
    await sit(service, bob, tableId, '200', 1);
    expect(await harness.cash(alice)).toBe(funds - 20_000n);
    await service.drive();

    let view = await viewOf(service, alice, tableId);
    expect(view.table).toMatchObject({ game: 'NIUNIU', hand: null });
    expect(view.table.niuNiu).toMatchObject({
      status: 'PLAYING',
      phase: 'BIDDING',
      baseStake: '1.00',
      firstSeat: 0,
      toActSeat: 0,
      bankerSeat: null,
      serverSeed: null,
    });
    expect(view.table.niuNiu?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(view.you.holeCards).toHaveLength(4);
    expect(view.you.niuNiuOptions).toEqual({ kind: 'BID', choices: [0, 1, 2, 3, 4] });
    const bobView = await viewOf(service, bob, tableId);
    expect(bobView.you.niuNiuOptions).toBeNull();
    expect(bobView.you.holeCards).toHaveLength(4);
    for (const card of view.you.holeCards) expect(JSON.stringify(bobView)).not.toContain(`"${card}"`);

    await playNiuNiu(service, alice, tableId, 'BID', 2);
    view = await playNiuNiu(service, bob, tableId, 'BID', 3);
    expect(view.table.niuNiu).toMatchObject({ phase: 'BETTING', bankerSeat: 1, bankerBid: 3, toActSeat: 0 });
    expect(view.table.niuNiu?.seats).toEqual([
      { seat: 0, bid: 2, multiplier: null, isBanker: false, timedOut: false, isLeaving: false },
      { seat: 1, bid: 3, multiplier: null, isBanker: true, timedOut: false, isLeaving: false },
    ]);
    expect((await viewOf(service, alice, tableId)).you.niuNiuOptions).toEqual({
      kind: 'BET',
      choices: [1, 2, 3, 4, 5],
    });
    // Nothing moved before the showdown.
    expect(await stacksOf(service, alice, tableId)).toEqual([
      [0, '200.00'],
      [1, '200.00'],
    ]);
    await playNiuNiu(service, alice, tableId, 'BET', 4);

    // 1.00 base × 3 (bank) × 4 (bet) × 2 (Alice's hand) = 24.00, less 5 % rake on her win.
    view = await viewOf(service, bob, tableId);
    expect(view.table.niuNiu).toMatchObject({ status: 'SETTLED', phase: 'SHOWDOWN', toActSeat: null });
    expect(view.table.niuNiu?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(view.table.niuNiu?.result).toMatchObject({
      rake: '1.20',
      pairings: [{ seat: 0, playerWins: true, handMultiplier: 2, due: '24.00', amount: '24.00' }],
      outcomes: [
        { seat: 0, net: '22.80', rake: '1.20' },
        { seat: 1, net: '-24.00', rake: '0.00' },
      ],
      isBankShort: false,
    });
    expect(view.you.holeCards).toHaveLength(5);
    expect(view.table.players.map((seat) => seat.cards?.length)).toEqual([5, 5]);
    expect(await stacksOf(service, bob, tableId)).toEqual([
      [0, '222.80'],
      [1, '176.00'],
    ]);
    const { rake } = await expectConserved(service, [alice, bob], houseBefore);
    expect(rake).toBe(120n);

    // Each member's betting record: the most they could lose, what they took back, what changed hands.
    const records = (
      await harness.database.db
        .select()
        .from(gameRounds)
        .where(eq(gameRounds.brandId, brandId))
        .orderBy(asc(gameRounds.id))
    ).filter((record) => record.roundRef.startsWith('pvp:'));
    expect(
      records.map((record) => [
        record.memberId,
        record.status,
        record.betAmount,
        record.winAmount,
        record.validBet,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [alice.member.id, 'settled', 6_000n, 8_280n, 2_400n],
        [bob.member.id, 'settled', 6_000n, 3_600n, 2_400n],
      ]),
    );
    expect(records).toHaveLength(2);

    // The proof: the revealed seed shuffles the committed deck, and Bob's five cards are where the deal says.
    const proof = await service.verify(view.table.niuNiu?.handId ?? '');
    expect(proof.commitmentMatches).toBe(true);
    expect(proof.holeCards.find((entry) => entry.seat === 1)).toMatchObject({
      cards: view.you.holeCards,
      positions: [1, 3, 5, 7, 9],
    });
    expect(proof.formula).toContain('Niu-Niu');

    await service.leave(alice.member, tableId);
    expect(await harness.cash(alice)).toBe(funds + 2_280n);
    await expectConserved(service, [alice, bob], houseBefore);
  });

  it('bids nothing and bets 1× for players out of time, sits out a player the clock played for twice, and seats them back', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'NIUNIU-MICRO-6');
    await sit(service, alice, tableId, '50', 0);
    await sit(service, bob, tableId, '50', 1);
    for (const number of [1, 2]) {
      await service.drive();
      expect((await viewOf(service, alice, tableId)).table.niuNiu).toMatchObject({
        number,
        status: 'PLAYING',
      });
      harness.clock.advance(14_999);
      await service.drive();
      expect((await viewOf(service, alice, tableId)).table.niuNiu?.seats[0]?.bid).toBeNull();
      harness.clock.advance(1);
      await service.drive();
      harness.clock.advance(15_000);
      await service.drive();
      // Nobody grabbed: the bank is played at 1×, and the player the clock already acted for bets 1× at once.
      const betting = (await viewOf(service, alice, tableId)).table.niuNiu;
      expect(betting).toMatchObject({ phase: 'BETTING', bankerBid: 0 });
      await service.drive();
      const view = await viewOf(service, alice, tableId);
      expect(view.table.niuNiu).toMatchObject({ status: 'SETTLED' });
      expect(
        view.table.niuNiu?.seats.every((seat) => seat.timedOut && (seat.isBanker || seat.multiplier === 1)),
      ).toBe(true);
      const pairing = view.table.niuNiu?.result?.pairings[0];
      expect(pairing?.due).toBe(`0.${pairing?.handMultiplier ?? 0}0`);
      harness.clock.advance(1_000);
    }
    let view = await viewOf(service, alice, tableId);
    expect(view.you.isSittingOut).toBe(true);
    expect(view.table.players.map((seat) => seat.status)).toEqual(['SITTING_OUT', 'SITTING_OUT']);
    const automatic = await harness.database.db.select().from(pvpActions);
    expect(automatic.every((action) => action.isAutomatic)).toBe(true);
    // Two hands of two bids and one bet each, all the clock's.
    expect(automatic.map((action) => action.kind).sort()).toEqual(['BET', 'BET', 'BID', 'BID', 'BID', 'BID']);

    // Nobody to play until they are back.
    await service.drive();
    expect((await viewOf(service, alice, tableId)).table.niuNiu?.number).toBe(2);
    await service.setSittingOut(alice.member, tableId, false);
    await service.setSittingOut(bob.member, tableId, false);
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.niuNiu).toMatchObject({ number: 3, status: 'PLAYING', firstSeat: 0 });
    await expectConserved(service, [alice, bob], houseBefore);
  });

  it('keeps a player who leaves mid-hand in it, plays their turns at once and cashes them out when it ends', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const carol = await harness.player(funds);
    const players = [alice, bob, carol];
    const brandId = alice.member.brandId;
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, 'NIUNIU-MICRO-6');
    await sit(service, alice, tableId, '20', 0);
    await sit(service, bob, tableId, '20', 1);
    await sit(service, carol, tableId, '20', 2);
    await service.drive();
    await playNiuNiu(service, alice, tableId, 'BID', 1);

    // Carol leaves before her turn: her seat stays, her chips stay at stake, nothing is paid out yet.
    const left = await service.leave(carol.member, tableId);
    expect(left.you.seat).toBe(2);
    expect(left.table.niuNiu?.seats.find((seat) => seat.seat === 2)).toMatchObject({
      isLeaving: true,
      bid: null,
    });
    expect(await harness.cash(carol)).toBe(funds - 2_000n);
    await expectConserved(service, players, houseBefore);

    // Her turns are played at once: no grab, then 1× against Bob's bank.
    await playNiuNiu(service, bob, tableId, 'BID', 2);
    await service.drive();
    let view = await viewOf(service, alice, tableId);
    expect(view.table.niuNiu).toMatchObject({ phase: 'BETTING', bankerSeat: 1, toActSeat: 2 });
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.niuNiu?.seats.find((seat) => seat.seat === 2)?.multiplier).toBe(1);
    await playNiuNiu(service, alice, tableId, 'BET', 2);

    view = await viewOf(service, alice, tableId);
    expect(view.table.niuNiu?.status).toBe('SETTLED');
    expect(view.table.players.map((seat) => seat.seat)).toEqual([0, 1]);
    const carolNet = toMinorUnits(
      view.table.niuNiu?.result?.outcomes.find((outcome) => outcome.seat === 2)?.net ?? '',
      2,
      { allowNegative: true, allowZero: true },
    );
    expect(await harness.cash(carol)).toBe(funds + carolNet);
    expect((await viewOf(service, carol, tableId)).you.seat).toBeNull();
    await expectConserved(service, players, houseBefore);
  });

  it('applies a resent move once, refuses another under the same id, and keeps each game’s moves to its tables', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const brandId = alice.member.brandId;
    const tableId = await tableOf(service, brandId, 'NIUNIU-LOW-6');
    await sit(service, alice, tableId, '100', 0);
    await sit(service, bob, tableId, '100', 1);
    await service.drive();
    await playNiuNiu(service, alice, tableId, 'BID', 2, { actionId: 'alice-bid' });
    const again = await playNiuNiu(service, alice, tableId, 'BID', 2, { actionId: 'alice-bid' });
    expect(again.table.niuNiu).toMatchObject({ toActSeat: 1 });
    expect(await harness.database.db.select().from(pvpActions)).toHaveLength(1);
    await expect(
      playNiuNiu(service, alice, tableId, 'BID', 3, { actionId: 'alice-bid' }),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    await expect(playNiuNiu(service, alice, tableId, 'BID', 3)).rejects.toMatchObject({
      code: 'PVP_ACTION_REFUSED',
      details: { refusal: 'NOT_YOUR_TURN' },
    });
    await expect(playNiuNiu(service, bob, tableId, 'BET', 2)).rejects.toMatchObject({
      details: { refusal: 'NOT_BETTING' },
    });

    // A hold'em move at a Niu-Niu table, and a Niu-Niu move at a hold'em table, are refused.
    const handId = again.table.niuNiu?.handId ?? '';
    await expect(
      service.act(bob.member, tableId, { handId, actionId: 'bob-call', kind: 'CALL' }),
    ).rejects.toMatchObject({ details: { refusal: 'WRONG_GAME' } });
    const holdem = await tableOf(service, brandId, 'HOLDEM-LOW-6');
    await sit(service, alice, holdem, '100', 0);
    await sit(service, bob, holdem, '100', 1);
    await service.drive();
    await expect(play(service, alice, holdem, 'CALL')).resolves.toBeDefined();
    const holdemHand = (await viewOf(service, bob, holdem)).table.hand?.handId ?? '';
    await expect(
      service.actNiuNiu(bob.member, holdem, {
        handId: holdemHand,
        actionId: 'bob-bid',
        kind: 'BID',
        multiplier: 1,
      }),
    ).rejects.toMatchObject({ details: { refusal: 'WRONG_GAME' } });
  });
});
