import { createHash } from 'node:crypto';
import { toMinorUnits } from '@wps/contracts/money';
import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRounds } from '../../games/games.tables';
import { turnoverEvents } from '../../turnover/turnover.tables';
import { createPvpBotsService } from './bots-admin';
import { botThinkMs } from './bots-driver';
import { botAccountScope } from './bots-players';
import { chenScore } from './bots-strategy';
import { dealHoldem, shuffleDeck } from './deck';
import { evaluateHand } from './hand-evaluator';
import type { PvpService } from './pvp.service';
import { pvpActions, pvpSeats } from './pvp.tables';
import {
  currency,
  openPvpHarness,
  play,
  type Player,
  type PvpHarness,
  sit,
  tableOf,
  testPvpSettings,
  viewOf,
} from './pvp.test-helpers';

const funds = 50_000n;
const room = 'HOLDEM-LOW-6';
const pauseMs = testPvpSettings.pauseMs ?? 0;
const leaseMs = testPvpSettings.leaseMs ?? 0;
const operator = { type: 'staff' as const, id: '1' };

/**
 * Seeds of a heads-up hand (the bot first in dealing order, left of the member on the button) where the bot
 * holds cards strong enough to call an all-in (Chen score 10 or more) and the member's hand still beats it.
 */
const seedsBustingTheBot = (nonce: number) => {
  for (let attempt = 0; attempt < 100_000; attempt += 1) {
    const serverSeed = createHash('sha256').update(`pvp-bot-bust-${attempt}`).digest('hex');
    const clientSeed = 'pvp-bots';
    const deal = dealHoldem(shuffleDeck({ serverSeed, clientSeed, nonce }), 2);
    const [bot, member] = deal.holeCards;
    if (!bot || !member || chenScore(bot) < 10) continue;
    const botScore = evaluateHand([...bot, ...deal.board]).score;
    if (evaluateHand([...member, ...deal.board]).score > botScore) return { serverSeed, clientSeed };
  }
  throw new Error('no seed deals such a hand');
};

describe('house bots at quiet hold’em tables', { timeout: 120_000 }, () => {
  let harness: PvpHarness;
  beforeEach(async () => {
    harness = await openPvpHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  const ledgerOf = () => harness.testApp.app.wallet.ledger;
  const botsService = () =>
    createPvpBotsService({ db: harness.database.db, ledger: ledgerOf(), clock: harness.clock.now });
  const botsBalance = async (brandId: bigint) =>
    ledgerOf().getBalance(
      (await ledgerOf().ensureSystemAccount(brandId, 'house', currency, botAccountScope)).id,
    );
  const botSeats = () => harness.database.db.select().from(pvpSeats).where(eq(pvpSeats.isBot, true));

  /**
   * Chips and money are conserved: the table stacks account holds what the tables hold, and the members'
   * cash, those chips, the rake taken and the bots account (what bots were given less what they brought back)
   * add up to what the members brought.
   */
  const expectConserved = async (service: PvpService, players: readonly Player[], houseBefore: bigint) => {
    const brandId = players[0]?.member.brandId ?? 0n;
    const chips = await service.chipsAtTables(brandId, currency);
    expect(await harness.tableStacks(brandId)).toBe(chips);
    const cash = (await Promise.all(players.map(harness.cash))).reduce((sum, amount) => sum + amount, 0n);
    const rake = (await harness.house(brandId)) - houseBefore;
    expect(cash + chips + rake + (await botsBalance(brandId))).toBe(funds * BigInt(players.length));
  };

  /** The member checks or calls whenever it is their turn; the bot is given its thinking time. */
  const playOut = async (service: PvpService, player: Player, tableId: string) => {
    for (let step = 0; step < 60; step += 1) {
      const view = await viewOf(service, player, tableId);
      if (view.table.hand?.status !== 'PLAYING') return view;
      if (view.you.options) {
        await play(service, player, tableId, view.you.options.canCheck ? 'CHECK' : 'CALL');
      } else {
        harness.clock.advance(botThinkMs);
        await service.drive();
      }
    }
    throw new Error('the hand did not end');
  };

  it('never seats a bot where the switch is off', async () => {
    const service = harness.instance();
    const alice = await harness.player(funds);
    const brandId = alice.member.brandId;
    // Bots are on in another room only.
    await botsService().setRoom(operator, { id: brandId, currency }, 'HOLDEM-MID-6', true);
    const tableId = await tableOf(service, brandId, room);
    await sit(service, alice, tableId, '100', 0);
    for (let tick = 0; tick < 5; tick += 1) {
      await service.drive();
      harness.clock.advance(botThinkMs + pauseMs);
    }
    const view = await viewOf(service, alice, tableId);
    expect(view.table.players.map((player) => [player.seat, player.isBot])).toEqual([[0, false]]);
    expect(view.table.hand).toBeNull();
    expect(await botSeats()).toEqual([]);
    expect(await botsBalance(brandId)).toBe(0n);
  });

  it('seats a labelled bot for a member alone, plays it through the act path from any instance, and leaves when a second member sits down', async () => {
    const first = harness.instance();
    const alice = await harness.player(funds);
    const bob = await harness.player(funds);
    const players = [alice, bob];
    const brandId = alice.member.brandId;
    const brand = { id: brandId, currency };
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(first, brandId, room);
    const overview = await botsService().setRoom(operator, brand, room, true);
    expect(overview.rooms.find((entry) => entry.roomCode === room)?.isEnabled).toBe(true);

    // A table nobody waits at gets no bot.
    await first.drive();
    expect(await botSeats()).toEqual([]);

    await sit(first, alice, tableId, '100', 0);
    await first.drive();
    let view = await viewOf(first, alice, tableId);
    expect(
      view.table.players.map(({ seat, playerName, isBot, stack }) => ({ seat, playerName, isBot, stack })),
    ).toEqual([
      expect.objectContaining({ seat: 0, isBot: false }),
      { seat: 1, playerName: 'Bot', isBot: true, stack: '99.00' },
    ]);
    // Bought in for the table's largest buy-in from the bots account, and dealt in at once.
    expect(await botsBalance(brandId)).toBe(-10_000n);
    expect(view.table.hand).toMatchObject({ status: 'PLAYING', toActSeat: 0 });
    await expectConserved(first, players, houseBefore);

    // Alice calls; the bot, in the big blind, thinks before it moves.
    await play(first, alice, tableId, 'CALL');
    await first.drive();
    expect((await viewOf(first, alice, tableId)).table.hand?.toActSeat).toBe(1);

    // The first instance stops without a word; the next one finds the bot's seat and its turn in the database.
    const second = harness.instance();
    harness.clock.advance(Math.max(botThinkMs, leaseMs + 1));
    await second.drive();
    const firstBotMove = await harness.database.db.select().from(pvpActions).where(eq(pvpActions.seat, 1));
    expect(firstBotMove).toEqual([expect.objectContaining({ memberId: null, actionId: null, sequence: 2 })]);
    view = await playOut(second, alice, tableId);
    expect(view.table.hand?.status).toBe('SETTLED');
    const handId = BigInt(view.table.hand?.handId ?? '0');

    // The bot's moves are stored like anyone's, with no member behind them.
    const moves = await harness.database.db.select().from(pvpActions).where(eq(pvpActions.handId, handId));
    const botMoves = moves.filter((move) => move.seat === 1);
    expect(botMoves.length).toBeGreaterThan(0);
    expect(botMoves.every((move) => move.memberId === null && !move.isAutomatic)).toBe(true);
    expect(botMoves.every((move) => ['FOLD', 'CHECK', 'CALL', 'RAISE'].includes(move.kind))).toBe(true);

    // Only the member has a betting record and turnover: the bot's chips are the house's.
    const records = await harness.database.db
      .select()
      .from(gameRounds)
      .where(like(gameRounds.roundRef, `pvp:${handId}:%`));
    expect(records.map((record) => [record.roundRef, record.memberId])).toEqual([
      [`pvp:${handId}:0`, alice.member.id],
    ]);
    const turnover = await harness.database.db
      .select()
      .from(turnoverEvents)
      .where(eq(turnoverEvents.reference, `round:${records[0]?.id ?? 0n}`));
    expect(turnover.map((event) => event.memberId)).toEqual(
      (records[0]?.validBet ?? 0n) > 0n ? [alice.member.id] : [],
    );
    const allTurnover = await harness.database.db.select().from(turnoverEvents);
    expect(allTurnover.filter((event) => event.reference.startsWith('round:')).length).toBe(turnover.length);
    await expectConserved(second, players, houseBefore);

    // Bob sits down: the bot leaves before the next deal, its stack back to the bots account.
    const botStack = toMinorUnits(view.table.players.find((player) => player.isBot)?.stack ?? '0', 2);
    await sit(second, bob, tableId, '100', 2);
    harness.clock.advance(pauseMs);
    await second.drive();
    view = await viewOf(second, bob, tableId);
    expect(view.table.players.map((player) => player.isBot)).toEqual([false, false]);
    expect(view.table.hand).toMatchObject({ status: 'PLAYING', number: 2 });
    expect(await botsBalance(brandId)).toBe(botStack - 10_000n);
    const result = await botsService().overview(brand);
    expect(result.chipsAtTables).toBe('0.00');
    expect(result.rooms.find((entry) => entry.roomCode === room)).toMatchObject({
      botsSeated: 0,
      membersSeated: 2,
    });
    expect(toMinorUnits(result.result, 2, { allowNegative: true })).toBe(botStack - 10_000n);
    await expectConserved(second, players, houseBefore);

    // Both leave (Bob's hand folded): nobody waits, so no bot comes back.
    await second.leave(alice.member, tableId);
    await second.leave(bob.member, tableId);
    harness.clock.advance(pauseMs + botThinkMs);
    await second.drive();
    expect((await viewOf(second, alice, tableId)).table.players).toEqual([]);
    expect(await harness.tableStacks(brandId)).toBe(0n);
    await expectConserved(second, players, houseBefore);
  });

  it('replaces a bot that lost its stack, finishes the hand a bot is in when the switch goes off, then leaves', async () => {
    const service = harness.instance({ drawSeeds: (number) => seedsBustingTheBot(number) });
    const alice = await harness.player(funds);
    const brandId = alice.member.brandId;
    const brand = { id: brandId, currency };
    const houseBefore = await harness.house(brandId);
    const tableId = await tableOf(service, brandId, room);
    await botsService().setRoom(operator, brand, room, true);
    await sit(service, alice, tableId, '100', 0);
    await service.drive();

    // Alice, on the button, moves all in; the bot's cards are worth the call; Alice's hand wins.
    await play(service, alice, tableId, 'ALL_IN');
    harness.clock.advance(botThinkMs);
    await service.drive();
    let view = await viewOf(service, alice, tableId);
    expect(view.table.hand).toMatchObject({ status: 'SETTLED', street: 'SHOWDOWN' });
    expect(view.table.players.map((player) => player.isBot)).toEqual([false]);
    // The bot's 100.00 is lost to Alice (less the rake): the bots account does not get it back.
    expect(await botsBalance(brandId)).toBe(-10_000n);
    await expectConserved(service, [alice], houseBefore);

    // After the pause a fresh bot buys in from the bots account and the next hand is dealt, the button (and
    // the small blind) on the bot now.
    harness.clock.advance(pauseMs);
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.players.map((player) => [player.isBot, player.stack])).toEqual([
      [false, '196.00'],
      [true, '99.50'],
    ]);
    expect(await botsBalance(brandId)).toBe(-20_000n);
    await expectConserved(service, [alice], houseBefore);

    // Bots switched off mid-hand: the bot plays the hand out (its cards call or raise), then leaves with its
    // stack.
    await botsService().setRoom(operator, brand, room, false);
    harness.clock.advance(botThinkMs);
    await service.drive();
    await play(service, alice, tableId, 'FOLD');
    view = await viewOf(service, alice, tableId);
    expect(view.table.hand?.status).toBe('SETTLED');
    expect(view.table.players.map((player) => player.isBot)).toEqual([false, true]);
    harness.clock.advance(pauseMs);
    await service.drive();
    view = await viewOf(service, alice, tableId);
    expect(view.table.players.map((player) => player.isBot)).toEqual([false]);
    expect(view.table.hand?.number).toBe(2);
    // The bot won Alice's big blind: 101.00 back to the account.
    expect(await botsBalance(brandId)).toBe(-20_000n + 10_100n);
    expect(await botSeats()).toHaveLength(2);
    await expectConserved(service, [alice], houseBefore);
  });
});
