import { formatMinorUnits } from '@wps/contracts/money';
import {
  type PvpHand,
  type PvpHandResult,
  pvpHandResultSchema,
  type PvpPlayer,
  type PvpStreet,
  type PvpTable,
  type PvpYou,
} from '@wps/contracts/pvp';
import { cardCode } from '../tables/shoe';
import { dealHoldem } from './deck';
import { readHoldemState } from './holdem-codec';
import { type HoldemState, holdemOptions } from './holdem-engine';
import { isStoredNiuNiuState } from './niu-niu-codec';
import { niuNiuMemberView, niuNiuTableView } from './niu-niu-views';
import type { PvpContext } from './pvp-context';
import { deckOf, niuNiuGameCode } from './pvp-game';
import { roomDefinitions } from './pvp-rooms';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpSeatRow, PvpTableRow } from './pvp.repository';

/** What a table's views are made of, read once per change and shared by every viewer. */
export type TableSnapshot = {
  table: PvpTableRow;
  seats: PvpSeatRow[];
  /** The hand in play, or the last one. */
  hand: PvpHandRow | undefined;
  /** A hold'em hand's state (a Niu-Niu table's views read theirs: niu-niu-views.ts). */
  state: HoldemState | undefined;
  format: (amount: bigint) => string;
};

export const readTableSnapshot = async (context: PvpContext, table: PvpTableRow): Promise<TableSnapshot> => {
  const seats = await repository.listOpenSeats(context.db, table.id);
  const hand = await repository.findLatestHand(context.db, table.id);
  const exponent = await context.ledger.getCurrencyExponent(table.currency);
  return {
    table,
    seats,
    hand,
    state: hand && !isStoredNiuNiuState(hand.state) ? readHoldemState(hand.state) : undefined,
    format: (amount) => formatMinorUnits(amount, exponent),
  };
};

const streetNames: Readonly<Record<HoldemState['street'], PvpStreet>> = {
  preflop: 'PREFLOP',
  flop: 'FLOP',
  turn: 'TURN',
  river: 'RIVER',
};

const streetOf = (hand: PvpHandRow, state: HoldemState): PvpStreet =>
  hand.status === 'settled' && state.isShowdown ? 'SHOWDOWN' : streetNames[state.street];

/** The stored result (minor units) in the currency's decimals. */
const resultView = (stored: unknown, format: (amount: bigint) => string): PvpHandResult | null => {
  if (stored === null || stored === undefined) return null;
  const result = pvpHandResultSchema.parse(stored);
  const money = (amount: string) => format(BigInt(amount));
  return {
    rake: money(result.rake),
    pots: result.pots.map((pot) => ({
      amount: money(pot.amount),
      rake: money(pot.rake),
      winners: pot.winners.map((winner) => ({ seat: winner.seat, amount: money(winner.amount) })),
    })),
    shown: result.shown,
    payouts: result.payouts.map((payout) => ({ seat: payout.seat, amount: money(payout.amount) })),
  };
};

const handView = (context: PvpContext, snapshot: TableSnapshot): PvpHand | null => {
  const { hand, state, format } = snapshot;
  if (!hand || !state) return null;
  const board = dealHoldem(deckOf(context, hand), state.players.length).board.slice(0, state.boardCount);
  const isSettled = hand.status === 'settled';
  return {
    handId: hand.id.toString(),
    number: hand.number,
    status: isSettled ? 'SETTLED' : 'PLAYING',
    street: streetOf(hand, state),
    board: board.map(cardCode),
    pot: format(state.players.reduce((sum, player) => sum + player.totalIn, 0n)),
    currentBet: format(state.currentBet),
    button: state.button,
    smallBlindSeat: state.smallBlindSeat,
    bigBlindSeat: state.bigBlindSeat,
    toActSeat: state.toAct,
    deadline: state.deadline === null ? null : new Date(state.deadline).toISOString(),
    commitment: hand.commitment,
    serverSeed: isSettled ? hand.serverSeed : null,
    clientSeed: hand.clientSeed,
    nonce: hand.nonce,
    result: isSettled ? resultView(hand.result, format) : null,
  };
};

/** Everything every viewer of the table sees (no hole cards before a showdown). */
export const publicTableView = (context: PvpContext, snapshot: TableSnapshot): PvpTable => {
  const { table, seats, hand, state, format } = snapshot;
  const room = roomDefinitions.find((definition) => definition.code === table.roomCode);
  const shown = new Map(
    (hand?.status === 'settled' && hand.result && state
      ? pvpHandResultSchema.parse(hand.result).shown
      : []
    ).map((entry) => [entry.seat, entry.cards]),
  );
  const players = seats.map((seat): PvpPlayer => {
    const inHand = state?.players.find((player) => player.seatId === seat.id.toString());
    const isPlaying = hand?.status === 'playing';
    return {
      seat: seat.seat,
      playerName: seat.playerName,
      isBot: seat.isBot,
      stack: format(seat.stack),
      status: seat.status === 'playing' ? 'PLAYING' : 'SITTING_OUT',
      isInHand: inHand !== undefined && !inHand.folded,
      hasFolded: inHand?.folded ?? false,
      isAllIn: inHand !== undefined && !inHand.folded && inHand.stack === 0n,
      streetBet: format(isPlaying ? (inHand?.streetIn ?? 0n) : 0n),
      handBet: format(inHand?.totalIn ?? 0n),
      cards: shown.get(seat.seat) ?? null,
    };
  });
  const view: PvpTable = {
    tableId: table.id.toString(),
    roomCode: table.roomCode,
    game: room?.game ?? 'HOLDEM',
    level: room?.level ?? 'MICRO',
    name: room?.name ?? table.roomCode,
    seats: table.seatCount,
    smallBlind: format(table.smallBlind),
    bigBlind: format(table.bigBlind),
    minBuyIn: format(table.minBuyIn),
    maxBuyIn: format(table.maxBuyIn),
    currency: table.currency,
    turnSeconds: Math.round(context.settings.turnMs / 1000),
    players,
    hand: handView(context, snapshot),
  };
  return table.game === niuNiuGameCode ? niuNiuTableView(snapshot, view) : view;
};

/** What only one member sees: their seat, their own hole cards, and their options on their turn. */
export const memberView = (context: PvpContext, snapshot: TableSnapshot, memberId: bigint | null): PvpYou => {
  if (snapshot.table.game === niuNiuGameCode) return niuNiuMemberView(context, snapshot, memberId);
  const { seats, hand, state, format } = snapshot;
  const seat = memberId === null ? undefined : seats.find((open) => open.memberId === memberId);
  const index = state?.players.findIndex((player) => player.memberId === memberId?.toString()) ?? -1;
  const player = state?.players[index];
  const holeCards =
    hand && state && player
      ? (dealHoldem(deckOf(context, hand), state.players.length).holeCards[index] ?? [])
      : [];
  const options = state && player && hand?.status === 'playing' ? holdemOptions(state, player.seat) : null;
  return {
    seat: seat?.seat ?? null,
    isSittingOut: seat?.status === 'sitting_out',
    holeCards: holeCards.map(cardCode),
    options: options
      ? {
          canCheck: options.canCheck,
          callAmount: format(options.callAmount),
          canRaise: options.canRaise,
          minRaiseTo: format(options.minRaiseTo),
          maxRaiseTo: format(options.maxRaiseTo),
        }
      : null,
  };
};
