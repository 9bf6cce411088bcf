import type { NiuNiuCategoryName, NiuNiuResult } from '@wps/contracts/pvp-niu-niu';
import type { Executor } from '../../../db/database';
import { openHouseRounds } from '../../games/house-rounds.service';
import { cardCode } from '../tables/shoe';
import { memberIdOf } from './bots-players';
import { storeNiuNiuState } from './niu-niu-codec';
import { bankerFactor, type NiuNiuState } from './niu-niu-engine';
import { niuNiuRecordOf, settleNiuNiu } from './niu-niu-settlement';
import { dealNiuNiu, evaluateNiuNiu, type NiuNiuCategory, type NiuNiuHand } from './niu-niu.rules';
import type { PvpContext } from './pvp-context';
import { deckOf, readGame } from './pvp-game';
import { closeHandSeats, postHandRake, settleHandRecords } from './pvp-hand-close';
import * as repository from './pvp.repository';
import type { PvpHandRow, PvpTableRow } from './pvp.repository';

const categoryNames: Readonly<Record<NiuNiuCategory, NiuNiuCategoryName>> = {
  noBull: 'NO_BULL',
  bull: 'BULL',
  bullBull: 'BULL_BULL',
  fiveFaceBull: 'FIVE_FACE_BULL',
  bomb: 'BOMB',
  fiveSmallBull: 'FIVE_SMALL_BULL',
};

/** Every player's five cards from the committed deck, evaluated (in dealing order). */
export const niuNiuHandsOf = (context: PvpContext, hand: PvpHandRow, state: NiuNiuState): NiuNiuHand[] =>
  dealNiuNiu(deckOf(context, hand), state.players.length).hands.map((cards) => evaluateNiuNiu(cards));

/**
 * The showdown of a Niu-Niu hand, in the transaction of the move that ended it: every player against the
 * banker (niu-niu-settlement.ts, which throws rather than pay when chips out + rake ≠ chips in); the seats'
 * new stacks (a seat leaving, or left with nothing, cashed out; one the clock played for too often sat out);
 * the rake from the table stacks account to the house in one posting (`pvp:rake:<hand>`); a betting record
 * per member (`pvp:<hand>:<seat>`: stake = the most they could lose, win = stake + net − rake, valid bet =
 * what changed hands), its valid bet counted on turnover; the hand marked settled with its result, which
 * reveals its seed. Answers the members whose cash moved.
 */
export const settleNiuNiuTableHand = async (
  context: PvpContext,
  tx: Executor,
  table: PvpTableRow,
  hand: PvpHandRow,
  state: NiuNiuState,
): Promise<bigint[]> => {
  if (state.bankerSeat === null) throw new Error(`hand ${hand.id} ended without a banker`);
  const hands = niuNiuHandsOf(context, hand, state);
  const settlement = settleNiuNiu({
    contenders: state.players.map((player, index) => {
      const value = hands[index];
      if (!value) throw new Error('a player was dealt no hand');
      return {
        seat: player.seat,
        stack: player.stack,
        multiplier: player.multiplier ?? 1,
        score: value.score,
        handMultiplier: value.multiplier,
      };
    }),
    bankerSeat: state.bankerSeat,
    bankerFactor: bankerFactor(state.bankerBid),
    baseStake: state.baseStake,
    rake: { basisPoints: table.rakeBasisPoints, cap: table.rakeCap },
  });
  const outcomeOf = new Map(settlement.outcomes.map((outcome) => [outcome.seat, outcome]));

  const cashedOut = await closeHandSeats(
    context,
    tx,
    table,
    hand,
    state.players.map((player) => {
      const outcome = outcomeOf.get(player.seat);
      return {
        seat: player.seat,
        seatId: player.seatId,
        stack: outcome?.stackAfter ?? player.stack,
        isOwed: (outcome?.net ?? 0n) !== 0n,
        timedOut: player.timedOut,
        hasActed: player.hasActed,
      };
    }),
  );
  await context.afterStep('settle.stacks', tx);
  const rakeTransactionId = await postHandRake(context, tx, table, hand, settlement.rake);
  await context.afterStep('settle.rake', tx);

  const game = readGame(hand.game);
  const members = state.players.flatMap((player) => {
    const memberId = memberIdOf(player);
    const outcome = outcomeOf.get(player.seat);
    return memberId === null || !outcome ? [] : [{ player, memberId, outcome }];
  });
  const roundIds = await openHouseRounds(
    tx,
    members.map(({ player, memberId, outcome }) => ({
      brandId: table.brandId,
      memberId,
      game,
      roundRef: `pvp:${hand.id}:${player.seat}`,
      currency: table.currency,
      betAmount: outcome.exposure,
      details: {
        game: 'pvp',
        pvpGame: 'NIUNIU',
        tableId: table.id.toString(),
        room: table.roomCode,
        handId: hand.id.toString(),
        handNumber: hand.number,
        seat: player.seat,
        isBanker: player.seat === state.bankerSeat,
        commitment: hand.commitment,
        clientSeed: hand.clientSeed,
        nonce: hand.nonce,
        verifyUrl: `/wps/pvp/hands/${hand.id}/verify`,
      },
    })),
  );
  const records: Record<string, string> = {};
  const settled = members.map(({ player, memberId, outcome }, index) => {
    const roundId = roundIds[index];
    if (roundId === undefined) throw new Error('the betting record was not written');
    records[String(player.seat)] = roundId.toString();
    return { memberId, roundId, ...niuNiuRecordOf(outcome) };
  });
  await settleHandRecords(context, tx, table, hand, settled);

  const result: NiuNiuResult = {
    rake: settlement.rake.toString(),
    pairings: settlement.pairings.map((pairing) => ({
      seat: pairing.seat,
      playerWins: pairing.playerWins,
      handMultiplier: pairing.handMultiplier,
      due: pairing.due.toString(),
      amount: pairing.amount.toString(),
    })),
    outcomes: settlement.outcomes.map((outcome) => ({
      seat: outcome.seat,
      net: (outcome.net - outcome.rake).toString(),
      rake: outcome.rake.toString(),
    })),
    isBankShort: settlement.isBankShort,
    shown: state.players.flatMap((player, index) => {
      const value = hands[index];
      if (!value) return [];
      return [
        {
          seat: player.seat,
          cards: value.cards.map(cardCode),
          category: categoryNames[value.category],
          points: value.points,
          bull: (value.bull ?? []).map(cardCode),
          handMultiplier: value.multiplier,
        },
      ];
    }),
  };
  await repository.updateHand(tx, hand.id, {
    status: 'settled',
    state: storeNiuNiuState(state),
    records,
    deadline: null,
    rake: settlement.rake,
    rakeTransactionId,
    result,
    endedAt: new Date(context.clock()),
  });
  return cashedOut;
};
