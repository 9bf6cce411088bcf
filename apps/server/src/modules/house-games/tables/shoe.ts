import type { FairIntegerStream } from '../fairness';

/**
 * Cards and the shoe of the card tables (baccarat, dragon tiger), free of hashing and of money so anyone
 * can rerun it.
 *
 * One round, one shoe: before a round's betting opens the round commits to sha256 of its server seed; the
 * round's shoe is `shuffleShoe(createFairIntegerStream({ serverSeed, clientSeed, nonce }))` and the round
 * deals from its top (position 0). Once the seed is revealed, anyone recomputes the shoe and therefore every
 * card of the round. A fresh 8-deck shoe per round deals exactly like the first hand of a real 8-deck shoe;
 * nothing carries from round to round (no cut card, no burn, no counting), and a restart needs no shoe
 * position. `dealBaccarat` and `dealDragonTiger` take a start position and report the cards they used, so a
 * shoe kept across rounds remains possible, at the price of revealing its seed only when the shoe ends.
 */

/** Spades, hearts, diamonds, clubs. */
export const suits = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof suits)[number];

/** Ace 1, two to ten at face, jack 11, queen 12, king 13. */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
export const ranks: readonly Rank[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

export type Card = { readonly rank: Rank; readonly suit: Suit };

export const decksPerShoe = 8;
export const cardsPerDeck = 52;

/** The unshuffled shoe: deck after deck, each in suit order S, H, D, C and within a suit A, 2, …, K. */
export const orderedShoe = (decks = decksPerShoe): Card[] => {
  if (!Number.isInteger(decks) || decks < 1) throw new RangeError('a shoe holds at least one deck');
  const deck = suits.flatMap((suit) => ranks.map((rank): Card => ({ rank, suit })));
  return Array.from({ length: decks }, () => deck).flat();
};

/**
 * The ordered shoe shuffled by Fisher–Yates from the stream: for i = 0, 1, …, n − 2, the card at position i
 * is swapped with the card at position i + next(n − i). The bounds drawn are n, n − 1, …, 2 (415 integers for
 * 8 decks); position i is fixed by the i-th draw, and every order of the shoe is equally likely.
 */
export const shuffleShoe = (next: FairIntegerStream, decks = decksPerShoe): Card[] => {
  const shoe = orderedShoe(decks);
  for (let i = 0; i < shoe.length - 1; i += 1) {
    const j = i + next(shoe.length - i);
    const card = shoe[i];
    const other = shoe[j];
    if (card === undefined || other === undefined) throw new Error('a shuffle index is outside the shoe');
    shoe[i] = other;
    shoe[j] = card;
  }
  return shoe;
};

/** The card at `position`; dealing past the end of a shoe is a bug of the caller. */
export const cardAt = (shoe: readonly Card[], position: number): Card => {
  const card = shoe[position];
  if (card === undefined) throw new RangeError(`the shoe has no card at position ${position}`);
  return card;
};

/** Baccarat points: ace 1, two to nine at face, ten and the faces 0. */
export const baccaratValue = (card: Card): number => (card.rank >= 10 ? 0 : card.rank);

const rankCodes = 'A23456789TJQK';

/** Two characters, rank then suit: "AS", "TD", "KH". */
export const cardCode = (card: Card): string => `${rankCodes.charAt(card.rank - 1)}${card.suit}`;

/** The card of a two-character code such as "AS", "TD" or "KH". */
export const parseCard = (code: string): Card => {
  const rank = code.length === 2 ? ranks[rankCodes.indexOf(code.charAt(0))] : undefined;
  const suit = suits.find((candidate) => candidate === code.charAt(1));
  if (rank === undefined || suit === undefined) throw new RangeError(`"${code}" is not a card`);
  return { rank, suit };
};
