import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The roads' grid: six rows, a column per run or per six coups, scrolled sideways when long. */
export const road = { cell: 22, rows: 6, minColumns: 14 };

export function RoadGrid({
  columns,
  label,
  children,
}: {
  columns: number;
  label: string;
  children: ReactNode;
}) {
  const width = Math.max(road.minColumns, columns) * road.cell;
  return (
    <svg
      className="table-road"
      viewBox={`0 0 ${width} ${road.rows * road.cell}`}
      width={width}
      height={road.rows * road.cell}
      role="img"
      aria-label={label}
    >
      {Array.from({ length: width / road.cell }, (_, column) =>
        Array.from({ length: road.rows }, (_, row) => (
          <rect
            key={`${column}:${row}`}
            x={column * road.cell}
            y={row * road.cell}
            width={road.cell}
            height={road.cell}
            className="table-road__cell"
          />
        )),
      )}
      {children}
    </svg>
  );
}

/** Dragon tiger's road: every outcome in columns of six, oldest first. */
export function OutcomeRoad({ outcomes, label }: { outcomes: readonly string[]; label: string }) {
  const { t } = useTranslation();
  const half = road.cell / 2;
  const shortOf = (outcome: string) =>
    outcome === 'dragon'
      ? t('house_tables.dragon_tiger.short.dragon')
      : outcome === 'tiger'
        ? t('house_tables.dragon_tiger.short.tiger')
        : t('house_tables.dragon_tiger.short.tie');
  return (
    <div className="table-roads__scroll" data-testid="dragon-tiger-road" data-count={outcomes.length}>
      <RoadGrid columns={Math.ceil(outcomes.length / road.rows)} label={label}>
        {outcomes.map((outcome, index) => {
          const cx = Math.floor(index / road.rows) * road.cell + half;
          const cy = (index % road.rows) * road.cell + half;
          return (
            <g key={index} className={`table-bead table-bead--${outcome}`}>
              <circle cx={cx} cy={cy} r={half - 2} />
              <text x={cx} y={cy + 4} textAnchor="middle">
                {shortOf(outcome)}
              </text>
            </g>
          );
        })}
      </RoadGrid>
    </div>
  );
}
