import type { PvpTable, PvpYou } from '@wps/contracts/pvp';
import {
  type NiuNiuHand,
  type NiuNiuPhase,
  type NiuNiuResult,
  niuNiuResultSchema,
} from '@wps/contracts/pvp-niu-niu';
import { cardCode } from '../tables/shoe';
import { isStoredNiuNiuState, readNiuNiuState } from './niu-niu-codec';
import { niuNiuCardsShownEarly, niuNiuOptions, type NiuNiuState } from './niu-niu-engine';
import { dealNiuNiu } from './niu-niu.rules';
import type { PvpContext } from './pvp-context';
import { deckOf } from './pvp-game';
import type { PvpHandRow, PvpSeatRow, PvpTableRow } from './pvp.repository';

/** What a Niu-Niu table's views are made of (pvp-views.ts reads it once per change). */
type NiuNiuSnapshot = {
  table: PvpTableRow;
  seats: readonly PvpSeatRow[];
  /** The hand in play, or the last one. */
  hand: PvpHandRow | undefined;
  format: (amount: bigint) => string;
};

const stateOf = (hand: PvpHandRow | undefined): NiuNiuState | undefined =>
  hand && isStoredNiuNiuState(hand.state) ? readNiuNiuState(hand.state) : undefined;

const phaseNames: Readonly<Record<NiuNiuState['phase'], NiuNiuPhase>> = {
  bidding: 'BIDDING',
  betting: 'BETTING',
  showdown: 'SHOWDOWN',
};

/** The stored result (minor units) in the currency's decimals. */
const resultView = (stored: unknown, format: (amount: bigint) => string): NiuNiuResult | null => {
  if (stored === null || stored === undefined) return null;
  const result = niuNiuResultSchema.parse(stored);
  const money = (amount: string) => format(BigInt(amount));
  return {
    ...result,
    rake: money(result.rake),
    pairings: result.pairings.map((pairing) => ({
      ...pairing,
      due: money(pairing.due),
      amount: money(pairing.amount),
    })),
    outcomes: result.outcomes.map((outcome) => ({
      ...outcome,
      net: money(outcome.net),
      rake: money(outcome.rake),
    })),
  };
};

const handView = (hand: PvpHandRow, state: NiuNiuState, format: (amount: bigint) => string): NiuNiuHand => {
  const isSettled = hand.status === 'settled';
  return {
    handId: hand.id.toString(),
    number: hand.number,
    status: isSettled ? 'SETTLED' : 'PLAYING',
    phase: phaseNames[state.phase],
    baseStake: format(state.baseStake),
    firstSeat: state.firstSeat,
    bankerSeat: state.bankerSeat,
    bankerBid: state.bankerBid,
    toActSeat: state.toAct,
    deadline: state.deadline === null ? null : new Date(state.deadline).toISOString(),
    seats: state.players.map((player) => ({
      seat: player.seat,
      bid: player.bid,
      multiplier: player.multiplier,
      isBanker: player.seat === state.bankerSeat,
      timedOut: player.timedOut,
      isLeaving: player.isLeaving,
    })),
    commitment: hand.commitment,
    serverSeed: isSettled ? hand.serverSeed : null,
    clientSeed: hand.clientSeed,
    nonce: hand.nonce,
    result: isSettled ? resultView(hand.result, format) : null,
  };
};

/**
 * A Niu-Niu table as everyone sees it: the table's header and seats as at a hold'em table (`base`), no
 * hold'em hand, the Niu-Niu hand (bids and multipliers as soon as made), and every player's five cards only
 * once the hand is settled.
 */
export const niuNiuTableView = (snapshot: NiuNiuSnapshot, base: PvpTable): PvpTable => {
  const { seats, hand, format } = snapshot;
  const state = stateOf(hand);
  const shown = new Map(
    (hand?.status === 'settled' && hand.result ? niuNiuResultSchema.parse(hand.result).shown : []).map(
      (entry) => [entry.seat, entry.cards],
    ),
  );
  const players = base.players.map((player) => {
    const seatId = seats.find((seat) => seat.seat === player.seat)?.id.toString();
    const isInHand = state?.players.some((inHand) => inHand.seatId === seatId) ?? false;
    return {
      ...player,
      isInHand,
      hasFolded: false,
      isAllIn: false,
      streetBet: format(0n),
      handBet: format(0n),
      cards: isInHand ? (shown.get(player.seat) ?? null) : null,
    };
  });
  return { ...base, players, hand: null, niuNiu: hand && state ? handView(hand, state, format) : null };
};

/**
 * What only one member sees at a Niu-Niu table: their seat, their first four cards while the hand is in play
 * (all five once it is settled), and their choices on their turn.
 */
export const niuNiuMemberView = (
  context: PvpContext,
  snapshot: NiuNiuSnapshot,
  memberId: bigint | null,
): PvpYou => {
  const { seats, hand } = snapshot;
  const seat = memberId === null ? undefined : seats.find((open) => open.memberId === memberId);
  const state = stateOf(hand);
  const index = state?.players.findIndex((player) => player.memberId === memberId?.toString()) ?? -1;
  const player = state?.players[index];
  const cards =
    hand && state && player
      ? (dealNiuNiu(deckOf(context, hand), state.players.length).hands[index] ?? [])
      : [];
  const isSettled = hand?.status === 'settled';
  const options = state && player && hand?.status === 'playing' ? niuNiuOptions(state, player.seat) : null;
  return {
    seat: seat?.seat ?? null,
    isSittingOut: seat?.status === 'sitting_out',
    holeCards: (isSettled ? cards : cards.slice(0, niuNiuCardsShownEarly)).map(cardCode),
    options: null,
    niuNiuOptions: options
      ? { kind: options.kind === 'bid' ? 'BID' : 'BET', choices: options.choices }
      : null,
  };
};
