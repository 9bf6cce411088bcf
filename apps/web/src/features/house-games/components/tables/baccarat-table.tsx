import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TableRound, TableState } from '../../api/tables-queries';
import { PlayingCard, cardHeight, cardWidth } from './playing-card';
import { type BoardProps, CardGameBoard, type SpotView, type StageProps, revealedSteps } from './table-board';
import { RoadGrid, road } from './table-roads';

type Result = NonNullable<TableRound['result']>;

/** Baccarat points of a card code: ace 1, two to nine at face, tens and faces 0. */
const pointsOf = (code: string): number => {
  const rank = code.charAt(0);
  if (rank === 'A') return 1;
  const value = Number(rank);
  return Number.isInteger(value) ? value : 0;
};
const handTotal = (codes: readonly string[]) => codes.reduce((sum, code) => sum + pointsOf(code), 0) % 10;

const sides = ['player', 'banker'] as const;

/** The two hands, dealt card by card at the instants the server gave. */
export function BaccaratStage({ round, serverNow }: StageProps) {
  const { t } = useTranslation();
  const shown = revealedSteps(round, serverNow);
  const isDealing = round !== null && round.phase !== 'BETTING';
  return (
    <svg
      className="table-felt"
      viewBox="0 0 420 170"
      role="group"
      aria-label={t('house_tables.title.BACCARAT')}
    >
      {sides.map((side, sideIndex) => {
        const cards = shown.filter((step) => step.side === side).map((step) => step.value);
        const slots = isDealing ? Math.max(2, cards.length) : 0;
        const left = 20 + sideIndex * 210;
        return (
          <g
            key={side}
            data-testid={`baccarat-hand-${side}`}
            data-total={cards.length > 0 ? handTotal(cards) : ''}
          >
            <text
              x={left + 90}
              y={22}
              textAnchor="middle"
              className={`table-felt__label table-felt__label--${side}`}
            >
              {t(`house_tables.baccarat.spots.${side}`)}
              {cards.length > 0 ? ` · ${String(handTotal(cards))}` : ''}
            </text>
            {Array.from({ length: slots }, (_, index) => (
              <PlayingCard
                key={index}
                code={cards[index] ?? null}
                x={left + index * (cardWidth + 6)}
                y={40}
              />
            ))}
            {slots === 0 && (
              <rect
                x={left}
                y={40}
                width={cardWidth * 3 + 12}
                height={cardHeight}
                rx={8}
                className="table-felt__slot"
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}

export const baccaratSpots = (t: TFunction) =>
  (
    [
      ['player', '1:1'],
      ['tie', '8:1'],
      ['banker', '0.95:1'],
      ['playerPair', '11:1'],
      ['bankerPair', '11:1'],
    ] as const
  ).map(([key, pays]) => ({ key, label: t(`house_tables.baccarat.spots.${key}`), pays }));

export function BaccaratBoard(props: BoardProps & { stakesLabel: (view: SpotView) => string }) {
  const { t } = useTranslation();
  return <CardGameBoard {...props} spots={baccaratSpots(t)} />;
}

export const baccaratWinning = (result: Result): Set<string> => {
  const won = new Set<string>();
  if (result.outcome) won.add(result.outcome);
  if (result.playerPair === true) won.add('playerPair');
  if (result.bankerPair === true) won.add('bankerPair');
  return won;
};

export const baccaratOutcomeText = (t: TFunction, result: Result): string => {
  const totals = { player: result.playerTotal ?? 0, banker: result.bankerTotal ?? 0 };
  const outcome =
    result.outcome === 'player'
      ? t('house_tables.baccarat.outcome.player', totals)
      : result.outcome === 'banker'
        ? t('house_tables.baccarat.outcome.banker', totals)
        : t('house_tables.baccarat.outcome.tie', totals);
  const pairs = [
    result.playerPair === true ? t('house_tables.baccarat.spots.playerPair') : null,
    result.bankerPair === true ? t('house_tables.baccarat.spots.bankerPair') : null,
  ].filter((pair) => pair !== null);
  return [outcome, ...pairs].join(' · ');
};

/** The shoe's bead plate (every coup, ties included) and big road (runs of the same winner). */
export function BaccaratHistory({ history }: { history: TableState['history'] }) {
  const { t } = useTranslation();
  const beads = history.beadPlate ?? [];
  const bigRoad = history.bigRoad ?? [];
  const half = road.cell / 2;
  return (
    <div className="table-roads">
      <h3>{t('house_tables.baccarat.bead_plate')}</h3>
      <div className="table-roads__scroll" data-testid="baccarat-bead-plate" data-count={beads.length}>
        <RoadGrid
          columns={Math.max(0, ...beads.map((bead) => bead.column + 1))}
          label={t('house_tables.baccarat.bead_plate')}
        >
          {beads.map((bead) => (
            <g key={`${bead.column}:${bead.row}`} className={`table-bead table-bead--${bead.outcome}`}>
              <circle cx={bead.column * road.cell + half} cy={bead.row * road.cell + half} r={half - 2} />
              <text
                x={bead.column * road.cell + half}
                y={bead.row * road.cell + half + 4}
                textAnchor="middle"
              >
                {t(`house_tables.baccarat.short.${bead.outcome}`)}
              </text>
            </g>
          ))}
        </RoadGrid>
      </div>
      <h3>{t('house_tables.baccarat.big_road')}</h3>
      <div className="table-roads__scroll" data-testid="baccarat-big-road" data-count={bigRoad.length}>
        <RoadGrid
          columns={Math.max(0, ...bigRoad.map((entry) => entry.column + 1))}
          label={t('house_tables.baccarat.big_road')}
        >
          {bigRoad.map((entry) => {
            const cx = entry.column * road.cell + half;
            const cy = entry.row * road.cell + half;
            return (
              <g key={`${entry.column}:${entry.row}`} className={`table-ring table-ring--${entry.winner}`}>
                <circle cx={cx} cy={cy} r={half - 3} />
                {entry.ties > 0 && (
                  <line
                    x1={cx - half + 4}
                    y1={cy + half - 4}
                    x2={cx + half - 4}
                    y2={cy - half + 4}
                    className="table-ring__tie"
                  />
                )}
                {entry.playerPair && (
                  <circle cx={cx - half + 4} cy={cy + half - 4} r={2.5} className="table-ring__player-pair" />
                )}
                {entry.bankerPair && (
                  <circle cx={cx + half - 4} cy={cy - half + 4} r={2.5} className="table-ring__banker-pair" />
                )}
              </g>
            );
          })}
        </RoadGrid>
      </div>
    </div>
  );
}
