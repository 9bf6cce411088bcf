import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TableRound, TableState } from '../../api/tables-queries';
import { PlayingCard } from './playing-card';
import { type BoardProps, CardGameBoard, type SpotView, type StageProps, revealedSteps } from './table-board';
import { OutcomeRoad } from './table-roads';

type Result = NonNullable<TableRound['result']>;

const sides = ['dragon', 'tiger'] as const;

/** Dragon's card, then Tiger's, each at the instant the server gave. */
export function DragonTigerStage({ round, serverNow }: StageProps) {
  const { t } = useTranslation();
  const shown = revealedSteps(round, serverNow);
  const isDealing = round !== null && round.phase !== 'BETTING';
  return (
    <svg
      className="table-felt"
      viewBox="0 0 420 170"
      role="group"
      aria-label={t('house_tables.title.DRAGON_TIGER')}
    >
      {sides.map((side, index) => {
        const card = shown.find((step) => step.side === side)?.value ?? null;
        const left = 80 + index * 200;
        return (
          <g key={side} data-testid={`dragon-tiger-${side}`}>
            <text
              x={left + 28}
              y={22}
              textAnchor="middle"
              className={`table-felt__label table-felt__label--${side}`}
            >
              {t(`house_tables.dragon_tiger.spots.${side}`)}
            </text>
            {isDealing ? (
              <PlayingCard code={card} x={left} y={40} />
            ) : (
              <rect x={left} y={40} width={56} height={80} rx={8} className="table-felt__slot" />
            )}
          </g>
        );
      })}
    </svg>
  );
}

const dragonTigerSpots = (t: TFunction) =>
  (
    [
      ['dragon', '1:1'],
      ['tie', '8:1'],
      ['tiger', '1:1'],
      ['suitedTie', '50:1'],
    ] as const
  ).map(([key, pays]) => ({ key, label: t(`house_tables.dragon_tiger.spots.${key}`), pays }));

export function DragonTigerBoard(props: BoardProps & { stakesLabel: (view: SpotView) => string }) {
  const { t } = useTranslation();
  return <CardGameBoard {...props} spots={dragonTigerSpots(t)} />;
}

export const dragonTigerWinning = (result: Result): Set<string> => {
  const won = new Set<string>();
  if (result.outcome) won.add(result.outcome);
  if (result.suitedTie === true) won.add('suitedTie');
  return won;
};

export const dragonTigerOutcomeText = (t: TFunction, result: Result): string => {
  if (result.suitedTie === true) return t('house_tables.dragon_tiger.outcome.suited_tie');
  if (result.outcome === 'dragon') return t('house_tables.dragon_tiger.outcome.dragon');
  if (result.outcome === 'tiger') return t('house_tables.dragon_tiger.outcome.tiger');
  return t('house_tables.dragon_tiger.outcome.tie');
};

export function DragonTigerHistory({ history }: { history: TableState['history'] }) {
  const { t } = useTranslation();
  return (
    <div className="table-roads">
      <h3>{t('house_tables.dragon_tiger.road')}</h3>
      <OutcomeRoad outcomes={history.outcomes ?? []} label={t('house_tables.dragon_tiger.road')} />
    </div>
  );
}
