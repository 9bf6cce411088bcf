import type { Executor } from '../../../db/database';
import { openHouseRounds } from '../../games/house-rounds.service';
import { commitDeck } from './deck';
import { storeHoldemState } from './holdem-codec';
import { type HoldemState, startHoldemHand } from './holdem-engine';
import type { PvpContext } from './pvp-context';
import { readGame, requireHoldemGame, storeGame } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';
import { settlePvpHand } from './settle-pvp-hand';

/** A move to write with the step: a member's (with their action id) or the clock's. */
export type HandMove = {
  memberId: bigint;
  seat: number;
  kind: string;
  amount: bigint | null;
  actionId: string | null;
  isAutomatic: boolean;
};

/**
 * Writes a hand's next state and everything it moved, in the caller's transaction (under the table's lock):
 * the stacks of the seats whose chips moved, a betting record for each player's first chip of the hand, the
 * move itself, the state and its turn deadline; and, when the move ended the hand, its settlement. Answers the
 * members whose cash moved.
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
    if (player.totalIn === 0n || records[key] !== undefined) continue;
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

/** The next button: the first seat dealt in clockwise after the last hand's button. */
const nextButton = (seats: readonly number[], lastButton: number | null, tableSize: number): number => {
  if (lastButton === null) return seats[0] ?? 0;
  const distance = (seat: number) => (seat - lastButton - 1 + tableSize) % tableSize;
  return [...seats].sort((a, b) => distance(a) - distance(b))[0] ?? 0;
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
  const idle = { started: false, cashedOut: [] };
  if (await repository.findPlayingHand(tx, table.id)) return idle;
  const last = await repository.findLatestHand(tx, table.id);
  if (last?.endedAt && now < last.endedAt.getTime() + context.settings.pauseMs) return idle;
  const seats = (await repository.listOpenSeats(tx, table.id)).filter(
    (seat) => seat.status === 'playing' && seat.stack > 0n && !seat.isLeaving,
  );
  if (seats.length < 2) return idle;
  const game = await requireHoldemGame(tx).catch(() => null);
  if (!game) return idle;
  const lastButton = typeof last?.state.button === 'number' ? last.state.button : null;
  const button = nextButton(
    seats.map((seat) => seat.seat),
    lastButton,
    table.seatCount,
  );
  const number = await repository.countHand(tx, table.id);
  const seeds = { ...context.drawSeeds(number), nonce: number };
  const { deck, commitment } = commitDeck(seeds);
  const state = startHoldemHand({
    seats: seats.map((seat) => ({
      seat: seat.seat,
      memberId: seat.memberId.toString(),
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
  const hand = await repository.insertHand(tx, {
    tableId: table.id,
    number,
    state: storeHoldemState(state),
    records: {},
    game: storeGame(game),
    ...seeds,
    commitment,
    deadline: state.deadline === null ? null : new Date(state.deadline),
    startedAt: new Date(now),
  });
  context.decks.set(hand.id, deck);
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
