import type { Executor } from '../../../db/database';
import { openHouseRounds } from '../../games/house-rounds.service';
import { botPlayerId, isBotPlayer } from './bots-players';
import { storeHoldemState } from './holdem-codec';
import { type HoldemState, startHoldemHand } from './holdem-engine';
import type { PvpContext } from './pvp-context';
import { insertDealtHand, nextSeatAfter, readyToDeal } from './pvp-deal';
import { readGame } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';
import { settlePvpHand } from './settle-pvp-hand';

/** A move to write with the step: a member's (with their action id), the clock's or a bot's (no member). */
export type HandMove = {
  memberId: bigint | null;
  seat: number;
  kind: string;
  amount: bigint | null;
  actionId: string | null;
  isAutomatic: boolean;
};

/**
 * Writes a hand's next state and everything it moved, in the caller's transaction (under the table's lock):
 * the stacks of the seats whose chips moved, a betting record for each member's first chip of the hand (none
 * for a bot: its chips are the house's, never a member's bet or turnover), the move itself, the state and its
 * turn deadline; and, when the move ended the hand, its settlement. Answers the members whose cash moved.
 */
export const saveStep = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  before: HoldemState,
  after: HoldemState,
  move: HandMove | null,
): Promise<bigint[]> => {
  const records: Record<string, string> = { ...hand.records };
  const game = readGame(hand.game);
  for (const player of after.players) {
    const previous = before.players.find((candidate) => candidate.seat === player.seat);
    if (previous && previous.stack !== player.stack) {
      await repository.updateSeat(tx, BigInt(player.seatId), { stack: player.stack });
    }
    const key = String(player.seat);
    if (player.totalIn === 0n || records[key] !== undefined || isBotPlayer(player)) continue;
    const [roundId] = await openHouseRounds(tx, [
      {
        brandId: table.brandId,
        memberId: BigInt(player.memberId),
        game,
        roundRef: `pvp:${hand.id}:${player.seat}`,
        currency: table.currency,
        betAmount: player.totalIn,
        details: {
          game: 'pvp',
          tableId: table.id.toString(),
          room: table.roomCode,
          handId: hand.id.toString(),
          handNumber: hand.number,
          seat: player.seat,
          commitment: hand.commitment,
          clientSeed: hand.clientSeed,
          nonce: hand.nonce,
          verifyUrl: `/wps/pvp/hands/${hand.id}/verify`,
        },
      },
    ]);
    if (roundId === undefined) throw new Error('the betting record was not written');
    records[key] = roundId.toString();
  }
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
    state: storeHoldemState(after),
    records,
    deadline: after.deadline === null ? null : new Date(after.deadline),
  });
  await context.afterStep('step.saved', tx);
  if (!after.isOver) return [];
  return settlePvpHand(context, tx, table, { ...hand, records }, after, records);
};

/**
 * Deals a hand at a table with no hand in play, when two seats or more can play and the pause after the last
 * hand is over, under the table's lock: the seeds drawn and the deck committed before anything is dealt, the
 * blinds posted. Answers whether a hand started (and the members whose cash moved, when it ended at once).
 */
export const startHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  now: number,
): Promise<{ started: boolean; cashedOut: bigint[] }> => {
  const ready = await readyToDeal(context, tx, table, now);
  if (!ready) return { started: false, cashedOut: [] };
  const { last, seats, game } = ready;
  const lastButton = typeof last?.state.button === 'number' ? last.state.button : null;
  // The next button: the first seat dealt in clockwise after the last hand's button.
  const button = nextSeatAfter(
    seats.map((seat) => seat.seat),
    lastButton,
    table.seatCount,
  );
  const state = startHoldemHand({
    seats: seats.map((seat) => ({
      seat: seat.seat,
      memberId: seat.memberId === null ? botPlayerId(seat.id) : seat.memberId.toString(),
      seatId: seat.id.toString(),
      stack: seat.stack,
    })),
    button,
    smallBlind: table.smallBlind,
    bigBlind: table.bigBlind,
    tableSize: table.seatCount,
    turnMs: context.settings.turnMs,
    now,
  });
  const hand = await insertDealtHand(context, tx, table, {
    game,
    state: storeHoldemState(state),
    deadline: state.deadline,
    now,
  });
  const before: HoldemState = {
    ...state,
    players: state.players.map((player) => ({
      ...player,
      stack: player.stack + player.totalIn,
      totalIn: 0n,
    })),
  };
  const cashedOut = await saveStep(context, tx, table, hand, before, state, null);
  return { started: true, cashedOut };
};
