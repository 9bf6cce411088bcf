import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawFairIntegers } from '../fairness';
import { type Card, cardCode, orderedShoe } from '../tables/shoe';
import {
  commitDeck,
  commitmentText,
  dealHoldem,
  deckCommitment,
  deckSize,
  shuffleDeck,
  verifyDeck,
} from './deck';

const seeds = { serverSeed: 'poker-server-seed', clientSeed: 'hand-1', nonce: 0 };
const codes = (cards: readonly Card[]) => cards.map(cardCode);

/** Recomputed outside this code base (Python: hmac-sha256, the rejection rule of fairness.ts, the same swaps). */
const publishedDeck = [
  ...['8D', '3C', 'JS', '7H', 'AC', 'QH', '4C', 'AD', '4H', '9D', 'JH', 'AS', '3H', 'KH', 'JD', 'AH', '9S'],
  ...['JC', '3S', '4D', '8S', '7S', '8C', '5D', 'TS', 'KS', 'QS', 'KC', '2S', '6C', 'TC', '8H', '6S', '7C'],
  ...[
    'QD',
    '5C',
    '2H',
    '2C',
    'TH',
    '6H',
    '3D',
    'QC',
    '5S',
    'KD',
    '7D',
    '9H',
    '9C',
    '4S',
    'TD',
    '6D',
    '5H',
    '2D',
  ],
];
const publishedCommitment = 'e0f5977fc45c8740cfb163d8fbf6603feb2c489501010347968a4aaedd68164e';

describe('the deck', () => {
  it('is a permutation of the 52 cards', () => {
    const deck = shuffleDeck(seeds);
    expect(deck).toHaveLength(deckSize);
    expect(new Set(codes(deck)).size).toBe(52);
    expect([...codes(deck)].sort()).toEqual([...codes(orderedShoe(1))].sort());
  });

  it('is Fisher–Yates from the fair stream: 51 draws of bounds 52 … 2', () => {
    const bounds = Array.from({ length: 51 }, (_, i) => 52 - i);
    const order = codes(orderedShoe(1));
    drawFairIntegers(seeds, bounds).forEach((offset, i) => {
      const j = i + offset;
      [order[i], order[j]] = [order[j] ?? '', order[i] ?? ''];
    });
    expect(codes(shuffleDeck(seeds))).toEqual(order);
  });

  it('keeps the order and commitment it was published with', () => {
    expect(codes(shuffleDeck(seeds))).toEqual(publishedDeck);
    expect(commitDeck(seeds).commitment).toBe(publishedCommitment);
  });

  it('is the same for the same seeds and differs with any of them', () => {
    const deck = codes(shuffleDeck(seeds));
    expect(codes(shuffleDeck({ ...seeds }))).toEqual(deck);
    expect(codes(shuffleDeck({ ...seeds, nonce: 1 }))).not.toEqual(deck);
    expect(codes(shuffleDeck({ ...seeds, clientSeed: 'hand-2' }))).not.toEqual(deck);
    expect(codes(shuffleDeck({ ...seeds, serverSeed: 'other' }))).not.toEqual(deck);
  });
});

describe('the commitment', () => {
  it('is sha256 of the versioned seeds and the deck order', () => {
    const { deck, commitment } = commitDeck(seeds);
    const text = `pvp-deck:v1|poker-server-seed|hand-1|0|${publishedDeck.join(' ')}`;
    expect(commitmentText(seeds, deck)).toBe(text);
    expect(commitment).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('changes with the order of any two cards and with the seed', () => {
    const { deck, commitment } = commitDeck(seeds);
    const [tenth, eleventh] = [deck[10], deck[11]];
    if (!tenth || !eleventh) throw new Error('a short deck');
    const swapped = [...deck];
    swapped[10] = eleventh;
    swapped[11] = tenth;
    expect(deckCommitment(seeds, swapped)).not.toBe(commitment);
    expect(deckCommitment({ ...seeds, serverSeed: 'other' }, deck)).not.toBe(commitment);
  });
});

describe('verification', () => {
  const { commitment } = commitDeck(seeds);

  it('accepts the revealed seeds, the commitment and the cards seen at their positions', () => {
    const result = verifyDeck(seeds, commitment, [
      { position: 0, card: '8D' },
      { position: 51, card: '2D' },
    ]);
    expect(result).toEqual({ deck: publishedDeck, commitmentMatches: true, mismatches: [], verified: true });
    expect(verifyDeck(seeds, commitment.toUpperCase()).verified).toBe(true);
  });

  it('rejects another seed, another commitment, or a card that was not where the deck puts it', () => {
    expect(verifyDeck({ ...seeds, serverSeed: 'forged' }, commitment).verified).toBe(false);
    expect(verifyDeck({ ...seeds, nonce: 1 }, commitment).commitmentMatches).toBe(false);
    expect(verifyDeck(seeds, '0'.repeat(64)).verified).toBe(false);
    const wrong = verifyDeck(seeds, commitment, [
      { position: 0, card: '8D' },
      { position: 1, card: 'AS' },
      { position: 52, card: '2D' },
      { position: 2, card: 'not a card' },
    ]);
    expect(wrong).toMatchObject({ commitmentMatches: true, mismatches: [1, 52, 2], verified: false });
  });
});

describe("the hold'em deal", () => {
  const deck = shuffleDeck(seeds);

  it('goes round twice from the first seat left of the button, then burns before flop, turn and river', () => {
    const deal = dealHoldem(deck, 3);
    expect(deal.holePositions).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
    expect(deal.boardPositions).toEqual([7, 8, 9, 11, 13]);
    expect(deal.cardsUsed).toBe(14);
    expect(deal.holeCards.map(codes)).toEqual([
      ['8D', '7H'],
      ['3C', 'AC'],
      ['JS', 'QH'],
    ]);
    // 4C is burnt (position 6), then the flop; JH (10) and 3H (12) are the other burns.
    expect(codes(deal.board)).toEqual(['AD', '4H', '9D', 'AS', 'KH']);
  });

  it('deals 2 to 9 players, never the same card twice', () => {
    for (let players = 2; players <= 9; players += 1) {
      const deal = dealHoldem(deck, players);
      const used = [...deal.holePositions.flat(), ...deal.boardPositions];
      expect(new Set(used).size).toBe(2 * players + 5);
      expect(Math.max(...used)).toBe(deal.cardsUsed - 1);
    }
    for (const players of [1, 10, 2.5]) expect(() => dealHoldem(deck, players)).toThrow(RangeError);
  });
});
