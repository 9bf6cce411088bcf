import { describe, expect, it } from 'vitest';
import {
  actInHoldem,
  actOnTimeout,
  foldOnLeaving,
  type HoldemAction,
  type HoldemState,
  holdemOptions,
  startHoldemHand,
} from './holdem-engine';
import { readHoldemState, storeHoldemState } from './holdem-codec';

const turnMs = 15_000;
const start = (stacks: readonly bigint[], button = 0, now = 0): HoldemState =>
  startHoldemHand({
    seats: stacks.map((stack, seat) => ({ seat, memberId: `m${seat}`, seatId: `s${seat}`, stack })),
    button,
    smallBlind: 5n,
    bigBlind: 10n,
    tableSize: 6,
    turnMs,
    now,
  });

const act = (state: HoldemState, seat: number, action: HoldemAction, now = 0) =>
  actInHoldem(state, seat, action, now);
const raise = (amount: bigint): HoldemAction => ({ kind: 'raise', amount });
const player = (state: HoldemState, seat: number) => {
  const found = state.players.find((candidate) => candidate.seat === seat);
  if (!found) throw new Error(`no seat ${seat}`);
  return found;
};

describe("hold'em betting", () => {
  it('heads-up: the button posts the small blind and acts first before the flop, last after it', () => {
    let state = start([1_000n, 1_000n], 0);
    expect(state.smallBlindSeat).toBe(0);
    expect(state.bigBlindSeat).toBe(1);
    expect(state.toAct).toBe(0);
    expect(state.deadline).toBe(turnMs);
    expect(holdemOptions(state, 0)).toMatchObject({ canCheck: false, callAmount: 5n, minRaiseTo: 20n });
    expect(holdemOptions(state, 1)).toBeNull();
    state = act(state, 0, { kind: 'call' });
    // The big blind's option: check or raise.
    expect(state.toAct).toBe(1);
    expect(holdemOptions(state, 1)).toMatchObject({ canCheck: true, canRaise: true });
    state = act(state, 1, { kind: 'check' });
    expect(state).toMatchObject({ street: 'flop', boardCount: 3, toAct: 1, currentBet: 0n });
    state = act(state, 1, { kind: 'check' });
    state = act(state, 0, { kind: 'check' });
    expect(state).toMatchObject({ street: 'turn', toAct: 1 });
  });

  it('three players: the blinds left of the button, the button first before the flop, the big blind last', () => {
    let state = start([1_000n, 1_000n, 1_000n], 0);
    expect([state.smallBlindSeat, state.bigBlindSeat, state.toAct]).toEqual([1, 2, 0]);
    state = act(state, 0, { kind: 'call' });
    state = act(state, 1, { kind: 'call' });
    expect(state.toAct).toBe(2);
    state = act(state, 2, { kind: 'check' });
    expect(state).toMatchObject({ street: 'flop', toAct: 1 });
  });

  it('a raise adds at least the last full raise; a bet at least the big blind; never more than the stack', () => {
    let state = start([1_000n, 1_000n, 1_000n], 0);
    expect(() => act(state, 0, raise(15n))).toThrow(expect.objectContaining({ refusal: 'RAISE_TOO_SMALL' }));
    state = act(state, 0, raise(40n));
    // The raise added 30, so the next raise is to at least 70.
    expect(holdemOptions(state, 1)).toMatchObject({ minRaiseTo: 70n, callAmount: 35n });
    expect(() => act(state, 1, raise(60n))).toThrow(expect.objectContaining({ refusal: 'RAISE_TOO_SMALL' }));
    expect(() => act(state, 1, raise(1_001n))).toThrow(
      expect.objectContaining({ refusal: 'RAISE_TOO_LARGE' }),
    );
    expect(() => act(state, 1, { kind: 'check' })).toThrow(
      expect.objectContaining({ refusal: 'CANNOT_CHECK' }),
    );
    expect(() => act(state, 2, { kind: 'fold' })).toThrow(
      expect.objectContaining({ refusal: 'NOT_YOUR_TURN' }),
    );
    state = act(state, 1, raise(70n));
    state = act(state, 2, { kind: 'fold' });
    state = act(state, 0, { kind: 'call' });
    expect(state).toMatchObject({ street: 'flop', currentBet: 0n, minRaise: 10n, toAct: 1 });
    expect(() => act(state, 1, raise(5n))).toThrow(expect.objectContaining({ refusal: 'RAISE_TOO_SMALL' }));
    expect(() => act(state, 1, { kind: 'call' })).toThrow(
      expect.objectContaining({ refusal: 'NOTHING_TO_CALL' }),
    );
    state = act(state, 1, raise(10n));
    expect(holdemOptions(state, 0)).toMatchObject({ minRaiseTo: 20n });
  });

  it('a short all-in does not reopen the betting for a player who acted; short all-ins adding up to a full raise do', () => {
    // Seats 0 (button), 1 (small blind), 2 (big blind), 3 (first to act).
    let state = start([1_000n, 1_000n, 150n, 1_000n], 0);
    state = act(state, 3, raise(100n));
    state = act(state, 0, { kind: 'call' });
    state = act(state, 1, { kind: 'fold' });
    // The big blind goes all in to 150: 50 more, short of a full raise (90).
    state = act(state, 2, { kind: 'allIn' });
    expect(state.currentBet).toBe(150n);
    expect(state.toAct).toBe(3);
    expect(holdemOptions(state, 3)).toMatchObject({ canRaise: false, callAmount: 50n });
    expect(() => act(state, 3, raise(300n))).toThrow(expect.objectContaining({ refusal: 'CANNOT_RAISE' }));
    expect(() => act(state, 3, { kind: 'allIn' })).toThrow(
      expect.objectContaining({ refusal: 'CANNOT_RAISE' }),
    );
    state = act(state, 3, { kind: 'call' });
    expect(holdemOptions(state, 0)).toMatchObject({ canRaise: false });
    state = act(state, 0, { kind: 'call' });
    expect(state.street).toBe('flop');

    // Two short all-ins, 100 → 150 → 210: 110 more than the 100 the first player last acted at reopens it.
    const six = startHoldemHand({
      seats: [
        { seat: 0, memberId: 'a', seatId: 'a', stack: 1_000n },
        { seat: 1, memberId: 'b', seatId: 'b', stack: 1_000n },
        { seat: 2, memberId: 'c', seatId: 'c', stack: 1_000n },
        { seat: 3, memberId: 'd', seatId: 'd', stack: 1_000n },
        { seat: 4, memberId: 'e', seatId: 'e', stack: 150n },
        { seat: 5, memberId: 'f', seatId: 'f', stack: 210n },
      ],
      button: 0,
      smallBlind: 5n,
      bigBlind: 10n,
      tableSize: 6,
      turnMs,
      now: 0,
    });
    let twoShort = act(six, 3, raise(100n));
    twoShort = act(twoShort, 4, { kind: 'allIn' });
    expect(holdemOptions(twoShort, 5)).toMatchObject({ canRaise: true, minRaiseTo: 210n });
    twoShort = act(twoShort, 5, { kind: 'allIn' });
    twoShort = act(twoShort, 0, { kind: 'fold' });
    twoShort = act(twoShort, 1, { kind: 'fold' });
    twoShort = act(twoShort, 2, { kind: 'call' });
    expect(twoShort.toAct).toBe(3);
    expect(holdemOptions(twoShort, 3)).toMatchObject({ canRaise: true, minRaiseTo: 300n, callAmount: 110n });
  });

  it('all in before the flop runs the board out to a showdown; a fold ends the hand without one', () => {
    let state = start([300n, 500n], 0);
    state = act(state, 0, { kind: 'allIn' });
    expect(holdemOptions(state, 1)).toMatchObject({ canRaise: false, callAmount: 290n });
    state = act(state, 1, { kind: 'call' });
    expect(state).toMatchObject({ isOver: true, isShowdown: true, boardCount: 5, toAct: null });
    expect(player(state, 0)).toMatchObject({ stack: 0n, totalIn: 300n });
    expect(player(state, 1)).toMatchObject({ stack: 200n, totalIn: 300n });

    let folded = start([300n, 500n], 0);
    folded = act(folded, 0, raise(30n));
    folded = act(folded, 1, { kind: 'fold' });
    expect(folded).toMatchObject({ isOver: true, isShowdown: false, boardCount: 0 });
  });

  it('nobody may raise with no one left to answer, and a covered big blind closes the hand at once', () => {
    // The big blind is all in for 6: the small blind (button) may only call or fold.
    let state = start([1_000n, 6n], 0);
    expect(holdemOptions(state, 0)).toMatchObject({ canRaise: false, callAmount: 5n });
    state = act(state, 0, { kind: 'call' });
    expect(state).toMatchObject({ isOver: true, isShowdown: true });
    // Both blinds all in: nothing to decide.
    expect(start([5n, 8n], 0)).toMatchObject({ isOver: true, isShowdown: true, toAct: null });
  });

  it('a player out of time checks when free and folds to a bet; once timed out, later turns are taken at once', () => {
    let state = start([1_000n, 1_000n, 1_000n], 0, 1_000);
    expect(actOnTimeout(state, 1_000 + turnMs - 1)).toBeNull();
    state = actOnTimeout(state, 1_000 + turnMs) ?? state;
    expect(player(state, 0)).toMatchObject({ folded: true, timedOut: true, hasActed: false });
    state = act(state, 1, { kind: 'call' }, 20_000);
    expect(state.toAct).toBe(2);
    state = actOnTimeout(state, 20_000 + turnMs) ?? state;
    // The big blind had the option: the timeout checks.
    expect(player(state, 2)).toMatchObject({ folded: false, timedOut: true });
    expect(state.street).toBe('flop');
    state = act(state, 1, { kind: 'check' }, 40_000);
    expect(state.toAct).toBe(2);
    expect(state.deadline).toBe(40_000);
  });

  it('a player leaving folds out of turn; the hand ends when one is left', () => {
    let state = start([1_000n, 1_000n, 1_000n], 0);
    state = foldOnLeaving(state, 2, 0);
    expect(player(state, 2).folded).toBe(true);
    expect(state.toAct).toBe(0);
    state = foldOnLeaving(state, 1, 0);
    expect(state).toMatchObject({ isOver: true, isShowdown: false });
  });

  it('stores and reads a state exactly', () => {
    const state = act(start([1_000n, 1_000n, 1_000n], 0), 0, raise(40n));
    const stored = JSON.parse(JSON.stringify(storeHoldemState(state))) as unknown;
    expect(readHoldemState(stored)).toEqual(state);
  });
});
