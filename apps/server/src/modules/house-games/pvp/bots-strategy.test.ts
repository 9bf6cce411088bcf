import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCard } from '../tables/shoe';
import { botSituationOf } from './bots-driver';
import { type BotMove, chenScore, decideBotMove, handStrength } from './bots-strategy';
import { dealHoldem, shuffleDeck } from './deck';
import {
  actInHoldem,
  type HoldemAction,
  type HoldemOptions,
  type HoldemState,
  holdemOptions,
  startHoldemHand,
} from './holdem-engine';

const cards = (codes: string) => codes.split(' ').map(parseCard);

const holdemActionOf = ({ kind, amount }: BotMove): HoldemAction => {
  switch (kind) {
    case 'FOLD':
      return { kind: 'fold' };
    case 'CHECK':
      return { kind: 'check' };
    case 'CALL':
      return { kind: 'call' };
    case 'ALL_IN':
      return { kind: 'allIn' };
    case 'RAISE':
      return { kind: 'raise', amount: amount ?? 0n };
  }
};

const options = (overrides: Partial<HoldemOptions> = {}): HoldemOptions => ({
  seat: 0,
  canCheck: false,
  callAmount: 100n,
  canRaise: true,
  minRaiseTo: 400n,
  maxRaiseTo: 10_000n,
  ...overrides,
});

describe('the house bot strategy', () => {
  it('scores two hole cards by the Chen formula', () => {
    expect(chenScore(cards('AS AH'))).toBe(20);
    expect(chenScore(cards('KS KD'))).toBe(16);
    expect(chenScore(cards('2S 2D'))).toBe(5);
    expect(chenScore(cards('AS KS'))).toBe(12);
    expect(chenScore(cards('AS KD'))).toBe(10);
    // Jack-ten suited: 6, suited +2, connected below a queen +1.
    expect(chenScore(cards('JS TS'))).toBe(9);
    // Seven-deuce off-suit: 3.5, four ranks missing −5, rounded up.
    expect(chenScore(cards('7S 2D'))).toBe(-1);
  });

  it('rates a made hand by its category, and a hand the board makes for everyone as nothing', () => {
    expect(handStrength(cards('AS AH'), [])).toBe(1);
    // A pair of kings with a hole card: 0.35 + 11/12 of 0.25.
    expect(handStrength(cards('KS 7D'), cards('KH 2C 9D'))).toBeCloseTo(0.35 + (11 / 12) * 0.25);
    // The pair is the board's: the bot holds nothing of it.
    expect(handStrength(cards('AS 7D'), cards('KH KC 9D'))).toBe(0.15);
    expect(handStrength(cards('9S 9D'), cards('9H KC 2D'))).toBe(0.78);
    // Four hearts with one of the bot's: a flush draw on the flop.
    expect(handStrength(cards('AH 3C'), cards('KH 7H 2H'))).toBeCloseTo(0.27);
    // A straight on the board: nothing better in hand is playing the board; a ten makes a higher straight.
    expect(handStrength(cards('2C 2D'), cards('5H 6C 7D 8S 9H'))).toBe(0.1);
    expect(handStrength(cards('TC 2D'), cards('5H 6C 7D 8S 9H'))).toBe(0.85);
  });

  it('checks a weak hand, bets a strong one, folds to a price its hand does not meet, calls one it does', () => {
    const situation = (hole: string, board: string, overrides: Partial<HoldemOptions> = {}) => ({
      holeCards: cards(hole),
      board: board === '' ? [] : cards(board),
      options: options(overrides),
      pot: 300n,
      currentBet: 100n,
      bigBlind: 20n,
    });
    expect(decideBotMove(situation('7S 2D', 'KH 9C 4D', { canCheck: true, callAmount: 0n }))).toEqual({
      kind: 'CHECK',
      amount: null,
    });
    // Two pair bets two thirds of the pot (200), raised to the least bet allowed (400).
    expect(decideBotMove(situation('KS 9D', 'KH 9C 4D', { canCheck: true, callAmount: 0n }))).toEqual({
      kind: 'RAISE',
      amount: 400n,
    });
    // High card against a price of 100 / 400 = 0.25: fold. A pair of kings meets it: call.
    expect(decideBotMove(situation('7S 2D', 'KH 9C 4D'))).toEqual({ kind: 'FOLD', amount: null });
    expect(decideBotMove(situation('KS 2D', 'KH 9C 4D'))).toEqual({ kind: 'CALL', amount: null });
    // Trips raise: 3 × the bet of 100, within the raise allowed.
    expect(decideBotMove(situation('9S 9D', 'KH 9C 4D', { minRaiseTo: 200n }))).toEqual({
      kind: 'CALL',
      amount: null,
    });
    expect(decideBotMove(situation('KS KD', 'KH 9C KC', { minRaiseTo: 200n }))).toEqual({
      kind: 'RAISE',
      amount: 300n,
    });
    // Before the flop: pocket aces raise the big blind's option to three big blinds.
    expect(
      decideBotMove(situation('AS AD', '', { canCheck: true, callAmount: 0n, minRaiseTo: 40n })),
    ).toEqual({ kind: 'RAISE', amount: 60n });
  });

  it('sees only its own cards and the board dealt so far', () => {
    const deck = shuffleDeck({ serverSeed: 'bots-peek', clientSeed: 'test', nonce: 1 });
    const state = startHoldemHand({
      seats: [0, 1, 2].map((seat) => ({ seat, memberId: `m${seat}`, seatId: `s${seat}`, stack: 1_000n })),
      button: 0,
      smallBlind: 5n,
      bigBlind: 10n,
      tableSize: 6,
      turnMs: 15_000,
      now: 0,
    });
    const flop = { ...state, boardCount: 3 };
    const bot = flop.players[1];
    if (!bot) throw new Error('no player');
    const seen = botSituationOf(deck, flop, bot.seat, options());
    const deal = dealHoldem(deck, 3);
    expect(seen.holeCards).toEqual(deal.holeCards[1]);
    expect(seen.board).toEqual(deal.board.slice(0, 3));
    // Another deck with the same cards for the bot and the same flop, but other cards for the others and to come.
    const positions = new Set([...(deal.holePositions[1] ?? []), ...deal.boardPositions.slice(0, 3)]);
    const hidden = deck.map((_, position) => position).filter((position) => !positions.has(position));
    const other = [...deck];
    hidden.forEach((position, index) => {
      const swapWith = hidden[hidden.length - 1 - index];
      const card = deck[swapWith ?? position];
      if (card) other[position] = card;
    });
    expect(other).not.toEqual(deck);
    expect(botSituationOf(other, flop, bot.seat, options())).toEqual(seen);
  });

  it('always makes a move the rules allow: bots playing each other over many deals', () => {
    let hands = 0;
    for (let deal = 0; deal < 300; deal += 1) {
      const players = 2 + (deal % 5);
      const seed = createHash('sha256').update(`bots-vs-bots-${deal}`).digest('hex');
      const deck = shuffleDeck({ serverSeed: seed, clientSeed: 'bots', nonce: deal });
      let state: HoldemState = startHoldemHand({
        seats: Array.from({ length: players }, (_, seat) => ({
          seat,
          memberId: `bot:${seat}`,
          seatId: String(seat),
          // Stacks of different depths, short ones too, so all-ins and short raises come up.
          stack: BigInt(40 + ((deal * 7 + seat * 13) % 160)) * 10n,
        })),
        button: deal % players,
        smallBlind: 5n,
        bigBlind: 10n,
        tableSize: 9,
        turnMs: 15_000,
        now: 0,
      });
      for (let step = 0; !state.isOver; step += 1) {
        expect(step).toBeLessThan(200);
        const seat = state.toAct;
        const allowed = seat === null ? null : holdemOptions(state, seat);
        if (seat === null || !allowed) throw new Error('a hand in play has a player to act');
        const move = decideBotMove(botSituationOf(deck, state, seat, allowed));
        // The same cards and bets give the same move.
        expect(decideBotMove(botSituationOf(deck, state, seat, allowed))).toEqual(move);
        state = actInHoldem(state, seat, holdemActionOf(move), 0);
      }
      hands += 1;
    }
    expect(hands).toBe(300);
  });
});
