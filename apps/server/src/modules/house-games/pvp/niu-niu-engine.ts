import { type Card, cardAt, suits } from '../tables/shoe';

/**
 * "Grab the banker" Niu-Niu (Bull Bull) at a card table, free of storage, money postings and card
 * evaluation: a hand's state and the moves that change it. Amounts are bigint minor units; `now` is the
 * caller's clock (ms). The hands themselves are niu-niu.rules.ts; what they settle is niu-niu-settlement.ts.
 *
 * A hand, 2 to 6 players:
 * 1. The deal. The deck is committed before anything is dealt (deck.ts); five cards each are fixed by it
 *    (`dealNiuNiu`: player k of n holds positions k, n + k, …, 4n + k in dealing order). Each player sees
 *    their own first four cards at once; the fifth, and everybody else's cards, only at the showdown.
 * 2. Grabbing the banker. In dealing order (the first player rotates one seat clockwise each hand), each
 *    player in turn bids 0 (no grab) to 4×. The highest bid takes the bank; nobody grabbing leaves every
 *    player tied at 0 and the bank is then played at 1×. Players tied on the highest bid are separated by the
 *    committed deck (`tieBreakIndex`), so nobody, the house included, can choose the banker.
 * 3. Betting. Every other player in turn, clockwise from the banker, picks a multiplier of 1× to 5×.
 * 4. The showdown once the last multiplier is picked: each player settles against the banker alone
 *    (niu-niu-settlement.ts).
 * The turn timer: the player to act has until `deadline`; after it the caller applies `actOnNiuNiuTimeout`
 * (no grab, or 1×), and a player the clock acted for once in a hand, or who is leaving the table, is acted
 * for at once on their later turns. No chip moves before the showdown: the stacks are the seats' stacks at
 * the deal, and a player leaving during a hand is cashed out when it ends.
 */

export const niuNiuMaxBid = 4;
export const niuNiuMaxMultiplier = 5;
export const niuNiuMinPlayers = 2;
export const niuNiuMaxPlayers = 6;
/** Cards each player is shown while the hand is in play (the fifth comes at the showdown). */
export const niuNiuCardsShownEarly = 4;

export const niuNiuPhases = ['bidding', 'betting', 'showdown'] as const;
export type NiuNiuPhase = (typeof niuNiuPhases)[number];

export type NiuNiuPlayer = {
  seat: number;
  /** The caller's ids for the player and their seat (opaque here). */
  memberId: string;
  seatId: string;
  /** The seat's stack at the deal: nothing moves before the showdown. */
  stack: bigint;
  /** 0 (no grab) to 4; null until they bid. */
  bid: number | null;
  /** 1 to 5; null until they bet (and always for the banker). */
  multiplier: number | null;
  /** The clock acted for them in this hand (their later turns are taken at once). */
  timedOut: boolean;
  /** Acted by themselves at least once in this hand. */
  hasActed: boolean;
  /** Leaving the table: their turns are taken at once, their stack goes back when the hand ends. */
  isLeaving: boolean;
};

export type NiuNiuState = {
  /** Tells a Niu-Niu hand's stored state from a hold'em one. */
  game: 'NIUNIU';
  baseStake: bigint;
  tableSize: number;
  turnMs: number;
  /** The seat that bid first (it moves one seat clockwise each hand, like a dealer button). */
  firstSeat: number;
  phase: NiuNiuPhase;
  /** In dealing order, `firstSeat` first: player i holds deck positions i, n + i, …, 4n + i. */
  players: NiuNiuPlayer[];
  bankerSeat: number | null;
  /** The banker's winning bid, 0 to 4 (0: nobody grabbed, the bank plays at 1×). */
  bankerBid: number | null;
  toAct: number | null;
  deadline: number | null;
  isOver: boolean;
  /** Moves applied, voluntary or not. */
  sequence: number;
};

export type NiuNiuAction = { kind: 'bid'; bid: number } | { kind: 'bet'; multiplier: number };

export const niuNiuRefusals = [
  'HAND_OVER',
  'NOT_YOUR_TURN',
  'NOT_BIDDING',
  'NOT_BETTING',
  'BID_OUT_OF_RANGE',
  'MULTIPLIER_OUT_OF_RANGE',
] as const;
export type NiuNiuRefusal = (typeof niuNiuRefusals)[number];

const refusalMessages: Readonly<Record<NiuNiuRefusal, string>> = {
  HAND_OVER: 'The hand is over.',
  NOT_YOUR_TURN: 'It is not your turn.',
  NOT_BIDDING: 'The banker has been chosen: pick your multiplier.',
  NOT_BETTING: 'The players are still grabbing the banker.',
  BID_OUT_OF_RANGE: `A banker bid is 0 to ${niuNiuMaxBid}.`,
  MULTIPLIER_OUT_OF_RANGE: `A multiplier is 1 to ${niuNiuMaxMultiplier}.`,
};

/** A move the rules refuse; nothing changed. */
export class NiuNiuRuleError extends Error {
  constructor(readonly refusal: NiuNiuRefusal) {
    super(refusalMessages[refusal]);
    this.name = 'NiuNiuRuleError';
  }
}

/** The bank's factor in every settlement: the winning bid, at least 1. */
export const bankerFactor = (bankerBid: number | null): number => Math.max(bankerBid ?? 0, 1);

const playerAt = (state: NiuNiuState, seat: number): NiuNiuPlayer => {
  const player = state.players.find((candidate) => candidate.seat === seat);
  if (!player) throw new RangeError(`seat ${seat} is not in the hand`);
  return player;
};

const clone = (state: NiuNiuState): NiuNiuState => ({
  ...state,
  players: state.players.map((player) => ({ ...player })),
});

const deadlineFor = (state: NiuNiuState, seat: number, now: number): number => {
  const player = playerAt(state, seat);
  return player.timedOut || player.isLeaving ? now : now + state.turnMs;
};

const ordinalOf = (card: Card): number => suits.indexOf(card.suit) * 13 + card.rank - 1;

/**
 * Which of `count` players tied on the highest bid takes the bank, from the committed deck: reading up from
 * its last card (position 51; a hand of at most six players deals positions 0 … 29 only), the first card
 * whose place in the unshuffled deck (S, H, D, C; A … K: 0 … 51) is below the largest multiple of `count`
 * not above 52 gives that place mod `count` (rejecting the few others keeps every tied player equally
 * likely). The tied players are counted in dealing order.
 */
export const tieBreakIndex = (deck: readonly Card[], count: number): number => {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('a tie is between at least one player');
  const limit = 52 - (52 % count);
  for (let position = deck.length - 1; position >= niuNiuMaxPlayers * 5; position -= 1) {
    const ordinal = ordinalOf(cardAt(deck, position));
    if (ordinal < limit) return ordinal % count;
  }
  throw new Error('no undealt card breaks the tie');
};

/** The next player from dealing index `from` (wrapping) who still has to act in this phase, or null. */
const nextToAct = (state: NiuNiuState, from: number): NiuNiuPlayer | null => {
  const count = state.players.length;
  for (let step = 0; step < count; step += 1) {
    const player = state.players[(from + step) % count];
    if (!player) continue;
    if (state.phase === 'bidding' && player.bid === null) return player;
    if (state.phase === 'betting' && player.seat !== state.bankerSeat && player.multiplier === null)
      return player;
  }
  return null;
};

const giveTurn = (state: NiuNiuState, player: NiuNiuPlayer | null, now: number): void => {
  state.toAct = player ? player.seat : null;
  state.deadline = player ? deadlineFor(state, player.seat, now) : null;
};

/** After a move: the next player of the phase, the banker chosen and the betting opened, or the showdown. */
const moveOn = (state: NiuNiuState, afterIndex: number, deck: readonly Card[], now: number): void => {
  const next = nextToAct(state, afterIndex + 1);
  if (next) {
    giveTurn(state, next, now);
    return;
  }
  if (state.phase === 'bidding') {
    const highest = Math.max(...state.players.map((player) => player.bid ?? 0));
    const tied = state.players.filter((player) => (player.bid ?? 0) === highest);
    const banker = tied.length === 1 ? tied[0] : tied[tieBreakIndex(deck, tied.length)];
    if (!banker) throw new Error('no banker among the tied players');
    state.bankerSeat = banker.seat;
    state.bankerBid = highest;
    state.phase = 'betting';
    giveTurn(
      state,
      nextToAct(
        state,
        state.players.findIndex((player) => player.seat === banker.seat),
      ),
      now,
    );
    if (state.toAct !== null) return;
  }
  state.phase = 'showdown';
  state.isOver = true;
  giveTurn(state, null, now);
};

export type NiuNiuSeat = { seat: number; memberId: string; seatId: string; stack: bigint };

/** A new hand: players in dealing order from `firstSeat`, the first of them on the clock to bid. */
export const startNiuNiuHand = ({
  seats,
  firstSeat,
  baseStake,
  tableSize,
  turnMs,
  now,
}: {
  seats: readonly NiuNiuSeat[];
  firstSeat: number;
  baseStake: bigint;
  tableSize: number;
  turnMs: number;
  now: number;
}): NiuNiuState => {
  if (seats.length < niuNiuMinPlayers || seats.length > niuNiuMaxPlayers) {
    throw new RangeError(`a Niu-Niu hand is for ${niuNiuMinPlayers} to ${niuNiuMaxPlayers} players`);
  }
  if (seats.some((seat) => seat.stack <= 0n)) throw new RangeError('a player without chips is not dealt in');
  if (!seats.some((seat) => seat.seat === firstSeat)) throw new RangeError('the first seat is a player');
  if (baseStake <= 0n) throw new RangeError('the base stake is positive');
  const distance = (seat: number) => (seat - firstSeat + tableSize) % tableSize;
  const players = [...seats]
    .sort((a, b) => distance(a.seat) - distance(b.seat))
    .map((seat): NiuNiuPlayer => ({
      seat: seat.seat,
      memberId: seat.memberId,
      seatId: seat.seatId,
      stack: seat.stack,
      bid: null,
      multiplier: null,
      timedOut: false,
      hasActed: false,
      isLeaving: false,
    }));
  const state: NiuNiuState = {
    game: 'NIUNIU',
    baseStake,
    tableSize,
    turnMs,
    firstSeat,
    phase: 'bidding',
    players,
    bankerSeat: null,
    bankerBid: null,
    toAct: null,
    deadline: null,
    isOver: false,
    sequence: 0,
  };
  giveTurn(state, players[0] ?? null, now);
  return state;
};

export type NiuNiuOptions = { kind: 'bid'; choices: number[] } | { kind: 'bet'; choices: number[] };

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** What the player to act may choose; null for anyone else or once the hand is over. */
export const niuNiuOptions = (state: NiuNiuState, seat: number): NiuNiuOptions | null => {
  if (state.isOver || state.toAct !== seat) return null;
  return state.phase === 'bidding'
    ? { kind: 'bid', choices: range(0, niuNiuMaxBid) }
    : { kind: 'bet', choices: range(1, niuNiuMaxMultiplier) };
};

const actFor = (
  previous: NiuNiuState,
  seat: number,
  action: NiuNiuAction,
  deck: readonly Card[],
  now: number,
  isVoluntary: boolean,
): NiuNiuState => {
  if (previous.isOver) throw new NiuNiuRuleError('HAND_OVER');
  if (previous.toAct !== seat) throw new NiuNiuRuleError('NOT_YOUR_TURN');
  const state = clone(previous);
  const player = playerAt(state, seat);
  if (action.kind === 'bid') {
    if (state.phase !== 'bidding') throw new NiuNiuRuleError('NOT_BIDDING');
    if (!Number.isInteger(action.bid) || action.bid < 0 || action.bid > niuNiuMaxBid) {
      throw new NiuNiuRuleError('BID_OUT_OF_RANGE');
    }
    player.bid = action.bid;
  } else {
    if (state.phase !== 'betting') throw new NiuNiuRuleError('NOT_BETTING');
    if (
      !Number.isInteger(action.multiplier) ||
      action.multiplier < 1 ||
      action.multiplier > niuNiuMaxMultiplier
    ) {
      throw new NiuNiuRuleError('MULTIPLIER_OUT_OF_RANGE');
    }
    player.multiplier = action.multiplier;
  }
  if (isVoluntary) player.hasActed = true;
  else player.timedOut = true;
  state.sequence += 1;
  moveOn(
    state,
    state.players.findIndex((candidate) => candidate.seat === seat),
    deck,
    now,
  );
  return state;
};

/** The player's move; throws NiuNiuRuleError (nothing changed) when the rules refuse it. */
export const actInNiuNiu = (
  state: NiuNiuState,
  seat: number,
  action: NiuNiuAction,
  deck: readonly Card[],
  now: number,
): NiuNiuState => actFor(state, seat, action, deck, now, true);

/** The move the clock makes for a player: no grab while bidding, 1× while betting. */
export const defaultNiuNiuAction = (state: NiuNiuState): NiuNiuAction =>
  state.phase === 'bidding' ? { kind: 'bid', bid: 0 } : { kind: 'bet', multiplier: 1 };

/** The player to act is out of time: the default move for them. Null while time is left. */
export const actOnNiuNiuTimeout = (
  state: NiuNiuState,
  deck: readonly Card[],
  now: number,
): NiuNiuState | null => {
  if (state.isOver || state.toAct === null || state.deadline === null || now < state.deadline) return null;
  return actFor(state, state.toAct, defaultNiuNiuAction(state), deck, now, false);
};

/**
 * A player leaving the table during the hand: they stay in it (their cards are dealt and the bank may be
 * theirs), every turn of theirs from now on is the default move at once, and their stack goes back when the
 * hand ends. Answers the state unchanged when they are not in the hand or it is over.
 */
export const leaveNiuNiuHand = (
  previous: NiuNiuState,
  seat: number,
  deck: readonly Card[],
  now: number,
): NiuNiuState => {
  const current = previous.players.find((candidate) => candidate.seat === seat);
  if (previous.isOver || !current || current.isLeaving) return previous;
  const state = clone(previous);
  playerAt(state, seat).isLeaving = true;
  if (state.toAct !== seat) {
    state.sequence += 1;
    return state;
  }
  return actFor(state, seat, defaultNiuNiuAction(state), deck, now, true);
};

/** Whether the seat was dealt into the hand. */
export const isInNiuNiuHand = (state: NiuNiuState, seat: number): boolean =>
  state.players.some((player) => player.seat === seat);
