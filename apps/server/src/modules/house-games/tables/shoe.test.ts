import { describe, expect, it } from 'vitest';
import { createFairIntegerStream, drawFairIntegers } from '../fairness';
import {
  baccaratValue,
  type Card,
  cardAt,
  cardCode,
  orderedShoe,
  parseCard,
  ranks,
  shuffleShoe,
  suits,
} from './shoe';

const seeds = { serverSeed: 'table-server-seed', clientSeed: 'table-client-seed', nonce: 42 };
const codes = (cards: readonly Card[]) => cards.map(cardCode);
const countsOf = (cards: readonly Card[]) => {
  const counts = new Map<string, number>();
  for (const code of codes(cards)) counts.set(code, (counts.get(code) ?? 0) + 1);
  return counts;
};

describe('the ordered shoe', () => {
  it('holds 8 decks of 52 cards, deck after deck, suits S H D C, ranks A to K', () => {
    const shoe = orderedShoe();
    expect(shoe).toHaveLength(416);
    expect(codes(shoe.slice(0, 14))).toEqual([
      ...['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'JS', 'QS', 'KS'],
      'AH',
    ]);
    expect(codes(shoe.slice(50, 53))).toEqual(['QC', 'KC', 'AS']);
    const counts = countsOf(shoe);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((count) => count === 8)).toBe(true);
  });

  it('refuses a shoe without decks', () => {
    expect(() => orderedShoe(0)).toThrow(RangeError);
    expect(() => orderedShoe(1.5)).toThrow(RangeError);
  });
});

describe('the shuffle', () => {
  it('is a permutation of the 416 cards', () => {
    const shoe = shuffleShoe(createFairIntegerStream(seeds));
    expect(shoe).toHaveLength(416);
    expect(countsOf(shoe)).toEqual(countsOf(orderedShoe()));
    expect(codes(shoe)).not.toEqual(codes(orderedShoe()));
  });

  it('is the same for the same seeds and differs with the nonce or the client seed', () => {
    const shoe = codes(shuffleShoe(createFairIntegerStream(seeds)));
    expect(codes(shuffleShoe(createFairIntegerStream(seeds)))).toEqual(shoe);
    expect(codes(shuffleShoe(createFairIntegerStream({ ...seeds, nonce: 43 })))).not.toEqual(shoe);
    expect(codes(shuffleShoe(createFairIntegerStream({ ...seeds, clientSeed: 'other' })))).not.toEqual(shoe);
  });

  it('keeps the order it was published with (a change would break the check of past rounds)', () => {
    const shoe = shuffleShoe(createFairIntegerStream(seeds));
    // Recomputed outside this code base (Python: hmac, the rejection rule of fairness.ts, the same swaps).
    expect(codes(shoe.slice(0, 12))).toEqual([
      '2D',
      'AD',
      'TH',
      '8S',
      '2C',
      '7C',
      '7D',
      'QH',
      '2S',
      '3S',
      '8C',
      '7C',
    ]);
    expect(codes(shoe.slice(-4))).toEqual(['3H', 'AS', 'KS', '8D']);
  });

  it('draws the bounds n, n − 1, …, 2 and can be recomputed from the seeds alone', () => {
    const bounds: number[] = [];
    const stream = createFairIntegerStream(seeds);
    const shoe = shuffleShoe((bound) => {
      bounds.push(bound);
      return stream(bound);
    });
    expect(bounds).toEqual(Array.from({ length: 415 }, (_, i) => 416 - i));
    // A verifier's own Fisher–Yates over positions 0…415 of the ordered shoe.
    const order = Array.from({ length: 416 }, (_, i) => i);
    drawFairIntegers(seeds, bounds).forEach((offset, i) => {
      const j = i + offset;
      [order[i], order[j]] = [order[j] ?? -1, order[i] ?? -1];
    });
    const ordered = orderedShoe();
    expect(codes(shoe)).toEqual(codes(order.map((position) => cardAt(ordered, position))));
  });

  it('swaps position i with i + the drawn integer', () => {
    const deck = codes(orderedShoe(1));
    expect(codes(shuffleShoe(() => 0, 1))).toEqual(deck);
    // Always the last position: the last card comes to the top and every other card moves down by one.
    expect(codes(shuffleShoe((bound) => bound - 1, 1))).toEqual(['KC', ...deck.slice(0, -1)]);
    expect(() => shuffleShoe((bound) => bound, 1)).toThrow();
  });
});

describe('cards', () => {
  it('round-trip through their codes', () => {
    for (const card of orderedShoe(1)) expect(parseCard(cardCode(card))).toEqual(card);
    expect(parseCard('TD')).toEqual({ rank: 10, suit: 'D' });
    expect(suits).toHaveLength(4);
    expect(ranks).toHaveLength(13);
  });

  it('refuse codes that are not cards', () => {
    for (const code of ['', 'A', '1S', 'AX', '10S', 'as', 'ASS'])
      expect(() => parseCard(code)).toThrow(RangeError);
  });

  it('count ace 1, two to nine at face, ten and faces 0 in baccarat', () => {
    expect(
      ['AS', '2H', '5D', '9C', 'TS', 'JH', 'QD', 'KC'].map((code) => baccaratValue(parseCard(code))),
    ).toEqual([1, 2, 5, 9, 0, 0, 0, 0]);
  });

  it('are dealt by position and never past the end of the shoe', () => {
    const shoe = orderedShoe(1);
    expect(cardCode(cardAt(shoe, 51))).toBe('KC');
    expect(() => cardAt(shoe, 52)).toThrow(RangeError);
    expect(() => cardAt(shoe, -1)).toThrow(RangeError);
  });
});
