import type { TFunction } from 'i18next';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRound, TableState } from '../../api/tables-queries';
import {
  type BoardSpot,
  boardHeight,
  boardWidth,
  cell,
  colourOf,
  isInsideKind,
  rouletteLayout,
  spotDetailOf,
  spotKindOf,
  wheelOrder,
} from './roulette-layout';
import { type BoardProps, ChipStack, type StageProps } from './table-board';
import { formatMinor } from './table-slip';
import { useServerNow } from './use-server-now';

type Result = NonNullable<TableRound['result']>;

const sector = 360 / wheelOrder.length;
const centre = 100;
const wheelTurns = 3;
const ballTurns = 5;

const polar = (radius: number, degrees: number): [number, number] => {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [centre + radius * Math.cos(radians), centre + radius * Math.sin(radians)];
};

const wedge = (index: number, inner: number, outer: number): string => {
  const [from, to] = [(index - 0.5) * sector, (index + 0.5) * sector];
  const [ax, ay] = polar(outer, from);
  const [bx, by] = polar(outer, to);
  const [cx, cy] = polar(inner, to);
  const [dx, dy] = polar(inner, from);
  return `M${ax.toFixed(2)} ${ay.toFixed(2)}A${outer} ${outer} 0 0 1 ${bx.toFixed(2)} ${by.toFixed(2)}L${cx.toFixed(2)} ${cy.toFixed(2)}A${inner} ${inner} 0 0 0 ${dx.toFixed(2)} ${dy.toFixed(2)}Z`;
};

/** The wheel's pockets, drawn once (the wheel turns as one group). */
const pockets = wheelOrder.map((pocket, index) => {
  const [x, y] = polar(80, index * sector);
  return (
    <g key={pocket} className={`roulette-pocket roulette-pocket--${colourOf(pocket)}`}>
      <path d={wedge(index, 68, 92)} />
      <text x={x} y={y + 3} textAnchor="middle" transform={`rotate(${index * sector} ${x} ${y})`}>
        {pocket}
      </text>
    </g>
  );
});

/**
 * The wheel: still while bets are taken; from the close it turns and the ball runs the other way, both slowing
 * to stop with the winning pocket under the ball at the instant the server gave (every page alike). With
 * reduced motion nothing turns: the pocket is shown when the ball lands.
 */
export function RouletteWheel({ round, serverNow, clockOffsetMs, isReducedMotion }: StageProps) {
  const { t } = useTranslation();
  const step = round?.phase === 'BETTING' ? undefined : round?.steps[0];
  const landsAt = step ? Date.parse(step.at) : Number.NaN;
  const startsAt = round ? Date.parse(round.closesAt) : Number.NaN;
  const isSpinning = step !== undefined && serverNow < landsAt && !isReducedMotion;
  const now = useServerNow(clockOffsetMs, isSpinning, 'frame');
  const pocket =
    step !== undefined && (serverNow >= landsAt || round?.phase === 'SETTLED') ? Number(step.value) : null;
  const target = step ? -wheelOrder.indexOf(Number(step.value)) * sector : 0;
  const progress = isSpinning ? Math.min(1, Math.max(0, (now - startsAt) / (landsAt - startsAt))) : 1;
  const left = (1 - progress) ** 3;
  const wheelAngle = pocket === null && !isSpinning ? 0 : target + left * wheelTurns * 360;
  const ballAngle = -left * ballTurns * 360;
  const ballRadius = 62 + 32 * Math.min(1, left * 4);
  const showsBall = isSpinning || pocket !== null;
  return (
    <div className="roulette-stage">
      <svg
        className="roulette-wheel"
        viewBox="0 0 200 200"
        role="img"
        aria-label={t('house_tables.roulette.wheel')}
        data-testid="roulette-wheel"
        data-spinning={String(isSpinning)}
      >
        <circle cx={centre} cy={centre} r={97} className="roulette-wheel__rim" />
        <g transform={`rotate(${wheelAngle.toFixed(2)} ${centre} ${centre})`}>{pockets}</g>
        <circle cx={centre} cy={centre} r={48} className="roulette-wheel__hub" />
        {showsBall && (
          <circle
            cx={polar(ballRadius, ballAngle)[0]}
            cy={polar(ballRadius, ballAngle)[1]}
            r={4}
            className="roulette-wheel__ball"
          />
        )}
        {pocket !== null && (
          <text
            x={centre}
            y={centre + 10}
            textAnchor="middle"
            className={`roulette-wheel__number roulette-wheel__number--${colourOf(pocket)}`}
            data-testid="roulette-pocket"
          >
            {pocket}
          </text>
        )}
      </svg>
    </div>
  );
}

const spotKeys = {
  straight: 'house_tables.roulette.spots.straight',
  split: 'house_tables.roulette.spots.split',
  street: 'house_tables.roulette.spots.street',
  corner: 'house_tables.roulette.spots.corner',
  sixLine: 'house_tables.roulette.spots.sixLine',
  column: 'house_tables.roulette.spots.column',
  dozen: 'house_tables.roulette.spots.dozen',
  red: 'house_tables.roulette.spots.red',
  black: 'house_tables.roulette.spots.black',
  odd: 'house_tables.roulette.spots.odd',
  even: 'house_tables.roulette.spots.even',
  low: 'house_tables.roulette.spots.low',
  high: 'house_tables.roulette.spots.high',
} as const;
const isSpotKind = (kind: string): kind is keyof typeof spotKeys => Object.hasOwn(spotKeys, kind);

/** A spot's name: "Split 1-2", "Dozen 2", "Red". */
export const rouletteSpotLabel = (t: TFunction, key: string): string => {
  const kind = spotKindOf(key);
  return isSpotKind(kind) ? t(spotKeys[kind], { detail: spotDetailOf(key) }) : key;
};

/** What an outside spot shows on the cloth. */
const faceOf = (t: TFunction, spot: BoardSpot): string => {
  if (spot.kind === 'straight') return String(spot.numbers[0] ?? '');
  if (spot.kind === 'column') return t('house_tables.roulette.column_face');
  if (spot.kind === 'dozen') return t('house_tables.roulette.dozen_face', { detail: spotDetailOf(spot.key) });
  return rouletteSpotLabel(t, spot.key);
};

const spotClass = (spot: BoardSpot, isWon: boolean): string => {
  const colour = spot.kind === 'straight' ? ` roulette-spot--${colourOf(spot.numbers[0] ?? 0)}` : '';
  const zone = isInsideKind(spot.kind) && spot.kind !== 'straight' ? ' roulette-spot--line' : '';
  return `roulette-spot roulette-spot--${spot.kind}${colour}${zone}${isWon ? ' roulette-spot--won' : ''}`;
};

/** The full European layout: every inside and outside bet a click target, the player's chips on them. */
export function RouletteBoard({ spotView, isOpen, onSpot, winning }: BoardProps) {
  const { t } = useTranslation();
  const press = (key: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (isOpen) onSpot(key);
    }
  };
  return (
    <div className="table-board table-board--roulette" data-testid="table-board">
      <svg
        className="roulette-board"
        viewBox={`-2 -2 ${boardWidth + 4} ${boardHeight + 4}`}
        role="group"
        aria-label={t('house_tables.board')}
        data-open={String(isOpen)}
      >
        {rouletteLayout.map((spot) => {
          const isLine = isInsideKind(spot.kind) && spot.kind !== 'straight';
          return (
            <g
              key={spot.key}
              className={spotClass(spot, winning.has(spot.key))}
              role="button"
              tabIndex={isOpen ? 0 : -1}
              aria-disabled={!isOpen}
              aria-label={rouletteSpotLabel(t, spot.key)}
              onClick={() => {
                if (isOpen) onSpot(spot.key);
              }}
              onKeyDown={press(spot.key)}
              data-testid={`spot-${spot.key}`}
            >
              <rect x={spot.x} y={spot.y} width={spot.width} height={spot.height} rx={isLine ? 3 : 0} />
              {!isLine && (
                <text
                  x={spot.x + spot.width / 2}
                  y={spot.y + spot.height / 2 + 5}
                  textAnchor="middle"
                  transform={
                    spot.kind === 'straight' && spot.numbers[0] === 0
                      ? `rotate(-90 ${spot.x + spot.width / 2} ${spot.y + spot.height / 2})`
                      : undefined
                  }
                >
                  {faceOf(t, spot)}
                </text>
              )}
            </g>
          );
        })}
        {rouletteLayout.map((spot) => (
          <ChipStack
            key={spot.key}
            view={spotView(spot.key)}
            x={spot.x + spot.width / 2}
            y={spot.y + spot.height / 2}
          />
        ))}
        <line x1={cell} y1={0} x2={cell} y2={cell * 3} className="roulette-board__rule" />
      </svg>
    </div>
  );
}

/** Everyone's stakes on the round, largest first (the layout has too many spots to label each). */
export function RouletteStakes({ spots }: { spots: TableState['totals']['spots'] }) {
  const { t } = useTranslation();
  const sorted = [...spots].sort((a, b) => (BigInt(b.amount) > BigInt(a.amount) ? 1 : -1)).slice(0, 12);
  if (sorted.length === 0) return null;
  return (
    <section className="table-stakes" data-testid="roulette-stakes">
      <h3>{t('house_tables.roulette.table_stakes')}</h3>
      <ul>
        {sorted.map((spot) => (
          <li key={spot.spot} data-testid={`spot-total-${spot.spot}`}>
            <span>{rouletteSpotLabel(t, spot.spot)}</span>{' '}
            {t('house_tables.spot_total', { amount: formatMinor(spot.amount), players: spot.players })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const rouletteWinning = (result: Result): Set<string> => {
  const pocket = result.pocket;
  if (pocket === undefined) return new Set();
  return new Set(rouletteLayout.filter((spot) => spot.numbers.includes(pocket)).map((spot) => spot.key));
};

export const rouletteOutcomeText = (t: TFunction, result: Result): string => {
  const pocket = result.pocket ?? 0;
  return t('house_tables.roulette.outcome', {
    pocket,
    colour: t(`house_tables.roulette.colours.${colourOf(pocket)}`),
  });
};

function PocketChip({ pocket, hits }: { pocket: number; hits?: number }) {
  return (
    <li className={`roulette-chip roulette-chip--${colourOf(pocket)}`}>
      {pocket}
      {hits !== undefined && <small> ×{hits}</small>}
    </li>
  );
}

/** The last numbers (newest first), and the hot and cold ones among the table's recent rounds. */
export function RouletteHistory({ history }: { history: TableState['history'] }) {
  const { t } = useTranslation();
  return (
    <div className="table-roads">
      <h3>{t('house_tables.roulette.last_numbers')}</h3>
      <ul className="roulette-numbers" data-testid="roulette-last-numbers">
        {(history.lastNumbers ?? []).map((pocket, index) => (
          <PocketChip key={index} pocket={pocket} />
        ))}
      </ul>
      <div className="roulette-hot-cold">
        <div>
          <h3>{t('house_tables.roulette.hot')}</h3>
          <ul className="roulette-numbers" data-testid="roulette-hot">
            {(history.hot ?? []).map((entry) => (
              <PocketChip key={entry.pocket} pocket={entry.pocket} hits={entry.hits} />
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('house_tables.roulette.cold')}</h3>
          <ul className="roulette-numbers" data-testid="roulette-cold">
            {(history.cold ?? []).map((entry) => (
              <PocketChip key={entry.pocket} pocket={entry.pocket} hits={entry.hits} />
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
