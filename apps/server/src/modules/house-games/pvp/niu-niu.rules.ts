import { type Card, cardAt, cardCode, type Suit } from '../tables/shoe';

/**
 * Niu-Niu (Bull Bull) hands, free of money storage: one 52-card deck, no jokers, five cards a player.
 *
 * Card values: ace 1, two to nine at face, ten, jack, queen and king 10.
 * A hand "has a bull" when three of its cards add up to a multiple of 10; its points are then the last digit
 * of the other two cards' sum, and a last digit of 0 is bull-bull. As the three add up to 0 modulo 10, the
 * points are simply (sum of all five) mod 10, whichever three make the bull. No three adding up to a
 * multiple of 10 is "no bull".
 *
 * Categories, high to low (the special hands outrank every bull; a hand that is two of them counts as the
 * higher):
 *   five small bull   every card worth less than 5 (A, 2, 3, 4) and the five add up to 10 or less
 *   bomb              four cards of one rank
 *   five face bull    five jacks, queens or kings
 *   bull-bull, bull 9, bull 8, …, bull 1, no bull
 * (Variants that add "four faces" or a ten in the five faces are not played here.)
 *
 * Ties: inside a category (and for bulls, the same points) the hand with the highest card wins; cards rank
 * K > Q > J > 10 > … > 2 > A, then by suit spades > hearts > clubs > diamonds; two bombs compare the rank of
 * their four. With one deck no two hands tie.
 *
 * Pay multipliers of the winning hand (the banker game pays stake × the winner's multiplier): no bull and
 * bull 1–6 ×1, bull 7–9 ×2, bull-bull ×3, the special hands ×5 — the table of the live-casino game, with its
 * "5 pictures" ×5 given to every special hand.
 */

export const niuNiuCategories = [
  'noBull',
  'bull',
  'bullBull',
  'fiveFaceBull',
  'bomb',
  'fiveSmallBull',
] as const;
export type NiuNiuCategory = (typeof niuNiuCategories)[number];

export type NiuNiuHand = {
  cards: Card[];
  category: NiuNiuCategory;
  /** Bull 1–9: 1–9; bull-bull and the special hands: 10 when they also make a bull, else (sum mod 10); no bull: 0. */
  points: number;
  /** Three cards adding up to a multiple of 10 (the first such three in dealt order), or null. */
  bull: Card[] | null;
  /** The card that breaks ties (for a bomb, the spade of its four). */
  highCard: Card;
  multiplier: number;
  /** Higher is better; with one deck never equal for two hands. */
  score: number;
};

/** Ace 1, two to nine at face, tens and faces 10. */
export const niuNiuValue = (card: Card): number => (card.rank >= 10 ? 10 : card.rank);

const suitOrder: Readonly<Record<Suit, number>> = { S: 3, H: 2, C: 1, D: 0 };

/** Rank first (king high, ace low), then suit (spades high, diamonds low). */
export const compareCards = (a: Card, b: Card): number =>
  a.rank !== b.rank ? a.rank - b.rank : suitOrder[a.suit] - suitOrder[b.suit];

const cardScore = (card: Card): number => card.rank * 4 + suitOrder[card.suit];

/** 0 for no bull, 1–9, 10 for bull-bull, then the special hands. */
const levelOf = (category: NiuNiuCategory, points: number): number => {
  switch (category) {
    case 'noBull':
      return 0;
    case 'bull':
      return points;
    case 'bullBull':
      return 10;
    case 'fiveFaceBull':
      return 11;
    case 'bomb':
      return 12;
    case 'fiveSmallBull':
      return 13;
  }
};

export const niuNiuMultiplier = (category: NiuNiuCategory, points: number): number => {
  switch (category) {
    case 'noBull':
      return 1;
    case 'bull':
      return points >= 7 ? 2 : 1;
    case 'bullBull':
      return 3;
    case 'fiveFaceBull':
    case 'bomb':
    case 'fiveSmallBull':
      return 5;
  }
};

const findBull = (cards: readonly Card[]): Card[] | null => {
  for (let i = 0; i < cards.length; i += 1) {
    for (let j = i + 1; j < cards.length; j += 1) {
      for (let k = j + 1; k < cards.length; k += 1) {
        const three = [cards[i], cards[j], cards[k]].filter((card) => card !== undefined);
        if (three.reduce((sum, card) => sum + niuNiuValue(card), 0) % 10 === 0) return three;
      }
    }
  }
  return null;
};

const highestOf = (cards: readonly Card[]): Card => {
  const [first, ...rest] = cards;
  if (!first) throw new RangeError('no card');
  return rest.reduce((best, card) => (compareCards(card, best) > 0 ? card : best), first);
};

/** The hand's category, points, multiplier and score. */
export const evaluateNiuNiu = (cards: readonly Card[]): NiuNiuHand => {
  if (cards.length !== 5) throw new RangeError(`a Niu-Niu hand is 5 cards, not ${cards.length}`);
  if (new Set(cards.map(cardCode)).size !== 5)
    throw new RangeError('a Niu-Niu hand cannot hold a card twice');
  const total = cards.reduce((sum, card) => sum + niuNiuValue(card), 0);
  const bull = findBull(cards);
  const points = bull ? total % 10 || 10 : 0;
  const rankCounts = new Map<number, Card[]>();
  for (const card of cards) rankCounts.set(card.rank, [...(rankCounts.get(card.rank) ?? []), card]);
  const four = [...rankCounts.values()].find((same) => same.length === 4);
  let category: NiuNiuCategory;
  let highCard = highestOf(cards);
  if (cards.every((card) => niuNiuValue(card) < 5) && total <= 10) category = 'fiveSmallBull';
  else if (four) {
    category = 'bomb';
    highCard = highestOf(four);
  } else if (cards.every((card) => card.rank >= 11)) category = 'fiveFaceBull';
  else if (!bull) category = 'noBull';
  else category = points === 10 ? 'bullBull' : 'bull';
  return {
    cards: [...cards],
    category,
    points,
    bull,
    highCard,
    multiplier: niuNiuMultiplier(category, points),
    score: levelOf(category, points) * 64 + cardScore(highCard),
  };
};

/** Negative when a loses to b, positive when a beats b, 0 only for the same cards. */
export const compareNiuNiu = (a: NiuNiuHand, b: NiuNiuHand): number => Math.sign(a.score - b.score);

export type BankerComparison = {
  /** The player's hand beats the banker's. */
  playerWins: boolean;
  /** The winning hand's multiplier: the loser pays stake × this. */
  multiplier: number;
};

/** A player against the banker: the better hand wins and is paid by its own multiplier. */
export const compareWithBanker = (banker: NiuNiuHand, player: NiuNiuHand): BankerComparison => {
  const playerWins = compareNiuNiu(player, banker) > 0;
  return { playerWins, multiplier: playerWins ? player.multiplier : banker.multiplier };
};

export type NiuNiuDeal = { hands: Card[][]; positions: number[][] };

/**
 * Five cards each from the top of the deck, one at a time round the table starting with player 0: player k
 * of n gets positions k, n + k, 2n + k, 3n + k, 4n + k. Two to ten players (five cards each from 52).
 */
export const dealNiuNiu = (deck: readonly Card[], players: number): NiuNiuDeal => {
  if (!Number.isInteger(players) || players < 2 || players > 10) {
    throw new RangeError(`Niu-Niu deals to 2 … 10 players, not ${players}`);
  }
  const positions = Array.from({ length: players }, (_, player) =>
    Array.from({ length: 5 }, (__, round) => round * players + player),
  );
  return { hands: positions.map((own) => own.map((position) => cardAt(deck, position))), positions };
};
