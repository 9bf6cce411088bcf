import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { recentDays } from '../../../lib/date-range';
import { formatAmount } from '../../../lib/format-amount';
import { type DayRange, type TeamOverview, useTeamOverview } from '../api/get-team-overview';
import { DayRangeFilter } from './day-range-filter';
import { TrendChart, type TrendPoint } from './trend-chart';

const metrics = [
  'validBet',
  'profitLoss',
  'depositAmount',
  'withdrawalAmount',
  'newMembers',
  'activeMembers',
] as const;
type Metric = (typeof metrics)[number];

const pointsOf = (series: TeamOverview['series'], metric: Metric): TrendPoint[] =>
  series.map((day) => {
    const value = day[metric];
    // Amounts are decimal strings; a chart only needs their size, the label keeps the exact text.
    return typeof value === 'number'
      ? { label: day.date, value, display: String(value) }
      : { label: day.date, value: Number(value), display: formatAmount(value) };
  });

function OverviewCards({ overview }: { overview: TeamOverview }) {
  const { t } = useTranslation();
  const counts = [
    { key: 'team_size', value: overview.teamSize },
    { key: 'direct_members', value: overview.directMembers },
    { key: 'new_members', value: overview.newMembers },
    { key: 'active_members', value: overview.activeMembers },
  ] as const;
  const amounts = [
    { key: 'deposits', value: overview.figures.depositAmount, signed: false },
    { key: 'withdrawals', value: overview.figures.withdrawalAmount, signed: false },
    { key: 'valid_bets', value: overview.figures.validBet, signed: false },
    { key: 'profit_loss', value: overview.figures.profitLoss, signed: true },
  ] as const;
  return (
    <dl className="agent-cards" data-testid="team-overview-cards">
      {counts.map((card) => (
        <div key={card.key} className="agent-cards__item">
          <dt>{t(`agents.overview.${card.key}`)}</dt>
          <dd data-testid={`overview-${card.key}`}>{card.value}</dd>
        </div>
      ))}
      {amounts.map((card) => (
        <div key={card.key} className="agent-cards__item">
          <dt>{t(`agents.overview.${card.key}`)}</dt>
          <dd>
            <Money amount={card.value} signed={card.signed} testId={`overview-${card.key}`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** agentTeamOverview: the team's size and activity over the chosen days, with a chart per day. */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => {
    const { from, to } = recentDays(7);
    return { startDate: from, endDate: to };
  });
  const [metric, setMetric] = useState<Metric>('validBet');
  const overview = useTeamOverview(range);
  return (
    <div className="agent-section" data-testid="team-overview">
      <DayRangeFilter initial={range} onSearch={setRange} testId="overview-range" />
      {overview.data === undefined ? (
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <OverviewCards overview={overview.data} />
          <SelectField
            label={t('agents.overview.chart_metric')}
            value={metric}
            options={metrics.map((value) => ({ value, label: t(`agents.overview.metrics.${value}`) }))}
            onValueChange={(value) => {
              const chosen = metrics.find((candidate) => candidate === value);
              if (chosen) setMetric(chosen);
            }}
            testId="overview-metric"
          />
          <TrendChart
            title={t('agents.overview.chart_title', { metric: t(`agents.overview.metrics.${metric}`) })}
            points={pointsOf(overview.data.series, metric)}
            testId="overview-chart"
          />
        </>
      )}
    </div>
  );
}
