import { describe, expect, it } from 'vitest';
import { createFairIntegerStream } from '../fairness';
import { type Card, cardCode, orderedShoe, parseCard } from '../tables/shoe';
import {
  bestHands,
  compareHands,
  evaluateHand,
  type HandCategory,
  handCategories,
  handName,
  type HandValue,
  pokerRank,
  rankHand,
} from './hand-evaluator';

const cardsOf = (text: string): Card[] => text.split(' ').map(parseCard);
const evaluate = (text: string): HandValue => evaluateHand(cardsOf(text));
const best = (text: string): string => evaluate(text).cards.map(cardCode).join(' ');

/**
 * An independent reference for five cards, the textbook way: group ranks by (count, rank) descending; flush
 * and straight (the wheel included) by inspection. Seven cards: the best of the 21 five-card subsets.
 */
const referenceFive = (cards: readonly Card[]): { category: HandCategory; tiebreak: number[] } => {
  const ranks = cards.map(pokerRank).sort((a, b) => b - a);
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map(([, count]) => count).join('');
  const flush = new Set(cards.map((card) => card.suit)).size === 1;
  const distinct = groups.length === 5;
  const wheel = distinct && ranks.join(',') === '14,5,4,3,2';
  const straight = distinct && (ranks[0] === (ranks[4] ?? 0) + 4 || wheel);
  const top = wheel ? 5 : (ranks[0] ?? 0);
  if (straight && flush) return { category: 'straightFlush', tiebreak: [top] };
  if (shape === '41') return { category: 'fourOfAKind', tiebreak: groups.map(([rank]) => rank) };
  if (shape === '32') return { category: 'fullHouse', tiebreak: groups.map(([rank]) => rank) };
  if (flush) return { category: 'flush', tiebreak: ranks };
  if (straight) return { category: 'straight', tiebreak: [top] };
  const category: HandCategory =
    shape === '311' ? 'threeOfAKind' : shape === '221' ? 'twoPair' : shape === '2111' ? 'pair' : 'highCard';
  return { category, tiebreak: groups.map(([rank]) => rank) };
};

const referenceKey = ({ category, tiebreak }: { category: HandCategory; tiebreak: number[] }): number[] => [
  handCategories.indexOf(category),
  ...tiebreak,
  ...Array.from({ length: 5 - tiebreak.length }, () => 0),
];

const compareKeys = (a: readonly number[], b: readonly number[]): number => {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
};

/** Every way to choose `size` of the cards. */
const subsets = (cards: readonly Card[], size: number): Card[][] => {
  if (size === 0) return [[]];
  return cards.flatMap((card, index) =>
    subsets(cards.slice(index + 1), size - 1).map((rest) => [card, ...rest]),
  );
};

const referenceBest = (cards: readonly Card[]): { category: HandCategory; tiebreak: number[] } => {
  const [first, ...others] = subsets(cards, 5).map(referenceFive);
  if (!first) throw new Error('no five cards');
  return others.reduce(
    (best, value) => (compareKeys(referenceKey(value), referenceKey(best)) > 0 ? value : best),
    first,
  );
};

describe('each category', () => {
  it.each([
    ['AS KS QS JS TS 2D 3C', 'straightFlush', [14], 'AS KS QS JS TS', 'Royal flush'],
    ['9H 8H 7H 6H 5H KD KC', 'straightFlush', [9], '9H 8H 7H 6H 5H', 'Straight flush'],
    ['7C 7D 7H 7S KD 2C 3C', 'fourOfAKind', [7, 13], '7C 7D 7H 7S KD', 'Four of a kind'],
    ['QS QH QD 4C 4D 9S 2H', 'fullHouse', [12, 4], 'QS QH QD 4C 4D', 'Full house'],
    ['AD JD 8D 6D 3D KS KC', 'flush', [14, 11, 8, 6, 3], 'AD JD 8D 6D 3D', 'Flush'],
    ['8S 7D 6C 5H 4S KD 2C', 'straight', [8], '8S 7D 6C 5H 4S', 'Straight'],
    ['JS JH JD AC 9S 4D 2C', 'threeOfAKind', [11, 14, 9], 'JS JH JD AC 9S', 'Three of a kind'],
    ['TS TH 5D 5C KS 7D 2C', 'twoPair', [10, 5, 13], 'TS TH 5D 5C KS', 'Two pair'],
    ['9S 9D AC JH 7S 4D 2C', 'pair', [9, 14, 11, 7], '9S 9D AC JH 7S', 'One pair'],
    ['AS QH 9D 7C 5S 3D 2H', 'highCard', [14, 12, 9, 7, 5], 'AS QH 9D 7C 5S', 'High card'],
  ] as const)('%s is %s', (text, category, tiebreak, five, name) => {
    const value = evaluate(text);
    expect(value.category).toBe(category);
    expect(value.tiebreak).toEqual(tiebreak);
    expect(value.cards.map(cardCode).join(' ')).toBe(five);
    expect(handName(value)).toBe(name);
  });

  it('ranks the categories in order, the worst of one above the best of the one below', () => {
    const ladder = [
      '7D 5C 4H 3S 2D', // the worst high card
      'AS KH QD JC 9S', // the best high card
      '2S 2H 5D 4C 3S', // the worst pair
      'AS AH KD QC JS', // the best pair
      '3S 3H 2D 2C 4S',
      'AS AH KD KC QS',
      '2S 2H 2D 3C 4S',
      'AS AH AD KC QS',
      'AS 2H 3D 4C 5S', // the wheel, the worst straight
      'AS KH QD JC TS',
      '7S 5S 4S 3S 2S', // the worst flush
      'AS KS QS JS 9S',
      '2S 2H 2D 3C 3S',
      'AS AH AD KC KS',
      '2S 2H 2D 2C 3S',
      'AS AH AD AC KS',
      'AS 2S 3S 4S 5S', // the steel wheel, the worst straight flush
      'AS KS QS JS TS',
    ].map(evaluate);
    for (let index = 1; index < ladder.length; index += 1) {
      const [lower, higher] = [ladder[index - 1], ladder[index]];
      if (!lower || !higher) throw new Error('a short ladder');
      expect(compareHands(higher, lower), `${handName(higher)} over ${handName(lower)}`).toBe(1);
    }
    expect(ladder.map((value) => value.category)).toEqual(
      handCategories.flatMap((category) => [category, category]),
    );
  });
});

describe('straights', () => {
  it('count the ace low in the wheel, as the lowest straight, and never wrap', () => {
    const wheel = evaluate('AS 2D 3C 4H 5S KD KC');
    expect(wheel.category).toBe('straight');
    expect(wheel.tiebreak).toEqual([5]);
    expect(best('AS 2D 3C 4H 5S KD KC')).toBe('5S 4H 3C 2D AS');
    expect(compareHands(evaluate('6S 2D 3C 4H 5S KD KC'), wheel)).toBe(1);
    expect(evaluate('QS KD AC 2H 3S 8D 9C').category).toBe('highCard');
    expect(evaluate('JS KD AC 2H 3S 4D QC').category).toBe('highCard');
  });

  it('take the highest of overlapping runs', () => {
    expect(evaluate('AS 2D 3C 4H 5S 6D 7C').tiebreak).toEqual([7]);
    expect(evaluate('9S TD JC QH KS AD 8C').tiebreak).toEqual([14]);
  });

  it('make a steel wheel a straight flush that a six-high straight flush beats', () => {
    const steel = evaluate('AH 2H 3H 4H 5H 6D KC');
    expect(steel.category).toBe('straightFlush');
    expect(steel.tiebreak).toEqual([5]);
    expect(best('AH 2H 3H 4H 5H 6D KC')).toBe('5H 4H 3H 2H AH');
    expect(compareHands(evaluate('6H 2H 3H 4H 5H AD KC'), steel)).toBe(1);
  });

  it('are no straight flush when the run and the flush are different cards', () => {
    // A straight 5-9 and a heart flush without five hearts in a row: a flush.
    const value = evaluate('5H 6H 7D 8H 9C KH 2H');
    expect(value.category).toBe('flush');
    expect(value.tiebreak).toEqual([13, 8, 6, 5, 2]);
  });

  it('prefer a straight flush to a higher straight around it', () => {
    const value = evaluate('5S 6S 7S 8S 9S TD JC');
    expect(value.category).toBe('straightFlush');
    expect(value.tiebreak).toEqual([9]);
  });
});

describe('seven cards', () => {
  it('use the higher trips of two, the lower as the pair', () => {
    expect(evaluate('5S 5H 5D KC KS KH 2D').tiebreak).toEqual([13, 5]);
    expect(best('5S 5H 5D KC KS KH 2D')).toBe('KC KS KH 5S 5H');
  });

  it('take the best pair beside the trips for a full house', () => {
    expect(evaluate('5S 5H 5D 9C 9S QH QD').tiebreak).toEqual([5, 12]);
  });

  it('play quads with the best other card, even from a pair or trips', () => {
    expect(evaluate('8S 8H 8D 8C KS KH 2D').tiebreak).toEqual([8, 13]);
    expect(evaluate('8S 8H 8D 8C 3S 3H 3D').tiebreak).toEqual([8, 3]);
  });

  it('keep the two best of three pairs and the best card left, even from the third pair', () => {
    expect(evaluate('AS AH 9D 9C 4S 4H 2D').tiebreak).toEqual([14, 9, 4]);
    expect(evaluate('AS AH 9D 9C 4S 4H KD').tiebreak).toEqual([14, 9, 13]);
  });

  it('take the five highest of six or seven suited cards', () => {
    expect(evaluate('2C 5C 7C 9C JC KC AC').tiebreak).toEqual([14, 13, 11, 9, 7]);
    expect(best('2C 5C 7C 9C JC KC 3D')).toBe('KC JC 9C 7C 5C');
  });

  it('also evaluate five and six cards, and refuse fewer, more or duplicates', () => {
    expect(evaluate('AS AH 9D 9C 4S').category).toBe('twoPair');
    expect(evaluate('AS AH 9D 9C 4S 9H').category).toBe('fullHouse');
    expect(() => evaluate('AS AH 9D 9C')).toThrow(RangeError);
    expect(() => evaluate('AS AH 9D 9C 4S 4H 2D 3D')).toThrow(RangeError);
    expect(() => evaluate('AS AS 9D 9C 4S')).toThrow(RangeError);
  });
});

describe('ties and kickers', () => {
  it('split when the board plays', () => {
    const board = 'TS JH QD KC AS';
    const first = evaluate(`${board} 2C 3D`);
    const second = evaluate(`${board} 4H 5H`);
    expect(compareHands(first, second)).toBe(0);
    expect(first.score).toBe(second.score);
    expect(
      bestHands([
        { seat: 1, value: first },
        { seat: 4, value: second },
        { seat: 6, value: evaluate('2S 3S 4D 9C 8C 7H 5D') },
      ]).map((entry) => entry.seat),
    ).toEqual([1, 4]);
  });

  it('decide by the kicker, and only within the best five', () => {
    const board = 'AS AD 9C 7H 4S';
    expect(compareHands(evaluate(`${board} KD 2C`), evaluate(`${board} QD JC`))).toBe(1);
    // Both play A A K Q J: the sixth and seventh cards do not count.
    const kings = 'AS AD KC QH JS';
    expect(compareHands(evaluate(`${kings} 9D 2C`), evaluate(`${kings} 8D 3C`))).toBe(0);
  });

  it('counterfeit a two pair when the board pairs higher', () => {
    // Board 8 8 J J A: 5-5 and 6-6 both play J J 8 8 A and split.
    const board = '8S 8D JC JH AS';
    expect(compareHands(evaluate(`${board} 5D 5C`), evaluate(`${board} 6D 6C`))).toBe(0);
  });

  it('never let suits break a tie', () => {
    expect(compareHands(evaluate('AS KS QS JS 9S'), evaluate('AH KH QH JH 9H'))).toBe(0);
    expect(compareHands(evaluate('9S 8D 7C 6H 5S'), evaluate('9H 8C 7D 6S 5H'))).toBe(0);
  });

  it('compare inside a category rank by rank', () => {
    expect(compareHands(evaluate('KS KH KD 2C 2S'), evaluate('QS QH QD AC AS'))).toBe(1);
    expect(compareHands(evaluate('AS KS QS JS 8S'), evaluate('AH KH QH JH 7H'))).toBe(1);
    expect(compareHands(evaluate('TS TH 9D 9C 3S'), evaluate('TD TC 8D 8C AS'))).toBe(1);
    expect(compareHands(evaluate('TS TH 9D 9C 3S'), evaluate('TD TC 9S 9H 2S'))).toBe(1);
    expect(compareHands(evaluate('5S 5H 5D AC KS'), evaluate('5C 4H 4D 4C AH'))).toBe(1);
  });
});

describe('every five-card hand', () => {
  it('falls in the textbook counts per category and 7 462 distinct values', () => {
    const deck = orderedShoe(1);
    const perCategory = handCategories.map(() => 0);
    const scores = new Set<number>();
    const hand = deck.slice(0, 5);
    const card = (index: number): Card => deck[index] ?? deck[0] ?? parseCard('AS');
    for (let a = 0; a < 52; a += 1) {
      hand[0] = card(a);
      for (let b = a + 1; b < 52; b += 1) {
        hand[1] = card(b);
        for (let c = b + 1; c < 52; c += 1) {
          hand[2] = card(c);
          for (let d = c + 1; d < 52; d += 1) {
            hand[3] = card(d);
            for (let e = d + 1; e < 52; e += 1) {
              hand[4] = card(e);
              const value = rankHand(hand);
              const index = handCategories.indexOf(value.category);
              perCategory[index] = (perCategory[index] ?? 0) + 1;
              scores.add(value.score);
            }
          }
        }
      }
    }
    const counts = new Map(handCategories.map((category, index) => [category, perCategory[index]]));
    // The score's leading base-16 digit above the five ranks is the category.
    const distinct = new Map<HandCategory, number>();
    for (const score of scores) {
      const category = handCategories[Math.floor(score / 16 ** 5)];
      if (category) distinct.set(category, (distinct.get(category) ?? 0) + 1);
    }
    expect(scores.size).toBe(7_462);
    expect(Object.fromEntries(counts)).toEqual({
      straightFlush: 40,
      fourOfAKind: 624,
      fullHouse: 3_744,
      flush: 5_108,
      straight: 10_200,
      threeOfAKind: 54_912,
      twoPair: 123_552,
      pair: 1_098_240,
      highCard: 1_302_540,
    });
    expect(Object.fromEntries(distinct)).toEqual({
      straightFlush: 10,
      fourOfAKind: 156,
      fullHouse: 156,
      flush: 1_277,
      straight: 10,
      threeOfAKind: 858,
      twoPair: 858,
      pair: 2_860,
      highCard: 1_277,
    });
  });
});

describe('seven-card hands against the best-of-21 reference', () => {
  it('agree on the category, the tie-break ranks and the order of 3 000 fair-dealt hands', () => {
    const next = createFairIntegerStream({ serverSeed: 'evaluator', clientSeed: 'reference', nonce: 0 });
    const deck = orderedShoe(1);
    const categories = new Set<HandCategory>();
    let previous: { value: HandValue; key: number[] } | null = null;
    for (let round = 0; round < 3_000; round += 1) {
      // A partial Fisher–Yates: seven distinct cards.
      const cards = [...deck];
      for (let i = 0; i < 7; i += 1) {
        const j = i + next(52 - i);
        const [first, other] = [cards[i], cards[j]];
        if (!first || !other) throw new Error('outside the deck');
        cards[i] = other;
        cards[j] = first;
      }
      const seven = cards.slice(0, 7);
      const value = evaluateHand(seven);
      const reference = referenceBest(seven);
      expect(value.category).toBe(reference.category);
      expect(value.tiebreak).toEqual(reference.tiebreak);
      expect(referenceFive(value.cards)).toEqual(reference);
      expect(rankHand(seven).score).toBe(value.score);
      const key = referenceKey(reference);
      if (previous) expect(compareHands(value, previous.value)).toBe(compareKeys(key, previous.key));
      previous = { value, key };
      categories.add(value.category);
    }
    // Straight flushes are 1 in 3 200 seven-card hands: the sample sees every other category.
    expect(categories.size).toBeGreaterThanOrEqual(8);
  });
});
