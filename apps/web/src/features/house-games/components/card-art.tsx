import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The four suits as our own vector art (24 × 24, drawn in the text's colour), shared by the live tables, poker
 * and Niu-Niu: the text signs ♠♥♦♣ they replace showed as colour emoji on some phones.
 */
const suitArt: Readonly<Record<string, ReactNode>> = {
  S: (
    <path d="M12 2C6 7.5 2.5 10.6 2.5 14.2a4.6 4.6 0 0 0 8.4 2.6L9.5 22h5l-1.4-5.2a4.6 4.6 0 0 0 8.4-2.6C21.5 10.6 18 7.5 12 2z" />
  ),
  H: (
    <path d="M12 21.5C6 16.7 2.5 13.3 2.5 8.9A5.2 5.2 0 0 1 12 6a5.2 5.2 0 0 1 9.5 2.9c0 4.4-3.5 7.8-9.5 12.6z" />
  ),
  D: <path d="M12 1.5 20 12l-8 10.5L4 12z" />,
  C: (
    <>
      <circle cx="12" cy="7" r="4.3" />
      <circle cx="6.8" cy="13.6" r="4.3" />
      <circle cx="17.2" cy="13.6" r="4.3" />
      <path d="M11 12h2l1.5 10h-5z" />
    </>
  ),
};

/**
 * A suit's picture: one em square in running text, or placed at (x, y) with `size` inside a drawn card.
 * Decorative: the card around it carries the card's name.
 */
export function SuitArt({ suit, x, y, size }: { suit: string; x?: number; y?: number; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      x={x}
      y={y}
      width={size ?? '1em'}
      height={size ?? '1em'}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-suit={suit}
    >
      {suitArt[suit]}
    </svg>
  );
}

const suitKeys = {
  S: 'house_tables.suits.S',
  H: 'house_tables.suits.H',
  D: 'house_tables.suits.D',
  C: 'house_tables.suits.C',
} as const;
const rankKeys = {
  A: 'house_tables.ranks.A',
  T: 'house_tables.ranks.T',
  J: 'house_tables.ranks.J',
  Q: 'house_tables.ranks.Q',
  K: 'house_tables.ranks.K',
} as const;
const isSuitKey = (suit: string): suit is keyof typeof suitKeys => Object.hasOwn(suitKeys, suit);
const isRankKey = (rank: string): rank is keyof typeof rankKeys => Object.hasOwn(rankKeys, rank);

/** What a card code such as "TD" shows: its rank ("10"), its suit ("D") and whether it is a red suit. */
export const cardFace = (code: string) => {
  const suit = code.charAt(1);
  return {
    rank: code.charAt(0) === 'T' ? '10' : code.charAt(0),
    suit,
    isRed: suit === 'H' || suit === 'D',
  };
};

/** A card's name in the visitor's language: "AS" → "Ace of spades". */
export const useCardName = () => {
  const { t } = useTranslation();
  return (code: string): string => {
    const rank = code.charAt(0);
    const suit = code.charAt(1);
    return t('house_tables.card', {
      rank: isRankKey(rank) ? t(rankKeys[rank]) : rank,
      suit: isSuitKey(suit) ? t(suitKeys[suit]) : suit,
    });
  };
};
