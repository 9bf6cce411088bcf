import type { PvpHandVerification } from '@wps/contracts/pvp';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { cardCode } from '../tables/shoe';
import { dealHoldem, deckCommitment, holdemMaximumSeats, shuffleDeck, verifyDeck } from './deck';
import { readHoldemState } from './holdem-codec';
import { isStoredNiuNiuState } from './niu-niu-codec';
import { verifyNiuNiuDeal, verifyNiuNiuHand } from './niu-niu-verify';
import * as repository from './pvp.repository';

/** The card rooms' kind on the house games' verification page (`/fairness`). */
export const pvpFairnessGame = 'pvp';

const formula =
  'deck = Fisher–Yates over the ordered 52 cards (S, H, D, C; A … K) with next(52 − i) of the fair stream ' +
  'HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`); commitment = sha256("pvp-deck:v1|" + serverSeed + ' +
  '"|" + clientSeed + "|" + nonce + "|" + the 52 card codes joined by spaces); hold\'em deals one card at a time ' +
  'from the first seat left of the button (player k of n: positions k and n + k), then burns one before the ' +
  'flop (2n + 1 … 2n + 3), the turn (2n + 5) and the river (2n + 7)';

const parseId = (text: string): bigint | null => (/^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : null);

/** Everything to check a settled hand: the revealed seed, the deck it shuffles, the commitment, the deal. */
export const verifyPvpHand = async (executor: Executor, handIdText: string): Promise<PvpHandVerification> => {
  const handId = parseId(handIdText);
  const hand = handId === null ? undefined : await repository.findHand(executor, handId);
  if (hand?.status !== 'settled')
    throw new AppError('NOT_FOUND', { message: 'No settled hand with this id' });
  if (isStoredNiuNiuState(hand.state)) return verifyNiuNiuHand(hand);
  const seeds = { serverSeed: hand.serverSeed, clientSeed: hand.clientSeed, nonce: hand.nonce };
  const verification = verifyDeck(seeds, hand.commitment);
  const state = readHoldemState(hand.state);
  const deck = verification.deck;
  const deal = dealHoldem(shuffleDeck(seeds), state.players.length);
  return {
    handId: hand.id.toString(),
    tableId: hand.tableId.toString(),
    number: hand.number,
    commitment: hand.commitment,
    ...seeds,
    deck,
    commitmentMatches: verification.commitmentMatches,
    holeCards: state.players.map((player, index) => {
      const positions = deal.holePositions[index] ?? [];
      return { seat: player.seat, positions, cards: positions.map((position) => deck[position] ?? '') };
    }),
    board: deal.boardPositions.slice(0, state.boardCount).map((position) => deck[position] ?? ''),
    boardPositions: deal.boardPositions.slice(0, state.boardCount),
    formula,
  };
};

/**
 * The verifier registered under `pvp` for the verification page: the seeds' deck, its commitment and the
 * hold'em deal for `players` (2 … 9, param); with the param `game` NIUNIU, the Niu-Niu deal (2 … 6 players).
 */
export const verifyPvpDeal = ({
  serverSeed,
  clientSeed,
  nonce,
  params,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}): Record<string, unknown> => {
  const players = Number(params.players ?? '2');
  if (params.game === 'NIUNIU') return verifyNiuNiuDeal({ serverSeed, clientSeed, nonce }, players);
  if (!Number.isInteger(players) || players < 2 || players > holdemMaximumSeats) {
    throw new AppError('VALIDATION_FAILED', { message: `players is 2 to ${holdemMaximumSeats}` });
  }
  const seeds = { serverSeed, clientSeed, nonce };
  const deck = shuffleDeck(seeds);
  const deal = dealHoldem(deck, players);
  return {
    commitment: deckCommitment(seeds, deck),
    deck: deck.map(cardCode),
    holeCards: deal.holeCards.map((cards) => cards.map(cardCode)),
    board: deal.board.map(cardCode),
  };
};
