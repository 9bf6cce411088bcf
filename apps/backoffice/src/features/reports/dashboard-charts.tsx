import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Dashboard } from './api';

type Series = Dashboard['series'];

/** Amounts are decimal strings; a chart only needs them as close numbers. */
const chartNumber = (amount: string): number => Number(amount);

const shortDay = (day: string) => day.slice(5);

/** A chart with its heading and a plain-text summary for screen readers (the table above has the figures). */
const ChartFigure = ({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: React.ReactElement;
}) => (
  <figure className="dashboard-chart">
    <figcaption>{title}</figcaption>
    <p className="visually-hidden">{summary}</p>
    <div className="dashboard-chart__plot" aria-hidden="true">
      <ResponsiveContainer width="100%" height={240}>
        {children}
      </ResponsiveContainer>
    </div>
  </figure>
);

/** GGR and NGR, deposits and withdrawals, and players per day of the period (recharts, loaded with this chunk). */
const DashboardCharts = ({ series, currency }: { series: Series; currency: string }) => {
  const points = series.map((day) => ({
    day: shortDay(day.day),
    ggr: chartNumber(day.ggr),
    ngr: chartNumber(day.ngr),
    deposits: chartNumber(day.deposits.amount),
    withdrawals: chartNumber(day.withdrawals.amount),
    active: day.activePlayers,
    newPlayers: day.newPlayers,
    firstDepositors: day.firstDepositors,
  }));
  const first = series[0]?.day ?? '';
  const last = series.at(-1)?.day ?? '';
  return (
    <div className="dashboard-charts" data-testid="dashboard-charts">
      <ChartFigure
        title={`GGR and NGR per day (${currency})`}
        summary={`GGR and NGR from ${first} to ${last}.`}
      >
        <LineChart data={points} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="ggr"
            name="GGR"
            stroke="#1f5fbf"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="ngr"
            name="NGR"
            stroke="#1e7a3c"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartFigure>
      <ChartFigure
        title={`Deposits and withdrawals per day (${currency})`}
        summary={`Deposits and withdrawals from ${first} to ${last}.`}
      >
        <BarChart data={points} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis />
          <Tooltip />
          <Legend />
          <Bar dataKey="deposits" name="Deposits" fill="#1f5fbf" isAnimationActive={false} />
          <Bar dataKey="withdrawals" name="Withdrawals" fill="#b3261e" isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        title="Players per day"
        summary={`Active, new and first-time depositing players from ${first} to ${last}.`}
      >
        <LineChart data={points} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="active"
            name="Active"
            stroke="#1f5fbf"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="newPlayers"
            name="New"
            stroke="#f2a900"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="firstDepositors"
            name="First deposit"
            stroke="#1e7a3c"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartFigure>
    </div>
  );
};

export default DashboardCharts;
