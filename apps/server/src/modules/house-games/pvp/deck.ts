import { createHash } from 'node:crypto';
import { createFairIntegerStream, type FairSeeds } from '../fairness';
import { type Card, cardAt, cardCode, shuffleShoe } from '../tables/shoe';

/**
 * The committed deck of a PVP hand (hold'em, Niu-Niu), free of storage.
 *
 * Before the deal the server draws a fresh server seed, fixes the hand's client seed and nonce, shuffles one
 * 52-card deck from them and publishes
 *
 *   commitment = sha256("pvp-deck:v1|" + serverSeed + "|" + clientSeed + "|" + nonce + "|" + the 52 card
 *                codes in deck order, joined by spaces)
 *
 * The shuffle is `shuffleShoe` of the card tables with one deck: Fisher–Yates over the ordered deck (suits S,
 * H, D, C; ranks A … K), position i swapped with i + next(52 − i) for i = 0 … 50, `next` the fair integer
 * stream of (serverSeed, clientSeed, nonce) — 51 draws, every order equally likely. The server seed inside
 * the hash is 32 random bytes, so the commitment gives away nothing of the order (not even to a player who
 * knows their own hole cards). After the hand the server reveals the seed; anyone shuffles again, hashes,
 * and checks the commitment and every card they saw against its position.
 */

export const deckSize = 52;

/** The deck of a hand. */
export const shuffleDeck = (seeds: FairSeeds): Card[] => shuffleShoe(createFairIntegerStream(seeds), 1);

/** The text whose sha256 is the commitment. */
export const commitmentText = (seeds: FairSeeds, deck: readonly Card[]): string =>
  `pvp-deck:v1|${seeds.serverSeed}|${seeds.clientSeed}|${seeds.nonce}|${deck.map(cardCode).join(' ')}`;

/** sha256 hex of the commitment text. */
export const deckCommitment = (seeds: FairSeeds, deck: readonly Card[]): string =>
  createHash('sha256').update(commitmentText(seeds, deck)).digest('hex');

export type CommittedDeck = { deck: Card[]; commitment: string };

/** The hand's deck and the commitment published before the deal. */
export const commitDeck = (seeds: FairSeeds): CommittedDeck => {
  const deck = shuffleDeck(seeds);
  return { deck, commitment: deckCommitment(seeds, deck) };
};

/** A card a player saw (its code, e.g. "TD"), at its deck position (see the dealing order of each game). */
export type SeenCard = { position: number; card: string };

export type DeckVerification = {
  /** The deck the revealed seeds shuffle, as codes. */
  deck: string[];
  commitmentMatches: boolean;
  /** Positions whose seen card differs from the deck (or lies outside it). */
  mismatches: number[];
  verified: boolean;
};

/** The check a player runs once the seed is revealed: the commitment, then every card they saw. */
export const verifyDeck = (
  seeds: FairSeeds,
  commitment: string,
  seen: readonly SeenCard[] = [],
): DeckVerification => {
  const deck = shuffleDeck(seeds);
  const commitmentMatches = deckCommitment(seeds, deck) === commitment.toLowerCase();
  const mismatches = seen
    .filter(({ position, card }) => {
      const dealt = deck[position];
      return dealt === undefined || cardCode(dealt) !== card;
    })
    .map(({ position }) => position);
  return {
    deck: deck.map(cardCode),
    commitmentMatches,
    mismatches,
    verified: commitmentMatches && mismatches.length === 0,
  };
};

export const holdemMaximumSeats = 9;

export type HoldemDeal = {
  /** Per player in dealing order (player 0 is the first left of the button): two cards. */
  holeCards: Card[][];
  /** Flop, turn, river. */
  board: Card[];
  /** Deck positions of each player's cards and of the board, for `verifyDeck`. */
  holePositions: number[][];
  boardPositions: number[];
  /** Cards used, burns included: 2n + 8. */
  cardsUsed: number;
};

/**
 * Hold'em from the top of the deck as a dealer does: one card at a time round the table twice starting left
 * of the button (player k of n gets positions k and n + k), then burn one and three for the flop, burn one
 * and the turn, burn one and the river. Positions: burns 2n, 2n + 4, 2n + 6; flop 2n + 1 … 2n + 3; turn
 * 2n + 5; river 2n + 7. The whole board is fixed by the deck whether or not the hand reaches it.
 */
export const dealHoldem = (deck: readonly Card[], players: number): HoldemDeal => {
  if (!Number.isInteger(players) || players < 2 || players > holdemMaximumSeats) {
    throw new RangeError(`hold'em deals to 2 … ${holdemMaximumSeats} players, not ${players}`);
  }
  const holePositions = Array.from({ length: players }, (_, player) => [player, players + player]);
  const start = 2 * players;
  const boardPositions = [start + 1, start + 2, start + 3, start + 5, start + 7];
  return {
    holeCards: holePositions.map((positions) => positions.map((position) => cardAt(deck, position))),
    board: boardPositions.map((position) => cardAt(deck, position)),
    holePositions,
    boardPositions,
    cardsUsed: start + 8,
  };
};
