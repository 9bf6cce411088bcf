import { describe, expect, it } from 'vitest';
import { type Card, cardCode, parseCard, type Rank, ranks as allRanks, suits } from '../tables/shoe';
import { shuffleDeck } from './deck';
import {
  compareCards,
  compareNiuNiu,
  compareWithBanker,
  dealNiuNiu,
  evaluateNiuNiu,
  type NiuNiuCategory,
  niuNiuCategories,
  niuNiuMultiplier,
  niuNiuValue,
} from './niu-niu.rules';

const hand = (text: string) => evaluateNiuNiu(text.split(' ').map(parseCard));
const codes = (cards: readonly Card[] | null) => (cards ?? []).map(cardCode).join(' ');

describe('card values', () => {
  it('count the ace 1, two to nine at face, tens and faces 10', () => {
    expect(
      ['AS', '2H', '5D', '9C', 'TS', 'JH', 'QD', 'KC'].map((code) => niuNiuValue(parseCard(code))),
    ).toEqual([1, 2, 5, 9, 10, 10, 10, 10]);
  });

  it('rank cards king high, ace low, then spades, hearts, clubs, diamonds', () => {
    expect(compareCards(parseCard('KD'), parseCard('QS'))).toBeGreaterThan(0);
    expect(compareCards(parseCard('2D'), parseCard('AS'))).toBeGreaterThan(0);
    const kings = ['KS', 'KH', 'KC', 'KD'].map(parseCard);
    for (let index = 1; index < kings.length; index += 1) {
      const [higher, lower] = [kings[index - 1], kings[index]];
      if (!higher || !lower) throw new Error('a short list');
      expect(compareCards(higher, lower)).toBeGreaterThan(0);
    }
  });
});

describe('hands', () => {
  it.each([
    ['5S 6H 8D KC QD', 'noBull', 0, 1],
    ['8S 2H 9D AC 5S', 'noBull', 0, 1], // 8 + 2 make 10 but no three do: no bull, not 5 points
    ['3S 4H KD QC TS', 'bull', 7, 2],
    ['2S 4H KD QC 6S', 'bull', 2, 1],
    ['AS 5H 4D QC 9S', 'bull', 9, 2],
    ['AS 9D TC JH QS', 'bullBull', 10, 3],
    ['TS JH QD KC KS', 'bullBull', 10, 3], // a ten is no face
    ['JS QH KD JC QD', 'fiveFaceBull', 10, 5],
    ['8S 8H 8D 8C 3S', 'bomb', 0, 5], // 8 + 8 + 8 + 8 + 3 = 35: no three make a multiple of 10
    ['KS KH KD KC QS', 'bomb', 10, 5], // four kings and a queen: a bomb rather than five faces
    ['AS AH 2D 2C 4S', 'fiveSmallBull', 0, 5], // 10 in all, yet no three make 10
    ['AS AH AD AC 2S', 'fiveSmallBull', 0, 5], // also a bomb: the higher counts
    ['AS 2H 3D 4C 4S', 'bull', 4, 1], // all under 5 but 14 in all: no five small bull
  ] as const)('%s is %s %i (×%i)', (text, category, points, multiplier) => {
    const value = hand(text);
    expect(value.category).toBe(category);
    expect(value.points).toBe(points);
    expect(value.multiplier).toBe(multiplier);
  });

  it('shows the three cards of the bull, whose points are the five cards’ sum mod 10 whichever three', () => {
    expect(codes(hand('3S 4H KD QC TS').bull)).toBe('KD QC TS');
    // 2 + 8 + 10 and 5 + 5 + 10 both make a bull; either way the other two make 10.
    const twoWays = hand('2S 8H 5D 5C TD');
    expect(codes(twoWays.bull)).toBe('2S 8H TD');
    expect(twoWays.category).toBe('bullBull');
    expect(hand('5S 6H 8D KC QD').bull).toBeNull();
  });

  it('refuses other than five distinct cards', () => {
    expect(() => hand('AS 2H 3D 4C')).toThrow(RangeError);
    expect(() => hand('AS 2H 3D 4C 5S 6S')).toThrow(RangeError);
    expect(() => hand('AS AS 3D 4C 5S')).toThrow(RangeError);
  });

  it('pays ×1 up to bull 6, ×2 for bull 7 to 9, ×3 for bull-bull and ×5 for the special hands', () => {
    expect(niuNiuMultiplier('noBull', 0)).toBe(1);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((points) => niuNiuMultiplier('bull', points))).toEqual([
      1, 1, 1, 1, 1, 1, 2, 2, 2,
    ]);
    expect(niuNiuMultiplier('bullBull', 10)).toBe(3);
    for (const special of ['fiveFaceBull', 'bomb', 'fiveSmallBull'] as const) {
      expect(niuNiuMultiplier(special, 10)).toBe(5);
    }
  });

  it('fall in the counts an independent enumeration of all 2 598 960 hands finds', () => {
    // Categories depend on ranks only: every multiset of five ranks (at most four alike), weighted by the
    // ways to choose its suits. Reference counts: a Python enumeration of every 5-card hand.
    const counts = new Map<string, number>();
    let hands = 0;
    const choose = [1, 4, 6, 4, 1];
    const held: Rank[] = [];
    const walk = (from: number) => {
      if (held.length === 5) {
        const byRank = new Map<Rank, number>();
        for (const rank of held) byRank.set(rank, (byRank.get(rank) ?? 0) + 1);
        const cards = [...byRank].flatMap(([rank, count]) =>
          suits.slice(0, count).map((suit): Card => ({ rank, suit })),
        );
        const weight = [...byRank.values()].reduce((product, count) => product * (choose[count] ?? 0), 1);
        const value = evaluateNiuNiu(cards);
        const key = value.category === 'bull' ? `bull${value.points}` : value.category;
        counts.set(key, (counts.get(key) ?? 0) + weight);
        hands += weight;
        return;
      }
      allRanks.forEach((rank, index) => {
        if (index < from || held.filter((other) => other === rank).length === 4) return;
        held.push(rank);
        walk(index);
        held.pop();
      });
    };
    walk(0);
    expect(hands).toBe(2_598_960);
    expect(Object.fromEntries(counts)).toEqual({
      noBull: 870_984,
      bull1: 171_288,
      bull2: 168_072,
      bull3: 171_288,
      bull4: 168_072,
      bull5: 177_408,
      bull6: 168_072,
      bull7: 171_288,
      bull8: 168_072,
      bull9: 171_288,
      bullBull: 190_976,
      fiveFaceBull: 768,
      bomb: 608,
      fiveSmallBull: 776,
    });
  });
});

describe('comparison', () => {
  it('orders the categories and the points', () => {
    const ladder = [
      'KS QH 9D 7C 5S', // no bull
      'AS 9H TD 2C 3S', // bull 5? 1 + 9 + 10 = 20; 2 + 3 = 5
      'AS 9H TD 4C 4S', // bull 8
      'AS 9H TD 5C 4S', // bull 9
      'AS 9D TC JH QS', // bull-bull
      'JS QH KD JC QD', // five faces
      '8S 8H 8D 8C 3S', // bomb
      'AS AH 2D 2C 3S', // five small
    ].map(hand);
    expect(ladder.map((value) => value.category)).toEqual([
      'noBull',
      'bull',
      'bull',
      'bull',
      'bullBull',
      'fiveFaceBull',
      'bomb',
      'fiveSmallBull',
    ] satisfies NiuNiuCategory[]);
    for (let index = 1; index < ladder.length; index += 1) {
      const [lower, higher] = [ladder[index - 1], ladder[index]];
      if (!lower || !higher) throw new Error('a short ladder');
      expect(compareNiuNiu(higher, lower)).toBe(1);
      expect(compareNiuNiu(lower, higher)).toBe(-1);
    }
    expect(niuNiuCategories).toHaveLength(6);
  });

  it('breaks equal points by the highest card, then its suit', () => {
    // Both bull 7: the king beats the queen.
    expect(compareNiuNiu(hand('3S 4H KD QC TS'), hand('3H 4D QS JC TH'))).toBe(1);
    // Both bull 7 with a king high: the king of spades beats the king of hearts.
    expect(compareNiuNiu(hand('3S 4H KS QC TS'), hand('3C 4D KH QD TH'))).toBe(1);
    // No bull: highest card.
    expect(compareNiuNiu(hand('KS QH 9D 7C 5S'), hand('KH QS 9C 7D 5H'))).toBe(1);
    // Clubs over diamonds.
    expect(compareNiuNiu(hand('KC QH 9D 7C 5S'), hand('KD QS 9C 7D 5H'))).toBe(1);
  });

  it('compares bombs by the rank of their four', () => {
    expect(compareNiuNiu(hand('9S 9H 9D 9C 2S'), hand('8S 8H 8D 8C KS'))).toBe(1);
    expect(hand('8S 8H 8D 8C KS').highCard).toEqual(parseCard('8S'));
  });

  it('never ties two hands from one deck', () => {
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const deck = shuffleDeck({ serverSeed: 'niu-niu', clientSeed: 'ties', nonce });
      const hands = dealNiuNiu(deck, 10).hands.map(evaluateNiuNiu);
      expect(new Set(hands.map((value) => value.score)).size).toBe(10);
      for (const a of hands) {
        for (const b of hands) expect(compareNiuNiu(a, b) + compareNiuNiu(b, a)).toBe(0);
      }
    }
  });

  it('pays the banker game by the winning hand', () => {
    const banker = hand('3S 4H KD QC TS'); // bull 7, ×2
    expect(compareWithBanker(banker, hand('AS 9D TC JH QS'))).toEqual({ playerWins: true, multiplier: 3 });
    expect(compareWithBanker(banker, hand('2S 4D KH QS 6C'))).toEqual({ playerWins: false, multiplier: 2 });
    expect(compareWithBanker(hand('2S 4D KH QS 6C'), hand('5S 6H 8D KC QD'))).toEqual({
      playerWins: false,
      multiplier: 1,
    });
  });
});

describe('the deal', () => {
  it('goes round the table five times from player 0', () => {
    const deck = shuffleDeck({ serverSeed: 'poker-server-seed', clientSeed: 'hand-1', nonce: 0 });
    const deal = dealNiuNiu(deck, 4);
    expect(deal.positions).toEqual([
      [0, 4, 8, 12, 16],
      [1, 5, 9, 13, 17],
      [2, 6, 10, 14, 18],
      [3, 7, 11, 15, 19],
    ]);
    // The deck of deck.test.ts: 8D 3C JS 7H | AC QH 4C AD | 4H 9D JH AS | 3H KH JD AH | 9S JC 3S 4D.
    expect(deal.hands.map(codes)).toEqual([
      '8D AC 4H 3H 9S',
      '3C QH 9D KH JC',
      'JS 4C JH JD 3S',
      '7H AD AS AH 4D',
    ]);
  });

  it('deals 2 to 10 players', () => {
    const deck = shuffleDeck({ serverSeed: 's', clientSeed: 'c', nonce: 1 });
    expect(new Set(dealNiuNiu(deck, 10).positions.flat()).size).toBe(50);
    for (const players of [1, 11, 3.5]) expect(() => dealNiuNiu(deck, players)).toThrow(RangeError);
  });
});
