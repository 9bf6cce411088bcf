import { describe, expect, it } from 'vitest';
import {
  dealDragonTiger,
  type DragonTigerBetKind,
  type DragonTigerHand,
  dragonTigerReturn,
  settleDragonTiger,
} from './dragon-tiger.rules';
import { type Card, orderedShoe, parseCard } from './shoe';

const handOf = (dragon: string, tiger: string): DragonTigerHand =>
  dealDragonTiger([dragon, tiger].map(parseCard));
const returnOf = (kind: DragonTigerBetKind, stake: bigint, hand: DragonTigerHand) =>
  dragonTigerReturn({ kind, stake }, hand);

describe('hands', () => {
  it('give the higher rank the win, ace low and king high, suits never ranking', () => {
    expect(handOf('KS', 'QS').outcome).toBe('dragon');
    expect(handOf('AS', '2C').outcome).toBe('tiger');
    expect(handOf('KD', 'AH').outcome).toBe('dragon');
    expect(handOf('TH', 'JH').outcome).toBe('tiger');
    expect(handOf('7S', '7H')).toMatchObject({ outcome: 'tie', suitedTie: false });
    expect(handOf('7S', '7S')).toMatchObject({ outcome: 'tie', suitedTie: true, cardsUsed: 2 });
  });

  it('deal Dragon then Tiger from the start position, never past the shoe', () => {
    const shoe: Card[] = ['2S', '9D', 'KH', '4C'].map(parseCard);
    expect(dealDragonTiger(shoe)).toMatchObject({
      dragon: { rank: 2 },
      tiger: { rank: 9 },
      outcome: 'tiger',
    });
    expect(dealDragonTiger(shoe, 2)).toMatchObject({
      dragon: { rank: 13 },
      tiger: { rank: 4 },
      outcome: 'dragon',
    });
    expect(() => dealDragonTiger(shoe, 3)).toThrow(RangeError);
  });
});

describe('payouts', () => {
  it('pay Dragon and Tiger 1:1 and return half their stake, floored, on a tie', () => {
    expect(returnOf('dragon', 100n, handOf('KS', 'QS'))).toBe(200n);
    expect(returnOf('tiger', 100n, handOf('KS', 'QS'))).toBe(0n);
    expect(returnOf('tiger', 100n, handOf('AS', '2C'))).toBe(200n);
    expect(returnOf('dragon', 100n, handOf('7S', '7H'))).toBe(50n);
    expect(returnOf('tiger', 5n, handOf('7S', '7H'))).toBe(2n);
    expect(returnOf('dragon', 1n, handOf('7S', '7S'))).toBe(0n);
  });

  it('pay Tie 8:1 on any tie and Suited tie 50:1 on a suited one only', () => {
    expect(returnOf('tie', 100n, handOf('7S', '7H'))).toBe(900n);
    expect(returnOf('tie', 100n, handOf('7S', '7S'))).toBe(900n);
    expect(returnOf('tie', 100n, handOf('7S', '8S'))).toBe(0n);
    expect(returnOf('suitedTie', 100n, handOf('7S', '7S'))).toBe(5100n);
    expect(returnOf('suitedTie', 100n, handOf('7S', '7H'))).toBe(0n);
    expect(returnOf('suitedTie', 100n, handOf('7S', '8S'))).toBe(0n);
  });

  it('refuse a stake that is not positive', () => {
    expect(() => returnOf('dragon', 0n, handOf('KS', 'QS'))).toThrow(RangeError);
  });

  it('settle a round’s bets in order, keeping what the caller attached', () => {
    const settled = settleDragonTiger(
      [
        { seat: 'x', kind: 'dragon', stake: 20n },
        { seat: 'y', kind: 'tie', stake: 20n },
      ],
      handOf('QC', 'QD'),
    );
    expect(settled).toEqual([
      { seat: 'x', kind: 'dragon', stake: 20n, returned: 10n },
      { seat: 'y', kind: 'tie', stake: 20n, returned: 180n },
    ]);
  });

  it('give the 8-deck game its known edges (every ordered pair of cards of the shoe)', () => {
    // 416 × 415 first two cards; 31 of the 415 others share the first card's rank, 7 its rank and suit.
    const shoe = orderedShoe();
    const totals = { dragon: 0n, tie: 0n, suitedTie: 0n };
    for (let d = 0; d < shoe.length; d += 1) {
      for (let t = 0; t < shoe.length; t += 1) {
        if (t === d) continue;
        const hand = dealDragonTiger([d, t].map((position) => shoe[position] ?? parseCard('AS')));
        totals.dragon += returnOf('dragon', 2n, hand);
        totals.tie += returnOf('tie', 1n, hand);
        totals.suitedTie += returnOf('suitedTie', 1n, hand);
      }
    }
    const pairs = 416n * 415n;
    // Dragon: wins (pairs − ties)/2 = 79,872 × 4, ties 12,896 × 1, per 2 staked: edge 3.735 %.
    expect(totals.dragon).toBe(79_872n * 4n + 12_896n);
    expect(Number(totals.dragon) / Number(2n * pairs)).toBeCloseTo(1 - 0.037349, 6);
    expect(totals.tie).toBe(12_896n * 9n); // edge 32.77 %
    expect(totals.suitedTie).toBe(2_912n * 51n); // edge 13.98 %
  });
});
