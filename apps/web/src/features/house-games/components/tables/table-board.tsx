import type { TableRound } from '../../api/tables-queries';
import { ChipArt } from '../chip-art';
import { chipFace, formatMinor } from './table-slip';

/** What the page shows on one spot: the player's chips (on the slip and confirmed) and everyone's stake. */
export type SpotView = { pending: bigint; placed: bigint; total: bigint; players: number };

export type BoardProps = {
  spotView: (spot: string) => SpotView;
  isOpen: boolean;
  onSpot: (spot: string) => void;
  /** The spots that won the round shown, once settled. */
  winning: ReadonlySet<string>;
};

export type StageProps = {
  round: TableRound | null;
  serverNow: number;
  clockOffsetMs: number;
  isReducedMotion: boolean;
};

/** The steps shown by now: each at its server instant, all of them once the round is settled. */
export const revealedSteps = (round: TableRound | null, serverNow: number): TableRound['steps'] =>
  round === null
    ? []
    : round.phase === 'SETTLED'
      ? round.steps
      : round.steps.filter((step) => Date.parse(step.at) <= serverNow);

/** The player's chips on a spot (slip and confirmed) as one stack in SVG. */
export function ChipStack({ view, x, y }: { view: SpotView; x: number; y: number }) {
  const mine = view.pending + view.placed;
  if (mine === 0n) return null;
  return (
    <g
      className={`table-chip-stack${view.pending > 0n ? ' table-chip-stack--pending' : ''}`}
      transform={`translate(${x} ${y})`}
      aria-hidden="true"
    >
      <ChipArt label={chipFace(mine)} x={-13} y={-13} size={26} />
    </g>
  );
}

type CardSpot = { key: string; label: string; pays: string };

/** The betting spots of a card game (baccarat, dragon tiger): a button each, with its stakes. */
export function CardGameBoard({
  spots,
  spotView,
  isOpen,
  onSpot,
  winning,
  stakesLabel,
}: BoardProps & { spots: readonly CardSpot[]; stakesLabel: (view: SpotView) => string }) {
  return (
    <div className="table-board table-board--cards" data-testid="table-board">
      {spots.map((spot) => {
        const view = spotView(spot.key);
        const mine = view.pending + view.placed;
        return (
          <button
            key={spot.key}
            type="button"
            className={`table-spot table-spot--${spot.key}${winning.has(spot.key) ? ' table-spot--won' : ''}`}
            disabled={!isOpen}
            onClick={() => {
              onSpot(spot.key);
            }}
            data-testid={`spot-${spot.key}`}
            data-mine={mine.toString()}
          >
            <span className="table-spot__label">{spot.label}</span>
            <span className="table-spot__pays">{spot.pays}</span>
            <span className="table-spot__total" data-testid={`spot-total-${spot.key}`}>
              {stakesLabel(view)}
            </span>
            {mine > 0n && (
              <span
                className={`table-spot__chip${view.pending > 0n ? ' table-spot__chip--pending' : ''}`}
                data-testid={`spot-chip-${spot.key}`}
              >
                {formatMinor(mine)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
