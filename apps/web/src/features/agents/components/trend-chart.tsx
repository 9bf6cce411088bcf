import { useId } from 'react';

export type TrendPoint = { label: string; value: number; display: string };

type TrendChartProps = {
  title: string;
  points: readonly TrendPoint[];
  testId?: string;
};

const width = 640;
const height = 200;
const padding = 8;

/**
 * A bar per period, drawn as plain SVG (no chart library: the agent chunk stays small). Bars grow up from a
 * zero line and down below it for losses; each bar carries its period and value as a tooltip, and the whole
 * chart is named by its title with a text summary for screen readers. Time runs left to right in every
 * language.
 */
export function TrendChart({ title, points, testId }: TrendChartProps) {
  const titleId = useId();
  const summaryId = `${titleId}-summary`;
  const values = points.map((point) => point.value);
  const lowest = Math.min(0, ...values);
  // With nothing but zeros the zero line sits at the bottom, as for any chart without losses.
  const highest = Math.max(0, ...values) || (lowest === 0 ? 1 : 0);
  const span = highest - lowest || 1;
  const plotHeight = height - padding * 2;
  const zeroY = padding + (highest / span) * plotHeight;
  const slot = points.length > 0 ? (width - padding * 2) / points.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  const first = points.at(0);
  const last = points.at(-1);
  return (
    <figure className="trend-chart" data-testid={testId}>
      <figcaption id={titleId} className="trend-chart__title">
        {title}
      </figcaption>
      <svg
        className="trend-chart__plot"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={summaryId}
      >
        <line
          x1={padding}
          x2={width - padding}
          y1={zeroY}
          y2={zeroY}
          className="trend-chart__axis"
          vectorEffect="non-scaling-stroke"
        />
        {points.map((point, index) => {
          const barHeight = (Math.abs(point.value) / span) * plotHeight;
          const y = point.value >= 0 ? zeroY - barHeight : zeroY;
          return (
            <rect
              key={point.label}
              x={padding + index * slot + (slot - barWidth) / 2}
              y={y}
              width={barWidth}
              height={Math.max(barHeight, point.value === 0 ? 0 : 1)}
              className={point.value < 0 ? 'trend-chart__bar trend-chart__bar--negative' : 'trend-chart__bar'}
              data-testid={testId ? `${testId}-bar` : undefined}
            >
              <title>{`${point.label}: ${point.display}`}</title>
            </rect>
          );
        })}
      </svg>
      <p id={summaryId} className="trend-chart__range" dir="ltr">
        {first && last ? (
          <>
            <span>{first.label}</span>
            <span>{last.label}</span>
          </>
        ) : null}
      </p>
    </figure>
  );
}
