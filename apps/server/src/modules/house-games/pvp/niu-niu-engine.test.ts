import { describe, expect, it } from 'vitest';
import { type Card, orderedShoe, parseCard } from '../tables/shoe';
import { readNiuNiuState, storeNiuNiuState } from './niu-niu-codec';
import {
  actInNiuNiu,
  actOnNiuNiuTimeout,
  bankerFactor,
  leaveNiuNiuHand,
  type NiuNiuAction,
  NiuNiuRuleError,
  type NiuNiuState,
  niuNiuOptions,
  startNiuNiuHand,
  tieBreakIndex,
} from './niu-niu-engine';

const turnMs = 10_000;

/** An unshuffled deck ending with `bottom`, read up from its last card (position 51), for the tie-breaks. */
const deckEndingWith = (...bottom: string[]): Card[] => {
  const wanted = bottom.map(parseCard);
  const rest = orderedShoe(1).filter(
    (card) => !wanted.some((other) => other.rank === card.rank && other.suit === card.suit),
  );
  return [...rest, ...wanted.reverse()];
};
const deck = deckEndingWith('2S');

const start = (seats: readonly number[], firstSeat = seats[0] ?? 0, now = 0): NiuNiuState =>
  startNiuNiuHand({
    seats: seats.map((seat) => ({ seat, memberId: `m${seat}`, seatId: `s${seat}`, stack: 10_000n })),
    firstSeat,
    baseStake: 100n,
    tableSize: 6,
    turnMs,
    now,
  });

const bid = (value: number): NiuNiuAction => ({ kind: 'bid', bid: value });
const bet = (multiplier: number): NiuNiuAction => ({ kind: 'bet', multiplier });
const act = (state: NiuNiuState, seat: number, action: NiuNiuAction, now = 0, cards = deck) =>
  actInNiuNiu(state, seat, action, cards, now);
const player = (state: NiuNiuState, seat: number) => {
  const found = state.players.find((candidate) => candidate.seat === seat);
  if (!found) throw new Error(`no seat ${seat}`);
  return found;
};
const refusalOf = (move: () => unknown): string => {
  try {
    move();
  } catch (error) {
    if (error instanceof NiuNiuRuleError) return error.refusal;
    throw error;
  }
  return 'accepted';
};

describe('Niu-Niu: grabbing the banker', () => {
  it('deals from the first seat clockwise and gives each player a timed turn to bid 0 to 4', () => {
    const state = start([1, 3, 5], 3, 1_000);
    expect(state.players.map((entry) => entry.seat)).toEqual([3, 5, 1]);
    expect(state).toMatchObject({ phase: 'bidding', toAct: 3, deadline: 1_000 + turnMs, bankerSeat: null });
    expect(niuNiuOptions(state, 3)).toEqual({ kind: 'bid', choices: [0, 1, 2, 3, 4] });
    expect(niuNiuOptions(state, 5)).toBeNull();
  });

  it('gives the bank to the highest bid and opens the betting at the banker’s left', () => {
    let state = start([0, 1, 2]);
    state = act(state, 0, bid(1), 100);
    expect(state).toMatchObject({ toAct: 1, deadline: 100 + turnMs });
    state = act(state, 1, bid(3));
    state = act(state, 2, bid(2), 200);
    expect(state).toMatchObject({ phase: 'betting', bankerSeat: 1, bankerBid: 3, toAct: 2 });
    expect(state.deadline).toBe(200 + turnMs);
    expect(niuNiuOptions(state, 2)).toEqual({ kind: 'bet', choices: [1, 2, 3, 4, 5] });
    state = act(state, 2, bet(5));
    expect(state.toAct).toBe(0);
    state = act(state, 0, bet(2));
    expect(state).toMatchObject({ phase: 'showdown', isOver: true, toAct: null, deadline: null });
    expect(state.players.map((entry) => [entry.seat, entry.bid, entry.multiplier])).toEqual([
      [0, 1, 2],
      [1, 3, null],
      [2, 2, 5],
    ]);
  });

  it('separates players tied on the highest bid by the committed deck, never by who asks', () => {
    // Place of 2S in the ordered deck: 1; of 3S: 2; of KC: 51 (≥ 51, rejected for three tied), then 4S: 3.
    const play = (cards: Card[]) => {
      let state = start([0, 1, 2, 3]);
      state = act(state, 0, bid(2), 0, cards);
      state = act(state, 1, bid(4), 0, cards);
      state = act(state, 2, bid(4), 0, cards);
      return act(state, 3, bid(4), 0, cards);
    };
    expect(tieBreakIndex(deckEndingWith('2S'), 3)).toBe(1);
    expect(play(deckEndingWith('2S')).bankerSeat).toBe(2);
    expect(play(deckEndingWith('3S')).bankerSeat).toBe(3);
    expect(tieBreakIndex(deckEndingWith('KC', '4S'), 3)).toBe(0);
    expect(play(deckEndingWith('KC', '4S')).bankerSeat).toBe(1);
    expect(tieBreakIndex(deckEndingWith('KC', '4S'), 4)).toBe(3);
  });

  it('plays the bank at 1× when nobody grabs it', () => {
    let state = start([0, 1]);
    state = act(state, 0, bid(0));
    state = act(state, 1, bid(0));
    expect(state.bankerBid).toBe(0);
    expect(bankerFactor(state.bankerBid)).toBe(1);
    expect(bankerFactor(3)).toBe(3);
    // 2S is place 1 of the ordered deck: of two tied, the second in dealing order banks.
    expect(state).toMatchObject({ bankerSeat: 1, phase: 'betting', toAct: 0 });
  });

  it('refuses moves out of turn, out of phase or out of range, changing nothing', () => {
    const state = start([0, 1]);
    expect(refusalOf(() => act(state, 1, bid(1)))).toBe('NOT_YOUR_TURN');
    expect(refusalOf(() => act(state, 0, bet(1)))).toBe('NOT_BETTING');
    expect(refusalOf(() => act(state, 0, bid(5)))).toBe('BID_OUT_OF_RANGE');
    expect(refusalOf(() => act(state, 0, bid(-1)))).toBe('BID_OUT_OF_RANGE');
    let betting = act(act(state, 0, bid(4)), 1, bid(1));
    expect(betting).toMatchObject({ bankerSeat: 0, toAct: 1 });
    expect(refusalOf(() => act(betting, 0, bet(1)))).toBe('NOT_YOUR_TURN');
    expect(refusalOf(() => act(betting, 1, bid(2)))).toBe('NOT_BIDDING');
    expect(refusalOf(() => act(betting, 1, bet(0)))).toBe('MULTIPLIER_OUT_OF_RANGE');
    expect(refusalOf(() => act(betting, 1, bet(6)))).toBe('MULTIPLIER_OUT_OF_RANGE');
    betting = act(betting, 1, bet(3));
    expect(refusalOf(() => act(betting, 1, bet(3)))).toBe('HAND_OVER');
    expect(state.players.every((entry) => entry.bid === null)).toBe(true);
  });
});

describe('Niu-Niu: the turn timer', () => {
  it('bids 0 for a player out of time, bets 1× for them later, and takes their later turns at once', () => {
    let state = start([0, 1, 2], 0, 0);
    expect(actOnNiuNiuTimeout(state, deck, turnMs - 1)).toBeNull();
    const timedOut = actOnNiuNiuTimeout(state, deck, turnMs);
    if (!timedOut) throw new Error('the clock did not act');
    state = timedOut;
    expect(player(state, 0)).toMatchObject({ bid: 0, timedOut: true, hasActed: false });
    expect(state).toMatchObject({ toAct: 1, deadline: 2 * turnMs });
    state = act(state, 1, bid(2), 2 * turnMs);
    state = act(state, 2, bid(1), 3 * turnMs);
    // Seat 1 banks; seat 2 bets first, then seat 0, whose clock ran out once: no time is given again.
    state = act(state, 2, bet(4), 4 * turnMs);
    expect(state).toMatchObject({ toAct: 0, deadline: 4 * turnMs });
    const again = actOnNiuNiuTimeout(state, deck, 4 * turnMs);
    expect(again).toMatchObject({ isOver: true, phase: 'showdown' });
    expect(again && player(again, 0).multiplier).toBe(1);
  });

  it('keeps a leaving player in the hand, playing the default at once on their turns', () => {
    let state = start([0, 1, 2], 0, 0);
    // Seat 2 leaves before their turn: nothing is played for them yet.
    state = leaveNiuNiuHand(state, 2, deck, 50);
    expect(player(state, 2)).toMatchObject({ isLeaving: true, bid: null });
    expect(state).toMatchObject({ toAct: 0, deadline: turnMs });
    state = act(state, 0, bid(1), 100);
    state = act(state, 1, bid(2), 200);
    // Seat 2's turn comes: the clock may act for them at once.
    expect(state).toMatchObject({ toAct: 2, deadline: 200 });
    state = actOnNiuNiuTimeout(state, deck, 200) ?? state;
    expect(player(state, 2).bid).toBe(0);
    expect(state).toMatchObject({ phase: 'betting', bankerSeat: 1, toAct: 2, deadline: 200 });
    // Seat 0 leaves on their own turn: the default move is played there and then.
    state = actOnNiuNiuTimeout(state, deck, 200) ?? state;
    expect(state.toAct).toBe(0);
    state = leaveNiuNiuHand(state, 0, deck, 300);
    expect(state).toMatchObject({ isOver: true });
    expect(player(state, 0)).toMatchObject({ isLeaving: true, multiplier: 1 });
    expect(leaveNiuNiuHand(state, 1, deck, 400)).toBe(state);
  });
});

describe('Niu-Niu: the stored state', () => {
  it('reads back exactly what was stored, bigints included', () => {
    let state = start([0, 4]);
    state = act(state, 0, bid(3));
    const stored = JSON.parse(JSON.stringify(storeNiuNiuState(state))) as unknown;
    expect(readNiuNiuState(stored)).toEqual(state);
  });
});
