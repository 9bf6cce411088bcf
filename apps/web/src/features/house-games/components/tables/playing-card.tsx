import { SuitArt, cardFace, useCardName } from '../card-art';

export const cardWidth = 56;
export const cardHeight = 80;

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
        <SuitArt suit={suit} x={6} y={21} size={11} />
        <SuitArt suit={suit} x={cardWidth / 2 - 14} y={cardHeight / 2 - 8} size={28} />
      </g>
    </g>
  );
}
