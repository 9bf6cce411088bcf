import { useTranslation } from 'react-i18next';

const suitFaces: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
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

/** What a card code such as "TD" shows: its rank ("10"), its suit's sign and whether it is a red suit. */
export const cardFace = (code: string) => {
  const suit = code.charAt(1);
  return {
    rank: code.charAt(0) === 'T' ? '10' : code.charAt(0),
    suit: suitFaces[suit] ?? '',
    isRed: suit === 'H' || suit === 'D',
  };
};

export const cardWidth = 56;
export const cardHeight = 80;

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

/**
 * One card drawn in SVG at (x, y): its face once dealt (a code such as "TD"), its back while the slot waits.
 * A card that has just been dealt flips in (CSS, off with reduced motion).
 */
export function PlayingCard({ code, x, y }: { code: string | null; x: number; y: number }) {
  const cardName = useCardName();
  if (code === null) {
    return (
      <g transform={`translate(${x} ${y})`} className="table-card table-card--back" aria-hidden="true">
        <rect width={cardWidth} height={cardHeight} rx={6} />
      </g>
    );
  }
  const { rank, suit, isRed } = cardFace(code);
  return (
    <g
      transform={`translate(${x} ${y})`}
      className={`table-card table-card--face${isRed ? ' table-card--red' : ''}`}
      role="img"
      aria-label={cardName(code)}
      data-testid="table-card"
      data-card={code}
    >
      <g className="table-card__flip" style={{ transformOrigin: `${cardWidth / 2}px ${cardHeight / 2}px` }}>
        <rect width={cardWidth} height={cardHeight} rx={6} />
        <text x={6} y={18} className="table-card__rank">
          {rank}
        </text>
        <text x={cardWidth / 2} y={cardHeight / 2 + 12} textAnchor="middle" className="table-card__suit">
          {suit}
        </text>
      </g>
    </g>
  );
}
