import type { PvpHandResult } from '@wps/contracts/pvp';
import type { Executor } from '../../../db/database';
import { cardCode } from '../tables/shoe';
import { dealHoldem } from './deck';
import { evaluateHand, handName, type HandValue } from './hand-evaluator';
import { storeHoldemState } from './holdem-codec';
import type { HoldemState } from './holdem-engine';
import type { PvpContext } from './pvp-context';
import { deckOf } from './pvp-game';
import { closeHandSeats, postHandRake, settleHandRecords } from './pvp-hand-close';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';
import { settleHand } from './settle-hand';

/** The hands of the players still in at a showdown (none when the others folded). */
const showdownHands = (context: PvpContext, hand: PvpHandRow, state: HoldemState) => {
  const shown = new Map<number, { hole: string[]; value: HandValue }>();
  if (!state.isShowdown) return shown;
  const deal = dealHoldem(deckOf(context, hand), state.players.length);
  state.players.forEach((player, index) => {
    const hole = deal.holeCards[index];
    if (player.folded || !hole) return;
    shown.set(player.seat, { hole: hole.map(cardCode), value: evaluateHand([...hole, ...deal.board]) });
  });
  return shown;
};

/**
 * The end of a hand, in the transaction of the move that ended it: `settleHand` splits every chip put in
 * (uncalled chips back, pots, rake, odd chips) and throws rather than pay when chips in ≠ chips out + rake;
 * winners' stacks grow; a seat leaving is cashed out, an empty one closed, one the clock played for too often
 * sat out; the rake goes from the table stacks account to the house in one posting (`pvp:rake:<hand>`); each
 * betting record is settled (bet = chips put in, win = chips taken back, valid bet = chips that were called)
 * and its valid bet counted on turnover; the hand is marked settled with its result, which reveals its seed.
 * Answers the members whose cash moved.
 */
export const settlePvpHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  state: HoldemState,
  records: Readonly<Record<string, string>>,
): Promise<bigint[]> => {
  const shown = showdownHands(context, hand, state);
  const settlement = settleHand({
    contributions: state.players.map((player) => ({
      seat: player.seat,
      amount: player.totalIn,
      folded: player.folded,
    })),
    scores: new Map(
      state.players
        .filter((player) => !player.folded)
        .map((player) => [player.seat, shown.get(player.seat)?.value.score ?? 0]),
    ),
    button: state.button,
    tableSize: table.seatCount,
    rake: { basisPoints: table.rakeBasisPoints, cap: table.rakeCap },
    flopDealt: state.boardCount >= 3,
  });
  const paidOut = (seat: number): bigint => settlement.payouts.get(seat) ?? 0n;

  // A player who left folded first, so nothing can come back to them (closeHandSeats checks).
  const cashedOut = await closeHandSeats(
    context,
    tx,
    table,
    hand,
    state.players.map((player) => ({
      seat: player.seat,
      seatId: player.seatId,
      stack: player.stack + paidOut(player.seat),
      isOwed: paidOut(player.seat) > 0n,
      timedOut: player.timedOut,
      hasActed: player.hasActed,
    })),
  );
  await context.afterStep('settle.stacks', tx);

  const rakeTransactionId = await postHandRake(context, tx, table, hand, settlement.rake);
  await context.afterStep('settle.rake', tx);

  const returned = new Map(settlement.returned.map(({ seat, amount }) => [seat, amount]));
  const settled = state.players.flatMap((player) => {
    const roundId = records[String(player.seat)];
    if (roundId === undefined) return [];
    const validBet = player.totalIn - (returned.get(player.seat) ?? 0n);
    return [
      {
        memberId: BigInt(player.memberId),
        roundId: BigInt(roundId),
        betAmount: player.totalIn,
        winAmount: paidOut(player.seat),
        validBet,
      },
    ];
  });
  await settleHandRecords(context, tx, table, hand, settled);

  const result: PvpHandResult = {
    rake: settlement.rake.toString(),
    pots: settlement.awards.map((award, index) => ({
      amount: (settlement.pots[index]?.amount ?? award.amount).toString(),
      rake: (settlement.rakes[index] ?? 0n).toString(),
      winners: award.shares.map((share) => ({ seat: share.seat, amount: share.amount.toString() })),
    })),
    shown: [...shown].map(([seat, { hole, value }]) => ({
      seat,
      cards: hole,
      handName: handName(value),
      bestFive: value.cards.map(cardCode),
    })),
    payouts: [...settlement.payouts].map(([seat, amount]) => ({ seat, amount: amount.toString() })),
  };
  await repository.updateHand(tx, hand.id, {
    status: 'settled',
    state: storeHoldemState(state),
    deadline: null,
    rake: settlement.rake,
    rakeTransactionId,
    result,
    endedAt: new Date(context.clock()),
  });
  return cashedOut;
};
