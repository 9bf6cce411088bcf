import type { Executor } from '../../../db/database';
import { settleHouseRoundsWithStakes } from '../../games/house-rounds.service';
import { cashOutSeat } from './cash-out';
import type { PvpContext } from './pvp-context';
import { houseAccount, readGame, tableStacksAccount } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';

/** A seat at the end of a hand, whatever its game. */
export type SeatAtHandEnd = {
  seat: number;
  seatId: string;
  /** The seat's stack once the hand is settled. */
  stack: bigint;
  /** Whether the hand pays the seat anything (it must still be open then). */
  isOwed: boolean;
  timedOut: boolean;
  hasActed: boolean;
};

/**
 * The seats of a hand that ended, in its transaction: each open seat gets its new stack; one leaving, or left
 * with nothing, is cashed out (and closed); one the clock played for in `missedHandsToSitOut` hands in a row
 * is sat out (a hand played by the member resets the count). A seat already gone may not be owed anything.
 * Answers the members whose cash moved.
 */
export const closeHandSeats = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  ends: readonly SeatAtHandEnd[],
): Promise<bigint[]> => {
  const seats = new Map(
    (await repository.listOpenSeats(tx, table.id)).map((seat) => [seat.id.toString(), seat]),
  );
  const cashedOut: bigint[] = [];
  for (const end of ends) {
    const seat = seats.get(end.seatId);
    if (!seat) {
      if (end.isOwed) throw new Error(`hand ${hand.id} pays seat ${end.seat}, which has left`);
      continue;
    }
    const missedHands = end.timedOut ? seat.missedHands + 1 : end.hasActed ? 0 : seat.missedHands;
    if (seat.isLeaving || end.stack === 0n) {
      const isPaid = await cashOutSeat(context, tx, table, seat, end.stack);
      if (isPaid && seat.memberId !== null) cashedOut.push(seat.memberId);
      continue;
    }
    await repository.updateSeat(tx, seat.id, {
      stack: end.stack,
      missedHands,
      ...(missedHands >= context.settings.missedHandsToSitOut ? { status: 'sitting_out' as const } : {}),
    });
  }
  return cashedOut;
};

/**
 * The hand's rake from the brand's table stacks account to its house account, one ledger posting
 * (`pvp:rake:<hand>`, none for no rake). Answers its transaction id.
 */
export const postHandRake = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  rake: bigint,
): Promise<bigint | null> => {
  if (rake <= 0n) return null;
  const stacks = await tableStacksAccount(context, table.brandId, table.currency, tx);
  const house = await houseAccount(context, table.brandId, table.currency, tx);
  const posting = await context.ledger.post(
    {
      brandId: table.brandId,
      idempotencyKey: `pvp:rake:${hand.id}`,
      kind: 'pvp.rake',
      legs: [
        { accountId: stacks.id, amount: -rake },
        { accountId: house.id, amount: rake },
      ],
      reference: `pvp:hand:${hand.id}`,
      memo: `${table.roomCode} hand ${hand.number}`,
      productLine: readGame(hand.game).productLine,
    },
    { executor: tx },
  );
  return posting.transactionId;
};

/** A member's betting record of a hand, as it settles. */
export type HandRecordSettlement = {
  memberId: bigint;
  roundId: bigint;
  betAmount: bigint;
  winAmount: bigint;
  validBet: bigint;
};

/** Settles the hand's betting records and counts their valid bets on the members' turnover. */
export const settleHandRecords = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  records: readonly HandRecordSettlement[],
): Promise<void> => {
  await settleHouseRoundsWithStakes(tx, records);
  const { productLine } = readGame(hand.game);
  await context.turnover.recordValidBets(
    tx,
    records
      .filter(({ validBet }) => validBet > 0n)
      .map(({ memberId, roundId, validBet }) => ({
        brandId: table.brandId,
        memberId,
        currency: table.currency,
        amount: validBet,
        reference: `round:${roundId}`,
        productLine,
      })),
  );
};
