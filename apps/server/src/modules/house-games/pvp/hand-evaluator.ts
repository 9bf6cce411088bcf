import type { Card, Suit } from '../tables/shoe';

/**
 * Poker hands, exactly: the best five cards of five to seven (hold'em: two hole cards and the board).
 *
 * Categories, low to high: high card, one pair, two pair, three of a kind, straight, flush, full house, four
 * of a kind, straight flush (the ace-high one is the royal flush). Aces are high (14) and also low in the
 * wheel A-2-3-4-5, a straight (or straight flush) of top card 5, the lowest of its category; straights do not
 * wrap (Q-K-A-2-3 is no straight). Suits never rank.
 *
 * Ties are broken inside a category by the ranks that matter, most significant first:
 * - straight, straight flush: the top card;
 * - four of a kind: the quads, then the best other card;
 * - full house: the trips, then the pair (with two trips, the higher makes the trips, the lower the pair);
 * - flush, high card: the five cards from the highest down;
 * - three of a kind: the trips, then two kickers; two pair: the higher pair, the lower pair, one kicker
 *   (with three pairs, the third pair's rank may be that kicker); one pair: the pair, then three kickers.
 * Hands equal on all of these tie and split the pot; a kicker outside the best five never counts.
 *
 * `score` packs the category and those ranks into one number (category × 16^5 + ranks in base 16, left
 * aligned), so a higher score is a better hand and equal scores tie.
 */

export const handCategories = [
  'highCard',
  'pair',
  'twoPair',
  'threeOfAKind',
  'straight',
  'flush',
  'fullHouse',
  'fourOfAKind',
  'straightFlush',
] as const;
export type HandCategory = (typeof handCategories)[number];

export type HandValue = {
  category: HandCategory;
  /** Higher is better; equal is a tie. */
  score: number;
  /** The ranks that break ties, most significant first (2 … 14, ace 14; a wheel's top card is 5). */
  tiebreak: number[];
  /** The best five cards: the made part first, then kickers; a straight from its top card down. */
  cards: Card[];
};

/** Two to ten at face, jack 11, queen 12, king 13, ace 14. */
export const pokerRank = (card: Card): number => (card.rank === 1 ? 14 : card.rank);

const categoryIndex: Readonly<Record<HandCategory, number>> = {
  highCard: 0,
  pair: 1,
  twoPair: 2,
  threeOfAKind: 3,
  straight: 4,
  flush: 5,
  fullHouse: 6,
  fourOfAKind: 7,
  straightFlush: 8,
};

const scoreOf = (category: HandCategory, tiebreak: readonly number[]): number => {
  let score = categoryIndex[category];
  for (let index = 0; index < 5; index += 1) score = score * 16 + (tiebreak[index] ?? 0);
  return score;
};

/** The top card of the best straight among the ranks in `mask` (bit r for rank r), or 0. */
const straightTop = (mask: number): number => {
  for (let top = 14; top >= 6; top -= 1) {
    const run = 0b11111 << (top - 4);
    if ((mask & run) === run) return top;
  }
  // The wheel: 5, 4, 3, 2 and the ace.
  const wheel = 0b111100 | (1 << 14);
  return (mask & wheel) === wheel ? 5 : 0;
};

/** The ranks of a straight from its top card down (the wheel's ace last, as 14). */
const straightRanks = (top: number): number[] =>
  top === 5 ? [5, 4, 3, 2, 14] : [top, top - 1, top - 2, top - 3, top - 4];

const suitIndex: Readonly<Record<Suit, number>> = { S: 0, H: 1, D: 2, C: 3 };

const bitCount = (mask: number): number => {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
};

/** The ranks of a mask, highest first. */
const ranksOf = (mask: number, limit: number): number[] => {
  const ranks: number[] = [];
  for (let rank = 14; rank >= 2 && ranks.length < limit; rank -= 1) if (mask & (1 << rank)) ranks.push(rank);
  return ranks;
};

/** A hand's category and tie-break ranks, without its cards: all that decides who wins. */
export type HandRanking = Omit<HandValue, 'cards'> & {
  /** The suit of a flush or straight flush. */
  flushSuit: Suit | null;
};

const suitsInOrder = ['S', 'H', 'D', 'C'] as const;

const ranking = (category: HandCategory, tiebreak: number[], flushSuit: Suit | null = null): HandRanking => ({
  category,
  score: scoreOf(category, tiebreak),
  tiebreak,
  flushSuit,
});

/** The best `count` ranks of the mask other than `used`. */
const kickersOf = (mask: number, used: readonly number[], count: number): number[] => {
  let rest = mask;
  for (const rank of used) rest &= ~(1 << rank);
  return ranksOf(rest, count);
};

/**
 * The category and tie-break ranks of the best five of five to seven distinct cards. Ranks are read as bit
 * masks (bit r for rank r), one per suit, and counted per rank.
 */
export const rankHand = (cards: readonly Card[]): HandRanking => {
  if (cards.length < 5 || cards.length > 7) {
    throw new RangeError(`a poker hand is made from 5 to 7 cards, not ${cards.length}`);
  }
  const suitMasks = [0, 0, 0, 0];
  const counts = new Uint8Array(15);
  let mask = 0;
  for (const card of cards) {
    const rank = pokerRank(card);
    const bit = 1 << rank;
    const suit = suitIndex[card.suit];
    const suited = suitMasks[suit] ?? 0;
    if (suited & bit) throw new RangeError('a poker hand cannot hold the same card twice');
    suitMasks[suit] = suited | bit;
    counts[rank] = (counts[rank] ?? 0) + 1;
    mask |= bit;
  }

  // Flush and straight flush (with five or more of one suit among seven cards, no full house or quads fits).
  for (let index = 0; index < suitsInOrder.length; index += 1) {
    const suited = suitMasks[index] ?? 0;
    const suit = suitsInOrder[index];
    if (suit === undefined || bitCount(suited) < 5) continue;
    const top = straightTop(suited);
    if (top > 0) return ranking('straightFlush', [top], suit);
    return ranking('flush', ranksOf(suited, 5), suit);
  }

  // The highest quads, the two highest trips and the two highest pairs.
  let quadRank = 0;
  let tripRank = 0;
  let secondTrip = 0;
  let highPair = 0;
  let lowPair = 0;
  for (let rank = 14; rank >= 2; rank -= 1) {
    const count = counts[rank] ?? 0;
    if (count === 4) quadRank = rank;
    else if (count === 3) {
      if (tripRank === 0) tripRank = rank;
      else if (secondTrip === 0) secondTrip = rank;
    } else if (count === 2) {
      if (highPair === 0) highPair = rank;
      else if (lowPair === 0) lowPair = rank;
    }
  }
  if (quadRank > 0) return ranking('fourOfAKind', [quadRank, ...kickersOf(mask, [quadRank], 1)]);
  const pairRank = Math.max(secondTrip, highPair);
  if (tripRank > 0 && pairRank > 0) return ranking('fullHouse', [tripRank, pairRank]);
  const top = straightTop(mask);
  if (top > 0) return ranking('straight', [top]);
  if (tripRank > 0) return ranking('threeOfAKind', [tripRank, ...kickersOf(mask, [tripRank], 2)]);
  if (lowPair > 0) return ranking('twoPair', [highPair, lowPair, ...kickersOf(mask, [highPair, lowPair], 1)]);
  if (highPair > 0) return ranking('pair', [highPair, ...kickersOf(mask, [highPair], 3)]);
  return ranking('highCard', ranksOf(mask, 5));
};

/** `count` of the cards of `rank` (of `suit` when given), in input order. */
const cardsOf = (cards: readonly Card[], rank: number, count: number, suit: Suit | null = null): Card[] => {
  const picked: Card[] = [];
  for (const card of cards) {
    if (picked.length < count && pokerRank(card) === rank && (suit === null || card.suit === suit)) {
      picked.push(card);
    }
  }
  return picked;
};

/** The five cards a ranking is made of: the made part first, then kickers, one card per rank listed. */
const bestFive = (cards: readonly Card[], { category, tiebreak, flushSuit }: HandRanking): Card[] => {
  const [first = 0, second = 0, ...rest] = tiebreak;
  const singles = (ranks: readonly number[], suit: Suit | null = null) =>
    ranks.flatMap((rank) => cardsOf(cards, rank, 1, suit));
  switch (category) {
    case 'straightFlush':
    case 'straight':
      return singles(straightRanks(first), flushSuit);
    case 'flush':
    case 'highCard':
      return singles(tiebreak, flushSuit);
    case 'fourOfAKind':
      return [...cardsOf(cards, first, 4), ...singles([second])];
    case 'fullHouse':
      return [...cardsOf(cards, first, 3), ...cardsOf(cards, second, 2)];
    case 'threeOfAKind':
      return [...cardsOf(cards, first, 3), ...singles([second, ...rest])];
    case 'twoPair':
      return [...cardsOf(cards, first, 2), ...cardsOf(cards, second, 2), ...singles(rest)];
    case 'pair':
      return [...cardsOf(cards, first, 2), ...singles([second, ...rest])];
  }
};

/** The best five-card hand of five to seven distinct cards, with its cards. */
export const evaluateHand = (cards: readonly Card[]): HandValue => {
  const ranked = rankHand(cards);
  return {
    category: ranked.category,
    score: ranked.score,
    tiebreak: ranked.tiebreak,
    cards: bestFive(cards, ranked),
  };
};

/** Negative when a is the worse hand, 0 for a tie, positive when a is better. */
export const compareHands = (a: HandValue, b: HandValue): number => Math.sign(a.score - b.score);

/** Of several players' hands, the ones that win (more than one: they split). */
export const bestHands = <E extends { value: HandValue }>(entries: readonly E[]): E[] => {
  const best = Math.max(...entries.map((entry) => entry.value.score));
  return entries.filter((entry) => entry.value.score === best);
};

const categoryNames: Readonly<Record<HandCategory, string>> = {
  highCard: 'High card',
  pair: 'One pair',
  twoPair: 'Two pair',
  threeOfAKind: 'Three of a kind',
  straight: 'Straight',
  flush: 'Flush',
  fullHouse: 'Full house',
  fourOfAKind: 'Four of a kind',
  straightFlush: 'Straight flush',
};

/** The hand's name as a table shows it: "Full house", "Royal flush". */
export const handName = (value: HandValue): string =>
  value.category === 'straightFlush' && value.tiebreak[0] === 14
    ? 'Royal flush'
    : categoryNames[value.category];
