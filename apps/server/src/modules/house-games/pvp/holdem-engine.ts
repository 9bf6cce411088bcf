import { clockwiseFromButton } from './side-pots';

/**
 * No-limit Texas hold'em betting, free of storage, money and cards: a hand's state and the moves that change
 * it. Amounts are bigint minor units; `now` is the caller's clock (ms).
 *
 * - Seats: players are kept in dealing order, the first left of the button first and the button last. With
 *   two players the button posts the small blind and acts first before the flop, last after it; with more,
 *   the two seats left of the button post the blinds and the seat after the big blind acts first before the
 *   flop; after it the first live seat left of the button does. A blind a stack cannot cover is posted all in;
 *   the price to call is still the full big blind.
 * - Amounts: a bet or raise names the total the player puts in this street ("raise to"). The least bet is
 *   the big blind; the least raise adds the last full bet or raise of the street (the big blind before any).
 *   A player may always go all in for less (a short all-in).
 * - Reopening: a short all-in does not reopen the betting. A player who has acted this street may raise
 *   again only when the bet has grown by at least one full raise since their last action (several short
 *   all-ins that add up to a full raise do reopen it, as in the Poker TDA's rules); otherwise they call or
 *   fold. Nobody may raise when no other player could answer (everyone else folded or all in).
 * - A street ends when every player who can still act has acted since the last full bet or raise and matched
 *   the bet; the hand ends when one player is left (the others folded), after the river, or at once when at
 *   most one player could still act (the board is then run out to a showdown).
 * - The turn timer: the player to act has until `deadline`; the caller applies `actOnTimeout` after it (a
 *   check when free, else a fold), and a player who timed out once in a hand acts at once on later turns.
 */

export const holdemStreets = ['preflop', 'flop', 'turn', 'river'] as const;
export type HoldemStreet = (typeof holdemStreets)[number];

export type HoldemPlayer = {
  seat: number;
  /** The caller's ids for the player and their seat (opaque here). */
  memberId: string;
  seatId: string;
  /** Chips behind. */
  stack: bigint;
  /** Put in this street, and in the whole hand. */
  streetIn: bigint;
  totalIn: bigint;
  folded: boolean;
  /** The bet to match when the player last acted this street; null before their first action of it. */
  actedAt: bigint | null;
  /** Missed a turn in this hand (later turns are taken at once). */
  timedOut: boolean;
  /** Acted by themselves at least once in this hand. */
  hasActed: boolean;
};

export type HoldemState = {
  smallBlind: bigint;
  bigBlind: bigint;
  tableSize: number;
  turnMs: number;
  button: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  street: HoldemStreet;
  /** Board cards dealt: 0, 3, 4 or 5. */
  boardCount: number;
  /** In dealing order (see the header): player i holds deck positions i and n + i. */
  players: HoldemPlayer[];
  /** The bet to match this street. */
  currentBet: bigint;
  /** The least a raise adds: the last full bet or raise of the street, the big blind before any. */
  minRaise: bigint;
  /** The seat to act; null once the hand is over. */
  toAct: number | null;
  /** When the player to act is out of time (ms). */
  deadline: number | null;
  isOver: boolean;
  /** Two or more players reached the end: their hands are compared. */
  isShowdown: boolean;
  /** Actions applied, voluntary or not. */
  sequence: number;
};

export type HoldemAction =
  | { kind: 'fold' }
  | { kind: 'check' }
  | { kind: 'call' }
  /** A bet (nothing to match yet) or a raise, to `amount` in all this street. */
  | { kind: 'raise'; amount: bigint }
  | { kind: 'allIn' };

export const holdemRefusals = [
  'HAND_OVER',
  'NOT_YOUR_TURN',
  'CANNOT_CHECK',
  'NOTHING_TO_CALL',
  'CANNOT_RAISE',
  'RAISE_TOO_SMALL',
  'RAISE_TOO_LARGE',
] as const;
export type HoldemRefusal = (typeof holdemRefusals)[number];

const refusalMessages: Readonly<Record<HoldemRefusal, string>> = {
  HAND_OVER: 'The hand is over.',
  NOT_YOUR_TURN: 'It is not your turn.',
  CANNOT_CHECK: 'There is a bet to call: call, raise or fold.',
  NOTHING_TO_CALL: 'There is nothing to call: check or bet.',
  CANNOT_RAISE: 'You may not raise now: call or fold.',
  RAISE_TOO_SMALL: 'The bet or raise is below the minimum.',
  RAISE_TOO_LARGE: 'The bet or raise is more than your stack.',
};

/** A move the rules refuse; nothing changed. */
export class HoldemRuleError extends Error {
  constructor(readonly refusal: HoldemRefusal) {
    super(refusalMessages[refusal]);
    this.name = 'HoldemRuleError';
  }
}

export type HoldemOptions = {
  seat: number;
  canCheck: boolean;
  /** What a call adds (0 when checking is free; a call for less than the bet is all in). */
  callAmount: bigint;
  canRaise: boolean;
  /** Raise-to bounds this street (min = max for an all-in short of a full raise). */
  minRaiseTo: bigint;
  maxRaiseTo: bigint;
};

const minimum = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const canStillAct = (player: HoldemPlayer): boolean => !player.folded && player.stack > 0n;
const isLive = (player: HoldemPlayer): boolean => !player.folded;

const playerAt = (state: HoldemState, seat: number): HoldemPlayer => {
  const player = state.players.find((candidate) => candidate.seat === seat);
  if (!player) throw new RangeError(`seat ${seat} is not in the hand`);
  return player;
};

const put = (player: HoldemPlayer, amount: bigint): void => {
  const paid = minimum(amount, player.stack);
  player.stack -= paid;
  player.streetIn += paid;
  player.totalIn += paid;
};

const needsToAct = (state: HoldemState, player: HoldemPlayer): boolean =>
  canStillAct(player) && (player.actedAt === null || player.streetIn < state.currentBet);

const deadlineFor = (state: HoldemState, seat: number, now: number): number =>
  playerAt(state, seat).timedOut ? now : now + state.turnMs;

/** The first player from index `from` (wrapping) who must act, or null. */
const nextToAct = (state: HoldemState, from: number): HoldemPlayer | null => {
  const count = state.players.length;
  for (let step = 0; step < count; step += 1) {
    const player = state.players[(from + step) % count];
    if (player && needsToAct(state, player)) return player;
  }
  return null;
};

const endHand = (state: HoldemState, isShowdown: boolean): void => {
  state.isOver = true;
  state.isShowdown = isShowdown;
  state.toAct = null;
  state.deadline = null;
  if (isShowdown) state.boardCount = 5;
};

const boardCountOf: Readonly<Record<HoldemStreet, number>> = { preflop: 0, flop: 3, turn: 4, river: 5 };

/** After a move: the next player of this street, the next street, or the end of the hand. */
const moveOn = (state: HoldemState, afterIndex: number, now: number): void => {
  const live = state.players.filter(isLive);
  if (live.length <= 1) {
    endHand(state, false);
    return;
  }
  const able = state.players.filter(canStillAct);
  const isStreetOpen = able.length > 1 || (able.length === 1 && (able[0]?.streetIn ?? 0n) < state.currentBet);
  const next = isStreetOpen ? nextToAct(state, afterIndex + 1) : null;
  if (next) {
    state.toAct = next.seat;
    state.deadline = deadlineFor(state, next.seat, now);
    return;
  }
  if (able.length <= 1 || state.street === 'river') {
    endHand(state, true);
    return;
  }
  const street = holdemStreets[holdemStreets.indexOf(state.street) + 1] ?? 'river';
  state.street = street;
  state.boardCount = boardCountOf[street];
  state.currentBet = 0n;
  state.minRaise = state.bigBlind;
  for (const player of state.players) {
    player.streetIn = 0n;
    player.actedAt = null;
  }
  const first = nextToAct(state, 0);
  if (!first) {
    endHand(state, true);
    return;
  }
  state.toAct = first.seat;
  state.deadline = deadlineFor(state, first.seat, now);
};

export type HoldemSeat = { seat: number; memberId: string; seatId: string; stack: bigint };

/** A new hand: players ordered from the button, blinds posted, the first player to act on the clock. */
export const startHoldemHand = ({
  seats,
  button,
  smallBlind,
  bigBlind,
  tableSize,
  turnMs,
  now,
}: {
  seats: readonly HoldemSeat[];
  button: number;
  smallBlind: bigint;
  bigBlind: bigint;
  tableSize: number;
  turnMs: number;
  now: number;
}): HoldemState => {
  if (seats.length < 2) throw new RangeError('a hand needs two players');
  if (seats.some((seat) => seat.stack <= 0n)) throw new RangeError('a player without chips is not dealt in');
  if (!seats.some((seat) => seat.seat === button)) throw new RangeError('the button is on a player');
  if (smallBlind <= 0n || bigBlind < smallBlind) throw new RangeError('blinds are positive, small ≤ big');
  const order = clockwiseFromButton(
    seats.map((seat) => seat.seat),
    button,
    tableSize,
  );
  const players = order.map((seatNumber): HoldemPlayer => {
    const seat = seats.find((candidate) => candidate.seat === seatNumber);
    if (!seat) throw new Error('a seat went missing');
    return {
      seat: seat.seat,
      memberId: seat.memberId,
      seatId: seat.seatId,
      stack: seat.stack,
      streetIn: 0n,
      totalIn: 0n,
      folded: false,
      actedAt: null,
      timedOut: false,
      hasActed: false,
    };
  });
  const headsUp = players.length === 2;
  // Heads-up the button (last in dealing order) posts the small blind.
  const smallIndex = headsUp ? 1 : 0;
  const bigIndex = headsUp ? 0 : 1;
  const small = players[smallIndex];
  const big = players[bigIndex];
  if (!small || !big) throw new Error('blinds without players');
  put(small, smallBlind);
  put(big, bigBlind);
  const state: HoldemState = {
    smallBlind,
    bigBlind,
    tableSize,
    turnMs,
    button,
    smallBlindSeat: small.seat,
    bigBlindSeat: big.seat,
    street: 'preflop',
    boardCount: 0,
    players,
    currentBet: bigBlind,
    minRaise: bigBlind,
    toAct: null,
    deadline: null,
    isOver: false,
    isShowdown: false,
    sequence: 0,
  };
  moveOn(state, bigIndex, now);
  return state;
};

/** What the player to act may do; null for anyone else or once the hand is over. */
export const holdemOptions = (state: HoldemState, seat: number): HoldemOptions | null => {
  if (state.isOver || state.toAct !== seat) return null;
  const player = playerAt(state, seat);
  const callAmount = minimum(
    state.currentBet > player.streetIn ? state.currentBet - player.streetIn : 0n,
    player.stack,
  );
  const othersCanAnswer = state.players.some((other) => other.seat !== seat && canStillAct(other));
  const isReopened = player.actedAt === null || state.currentBet - player.actedAt >= state.minRaise;
  const maxRaiseTo = player.streetIn + player.stack;
  const fullRaiseTo = state.currentBet + state.minRaise;
  return {
    seat,
    canCheck: state.currentBet <= player.streetIn,
    callAmount,
    canRaise: othersCanAnswer && isReopened && maxRaiseTo > state.currentBet,
    minRaiseTo: minimum(fullRaiseTo, maxRaiseTo),
    maxRaiseTo,
  };
};

const clone = (state: HoldemState): HoldemState => ({
  ...state,
  players: state.players.map((player) => ({ ...player })),
});

const actFor = (
  previous: HoldemState,
  seat: number,
  action: HoldemAction,
  now: number,
  isVoluntary: boolean,
): HoldemState => {
  if (previous.isOver) throw new HoldemRuleError('HAND_OVER');
  const options = holdemOptions(previous, seat);
  if (!options) throw new HoldemRuleError('NOT_YOUR_TURN');
  const state = clone(previous);
  const player = playerAt(state, seat);
  const raiseTo = (to: bigint): void => {
    if (!options.canRaise) throw new HoldemRuleError('CANNOT_RAISE');
    if (to > options.maxRaiseTo) throw new HoldemRuleError('RAISE_TOO_LARGE');
    if (to < options.minRaiseTo) throw new HoldemRuleError('RAISE_TOO_SMALL');
    const increase = to - state.currentBet;
    if (increase >= state.minRaise) state.minRaise = increase;
    state.currentBet = to;
    put(player, to - player.streetIn);
  };
  switch (action.kind) {
    case 'fold':
      player.folded = true;
      break;
    case 'check':
      if (!options.canCheck) throw new HoldemRuleError('CANNOT_CHECK');
      break;
    case 'call':
      if (options.canCheck) throw new HoldemRuleError('NOTHING_TO_CALL');
      put(player, options.callAmount);
      break;
    case 'raise':
      raiseTo(action.amount);
      break;
    case 'allIn':
      // All in is a call when the stack does not cover more than the bet, else a raise to the whole stack.
      if (options.maxRaiseTo <= state.currentBet) put(player, options.callAmount);
      else raiseTo(options.maxRaiseTo);
      break;
  }
  player.actedAt = state.currentBet;
  if (isVoluntary) player.hasActed = true;
  else player.timedOut = true;
  state.sequence += 1;
  moveOn(
    state,
    state.players.findIndex((candidate) => candidate.seat === seat),
    now,
  );
  return state;
};

/** The player's move; throws HoldemRuleError (nothing changed) when the rules refuse it. */
export const actInHoldem = (
  state: HoldemState,
  seat: number,
  action: HoldemAction,
  now: number,
): HoldemState => actFor(state, seat, action, now, true);

/** The player to act is out of time: a check when free, else a fold. Null while time is left. */
export const actOnTimeout = (state: HoldemState, now: number): HoldemState | null => {
  if (state.isOver || state.toAct === null || state.deadline === null || now < state.deadline) return null;
  const options = holdemOptions(state, state.toAct);
  if (!options) return null;
  return actFor(state, state.toAct, { kind: options.canCheck ? 'check' : 'fold' }, now, false);
};

/**
 * A player leaving the table folds at once, in turn or not (a player all in cannot fold: they stay in the
 * hand). Answers the state unchanged when there is nothing to fold.
 */
export const foldOnLeaving = (previous: HoldemState, seat: number, now: number): HoldemState => {
  const current = previous.players.find((candidate) => candidate.seat === seat);
  if (previous.isOver || !current || !canStillAct(current)) return previous;
  if (previous.toAct === seat) return actFor(previous, seat, { kind: 'fold' }, now, true);
  const state = clone(previous);
  playerAt(state, seat).folded = true;
  state.sequence += 1;
  // The player to act may now have nobody left to bet against: the street (or the hand) moves on from them.
  const turn = state.players.findIndex((candidate) => candidate.seat === previous.toAct);
  moveOn(state, turn - 1, now);
  if (state.toAct === previous.toAct) state.deadline = previous.deadline;
  return state;
};

/** Whether the seat is still in the hand and could win chips (not folded). */
export const isInHand = (state: HoldemState, seat: number): boolean =>
  state.players.some((player) => player.seat === seat && !player.folded);
