import type { Executor } from '../../../db/database';
import { botPlayerId, memberIdOf } from './bots-players';
import type { HandMove } from './hand-steps';
import { readNiuNiuState, storeNiuNiuState } from './niu-niu-codec';
import {
  actOnNiuNiuTimeout,
  isInNiuNiuHand,
  leaveNiuNiuHand,
  type NiuNiuState,
  startNiuNiuHand,
} from './niu-niu-engine';
import { settleNiuNiuTableHand } from './niu-niu-settle-hand';
import type { PvpContext } from './pvp-context';
import { insertDealtHand, nextSeatAfter, readyToDeal } from './pvp-deal';
import { deckOf } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpSeatRow, PvpTableRow } from './pvp.repository';

/**
 * Writes a Niu-Niu hand's next state, in the caller's transaction under the table's lock: the move (a member's
 * with their action id, the clock's, or a leaving player's; `amount` holds the bid or the multiplier), the
 * state and its turn deadline, and the showdown when the move ended the hand. No chip moves before then.
 * Answers the members whose cash moved.
 */
export const saveNiuNiuStep = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  after: NiuNiuState,
  move: HandMove | null,
): Promise<bigint[]> => {
  if (move) {
    await repository.insertAction(tx, {
      handId: hand.id,
      memberId: move.memberId,
      actionId: move.actionId,
      seat: move.seat,
      sequence: after.sequence,
      kind: move.kind,
      amount: move.amount,
      isAutomatic: move.isAutomatic,
    });
  }
  await repository.updateHand(tx, hand.id, {
    state: storeNiuNiuState(after),
    deadline: after.deadline === null ? null : new Date(after.deadline),
  });
  await context.afterStep('step.saved', tx);
  if (!after.isOver) return [];
  return settleNiuNiuTableHand(context, tx, table, hand, after);
};

/** What a move of the seat now wrote: the phase's kind and the choice it made. */
const moveOf = (before: NiuNiuState, after: NiuNiuState, seat: number) => {
  const player = after.players.find((candidate) => candidate.seat === seat);
  const isBid = before.phase === 'bidding';
  return {
    kind: isBid ? 'BID' : 'BET',
    amount: BigInt((isBid ? player?.bid : player?.multiplier) ?? 0),
  };
};

/**
 * Deals a Niu-Niu hand at a table with no hand in play (the same conditions as hold'em, pvp-deal.ts): the
 * deck committed first, the first bidder one seat clockwise from the last hand's.
 */
export const startNiuNiuTableHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  now: number,
): Promise<{ started: boolean; cashedOut: bigint[] }> => {
  const ready = await readyToDeal(context, tx, table, now);
  if (!ready) return { started: false, cashedOut: [] };
  const lastFirst = typeof ready.last?.state.firstSeat === 'number' ? ready.last.state.firstSeat : null;
  const state = startNiuNiuHand({
    seats: ready.seats.map((seat) => ({
      seat: seat.seat,
      memberId: seat.memberId === null ? botPlayerId(seat.id) : seat.memberId.toString(),
      seatId: seat.id.toString(),
      stack: seat.stack,
    })),
    firstSeat: nextSeatAfter(
      ready.seats.map((seat) => seat.seat),
      lastFirst,
      table.seatCount,
    ),
    baseStake: table.bigBlind,
    tableSize: table.seatCount,
    turnMs: context.settings.turnMs,
    now,
  });
  await insertDealtHand(context, tx, table, {
    game: ready.game,
    state: storeNiuNiuState(state),
    deadline: state.deadline,
    now,
  });
  return { started: true, cashedOut: [] };
};

/** The clock's move for the Niu-Niu player out of time (no grab, or 1×); null while time is left. */
export const driveNiuNiuHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  now: number,
): Promise<bigint[] | null> => {
  const state = readNiuNiuState(hand.state);
  const player = state.players.find((candidate) => candidate.seat === state.toAct);
  const after = actOnNiuNiuTimeout(state, deckOf(context, hand), now);
  if (!after || !player) return null;
  return saveNiuNiuStep(context, tx, table, hand, after, {
    memberId: memberIdOf(player),
    seat: player.seat,
    ...moveOf(state, after, player.seat),
    actionId: null,
    isAutomatic: true,
  });
};

/**
 * A member leaving a Niu-Niu table while a hand is in play, under the table's lock. Dealt into it: their seat
 * is marked leaving, they stay in the hand with their stack at stake (their turns taken at once, the default
 * move), and they are cashed out when it ends. Not dealt in: null (the caller cashes them out now).
 */
export const leaveDuringNiuNiuHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  seat: PvpSeatRow,
): Promise<bigint[] | null> => {
  const state = readNiuNiuState(hand.state);
  if (!isInNiuNiuHand(state, seat.seat)) return null;
  await repository.updateSeat(tx, seat.id, { isLeaving: true });
  const after = leaveNiuNiuHand(state, seat.seat, deckOf(context, hand), context.clock());
  if (after === state) return [];
  const isTurnTaken = state.toAct === seat.seat;
  return saveNiuNiuStep(context, tx, table, hand, after, {
    memberId: seat.memberId,
    seat: seat.seat,
    ...(isTurnTaken ? moveOf(state, after, seat.seat) : { kind: 'leave', amount: null }),
    actionId: null,
    isAutomatic: false,
  });
};

/** One driver step of a Niu-Niu table (hand-driver.ts): a new hand when none is in play, else the clock. */
export const driveNiuNiuTable = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow | undefined,
  now: number,
): Promise<bigint[] | null> => {
  if (hand) return driveNiuNiuHand(context, tx, table, hand, now);
  const { started, cashedOut } = await startNiuNiuTableHand(context, tx, table, now);
  return started ? cashedOut : null;
};
