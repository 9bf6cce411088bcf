import type { PvpHandVerification } from '@wps/contracts/pvp';
import { AppError } from '../../../http/app-error';
import type { FairSeeds } from '../fairness';
import { cardCode } from '../tables/shoe';
import { deckCommitment, shuffleDeck, verifyDeck } from './deck';
import { readNiuNiuState } from './niu-niu-codec';
import { niuNiuMaxPlayers, niuNiuMinPlayers, tieBreakIndex } from './niu-niu-engine';
import { dealNiuNiu, evaluateNiuNiu } from './niu-niu.rules';
import type { PvpHandRow } from './pvp.repository';

export const niuNiuFormula =
  'deck = Fisher–Yates over the ordered 52 cards (S, H, D, C; A … K) with next(52 − i) of the fair stream ' +
  'HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`); commitment = sha256("pvp-deck:v1|" + serverSeed + ' +
  '"|" + clientSeed + "|" + nonce + "|" + the 52 card codes joined by spaces); Niu-Niu deals five cards one at ' +
  'a time from the first bidder (player k of n: positions k, n + k, 2n + k, 3n + k, 4n + k); players tied on ' +
  'the highest banker bid are separated by the first card read up from position 51 whose place p in the ' +
  'ordered deck is below 52 − (52 mod t), the t tied players counted in dealing order: the banker is number p mod t';

/** A settled Niu-Niu hand's proof: the deck, its commitment and every player's five cards at their positions. */
export const verifyNiuNiuHand = (hand: PvpHandRow): PvpHandVerification => {
  const seeds = { serverSeed: hand.serverSeed, clientSeed: hand.clientSeed, nonce: hand.nonce };
  const verification = verifyDeck(seeds, hand.commitment);
  const state = readNiuNiuState(hand.state);
  const deal = dealNiuNiu(shuffleDeck(seeds), state.players.length);
  return {
    handId: hand.id.toString(),
    tableId: hand.tableId.toString(),
    number: hand.number,
    commitment: hand.commitment,
    ...seeds,
    deck: verification.deck,
    commitmentMatches: verification.commitmentMatches,
    holeCards: state.players.map((player, index) => {
      const positions = deal.positions[index] ?? [];
      return {
        seat: player.seat,
        positions,
        cards: positions.map((position) => verification.deck[position] ?? ''),
      };
    }),
    board: [],
    boardPositions: [],
    formula: niuNiuFormula,
  };
};

/** The fairness page's check of a Niu-Niu deal for `players` (2 … 6): deck, commitment, hands, tie-breaks. */
export const verifyNiuNiuDeal = (seeds: FairSeeds, players: number): Record<string, unknown> => {
  if (!Number.isInteger(players) || players < niuNiuMinPlayers || players > niuNiuMaxPlayers) {
    throw new AppError('VALIDATION_FAILED', {
      message: `players is ${niuNiuMinPlayers} to ${niuNiuMaxPlayers} at Niu-Niu`,
    });
  }
  const deck = shuffleDeck(seeds);
  const deal = dealNiuNiu(deck, players);
  return {
    commitment: deckCommitment(seeds, deck),
    deck: deck.map(cardCode),
    hands: deal.hands.map((cards) => {
      const value = evaluateNiuNiu(cards);
      return {
        cards: cards.map(cardCode),
        category: value.category,
        points: value.points,
        multiplier: value.multiplier,
      };
    }),
    // For t players tied on the highest bid (2 … players): which of them, in dealing order, banks.
    tieBreaks: Object.fromEntries(
      Array.from({ length: players - 1 }, (_, index) => [String(index + 2), tieBreakIndex(deck, index + 2)]),
    ),
  };
};
